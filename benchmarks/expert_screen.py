"""Screen variants of the expert bot: a match on duplicate deals, every game kept for a paired comparison.

    python benchmarks/expert_screen.py xi15 hard --seats 2 --games 100 --out /tmp/screens
    python benchmarks/expert_screen.py --pair /tmp/screens/xi15_hard_2_1.jsonl \
        /tmp/screens/expert_hard_2_1.jsonl

A variant is the expert with other `Knobs` (the table below); `expert` is today's default. The
games of a screen are written one a line, so two screens on the same seed compare game by game.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

import styles  # benchmarks/styles.py and told.py, beside this script
import told

import allfives.bots as bots
from allfives.bots import match
from allfives.bots.expert import Knobs
from allfives.bots.players import ExpertBot
from allfives.bots.playout import Style
from allfives.engine import Rules

# The variants screened in the second and fourth rounds (benchmarks/RESULTS-bots.md).
VARIANTS = {
    "xs0": Knobs(solve_from=0),  # the expert before the fifth round: no deal solved
    "x0": Knobs(infer=0.0),  # defending playouts, no inference
    "xi15": Knobs(infer=0.15),
    "xi1c8": Knobs(infer=0.1, candidates=8),
    "xi2c8": Knobs(infer=0.2, candidates=8),
    "xdf12": Knobs(style=Style(defend=1.2)),
    # hard's greedy-plus-shed playouts with the expert's inference
    "xgi1": Knobs(style=styles.GREEDY),
    # fourth round: the style best in whole-information self-play (benchmarks/styles.py)
    "xs1": Knobs(style=Style(defend=1.2, noise=0.5, stuck=3.0, shed_late=0.4)),
    "xp0": Knobs(prior=0.0),  # no nudge from medium's judgement
    "xp2": Knobs(prior=2.0),
    # fifth round, on the compiled core: each guessed deal solved exactly (2 seats) from 4 or 8 tiles
    # on the table, within 20,000 nodes a deal, on 100 or 40 deals
    "xs4": Knobs(solve_from=4),
    "xs4w40": Knobs(solve_from=4, solve_sims=40),
    "xs8": Knobs(solve_from=8),
    "xs8w40": Knobs(solve_from=8, solve_sims=40),
    "xs4n5": Knobs(solve_from=4, solve_nodes=5_000),
    # four seats (partners), each guessed deal solved from 4 or 8 tiles on the table
    "xs4q": Knobs(solve_from=4, solve_seats=(4,)),
    "xs8q": Knobs(solve_from=8, solve_seats=(4,)),
    # 2 seats: four times the deals instead of solving them (as at 3 and 4 seats), or as well from 8 tiles
    "xw4": Knobs(solve_from=0, wider_seats=(2, 3, 4)),
    "xw4s8": Knobs(solve_from=8, wider_seats=(2, 3, 4)),
}


def register() -> None:
    """Make every variant a level the match knows, for this process and the workers it forks."""
    plain = match.make_bot

    def make(level: str, **kw: object) -> object:
        if level in VARIANTS:
            return type(level, (ExpertBot,), {"knobs": VARIANTS[level], "level": level})(**kw)
        if level in told.levels():
            return told.levels()[level](**kw)
        return plain(level, **kw)

    match.make_bot = make  # type: ignore[assignment]


def screen(a: str, b: str, seats: int, games: int, seed: int, sims: int, out: Path) -> dict:
    """Play the match one deal after another, writing each game as it ends; returns the summary."""
    levels = [a, b] if seats != 3 else [a, b, b]
    rules = Rules(seats=seats).to_core()
    orders = len(match.seatings(levels, seats))
    deals = max(1, math.ceil(games / orders))
    seeds = match.bot_seed_stream(seed, deals, orders, seats)
    results = []
    start = time.perf_counter()
    out.mkdir(parents=True, exist_ok=True)
    with open(out / f"{a}_{b}_{seats}_{seed}.jsonl", "w") as f:
        for d in range(deals):
            effort: match.Sims = sims or {a: bots.GAME_SIMULATIONS_FOR.get("expert", 100) if a in VARIANTS
                                           else bots.game_simulations(a), b: bots.game_simulations(b)}
            chunk = match._run_deal((rules, levels, seats, d, seed, effort, 1.0, seeds[d]))
            results.extend(chunk)
            for k, r in enumerate(chunk):
                f.write(json.dumps({"deal": d, "order": k, "player": a, **r}) + "\n")
            f.flush()
    return match.summarize(levels, seats, rules, results, time.perf_counter() - start, seed, sims)


def pair(first: Path, second: Path) -> str:
    """The first player's margin a hand in each screen, and their difference game by game."""
    def load(p: Path) -> dict:
        return {(r["deal"], r["order"]): r for r in map(json.loads, p.read_text().splitlines())}

    def margin(r: dict) -> tuple[bool, float, int]:
        me = r["player"]
        m = [h[me] - max(v for k, v in h.items() if k != me) for h in r["gains"]]
        return r["winner"] == me, sum(m), len(m)

    a, b = load(first), load(second)
    keys = sorted(set(a) & set(b))
    if len(keys) < 2:
        return "fewer than two games in common"
    rows = [(margin(a[k]), margin(b[k])) for k in keys]
    diffs = [x[1] / x[2] - y[1] / y[2] for x, y in rows]
    mean = sum(diffs) / len(diffs)
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
    wins = [sum(x[0] for x, _ in rows), sum(y[0] for _, y in rows)]
    per_hand = [sum(x[1] for x, _ in rows) / sum(x[2] for x, _ in rows),
                sum(y[1] for _, y in rows) / sum(y[2] for _, y in rows)]
    return (f"{len(keys)} games in common: wins {wins[0]} v {wins[1]}; margin a hand {per_hand[0]:+.2f} v "
            f"{per_hand[1]:+.2f}; difference game by game {mean:+.2f} ± {se:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("levels", nargs="*", help="the screened player, then its opponent")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sims", type=int, default=match.DEFAULT_SIMS,
                        help="deals a decision; 0: each level at the game's effort (expert 100, hard 200)")
    parser.add_argument("--out", type=Path, default=Path("screens"))
    parser.add_argument("--pair", nargs=2, type=Path, metavar="GAMES", help="compare two screens' games")
    args = parser.parse_args()
    if args.pair:
        print(pair(*args.pair))
        return
    if len(args.levels) != 2:
        parser.error("name the screened player and its opponent, e.g. xi15 hard")
    register()
    print(match.report(screen(*args.levels, args.seats, args.games, args.seed, args.sims, args.out)))


if __name__ == "__main__":
    main()
