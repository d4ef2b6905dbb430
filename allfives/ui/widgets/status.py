"""The status line: what the person can do now, or why a click was refused (never a dialog)."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from allfives.ui.model.turn import Notice

from .shown import content

TONES = ("prompt", "refusal", "hint", "info", "done")


class Status(Widget):
    """A line of text; its tone (a CSS class such as `-refusal`) gives its colour.

    One line, of fixed height, while the text fits: a new text repaints it and lays nothing out again.
    A text too long for the width (long names at 80 columns) takes a second line rather than losing
    its end; only then does the table below move, by a row.
    """

    DEFAULT_CSS = """
    Status { height: 1; padding: 0 1; }
    """
    MOST_LINES = 2

    view: reactive[Notice] = reactive(lambda: Notice(""))

    def watch_view(self, notice: Notice) -> None:
        for tone in TONES:
            self.set_class(tone == notice.tone, f"-{tone}")
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def lines_needed(self, width: int) -> int:
        """The lines the text takes, wrapped at word breaks to `width` cells."""
        if width <= 0:
            return 1
        return max(1, len(self.render().wrap(width)))

    def _fit(self) -> None:
        lines = min(self.MOST_LINES, self.lines_needed(self.content_size.width))
        if self.styles.height is None or self.styles.height.value != lines:
            self.styles.height = lines

    def render(self) -> Content:
        text = content(self.view.text)
        if self.view.tone == "prompt":  # the person is to move: marked, as their hand is
            return Content.assemble(("▶ ", "bold"), text)
        return text

    @property
    def text(self) -> str:
        """The line as it reads."""
        return self.view.plain
