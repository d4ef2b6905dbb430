"""Dialogs that open under the pointer ignore clicks and keys for a moment, so a click or key meant
for the table never answers them (never quits, deals the next hand or starts a new game)."""

from __future__ import annotations

import time

from textual import events

from ..textual_private import HeldMouse

GRACE = 0.5  # seconds a dialog ignores clicks and keys once it shows (a double-click's second half)
clock = time.monotonic  # what "now" is; a test puts a clock of its own here


class Guarded(HeldMouse):
    """Mixin for a screen that may open by itself: clicks and keys that come within `GRACE` of its
    showing (or of its showing again, when a screen over it closes) are dropped.

    Mouse presses, releases and clicks are stopped where the screen hands them to its widgets
    (`HeldMouse`); keys by the app, which asks `holds(key)` of the screen on top before anything else
    sees a key.
    A press that was held keeps its release and click held too, so no click is made of the pair.
    """

    _shown_at: float | None = None
    _press_held = False
    _release_held = False

    def on_screen_resume(self) -> None:
        self._shown_at = clock()
        self._press_held = self._release_held = False

    @property
    def settled(self) -> bool:
        """The dialog has shown long enough to take input."""
        return GRACE <= 0 or (self._shown_at is not None and clock() - self._shown_at >= GRACE)

    def holds(self, event: events.Event) -> bool:
        """This click or key came too soon after the dialog showed: nothing may act on it."""
        if isinstance(event, events.MouseDown):
            self._press_held = not self.settled
            return self._press_held
        if isinstance(event, events.MouseUp):
            self._release_held = self._press_held or not self.settled
            self._press_held = False
            return self._release_held
        if isinstance(event, events.Click):
            held, self._release_held = self._release_held or not self.settled, False
            return held
        return isinstance(event, events.Key) and not self.settled
