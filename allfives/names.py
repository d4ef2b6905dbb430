"""The one rule for a player's name, kept at every door a name comes in by, and outside text made safe
for a terminal.

A name is typed on the new-game screen, given as a flag (`allfives join --name`, `allfives host
--name`), sent in a network hello, or read back from a record, a save or a saved table: every one
of those doors calls `player_name`, so a name the game holds is always one it can show. No Textual
here: the engine-free layers (the table server, the record readers) share it.
"""

from __future__ import annotations

import unicodedata

from allfives.i18n import N_, _

NAME_LENGTH = 20  # the most characters a name holds: the scoresheet makes room for it at 80x24
# What older versions stored for a person who gave no name (records, saves, preferences, the history):
# read back as no name at all, so it is said in the language spoken (`default_name`).
YOU = "You"

# Unicode categories a name may not hold: control, format (RTL overrides, zero-width joiners and
# spaces, the BOM), surrogates, private use and unassigned. Whitespace is folded before this check.
REFUSED = {"Cc": N_("a control character"), "Cf": N_("an invisible format character"),
           "Cs": N_("a surrogate"), "Co": N_("a private-use character"), "Cn": N_("an unassigned character")}
UNSEEN = {*REFUSED, "Zl", "Zp"}  # what `visible` writes out: those, and the line and paragraph separators


def player_name(raw: object) -> str:
    """`raw` as a player's name: whitespace runs folded to one space and trimmed, 1-NAME_LENGTH
    printable characters. ValueError (one line, saying why) for anything else.

    Applying it twice gives the same name: a name it returns passes it unchanged.
    """
    if not isinstance(raw, str):
        raise ValueError(_("a name must be text"))
    name = " ".join(raw.split())
    if not name:
        raise ValueError(_("a name cannot be blank"))
    for char in name:
        why = REFUSED.get(unicodedata.category(char))
        if why is not None:
            raise ValueError(_("a name cannot hold {what} ({code})").format(what=_(why),
                                                                            code=code_point(char)))
    if len(name) > NAME_LENGTH:
        raise ValueError(_("a name is at most {most} characters (this one has {n})").format(
            most=NAME_LENGTH, n=len(name)))
    return name


class NameRefused(ValueError):
    """A player's name, in a record, a save or a saved table, breaks the name rule: the one-line message
    names the player (by seat) and says why."""


def seat_name(raw: object, seat: int | None = None) -> str:
    """`raw` as the name of the player a record, a save or a saved table seats at `seat` (from 0), by the
    name rule; NameRefused, naming the player and why, for a name that breaks it."""
    try:
        return player_name(raw)
    except ValueError as e:
        raise NameRefused(_("{player} is refused: {why}").format(player=named(raw, seat), why=e)) from None


def check_players(players: object) -> None:
    """The names a record's `players` gives, each by the name rule: the door every record file comes in
    by (allfives.record_file) keeps it, so `allfives replay`, `review`, a save, a saved table and
    `--deals FILE` refuse the same names the same way (NameRefused for the first that breaks it).

    Only the names are checked here: a record without players, or with players of another shape, is
    left to its readers (a replay needs none; a review seats `Seat 1`...)."""
    if not isinstance(players, list):
        return
    for seat, player in enumerate(players):
        if isinstance(player, dict) and "name" in player:
            seat_name(player["name"], seat)


def named(raw: object, seat: int | None = None) -> str:
    """`player 2's name "Eve…"`, for a message: the name as a terminal may show it, cut short."""
    who = (_("player {n}'s name").format(n=seat + 1) if seat is not None else _("a player's name"))
    if not isinstance(raw, str):
        return who
    shown = visible(raw)
    cut = shown[:NAME_LENGTH + 4] + ("…" if len(shown) > NAME_LENGTH + 4 else "")
    return _('{who} "{name}"').format(who=who, name=cut)


def default_name() -> str:
    """What the person alone with the bots is called until they give a name: "you" as a name in the
    language spoken now (`Jij`, `Você`). Drawn again in each language, never stored."""
    return _("You")


def given(raw: object) -> str | None:
    """A stored name as the name a person gave: None for none (absent, or the old English stand-in
    `YOU`). ValueError (one line) for a name that breaks the rule."""
    if raw is None or raw == YOU:
        return None
    return player_name(raw)


def code_point(char: str) -> str:
    """`U+202E`: how a character nobody can see is named in a message."""
    return f"U+{ord(char):04X}"


def visible(text: str) -> str:
    """`text` for a terminal: every character that could steer it (escape codes, a bell, an RTL
    override, a line break in what should be one line) written out as an escape, `\\x1b`, `\\u202e`."""
    if text.isprintable():  # (the common case: nothing to do)
        return text
    out = []
    for char in text:
        if unicodedata.category(char) in UNSEEN:
            point = ord(char)
            out.append(f"\\x{point:02x}" if point < 0x100 else
                       f"\\u{point:04x}" if point < 0x10000 else f"\\U{point:08x}")
        else:
            out.append(char)
    return "".join(out)


def record_names(players: object, seats: int) -> tuple[str, ...] | None:
    """The players' names as a record gives them (its `players`), for a text report to name the seats
    by (a person who gave none: `default_name`); None unless there is one for every seat, each passing
    the name rule, no two alike."""
    if not isinstance(players, list) or len(players) != seats:
        return None
    try:
        names = tuple(_record_name(p) for p in players)
    except ValueError:
        return None
    return names if len({name.lower() for name in names}) == seats else None


def _record_name(player: object) -> str:
    if not isinstance(player, dict):
        raise ValueError("not a player")
    if player.get("kind") == "person" and given(player.get("name")) is None:
        return default_name()
    return player_name(player.get("name"))


def seat_labels(players: object, seats: int) -> tuple[str, ...]:
    """Each seat as a text report names it: the player's name (`record_names`), else `seat 1`,
    `seat 2`... (counted from 1, as every screen counts them)."""
    return record_names(players, seats) or tuple(_("seat {n}").format(n=seat + 1) for seat in range(seats))


def count(n: int, what: str) -> str:
    """`1 tile`, `2 tiles`, `0 hands`: a number and its noun, in the plural unless it is one."""
    return f"{n} {what}{'' if n == 1 else 's'}"
