"""The game log: who played what where, who drew, who passed, what scored (one line per event).

Drawn line by line: a new event draws its own lines and moves the rest up, and the widget never
changes size, so a move lays nothing out again. The mouse wheel scrolls back; a thumb in the last
column shows where. A click on a line says which (a review steps to that moment).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from allfives.ui.model.view import LogLine

from .parts import KeptStyle, ThemedParts, component_classes, text_strip
from .shown import rich_text

KINDS = ("hand", "play", "score", "quiet", "end", "win")
KEEP = 400  # drawn lines kept for scrolling back


def _kept(old: tuple[LogLine, ...], lines: tuple[LogLine, ...]) -> int | None:
    """How many of `lines` were shown already: the log only grows, or its oldest hands leave it as it
    grows (they begin with a line of their own, "Hand N"); None if it changed otherwise."""
    if lines[:len(old)] == old:
        return len(old)
    try:
        gone = old.index(lines[0]) if lines else None
    except ValueError:
        return None
    if gone is None:
        return None
    return len(old) - gone if lines[:len(old) - gone] == old[gone:] else None


class GameLog(KeptStyle, ThemedParts, Widget):
    """Fed the whole log each time, it draws only the lines it has not drawn yet."""

    PREFIX, PARTS = "log", (*KINDS, "thumb", "track")
    COMPONENT_CLASSES = component_classes(PREFIX, PARTS)

    DEFAULT_CSS = """
    GameLog { height: 1fr; }
    """

    class LineClicked(Message):
        """Line `index` of the log (as given to `show`) was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.entries: tuple[LogLine, ...] = ()
        self._drawn: list[Strip] = []  # every entry wrapped to the width, oldest first
        self._owners: list[int] = []  # the entry each drawn strip belongs to
        self._width = 0
        self._back = 0  # lines scrolled back from the newest
        self._thumbs: tuple[Strip, Strip, Strip] | None = None  # no thumb, the thumb, its track

    @property
    def texts(self) -> list[str]:
        """The lines as they read, for tests and the monkey to read."""
        return [line.text.plain for line in self.entries]

    # -- what to show ----------------------------------------------------------------------

    def show(self, lines: Sequence[LogLine]) -> None:
        """The log so far: draw what is new, or everything again if it changed otherwise."""
        lines = tuple(lines)
        old = self.entries
        self.entries = lines
        kept = _kept(old, lines)
        if kept is None:
            self._redraw()
            return
        new = lines[kept:]
        if not new:
            return
        added, owners = self._wrap_all(new, len(old))
        self._drawn.extend(added)
        self._owners.extend(owners)
        del self._drawn[:-KEEP], self._owners[:-KEEP]
        if self._back:
            self._back = min(self._back + len(added), self._most_back())  # stay where the reader is
        self.refresh()

    def _wrap(self, line: LogLine) -> list[Strip]:
        width = self._text_width()
        if width <= 0:
            return []
        text = rich_text(line.text, style=self.parts()[line.kind])
        console, base = self.app.console, self._base_style()
        return [text_strip(part, console, base, width) for part in text.wrap(console, width)]

    def _wrap_all(self, lines: Sequence[LogLine], first: int) -> tuple[list[Strip], list[int]]:
        """The strips of these lines, and the entry (counted from `first`) each strip belongs to."""
        strips: list[Strip] = []
        owners: list[int] = []
        for index, line in enumerate(lines, start=first):
            wrapped = self._wrap(line)
            strips.extend(wrapped)
            owners.extend([index] * len(wrapped))
        return strips, owners

    def _redraw(self) -> None:
        self._width = self.size.width
        drawn, owners = self._wrap_all(self.entries, 0)
        self._drawn, self._owners = drawn[-KEEP:], owners[-KEEP:]
        self._back = min(self._back, self._most_back())
        self.refresh()

    def _text_width(self) -> int:
        return self.size.width - 1  # the last column is the scroll thumb's

    def _base_style(self) -> Style:
        return self.rich_style

    def _most_back(self) -> int:
        return max(0, len(self._drawn) - self.size.height)

    # -- drawing -------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        height, width = self.size.height, self.size.width
        if width != self._width:
            self._redraw()
        top = max(0, len(self._drawn) - height - self._back)
        index = top + y
        line = self._drawn[index] if index < len(self._drawn) else Strip.blank(width - 1, self._base_style())
        return Strip.join([line, self._thumb(y, height, top)])

    def _thumb(self, y: int, height: int, top: int) -> Strip:
        if self._thumbs is None:
            parts = self.parts()
            self._thumbs = (Strip.blank(1, self._base_style()), Strip([Segment("▐", parts["thumb"])], 1),
                            Strip([Segment(" ", parts["track"])], 1))
        total = len(self._drawn)
        if total <= height:
            return self._thumbs[0]
        size = max(1, height * height // total)
        start = (height - size) * top // max(1, total - height)
        return self._thumbs[1] if start <= y < start + size else self._thumbs[2]

    def on_resize(self) -> None:
        self._redraw()

    def notify_style_update(self) -> None:
        """A new theme (or any change of style): draw every line again in its colours (once the
        parts' styles are in too)."""
        self._thumbs = None
        super().notify_style_update()
        if self.is_mounted:
            self.call_next(self._redraw)

    def on_click(self, event: events.Click) -> None:
        height = self.size.height
        index = max(0, len(self._drawn) - height - self._back) + event.y
        if 0 <= event.y < height and index < len(self._owners):
            self.post_message(self.LineClicked(self._owners[index]))

    # -- scrolling back ------------------------------------------------------------------

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._scroll(3)
        event.stop()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._scroll(-3)
        event.stop()

    def _scroll(self, lines: int) -> None:
        back = max(0, min(self._back + lines, self._most_back()))
        if back != self._back:
            self._back = back
            self.refresh()
