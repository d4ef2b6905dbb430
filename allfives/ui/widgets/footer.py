"""The key bar at the foot of the table: Textual's Footer, rebuilt only when its keys change."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class TableFooter(Footer):
    """Textual rebuilds the footer whenever a dialog opens or closes over the table (every hand);
    the table's keys are the same before and after, so it is rebuilt only when they are not."""

    _shown: tuple | None = None

    def bindings_changed(self, screen: Screen) -> None:
        if screen is self.screen and self.is_attached:
            shown = tuple((binding.key, binding.action, binding.description, enabled)
                          for _, binding, enabled, _ in screen.active_bindings.values() if binding.show)
            if shown == self._shown and screen.app.app_focus:
                return
            self._shown = shown
        super().bindings_changed(screen)
