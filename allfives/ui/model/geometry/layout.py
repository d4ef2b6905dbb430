"""`layout_board`: a layout's picture, the one before kept, grown by the play, or laid out afresh."""

from __future__ import annotations

from allfives.engine import Layout

from .fresh import fresh_picture
from .grow import grown_picture, known_picture, new_links
from .picture import LARGE, SMALL, BoardPicture, Glyphs


def layout_board(layout: Layout, width: int, height: int, previous: BoardPicture | None = None,
                 largest: Glyphs = LARGE) -> BoardPicture:
    """Place every tile of `layout` and a marker for each open end inside a width x height area.

    With `previous`, the picture of this board a play ago at the same size, the tiles already down
    stay where they are whenever the new ones can be fitted around them. Tiles are as large as fits,
    never larger than `largest` nor than `previous` had them (a hand that has gone compact stays so).
    """
    if layout.lead is None:
        return BoardPicture((), (), width, height, True, largest)
    if width <= 0 or height <= 0:  # no room at all (a board not laid out yet)
        return BoardPicture((), (), width, height, False, SMALL)
    before = None
    if previous is not None and previous.runs and (previous.width, previous.height) == (width, height):
        known = known_picture(previous, layout)
        if known is not None:
            return known
        new = new_links(previous, layout)
        if new is not None:
            grown = grown_picture(previous, layout, new)
            if grown is not None:
                return grown
            before = previous
            if previous.glyphs is SMALL:
                largest = SMALL
    return fresh_picture(layout, width, height, largest, before)
