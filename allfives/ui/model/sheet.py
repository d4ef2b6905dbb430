"""The scoresheet as data: a column per side, a row per scoring play, hand subtotals and totals, and
what each side still needs to win.

Built from the events alone: the sheet adds up the points itself (plays, pips left, Muggins awards),
so it can be checked against the engine's scores rather than repeat them. No Textual here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from allfives.engine import Event, GameWon, HandDealt, HandResult, Played, Scored
from allfives.i18n import _, language
from allfives.play.setup import GameSetup

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
    scores: tuple[int, ...]  # the running totals, added up from the rows
    target: int
    head_lines: tuple[tuple[str, ...], ...] = ()  # each column's players, a heading line each
    seeded: bool = False  # the game's deals follow from a seed: public to anyone who knows it


def hand_rows(setup: GameSetup, events: Sequence[Event], scores: list[int]) -> list[SheetRow]:
    """One hand's rows; `scores` (the totals before the hand) is brought up to date."""
    rules = setup.rules
    sides = rules.sides
    blank = ("",) * sides
    rows: list[SheetRow] = []
    in_play = [0] * sides
    last_tile = ""
    closed = False
    for ev in events:
        if isinstance(ev, HandDealt):
            rows.append(SheetRow("hand", _("Hand {n}").format(n=ev.hand_number), blank))
        elif isinstance(ev, Played):
            last_tile = str(ev.tile)
        elif isinstance(ev, Scored):
            in_play[ev.side] += ev.points
            scores[ev.side] += ev.points
            cells = tuple(f"+{ev.points}" if s == ev.side else "" for s in range(sides))
            rows.append(SheetRow("play", f"{setup.short_name(ev.seat)} {last_tile}", cells))
        elif isinstance(ev, HandResult):
            closed = True
            rows.append(SheetRow("subtotal", _("in play"), tuple(str(p) for p in in_play)))
            deducted = rules.side_totals(ev.deductions)
            if any(deducted):
                cells = tuple(f"-{d}" if d else "0" for d in deducted)
                rows.append(SheetRow("deduction", _("pips left"), cells))
            if any(ev.awards):
                rows.append(SheetRow("award", _("muggins"), tuple(f"+{a}" if a else "" for a in ev.awards)))
            for side in range(sides):
                scores[side] += ev.awards[side] - deducted[side]
            rows.append(SheetRow("total", _("total"), tuple(str(s) for s in scores)))
        elif isinstance(ev, GameWon) and not closed:  # won mid-hand: no pips are counted
            rows.append(SheetRow("subtotal", _("in play"), tuple(str(p) for p in in_play)))
            rows.append(SheetRow("total", _("total"), tuple(str(s) for s in scores)))
    return rows


class HandMemo:
    """What was worked out from one hand's events, reused while that hand's events stay the same.

    Finished hands never change, so a long game costs no more to show than its current hand. An
    entry is kept for (what, hand) with the events it was made of, and recalled only for equal
    events: a `Game` shares its finished hands' events from move to move, so the comparison mostly
    meets the very same tuple and costs nothing. What was kept is in the words of the language spoken
    then: another language works it out again.
    """

    def __init__(self) -> None:
        self._entries: dict[tuple[str, int], tuple[str, tuple[Event, ...], object]] = {}

    def recall(self, what: str, index: int, events: Sequence[Event]) -> object | None:
        entry = self._entries.get((what, index))
        if entry is None or entry[0] != language() or (entry[1] is not events and entry[1] != tuple(events)):
            return None
        return entry[2]

    def keep(self, what: str, index: int, events: Sequence[Event], value: object) -> None:
        self._entries[(what, index)] = (language(), tuple(events), value)

    def forget(self, what: str, before: int) -> None:
        """Drop what was kept of the hands before this one (nothing asks for them again)."""
        for key in [key for key in self._entries if key[0] == what and key[1] < before]:
            del self._entries[key]


def build_sheet(setup: GameSetup, hands: Sequence[Sequence[Event]], memo: HandMemo | None = None) -> Sheet:
    """The whole game's sheet from every hand's events (`memo` only saves work, never changes it)."""
    rules = setup.rules
    scores = [0] * rules.sides
    rows: list[SheetRow] = []
    for index, events in enumerate(hands):
        before = tuple(scores)
        known = memo.recall("sheet", index, events) if memo is not None else None
        if isinstance(known, tuple) and known[0] == before:
            rows.extend(known[1])
            scores = list(known[2])
            continue
        made = hand_rows(setup, events, scores)
        rows.extend(made)
        if memo is not None:
            memo.keep("sheet", index, events, (before, tuple(made), tuple(scores)))
    return sheet_of(setup, tuple(rows), tuple(scores))


def points_to_go(sheet: Sheet) -> tuple[int, ...]:
    """What each side still needs to reach the target: the sheet's last line once a hand is over
    (`left to 250`), where a line of totals would only say the hand's total row again."""
    return tuple(max(0, sheet.target - score) for score in sheet.scores)


def totalled(sheet: Sheet) -> bool:
    """The last row is a hand's total (the hand is over): the last line then says what is left to win;
    during a hand it is the live score, said nowhere else."""
    return bool(sheet.rows) and sheet.rows[-1].kind == "total"


def sheet_of(setup: GameSetup, rows: tuple[SheetRow, ...], scores: tuple[int, ...]) -> Sheet:
    """The sheet of rows already made (by `hand_rows`) and the totals they add up to, headed by side."""
    sides = setup.rules.sides
    heads = tuple(setup.side_name(s) for s in range(sides))
    head_lines = tuple(setup.side_names(s) for s in range(sides))
    return Sheet(heads, rows, scores, setup.rules.target, head_lines, setup.seeded or setup.deals_public)
