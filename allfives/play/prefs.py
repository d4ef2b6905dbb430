"""The player's preferences kept between launches (name, theme, language, the last game's setup, bot
speed, hand order, whether the lesson was offered) in a small TOML file in the user's config dir.

Read with `tomllib`, written whole or not at all (userdata.write_atomically) by the tiny writer here:
the file holds flat tables of text, whole numbers, numbers and true/false, nothing more. Every value is
checked on the way in as the game's own doors check it (a name by `allfives.names.player_name`, a level
against the bots' levels, a target against the game's bounds): a value that fails is left out, and said
so, the rest kept. A file that cannot be read as TOML is set aside (prefs.damaged-<time>.toml), like a
save that cannot be read; nothing here ever stops the game from starting.
"""

from __future__ import annotations

import math
import os
import re
import stat
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from allfives.bots import levels as bot_levels
from allfives.engine import options
from allfives.engine.core import MAX_TARGET, VARIANTS
from allfives.engine.values import describe
from allfives.i18n import LANGUAGES, N_, _
from allfives.names import YOU, player_name, visible
from allfives.userdata import config_dir, write_atomically

PREFS_NAME = "prefs.toml"
MAX_PREFS_BYTES = 64 * 1024  # a few hundred bytes in use: anything this big is not ours
MAX_BOT_DELAY = 10.0  # the bounds `--bot-delay` has
SEATS = (2, 3, 4)
THEME_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")  # Textual's theme names, ours among them
HAND_ORDER = re.compile(r"[a-z][a-z0-9_-]{0,19}")  # the UI says which orders it knows
HEADER = "# allfives preferences: written by allfives as you play. A value it cannot use is ignored.\n"


@dataclass(frozen=True)
class LastGame:
    """The setup the new-game screen starts from: the last game's, as chosen there (or by flags)."""

    seats: int = 2
    who: tuple[str, ...] = ("person", bot_levels.DEFAULT_LEVEL)  # per seat: "person" or a bot level
    names: tuple[str, ...] = ("", "")  # per seat: the name a person gave ("" for none, and for a bot)
    partnership: bool = True  # (four seats only)
    variant: str = "standard"
    target: int | None = None  # None: the usual target for the seats
    house_rules: frozenset[str] = frozenset()  # the house rules played (engine/options.py's keys)

    def plays(self, key: str) -> bool:
        """Whether the house rule of this key was played."""
        return key in self.house_rules


@dataclass(frozen=True)
class Prefs:
    """What the player chose last time; None for what they never chose (the game's default)."""

    name: str | None = None  # the player's own name (the first person's at the last game)
    theme: str | None = None
    bot_delay: float | None = None
    hand_order: str | None = None  # how the hand is sorted (the hand widget names the orders)
    language: str | None = None  # one of allfives.i18n.LANGUAGES, as chosen on the new-game screen
    last_game: LastGame | None = None
    # [anywhere]: the wormhole's servers (`mailbox`, `transit`), as the player wrote them; net/anywhere
    # checks each where it is used (and says so there), this file only that it is short text
    anywhere: tuple[tuple[str, str], ...] = ()
    learn_offered: bool | None = None  # the first launch offered the lesson (it is offered once)
    plain_verbose: bool | None = None  # plain mode tells every event in full (its `verbose`), not in brief


@dataclass(frozen=True)
class PrefsOutcome:
    """The preferences read, and what to tell the player about the file (None: all was well)."""

    prefs: Prefs = field(default_factory=Prefs)
    problem: str | None = None


# -- reading ------------------------------------------------------------


def prefs_from(data: dict[str, Any]) -> tuple[Prefs, list[str]]:
    """Preferences from a parsed file, and a line for each value refused (the others are kept)."""
    refused: list[str] = []

    def take(table: dict[str, Any], key: str, check: Any, where: str = "") -> Any:
        if key not in table:
            return None
        try:
            return check(table[key])
        except ValueError as e:
            refused.append(f"{where}{key}: {e}")
            return None

    name = take(data, "name", own_name)
    theme = take(data, "theme", lambda v: matching(v, THEME_NAME, N_("a theme's name")))
    delay = take(data, "bot_delay", bot_delay)
    order = take(data, "hand_order", lambda v: matching(v, HAND_ORDER, N_("a hand order")))
    language = take(data, "language", language_code)
    offered = take(data, "learn_offered", true_or_false)
    verbose = take(data, "plain_verbose", true_or_false)
    last = None
    table = data.get("last_game")
    if isinstance(table, dict):
        last = last_game_from(table, refused)
    elif table is not None:
        refused.append("last_game: " + _("must be a table, found {found}").format(found=describe(table)))
    return Prefs(name=name, theme=theme, bot_delay=delay, hand_order=order, language=language,
                 last_game=last, anywhere=anywhere_from(data.get("anywhere"), refused),
                 learn_offered=offered, plain_verbose=verbose), refused


ANYWHERE_KEYS = ("mailbox", "transit")


