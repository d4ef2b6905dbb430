"""What is out: under each number 0-6, how many of its tiles the person has not seen yet (`c` shows it).

The card counting a good player does in their head: a number with none out is safe to leave on an
end. Hidden until asked for; the counts come from the table view (play/seat.py `unseen_counts`).
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from allfives.i18n import N_, _

from .parts import ThemedParts, component_classes

LABELS = (N_("Out"), N_("unseen"))  # the numbers' row, the counts' row: a column per number after them


class OutCount(ThemedParts, Widget):
    """Two rows: the numbers 0-6, and under each how many of its tiles are still unseen (· for none)."""

    PREFIX, PARTS = "out", ("title", "number", "count", "none")
    COMPONENT_CLASSES = component_classes(PREFIX, PARTS)

    DEFAULT_CSS = """
    OutCount { height: 3; padding: 0 0 0 1; display: none; }
    OutCount.-shown { display: block; }
    """

    counts: reactive[tuple[int, ...] | None] = reactive(None)

    def watch_counts(self, counts: tuple[int, ...] | None) -> None:
        self.set_class(counts is not None, "-shown")

    def render(self) -> RenderableType:
        if self.counts is None:
            return Text()
        styles = self.parts()
        labels = [_(label) for label in LABELS]
        pad = max(map(len, labels))
        top, bottom = (Text(f"{label:<{pad}} ", style=styles["title"]) for label in labels)
        for n, count in enumerate(self.counts):
            gap = " " if n else ""
            top.append(gap + str(n), styles["number"])
            bottom.append(gap + (str(count) if count else "·"), styles["count"] if count else styles["none"])
        return Text("\n").join([top, bottom])
