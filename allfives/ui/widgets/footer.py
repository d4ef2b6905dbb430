"""The key bar at the foot of a screen: Textual's Footer, with its keys in the screen's first frame, made
as they will look, and rebuilt only when they change."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from ..textual_private import FooterKey, footer_keys_ready


class KeyFooter(Footer):
    """Textual's Footer shows no keys in a screen's first frame: it makes them once told the screen's
    keys, after that frame, and lays out and draws the whole screen again. This one makes them as it is
    composed, and afterwards rebuilds only when the keys shown change (Textual also rebuilds it whenever
    a dialog opens or closes over its screen: every hand at the table).

    Each key Textual binds to the footer's style starts compact and is made wide once mounted, each
    step a restyle of the key; here those keys are made as wide as the footer from the start (the
    palette key, bound to nothing, stays compact as Textual makes it).
    """

    _shown: tuple | None = None

    def __init__(self) -> None:
        super().__init__()
        footer_keys_ready(self)

    def _keys(self, screen: Screen) -> tuple:
        return tuple((binding.key, binding.action, binding.description, enabled)
                     for _, binding, enabled, _ in screen.active_bindings.values() if binding.show)

    def compose(self) -> ComposeResult:
        self._shown = self._keys(self.screen)
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)  # (bound to it all the same)
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        mine = screen is self.screen and self.is_attached
        if mine and screen.app.app_focus and self._keys(screen) == self._shown:
            return
        super().bindings_changed(screen)
