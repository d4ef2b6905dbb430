"""From the Python core's objects to the compiled kernels' flat arrays and back.

Each function here does what a named piece of the Python search does, on the kernels, and leaves the
caller's `random.Random` where the Python search would have left it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import numpy as np

from allfives.engine import core

from ..knowledge import Sampler, Seen, table_for

Move = tuple[int, int, int]


def mt_of(rng: random.Random) -> np.ndarray:
    """The generator's Mersenne Twister state, as the kernels draw from it."""
    return np.array(rng.getstate()[1], dtype=np.int64)


def set_mt(rng: random.Random, mt: np.ndarray) -> None:
    """Leave `rng` where the kernels left their copy of it."""
    version, _state, gauss = rng.getstate()
    rng.setstate((version, tuple(int(x) for x in mt), gauss))


def table_array(k: ModuleType, table: core.Table) -> np.ndarray:
    """A core Table (rules, hands in order, boneyard, layout, scores, turn) as the kernels' state."""
    st = np.zeros(k.SIZE, dtype=np.int64)
    rules = table.rules
    for seat, hand in enumerate(table.hands):
        st[k.H + 28 * seat:k.H + 28 * seat + len(hand)] = hand
        st[k.HL + seat] = len(hand)
    st[k.B:k.B + len(table.boneyard)] = table.boneyard
    st[k.BL] = len(table.boneyard)
    lay = table.layout
    st[k.L:k.L + 4] = lay.pips
    st[k.L + 4:k.L + 8] = lay.counts
    st[k.L + k.L_LEAD] = lay.lead
    st[k.L + k.L_SPIN] = lay.spinner
    st[k.L + k.L_OPEN] = lay.sides_open
    st[k.L + k.L_EXP] = int(lay.exposed[0])
    st[k.L + k.L_EXP + 1] = int(lay.exposed[1])
    st[k.SC:k.SC + len(table.scores)] = table.scores
    st[k.TURN] = table.turn
    st[k.PHASE] = table.phase
    st[k.WIN] = table.winner
    st[k.SEATS] = rules.seats
    st[k.PART] = int(rules.partnership)
    st[k.TARGET] = rules.target
    st[k.MUG] = int(rules.muggins)
    st[k.FIN] = int(rules.finish_hand)
    st[k.SIDES] = rules.sides
    return st


def sampler_arrays(sampler: Sampler) -> tuple[np.ndarray, ...]:
    """(allowed, their lengths, order, owners, hidden): the sampler's plan as arrays."""
    n = len(sampler.masks)
    allowed = np.zeros((max(n, 1), 28), dtype=np.int64)
    alen = np.zeros(max(n, 1), dtype=np.int64)
    for i, tiles in enumerate(sampler.allowed):
        allowed[i, :len(tiles)] = tiles
        alen[i] = len(tiles)
    return (allowed, alen, np.array(sampler.order, dtype=np.int64),
            np.array(sampler.owners, dtype=np.int64), np.array(sampler.hidden, dtype=np.int64))


def _template(k: ModuleType, seen: Seen) -> np.ndarray:
    hands = [list(seen.hand) if s == seen.seat else [] for s in range(seen.rules.seats)]
    return table_array(k, table_for(seen, hands, []))


_NO_EVIDENCE = None


def _no_evidence() -> tuple[np.ndarray, ...]:
    global _NO_EVIDENCE
    if _NO_EVIDENCE is None:
        _NO_EVIDENCE = (np.zeros((0, 3), dtype=np.int64), np.zeros((0, 28), dtype=np.int64),
                        np.zeros((4, 1), dtype=np.int64), np.zeros(4, dtype=np.int64),
                        np.zeros((4, 1, 3), dtype=np.int64), np.zeros(4, dtype=np.int64))
    return _NO_EVIDENCE


def evidence_arrays(evidence: Any, seats: int) -> tuple[np.ndarray, ...]:
    """inference.Evidence as arrays: plays (seat, when, taken), offered, born, played."""
    plays = np.array([(s, w, t) for s, w, t, _o in evidence.plays], dtype=np.int64).reshape(-1, 3)
    offered = np.array([o for *_x, o in evidence.plays], dtype=np.int64).reshape(-1, 28)
    width = max([1] + [len(b) for b in evidence.born])
    born = np.zeros((4, width), dtype=np.int64)
    blen = np.zeros(4, dtype=np.int64)
    for s, b in enumerate(evidence.born):
        born[s, :len(b)] = b
        blen[s] = len(b)
    rows = max([1] + [len(p) for p in evidence.played])
    played = np.zeros((4, rows, 3), dtype=np.int64)
    plen = np.zeros(4, dtype=np.int64)
    for s, p in enumerate(evidence.played):
        for r, row in enumerate(p):
            played[s, r] = row
        plen[s] = len(p)
    return plays, offered, born, blen, played, plen


