"""The other seats around the table: name, bot level, tiles left as backs, what they just did."""

from __future__ import annotations

from dataclasses import dataclass

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


class Seats(Widget):
    """One compact panel per seat (the player at the bottom is left out)."""

    DEFAULT_CSS = """
    Seats { height: 3; width: 1fr; }
    """

    seats: reactive[tuple[SeatInfo, ...]] = reactive(())

    def render(self) -> RenderableType:
        grid = Table.grid(expand=True, padding=(0, 1))
        for _ in self.seats:
            grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        if not self.seats:
            return Text("")
        top, middle, bottom = [], [], []
        for info in self.seats:
            arrow = "▶ " if info.to_move else "  "
            head = Text(arrow, style="bold #ffd866")
            head.append(info.name, style="bold #ffd866" if info.to_move else "bold")
            head.append(f"  {info.label}", style="#9aa5b1")
            top.append(head)
            mid = Text("  ")  # under the name, past the turn arrow, like the line below
            mid.append_text(backs(info.tiles, limit=9))
            mid.append(f" {info.tiles}" if info.tiles else "0", style="#9aa5b1")
            middle.append(mid)
            if info.thinking:
                bottom.append(Text("  thinking…", style="italic #8fd3e8"))
            else:
                bottom.append(Text(f"  {info.last}", style="#c8c0a8"))
        grid.add_row(*top)
        grid.add_row(*middle)
        grid.add_row(*bottom)
        return grid