def anywhere_from(table: object, refused: list[str]) -> tuple[tuple[str, str], ...]:
    """The [anywhere] table's servers: short text under the keys it knows (net/anywhere checks the rest)."""
    if table is None:
        return ()
    if not isinstance(table, dict):
        refused.append("anywhere: " + _("must be a table, found {found}").format(found=describe(table)))
        return ()
    kept = []
    for key, value in table.items():
        if key not in ANYWHERE_KEYS:
            refused.append(f"anywhere.{visible(str(key))[:40]}: " + _("must be one of {choices}").format(
                choices=", ".join(ANYWHERE_KEYS)))
        elif not isinstance(value, str) or not 0 < len(value) <= 200 or not value.isprintable():
            refused.append(f"anywhere.{key}: " + _("must be a server's address, found {found}").format(
                found=describe(value)))
        else:
            kept.append((key, value))
    return tuple(kept)


def last_game_from(table: dict[str, Any], refused: list[str]) -> LastGame | None:
    """The last game's setup, a field refused at a time: a seat that cannot be read is a default one."""
    seats = table.get("seats")
    if type(seats) is not int or seats not in SEATS:
        refused.append("last_game.seats: " + _("must be 2, 3 or 4, found {found}").format(
            found=describe(seats)))
        return None  # (everything else is per seat)
    default = LastGame()
    who, names = [], []
    kinds = ("person", *bot_levels.LEVELS)  # what sits in a seat: a person, or a bot of a level
    for seat in range(1, seats + 1):
        fallback = "person" if seat == 1 else bot_levels.DEFAULT_LEVEL
        kind = table.get(f"seat_{seat}", fallback)
        if kind not in kinds:
            refused.append(f"last_game.seat_{seat}: " + _("must be one of {choices}, found {found}").format(
                choices=", ".join(kinds), found=describe(kind)))
            kind = fallback
        who.append(kind)
        name = table.get(f"name_{seat}", "")
        if name != "" and kind == "person":
            try:
                name = own_name(name) or ""
            except ValueError as e:
                refused.append(f"last_game.name_{seat}: {e}")
                name = ""
        names.append(name if kind == "person" else "")

    def flag(key: str, fallback: bool) -> bool:
        value = table.get(key, fallback)
        if not isinstance(value, bool):
            refused.append(f"last_game.{key}: " + _("must be true or false, found {found}").format(
                found=describe(value)))
            return fallback
        return value

    variant = table.get("variant", "standard")
    if variant not in VARIANTS:
        refused.append("last_game.variant: " + _("must be one of {choices}, found {found}").format(
            choices=", ".join(VARIANTS), found=describe(variant)))
        variant = default.variant
    target = table.get("target")
    if target is not None and (isinstance(target, bool) or not isinstance(target, int)
                               or not 1 <= target <= MAX_TARGET):
        why = _("must be a whole number from 1 to {most}, found {found}")
        refused.append("last_game.target: " + why.format(most=MAX_TARGET, found=describe(target)))
        target = None
    return LastGame(seats=seats, who=tuple(who), names=tuple(names),
                    partnership=flag("partnership", default.partnership), variant=variant, target=target,
                    house_rules=frozenset(rule.key for rule in options.HOUSE_RULES if flag(rule.key, False)))


def own_name(value: object) -> str | None:
    """A name the player gave; the English stand-in "You" older versions kept is none (the default,
    said in the language spoken)."""
    return None if value == YOU else player_name(value)


def matching(value: object, pattern: re.Pattern[str], what: str) -> str:
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise ValueError(_("not {what}: {found}").format(what=_(what), found=describe(value)))
    return value


def language_code(value: object) -> str:
    if not isinstance(value, str) or value not in LANGUAGES:
        raise ValueError(_("must be one of {choices}, found {found}").format(
            choices=", ".join(LANGUAGES), found=describe(value)))
    return value


def true_or_false(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(_("must be true or false, found {found}").format(found=describe(value)))
    return value


def bot_delay(value: object) -> float:
    if (isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value)
            or not 0 <= value <= MAX_BOT_DELAY):
        raise ValueError(_("must be a number of seconds from 0 to {most}, found {found}").format(
            most=f"{MAX_BOT_DELAY:g}", found=describe(value)))
    return float(value)


# -- writing ------------------------------------------------------------


def to_toml(prefs: Prefs) -> str:
    """The file's text: the top-level choices, then [last_game]; what was never chosen is left out."""
    top = {"name": prefs.name, "theme": prefs.theme, "bot_delay": prefs.bot_delay,
           "hand_order": prefs.hand_order, "language": prefs.language, "learn_offered": prefs.learn_offered,
           "plain_verbose": prefs.plain_verbose}
    lines = [HEADER]
    lines += [f"{key} = {toml_value(value)}\n" for key, value in top.items() if value is not None]
    last = prefs.last_game
    if last is not None:
        lines.append("\n[last_game]\n")
        table: dict[str, object] = {"seats": last.seats}
        for seat, (kind, name) in enumerate(zip(last.who, last.names, strict=True), start=1):
            table[f"seat_{seat}"] = kind
            if name:
                table[f"name_{seat}"] = name
        table.update(partnership=last.partnership, variant=last.variant, target=last.target)
        table.update({rule.key: last.plays(rule.key) for rule in options.HOUSE_RULES})
        lines += [f"{key} = {toml_value(value)}\n" for key, value in table.items() if value is not None]
    if prefs.anywhere:
        lines.append("\n[anywhere]\n")
        lines += [f"{key} = {toml_value(value)}\n" for key, value in prefs.anywhere]
    return "".join(lines)


