"""The other seats around the table: name, bot level, tiles left as backs, what they just did."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from allfives.i18n import _, ngettext
from allfives.ui.model.view import SeatInfo

from .parts import KeptStyle, ThemedParts, component_classes, text_strip
from .tiles import backs

PARTS = ("name", "to-move", "label", "last", "thinking", "back", "face")
GAP = 2  # columns between two seats in the strip


def _head(info: SeatInfo, styles: dict[str, Style], gap: str = "  ") -> Text:
    head = Text("▶ " if info.to_move else gap, style=styles["to-move"])
    head.append(info.name, style=styles["to-move"] if info.to_move else styles["name"])
    return head


def _last(info: SeatInfo, styles: dict[str, Style], indent: str = "") -> Text:
    if info.thinking:
        return Text(indent + _("thinking…"), style=styles["thinking"])
    return Text(f"{indent}{info.last}", style=styles["last"])


def _tiles(info: SeatInfo, styles: dict[str, Style], limit: int) -> Text:
    """The seat's tiles: backs, or the faces themselves when every hand is shown."""
    if info.faces is None:
        return backs(info.tiles, styles["back"], limit=limit)
    return Text(" ").join(Text(str(t), styles["face"]) for t in info.faces[:limit])


def _fit(text: Text, width: int) -> Text:
    """Cut to the width (with an ellipsis) or pad to it."""
    if text.cell_len > width:
        text = text.copy()
        text.truncate(width, overflow="ellipsis")
    else:
        text = text.copy()
        text.pad_right(width - text.cell_len)
    return text


class Seats(KeptStyle, ThemedParts, Widget):
    """The seats it is given, side by side in a strip, or one under another in a narrow panel.

    The screen decides which seats go where (the player at the bottom is left out); `centred`
    puts a strip's seats in the middle, across the board from the bottom player, as at a real table.
    """

    PREFIX, PARTS = "seats", PARTS
    COMPONENT_CLASSES = component_classes("seats", PARTS)

    DEFAULT_CSS = """
    Seats { height: 3; width: 1fr; }
    """

    seats: reactive[tuple[SeatInfo, ...]] = reactive((), repaint=False)  # _redraw repaints what changed
    centred: reactive[bool] = reactive(False, repaint=False)

    def __init__(self, *, stacked: bool = False, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.stacked = stacked  # a side panel: each seat's lines one under another, wrapped to fit
        self._texts: list[Text] = []  # the lines drawn, and their strips
        self._strips: list[Strip] = []
        self._width = -1

    def _redraw(self) -> None:
        """Work out the lines; repaint only those that changed (a move changes one or two)."""
        if not self.is_mounted:
            return
        width = self.size.width
        texts = self._lines() if self.seats else []
        if width != self._width:
            self._width, self._texts, self._strips = width, [], []
        base = self.rich_style
        for y, text in enumerate(texts):
            if y < len(self._texts) and self._texts[y] == text:
                continue
            strip = text_strip(text, self.app.console, base, width)
            if y < len(self._strips):
                self._strips[y] = strip
            else:
                self._strips.append(strip)
            self.refresh(Region(0, y, width, 1))
        if len(self._strips) > len(texts):
            self.refresh(Region(0, len(texts), width, len(self._strips) - len(texts)))
            del self._strips[len(texts):]
        self._texts = texts

    watch_seats = watch_centred = _redraw

    def on_resize(self) -> None:
        self._redraw()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._width = -1  # every line again, in the new colours (once the parts' styles are in too)
        if self.is_mounted:
            self.call_next(self._redraw)

    def render_line(self, y: int) -> Strip:
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.rich_style)

    def _lines(self) -> list[Text]:
        styles = self.parts()
        if not self.stacked:
            return self._strip(styles)
        lines = self._stacked(styles)
        return [Text("")] * max(0, (self.size.height - len(lines)) // 2) + lines  # in the middle

    def _strip(self, styles: dict[str, Style]) -> list[Text]:
        """Three lines, a column per seat: name and level, backs and count, the last action."""
        columns: list[list[Text]] = []
        for info in self.seats:
            head = _head(info, styles)
            head.append(f"  {info.label}", style=styles["label"])
            mid = Text("  ")  # under the name, past the turn arrow, like the line below
            mid.append_text(_tiles(info, styles, limit=9))
            mid.append(f" {info.tiles}" if info.tiles else "0", style=styles["label"])
            columns.append([head, mid, _last(info, styles, indent="  ")])
        width = max(1, self.size.width)
        n = len(columns)
        if self.centred:
            widths = [max(cell.cell_len for cell in column) for column in columns]
            room = width - GAP * (n - 1)
            while sum(widths) > room and max(widths) > 1:  # too wide: cut the widest first
                widths[widths.index(max(widths))] -= 1
            indent = " " * max(0, (width - sum(widths) - GAP * (n - 1)) // 2)
        else:
            share = max(1, (width - GAP * (n - 1)) // n)
            widths, indent = [share] * n, ""
        lines = []
        for row in range(3):
            line = Text(indent)
            for i, (column, w) in enumerate(zip(columns, widths, strict=True)):
                if i:
                    line.append(" " * GAP)
                line.append_text(_fit(column[row], w))
            lines.append(line)
        return lines

    def _stacked(self, styles: dict[str, Style]) -> list[Text]:
        """Name, level, backs a few to a row, tile count and last action, each wrapped to the panel."""
        width = max(self.size.width, 3)
        per_row = max(1, (width + 1) // 3)  # "▮▮ " per tile
        rows = 4
        lines: list[Text] = []
        for i, info in enumerate(self.seats):
            if i:
                lines.append(Text(""))
            lines.append(_head(info, styles, gap=""))
            lines.append(Text(info.label, style=styles["label"]))
            shown = min(info.tiles, per_row * rows)
            for start in range(0, shown, per_row):
                if info.faces is None:
                    lines.append(backs(min(per_row, shown - start), styles["back"], limit=per_row))
                else:
                    faces = info.faces[start:start + per_row]
                    lines.append(Text(" ").join(Text(str(t), styles["face"]) for t in faces))
            left = ngettext("{n} tile", "{n} tiles", info.tiles).format(n=info.tiles)
            if info.tiles > shown:
                left += f" (+{info.tiles - shown})"
            lines.append(Text(left, style=styles["label"]))
            lines.append(_last(info, styles))
        console = self.app.console
        return [part for line in lines
                for part in (line.wrap(console, width) if line.cell_len > width else (line,))]
