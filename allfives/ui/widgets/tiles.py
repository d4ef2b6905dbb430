"""Dominoes drawn as text: pip faces in three rows, small faces, face-down backs (pure Rich, no widgets).

The colours are the caller's: widgets pass in the styles of their component classes (the theme's).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text

from allfives.engine import Tile

Size = Literal["large", "medium", "compact", "tiny"]
SIZES: tuple[Size, ...] = ("large", "medium", "compact", "tiny")

# Which cells of a 3x3 grid hold a pip, for 0..6.
PIP_CELLS: dict[int, frozenset[tuple[int, int]]] = {
    0: frozenset(),
    1: frozenset({(1, 1)}),
    2: frozenset({(0, 0), (2, 2)}),
    3: frozenset({(0, 0), (1, 1), (2, 2)}),
    4: frozenset({(0, 0), (0, 2), (2, 0), (2, 2)}),
    5: frozenset({(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)}),
    6: frozenset({(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)}),
}
PIP = "●"

TileLook = tuple[Style, Style]  # the face (pips) and the divider between the halves: the widget's colours


def tile_width(size: Size) -> int:
    return {"large": 15, "medium": 11, "compact": 7, "tiny": 3}[size]


def _half(pips: int, row: int, size: Size) -> str:
    cells = PIP_CELLS[pips]
    if size == "tiny":
        return str(pips) if row == 1 else " "
    glyphs = [PIP if (row, col) in cells else " " for col in range(3)]
    if size == "large":
        return " " + " ".join(glyphs) + " "
    if size == "medium":
        return " " + "".join(glyphs) + " "
    return "".join(glyphs)


def tile_rows(tile: Tile, size: Size, look: TileLook) -> list[Text]:
    """Three rows of text, the higher half on the left, in the look given."""
    face, divider = look
    rows = []
    for row in range(3):
        text = Text()
        text.append(_half(tile.high, row, size), face)
        text.append("│", divider)
        text.append(_half(tile.low, row, size), face)
        rows.append(text)
    return rows


def back_rows(size: Size, back: Style) -> list[Text]:
    """A face-down tile: the same footprint, its back."""
    width = tile_width(size)
    return [Text("░" * width, back) for _ in range(3)]


def small_tile(tile: Tile, look: TileLook) -> Text:
    """A one-row tile such as `5│3`, for panels and the score sheet."""
    face, divider = look
    text = Text()
    text.append(f" {tile.high}", face)
    text.append("│", divider)
    text.append(f"{tile.low} ", face)
    return text


class SmallTiles:
    """One-row tiles side by side, a space apart, for a table's cell: where the cell is too narrow they
    wrap between two tiles, never inside one, and every line begins at the cell's edge (text wrapping
    would drop the space a tile's face begins with, and start the next line a cell to the left)."""

    def __init__(self, tiles: Sequence[Tile], look: TileLook) -> None:
        self.tiles = [small_tile(t, look) for t in tiles]

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [t.cell_len for t in self.tiles]
        if not widths:
            return Measurement(0, 0)
        return Measurement(max(widths), sum(widths) + len(widths) - 1).clamp(max_width=options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines: list[Text] = []
        for tile in self.tiles:
            if lines and lines[-1].cell_len + 1 + tile.cell_len <= options.max_width:
                lines[-1].append(" ")
                lines[-1].append_text(tile)
            else:
                lines.append(tile.copy())
        for line in lines:
            line.no_wrap, line.overflow = True, "crop"  # (narrower than one tile: cut, never broken)
        yield from lines


def backs(count: int, style: Style, limit: int = 12) -> Text:
    """`count` face-down tiles in a row (at most `limit`, then a number)."""
    text = Text()
    for i in range(min(count, limit)):
        if i:
            text.append(" ")
        text.append("▮▮", style)
    if count > limit:
        text.append(f" +{count - limit}", style)
    return text
