"""What the board widget draws: where each tile and open-end marker sits, and how two pictures differ."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from allfives.engine import Tile

from .cells import Rect, halves_of

if TYPE_CHECKING:
    from .chains import Run


@dataclass(frozen=True)
class Glyphs:
    """Sizes of the drawn pieces: a lying tile, a standing tile and an open-end marker."""

    lying: tuple[int, int]
    standing: tuple[int, int]
    marker: tuple[int, int]


SMALL = Glyphs(lying=(5, 1), standing=(3, 2), marker=(4, 1))  # ▐5│3▌   ▗5▖/▝3▘   ‹W5›
LARGE = Glyphs(lying=(9, 3), standing=(5, 5), marker=(5, 3))  # boxed tiles for roomy boards


@dataclass(frozen=True)
class TileSpot:
    """One tile on screen; `halves` are its pips in screen order, (left, right) or (top, bottom)."""

    tile: Tile
    arm: str  # "lead", "W", "E", "N", "S"
    index: int  # index in the arm, -1 for the lead
    x: int
    y: int
    width: int
    height: int
    vertical: bool  # standing (halves top/bottom) rather than lying (halves left/right)
    halves: tuple[int, int]
    spinner: bool

    @property
    def rect(self) -> Rect:
        return (self.x, self.y, self.width, self.height)

    @property
    def key(self) -> tuple[str, int]:
        return (self.arm, self.index)

    def half_rects(self) -> tuple[Rect, Rect]:
        """The cells of each half, in the order of `halves`; a middle separator belongs to neither."""
        return halves_of(self.rect, self.vertical)


@dataclass(frozen=True)
class EndSpot:
    """The clickable marker of an open end, where the next tile on that end would go."""

    end: str  # "W", "E", "N", "S"
    pip: int  # the value this end accepts
    x: int
    y: int
    width: int
    height: int

    @property
    def rect(self) -> Rect:
        return (self.x, self.y, self.width, self.height)


@dataclass(frozen=True)
class BoardPicture:
    """The whole layout placed in a `width` x `height` area; `fits` is False if it overflowed.

    `runs` and `clockwise` say how each chain was drawn, so the next play can go on from its tip;
    `held` keeps room for the spinner's closed ends; `before` is the picture this one grew from (an
    undone play finds its picture again there).
    """

    tiles: tuple[TileSpot, ...]
    ends: tuple[EndSpot, ...]
    width: int
    height: int
    fits: bool
    glyphs: Glyphs  # the tile style it is drawn in
    runs: tuple[Run, ...] = ()
    held: tuple[EndSpot, ...] = ()  # room kept for the markers of N and S while they are closed
    clockwise: bool = True
    before: BoardPicture | None = field(default=None, compare=False, repr=False)

    def moved_from(self, other: BoardPicture) -> bool:
        """Some tile of `other` is drawn elsewhere here (moved, turned or resized)."""
        spots = {t.key: t for t in self.tiles}
        return any(spots.get(t.key) != t for t in other.tiles)

    def reshaped_from(self, other: BoardPicture) -> bool:
        """The tiles of `other` are not all where they were, shifted alike: the board changed shape."""
        spots = {t.key: t for t in self.tiles}
        if not other.tiles or any(t.key not in spots for t in other.tiles):
            return True
        first = other.tiles[0]
        dx, dy = spots[first.key].x - first.x, spots[first.key].y - first.y
        return any(spots[t.key] != _moved(t, dx, dy) for t in other.tiles)


def in_end_order(ends: list[EndSpot]) -> tuple[EndSpot, ...]:
    """W, E, N, S: a picture lists its markers the same way however they were laid."""
    order = "WENS"
    return tuple(sorted(ends, key=lambda e: order.index(e.end)))


def in_table_order(tiles: list[TileSpot]) -> tuple[TileSpot, ...]:
    """The lead, then each arm outward: a picture lists its tiles the same way however they were laid."""
    order = ("lead", "W", "E", "N", "S")
    return tuple(sorted(tiles, key=lambda t: (order.index(t.arm), t.index)))


def _moved(spot: TileSpot, dx: int, dy: int) -> TileSpot:
    return TileSpot(spot.tile, spot.arm, spot.index, spot.x + dx, spot.y + dy, spot.width, spot.height,
                    spot.vertical, spot.halves, spot.spinner)
