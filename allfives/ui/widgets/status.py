"""The status line: what the person can do now, or why a click was refused (never a dialog)."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from allfives.ui.model.turn import Notice

from .shown import content

TONES = ("prompt", "refusal", "hint", "info", "done")


class Status(Widget):
    """One line of text; its tone (a CSS class such as `-refusal`) gives its colour.

    A line of fixed height: a new text repaints the line and lays nothing out again.
    """

    DEFAULT_CSS = """
    Status { height: 1; padding: 0 1; }
    """

    view: reactive[Notice] = reactive(lambda: Notice(""))

    def watch_view(self, notice: Notice) -> None:
        for tone in TONES:
            self.set_class(tone == notice.tone, f"-{tone}")

    def render(self) -> Content:
        text = content(self.view.text)
        if self.view.tone == "prompt":  # the person is to move: marked, as their hand is
            return Content.assemble(("▶ ", "bold"), text)
        return text

    @property
    def text(self) -> str:
        """The line as it reads."""
        return self.view.plain
