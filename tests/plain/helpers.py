"""A plain table in this process: a person who types what a list says, then what a plan says for the
table as it stands (no pipe: quick), and the sentences expected of each event, written out here."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path

from allfives.engine import Drew, Event, GameWon, HandDealt, HandResult, Passed, Played, Rules, Scored
from allfives.plain.console import Console
from allfives.plain.table import PlainTable
from allfives.play.history_link import HistoryLink
from allfives.play.saving import SaveStore
from allfives.play.session import Session
from allfives.play.setup import GameSetup, default_players

WORDS = ("blank", "one", "two", "three", "four", "five", "six")
ENDS = {"W": "west", "E": "east", "N": "north", "S": "south"}


Plan = Callable[[PlainTable], "str | None"]  # what the person types next, the table as it stands


class Typing(Console):
    """A console at which `typed` is typed first, then whatever `plan(table)` says (None: the input ends)."""

    def __init__(self, typed: Sequence[str] = (), plan: Plan | None = None) -> None:
        super().__init__(io.StringIO(), io.StringIO())
        self.typed = list(typed)
        self.plan = plan
        self.table: PlainTable | None = None
        self.marks: list[int] = []  # how many lines had been said when each line was typed

    @property
    def said(self) -> list[str]:
        return self.stdout.getvalue().splitlines()  # type: ignore[attr-defined]

    def ask(self, completer=None) -> str | None:  # noqa: ANN001
        self.marks.append(len(self.said))
        if self.typed:
            return self.typed.pop(0)
        return self.plan(self.table) if self.plan is not None and self.table is not None else None


def first_legal(table: PlainTable) -> str | None:
    """The person's plan: the first legal move, typed as a person types it; quits once the game is over."""
    session = table.session
    if session.waiting != "person":
        return "quit"
    move = session.seat_view(session.state.turn).legal_moves[0]
    if move.kind != "play":
        return move.kind
    assert move.tile is not None
    return f"p {move.tile.high}{move.tile.low} {ENDS[move.end] if move.end else ''}".strip()


def sit(tmp_path: Path, console: Typing, *, seed: int = 21, target: int = 60, seats: int = 2,
        level: str = "easy", review_samples: int | None = 4, verbose: bool = True,
        **rules: object) -> PlainTable:
    """A new seeded game against instant bots, saved and kept in a history under `tmp_path`; `verbose`
    (each event's own sentence, which `expected` writes out) unless told brief."""
    store = SaveStore(tmp_path)
    history = HistoryLink(tmp_path)
    setup = GameSetup(rules=Rules(seats=seats, target=target, **rules), seed=seed, bot_delay=0,
                      players=default_players(seats, 1, level))
    table = PlainTable(Session.new(setup, store, history=history), console,
                       new_session=lambda s: Session.new(s, store, history=history), history=history,
                       review_samples=review_samples, verbose=verbose)
    console.table = table
    return table


def tile_words(high: int, low: int) -> str:
    return f"double {WORDS[high]}" if high == low else f"{WORDS[high]} {WORDS[low]}"


def expected(event: Event, names: Sequence[str], me: int = 0) -> str:
    """The words each event's sentence must hold, written out here rather than asked of the code."""
    def who(seat: int) -> str:
        return "You" if seat == me else names[seat]

    def verb(seat: int, you: str, other: str) -> str:
        return f"{who(seat)} {you if seat == me else other}"

    if isinstance(event, HandDealt):
        return f"Hand {event.hand_number}. {verb(event.leader, 'lead', 'leads')}."
    if isinstance(event, Played):
        tile = tile_words(event.tile.high, event.tile.low)
        if event.end is None:
            return f"{verb(event.seat, 'lead', 'leads')} {tile}; the ends add up to {event.total}."
        return (f"{verb(event.seat, 'play', 'plays')} {tile} on the {ENDS[event.end]} end; "
                f"the ends add up to {event.total}.")
    if isinstance(event, Scored):
        return f"{verb(event.seat, 'score', 'scores')} {event.points}, {event.score} in all."
    if isinstance(event, Drew):
        if event.seat == me:
            assert event.tile is not None
            return f"You draw {tile_words(event.tile.high, event.tile.low)}."
        return f"{names[event.seat]} draws a tile."
    if isinstance(event, Passed):
        return f"{verb(event.seat, 'pass', 'passes')}."
    if isinstance(event, HandResult):
        if event.reason == "blocked":
            return "The hand is blocked: nobody can play."
        assert event.out_seat is not None
        return f"{verb(event.out_seat, 'go', 'goes')} out: the hand is over."
    if isinstance(event, GameWon):
        return f"{verb(event.side, 'win', 'wins')} the game"
    raise AssertionError(event)


def said_in_order(said: Sequence[str], wanted: Sequence[str]) -> list[str]:
    """The wanted sentences not found in `said` in their order (each line meets one at most)."""
    at = 0
    missing = []
    for sentence in wanted:
        found = next((i for i in range(at, len(said)) if sentence in said[i]), None)
        if found is None:
            missing.append(sentence)
        else:
            at = found + 1
    return missing
