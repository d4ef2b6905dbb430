"""Does the player's rating find a player where they are? Simulated people against the bots' table.

    python benchmarks/rating_calibration.py                 # each strength against each level, 300 games
    python benchmarks/rating_calibration.py --tau           # how TAU was chosen

A simulated person as strong as each bot level plays `--games` games against each single level, every
result drawn from the table's own model (`win_chance`, the curve the table was fitted with), and is
rated by the shipped `history.rating.Belief` (what `rating_series` rates every game with). Printed for
each pair: where the rating settles (the mean over `--people` people, and the spread between them), its
95% margin, and how often that interval holds the person's true strength. Deterministic (seeded).

`--tau`: the 95% margin a person settles at playing their own level (an even game, whatever the
level) for a range of TAU, beside the narrowest gap between two neighbouring levels the table tells apart: TAU
is the largest value whose settled interval (twice the margin) fits inside that gap.
"""

from __future__ import annotations

import argparse
import random
import statistics

from allfives.bots.ratings import BOT_RATINGS, TAU, narrowest_gap, win_chance
from allfives.history.rating import Belief


def settle(strength: float, level: float, games: int, rng: random.Random,
           tau: float = TAU) -> tuple[float, float]:
    belief = Belief()
    chance = win_chance(strength, level)
    for _game in range(games):
        belief.play(level, rng.random() < chance, tau)
    r = belief.rating
    return r.mu, r.sigma


def calibration(games: int, people: int) -> None:
    print(f"TAU {TAU:g}; {games} games against one level, {people} people a row\n")
    print("| person as strong as | against | settles at (truth) | spread between people | 95% margin | "
          "interval holds the truth |")
    print("|---|---|---|---|---|---|")
    for strength in sorted(BOT_RATINGS, key=lambda lv: BOT_RATINGS[lv].mu):
        truth = BOT_RATINGS[strength].mu
        for level in sorted(BOT_RATINGS, key=lambda lv: BOT_RATINGS[lv].mu):
            rng = random.Random(f"calibration:{strength}:{level}")
            finals = [settle(truth, BOT_RATINGS[level].mu, games, rng) for _n in range(people)]
            mus = [mu for mu, _s in finals]
            held = sum(abs(mu - truth) <= 2 * sigma for mu, sigma in finals) / people
            margin = statistics.fmean(2 * sigma for _mu, sigma in finals)
            print(f"| {strength} | {level} | {statistics.fmean(mus):.0f} ({truth:.0f}) | "
                  f"± {statistics.stdev(mus):.0f} | ± {margin:.0f} | {100 * held:.0f}% |")


def steady_margin(tau: float, games: int = 1500, people: int = 8) -> float:
    """The 95% margin after many even games (a person playing their own level)."""
    margins = []
    for n in range(people):
        rng = random.Random(f"steady:{tau}:{n}")
        belief = Belief()
        for _game in range(games):
            belief.play(1500.0, rng.random() < 0.5, tau)
        margins.append(2 * belief.rating.sigma)
    return statistics.fmean(margins)


def choose_tau() -> None:
    gap, lower, upper = narrowest_gap()
    print(f"narrowest gap between neighbouring levels the matches tell apart: {gap:.0f} ({lower}-{upper})\n")
    print("| TAU | settled 95% margin, even games | games it mostly remembers |\n|---|---|---|")
    chosen = 0.0
    for tau in (0.5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15):
        margin = steady_margin(tau)
        # a game's information at an even game, and the belief's variance: about 1/(var * info) games
        info = (0.398942 / (2 ** 0.5 * 250.0)) ** 2 / 0.25
        memory = 1 / ((margin / 2) ** 2 * info)
        if 2 * margin <= gap:
            chosen = tau
        mark = "  <- TAU" if tau == TAU else ""
        print(f"| {tau:g} | ± {margin:.0f} | {memory:.0f} |{mark}")
    print(f"\nthe largest TAU whose settled interval (± margin) fits inside {gap:.0f}: {chosen:g}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--people", type=int, default=200)
    parser.add_argument("--tau", action="store_true", help="how TAU was chosen")
    args = parser.parse_args()
    if args.tau:
        choose_tau()
    else:
        calibration(args.games, args.people)


if __name__ == "__main__":
    main()
