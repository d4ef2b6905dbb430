"""The player's hand: large pip tiles along the bottom; a click chooses one (Hand.TileChosen), and a
click on its order (`o: by pips`, bottom right) lays it out the next way (Hand.OrderClicked).

As in Textual's DataTable, each face carries its tile in the style meta of its cells, and a click
reads the tile from there: what was clicked is what was drawn under the pointer.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from allfives.engine import Tile
from allfives.i18n import _
from allfives.ui.model.hand_order import ORDER_LABELS
from allfives.ui.model.view import HandView

from .parts import ThemedParts, component_classes
from .tiles import SIZES, Size, TileLook, back_rows, tile_rows, tile_width

GAP = 1


class Hand(ThemedParts, Widget):
    """Tiles in a row; unplayable ones dimmed, the chosen one raised, the keyboard cursor underlined."""

    PREFIX = "hand"
    PARTS = ("face", "face-divider", "dim", "dim-divider", "chosen", "chosen-divider", "hint", "hint-divider",
             "back", "cursor", "empty", "order")
    COMPONENT_CLASSES = component_classes(PREFIX, PARTS)

    DEFAULT_CSS = """
    Hand { height: 4; width: 1fr; }
    """

    view: reactive[HandView] = reactive(HandView)

    class TileChosen(Message):
        """A tile of the hand was clicked."""

        def __init__(self, tile: Tile) -> None:
            super().__init__()
            self.tile = tile

    class OrderClicked(Message):
        """The hand's order control was clicked: lay the hand out the next way."""

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return self.view.tiles

    @property
    def cursor(self) -> int:
        return self.view.cursor

    @property
    def hidden(self) -> bool:
        return self.view.hidden

    def size_for(self, width: int) -> Size:
        """The largest tile drawing that fits every tile in the width."""
        n = max(1, len(self.tiles))
        for size in SIZES:
            if n * (tile_width(size) + GAP) - GAP <= width:
                return size
        return "tiny"

    def tile_spans(self) -> list[tuple[int, int]]:
        """(x, width) of each tile inside the widget, centred: where it is drawn (and tests click)."""
        width = self.size.width
        w = tile_width(self.size_for(width))
        total = len(self.tiles) * (w + GAP) - GAP
        x0 = max(0, (width - total) // 2)
        return [(x0 + i * (w + GAP), w) for i in range(len(self.tiles))]

    def render(self) -> RenderableType:
        view = self.view
        size = self.size_for(self.size.width)
        spans = self.tile_spans()
        styles = self.parts()
        if not view.tiles:
            return Text("\n" + _("(no tiles)"), style=styles["empty"])
        looks: dict[str, TileLook] = {name: (styles[name], styles[f"{name}-divider"])
                                      for name in ("face", "dim", "chosen", "hint")}
        back, cursor = styles["back"], styles["cursor"]
        lines = [Text(" " * spans[0][0]) for _ in range(4)]
        for i, tile in enumerate(view.tiles):
            if view.hidden:
                rows = back_rows(size, back)
            else:
                look = "face"
                if tile == view.chosen:
                    look = "chosen"
                elif tile == view.hint:
                    look = "hint"
                elif view.active and tile not in view.playable:
                    look = "dim"
                rows = tile_rows(tile, size, looks[look])
                meta = Style.from_meta({"tile": tile.id})  # what a click on this face chooses
                for row in rows:
                    row.stylize(meta)
            for r in range(3):
                lines[r].append_text(rows[r])
                lines[r].append(" " * GAP)
            w = spans[i][1]
            if not view.hidden and view.active and i == view.cursor:
                lines[3].append("▀" * w, cursor)
            else:
                lines[3].append(" " * w)
            lines[3].append(" " * GAP)
        if not view.hidden and view.order is not None:
            self._draw_order(lines[3], styles["order"], spans[view.cursor] if view.active else None)
        return Text("\n").join(lines)

    def order_label(self) -> str:
        """The control under the hand's right end: the key and how the hand is laid out now."""
        return _("o: {order}").format(order=_(ORDER_LABELS[self.view.order or "dealt"]))

    def _draw_order(self, line: Text, style: Style, cursor: tuple[int, int] | None) -> None:
        """The order control in the bottom row, right-aligned, unless it would cover the cursor or touch
        it (with no space between, it reads as the cursor's, the tile's lower edge)."""
        label = self.order_label()
        width = self.size.width
        x = width - cell_len(label)
        if x < 0 or (cursor is not None and cursor[0] + cursor[1] + GAP > x):
            return
        line.truncate(x, pad=True)
        line.append(label, style + Style.from_meta({"order": True}))

    def on_click(self, event: events.Click) -> None:
        """The tile under the pointer, from the style meta its face was drawn with (a back has none),
        or the order control."""
        tile_id = event.style.meta.get("tile")
        event.stop()  # the hand's own: up the line nothing else acts on it
        if event.style.meta.get("order"):
            self.post_message(self.OrderClicked())
            return
        tile = next((t for t in self.tiles if t.id == tile_id), None)
        if tile is not None and not self.hidden:
            self.post_message(self.TileChosen(tile))
