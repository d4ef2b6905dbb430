"""The compiled core against the Python core, side by side in one run, in CPU seconds (process_time).

    python benchmarks/fast.py                 # everything below
    python benchmarks/fast.py --quick         # fewer positions and a shorter review

Prints: greedy and defending playouts a CPU second and the exact solver's nodes a CPU second; a hard
decision and a hint at the game's effort (median and worst over positions from seeded games); the
review of a seeded 4-seat game (every seat's decisions weighed, then luck and skill), each on the
Python core and on the compiled one. Both cores make the same moves (tests/bots/test_fast_identity.py),
so only the time differs. The compiled core is loaded first (compiled into the cache if need be).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from allfives.bots import GAME_SIMULATIONS, fast, make_bot  # noqa: E402
from allfives.bots.knowledge import seen_from_table, table_for  # noqa: E402
from allfives.bots.playout import DEFAULT_STYLE, styled_playout  # noqa: E402
from allfives.bots.policy import playout  # noqa: E402
from allfives.bots.search import EndgameSolver, SearchAborted, winning_utility  # noqa: E402
from allfives.engine import GameState, Rules, core  # noqa: E402


def positions(seats: int, count: int, seed: int = 1) -> list[core.Table]:
    """Positions met in seeded games played at random (every turn with a choice counts)."""
    rng = random.Random(seed)
    rules = core.CoreRules(seats, seats == 4, core.HAND_SIZES[seats], core.TARGETS[seats], False, False)
    out: list[core.Table] = []
    game = 0
    while len(out) < count:
        table = core.Table(rules)
        table.deal_next(seed * 1000 + game)
        game += 1
        while table.phase == core.PLAYING:
            moves = table.legal_moves()
            if len(moves) > 1 and rng.random() < 0.4:
                out.append(table.copy())
            table.apply_unchecked(*rng.choice(moves))
    return out[:count]


def use(compiled: bool) -> None:
    fast._reset_for_tests(fast.load_now() if compiled else None)


def cpu(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def playout_rate(tables: list[core.Table], styled: bool, compiled: bool) -> float:
    """Whole-hand playouts a CPU second from these positions (the hot loop of every decision)."""
    if not compiled:
        def work() -> None:
            for i, t in enumerate(tables):
                c = t.copy()
                if styled:
                    styled_playout(c, random.Random(i), DEFAULT_STYLE)
                else:
                    playout(c, random.Random(i))
        return len(tables) / cpu(work)
    import numpy as np

    from allfives.bots.fast import bridge

    k = fast.compiled()
    assert k is not None
    states = [bridge.table_array(k, t) for t in tables]
    buf = np.zeros((k.MAX_MOVES, 3), dtype=np.int64)
    scratch = [np.zeros(k.LSIZE, dtype=np.int64) for _ in range(3)]
    style = np.array(DEFAULT_STYLE, dtype=np.float64)
    mts = [bridge.mt_of(random.Random(i)) for i in range(len(states))]
    copies = [s.copy() for s in states]

    def work_compiled() -> None:
        for s, c, mt in zip(states, copies, mts, strict=True):
            c[:] = s
            if styled:
                k.styled_playout(c, mt, buf, style, *scratch)
            else:
                k.greedy_playout(c, mt, buf, scratch[0])
    work_compiled()  # (a playout called from Python is its own entry point: loaded on its first call)
    rounds = 40
    return rounds * len(states) / cpu(lambda: [work_compiled() for _ in range(rounds)])


def solver_rate(tables: list[core.Table], compiled: bool) -> float:
    """Nodes a CPU second of the exact 2-seat solver on whole-information worlds (capped at 200,000)."""
    nodes = 0
    spent = 0.0
    for t in tables:
        seen = seen_from_table(t, t.turn)
        world = table_for(seen, [list(h) for h in t.hands], [])
        if compiled:
            from allfives.bots.fast import bridge

            k = fast.compiled()
            solver = bridge.Solver(k, seen.side, False, seen.scores, 200_000)
            spent += cpu(lambda s=solver, w=world: s.solve(w))
            nodes += int(solver.counter[0])
        else:
            python = EndgameSolver(seen.side, winning_utility(seen.side), node_limit=200_000)

            def work(s: EndgameSolver = python, w: core.Table = world) -> None:
                with contextlib.suppress(SearchAborted):
                    s.solve(w)
            spent += cpu(work)
            nodes += python.nodes
    return nodes / spent


def decisions(tables: list[core.Table], level: str, sims: int) -> list[float]:
    """CPU seconds of each decision of a bot at this effort."""
    out = []
    for i, t in enumerate(tables):
        bot = make_bot(level, seed=i, simulations=sims)
        out.append(cpu(lambda b=bot, t=t: b.choose_on_table(t, t.turn)))
    return out


def review_game(seats: int, seed: int) -> GameState:
    """A seeded game played to its end by medium bots: the record a review weighs."""
    state = GameState.new(Rules(seats=seats, partnership=seats == 4), seed=seed)
    bots = [make_bot("medium", seed=s) for s in range(seats)]
    while state.phase != "game_over":
        if state.phase == "hand_over":
            state, _ = state.next_hand()
            continue
        state, _ = state.apply(bots[state.turn].choose(state.view(state.turn)))
    return state


def review_cpu(game: GameState, samples: int) -> tuple[float, int]:
    """CPU seconds of `allfives review`'s work: every seat's decisions, then luck and skill."""
    from allfives.bots.analysis import analyse_game
    from allfives.bots.luck import luck_of, luck_samples

    start = time.process_time()
    whole = analyse_game(game, range(game.rules.seats), samples)
    luck_of(game, whole.decisions, luck_samples(samples))
    return time.process_time() - start, len(whole.decisions)


def row(name: str, python: float, compiled: float, unit: str, higher_better: bool = True) -> None:
    ratio = compiled / python if higher_better else python / compiled
    print(f"{name:<44} {python:>12,.4g} {compiled:>12,.4g}  {unit:<16} x{ratio:,.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    n = 30 if args.quick else 120
    start = time.process_time()
    loaded = fast.load_now()
    if loaded is None:
        sys.exit("numba is not installed here: nothing to compare")
    print(f"compiled core ready in {time.process_time() - start:.2f} CPU s (cache: {fast.cache_dir()})")
    print(f"{'':<44} {'python':>12} {'compiled':>12}")
    two = positions(2, n)
    four = positions(4, n // 2, seed=2)
    for styled in (False, True):
        name = "defending playouts (expert)" if styled else "greedy playouts (hard)"
        row(name, playout_rate(two, styled, False), playout_rate(two, styled, True), "a CPU second")
    worlds = positions(2, n // 3, seed=3)
    row("exact 2-seat solver nodes", solver_rate(worlds, False), solver_rate(worlds, True), "a CPU second")
    for level, seats, tables in (("hard", 2, two), ("hard", 4, four), ("expert", 2, two)):
        sims = 100 if level == "expert" else GAME_SIMULATIONS
        sample = tables[: max(8, n // 6)]
        use(False)
        py = decisions(sample, level, sims)
        use(True)
        co = decisions(sample, level, sims)
        row(f"{level} decision, {seats} seats, median", statistics.median(py), statistics.median(co),
            "CPU s", higher_better=False)
        row(f"{level} decision, {seats} seats, worst", max(py), max(co), "CPU s", higher_better=False)
    # a hint is the hard bot's decision at the game's effort, for the player's seat
    game = review_game(4, seed=5)
    samples = 100 if args.quick else 400
    use(False)
    py_review, count = review_cpu(game, samples)
    use(True)
    co_review, _ = review_cpu(game, samples)
    row(f"review, 4 seats, {count} decisions, {samples} deals", py_review, co_review, "CPU s",
        higher_better=False)


if __name__ == "__main__":
    main()
