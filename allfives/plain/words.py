"""Tiles, ends and moves said as words a speech synthesizer reads well: `six four`, `double six`,
`six blank`, `on the west end`.

Why words, not `6-4`: a synthesizer reads `6-4` as "six minus four", "six to four" or a date, `5-0`
as "fifty" or "five oh", and `W` as a letter it spells; the game's own words ("double six", "blank",
"west") leave it nothing to guess, and a braille display shows them as plainly. The higher half
comes first, as the game writes a tile; a double is a "double", as players call it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from allfives.engine import Tile
from allfives.i18n import ENDS, MARK_CLOSE, MARK_OPEN, end_letter, end_name, pgettext


def pip_word(n: int) -> str:
    """A half's number as a word: `blank` for none (the game's word), `one` ... `six`."""
    return (pgettext("pips", "blank"), pgettext("pips", "one"), pgettext("pips", "two"),
            pgettext("pips", "three"), pgettext("pips", "four"), pgettext("pips", "five"),
            pgettext("pips", "six"))[n]


def double_word(n: int) -> str:
    """A double as players say it: `double six` (a message each: a language may inflect the number)."""
    return (pgettext("tile", "double blank"), pgettext("tile", "double one"), pgettext("tile", "double two"),
            pgettext("tile", "double three"), pgettext("tile", "double four"),
            pgettext("tile", "double five"), pgettext("tile", "double six"))[n]


def say_tile(tile: Tile) -> str:
    """`six four`, `five blank`, `double six`."""
    if tile.is_double:
        return double_word(tile.high)
    return pgettext("tile", "{high} {low}").format(high=pip_word(tile.high), low=pip_word(tile.low))


def end_word(end: str) -> str:
    """An end named on its own, as the language names it (`West`, `Oost`): a list of ends, a prompt."""
    return end_name(end)


def on_end(end: str) -> str:
    """Where a tile goes: `on the west end` (a message each: a language may say each end its own way)."""
    return {"W": pgettext("play", "on the west end"), "E": pgettext("play", "on the east end"),
            "N": pgettext("play", "on the north end"), "S": pgettext("play", "on the south end")}[end]


def short_end(end: str) -> str:
    """An end in a brief sentence, after a tile (`six four west`): a message each, in the form the
    language puts there."""
    return {"W": pgettext("brief end", "west"), "E": pgettext("brief end", "east"),
            "N": pgettext("brief end", "north"), "S": pgettext("brief end", "south")}[end]


def and_list(items: Sequence[str]) -> str:
    """`a, b and c`."""
    if len(items) <= 1:
        return "".join(items)
    return pgettext("list", "{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def or_list(items: Sequence[str]) -> str:
    """`a, b or c`."""
    if len(items) <= 1:
        return "".join(items)
    return pgettext("list", "{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def sentence(text: str) -> str:
    """A line that may begin with a tile begins with a capital, as a sentence does (`Six four fits ...`)."""
    return text[:1].upper() + text[1:]


def say_tiles(tiles: Iterable[Tile]) -> str:
    """A row of tiles: `double six, five blank and three two`."""
    return and_list([say_tile(t) for t in tiles])


def say_ends(ends: Iterable[str]) -> str:
    """`West or East`: the ends a tile may go on."""
    return or_list([end_word(e) for e in ends])


_MOVE = re.compile(r"([0-6])-([0-6])(?: ([WENS]))?")


def say_move(move: str) -> str:
    """A move as records write it (`6-4 E`, `5-3`, `draw`, `pass`) said as words: `six four on the
    east end`; a lead has no end. Anything else is returned as it came."""
    if move == "draw":
        return pgettext("plain move", "a draw")
    if move == "pass":
        return pgettext("plain move", "a pass")
    found = _MOVE.fullmatch(move)
    if found is None:
        return move
    tile = say_tile(Tile((int(found[1]), int(found[2]))))
    return pgettext("plain move", "{tile} {where}").format(tile=tile, where=on_end(found[3])) if found[3] \
        else tile


def spoken(text: str) -> str:
    """A line made for the screen (the review's reasons, a hint's, a refusal) with its tiles said as
    words: `6-4 E` (an end by this language's letter) becomes `six four on the east end`, `6-6` `double
    six`. The line's own words stay the review's: nothing is worded twice."""
    letters = {end_letter(end).strip(MARK_OPEN + MARK_CLOSE): end for end in ENDS}
    pattern = re.compile(r"(?<![\w-])([0-6])-([0-6])(?![\w-])(?: (" + "|".join(map(re.escape, letters))
                         + r")(?!\w))?")

    def said(found: re.Match[str]) -> str:
        tile = say_tile(Tile((int(found[1]), int(found[2]))))
        if found[3] is None:
            return tile
        return pgettext("plain move", "{tile} {where}").format(tile=tile, where=on_end(letters[found[3]]))

    return pattern.sub(said, text)
