"""The player's hand: large pip tiles along the bottom; a click or Enter chooses one (Hand.TileChosen)."""

from __future__ import annotations

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from allfives.engine import Tile

from .tiles import SIZES, Size, back_rows, tile_rows, tile_width

GAP = 1


class Hand(Widget):
    """Tiles in a row; unplayable ones dimmed, the chosen one raised, the keyboard cursor underlined."""

    DEFAULT_CSS = """
    Hand { height: 4; width: 1fr; }
    """

    tiles: reactive[tuple[Tile, ...]] = reactive(())
    playable: reactive[frozenset[Tile]] = reactive(frozenset())
    selected: reactive[Tile | None] = reactive(None)
    hint: reactive[Tile | None] = reactive(None)
    cursor: reactive[int] = reactive(0)
    hidden: reactive[bool] = reactive(False)
    active: reactive[bool] = reactive(True)  # the person is to move: show which tiles fit

    class TileChosen(Message):
        """A tile of the hand was clicked or chosen with Enter."""

        def __init__(self, tile: Tile) -> None:
            super().__init__()
            self.tile = tile

    def size_for(self, width: int) -> Size:
        """The largest tile drawing that fits every tile in the width."""
        n = max(1, len(self.tiles))
        for size in SIZES:
            if n * (tile_width(size) + GAP) - GAP <= width:
                return size
        return "tiny"

    def tile_spans(self) -> list[tuple[int, int]]:
        """(x, width) of each tile inside the widget: what clicks and tests use."""
        width = self.size.width
        size = self.size_for(width)
        w = tile_width(size)
        total = len(self.tiles) * (w + GAP) - GAP
        x0 = max(0, (width - total) // 2)
        return [(x0 + i * (w + GAP), w) for i in range(len(self.tiles))]

    def index_at(self, x: int, y: int) -> int | None:
        if not 0 <= y < 3:
            return None
        for i, (x0, w) in enumerate(self.tile_spans()):
            if x0 <= x < x0 + w:
                return i
        return None

    def render(self) -> RenderableType:
        width = self.size.width
        size = self.size_for(width)
        spans = self.tile_spans()
        lines = [Text(" " * (spans[0][0] if spans else 0)) for _ in range(4)]
        for i, tile in enumerate(self.tiles):
            if self.hidden:
                rows = back_rows(size)
            else:
                look = "face"
                if tile == self.selected:
                    look = "selected"
                elif tile == self.hint:
                    look = "hint"
                elif self.active and tile not in self.playable:
                    look = "dim"
                rows = tile_rows(tile, size, look)
            for r in range(3):
                lines[r].append_text(rows[r])
                lines[r].append(" " * GAP)
            w = spans[i][1]
            if not self.hidden and self.active and i == self.cursor:
                lines[3].append("▀" * w, Style(color="#ffd866", bold=True))
            else:
                lines[3].append(" " * w)
            lines[3].append(" " * GAP)
        if not self.tiles:
            lines[1] = Text("(no tiles)", style="dim")
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        index = self.index_at(event.x, event.y)
        if index is not None and not self.hidden:
            self.cursor = index
            self.post_message(self.TileChosen(self.tiles[index]))

    def move_cursor(self, step: int) -> None:
        if self.tiles:
            self.cursor = (self.cursor + step) % len(self.tiles)

    def watch_tiles(self, tiles: tuple[Tile, ...]) -> None:
        if self.cursor >= len(tiles):
            self.cursor = max(0, len(tiles) - 1)
