"""Dominoes drawn as text: pip faces in three rows, small faces, face-down backs (pure Rich, no widgets)."""

from __future__ import annotations

from typing import Literal

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

FACE = Style(color="#1d1b16", bgcolor="#efe6cf")
FACE_DIVIDER = Style(color="#9c9178", bgcolor="#efe6cf")
DIM = Style(color="#6f6a5e", bgcolor="#4a463d")
DIM_DIVIDER = Style(color="#5d594f", bgcolor="#4a463d")
SELECTED = Style(color="#1d1b16", bgcolor="#ffd866")
SELECTED_DIVIDER = Style(color="#a08a3a", bgcolor="#ffd866")
HINT = Style(color="#10222a", bgcolor="#8fd3e8")
HINT_DIVIDER = Style(color="#4d8797", bgcolor="#8fd3e8")
BACK = Style(color="#3f7f5f", bgcolor="#1f4d3a")

LOOKS = {
    "face": (FACE, FACE_DIVIDER),
    "dim": (DIM, DIM_DIVIDER),
    "selected": (SELECTED, SELECTED_DIVIDER),
    "hint": (HINT, HINT_DIVIDER),
}


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


def tile_rows(tile: Tile, size: Size, look: str = "face") -> list[Text]:
    """Three rows of text, the higher half on the left, in the look asked for."""
    face, divider = LOOKS[look]
    rows = []
    for row in range(3):
        text = Text()
        text.append(_half(tile.high, row, size), face)
        text.append("│", divider)
        text.append(_half(tile.low, row, size), face)
        rows.append(text)
    return rows


def back_rows(size: Size) -> list[Text]:
    """A face-down tile: the same footprint, a green back."""
    width = tile_width(size)
    return [Text("░" * width, BACK) for _ in range(3)]


def small_tile(tile: Tile, look: str = "face") -> Text:
    """A one-row tile such as `5│3`, for panels and the score sheet."""
    face, divider = LOOKS[look]
    text = Text()
    text.append(f" {tile.high}", face)
    text.append("│", divider)
    text.append(f"{tile.low} ", face)
    return text


def backs(count: int, limit: int = 12) -> Text:
    """`count` face-down tiles in a row (at most `limit`, then a number)."""
    text = Text()
    for i in range(min(count, limit)):
        if i:
            text.append(" ")
        text.append("▮▮", Style(color="#3f9a6f"))
    if count > limit:
        text.append(f" +{count - limit}", Style(color="#3f9a6f"))
    return text
