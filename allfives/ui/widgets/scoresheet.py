"""The live scoresheet: a column per player or team, a row per scoring play, hand subtotals and totals.

The rows come from `sheet.build_sheet`; this only draws them. Column heads and the last line stay put
(the live score, `to 250`, during a hand; once it is over, what each side still needs, `left to 250`);
the rows between scroll, drawn line by line so a long game costs no more to show than a short one. A
click on a row says which (a review steps to that moment).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from allfives.i18n import N_, _
from allfives.ui.model.sheet import Sheet, SheetRow, points_to_go, totalled

from .parts import KeptStyle, ThemedParts, component_classes, text_strip

KEPT_SCREENS = 4  # drawn rows kept, in screenfuls around the rows on show

ROW_PARTS = ("hand", "play", "label", "subtotal", "deduction", "award", "total", "head", "target", "totals",
             "none")


LABEL_ROOM = 8  # the label column keeps this much when the columns widen for long names
# over the labels of a seeded game's sheet, the first that fits (translated where drawn)
SEEDED_MARKS = (N_("seeded deals"), N_("seeded"))


def _cell_width(sides: int, width: int, widest: int = 0) -> int:
    """A column's width: room for the widest name in its heading (and a space) where the sheet has it."""
    cell = max(5, min(9, (width - 4) // (sides + 1)))
    if widest + 1 > cell:
        cell = max(cell, min(widest + 1, (width - LABEL_ROOM) // max(1, sides)))
    return cell


def widest_head(sheet: Sheet) -> int:
    """The widest name in any column's heading, in terminal cells (a wide character takes two)."""
    return max((cell_len(name) for names in sheet.head_lines for name in names), default=0)


def _fit(text: str, room: int) -> str:
    """`text` in at most `room` terminal cells, cut at the end if it is wider."""
    return text if cell_len(text) <= room else set_cell_size(text, max(0, room))


def sheet_line(label: str, cells: Sequence[str], width: int, label_style: Style | str = "",
               cell_style: Style | str = "", widest: int = 0) -> Text:
    """One row laid out in fixed columns, so header, rows and totals line up at any width (widths in
    terminal cells: a name in wide characters is cut to its column, never pushes the next one)."""
    c = _cell_width(len(cells), width, widest)
    lw = max(1, width - c * len(cells))
    text = Text(set_cell_size(label, lw - 1) + " ", style=label_style)
    for cell in cells:
        shown = _fit(cell, c - 1)
        text.append(" " * (c - cell_len(shown)) + shown, style=cell_style)
    return text


def row_text(row: SheetRow, width: int, styles: dict[str, Style], widest: int = 0) -> Text:
    if row.kind == "hand":
        return Text(f"── {row.label} " + "─" * max(0, width - len(row.label) - 4), style=styles["hand"])
    label_style = styles["label"] if row.kind == "play" else styles[row.kind]
    return sheet_line(row.label, row.cells, width, label_style, styles[row.kind], widest)


def _head_line(names: Sequence[str], line: int, room: int) -> str:
    """A heading's line: a team's second player under the first, as `& Cleo` where that fits."""
    if line >= len(names):
        return ""
    name = names[line]
    return f"& {name}" if line and cell_len(name) + 2 <= room else name


class _Edge(ThemedParts, Widget):
    """The column heads (a line per player of a team) or the totals (one line), at the sheet's width."""

    PREFIX, PARTS = "sheet", ROW_PARTS
    COMPONENT_CLASSES = component_classes(PREFIX, PARTS)
    cells: reactive[tuple[str, ...]] = reactive(())  # the target and what each side still needs to reach it
    heads: reactive[tuple[tuple[str, ...], ...]] = reactive(())  # each column's heading lines
    seeded: reactive[bool] = reactive(False)  # the heads' label column says so
    widest: int = 0

    DEFAULT_CSS = "_Edge { height: 1; }"

    def __init__(self, part: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.part = part

    def show(self, sheet: Sheet | None) -> None:
        self.widest = widest_head(sheet) if sheet is not None else 0
        if sheet is None:
            self.cells, self.heads = (), ()
        elif self.part == "head":
            self.heads = sheet.head_lines or tuple((head,) for head in sheet.heads)
            self.seeded = sheet.seeded
            self.styles.height = max(len(lines) for lines in self.heads) + 1  # and the rule under them
        else:
            left = totalled(sheet)
            self.cells = (f"{'left ' if left else ''}{sheet.target}",
                          *(str(n) for n in (points_to_go(sheet) if left else sheet.scores)))

    def render(self) -> Text:
        styles, width = self.parts(), max(10, self.size.width)
        if self.part == "head":
            if not self.heads:
                return Text("")
            cell = _cell_width(len(self.heads), width, self.widest)
            lines = max(len(head) for head in self.heads)
            label_room = width - cell * len(self.heads) - 1
            marks = [_(m) for m in SEEDED_MARKS]
            mark = next((m for m in marks if cell_len(m) <= label_room), "") if self.seeded else ""
            return Text("\n").join(
                sheet_line(mark if i == 0 else "", [_head_line(head, i, cell - 1) for head in self.heads],
                           width, styles["target"] if mark else "", styles["head"], widest=self.widest)
                for i in range(lines))
        if not self.cells:
            return Text("")
        target, *cells = self.cells
        room = width - _cell_width(len(cells), width, self.widest) * len(cells) - 1
        left, target = target.startswith("left "), target.removeprefix("left ")
        short = _("to {target}").format(target=target)
        longer = (_("left to {target}").format(target=target),) if left else ()
        label = next((text for text in (*longer, short) if cell_len(text) <= room), short)
        return sheet_line(label, cells, width, styles["target"], styles["totals"], widest=self.widest)


class _Rows(KeptStyle, ThemedParts, ScrollView):
    """The rows between, drawn only where they show; a row once drawn is kept until it changes."""

    PREFIX, PARTS = "sheet", ROW_PARTS
    COMPONENT_CLASSES = component_classes(PREFIX, PARTS)

    DEFAULT_CSS = "_Rows { height: 1fr; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows: tuple[SheetRow, ...] = ()
        self.widest = 0  # the widest heading line: the columns make room for it
        self._strips: dict[int, Strip] = {}
        self._width = 0

    def show(self, rows: tuple[SheetRow, ...], widest: int = 0) -> None:
        """New rows: keep the drawn ones that did not change, scroll to the newest."""
        old = self.rows
        if rows == old and widest == self.widest:
            return
        if rows[:len(old)] != old or widest != self.widest or not old:
            self._strips.clear()
        else:  # the new rows' lines were drawn blank (or not at all) while there were fewer rows
            for index in range(len(old), len(rows)):
                self._strips.pop(index, None)
        self.widest = widest
        self.rows = rows
        self.virtual_size = Size(self._width, max(1, len(rows)))
        self.refresh()
        self.call_after_refresh(self.scroll_end, animate=False)

    def on_resize(self) -> None:
        self._width = self.scrollable_content_region.width
        self.virtual_size = Size(self._width, max(1, len(self.rows)))
        self._strips.clear()
        # (grown or shrunk — the game-over screen's lines filled in above it take its rows —, the newest
        # rows stay in view)
        self.call_after_refresh(self.scroll_end, animate=False)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        if width != self._width:
            self._width = width
            self._strips.clear()
        index = y + self.scroll_offset.y
        strip = self._strips.get(index)
        if strip is None:
            strip = self._draw(index, width)
            if len(self._strips) >= KEPT_SCREENS * max(1, self.size.height):
                self._forget_far_from(index)
            self._strips[index] = strip
        return strip

    def on_click(self, event: events.Click) -> None:
        index = event.y + self.scroll_offset.y
        if 0 <= event.y < self.size.height and index < len(self.rows):
            self.post_message(Scoresheet.RowClicked(index))

    def _forget_far_from(self, index: int) -> None:
        """The sheet grows a row per scoring play: keep the drawn rows near the ones on show, not all."""
        near = KEPT_SCREENS // 2 * max(1, self.size.height)
        for kept in [i for i in self._strips if abs(i - index) > near]:
            del self._strips[kept]

    def _draw(self, index: int, width: int) -> Strip:
        base = self.rich_style
        styles = self.parts()
        if not self.rows:
            text = Text(_("no points yet") if index == 0 else "", style=styles["none"])
        elif index < len(self.rows):
            text = row_text(self.rows[index], width, styles, self.widest)
        else:
            return Strip.blank(width, base)
        return text_strip(text, self.app.console, base, width)


class Scoresheet(Vertical):
    """Column heads and totals stay put; the rows between scroll to the newest."""

    DEFAULT_CSS = """
    Scoresheet { height: 1fr; }
    Scoresheet > .sheet-head { height: 2; padding-right: 1; }
    Scoresheet > _Rows { height: 1fr; scrollbar-size-vertical: 1; overflow-y: scroll; overflow-x: hidden; }
    Scoresheet > .sheet-foot { height: 1; padding-right: 1; }
    """

    sheet: reactive[Sheet | None] = reactive(None)

    class RowClicked(Message):
        """Row `index` of the sheet's rows was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def compose(self) -> ComposeResult:
        yield _Edge("head", classes="sheet-head")
        yield _Rows(classes="sheet-body")
        yield _Edge("foot", classes="sheet-foot")

    def watch_sheet(self, sheet: Sheet | None) -> None:
        self._show(sheet)

    def on_mount(self) -> None:
        self._show(self.sheet)

    def _show(self, sheet: Sheet | None) -> None:
        """Hand the sheet to the parts (once they are mounted)."""
        for edge in self.query(_Edge):
            edge.show(sheet)
        for rows in self.query(_Rows):
            rows.show(sheet.rows if sheet is not None else (), widest_head(sheet) if sheet is not None else 0)

    def totals(self) -> tuple[int, ...]:
        return self.sheet.scores if self.sheet else ()

    def lines(self) -> list[str]:
        """The rows as plain text, as drawn (for tests and the screenshot check)."""
        body = self.query_one(_Rows)
        width = max(10, body._width)
        styles = body.parts()
        return [row_text(row, width, styles, body.widest).plain for row in body.rows]

    def foot_text(self) -> str:
        """The last line as drawn (plain text): `left to 250` and what each side still needs."""
        return self.query_one(".sheet-foot", _Edge).render().plain.rstrip()

    def head_text(self) -> list[str]:
        """The column heads as drawn (plain text, a line per player of a team)."""
        head = self.query_one(".sheet-head", _Edge)
        return [line.rstrip() for line in head.render().plain.split("\n")]
