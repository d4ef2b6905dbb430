"""Fit the bot levels' fixed ratings (allfives/bots/ratings.py) to bot-against-bot match results.

    python benchmarks/fit_ratings.py benchmarks/ratings/*.json     # the table, as Python and Markdown

Each file is one `allfives match ... --game-effort --json` document (2 seats, each level at the effort
a local game gives it). The fit is the maximum likelihood of every match's wins under the rating
model's own curve (`allfives.bots.ratings.win_chance`: a lead of d wins with probability
Phi(d / sqrt(2 beta^2)), the curve the player's rating is updated with too), with the anchor level
held at its round number. Each level's sigma is its standard error (the inverse of the observed
information). Deterministic: the same files give the same table on every machine.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from allfives.bots import game_simulations
from allfives.bots.match import wilson
from allfives.bots.ratings import ANCHOR, MU, win_chance


def matches(paths: list[str]) -> list[tuple[str, str, int, int]]:
    """(level a, level b, a's wins, b's wins) for each match file, 2 seats at the game's effort only."""
    out = []
    for path in paths:
        doc = json.loads(Path(path).read_text())
        if doc["seats"] != 2:
            raise SystemExit(f"{path}: only 2-seat matches are fitted")
        if doc["sims"] != {lv: game_simulations(lv) for lv in doc["levels"]}:
            raise SystemExit(f"{path}: not played at the game's effort (allfives match --game-effort)")
        a, b = doc["levels"]
        out.append((a, b, doc["wins"][a], doc["wins"][b]))
    return out


def log_likelihood(mus: dict[str, float], games: list[tuple[str, str, int, int]]) -> float:
    total = 0.0
    for a, b, wins_a, wins_b in games:
        p = win_chance(mus[a], mus[b])
        p = min(max(p, 1e-12), 1 - 1e-12)
        total += wins_a * math.log(p) + wins_b * math.log(1 - p)
    return total


def fit(games: list[tuple[str, str, int, int]], rounds: int = 200) -> dict[str, float]:
    """Each free level in turn to the rating that makes the games likeliest, the others held, until
    nothing moves (coordinate ascent: the likelihood is concave in the ratings)."""
    levels = sorted({lv for a, b, _, _ in games for lv in (a, b)})
    mus = {lv: MU for lv in levels}
    for _ in range(rounds):
        moved = 0.0
        for lv in levels:
            if lv == ANCHOR:
                continue
            lo, hi = mus[lv] - 2000, mus[lv] + 2000
            for _ in range(80):  # golden-section search on one level's rating
                m1, m2 = lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618
                if log_likelihood({**mus, lv: m1}, games) < log_likelihood({**mus, lv: m2}, games):
                    lo = m1
                else:
                    hi = m2
            new = (lo + hi) / 2
            moved = max(moved, abs(new - mus[lv]))
            mus[lv] = new
        if moved < 0.01:
            break
    return mus


def standard_errors(mus: dict[str, float], games: list[tuple[str, str, int, int]]) -> dict[str, float]:
    """Each free level's standard error: the inverse of the likelihood's curvature (all levels at once)."""
    free = [lv for lv in mus if lv != ANCHOR]
    h = 1.0

    def at(**shift: float) -> float:
        return log_likelihood({lv: mu + shift.get(lv, 0.0) for lv, mu in mus.items()}, games)

    n = len(free)
    info = [[0.0] * n for _ in range(n)]
    for i, a in enumerate(free):
        for j, b in enumerate(free):
            if i == j:
                info[i][j] = -(at(**{a: h}) - 2 * at() + at(**{a: -h})) / h ** 2
            else:
                info[i][j] = -(at(**{a: h, b: h}) - at(**{a: h, b: -h}) - at(**{a: -h, b: h})
                               + at(**{a: -h, b: -h})) / (4 * h ** 2)
    inverse = _inverse(info)
    return {lv: math.sqrt(inverse[i][i]) for i, lv in enumerate(free)}


def _inverse(m: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan on a small matrix."""
    n = len(m)
    a = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(m)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        a[col] = [x / p for x in a[col]]
        for r in range(n):
            if r != col:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [row[n:] for row in a]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    games = matches(args.files)
    mus = fit(games)
    errors = standard_errors(mus, games)
    order = sorted(mus, key=mus.get)  # type: ignore[arg-type]
    print("BOT_RATINGS: dict[str, LevelRating] = {")
    for lv in order:
        print(f'    "{lv}": LevelRating({round(mus[lv]):.1f}, {round(errors.get(lv, 0.0)):.1f}),')
    print("}\n")
    print("| level | rating | standard error | 95% interval |\n|---|---|---|---|")
    for lv in order:
        if lv == ANCHOR:
            print(f"| {lv} | {mus[lv]:.0f} | anchor | |")
        else:
            half = 1.96 * errors[lv]
            low, high = mus[lv] - half, mus[lv] + half
            print(f"| {lv} | {mus[lv]:.0f} | ± {errors[lv]:.0f} | {low:.0f}–{high:.0f} |")
    pairs: dict[tuple[str, str], list[int]] = {}
    for a, b, wins_a, wins_b in games:
        total = pairs.setdefault((a, b), [0, 0, 0])
        total[0] += wins_a
        total[1] += wins_b
        total[2] += 1
    print("\n| match | files | games | wins | share | 95% CI | model's prediction |")
    print("|---|---|---|---|---|---|---|")
    for (a, b), (wins_a, wins_b, files) in pairs.items():
        n = wins_a + wins_b
        low, high = wilson(wins_a, n)
        print(f"| {a} v {b} | {files} | {n} | {wins_a}-{wins_b} | {100 * wins_a / n:.1f}% | "
              f"{100 * low:.1f}–{100 * high:.1f}% | {100 * win_chance(mus[a], mus[b]):.1f}% |")


if __name__ == "__main__":
    main()
