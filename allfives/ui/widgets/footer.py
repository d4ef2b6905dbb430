"""The key bar at the foot of a screen: Textual's Footer, its keys made as they will look, and the table's
rebuilt only when its keys change."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeyFooter(Footer):
    """Each key Textual binds to the footer's style starts compact and is made wide once mounted, each
    step a restyle of the key (dozens of them on a first screen); here those keys are made as wide as
    the footer from the start (the palette key, bound to nothing, stays compact as Textual makes it)."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)  # (bound to it all the same)
            yield widget


class TableFooter(KeyFooter):
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
