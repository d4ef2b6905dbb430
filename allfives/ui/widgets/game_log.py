"""The game log: who played what where, who drew, who passed, what scored (one line per event)."""

from __future__ import annotations

from textual.widgets import RichLog


class GameLog(RichLog):
    """A RichLog that keeps the plain lines too, so tests and the monkey can read what was said."""

    DEFAULT_CSS = """
    GameLog { height: 1fr; scrollbar-size-vertical: 1; overflow-y: scroll; overflow-x: hidden; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(markup=True, wrap=True, max_lines=400, auto_scroll=True, min_width=20, **kwargs)
        self.texts: list[str] = []

    def say(self, line: str) -> None:
        self.texts.append(line)
        self.write(line)
