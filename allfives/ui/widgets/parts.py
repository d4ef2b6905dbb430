"""Colours of a widget's own drawing: its component classes' styles, read once per change of style."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip


class ThemedParts:
    """Mixin for widgets that draw their own text: `self.parts()["name"]` is the style of the
    component class `<PREFIX>--name`, looked up again only when styles change (a new theme)."""

    PREFIX: ClassVar[str]
    PARTS: ClassVar[tuple[str, ...]]
    _parts: dict[str, Style] | None = None

    def parts(self) -> dict[str, Style]:
        if self._parts is None:
            lookup = self.get_component_rich_style  # type: ignore[attr-defined]
            self._parts = {part: lookup(f"{self.PREFIX}--{part}") for part in self.PARTS}
        return self._parts

    def notify_style_update(self) -> None:
        self._parts = None
        super().notify_style_update()  # type: ignore[misc]


def component_classes(prefix: str, parts: tuple[str, ...]) -> set[str]:
    return {f"{prefix}--{part}" for part in parts}


class KeptStyle:
    """Mixin for widgets that ask for their own Rich style for every line or tile they draw: Textual
    works it out from every parent each time; it only changes when styles do (a new theme)."""

    _kept_style: Style | None = None

    @property
    def rich_style(self) -> Style:
        if self._kept_style is None:
            self._kept_style = super().rich_style  # type: ignore[misc]
        return self._kept_style

    def notify_style_update(self) -> None:
        self._kept_style = None
        super().notify_style_update()  # type: ignore[misc]


def text_strip(text: Text, console: Console, base: Style, width: int) -> Strip:
    """One line of Rich text as exactly `width` cells over the widget's own style (`base`).

    Rich leaves a Text's own style out when it renders it to segments; this puts it back under
    the styles of its parts."""
    own = console.get_style(text.style, default=Style.null()) if text.style else Style.null()
    segments = Segment.apply_style(text.render(console, end=""), base + own)
    return Strip(segments).crop_extend(0, width, base)
