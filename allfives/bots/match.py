"""`allfives match`: bot against bot on duplicate deals, in parallel, with win rates and their intervals."""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from typing import Any

from allfives import i18n
from allfives.engine import Rules, core
from allfives.i18n import _
from allfives.names import count

from . import ALL_LEVELS, game_simulations, make_bot

DEFAULT_SIMS = 40  # hard's effort in matches: about 0.05 s a move, and deterministic
MAX_HANDS = 500  # a game that runs longer than this is cut off (it never should)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def seatings(levels: list[str], seats: int) -> list[list[str]]:
    """Every order a deal is played in: both orders (2 seats), all rotations (3), teams swapped (4)."""
    if seats == 2:
        a, b = levels
        return [[a, b], [b, a]]
    if seats == 3:
        base = levels if len(levels) == 3 else [levels[0], levels[1], levels[0]]
        return [base[i:] + base[:i] for i in range(3)]
    a, b = levels
    return [[a, b, a, b], [b, a, b, a]]


def labels_for(levels: list[str]) -> list[str]:
    """One name per distinct player in the match (the same level given twice in 3 seats is one player)."""
    out: list[str] = []
    for lv in levels:
        if lv not in out:
            out.append(lv)
    return out


Sims = int | dict[str, int] | None  # one search size for every level, one per level, or the clock


def sims_of(sims: Sims, level: str) -> int | None:
    return sims.get(level) if isinstance(sims, dict) else sims


def game_effort(levels: list[str]) -> dict[str, int]:
    """Each level's search size in a local game (`--game-effort`: the effort the rating table is at)."""
    return {lv: game_simulations(lv) for lv in labels_for(levels)}


def play_game(rules: core.CoreRules, seating: list[str], deal_seed: int, bot_seeds: list[int],
              sims: Sims, budget: float) -> dict[str, Any]:
    """One full game to the target; returns the winner's level and each level's gain per hand."""
    bots = [make_bot(lv, seed=bot_seeds[seat], simulations=sims_of(sims, lv), time_budget=budget)
            for seat, lv in enumerate(seating)]
    table = core.Table(rules)
    gains: list[dict[str, float]] = []
    while table.phase != core.GAME_OVER and len(gains) < MAX_HANDS:
        table.deal_next(deal_seed)
        before = table.scores[:]
        while table.phase == core.PLAYING:
            seat = table.turn
            table.apply(*bots[seat].choose_on_table(table, seat))
        per: dict[str, list[int]] = {}
        for seat, lv in enumerate(seating):
            side = rules.side_of(seat)
            per.setdefault(lv, []).append(table.scores[side] - before[side])
        gains.append({lv: sum(v) / len(v) for lv, v in per.items()})
    winner = None
    if table.winner >= 0:
        winner = next(lv for seat, lv in enumerate(seating) if rules.side_of(seat) == table.winner)
    return {"winner": winner, "gains": gains}


def _run_deal(task: tuple) -> list[dict[str, Any]]:
    rules, levels, seats, deal, seed, sims, budget, bot_seeds = task
    deal_seed = seed * 100_003 + deal
    return [play_game(rules, seating, deal_seed, bot_seeds[k], sims, budget)
            for k, seating in enumerate(seatings(levels, seats))]


def bot_seed_stream(seed: int, deals: int, orders: int, seats: int) -> list[list[list[int]]]:
    """Every bot's seed, per deal, seating and seat, drawn in order from the bots' own stream
    (drawn before any game is played, so a parallel run seeds every bot the same)."""
    stream = random.Random(f"allfives-match-bots:{seed}")
    return [[[stream.getrandbits(63) for _n in range(seats)] for _o in range(orders)] for _d in range(deals)]


def run_match(levels: list[str], seats: int = 2, games: int = 400, seed: int = 1, jobs: int = 1,
              sims: Sims = None, budget: float = 1.0, target: int | None = None,
              hand_size: int | None = None) -> dict[str, Any]:
    """Play the match and summarize it (the --json document)."""
    kw: dict[str, Any] = {"seats": seats}
    if target is not None:
        kw["target"] = target
    if hand_size is not None:
        kw["hand_size"] = hand_size
    rules = Rules(**kw).to_core()
    orders = len(seatings(levels, seats))
    deals = max(1, math.ceil(games / orders))
    seeds = bot_seed_stream(seed, deals, orders, seats)
    tasks = [(rules, levels, seats, d, seed, sims, budget, seeds[d]) for d in range(deals)]
    start = time.perf_counter()
    results: list[dict[str, Any]] = []
    if not set(levels) <= {"random", "easy", "medium"}:
        from . import fast

        # A match is nobody's game: it waits for the compiled core (compiling it at most once) rather
        # than search on the Python core meanwhile, and the workers fork with it loaded.
        fast.wait()
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for chunk in pool.imap_unordered(_run_deal, tasks):
                results.extend(chunk)
    else:
        for t in tasks:
            results.extend(_run_deal(t))
    seconds = time.perf_counter() - start
    return summarize(levels, seats, rules, results, seconds, seed, sims, budget)


