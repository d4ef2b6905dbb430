"""The expert bot: determinized search whose simulated players defend, on deals weighed by what was seen.

Hard's search (sampled deals that respect the card counting, played out to the end of the hand,
valued by the chance of winning the game) with the two changes that measured worth keeping:
every simulated player defends (`playout.Style`), and deals are drawn in proportion to how well
they explain the points the other players passed up (`inference.Evidence`). In 2 seats the exact
endgame keeps its transposition table from move to move of a hand.
"""

from __future__ import annotations

import random
import time
from typing import Any, NamedTuple

from allfives.engine import core

from . import fast
from .inference import Evidence
from .knowledge import Sampler, Seen, hidden_tiles, legal_moves, played_tiles, table_for
from .playout import DEFAULT_STYLE, Style, styled_playout
from .policy import Move, medium_scores
from .search import (
    EndgameSolver,
    SearchAborted,
    evaluate_moves,
    nodes_within,
    solved_world,
    win_chance,
    winning_utility,
)


class Knobs(NamedTuple):
    """The expert's levers, set where the benchmarks (benchmarks/RESULTS-bots.md) put them."""

    style: Style = DEFAULT_STYLE
    prior: float = 1.0  # points of medium's judgement added to the search's value, as hard does
    endgame_nodes: int = 60_000  # the exact 2-seat endgame's node cap under a fixed effort (~1 s)
    infer: float = 0.1  # soft inference: a deal's weight falls by exp(-infer) per point passed up
    candidates: int = 4  # deals drawn to pick one from by weight (1: no inference)
    # From this many tiles on the table (0: never), at tables of `solve_seats` seats: each guessed deal
    # solved exactly within `solve_nodes` nodes (played out past them), on `solve_sims` deals (0: as
    # many as otherwise). Two sides search as a zero-sum game; three assume the others play against it.
    solve_from: int = 0  # (4 won 57-43 against the expert before, but only 53% against hard)
    solve_nodes: int = 20_000
    solve_sims: int = 0
    solve_seats: tuple[int, ...] = (2,)
    # Solving a deal costs the Python core 30 times what it costs the compiled one (seconds a move):
    # on it, until the compiled core is ready or where numba cannot be had, the expert plays out every
    # deal instead, as it did before it solved any. True: the Python core solves too (the tests).
    solve_on_python: bool = False
    # At tables of these sizes, where no deal is solved, this many times the deals it is given (the
    # compiled core made them cheap): 400 rather than 100 took it from 47% to 59.5% against hard in 4
    # seats, and to 58.2% (+2.43 a hand over 400 games) in 2, where solving deals gave 53%
    wider: int = 4
    wider_seats: tuple[int, ...] = (2, 3, 4)

    def deals(self, sims: int, seats: int) -> int:
        """The deals it weighs when given `sims`, at a table of `seats` where it solves none."""
        return sims * self.wider if seats in self.wider_seats else sims


