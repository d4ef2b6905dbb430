"""The too-small guard: while the terminal is smaller than the game needs, a notice covers every screen
and nothing acts unseen."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from textual import events
from textual.actions import ActionParseResult, parse
from textual.dom import DOMNode

from .widgets.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmall

if TYPE_CHECKING:
    from textual.app import App

    _App = App[None]
else:
    _App = object

# what still works while the too-small notice hides everything: nothing acts unseen
ACTIONS_WHEN_SMALL = frozenset({"quit", "help"})


class TooSmallGuard(_App):
    """Mixin for an App (before App in its bases).

    The notice (`TooSmall`, on every screen, shown by the app's `-too-small` class) is only an overlay,
    so while it shows the app itself refuses what would act unseen: every action but quit and help, keys
    a hidden field would take, and clicks. `terminal_fits_again` is told when it is large enough again.
    """

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        was_small = self.too_small
        self.set_class(small, "-too-small")
        if small:
            for screen in self.screen_stack:
                for notice in screen.query(TooSmall):
                    notice.show_size(width, height)
        elif was_small:
            self.terminal_fits_again()

    def terminal_fits_again(self) -> None:
        """The notice has gone: whatever held while it showed may go on."""

    @property
    def too_small(self) -> bool:
        return self.has_class("-too-small")

    def allowed_when_small(self, action: str | ActionParseResult) -> bool:
        """Quit and help (and the help screen's own keys) are all that work behind the notice."""
        name = action[1] if isinstance(action, tuple) else parse(action)[1]
        return name in ACTIONS_WHEN_SMALL or getattr(self.screen, "WORKS_WHEN_SMALL", False)

    async def run_action(self, action: str | ActionParseResult, default_namespace: DOMNode | None = None,
                         namespaces: Mapping[str, DOMNode] | None = None) -> bool:
        """Every key binding, button key and footer click comes through here."""
        if self.too_small and not self.allowed_when_small(action):
            return False
        return await super().run_action(action, default_namespace, namespaces)

    async def on_event(self, event: events.Event) -> None:
        if self.too_small and isinstance(event, events.InputEvent) and not event.is_forwarded:
            if isinstance(event, events.MouseEvent):
                return  # a click lands on nothing the player can see
            if isinstance(event, events.Key) and self.focused is not None \
                    and self.focused.check_consume_key(event.key, event.character):
                return  # typing into a hidden field (bindings are checked by run_action)
        await super().on_event(event)
