"""The game as played: the state and every hand's events in one frozen value, the one every table holds.

`Game` is what a table plays on, as python-chess's `Board` is with its move stack: `apply` a move,
deal the `next_hand`, `undo` moves of the hand in play, give a seat its `view`, write the record
and read it back. `SeenGame` is the same game as one seat knows it (its `SeatView`, and the events
with the others' drawn tiles hidden): a seat at a remote table folds the table's updates into one.
Both are values whose steps return a new value sharing every finished hand, so a move costs the
same at hand 500 as at hand 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from . import core
from .deal import Deal
from .models import Move, Rules, Tile
from .record import private_fields, replay, to_record
from .state import Drew, Event, GameState, GameWon, HandDealt, HandResult, SeatView, events_from_core, made

HandEvents = tuple[Event, ...]


class Hands(Sequence[HandEvents]):
    """Every hand's events, `HandDealt` first; the last is the hand in play.

    Immutable. `with_events` makes a new one that shares the finished hands and copies only the hand
    in play, so adding a move's events costs the same late in a long game as early. Equal to any
    sequence holding the same hands' events (a list of lists too), as `PlayedHands` is.
    """

    __slots__ = ("_done", "_last")

    def __init__(self, hands: Iterable[Iterable[Event]] = ()) -> None:
        every = tuple(tuple(hand) for hand in hands)
        self._done: tuple[HandEvents, ...] = every[:-1]
        self._last: HandEvents | None = every[-1] if every else None

    @classmethod
    def _of(cls, done: tuple[HandEvents, ...], last: HandEvents | None) -> Hands:
        hands = cls.__new__(cls)
        hands._done, hands._last = done, last
        return hands

    @property
    def last(self) -> HandEvents:
        """The hand in play's events (none before the first deal)."""
        return self._last or ()

    def with_events(self, events: Iterable[Event]) -> Hands:
        """These events after the last: a `HandDealt` opens a hand (and so does the very first event)."""
        done, last = self._done, self._last
        added: list[Event] = []
        for ev in events:
            if isinstance(ev, HandDealt) or (last is None and not added):
                if last is not None:
                    done += (last + tuple(added),)
                last, added = (), [ev]
            else:
                added.append(ev)
        if last is None:
            return self
        return Hands._of(done, last + tuple(added) if added else last)

    def with_last(self, events: Iterable[Event]) -> Hands:
        """The hand in play's events replaced by these (a move taken back)."""
        return Hands._of(self._done, tuple(events))

    def __len__(self) -> int:
        return len(self._done) + (self._last is not None)

    @overload
    def __getitem__(self, i: int) -> HandEvents: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[HandEvents, ...]: ...

    def __getitem__(self, i: int | slice) -> HandEvents | tuple[HandEvents, ...]:
        if isinstance(i, slice):
            return tuple(self)[i]
        n = len(self)
        at = i + n if i < 0 else i
        if not 0 <= at < n:
            raise IndexError(f"hand {i} is not played")
        return self._done[at] if at < len(self._done) else self.last

    def __iter__(self) -> Iterator[HandEvents]:
        yield from self._done
        if self._last is not None:
            yield self._last

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)) or len(other) != len(self):
            return False
        return all(mine == tuple(theirs) for mine, theirs in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Hands({list(self)!r})"


def for_seat(events: Iterable[Event], seat: int) -> HandEvents:
    """The events as `seat` may see them: another seat's drawn tile is not named."""
    return tuple(ev.model_copy(update={"tile": None}) if isinstance(ev, Drew) and ev.seat != seat
                 and ev.tile is not None else ev for ev in events)


def _result(events: Sequence[Event]) -> HandResult | None:
    return next((ev for ev in reversed(events) if isinstance(ev, HandResult)), None)


@dataclass(frozen=True)
class Game:
    """A game as played: its state, and every hand's events (for the scoresheet and the log)."""

    state: GameState
    hands: Hands

    # -- building -------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules | None = None, seed: int | str | None = None) -> Game:
        """A new game with its first hand dealt (`GameState.new`: from a fresh secret, or the seed's)."""
        state = GameState.new(rules, seed)
        return cls(state, Hands([[made(HandDealt, hand_number=1, leader=state.leader)]]))

    @classmethod
    def from_record(cls, data: Any) -> Game:
        """The game a record holds, checked move by move (RecordError names the hand and move at fault)."""
        state, per_hand = replay(data)
        return cls(state, Hands(per_hand))

    @classmethod
    def of(cls, state: GameState) -> Game:
        """The game a state has reached, every hand's events made again by replaying its record (with
        the hand in play's secret, which the record alone leaves out)."""
        return cls.from_record(to_record(state, **private_fields(state)))

    def to_record(self, private: bool = False, **extra: Any) -> dict[str, Any]:
        """The record of the game (RECORD.md), with any extra fields; `private`: with the hand in play's
        secret too (`private_fields`), for a save that the table resumes from, never to share."""
        if private:
            extra = {**private_fields(self.state), **extra}
        return to_record(self.state, **extra)

    # -- questions ------------------------------------------------------

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def events(self) -> HandEvents:
        """The hand in play's events."""
        return self.hands.last

    @property
    def deal(self) -> Deal | None:
        """The hand in play's fair deal: its commitment, shown to every seat before the hand, and its
        secret, shown once the hand is over (None: a hand dealt from outside without one)."""
        return self.state.log[-1].deal if self.state.log else None

    def view(self, seat: int) -> SeenGame:
        """What `seat` may know: its `SeatView`, and every hand's events with the others' drawn tiles
        hidden (all of them: a player joining; `for_seat` hides one move's)."""
        return SeenGame(self.state.view(seat), Hands(for_seat(hand, seat) for hand in self.hands),
                        self.state.winner)

    # -- actions --------------------------------------------------------

    def apply(self, move: Move | str, seat: int | None = None) -> tuple[Game, list[Event]]:
        """Make a move for the seat to move (IllegalMove, and AmbiguousMove for a tile that fits several
        ends with none named, leave this game as it was); the new game and what the move caused."""
        state, events = self.state.apply(move, seat)
        return Game(state, self.hands.with_events(events)), events

    def next_hand(self, secret: bytes | None = None) -> tuple[Game, list[Event]]:
        """Deal the next hand from a secret: the one given, else the seed's or a fresh one
        (`GameState.next_hand`)."""
        state, events = self.state.next_hand(secret)
        return Game(state, self.hands.with_events(events)), events

    def undo(self, moves: int = 1) -> Game:
        """The game with the last `moves` moves of the hand in play never made: the hand is dealt again
        and the moves before them replayed on the fast core (the deal is the record's, so the same
        tiles are drawn); the finished hands are shared as they are. ValueError when the hand in play
        has fewer moves."""
        state = self.state
        made_here = len(state.log[-1].moves) if state.log else 0
        if not 0 <= moves <= made_here:
            raise ValueError(f"the hand in play has {made_here} moves: {moves} cannot be taken back")
        if moves == 0:
            return self
        dealt = state.log[-1]
        kept = dealt.moves[:made_here - moves]
        table = core.Table(state.rules.to_core())
        table.scores = list(self._opening_scores())
        table.hand_index = len(state.log) - 2  # dealing makes it this hand's
        table.start_hand([_ids(hand) for hand in dealt.hands], _ids(dealt.boneyard), dealt.leader)
        raw: list = []
        for move in kept:
            kind, tile, end = move.to_core()
            if kind == core.PLAY and end == -1 and not table.layout.empty:
                end = table.layout.accepts(tile)[0]  # a record may leave out the only end
            table.apply_unchecked(kind, tile, end, raw)
        events, result = events_from_core(raw, state.rules, table)
        log = state.log[:-1] + (dealt.model_copy(update={"moves": kept}),)
        after = GameState.from_replayed(table, state.rules, state.seed, log, result)
        opened = made(HandDealt, hand_number=len(log), leader=dealt.leader)
        return Game(after, self.hands.with_last((opened, *events)))

    def _opening_scores(self) -> tuple[int, ...]:
        """Each side's score as the hand in play was dealt: what the hand before it ended with."""
        hand = len(self.state.log)
        if hand < 2:
            return (0,) * self.state.rules.sides
        result = _result(self.hands[hand - 2])
        if result is None:
            raise ValueError(f"hand {hand - 1} has no result among its events")
        return result.scores


@dataclass(frozen=True)
class SeenGame:
    """A game as one seat knows it: its `SeatView`, and every hand's events as it may see them
    (another seat's drawn tile unnamed). A seat at a remote table holds one and folds each of the
    table's updates into it."""

    view: SeatView
    hands: Hands
    winner: int | None = None  # the winning side, once the game is won

    @classmethod
    def from_snapshot(cls, view: SeatView, hands: Iterable[Iterable[Event]] = (),
                      winner: int | None = None) -> SeenGame:
        """The whole table as the seat was sent it (joining, coming back, the game starting)."""
        return cls(view, hands if isinstance(hands, Hands) else Hands(hands), winner)

    def with_update(self, events: Iterable[Event], view: SeatView) -> SeenGame:
        """After a move or a deal at the table: its events (as this seat may see them; a `HandDealt`
        opens a hand) and the seat's view after it."""
        events = tuple(events)
        winner = next((ev.side for ev in events if isinstance(ev, GameWon)), self.winner)
        return SeenGame(view, self.hands.with_events(events), winner)

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def phase(self) -> str:
        return self.view.phase

    @property
    def events(self) -> HandEvents:
        """The hand in play's events."""
        return self.hands.last

    @property
    def result(self) -> HandResult | None:
        """The hand in play's result, once it is over."""
        return _result(self.hands.last)


def _ids(tiles: Iterable[Tile]) -> list[int]:
    return [t.id for t in tiles]


__all__ = ["Game", "HandEvents", "Hands", "SeenGame", "for_seat"]
