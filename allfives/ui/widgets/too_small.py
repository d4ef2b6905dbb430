"""The notice that covers any screen while the terminal is smaller than the game needs."""

from __future__ import annotations

from textual.widgets import Static

from allfives.i18n import _

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
        self.update(_("Make the terminal larger") + "\n\n" + _("All Fives needs {need}, now {now}").format(
            need=f"{MIN_WIDTH}x{MIN_HEIGHT}", now=f"{width}x{height}"))
