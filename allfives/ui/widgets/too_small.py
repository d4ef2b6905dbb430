"""The notice that covers any screen while the terminal is smaller than the game needs."""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    """Shown (by the app's `-too-small` class) instead of a broken layout; nothing underneath is lost."""

    DEFAULT_CSS = """
    TooSmall {
        display: none; layer: notice; width: 100%; height: 100%;
        content-align: center middle; text-align: center;
        background: $background; color: $warning; text-style: bold;
    }
    """

    def show_size(self, width: int, height: int) -> None:
        self.update(f"Make the terminal larger\n\nAll Fives needs {MIN_WIDTH}x{MIN_HEIGHT}, "
                    f"now {width}x{height}")
