"""The boneyard: how many tiles are left, and the place to click to draw (Boneyard.DrawRequested)."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from allfives.i18n import _
from allfives.ui.model.view import BoneyardView

from .parts import ThemedParts, component_classes


class Boneyard(ThemedParts, Widget):
    """Face-down tiles; glows when the person to move has nothing to play and must draw; says who is
    drawing while a run of draws goes on (the count drops one draw at a time)."""

    PREFIX, PARTS = "boneyard", ("title", "count", "empty", "back", "draw", "key", "drawing")
    COMPONENT_CLASSES = component_classes(PREFIX, PARTS)

    DEFAULT_CSS = """
    Boneyard { height: 3; width: 16; padding: 0 1; }
    """

    view: reactive[BoneyardView] = reactive(BoneyardView)

    class DrawRequested(Message):
        """The boneyard was clicked."""

    @property
    def count(self) -> int:
        return self.view.count

    @property
    def must_draw(self) -> bool:
        return self.view.must_draw

    def watch_view(self, view: BoneyardView) -> None:
        self.set_class(view.must_draw, "-must-draw")

    def render(self) -> RenderableType:
        style = self.parts().__getitem__
        count = self.view.count
        text = Text(_("Boneyard"), style=style("title"))
        text.append(f"  {count}\n", style=style("count" if count else "empty"))
        if count:
            text.append("▮▮ " * min(count, 4), style=style("back"))
        else:
            text.append(_("empty"), style=style("empty"))
        text.append("\n")
        if self.view.must_draw:
            text.append(_("draw: click/d"), style=style("draw"))
        elif self.view.drawing:
            text.append(self.view.drawing[: max(1, self.size.width)], style=style("drawing"))
        else:
            text.append(_("d: draw"), style=style("key"))
        return text

    def on_click(self, event: events.Click) -> None:
        self.post_message(self.DrawRequested())
