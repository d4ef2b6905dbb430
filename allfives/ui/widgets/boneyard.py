"""The boneyard: how many tiles are left, and the place to click to draw (Boneyard.DrawRequested)."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class Boneyard(Widget):
    """Face-down tiles; glows when the person to move has nothing to play and must draw."""

    DEFAULT_CSS = """
    Boneyard { height: 3; width: 16; border-left: vkey #2f4a3d; padding: 0 1; }
    Boneyard.-must-draw { background: $warning 20%; }
    """

    count: reactive[int] = reactive(0)
    must_draw: reactive[bool] = reactive(False)

    class DrawRequested(Message):
        """The boneyard was clicked."""

    def watch_must_draw(self, value: bool) -> None:
        self.set_class(value, "-must-draw")

    def render(self) -> RenderableType:
        text = Text("Boneyard", style="bold")
        text.append(f"  {self.count}\n", style="#ffd866" if self.count else "dim")
        text.append("▮▮ " * min(self.count, 4) if self.count else "empty", style="#3f9a6f")
        text.append("\n")
        if self.must_draw:
            text.append("draw: click/d", style="bold #ffd866")
        else:
            text.append("d: draw", style="dim")
        return text

    def on_click(self, event: events.Click) -> None:
        self.post_message(self.DrawRequested())
