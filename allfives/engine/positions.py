"""A game laid out move by move: the state at any move of any hand, every hand face up, for review.

Positions are built as they are visited, each from its hand's deal replayed on the fast core table,
and the latest few are kept. For the whole game the timeline holds only where each hand's steps
begin and, once a hand is reached, the scores it began with: a 10,000-hand game opens as quickly as
a short one.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from . import core
from .models import Move, Rules
from .state import Event, GameState, HandDealt, HandLog, HandResult, events_from_core, made

Step = tuple[int, int]  # (hand number, 1-based; moves made in that hand, 0 = just dealt)
CoreMove = tuple[int, int, int]
HandEvents = tuple[Event, ...]

KEPT_POSITIONS = 64  # positions built lately and kept: a step back and forth is then free
KEPT_HANDS = 64  # whole hands' events kept: the log shows the latest hands' lines (LOG_LINES)


@dataclass(frozen=True)
class Position:
    """The game as it stood after `move` moves of hand `hand` (the state holds every hand, face up)."""

    hand: int
    move: int
    state: GameState
    events: Sequence[HandEvents]  # each hand's events up to here, the scoresheet's and log's input
    last_move: Move | None  # the move that led here; None just after a deal


class Steps(Sequence[Step]):
    """Every step of a game in order, found by arithmetic on where each hand's steps begin."""

    def __init__(self, firsts: Sequence[int]) -> None:
        self._firsts = firsts  # each hand's first step's index, then how many steps there are

    def __len__(self) -> int:
        return self._firsts[-1]

    @overload
    def __getitem__(self, i: int) -> Step: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Step, ...]: ...

    def __getitem__(self, i: int | slice) -> Step | tuple[Step, ...]:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self))))
        at = i + len(self) if i < 0 else i
        if not 0 <= at < len(self):
            raise IndexError(f"step {i} is not in this game")
        hand = bisect_right(self._firsts, at)
        return hand, at - self._firsts[hand - 1]

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        """The place of (hand, move) among the steps; ValueError when it is not one."""
        firsts = self._firsts
        if (isinstance(value, tuple) and len(value) == 2 and all(type(v) is int for v in value)
                and 1 <= value[0] < len(firsts) and 0 <= value[1] < firsts[value[0]] - firsts[value[0] - 1]):
            at = firsts[value[0] - 1] + value[1]
            if start <= at and (stop is None or at < stop):
                return at
        raise ValueError(f"{value!r} is not a step of this game")

    def __contains__(self, value: object) -> bool:
        try:
            self.index(value)
        except ValueError:
            return False
        return True

    def __iter__(self) -> Iterator[Step]:
        firsts = self._firsts
        for hand in range(1, len(firsts)):
            for move in range(firsts[hand] - firsts[hand - 1]):
                yield hand, move


class PlayedHands(Sequence[HandEvents]):
    """Each hand's events up to a position: the hand in play's held, the finished ones' rebuilt
    (and a few kept) by the timeline when asked, so a position late in a long game stays small."""

    def __init__(self, timeline: Timeline, hand: int, current: HandEvents) -> None:
        self._timeline = timeline
        self._hand = hand
        self.current = current

    def __len__(self) -> int:
        return self._hand

    @overload
    def __getitem__(self, i: int) -> HandEvents: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[HandEvents, ...]: ...

    def __getitem__(self, i: int | slice) -> HandEvents | tuple[HandEvents, ...]:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(self._hand)))
        at = i + self._hand if i < 0 else i
        if not 0 <= at < self._hand:
            raise IndexError(f"hand {i} is not played by here")
        return self.current if at == self._hand - 1 else self._timeline.hand_events(at + 1)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)) or len(other) != len(self):
            return False
        return all(tuple(mine) == tuple(theirs) for mine, theirs in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]


