"""The coach's line under the board: what the lesson asks now, kindly, in a tone of its own."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Static

from allfives.learn.session import Coaching

from ..widgets.shown import content

TONES = ("say", "nudge", "praise", "read")


class Coach(Static):
    """The coaching as one plain text (never markup), wrapped whole under the lesson's title and where it
    stands (`Your first hand · 3/9`); its tone (a CSS class such as `-nudge`) gives its colour. Of fixed
    height (learn.tcss), so the board keeps its room whatever the coach says."""

    MOST_LINES = 4  # every line of every lesson fits in this many at 80 columns (tests/ui/test_learn.py)

    view: reactive[Coaching] = reactive(lambda: Coaching(""))

    def watch_view(self, coaching: Coaching) -> None:
        for tone in TONES:
            self.set_class(tone == coaching.tone, f"-{tone}")
        self.update(content(coaching.text))
        self.border_title = f"{coaching.title} · {coaching.at}/{coaching.steps}" if coaching.steps else ""

    @property
    def text(self) -> str:
        return self.view.text

    def lines_needed(self) -> int:
        """The lines the text takes at the width it has, wrapped at word breaks."""
        width = self.content_size.width
        return max(1, len(content(self.view.text).wrap(width))) if width > 0 else 1
