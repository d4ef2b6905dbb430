"""The live scoresheet: a column per player or team, a row per scoring play, hand subtotals and totals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.reactive import reactive
from textual.widget import Widget

from allfives.engine import Event, GameWon, HandDealt, HandResult, Played, Scored

from ..setup import GameSetup

RowKind = Literal["hand", "play", "subtotal", "deduction", "award", "total"]


@dataclass(frozen=True)
class SheetRow:
    kind: RowKind
    label: str
    cells: tuple[str, ...]


@dataclass(frozen=True)
class Sheet:
    heads: tuple[str, ...]
    rows: tuple[SheetRow, ...]
    scores: tuple[int, ...]
    target: int


def build_sheet(setup: GameSetup, hands: Sequence[Sequence[Event]], scores: Sequence[int]) -> Sheet:
    """Rows from the events of every hand, exactly as the engine reported them."""
    rules = setup.rules
    sides = rules.sides
    heads = tuple(setup.side_name(s) for s in range(sides))
    rows: list[SheetRow] = []
    blank = ("",) * sides
    for events in hands:
        in_play = [0] * sides
        last_tile = ""
        for ev in events:
            if isinstance(ev, HandDealt):
                rows.append(SheetRow("hand", f"Hand {ev.hand_number}", blank))
            elif isinstance(ev, Played):
                last_tile = str(ev.tile)
            elif isinstance(ev, Scored):
                in_play[ev.side] += ev.points
                cells = tuple(f"+{ev.points}" if s == ev.side else "" for s in range(sides))
                rows.append(SheetRow("play", f"{setup.players[ev.seat].name[:6]} {last_tile}", cells))
            elif isinstance(ev, HandResult):
                rows.append(SheetRow("subtotal", "in play", tuple(str(p) for p in in_play)))
                if any(ev.deductions):
                    per_side = [0] * sides
                    for seat, d in enumerate(ev.deductions):
                        per_side[rules.side_of(seat)] += d
                    rows.append(SheetRow("deduction", "pips left",
                                         tuple(f"-{d}" if d else "0" for d in per_side)))
                if any(ev.awards):
                    rows.append(SheetRow("award", "muggins",
                                         tuple(f"+{a}" if a else "" for a in ev.awards)))
                rows.append(SheetRow("total", "total", tuple(str(s) for s in ev.scores)))
            elif isinstance(ev, GameWon) and not any(isinstance(e, HandResult) for e in events):
                rows.append(SheetRow("subtotal", "in play", tuple(str(p) for p in in_play)))
                rows.append(SheetRow("total", "total", tuple(str(s) for s in ev.scores)))
    return Sheet(heads, tuple(rows), tuple(scores), rules.target)


STYLES = {"hand": "bold #8fd3e8", "play": "#a5d6a7", "subtotal": "#c8c0a8", "deduction": "#ff8a80",
          "award": "#a5d6a7", "total": "bold #e8e2cf"}


def _cell_width(sides: int, width: int) -> int:
    return max(5, min(9, (width - 4) // (sides + 1)))


def sheet_line(label: str, cells: Sequence[str], width: int, label_style: str = "",
               cell_style: str = "") -> Text:
    """One row laid out in fixed columns, so header, rows and totals line up at any width."""
    c = _cell_width(len(cells), width)
    lw = max(1, width - c * len(cells))
    text = Text(label[:lw - 1].ljust(lw), style=label_style)
    for cell in cells:
        text.append(cell[:c - 1].rjust(c), style=cell_style)
    return text


def sheet_text(sheet: Sheet, width: int) -> Text:
    lines = []
    for row in sheet.rows:
        if row.kind == "hand":
            lines.append(Text(f"── {row.label} " + "─" * max(0, width - len(row.label) - 4),
                              style=STYLES["hand"]))
            continue
        label_style = "#9aa5b1" if row.kind == "play" else STYLES[row.kind]
        lines.append(sheet_line(row.label, row.cells, width, label_style, STYLES[row.kind]))
    return Text("\n").join(lines) if lines else Text("no points yet", style="dim")


class _Lines(Widget):
    """Redraws its rows at its own width."""

    sheet: reactive[Sheet | None] = reactive(None, layout=True)
    part: str = "body"

    DEFAULT_CSS = "_Lines { height: auto; }"

    def __init__(self, part: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.part = part

    def get_content_height(self, container, viewport, width: int) -> int:
        if self.part != "body":
            return 1
        return max(1, len(self.sheet.rows)) if self.sheet else 1

    def render(self) -> Text:
        sheet, width = self.sheet, max(10, self.size.width)
        if sheet is None:
            return Text("")
        if self.part == "head":
            return sheet_line("", sheet.heads, width, cell_style="bold #ffd866")
        if self.part == "foot":
            return sheet_line(f"to {sheet.target}", [str(s) for s in sheet.scores], width,
                              "#9aa5b1", "bold #ffd866")
        return sheet_text(sheet, width)


class Scoresheet(Vertical):
    """Column heads and totals stay put; the rows between scroll to the newest."""

    DEFAULT_CSS = """
    Scoresheet { height: 1fr; }
    Scoresheet > .sheet-head { height: 2; border-bottom: solid #2f4a3d; padding-right: 1; }
    Scoresheet > VerticalScroll { height: 1fr; scrollbar-size-vertical: 1; overflow-y: scroll; }
    Scoresheet > .sheet-foot { height: 1; padding-right: 1; }
    Scoresheet _Lines { width: 1fr; }
    """

    sheet: reactive[Sheet | None] = reactive(None)

    def compose(self) -> ComposeResult:
        yield _Lines("head", classes="sheet-head")
        with VerticalScroll():
            yield _Lines("body", classes="sheet-body")
        yield _Lines("foot", classes="sheet-foot")

    def watch_sheet(self, sheet: Sheet | None) -> None:
        self._show(sheet)

    def on_mount(self) -> None:
        self._show(self.sheet)

    def _show(self, sheet: Sheet | None) -> None:
        """Hand the sheet to the parts (once they are mounted) and scroll to the newest row."""
        parts = self.query(_Lines)
        for lines in parts:
            lines.sheet = sheet
        scrolls = self.query(VerticalScroll)
        if scrolls:
            self.call_after_refresh(scrolls.first().scroll_end, animate=False)

    def totals(self) -> tuple[int, ...]:
        return self.sheet.scores if self.sheet else ()
