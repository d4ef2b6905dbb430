"""The other seats around the table: name, bot level, tiles left as backs, what they just did."""

from __future__ import annotations

from dataclasses import dataclass

from rich.align import Align
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from .tiles import backs


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    name: str
    label: str  # "bot · medium", "partner", "you"
    tiles: int
    last: str  # what the seat did last
    to_move: bool
    thinking: bool = False
    team: int | None = None


def _head(info: SeatInfo, gap: str = "  ") -> Text:
    head = Text("▶ " if info.to_move else gap, style="bold #ffd866")
    head.append(info.name, style="bold #ffd866" if info.to_move else "bold")
    return head


def _last(info: SeatInfo, indent: str = "") -> Text:
    if info.thinking:
        return Text(f"{indent}thinking…", style="italic #8fd3e8")
    return Text(f"{indent}{info.last}", style="#c8c0a8")


class Seats(Widget):
    """The seats it is given, side by side in a strip, or one under another in a narrow panel.

    The screen decides which seats go where (the player at the bottom is left out); `centred`
    puts a strip's seats in the middle, across the board from the bottom player, as at a real table.
    """

    DEFAULT_CSS = """
    Seats { height: 3; width: 1fr; }
    """

    seats: reactive[tuple[SeatInfo, ...]] = reactive(())
    centred: reactive[bool] = reactive(False)

    def __init__(self, *, stacked: bool = False, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.stacked = stacked  # a side panel: each seat's lines one under another, wrapped to fit

    def render(self) -> RenderableType:
        if not self.seats:
            return Text("")
        if self.stacked:
            return self._stacked()
        grid = Table.grid(expand=not self.centred, padding=(0, 1))
        for _ in self.seats:
            grid.add_column(ratio=None if self.centred else 1, no_wrap=True, overflow="ellipsis")
        top, middle, bottom = [], [], []
        for info in self.seats:
            head = _head(info)
            head.append(f"  {info.label}", style="#9aa5b1")
            top.append(head)
            mid = Text("  ")  # under the name, past the turn arrow, like the line below
            mid.append_text(backs(info.tiles, limit=9))
            mid.append(f" {info.tiles}" if info.tiles else "0", style="#9aa5b1")
            middle.append(mid)
            bottom.append(_last(info, indent="  "))
        grid.add_row(*top)
        grid.add_row(*middle)
        grid.add_row(*bottom)
        return Align.center(grid) if self.centred else grid

    def _stacked(self) -> Text:
        """Name, level, backs a few to a row, tile count and last action, each wrapped to the panel."""
        width = max(self.content_size.width, 3)
        per_row = max(1, (width + 1) // 3)  # "▮▮ " per tile
        rows = 4
        lines: list[Text] = []
        for i, info in enumerate(self.seats):
            if i:
                lines.append(Text(""))
            lines.append(_head(info, gap=""))
            lines.append(Text(info.label, style="#9aa5b1"))
            shown = min(info.tiles, per_row * rows)
            for start in range(0, shown, per_row):
                lines.append(backs(min(per_row, shown - start), limit=per_row))
            left = f"{info.tiles} tile{'s' if info.tiles != 1 else ''}"
            if info.tiles > shown:
                left += f" (+{info.tiles - shown})"
            lines.append(Text(left, style="#9aa5b1"))
            lines.append(_last(info))
        return Text("\n").join(lines)
