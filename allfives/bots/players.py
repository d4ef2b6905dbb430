"""The bots, one class per level: each turns what its seat sees into one legal move."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from allfives.engine import GameState, Move, SeatView, core

from . import fast
from .expert import EndgameMemory, Knobs, expert_decision
from .knowledge import Sampler, Seen, hidden_tiles, legal_moves, seen_from_table, seen_from_view, table_for
from .policy import easy_choice, medium_choice, medium_scores
from .search import EndgameSolver, SearchAborted, evaluate_moves, nodes_within, win_chance, winning_utility

CoreMove = tuple[int, int, int]

# How much the hard bot leans on the one-move-ahead heuristic, in points of its judgement: a
# tie-breaker that steadies a noisy search (worth about 2 points a hand against medium at 40 sims).
PRIOR = 1.0


class Bot:
    """A player at one seat. `choose` sees only the seat's view (the oracle alone also reads `state`)."""

    level = "bot"

    def __init__(self, seed: int | None = None, simulations: int | None = None,
                 time_budget: float = 1.0) -> None:
        self.seed = random.randrange(2**31) if seed is None else seed
        self.simulations = simulations
        self.time_budget = time_budget

    def choose(self, view: SeatView, state: GameState | None = None) -> Move:
        """The move to make; always one of `view.legal_moves`."""
        if not view.legal_moves:
            raise ValueError(f"seat {view.seat} has no move to make now")
        return Move.from_core(*self.decide(seen_from_view(view)))

    def choose_on_table(self, table: core.Table, seat: int) -> CoreMove:
        """`choose` for matches: the same decision, read straight off a live core Table."""
        return self.decide(seen_from_table(table, seat))

    def decide(self, seen: Seen) -> CoreMove:
        raise NotImplementedError

    def rng_for(self, seen: Seen) -> random.Random:
        """A generator fixed by the seed and the position, so a decision never depends on earlier calls."""
        fingerprint = hash((seen.hand_index, seen.seat, seen.hand, seen.history, seen.scores))
        return random.Random(self.seed * 1_000_003 + fingerprint)


class RandomBot(Bot):
    level = "random"

    def decide(self, seen: Seen) -> CoreMove:
        return self.rng_for(seen).choice(legal_moves(seen))


class EasyBot(Bot):
    """Takes the most points now; ties go to the heaviest tile."""

    level = "easy"

    def decide(self, seen: Seen) -> CoreMove:
        return easy_choice(seen.layout, legal_moves(seen), self.rng_for(seen))


class MediumBot(Bot):
    """One move ahead: weighs the next opponent's reply, control of its numbers, and heavy tiles."""

    level = "medium"

    def decide(self, seen: Seen) -> CoreMove:
        return medium_choice(seen, legal_moves(seen), self.rng_for(seen))


class HardBot(Bot):
    """Determinized search over deals that respect the card counting; exact endgames in 2-player play."""

    level = "hard"

    def decide(self, seen: Seen) -> CoreMove:
        start = time.perf_counter()
        moves = legal_moves(seen)
        if len(moves) == 1:
            return moves[0]
        rng = self.rng_for(seen)
        deadline = start + 0.85 * self.time_budget
        if seen.rules.seats == 2 and seen.boneyard_count == 0 and not seen.layout.empty:
            move = self.solve_endgame(seen, deadline)
            if move is not None:
                return move
        k = fast.compiled() if type(self).guesses is HardBot.guesses else None
        if k is not None:
            from .fast.bridge import evaluate

            values, _ = evaluate(k, seen, moves, rng, self.simulations, deadline)
        else:
            values = evaluate_moves(self.guesses(seen, rng), moves, winning_utility(seen.side), rng,
                                    self.simulations, deadline)
        if PRIOR:
            # a nudge from the one-move-ahead heuristic, in the same units (win chance per point)
            mine = list(seen.scores)
            base = win_chance(mine, seen.side, seen.rules)
            mine[seen.side] += 5
            per_point = max(1e-4, (win_chance(mine, seen.side, seen.rules) - base) / 5)
            prior = medium_scores(seen, moves)
            values = [v + PRIOR * per_point * p for v, p in zip(values, prior, strict=True)]
        return moves[max(range(len(moves)), key=values.__getitem__)]

    def guesses(self, seen: Seen, rng: random.Random) -> Callable[[], core.Table]:
        """The deals it searches: guesses at the hidden tiles that respect the card counting
        (a benchmark's bot may be told more; see benchmarks/told.py)."""
        sampler = Sampler(seen)

        def deal() -> core.Table:
            hands, boneyard = sampler.sample(rng)
            return table_for(seen, hands, boneyard)
        return deal

    def solve_endgame(self, seen: Seen, deadline: float) -> CoreMove | None:
        """Both hands are known: search the rest of the hand exactly, if it fits the budget."""
        other = 1 - seen.seat
        hands: list[list[int]] = [[], []]
        hands[seen.seat] = list(seen.hand)
        hands[other] = hidden_tiles(seen)
        table = table_for(seen, hands, [])
        k = fast.compiled()
        if k is not None:
            from .fast.bridge import solve

            limit = (20_000 + 50 * self.simulations if self.simulations is not None
                     else nodes_within(0.6 * (deadline - time.perf_counter())))
            solved = solve(k, table, seen.side, False, seen.scores, limit)
            return None if solved is None else solved[1]
        if self.simulations is not None:
            # a node count, not the clock, keeps it deterministic (~60,000 nodes a second)
            solver = EndgameSolver(seen.side, winning_utility(seen.side),
                                   node_limit=20_000 + 50 * self.simulations)
        else:
            solver = EndgameSolver(seen.side, winning_utility(seen.side), node_limit=10**9,
                                   deadline=time.perf_counter() + 0.6 * (deadline - time.perf_counter()))
        try:
            _, move = solver.solve(table)
        except SearchAborted:
            return None
        return move


