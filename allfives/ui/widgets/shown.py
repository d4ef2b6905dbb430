"""Shown text drawn: Textual `Content` and Rich `Text` built from its runs as they are (never parsed as
markup)."""

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
