"""Shown text drawn: Textual `Content` and Rich `Text` built from its runs as they are (never parsed as
markup), and notices that are always plain text."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.content import Content

from ..shown import Shown


def content(text: Shown | str) -> Content:
    """For a `Static`, a `Button`'s label, a status line: a `str` is plain text, never markup."""
    return Content.assemble(*Shown.of(text).runs)


def rich_text(text: Shown | str, style: Any = "", **options: Any) -> Text:
    """For Rich renderables (a log line, a table cell): the runs over a base `style`."""
    return Text.assemble(*Shown.of(text).runs, style=style, **options)


class PlainNotices:
    """Mixin for an App (before App in its bases): every notice is plain text, whoever raises it.

    Notices carry names, paths and error messages; Textual would read them as markup (a name `[/]`
    raises, `[@click=app.quit]y` quits when clicked). Ours use none, so none is read.
    """

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        super().notify(str(message), title=str(title), severity=severity,  # type: ignore[misc]
                       timeout=timeout, markup=False)
