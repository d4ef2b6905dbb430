"""Shown text drawn: Textual `Content` and Rich `Text` built from its runs as they are (never parsed as
markup), and notices that are always plain text."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.content import Content

from allfives.ui.model.shown import Shown


def content(text: Shown | str) -> Content:
    """For a `Static`, a `Button`'s label, a status line: a `str` is plain text, never markup."""
    return Content.assemble(*Shown.of(text).runs)


def rich_text(text: Shown | str, style: Any = "", **options: Any) -> Text:
    """For Rich renderables (a log line, a table cell): the runs over a base `style`."""
    return Text.assemble(*Shown.of(text).runs, style=style, **options)


class PlainNotices:
    """Mixin for an App (before App in its bases): every notice is plain text, whoever raises it.

    Notices carry names, paths and error messages; Textual reads them as markup by default (a name
    `[/]` raises, `[@click=app.quit]y` quits when clicked), and a screen's `notify` passes that default
    on, so `markup` is ignored here. Textual's own notice in markup, the ctrl+c hint, is written plainly.
    """

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        super().notify(str(message), title=str(title), severity=severity,  # type: ignore[misc]
                       timeout=timeout, markup=False)

    def action_help_quit(self) -> None:
        """Textual's hint when ctrl+c is pressed (it does not quit), in the same words without markup."""
        for key, active in self.active_bindings.items():  # type: ignore[attr-defined]
            if active.binding.action in ("quit", "app.quit"):
                self.notify(f"Press {key} to quit the app", title="Do you want to quit?")
                return
