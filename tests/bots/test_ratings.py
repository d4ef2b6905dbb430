"""The bot levels' shipped ratings are the fit of the matches kept in benchmarks/ratings; the fit works."""

from __future__ import annotations

import sys
from pathlib import Path

from allfives.bots import LEVELS
from allfives.bots.ratings import ANCHOR, BOT_RATINGS, model

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import fit_ratings  # noqa: E402


def test_the_shipped_table_is_the_fit_of_the_recorded_matches() -> None:
    games = fit_ratings.matches(sorted(str(p) for p in (BENCHMARKS / "ratings").glob("*.json")))
    mus = fit_ratings.fit(games)
    errors = fit_ratings.standard_errors(mus, games)
    assert set(mus) == set(BOT_RATINGS) == set(LEVELS)  # every level a player can choose
    for level, rating in BOT_RATINGS.items():
        assert rating.mu == round(mus[level]) and rating.sigma == round(errors.get(level, 0.0))
    assert BOT_RATINGS[ANCHOR].mu == 1500


def test_the_fit_finds_ratings_that_predict_the_win_rates_it_was_given() -> None:
    games = [("medium", "easy", 75, 25), ("hard", "medium", 60, 40)]
    mus = fit_ratings.fit(games)
    rate = model()
    for a, b, wins_a, wins_b in games:
        p = rate.predict_win([[rate.rating(mu=mus[a], sigma=0.0)], [rate.rating(mu=mus[b], sigma=0.0)]])[0]
        assert abs(p - wins_a / (wins_a + wins_b)) < 0.001
    assert mus["easy"] < mus["medium"] == 1500 < mus["hard"]