class ExpertSearch:
    """One decision's search, so its parts can be measured and tested apart."""

    def __init__(self, seen: Seen, moves: list[Move], rng: random.Random, knobs: Knobs) -> None:
        self.seen = seen
        self.moves = moves
        self.rng = rng
        self.knobs = knobs
        self.utility = winning_utility(seen.side)

    def values(self, sims: int | None, deadline: float) -> list[float]:
        """Mean win chance of each move over sampled deals played out in the expert's style."""
        seen, moves, rng = self.seen, self.moves, self.rng
        sampler = Sampler(seen)
        evidence = Evidence(seen, sampler.voids, self.knobs.infer)
        pick = self.knobs.candidates if self.knobs.infer and evidence else 1
        style = self.knobs.style
        knobs = self.knobs
        k = fast.compiled()
        solving = (knobs.solve_from > 0 and seen.rules.seats in knobs.solve_seats
                   and len(played_tiles(seen)) >= knobs.solve_from
                   and (k is not None or knobs.solve_on_python))
        if solving and knobs.solve_sims and sims is not None:
            sims = knobs.solve_sims
        elif sims is not None:
            sims = knobs.deals(sims, seen.rules.seats)
        if k is not None:
            from .fast.bridge import evaluate

            return evaluate(k, seen, moves, rng, sims, deadline, sampler=sampler, style=tuple(style),
                            pick=pick, evidence=evidence, strength=self.knobs.infer,
                            solve_nodes=knobs.solve_nodes if solving else 0)[0]

        def deal() -> core.Table:
            if pick > 1:
                # importance resampling: the deal that best explains the plays seen is likeliest
                deals = [sampler.sample(rng) for _ in range(pick)]
                weights = [evidence.weight(h) for h, _ in deals]
                hands, boneyard = rng.choices(deals, weights)[0]
            else:
                hands, boneyard = sampler.sample(rng)
            return table_for(seen, hands, boneyard)

        return evaluate_moves(deal, moves, self.utility, rng, sims, deadline,
                              lambda table, noise: styled_playout(table, noise, style),
                              solved_world(seen.side, knobs.solve_nodes) if solving else None)

    def with_prior(self, values: list[float]) -> list[float]:
        """A nudge from medium's one-move-ahead judgement, in win chance per point."""
        weight = self.knobs.prior
        if not weight:
            return values
        seen = self.seen
        mine = list(seen.scores)
        base = win_chance(mine, seen.side, seen.rules)
        mine[seen.side] += 5
        per_point = max(1e-4, (win_chance(mine, seen.side, seen.rules) - base) / 5)
        prior = medium_scores(seen, self.moves)
        return [v + weight * per_point * p for v, p in zip(values, prior, strict=True)]


# The 2-seat endgame's transposition table: the Python solver's dict, or the compiled solver's
# (a hand begun on one stays on it, so its moves are the ones either would make from the start).
EndgameMemory = dict[tuple, tuple[int, float, Move | None]] | Any


def expert_decision(seen: Seen, rng: random.Random, sims: int | None, budget: float,
                    knobs: Knobs, start: float | None = None, memory: EndgameMemory | None = None) -> Move:
    """The expert's move for this seat's view. `memory` is the 2-seat endgame's transposition
    table, kept by the caller from move to move of a hand (its entries are exact or bounds)."""
    start = time.perf_counter() if start is None else start
    moves = legal_moves(seen)
    if len(moves) == 1:
        return moves[0]
    deadline = start + 0.85 * budget
    if seen.rules.seats == 2 and seen.boneyard_count == 0 and not seen.layout.empty:
        move = solve_two_seat_endgame(seen, sims, deadline, knobs, memory)
        if move is not None:
            return move
    search = ExpertSearch(seen, moves, rng, knobs)
    values = search.with_prior(search.values(sims, deadline))
    return moves[max(range(len(moves)), key=values.__getitem__)]


def solve_two_seat_endgame(seen: Seen, sims: int | None, deadline: float, knobs: Knobs,
                           memory: EndgameMemory | None = None) -> Move | None:
    """Both hands are known once the boneyard is empty: search the rest of the hand exactly."""
    other = 1 - seen.seat
    hands: list[list[int]] = [[], []]
    hands[seen.seat] = list(seen.hand)
    hands[other] = hidden_tiles(seen)
    table = table_for(seen, hands, [])
    k = fast.compiled()
    if k is not None and not isinstance(memory, dict):
        from .fast.bridge import solve

        limit = (knobs.endgame_nodes if sims is not None
                 else nodes_within(0.8 * (deadline - time.perf_counter())))
        solved = solve(k, table, seen.side, False, seen.scores, limit, memory)
        return None if solved is None else solved[1]
    if sims is not None:
        solver = EndgameSolver(seen.side, winning_utility(seen.side), node_limit=knobs.endgame_nodes)
    else:
        solver = EndgameSolver(seen.side, winning_utility(seen.side), node_limit=10**9,
                               deadline=time.perf_counter() + 0.8 * (deadline - time.perf_counter()))
    if memory is not None:
        solver.tt = memory
    try:
        _, move = solver.solve(table)
    except SearchAborted:
        return None
    return move
