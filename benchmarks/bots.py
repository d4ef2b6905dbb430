"""Bot benchmarks: the ladder of matches, the searching bots' thinking time, and playout speed.

    python benchmarks/bots.py            # full: 400-game 2-player ladder, 3- and 4-seat ladders
    python benchmarks/bots.py --quick    # a few games of each, for a smoke run
    python benchmarks/bots.py --only times,speed
    python benchmarks/bots.py --only times --levels expert --positions 200
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from allfives.bots import make_bot
from allfives.bots.match import DEFAULT_SIMS, report, run_match
from allfives.engine import GameState, Rules, core

# (stronger, weaker): each rung must win more than half of the games, the whole 95% interval above 50%.
LADDER = [("easy", "random"), ("medium", "easy"), ("hard", "medium"), ("hard", "easy"), ("expert", "hard"),
          ("expert", "medium"), ("oracle-hands", "hard"), ("oracle-hands", "expert"), ("oracle", "hard")]


def ladder(seats: int, games: int, sims: int, jobs: int, seed: int) -> list[str]:
    rows = []
    for strong, weak in LADDER:
        levels = [strong, weak] if seats != 3 else [strong, weak, weak]
        doc = run_match(levels, seats=seats, games=games, seed=seed, jobs=jobs, sims=sims)
        print(report(doc), flush=True)
        lo, hi = doc["ci95"][strong]
        m = doc.get("margin_per_hand")
        margin = f"{m['mean']:+.2f} ± {m['se']:.2f}" if m else "-"
        rows.append(f"| {seats} | {strong} v {weak} | {doc['games']} | {100 * doc['win_rate'][strong]:.1f}% "
                    f"| {100 * lo:.1f}-{100 * hi:.1f}% | {100 * doc['fair_share'][strong]:.0f}% | {margin} "
                    f"| {doc['games_per_second']} |")
    return rows


def positions(count: int, seed: int) -> list[tuple[GameState, int]]:
    """Decision points (more than one legal move) spread evenly over every stage of a hand, from the
    lead to the last tiles, in 2, 3 and 4 seats in turn: each hand is played out by medium bots
    and one of its decision points is picked at random."""
    rng = random.Random(seed)
    found: list[tuple[GameState, int]] = []
    while len(found) < count:
        seats = (2, 3, 4)[len(found) % 3]
        state = GameState.new(Rules(seats=seats), seed=rng.randrange(10**6))
        bots = [make_bot("medium", seed=s) for s in range(seats)]
        points: list[GameState] = []
        while state.phase == "playing":
            if len(state.legal_moves()) > 1:
                points.append(state)
            state, _ = state.apply(bots[state.turn].choose(state.view(state.turn)))
        if points:
            pick = rng.choice(points)
            found.append((pick, pick.turn))
    return found


def decision_times(count: int, budget: float, level: str = "hard") -> list[tuple[int, float]]:
    """(seats, seconds) of each decision, as the UI asks it: from the seat's view, thinking by the clock."""
    bot = make_bot(level, seed=1, time_budget=budget)
    times = []
    for state, seat in positions(count, seed=3):
        view = state.view(seat)
        start = time.perf_counter()
        bot.choose(view)
        times.append((state.rules.seats, time.perf_counter() - start))
    return times


def time_report(level: str, budget: float, times: list[tuple[int, float]]) -> str:
    lines = []
    for seats in (None, 2, 3, 4):
        xs = [t for s, t in times if seats is None or s == seats]
        if xs:
            where = "all" if seats is None else f"{seats} seats"
            lines.append(f"{level}, {budget:g} s budget, {where} ({len(xs)} positions): "
                         f"median decision {statistics.median(xs):.3f} s, worst {max(xs):.3f} s")
    return "\n".join(lines)


def playout_speed(seconds: float) -> tuple[float, float]:
    """Moves per second: random play on the fast core against the same on GameState.apply."""
    rng = random.Random(1)
    rules = Rules(seats=2)
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        table = core.Table(rules.to_core())
        table.deal_next(rng.randrange(10**6))
        while table.phase == core.PLAYING:
            table.apply_unchecked(*rng.choice(table.legal_moves()))
            moves += 1
    fast = moves / (time.perf_counter() - start)
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = GameState.new(rules, seed=rng.randrange(10**6))
        while state.phase == "playing":
            state, _ = state.apply(rng.choice(state.legal_moves()))
            moves += 1
    slow = moves / (time.perf_counter() - start)
    return fast, slow


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games and positions only")
    parser.add_argument("--games", type=int, default=None, help="games per 2-player rung (default 400)")
    parser.add_argument("--sims", type=int, default=DEFAULT_SIMS, help="hard/oracle simulations a move")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", default="2,3,4", help="seat counts for the ladder")
    parser.add_argument("--only", default="ladder,times,speed")
    parser.add_argument("--levels", default="hard,expert", help="bots whose thinking time is measured")
    parser.add_argument("--positions", type=int, default=None, help="decision points timed (default 200)")
    args = parser.parse_args()
    parts = args.only.split(",")
    games = args.games or (12 if args.quick else 400)
    if "ladder" in parts:
        rows = ["| seats | match | games | win rate | 95% CI | fair share | margin/hand | games/s |",
                "|---|---|---|---|---|---|---|---|"]
        for seats in map(int, args.seats.split(",")):
            n = games if seats == 2 else max(6, games // 2)
            rows += ladder(seats, n, args.sims, args.jobs, args.seed)
        print("\n".join(rows))
    if "times" in parts:
        count = args.positions or (9 if args.quick else 200)
        for level in args.levels.split(","):
            print(time_report(level, 1.0, decision_times(count, 1.0, level)), flush=True)
    if "speed" in parts:
        fast, slow = playout_speed(1.0 if args.quick else 5.0)
        print(f"random play: core.Table {fast:,.0f} moves/s, GameState.apply {slow:,.0f} moves/s "
              f"({fast / slow:.0f}x)")


if __name__ == "__main__":
    main()