class OracleBot(Bot):
    """Sees every hand and the boneyard: a yardstick for benchmarks, never an opponent in the UI."""

    level = "oracle"

    def choose(self, view: SeatView, state: GameState | None = None) -> Move:
        if state is None:
            raise ValueError("the oracle needs the full game state")
        if state.turn != view.seat or not view.legal_moves:
            raise ValueError(f"seat {view.seat} has no move to make now")
        return Move.from_core(*self.choose_on_table(state.to_table(), view.seat))

    def choose_on_table(self, table: core.Table, seat: int) -> CoreMove:
        start = time.perf_counter()
        moves = table.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seen = seen_from_table(table, seat)
        rng = self.rng_for(seen)
        deadline = start + 0.85 * self.time_budget
        side = table.rules.side_of(seat)
        root = table.copy()
        root.history = []
        root.layout.arms = [[], [], [], []]
        k = fast.compiled() if type(self).deals is OracleBot.deals else None
        if table.rules.seats == 2 and not table.boneyard and k is not None:
            from .fast.bridge import solve

            limit = (20_000 + 50 * self.simulations if self.simulations is not None
                     else nodes_within(deadline - time.perf_counter()))
            solved = solve(k, root, side, False, table.scores, limit)
            if solved is not None and solved[1] is not None:
                return solved[1]
        elif table.rules.seats == 2 and not table.boneyard:
            limit = 20_000 + 50 * self.simulations if self.simulations is not None else 10**9
            solver = EndgameSolver(side, winning_utility(side), node_limit=limit,
                                   deadline=None if self.simulations is not None else deadline)
            try:
                _, move = solver.solve(root)
                if move is not None:
                    return move
            except SearchAborted:
                pass
        if k is not None:
            from .fast.bridge import evaluate

            values, _ = evaluate(k, seen, moves, rng, self.simulations, deadline, root=root)
        else:
            values = evaluate_moves(self.deals(root, rng), moves, winning_utility(side), rng,
                                    self.simulations, deadline)
        return moves[max(range(len(moves)), key=values.__getitem__)]

    def deals(self, root: core.Table, rng: random.Random) -> Callable[[], core.Table]:
        """The deals it searches: the true one, every time."""
        return root.copy

    def decide(self, seen: Seen) -> CoreMove:
        raise ValueError("the oracle decides from the full table, not a seat's view")


class HandsOracleBot(OracleBot):
    """Sees every hand but not the boneyard's order (no player could): the yardstick of what the
    hidden hands cost, since the order of the boneyard is hidden from everyone alike."""

    level = "oracle-hands"

    def deals(self, root: core.Table, rng: random.Random) -> Callable[[], core.Table]:
        def deal() -> core.Table:
            table = root.copy()
            rng.shuffle(table.boneyard)
            return table
        return deal


class ExpertBot(Bot):
    """Hard's search with simulated players who defend, on deals weighed by what was seen."""

    level = "expert"
    knobs = Knobs()

    def __init__(self, seed: int | None = None, simulations: int | None = None,
                 time_budget: float = 1.0) -> None:
        super().__init__(seed, simulations, time_budget)
        # the 2-seat endgame's transposition table, kept from move to move of one hand
        self.memory: EndgameMemory = {}
        self.memory_hand: tuple | None = None

    def decide(self, seen: Seen) -> CoreMove:
        start = time.perf_counter()
        hand = (seen.rules, seen.side, seen.hand_index)  # its values hold for this side and these rules
        if self.memory_hand != hand:
            k = fast.compiled()
            if k is not None:
                from .fast.bridge import Memory

                self.memory = Memory(k)
            else:
                self.memory = {}
            self.memory_hand = hand
        return expert_decision(seen, self.rng_for(seen), self.simulations, self.time_budget, self.knobs,
                               start, self.memory)
