"""A screen shown for the first time is styled once, as its widgets mount, not a second time on show."""

from __future__ import annotations

from textual import events


class StyledOnce:
    """Mixin for a screen (before Screen in its bases).

    Textual styles each widget as it mounts, then restyles the whole screen each time it is shown: the
    first time, moments later, with nothing changed in between. That second pass is the dearest part of
    a first screen after its imports (every widget and every component class again), so it is skipped
    the first time; a screen shown again, after one over it closes, is restyled as Textual does it.
    """

    _styled_once = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # (Textual calls each class's handler in turn, ours before Screen's: Screen's reads the flag)
        if not self._styled_once:
            self._styled_once = True
            event.refresh_styles = False