class Timeline:
    """A game's positions, each built when first asked for from its hand's deal, the latest kept."""

    def __init__(self, game: GameState, kept: int = KEPT_POSITIONS) -> None:
        self.game = game
        self._rules = game.rules.to_core()
        firsts = array("q", [0])
        for log in game.log:
            firsts.append(firsts[-1] + len(log.moves) + 1)
        self._firsts = firsts
        self.steps = Steps(firsts)
        self._kept = max(1, kept)
        self._positions: OrderedDict[Step, Position] = OrderedDict()
        # whole hands' events, with how many core events each move had made by then (an event each)
        self._hands: OrderedDict[int, tuple[HandEvents, array]] = OrderedDict()
        self._opening: list[tuple[int, ...]] = []  # the scores each hand began with, as far as reached
        self._walker = core.Table(self._rules)  # the table at the end of the last hand in `_opening`
        self.built = 0  # positions built so far (what a review of a long game costs)

    @property
    def hands(self) -> int:
        return len(self._firsts) - 1

    @property
    def kept(self) -> int:
        """How many positions are held now (never more than the timeline was told to keep)."""
        return len(self._positions)

    def moves_in(self, hand: int) -> int:
        """How many moves hand `hand` (1-based) has."""
        return self._firsts[hand] - self._firsts[hand - 1] - 1

    def at(self, hand: int, move: int) -> Position:
        """The position after `move` moves of `hand`; IndexError outside the game."""
        if not 1 <= hand <= self.hands or not 0 <= move <= self.moves_in(hand):
            raise IndexError(f"hand {hand}, move {move} is not in this game")
        position = self._positions.get((hand, move))
        if position is not None:
            self._positions.move_to_end((hand, move))
            return position
        position = self._build(hand, move)
        self._positions[hand, move] = position
        if len(self._positions) > self._kept:
            self._positions.popitem(last=False)
        return position

    def hand_events(self, hand: int, moves: int | None = None) -> HandEvents:
        """The events of hand `hand` from its deal to its last move (or to its `moves`-th)."""
        kept = self._hands.get(hand)
        if kept is None:
            table, raw, counts = self._play(hand, self.moves_in(hand))
            kept = self._keep_hand(hand, self._events(hand, table, raw)[0], counts)
        else:
            self._hands.move_to_end(hand)
        events, counts = kept
        return events if moves is None or moves == len(counts) - 1 else events[:1 + counts[moves]]

    def opening_scores(self, hand: int) -> tuple[int, ...]:
        """Each side's score as hand `hand` was dealt (the hands before it replayed once, when first
        asked for)."""
        walker, log = self._walker, self.game.log
        while len(self._opening) < hand:
            dealt = log[len(self._opening)]
            self._opening.append(tuple(walker.scores))
            _deal(walker, dealt)
            for move in dealt.moves:
                _apply(walker, move)
        return self._opening[hand - 1]

    def index(self, hand: int, move: int) -> int:
        """The place of a position in `steps` (←/→ move one step along it)."""
        return self.steps.index((hand, move))

    def step(self, hand: int, move: int, by: int) -> Step:
        """The position `by` steps away along the whole game, stopping at its first and last."""
        i = min(len(self.steps) - 1, max(0, self.index(hand, move) + by))
        return self.steps[i]

    def hand_step(self, hand: int, by: int, at_end: bool = False) -> Step:
        """The start (or end) of the hand `by` hands away, stopping at the first and last hand."""
        h = min(self.hands, max(1, hand + by))
        return (h, self.moves_in(h) if at_end else 0)

    # -- building a position -------------------------------------------------------------

    def _play(self, hand: int, moves: int) -> tuple[core.Table, list, array]:
        """The core table after `moves` moves of `hand`, dealt afresh, the core's events on the way and
        how many there were after each move."""
        table = core.Table(self._rules)
        table.scores = list(self.opening_scores(hand))
        table.hand_index = hand - 2  # dealing makes it this hand's
        dealt = self.game.log[hand - 1]
        _deal(table, dealt)
        raw: list = []
        counts = array("q", [0])
        for move in dealt.moves[:moves]:
            _apply(table, move, raw)
            counts.append(len(raw))
        return table, raw, counts

    def _events(self, hand: int, table: core.Table, raw: list) -> tuple[HandEvents, HandResult | None]:
        events, result = events_from_core(raw, self.game.rules, table)
        return (made(HandDealt, hand_number=hand, leader=self.game.log[hand - 1].leader), *events), result

    def _keep_hand(self, hand: int, events: HandEvents, counts: array) -> tuple[HandEvents, array]:
        kept = self._hands[hand] = self._hands.get(hand, (events, counts))  # the one already kept, if any
        self._hands.move_to_end(hand)
        if len(self._hands) > KEPT_HANDS:
            self._hands.popitem(last=False)
        return kept

    def _build(self, hand: int, move: int) -> Position:
        self.built += 1
        table, raw, counts = self._play(hand, move)
        events, result = self._events(hand, table, raw)
        whole = self.game.log[hand - 1]
        if move == len(whole.moves):  # the whole hand: the very events `hand_events` gives
            events = self._keep_hand(hand, events, counts)[0]
            played = whole
        else:
            played = HandLog.model_construct(hands=whole.hands, boneyard=whole.boneyard, leader=whole.leader,
                                             moves=whole.moves[:move], deal=whole.deal)
        log = self.game.log[:hand - 1] + (played,)
        state = GameState.from_replayed(table, self.game.rules, self.game.seed, log, result)
        last = whole.moves[move - 1] if move else None
        return Position(hand, move, state, PlayedHands(self, hand, events), last)


