"""Search for the hard and oracle bots: winning chances, determinized playouts, an exact endgame solver."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from allfives.engine import core

from .policy import Move, playout, points_after

# Rough size of a hand in points (per side) and of its spread: they turn a score gap into winning chances.
HAND_POINTS = {2: 40.0, 3: 30.0, 4: 30.0}
HAND_SPREAD = {2: 30.0, 3: 25.0, 4: 25.0}

_SQRT2 = math.sqrt(2.0)
Utility = Callable[[core.Table], float]


def _beats(dist_a: float, dist_b: float, hand_points: float, spread: float) -> float:
    """Chance that a side `dist_a` short of the target gets there before one `dist_b` short."""
    hands_left = max(1.0, min(dist_a, dist_b) / hand_points)
    x = (dist_b - dist_a) / (spread * math.sqrt(hands_left))
    return 0.5 * (1.0 + math.erf(x / _SQRT2))


def win_chance(scores: list[int] | tuple[int, ...], side: int, rules: core.CoreRules, winner: int = -1
               ) -> float:
    """The side's chance to win the game from these scores between hands (1 or 0 once it is won).

    This is what the hard bot maximizes: far from the target it tracks the score gap,
    near the target the points that reach it weigh most.
    """
    if winner >= 0:
        return 1.0 if winner == side else 0.0
    seats = rules.seats
    hp = HAND_POINTS[seats]
    spread = HAND_SPREAD[seats]
    dist = [max(1.0, rules.target - s + 0.5) for s in scores]
    n = len(scores)
    if n == 2:
        return _beats(dist[side], dist[1 - side], hp, spread)
    strength = []
    for i in range(n):
        s = 1.0
        for j in range(n):
            if j != i:
                s *= _beats(dist[i], dist[j], hp, spread)
        strength.append(s)
    total = 0.0
    for s in strength:  # added in order, not by sum(): 3.12's sum compensates, and every Python (and the
        total += s      # compiled core) must weigh a move to the same last bit
    return strength[side] / total


def winning_utility(side: int) -> Utility:
    def utility(table: core.Table) -> float:
        return win_chance(table.scores, side, table.rules, table.winner)
    return utility


def points_utility(side: int, start: list[int] | tuple[int, ...]) -> Utility:
    """Score difference gained since `start`: own side minus the best other side."""
    def utility(table: core.Table) -> float:
        gains = [s - s0 for s, s0 in zip(table.scores, start, strict=True)]
        mine = gains[side]
        return mine - max(g for i, g in enumerate(gains) if i != side)
    return utility


# -- determinized sampling (PIMC) -----------------------------------------------------

def evaluate_moves(bases: Callable[[], core.Table], moves: list[Move], utility: Utility,
                   rng: random.Random, sims: int | None, deadline: float,
                   play_out: Callable[[core.Table, random.Random], None] = playout,
                   solve: Callable[[core.Table, list[Move]], list[float] | None] | None = None
                   ) -> list[float]:
    """Mean utility of each move over guessed deals: every move is tried on the same deals and
    with the same playout noise, so their differences are not drowned by the luck of the deal.
    `play_out` plays a hand to its end (hard's greedy playout unless told otherwise); `solve`, when
    given, values a deal's moves exactly first (`solved_world`), played out only where it gives up."""
    totals = [0.0] * len(moves)
    n = 0
    while True:
        base = bases()
        noise = rng.random()
        solved = solve(base, moves) if solve is not None else None
        if solved is not None:
            totals = [total + value for total, value in zip(totals, solved, strict=True)]
        else:
            for i, m in enumerate(moves):
                t = base.copy()
                t.apply_unchecked(*m)
                if t.phase == core.PLAYING:
                    play_out(t, random.Random(noise))
                totals[i] += utility(t)
        n += 1
        if sims is not None:
            if n >= sims:
                break
        elif time.perf_counter() >= deadline:
            break
    return [v / n for v in totals]


# -- exact endgame (two players, empty boneyard: both hands known) -------------------

def nodes_within(seconds: float) -> int:
    """The compiled solver's node cap for a search by the clock (it cannot read the clock itself):
    well under what it visits in that time (over 1,000,000 nodes a CPU second)."""
    return max(1_000, int(500_000 * max(0.0, seconds)))


class SearchAborted(Exception):
    """The solver ran out of nodes or time; the caller falls back to playouts."""


_EXACT, _LOWER, _UPPER = 0, 1, 2


class EndgameSolver:
    """Alpha-beta minimax to the end of the hand, with a transposition table.

    `utility` scores a finished hand (or won game) for `side`; the side to move at a node
    maximizes it if it is `side`, else minimizes it (two sides: a zero-sum game).
    """

    def __init__(self, side: int, utility: Utility, node_limit: int = 200_000,
                 deadline: float | None = None) -> None:
        self.side = side
        self.utility = utility
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self.tt: dict[tuple, tuple[int, float, Move | None]] = {}

    def solve(self, table: core.Table) -> tuple[float, Move | None]:
        """(value, best move) of the position; raises SearchAborted past the node or time limit."""
        root = table.copy()
        root.history = []
        root.layout.arms = [[], [], [], []]
        return self._search(root, -math.inf, math.inf)

    def _key(self, t: core.Table) -> tuple:
        lay = t.layout
        hands = tuple(sum(1 << x for x in h) for h in t.hands)
        return (hands, tuple(lay.pips), tuple(lay.counts), lay.spinner, lay.sides_open,
                tuple(lay.exposed), t.turn, tuple(t.scores), len(t.boneyard))

    def _search(self, t: core.Table, alpha: float, beta: float) -> tuple[float, Move | None]:
        if t.phase != core.PLAYING:
            return self.utility(t), None
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchAborted
        if self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise SearchAborted
        key = self._key(t)
        hit = self.tt.get(key)
        tt_move = None
        if hit is not None:
            flag, v, tt_move = hit
            if flag == _EXACT or (flag == _LOWER and v >= beta) or (flag == _UPPER and v <= alpha):
                return v, tt_move
        moves = t.legal_moves()
        if len(moves) > 1:
            lay = t.layout
            moves.sort(key=lambda m: -points_after(lay, m[1], m[2]))
            if tt_move in moves:
                moves.remove(tt_move)
                moves.insert(0, tt_move)
        maximize = t.rules.side_of(t.turn) == self.side
        a0, b0 = alpha, beta
        best_move = moves[0]
        best = -math.inf if maximize else math.inf
        for m in moves:
            c = t.copy()
            c.apply_unchecked(*m)
            v, _ = self._search(c, alpha, beta)
            if maximize:
                if v > best:
                    best, best_move = v, m
                alpha = max(alpha, v)
            else:
                if v < best:
                    best, best_move = v, m
                beta = min(beta, v)
            if alpha >= beta:
                break
        flag = _EXACT
        if best <= a0:
            flag = _UPPER
        elif best >= b0:
            flag = _LOWER
        self.tt[key] = (flag, best, best_move)
        return best, best_move


def solved_world(side: int, node_limit: int) -> Callable[[core.Table, list[Move]], list[float] | None]:
    """The exact value of each move in one guessed deal (every hand and the boneyard's order known, as
    bridge programs solve a deal), by the chance of winning: one solver for the deal, its nodes and
    table shared by the moves; None once it passes `node_limit` nodes, and the deal is played out."""
    utility = winning_utility(side)

    def solve(base: core.Table, moves: list[Move]) -> list[float] | None:
        solver = EndgameSolver(side, utility, node_limit=node_limit)
        out = []
        try:
            for m in moves:
                child = base.copy()
                child.apply_unchecked(*m)
                out.append(solver.solve(child)[0] if child.phase == core.PLAYING else utility(child))
        except SearchAborted:
            return None
        return out
    return solve


def brute_force(table: core.Table, side: int, utility: Utility) -> float:
    """Plain minimax with no pruning or memory: the yardstick the solver is tested against."""
    if table.phase != core.PLAYING:
        return utility(table)
    values = []
    for m in table.legal_moves():
        c = table.copy()
        c.apply_unchecked(*m)
        values.append(brute_force(c, side, utility))
    return max(values) if table.rules.side_of(table.turn) == side else min(values)