def toml_value(value: object) -> str:
    """One TOML value: a basic string (every control character escaped), a whole number, a finite
    number, or true/false. ValueError for anything else (this file holds nothing else)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"no TOML number for {value!r} here")
        return repr(value)
    if isinstance(value, str):
        out = []
        for char in value:
            if char in '"\\':
                out.append("\\" + char)
            elif ord(char) < 0x20 or ord(char) == 0x7F:
                out.append(f"\\u{ord(char):04X}")
            else:
                out.append(char)
        return '"' + "".join(out) + '"'
    raise ValueError(f"no TOML value for {type(value).__name__} here")


# -- the file ------------------------------------------------------------


class PrefsStore:
    """The preferences file: read once at start-up, written whole after each change."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory or config_dir()
        self.prefs = Prefs()
        self.frozen = False  # a file that could be neither read nor set aside: never written over

    @property
    def path(self) -> Path:
        return self.directory / PREFS_NAME

    def load(self) -> PrefsOutcome:
        """The preferences on disk (none yet: the defaults, no problem). Never raises."""
        try:
            text = self._read()
        except FileNotFoundError:
            return PrefsOutcome()
        except (OSError, UnicodeDecodeError, ValueError) as e:
            return self._set_aside(_why(e))
        import tomllib

        try:
            data = tomllib.loads(text)
        except (ValueError, RecursionError) as e:  # (TOMLDecodeError, or a number with 5,000 digits)
            return self._set_aside(_("not TOML: {why}").format(why=_why(e)))
        self.prefs, refused = prefs_from(data)
        problem = None
        if refused:
            shown = "; ".join(visible(line) for line in refused[:3]) + ("; …" if len(refused) > 3 else "")
            problem = _("Some preferences in {path} were ignored ({what}).").format(path=self.path,
                                                                                    what=shown[:300])
        return PrefsOutcome(self.prefs, problem)

    def saved_language(self) -> str | None:
        """The language the player chose, read before anything else runs (to speak from the first
        word): only that value, the file left as it is whatever it holds (load() says what is wrong)."""
        try:
            text = self._read()
        except (OSError, UnicodeDecodeError, ValueError):
            return None
        import tomllib  # (only once there is a file: a first launch never needs it)

        try:
            value = tomllib.loads(text).get("language")
        except (ValueError, RecursionError):
            return None
        return value if isinstance(value, str) and value in LANGUAGES else None

    def _read(self) -> str:
        """The file's text: never blocks nor reads without end (a FIFO, /dev/zero, a directory: refused)."""
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        fd = os.open(self.path, flags)
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise ValueError(_("not a regular file"))
            data = os.read(fd, MAX_PREFS_BYTES + 1)
        finally:
            os.close(fd)
        if len(data) > MAX_PREFS_BYTES:
            raise ValueError(_("larger than {n} KiB").format(n=MAX_PREFS_BYTES // 1024))
        return data.decode("utf-8")

    def _set_aside(self, why: str) -> PrefsOutcome:
        target = self.directory / f"prefs.damaged-{time.strftime('%Y%m%d-%H%M%S')}.toml"
        n = 1
        while os.path.lexists(target):
            n += 1
            target = target.with_name(f"prefs.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{n}.toml")
        try:
            os.replace(self.path, target)
        except OSError as e:
            self.frozen = True
            return PrefsOutcome(problem=_("Your preferences ({path}) could not be read ({why}) nor moved "
                                          "aside ({error}); the defaults are used and it is left as it is."
                                          ).format(path=self.path, why=why, error=e.strerror or e))
        return PrefsOutcome(problem=_("Your preferences could not be read ({why}). They were moved to "
                                      "{path} and the defaults are used.").format(why=why, path=target))

    def update(self, **changes: Any) -> str | None:
        """Keep these changes (fields of Prefs) and write the file; why it could not be written, or None."""
        self.prefs = replace(self.prefs, **changes)
        if self.frozen:
            return None
        try:
            write_atomically(self.path, to_toml(self.prefs), prefix=".prefs-")
        except (OSError, ValueError) as e:
            why = getattr(e, "strerror", None) or e
            return _("Your preferences could not be saved ({why}).").format(why=why)
        return None


def _why(e: BaseException) -> str:
    text = str(e).splitlines()[0] if str(e) else type(e).__name__
    return visible(getattr(e, "strerror", None) or text)[:120]