def _deal(table: core.Table, dealt: HandLog) -> None:
    table.start_hand([[t.id for t in h] for h in dealt.hands], [t.id for t in dealt.boneyard], dealt.leader)


def _apply(table: core.Table, move: Move, events: list | None = None) -> None:
    """A move of a game already played (so legal) on the core table."""
    kind, tile, end = move.to_core()
    if kind == core.PLAY and end == -1 and not table.layout.empty:
        end = table.layout.accepts(tile)[0]  # a record may leave out the only end
    table.apply_unchecked(kind, tile, end, events)


# -- the same replay on the fast core, for the analysis and the history ----------------

def replay(game: GameState) -> Iterator[tuple[int, int, core.Table, CoreMove | None]]:
    """`walk`'s steps, and after each hand's last move one more: (hand, moves + 1, table, None), the
    table as the hand left it (a hand not begun: just dealt). The table is the live one, as in `walk`."""
    table = core.Table(game.rules.to_core())
    for h, log in enumerate(game.log, start=1):
        table.start_hand([[t.id for t in dealt] for dealt in log.hands], [t.id for t in log.boneyard],
                         log.leader)
        for m, move in enumerate(log.moves, start=1):
            kind, tile, end = move.to_core()
            if kind == core.PLAY and end == -1 and not table.layout.empty:
                end = table.layout.accepts(tile)[0]  # a record may leave out the only end
            yield h, m, table, (kind, tile, end)
            table.apply_unchecked(kind, tile, end)
        yield h, len(log.moves) + 1, table, None


def walk(game: GameState) -> Iterator[tuple[int, int, core.Table, CoreMove]]:
    """(hand, move number from 1, the table before the move, the move as `legal_moves` writes it).

    The table is the live one and changes after each step: copy it to keep it.
    """
    for h, m, table, move in replay(game):
        if move is not None:
            yield h, m, table, move


def iter_hand_ends(game: GameState) -> Iterator[core.Table]:
    """`hand_ends` one hand at a time, each replayed when asked for (a long game's are not all held)."""
    return (table.copy() for _, _, table, move in replay(game) if move is None)


def hand_end(rules: Rules, scores: tuple[int, ...], hand: HandLog) -> core.Table:
    """The table as one hand left it, the hand begun at `scores`: what a game's hands replayed one at a
    time come to (the history keeps a long game hand by hand)."""
    table = core.Table(rules.to_core())
    table.scores = list(scores)
    _deal(table, hand)
    for move in hand.moves:
        _apply(table, move)
    return table


def hand_ends(game: GameState) -> list[core.Table]:
    """The table as each hand left it: after its last move (just after the deal for a hand not begun)."""
    return list(iter_hand_ends(game))
