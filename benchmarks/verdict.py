"""The game-over verdict on real bot games: does it tell luck from skill? One bot plays "the person".

    python benchmarks/verdict.py                       # 16 games a pairing, 400 deals a decision
    python benchmarks/verdict.py --games 4 --compare 1600   # also: how far the figures move at 1,600

Each game is two bots at the effort a local game gives them (hard 200 deals a decision), dealt from
seed n, "the person" at seat n % 2 (so each seat is the person's as often). Every game is weighed as
the game-over screen weighs it (`analyse_game` of every seat, `luck_of`), and also as it was weighed
before (the person's seat alone: the others' decisions fell into the person's luck). Printed per
pairing: the person's mean luck and skill with their standard errors, and the margin.

What should come out: with the same bot on both sides, luck and skill average near 0 (nothing
tells the two seats apart); hard against easy, the person's (hard's) skill is positive and about
the margin, its luck near 0. Weighing the person's seat alone, skill can never be positive (it is
minus the person's own costs) and the bots' mistakes read as the person's luck.
`--compare N`: the same games weighed at N deals a decision too, to see how far the figures move
between sample sizes against the verdict's own ± (`luck.verdict_error`).
"""

from __future__ import annotations

import argparse
import math
import statistics

from allfives.bots import game_simulations, make_bot
from allfives.bots.analysis import DEFAULT_SAMPLES, analyse_game, narrowed
from allfives.bots.luck import luck_of, luck_samples, verdict_error
from allfives.engine import GameState, Rules

PAIRINGS = (("medium", "medium"), ("hard", "hard"), ("hard", "easy"))


def bot_game(person: str, other: str, seed: int) -> tuple[GameState, int]:
    """A 2-seat game to 250 between two bots at the game's effort; the person's seat."""
    you = seed % 2
    levels = [other, other]
    levels[you] = person
    state = GameState.new(Rules(seats=2), seed=seed)
    bots = [make_bot(lv, seed=seed * 10 + s, simulations=game_simulations(lv)) for s, lv in enumerate(levels)]
    while state.phase != "game_over":
        if state.phase == "hand_over":
            state, _ = state.next_hand()
        else:
            state, _ = state.apply(bots[state.turn].choose(state.view(state.turn)))
    return state, you


def mean_se(xs: list[float]) -> str:
    if len(xs) < 2:
        return f"{xs[0]:+.0f}" if xs else "-"
    return f"{statistics.fmean(xs):+.0f} ± {statistics.stdev(xs) / math.sqrt(len(xs)):.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16, help="games a pairing")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--compare", type=int, default=0, help="weigh the games at this many deals too")
    parser.add_argument("--pairing", action="append", help="PERSON-OTHER (default: the three)")
    args = parser.parse_args()
    pairings = [tuple(p.split("-")) for p in args.pairing] if args.pairing else PAIRINGS
    print(f"{args.games} games a pairing, {args.samples} deals a decision, {luck_samples(args.samples)} "
          "playouts a chance value")
    for person, other in pairings:
        luck, skill, margin, old_luck, old_skill, errors, moved = [], [], [], [], [], [], []
        for seed in range(1, args.games + 1):
            game, you = bot_game(person, other, seed)
            every = analyse_game(game, range(2), args.samples)
            mine = luck_of(game, every.decisions, luck_samples(args.samples)).game[you]
            alone = narrowed(game, every, [you])
            before = luck_of(game, alone.decisions, luck_samples(args.samples), [you]).game[you]
            error = verdict_error(mine, every)
            luck.append(mine.margin - mine.skill)
            skill.append(mine.skill)
            margin.append(mine.margin)
            old_luck.append(before.margin - before.skill)
            old_skill.append(before.skill)
            errors.append(error)
            line = (f"  {person} v {other}, seed {seed} (seat {you}): margin {mine.margin:+.0f}; every seat: "
                    f"luck {luck[-1]:+.0f}, skill {mine.skill:+.0f} (± {error:.0f}; noise {mine.noise:.1f}, "
                    f"residual {mine.residual:+.0f}); the person's seat alone: luck {old_luck[-1]:+.0f}, "
                    f"skill {before.skill:+.0f}")
            if args.compare:
                more = analyse_game(game, range(2), args.compare)
                other_mine = luck_of(game, more.decisions, luck_samples(args.compare)).game[you]
                moved.append(other_mine.skill - mine.skill)
                line += f"; at {args.compare}: skill {other_mine.skill:+.0f} (moved {moved[-1]:+.0f})"
            print(line, flush=True)
        print(f"{person} (the person) v {other}, {args.games} games: margin {mean_se(margin)}; every seat "
              f"weighed: luck {mean_se(luck)}, skill {mean_se(skill)}, verdict ± median "
              f"{statistics.median(errors):.0f}; the person's seat alone: luck {mean_se(old_luck)}, "
              f"skill {mean_se(old_skill)}", flush=True)
        if moved:
            rms = math.sqrt(statistics.fmean(m * m for m in moved))
            inside = sum(abs(m) <= e for m, e in zip(moved, errors, strict=False))
            print(f"  skill moved between {args.samples} and {args.compare} deals: rms {rms:.0f}, within "
                  f"the verdict's ± in {inside} of {len(moved)}", flush=True)


if __name__ == "__main__":
    main()