def summarize(levels: list[str], seats: int, rules: core.CoreRules, results: list[dict[str, Any]],
              seconds: float, seed: int, sims: Sims, budget: float = 1.0) -> dict[str, Any]:
    labels = labels_for(levels if seats != 4 else levels[:2])
    n = len(results)
    base = seatings(levels, seats)[0]
    wins = {lv: sum(1 for r in results if r["winner"] == lv) for lv in labels}
    hands = [h for r in results for h in r["gains"]]
    ppg: dict[str, float] = {}
    se: dict[str, float] = {}
    for lv in labels:
        xs = [h[lv] for h in hands]
        mean = sum(xs) / len(xs)
        var = sum((x - mean) ** 2 for x in xs) / max(1, len(xs) - 1)
        ppg[lv] = round(mean, 3)
        se[lv] = round(math.sqrt(var / len(xs)), 3)
    doc: dict[str, Any] = {
        "levels": levels, "seats": seats, "partnership": rules.partnership, "target": rules.target,
        "seed": seed, "sims": sims, "budget": None if sims else budget, "games": n, "hands": len(hands),
        "wins": wins,
        "win_rate": {lv: round(wins[lv] / n, 4) for lv in labels},
        "ci95": {lv: [round(x, 4) for x in wilson(wins[lv], n)] for lv in labels},
        "fair_share": {lv: round(base.count(lv) / seats if seats != 4 else 0.5, 4) for lv in labels},
        "unfinished": sum(1 for r in results if r["winner"] is None),
        "points_per_hand": ppg, "points_per_hand_se": se,
        "seconds": round(seconds, 2), "games_per_second": round(n / seconds, 3) if seconds else None,
    }
    if len(labels) == 2:
        a, b = labels
        diffs = [h[a] - h[b] for h in hands]
        mean = sum(diffs) / len(diffs)
        var = sum((x - mean) ** 2 for x in diffs) / max(1, len(diffs) - 1)
        doc["margin_per_hand"] = {"of": a, "over": b, "mean": round(mean, 3),
                                  "se": round(math.sqrt(var / len(diffs)), 3)}
    return doc


def report(doc: dict[str, Any]) -> str:
    lines = [f"{' v '.join(doc['levels'])}: {doc['seats']} seats"
             + (" (partnership)" if doc["partnership"] else "")
             + f", target {doc['target']}, {count(doc['games'], 'game')} ({count(doc['hands'], 'hand')}) "
             "on duplicate deals,"
             f" seed {doc['seed']}"
             + (f", search sims {_sims_words(doc['sims'])}" if doc["sims"]
                else f", search budget {doc['budget']} s")]
    for lv, rate in doc["win_rate"].items():
        lo, hi = doc["ci95"][lv]
        lines.append(f"  {lv:<8} wins {doc['wins'][lv]:>4}  {100 * rate:5.1f}%  "
                     f"(95% CI {100 * lo:5.1f}-{100 * hi:5.1f}%, "
                     f"fair share {100 * doc['fair_share'][lv]:.0f}%)"
                     f"  points/hand {doc['points_per_hand'][lv]:+.2f} ± {doc['points_per_hand_se'][lv]:.2f}")
    if "margin_per_hand" in doc:
        m = doc["margin_per_hand"]
        lines.append(f"  {m['of']} gains {m['mean']:+.2f} ± {m['se']:.2f} points per hand over {m['over']}")
    lines.append(f"  {doc['games_per_second']} games/s ({doc['seconds']} s)")
    return "\n".join(lines)


def _sims_words(sims: int | dict[str, int]) -> str:
    return ", ".join(f"{lv} {n}" for lv, n in sims.items()) if isinstance(sims, dict) else str(sims)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="allfives match",
        description=_("Bot against bot on duplicate deals (each deal in every seating)."))
    parser.add_argument("levels", nargs="+", choices=ALL_LEVELS,
                        help=_("2 levels (3 for 3 seats; with 4 seats the two teams)"))
    parser.add_argument("--seats", type=int, default=2, choices=(2, 3, 4), help=_("seats at the table"))
    parser.add_argument("--games", type=int, default=100, help=_("games in all (rounded up to whole deals)"))
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the deals (default 1)"))
    parser.add_argument("--jobs", type=int, default=1, help=_("worker processes"))
    parser.add_argument("--sims", type=int, default=None,
                        help=_("hard/oracle simulations a move (deterministic; default {sims})").format(
                            sims=DEFAULT_SIMS))
    parser.add_argument("--budget", type=float, default=None,
                        help=_("think for this many seconds a move instead of a fixed --sims"))
    parser.add_argument("--game-effort", action="store_true",
                        help=_("each level searches as in a local game (the rating table's effort)"))
    parser.add_argument("--target", type=int, default=None, help=_("points to win"))
    parser.add_argument("--hand-size", type=int, default=None, help=_("tiles dealt to each player"))
    parser.add_argument("--json", action="store_true", help=_("the result as one JSON document"))
    i18n.add_language_flag(parser)
    args = parser.parse_args(argv)
    want = 3 if args.seats == 3 else 2
    if not (len(args.levels) == want or (args.seats == 3 and len(args.levels) == 2)):
        parser.error(_("give 2 or 3 levels for 3 seats") if args.seats == 3
                     else _("give 2 levels for {seats} seats").format(seats=args.seats))
    if args.games < 1 or args.jobs < 1:
        parser.error(_("--games and --jobs must be at least 1"))
    if args.sims is not None and args.sims < 1:
        parser.error(_("--sims must be at least 1"))
    if args.game_effort and (args.sims is not None or args.budget is not None):
        parser.error(_("--game-effort sets the search size: give no --sims or --budget"))
    sims: Sims = (game_effort(args.levels) if args.game_effort
                  else args.sims if args.sims is not None or args.budget is not None else DEFAULT_SIMS)
    try:
        doc = run_match(args.levels, args.seats, args.games, args.seed, args.jobs, sims, args.budget or 1.0,
                        args.target, args.hand_size)
    except ValueError as e:
        print(f"allfives match: {e}", file=sys.stderr)
        return 2
    print(json.dumps(doc) if args.json else report(doc))
    return 0