def evaluate(k: ModuleType, seen: Seen, moves: Sequence[Move], rng: random.Random, sims: int | None,
             deadline: float = float("inf"), *, sampler: Sampler | None = None,
             root: core.Table | None = None, points: bool = False, style: Sequence[float] | None = None,
             pick: int = 1, evidence: Any = None, strength: float = 0.0,
             solve_nodes: int = 0) -> tuple[list[float], list[float]]:
    """search.evaluate_moves on the kernels: each move's mean win chance (and mean points gained
    since `seen.scores` when `points`) over guessed deals, or over `root` itself every time (the
    oracle). By the clock (`sims` None) it searches in rounds until `deadline`."""
    if root is not None:
        template = table_array(k, root)
        plan = _empty_plan()
    else:
        sampler = sampler or Sampler(seen)
        template = _template(k, seen)
        plan = sampler_arrays(sampler)
    mv = np.array(moves, dtype=np.int64).reshape(-1, 3)
    start = np.zeros(4, dtype=np.int64)
    start[:len(seen.scores)] = seen.scores
    ev = evidence_arrays(evidence, seen.rules.seats) if pick > 1 else _no_evidence()
    style_arr = np.array(style if style is not None else (0.0,) * 6, dtype=np.float64)
    mt = mt_of(rng)
    wins = np.zeros(len(mv))
    gains = np.zeros(len(mv))
    win_sum = np.zeros(len(mv))
    gain_sum = np.zeros(len(mv))
    done = 0
    while True:
        batch = sims if sims is not None else 8
        k.evaluate(template, mv, batch, *plan, seen.seat, mt, seen.side, start, points, style is not None,
                   style_arr, pick, strength, *ev, root is not None, solve_nodes, wins, gains)
        win_sum += wins
        gain_sum += gains
        done += batch
        if sims is not None or time.perf_counter() >= deadline:
            break
    set_mt(rng, mt)
    if sims is not None:  # one round: the kernels' sums divided as Python divides them
        return [v / done for v in wins.tolist()], [v / done for v in gains.tolist()]
    return [v / done for v in win_sum.tolist()], [v / done for v in gain_sum.tolist()]


def _empty_plan() -> tuple[np.ndarray, ...]:
    return (np.zeros((1, 28), dtype=np.int64), np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.int64),
            np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))


class Memory:
    """The compiled endgame's transposition table, kept by a caller from move to move."""

    def __init__(self, k: ModuleType) -> None:
        self.table = k.new_memory()


class Solver:
    """search.EndgameSolver on the kernels: its nodes counted over every `solve`, as there."""

    def __init__(self, k: ModuleType, side: int, by_points: bool, start: Sequence[int], node_limit: int,
                 memory: Memory | None = None) -> None:
        self.k = k
        self.side = side
        self.kind = 1 if by_points else 0
        self.start = np.zeros(4, dtype=np.int64)
        self.start[:len(start)] = start
        self.node_limit = node_limit
        self.memory = memory or Memory(k)
        self.counter = np.zeros(2, dtype=np.int64)  # nodes, aborted

    def solve(self, table: core.Table) -> tuple[float, Move | None] | None:
        """(value, best move), or None where the Python solver raises SearchAborted."""
        best = np.zeros(3, dtype=np.int64)
        value = self.k.solve(table_array(self.k, table), self.side, self.kind, self.start, self.memory.table,
                             self.node_limit, self.counter, best)
        if self.counter[1]:
            return None
        return float(value), (None if best[0] == -9 else (int(best[0]), int(best[1]), int(best[2])))


def solve(k: ModuleType, table: core.Table, side: int, by_points: bool, start: Sequence[int],
          node_limit: int, memory: Memory | None = None) -> tuple[float, Move | None] | None:
    """One EndgameSolver(...).solve(table) on the kernels (see `Solver`)."""
    return Solver(k, side, by_points, start, node_limit, memory).solve(table)


def played_out(k: ModuleType, table: core.Table, boneyard: list[int], seed: int) -> list[int]:
    """luck._played_out's playout: the scores once `table` with this boneyard is played out with
    random.Random(seed)'s greedy playout."""
    saved = table.boneyard
    table.boneyard = boneyard
    try:
        st = table_array(k, table)
    finally:
        table.boneyard = saved
    out = np.zeros(4, dtype=np.int64)
    k.played_out(st, seed, out)
    return out[:table.rules.sides].tolist()


def warm(k: ModuleType) -> None:
    """Call every entry point once on a small position, so each is compiled (or loaded from the cache)
    before any move needs it."""
    rules = core.CoreRules(2, False, 7, 250, False, False)
    table = core.Table(rules)
    table.deal_next(1)
    from ..knowledge import seen_from_table

    seen = seen_from_table(table, table.turn)
    moves = table.legal_moves()
    rng = random.Random(1)
    evaluate(k, seen, moves, rng, 1)
    evaluate(k, seen, moves, rng, 1, root=table.copy(), points=True)
    evaluate(k, seen, moves, rng, 1, style=(0.8, 1.0, 6.0, 0.2, 0.6, 2.0))
    plays = [(1 - seen.seat, 0, 0, [0] * 28)]

    class _Evidence:
        def __init__(self) -> None:
            self.plays = plays
            self.born = [[-1], [-1]]
            self.played = [[(0, 0, -1)], []]

    evaluate(k, seen, moves, rng, 1, style=(0.8, 1.0, 6.0, 0.2, 0.6, 2.0), pick=2, evidence=_Evidence(),
             strength=0.1, solve_nodes=50)
    end = core.Table(rules)
    end.start_hand([[27], [0]], [], 0)
    solve(k, end, 0, False, [0, 0], 100)
    solve(k, end, 0, True, [0, 0], 100)
    played_out(k, table, table.boneyard[:], 7)
