"""What a player types in plain mode, read: the commands, each by its English word, its letter (`p`) or
the word of the language spoken (`speel`), any of them shortened while it stays unique, and a play's
tile and end (`play 5-0 east`, `p 50 e`). Pure: what is typed is only ever compared, never run.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from allfives.engine import Tile
from allfives.i18n import ENDS, MARK_CLOSE, MARK_OPEN, end_for_letter, end_name, pgettext

from .words import or_list, pip_word, say_tile, short_end

Phase = Literal["turn", "over", "saved"]  # the person's turn; the game over; a saved game to go on with
LONGEST = 200  # characters a command line may have: a command is a few words
TURN: frozenset[Phase] = frozenset({"turn"})


@dataclass(frozen=True)
class Command:
    """One command: its English word (which always works), its one-letter short form, and when it
    may be given."""

    name: str
    short: str
    phases: frozenset[Phase]

    @property
    def word(self) -> str:
        """The command's word in the language spoken (English: its name)."""
        return own_word(self.name)


COMMANDS = (
    Command("play", "p", TURN),
    Command("draw", "d", TURN),
    Command("hand", "h", TURN),
    Command("ends", "e", TURN),
    Command("score", "s", frozenset({"turn", "over"})),
    Command("hint", "", TURN),
    Command("undo", "u", TURN),
    Command("repeat", "r", frozenset({"turn", "over"})),
    Command("verbose", "v", frozenset({"turn", "over"})),
    Command("review", "", frozenset({"over"})),
    Command("new", "n", frozenset({"over", "saved"})),
    Command("resume", "", frozenset({"saved"})),
    Command("help", "?", frozenset({"turn", "over", "saved"})),
    Command("quit", "q", frozenset({"turn", "over", "saved"})),
)
BY_NAME = {command.name: command for command in COMMANDS}


def own_word(name: str) -> str:
    """A command's word in the language spoken; English's is its name."""
    word = {"play": pgettext("command", "play"), "draw": pgettext("command", "draw"),
            "hand": pgettext("command", "hand"), "ends": pgettext("command", "ends"),
            "score": pgettext("command", "score"), "hint": pgettext("command", "hint"),
            "undo": pgettext("command", "undo"), "repeat": pgettext("command", "repeat"),
            "review": pgettext("command", "review"), "new": pgettext("command", "new"),
            "verbose": pgettext("command", "verbose"),
            "resume": pgettext("command", "resume"), "help": pgettext("command", "help"),
            "quit": pgettext("command", "quit")}[name]
    return word.strip(MARK_OPEN + MARK_CLOSE)


def help_line(name: str) -> str:
    """What a command does, in a line (its example in the language's own words)."""
    return {
        "play": pgettext("help", "play five blank west, or p 5 0 w: play a tile on an end; leave the end "
                                 "out when the tile fits only one."),
        "draw": pgettext("help", "draw, or d: draw from the boneyard until a tile fits."),
        "hand": pgettext("help", "hand, or h: your tiles, and what each one you may play scores where."),
        "ends": pgettext("help", "ends, or e: the open ends and what they add up to."),
        "score": pgettext("help", "score, or s: the score, and the tiles in each hand and in the boneyard."),
        "hint": pgettext("help", "hint: what the hard bot would play, and why (play alone then plays "
                                 "it); the game is practice then."),
        "undo": pgettext("help", "undo, or u: take back your last play and the moves after it; the game is "
                                 "practice then."),
        "repeat": pgettext("help", "repeat, or r: say again what happened since your last move."),
        "verbose": pgettext("help", "verbose, or v: every event in full and your hand at every turn, or "
                                    "again brief; kept for the next game."),
        "review": pgettext("help", "review: the mistakes of this game, as the hard bot sees them."),
        "new": pgettext("help", "new, or n: a new game with the same seats."),
        "resume": pgettext("help", "resume: go on with the saved game."),
        "help": pgettext("help", "help, or ?: these lines."),
        "quit": pgettext("help", "quit, or q: stop here; the game is saved, and allfives --plain picks it "
                                 "up."),
    }[name]


