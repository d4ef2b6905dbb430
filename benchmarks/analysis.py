"""How long a game review takes: whole 2-seat games analysed at the default depth, and the history's cost.

    python benchmarks/analysis.py             # 5 games, seat 0 (the person) and every seat
    python benchmarks/analysis.py --quick     # 1 game, for a smoke run
    python benchmarks/analysis.py --noise 20  # also: how much a cost moves between sampling seeds
    python benchmarks/analysis.py --luck 20   # also: luck and skill on 20 games, every seat weighed:
                                              # the review's time before and after, and the residual

Each game is a person's game against the hard bot: seat 0 is played by the medium bot (a
person's stand-in), seat 1 by hard at a fixed search size. The analysis runs on one core; its
CPU time is what a quiet machine's clock would show, and the wall clock is printed beside it.
The history part times `HistoryStore.save_game`, which the app calls after every move, at the
end of a whole game (the record at its longest).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import tempfile
import time
from pathlib import Path

from allfives.bots import make_bot
from allfives.bots.analysis import DEFAULT_SAMPLES, GameAnalysis, analyse_game, judge
from allfives.bots.knowledge import legal_moves, seen_from_table
from allfives.bots.luck import luck_of, luck_samples
from allfives.bots.policy import points_after
from allfives.engine import GameState, Move, Rules, core
from allfives.engine.positions import walk
from allfives.history import HistoryStore


def person_v_hard(seed: int) -> GameState:
    state = GameState.new(Rules(seats=2), seed=seed)
    bots = [make_bot("medium", seed=seed), make_bot("hard", seed=seed + 1, simulations=40)]
    while state.phase != "game_over":
        if state.phase == "hand_over":
            state, _ = state.next_hand()
        else:
            state, _ = state.apply(bots[state.turn].choose(state.view(state.turn)))
    return state


def time_games(games: list[GameState], seats: tuple[int, ...], samples: int) -> None:
    """Seconds of CPU (this process on one core: what a quiet machine's clock would show) and of the
    wall clock (which a busy machine stretches)."""
    label = "seat 0" if seats == (0,) else "every seat"
    per_game, per_decision, walls, lucks = [], [], [], []
    for n, game in enumerate(games, start=1):
        wall, cpu = time.perf_counter(), time.process_time()
        analysis = analyse_game(game, seats, samples)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        luck_cpu = time.process_time()
        luck_of(game, analysis.decisions, luck_samples(samples), seats)  # what the review adds for the luck
        lucks.append(time.process_time() - luck_cpu)
        decisions = len(analysis.decisions)
        choices = sum(s.choices for s in analysis.game)
        exact = sum(1 for d in analysis.decisions if d.exact and not d.forced)
        per_game.append(cpu)
        per_decision.append(cpu / decisions)
        walls.append(wall)
        print(f"  game {n} ({label}): {game.hand_number} hands, {decisions} decisions ({choices} choices, "
              f"{exact} exact), {cpu:.1f} s CPU ({wall:.1f} s wall), {1000 * cpu / decisions:.0f} ms a "
              f"decision, {1000 * cpu / max(1, choices):.0f} ms a choice; the luck "
              f"{lucks[-1]:.1f} s CPU more", flush=True)
    print(f"{label}, {samples} samples: median {statistics.median(per_game):.1f} s CPU a game "
          f"(worst {max(per_game):.1f} s; wall median {statistics.median(walls):.1f} s), "
          f"{1000 * statistics.median(per_decision):.0f} ms a decision; the luck median "
          f"{statistics.median(lucks):.1f} s CPU more ({luck_samples(samples)} playouts a chance value)",
          flush=True)


def noise(games: list[GameState], count: int, samples: int) -> None:
    """Spread of a choice's cost over 5 sampling seeds: what a mark's 5-point line has to clear."""
    rng = random.Random(1)
    spots = [(table.copy(), move) for game in games for _, _, table, move in walk(game)
             if table.turn == 0 and len(table.legal_moves()) > 1]
    spreads = []
    for table, played in rng.sample(spots, min(count, len(spots))):
        seen = seen_from_table(table, table.turn)
        moves = legal_moves(seen)
        costs = []
        for seed in range(5):
            values, exact = judge(seen, moves, samples, random.Random(seed))
            if exact:
                break
            points = [p for p, _ in values]
            costs.append(max(points) - points[moves.index(played)])
        if len(costs) == 5:
            spreads.append(statistics.stdev(costs))
    print(f"cost spread between sampling seeds, {samples} samples, {len(spreads)} choices: "
          f"median sd {statistics.median(spreads):.2f} points, 90th percentile "
          f"{sorted(spreads)[int(0.9 * (len(spreads) - 1))]:.2f}")


def policy_gap(game: GameState, analysis: GameAnalysis) -> float:
    """Seat 0's share of how much better the review's best moves are than the playouts' own (the playout
    policy's choice without its noise, by the review's numbers): seat 0's gaps less seat 1's. The luck's
    values are playouts, so a decision moves them by the mover's gap less its cost, not by minus its cost:
    this much of "unseen" is the evaluation's, not the tiles'."""
    gaps = [0.0, 0.0]
    for h, m, table, _ in walk(game):
        d = analysis.decision(h, m)
        moves = table.legal_moves()
        if d is None or d.forced or moves[0][0] != core.PLAY or d.best_points is None:
            continue
        shed = 0.6 if len(table.hands[table.turn]) <= 3 else 0.25
        chosen = max(moves, key=lambda mv: points_after(table.layout, mv[1], mv[2]) + shed * core.PIPS[mv[1]])
        points = {j.move: j.points for j in d.judgements}
        gaps[d.seat] += d.best_points - points[str(Move.from_core(*chosen))]
    return gaps[0] - gaps[1]


def luck(count: int, samples: int) -> None:
    """Luck and skill on `count` games (every seat weighed, so skill is each side's play against the
    other's): what the luck adds to the review's time, and what luck plus skill leaves of the margin."""
    residuals, hidden, skill, margin, reviews, extra, noise, gaps = [], [], [], [], [], [], [], []
    for seed in range(1, count + 1):
        game = person_v_hard(seed)
        cpu = time.process_time()
        analysis = analyse_game(game, (0, 1), samples)
        reviews.append(time.process_time() - cpu)
        cpu = time.process_time()
        weighed = luck_of(game, analysis.decisions, luck_samples(samples))
        extra.append(time.process_time() - cpu)
        me = weighed.game[0]
        residuals.append(me.residual)
        hidden.append(me.hidden)
        skill.append(me.skill)
        margin.append(me.margin)
        noise.append(me.noise)
        gaps.append(policy_gap(game, analysis))
        print(f"  game {seed}: {game.hand_number} hands, margin {me.margin:+.0f}, luck {me.luck:+.1f} "
              f"(lead {me.lead:+.1f}, deals {me.dealt:+.1f}, draws {me.drawn:+.1f}, "
              f"unseen {me.hidden:+.1f}, the evaluation's gap {gaps[-1]:+.1f}), "
              f"skill {me.skill:+.1f} (lost {me.lost:.1f}, the other's {me.gained:.1f}), "
              f"residual {me.residual:+.2f} ± {me.noise:.1f}; review {reviews[-1]:.1f} s CPU, "
              f"luck {extra[-1]:.1f} s", flush=True)
    spread = statistics.stdev(residuals) if len(residuals) > 1 else 0.0
    print(f"luck, {count} games, {samples} samples a decision, {luck_samples(samples)} a chance value: "
          f"residual mean {statistics.mean(residuals):+.2f}, sd {spread:.2f} points a game "
          f"(reported noise median {statistics.median(noise):.1f}); unseen tiles mean "
          f"{statistics.mean(hidden):+.1f} (sd {statistics.stdev(hidden) if count > 1 else 0:.1f}), the "
          f"evaluation's gap mean {statistics.mean(gaps):+.1f}, unseen less the gap sd "
          f"{statistics.stdev([u - g for u, g in zip(hidden, gaps, strict=True)]) if count > 1 else 0:.1f}; "
          f"skill of seat 0 mean {statistics.mean(skill):+.1f}, margin mean {statistics.mean(margin):+.1f}; "
          f"time: review (both seats) median {statistics.median(reviews):.1f} s CPU, luck "
          f"{statistics.median(extra):.1f} s more", flush=True)


def history_saves(game: GameState) -> None:
    players = [{"name": "You", "kind": "person"}, {"name": "Ben", "kind": "bot", "level": "hard"}]
    with tempfile.TemporaryDirectory() as d:
        store = HistoryStore(Path(d))
        times = []
        for _ in range(20):
            start = time.perf_counter()
            store.save_game("g", game, players)
            times.append(time.perf_counter() - start)
    moves = sum(len(h.moves) for h in game.log)
    print(f"history: save_game at the end of a {moves}-move game, "
          f"median {1000 * statistics.median(times):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one game")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--noise", type=int, default=0, help="choices to re-judge with other seeds")
    parser.add_argument("--luck", type=int, default=0, help="games to weigh luck and skill on (every seat)")
    parser.add_argument("--only-luck", action="store_true", help="skip the review's timing and the history")
    args = parser.parse_args()
    count = 1 if args.quick else args.games
    print(f"python {platform.python_version()} on {platform.machine()}")
    if args.only_luck:
        luck(args.luck, args.samples)
        return
    games = [person_v_hard(seed) for seed in range(1, count + 1)]
    time_games(games, (0,), args.samples)
    time_games(games, (0, 1), args.samples)
    if args.noise:
        noise(games, args.noise, args.samples)
    if args.luck:
        luck(args.luck, args.samples)
    history_saves(games[0])


if __name__ == "__main__":
    main()
