"""A game laid out move by move: the state at any move of any hand, every hand face up, for review."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from . import core
from .models import Move
from .state import Event, GameState

Step = tuple[int, int]  # (hand number, 1-based; moves made in that hand, 0 = just dealt)
CoreMove = tuple[int, int, int]


@dataclass(frozen=True)
class Position:
    """The game as it stood after `move` moves of hand `hand` (the state holds every hand, face up)."""

    hand: int
    move: int
    state: GameState
    events: tuple[tuple[Event, ...], ...]  # each hand's events up to here, the scoresheet's and log's input
    last_move: Move | None  # the move that led here; None just after a deal


class Timeline:
    """Every position of a game, replayed once from its record so stepping back and forth is instant."""

    def __init__(self, game: GameState) -> None:
        self.game = game
        self._states: list[list[GameState]] = []  # per hand: after the deal, then after each move
        self._counts: list[list[int]] = []  # per hand: how many of its events had happened by then
        self._events: list[list[Event]] = []
        state = GameState.empty(game.rules, game.seed)
        for log in game.log:
            state, events = state.start_hand(list(log.hands), list(log.boneyard), log.leader)
            states, counts = [state], [len(events)]
            for move in log.moves:
                state, new = state.apply(move)
                events.extend(new)
                states.append(state)
                counts.append(len(events))
            self._states.append(states)
            self._counts.append(counts)
            self._events.append(events)
        self.steps: tuple[Step, ...] = tuple(
            (h, m) for h, states in enumerate(self._states, start=1) for m in range(len(states)))

    @property
    def hands(self) -> int:
        return len(self._states)

    def moves_in(self, hand: int) -> int:
        """How many moves hand `hand` (1-based) has."""
        return len(self._states[hand - 1]) - 1

    def at(self, hand: int, move: int) -> Position:
        """The position after `move` moves of `hand`; IndexError outside the game."""
        if not 1 <= hand <= self.hands or not 0 <= move <= self.moves_in(hand):
            raise IndexError(f"hand {hand}, move {move} is not in this game")
        events = [tuple(e) for e in self._events[:hand - 1]]
        events.append(tuple(self._events[hand - 1][:self._counts[hand - 1][move]]))
        last = self.game.log[hand - 1].moves[move - 1] if move else None
        return Position(hand, move, self._states[hand - 1][move], tuple(events), last)

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


# -- the same replay on the fast core, for the analysis and the history ----------------

def _replay(game: GameState) -> Iterator[tuple[int, int, core.Table, CoreMove | None]]:
    """`walk`'s steps, and after each hand's last move one more: (hand, moves + 1, table, None)."""
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
    for h, m, table, move in _replay(game):
        if move is not None:
            yield h, m, table, move


def hand_ends(game: GameState) -> list[core.Table]:
    """The table as each hand left it: after its last move (just after the deal for a hand not begun)."""
    return [table.copy() for _, _, table, move in _replay(game) if move is None]
