"""A checkbox that reads at a glance: a bright ✓ when on, an empty dim box when off, a dash when n/a."""

from __future__ import annotations

from typing import Any

from textual.widgets import Checkbox


class Tick(Checkbox):
    """The stock Checkbox shows an X whether on or off (only its colour changes); this shows ✓ or nothing."""

    ON, OFF, NOT_APPLICABLE = "✓", " ", "–"
    BUTTON_INNER = OFF

    # colours: allfives.tcss (Tick), from the theme

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.BUTTON_INNER = self._inner()  # (made disabled, it is n/a from the start: no watcher says so)

    def _inner(self) -> str:
        return self.NOT_APPLICABLE if self.disabled else self.ON if self.value else self.OFF

    def _show_inner(self) -> None:
        inner = self._inner()
        if inner != self.BUTTON_INNER:
            self.BUTTON_INNER = inner
            self.refresh()

    def watch_value(self) -> None:
        self._show_inner()
        super().watch_value()

    def watch_disabled(self, disabled: bool) -> None:
        self._show_inner()
        super().watch_disabled(disabled)
