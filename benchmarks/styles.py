"""Playout styles against each other with every hand face up: how good a player is each style alone?

The expert's simulated players follow a `playout.Style`. This plays one style against another
for single hands on duplicate deals (each deal twice, the styles swapping seats), every seat
choosing by its style on the true table, as it does inside a playout. It runs a few thousand
hands a second, so it can sweep each weight cheaply; the sweep found today's style at a
near-optimum (benchmarks/RESULTS-bots.md, "Expert, fourth round").

    python benchmarks/styles.py                 # the sweep, 2 seats, 3,000 deals a point
    python benchmarks/styles.py --seats 4 --deals 4000
    python benchmarks/styles.py --style defend=1.2,noise=0.5    # one style against today's
"""

from __future__ import annotations

import argparse
import math
import random

from allfives.bots.playout import DEFAULT_STYLE, Style, styled_choice
from allfives.engine import Rules, core

# hard's playout policy (take the most points, shed heavy tiles) written as a style
GREEDY = Style(defend=0.0, follow=0.0, stuck=0.0, shed_early=0.25, shed_late=0.6)

SWEEP = {"defend": [0.4, 1.2, 1.6], "follow": [0.0, 0.5, 2.0], "stuck": [0.0, 3.0, 12.0],
         "shed_early": [0.0, 0.1, 0.4], "shed_late": [0.3, 1.0, 1.5], "noise": [0.0, 1.0, 4.0]}


def one_hand(rules: core.CoreRules, styles: list[Style], deal_seed: int) -> int:
    """Side 0's points minus side 1's over one hand, each side playing its style."""
    table = core.Table(rules)
    table.deal_next(deal_seed)  # the seed's first hand, as a seeded game deals it
    rng = random.Random(deal_seed)  # the same noise in both seatings of a deal
    while table.phase == core.PLAYING:
        style = styles[rules.side_of(table.turn)]
        table.apply_unchecked(*styled_choice(table, table.legal_moves(), style, rng))
    return table.scores[0] - table.scores[1]


def compare(a: Style, b: Style, seats: int = 2, deals: int = 3000, seed: int = 3) -> tuple[float, float]:
    """Style a's margin a hand over b, and its 95% half-width."""
    rules = Rules(seats=seats).to_core()
    diffs = []
    for d in range(deals):
        deal_seed = seed * 1_000_003 + d
        diffs.append((one_hand(rules, [a, b], deal_seed) - one_hand(rules, [b, a], deal_seed)) / 2)
    mean = sum(diffs) / deals
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (deals - 1))
    return mean, 1.96 * sd / math.sqrt(deals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--style", help="weights to change, as name=value,...: that style alone")
    args = parser.parse_args()
    if args.style:
        weights = {k: float(v) for k, v in (kv.split("=") for kv in args.style.split(","))}
        m, ci = compare(DEFAULT_STYLE._replace(**weights), DEFAULT_STYLE, args.seats, args.deals, args.seed)
        print(f"{args.style} v today's style: {m:+.2f} ± {ci:.2f} a hand")
        return
    m, ci = compare(DEFAULT_STYLE, GREEDY, args.seats, args.deals, args.seed)
    print(f"today's style v hard's greedy-plus-shed: {m:+.2f} ± {ci:.2f} a hand")
    for name, values in SWEEP.items():
        for v in values:
            variant = DEFAULT_STYLE._replace(**{name: v})
            m, ci = compare(variant, DEFAULT_STYLE, args.seats, args.deals, args.seed)
            print(f"{name} {getattr(DEFAULT_STYLE, name)} -> {v}: {m:+.2f} ± {ci:.2f} a hand", flush=True)


if __name__ == "__main__":
    main()
