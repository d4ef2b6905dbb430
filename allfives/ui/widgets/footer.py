"""The key bar at the foot of a screen: Textual's Footer, with its keys in the screen's first frame, made
as they will look, in the person's language, and rebuilt only when they change."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from allfives import i18n
from allfives.i18n import _

from ..textual_private import FooterKey, footer_keys_ready


class KeyFooter(Footer):
    """Textual's Footer shows no keys in a screen's first frame: it makes them once told the screen's
    keys, after that frame, and lays out and draws the whole screen again. This one makes them as it is
    composed, and afterwards rebuilds only when the keys shown change (Textual also rebuilds it whenever
    a dialog opens or closes over its screen: every hand at the table).

    Each key Textual binds to the footer's style starts compact and is made wide once mounted, each
    step a restyle of the key; here those keys are made as wide as the footer from the start (the
    palette key, bound to nothing, stays compact as Textual makes it).

    Bindings hold their words in English (the catalogue's msgids): each key's word and tooltip are
    translated here as the keys are made, so after a change of language `redraw()` (or any change of
    keys) shows the new words, with the bindings as they were.
    """

    _shown: tuple | None = None

    def __init__(self) -> None:
        super().__init__()
        footer_keys_ready(self)

    def _keys(self, screen: Screen) -> tuple:
        return (i18n.language(), *((binding.key, binding.action, binding.description, enabled)
                                   for _node, binding, enabled, _tip in screen.active_bindings.values()
                                   if binding.show))

    def compose(self) -> ComposeResult:
        self._shown = self._keys(self.screen)
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description) if widget.description else ""
                if isinstance(widget.tooltip, str) and widget.tooltip:
                    widget.tooltip = _(widget.tooltip)
                if not widget.has_class("-command-palette"):
                    widget.set_reactive(FooterKey.compact, self.compact)  # (bound to it all the same)
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        mine = screen is self.screen and self.is_attached
        if mine and screen.app.app_focus and self._keys(screen) == self._shown:
            return
        super().bindings_changed(screen)

    def redraw(self) -> None:
        """The keys again, in the language spoken now (after `i18n.use`); no binding changes."""
        if self.is_attached:
            self._shown = None
            self.call_later(self.recompose)  # (in the footer's own context: its keys bind to it)
