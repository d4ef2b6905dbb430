"""The bot levels' shipped ratings are the fit of the matches kept in benchmarks/ratings, played at the
game's effort, on the one curve the player's rating uses too; the fit works."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

from allfives.bots import LEVELS, game_simulations
from allfives.bots.ratings import ANCHOR, BETA, BOT_RATINGS, win_chance

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import fit_ratings  # noqa: E402

RECORDED = sorted(str(p) for p in (BENCHMARKS / "ratings").glob("*.json"))


def test_the_shipped_table_is_the_fit_of_the_recorded_matches() -> None:
    games = fit_ratings.matches(RECORDED)
    mus = fit_ratings.fit(games)
    errors = fit_ratings.standard_errors(mus, games)
    assert set(mus) == set(BOT_RATINGS) == set(LEVELS)  # every level a player can choose
    for level, rating in BOT_RATINGS.items():
        assert rating.mu == round(mus[level]) and rating.sigma == round(errors.get(level, 0.0))
    assert BOT_RATINGS[ANCHOR].mu == 1500


def test_every_recorded_match_was_played_at_the_games_effort() -> None:
    """Rated games play hard at 200 deals a decision and expert at 100: so did the table's matches."""
    for path in RECORDED:
        doc = json.loads(Path(path).read_text())
        assert doc["seats"] == 2 and doc["target"] == 250
        assert doc["sims"] == {level: game_simulations(level) for level in doc["levels"]}, path


def test_the_fit_finds_ratings_that_predict_the_win_rates_it_was_given() -> None:
    games = [("medium", "easy", 75, 25), ("hard", "medium", 60, 40)]
    mus = fit_ratings.fit(games)
    for a, b, wins_a, wins_b in games:
        assert abs(win_chance(mus[a], mus[b]) - wins_a / (wins_a + wins_b)) < 0.001
    assert mus["easy"] < mus["medium"] == 1500 < mus["hard"]


def test_the_curve_is_thurstone_mostellers() -> None:
    """Each player's play a normal of spread BETA around their rating: a lead of d wins
    Phi(d / sqrt 2 BETA)."""
    def phi(z: float) -> float:
        return 0.5 * (1 + math.erf(z / math.sqrt(2)))

    for d in (-600, -250, 0, 100, 400):
        assert win_chance(1500 + d, 1500) == pytest.approx(phi(d / (math.sqrt(2) * BETA)))
    assert win_chance(1750, 1500) == pytest.approx(0.76, abs=0.005)