def folded(text: str) -> str:
    """`Mão` and `mao`, `POMOČ` and `pomoc` read alike: case and accents are not what a player means."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def available(phase: Phase) -> tuple[Command, ...]:
    return tuple(c for c in COMMANDS if phase in c.phases)


def names_of(commands: Iterable[Command]) -> str:
    """`play, draw, hand or quit`: commands as the language calls them, for a line saying what is possible."""
    return or_list([c.word for c in commands])


@dataclass(frozen=True)
class Found:
    """What the first word of a line names: one command, several it may be (a prefix of each), or none;
    `elsewhere`: a command that exists but is not for now."""

    command: Command | None = None
    several: tuple[Command, ...] = ()
    elsewhere: Command | None = None


def find(word: str, phase: Phase) -> Found:
    """The command a typed word names now: its short form, its English or own word whole, or the start
    of exactly one of those words."""
    typed = folded(word)
    if not typed:
        return Found()
    now = available(phase)

    def words(c: Command) -> set[str]:
        return {folded(c.name), folded(c.word)}

    for c in now:
        if typed == c.short or typed in words(c):
            return Found(command=c)
    started = tuple(c for c in now if any(w.startswith(typed) for w in words(c)))
    if len(started) == 1:
        return Found(command=started[0])
    if started:
        return Found(several=started)
    other = next((c for c in COMMANDS if typed == c.short or typed in words(c)), None)
    return Found(elsewhere=other)


# -- a play's words ----------------------------------------------------------------------------------------

_TILE = re.compile(r"([0-6])\s*[-/.,:]?\s*([0-6])")


@dataclass(frozen=True)
class PlayWords:
    """What `play` was told: a tile (or none), an end (or none), or a word it could not read."""

    tile: Tile | None = None
    end: str | None = None
    not_a_tile: str | None = None
    not_an_end: str | None = None


def end_named(word: str) -> str | None:
    """The end (W/E/N/S) a word names: the language's name or letter (`oost`, `o` in Dutch), or the
    English name; any case, accents or not."""
    typed = folded(word)
    for end in ENDS:
        if typed in (folded(end_name(end).strip(MARK_OPEN + MARK_CLOSE)),
                     folded({"W": "west", "E": "east", "N": "north", "S": "south"}[end])):
            return end
    return end_for_letter(typed) if len(typed) == 1 else None


ENGLISH_PIPS = ("blank", "one", "two", "three", "four", "five", "six")


def tile_names() -> dict[str, Tile]:
    """Every tile by the words a player may type for it, folded: as the game says it (`six four`,
    `double six`), the halves the other way round (`four six`), and in English whatever is spoken."""
    names: dict[str, Tile] = {}
    for high in range(7):
        for low in range(high + 1):
            tile = Tile((high, low))
            said = [say_tile(tile), f"{pip_word(low)} {pip_word(high)}",
                    f"{ENGLISH_PIPS[high]} {ENGLISH_PIPS[low]}", f"{ENGLISH_PIPS[low]} {ENGLISH_PIPS[high]}"]
            if high == low:
                said.append(f"double {ENGLISH_PIPS[high]}")
            for words in said:
                names.setdefault(" ".join(folded(words.strip(MARK_OPEN + MARK_CLOSE)).split()), tile)
    return names


def tile_in_words(rest: str) -> tuple[Tile, str] | None:
    """The tile named in words at the start of `rest` (`six four west`), and what follows it."""
    words = folded(rest).split()
    names = tile_names()
    for n in (3, 2):  # (the longest name first: a language may say a double in three words)
        tile = names.get(" ".join(words[:n]))
        if tile is not None and len(words) >= n:
            return tile, " ".join(rest.split()[n:])
    return None


def play_words(rest: str) -> PlayWords:
    """`five blank east`, `5-0 east`, `50 e`, `5 0`, `east` (the tile left out), `` (both left out)."""
    rest = rest.strip()
    tile = None
    found = _TILE.match(rest)
    named = tile_in_words(rest) if found is None else None
    if found is not None and (found.end() == len(rest) or rest[found.end()].isspace()):
        tile = Tile((int(found[1]), int(found[2])))
        rest = rest[found.end():].strip()
    elif named is not None:
        tile, rest = named
    elif rest[:1].isdigit() or (len(rest.split()) > 1 and end_named(rest.split()[0]) is None):
        return PlayWords(not_a_tile=rest.split()[0] if rest[:1].isdigit() else " ".join(rest.split()[:2]))
    if not rest:
        return PlayWords(tile=tile)
    words = rest.split()
    end = end_named(words[0])
    if end is None or len(words) > 1:
        return PlayWords(tile=tile, not_an_end=words[0] if end is None else words[1])
    return PlayWords(tile=tile, end=end)


def completions(text: str, line: str, phase: Phase, tiles: Sequence[str],
                ends_of: Callable[[Tile], Sequence[str]]) -> list[str]:
    """What Tab may complete `text` to, at the end of `line` as typed so far: a command's word first, then
    for `play` a tile it may play, in words as the game says it (`tiles`: `six four`; the rest of its
    words from the one being typed), then an end that tile fits (`ends_of`), in words too."""
    before = line[:len(line) - len(text)].split()
    typed = folded(text)
    if not before:
        words = [w for c in available(phase) for w in dict.fromkeys((c.word, c.name))]
        return [w + " " for w in words if folded(w).startswith(typed)]
    if find(before[0], phase).command is not BY_NAME["play"]:
        return []
    so_far = " ".join(folded(w) for w in [*before[1:], text])
    named = [t for t in tiles if folded(t).startswith(so_far)]
    if named:
        return [" ".join(t.split()[len(before) - 1:]) + " " for t in named]
    found = play_words(" ".join(before[1:]))
    if found.tile is None or found.end is not None or found.not_a_tile or found.not_an_end:
        return []
    names = [short_end(e).strip(MARK_OPEN + MARK_CLOSE) for e in ends_of(found.tile)]
    return [n for n in names if folded(n).startswith(typed)]
