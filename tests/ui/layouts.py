"""Layouts from readable strings, for tests that need no Textual."""

from allfives.engine import Layout, core


def build(plays: str) -> Layout:
    """A layout from plays written `"5-5 5-3:E 3-1:E"` (the first one leads)."""
    lay = core.Layout()
    for play in plays.split():
        tile, _, end = play.partition(":")
        a, b = (int(p) for p in tile.split("-"))
        lay.place(core.TILE_ID[(a, b)], core.END_NAMES.index(end) if end else core.LEAD)
    return Layout.from_core(lay)
