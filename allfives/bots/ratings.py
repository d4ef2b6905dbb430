"""The bot levels' fixed ratings (measured by bot-against-bot matches) and the one rating model they are on.

One model, Thurstone-Mosteller: each player's play in a game is their rating plus normal noise of
spread BETA, so a player rated `d` above another wins a 2-seat game with chance Phi(d / (sqrt 2 BETA))
(`win_chance`). The bots' table is fitted with that curve (`benchmarks/fit_ratings.py`, the maximum
likelihood of the recorded matches) and the player's rating is updated with the same curve
(history/rating.py: the exact posterior of one number, the bots held at their table's values). Two
curves (the table on one, the updates on another) stretched every distance between the levels.

The scale: mu 1500, sigma 500, beta 250 (openskill's default proportions times 60, the numbers kept
from before), anchored at medium = 1500: a new player starts where medium stands, sure of nothing.
Each level's number is the fit of the matches in benchmarks/RESULTS-bots.md ("Ratings"), played at
the effort a local game gives each level (`allfives.bots.game_simulations`); it is a constant so that
a player's rating is on the same scale on every machine. Regenerate it only with those matches.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from allfives.i18n import N_

MU = 1500.0  # a new player's rating: medium's (the anchor)
SIGMA = 500.0  # a new player's uncertainty
BETA = 250.0  # the spread of one player's play in a game: a lead of BETA wins 76% of 2-seat games
# The uncertainty added before each game, so a rating keeps following a player who improves. Chosen
# from the table (benchmarks/rating_calibration.py --tau): a player who keeps playing the level of
# their own strength settles at a 95% interval that fits inside the narrowest gap between two
# neighbouring levels the matches tell apart, so that enough games place a player between those two;
# any larger and the interval never gets that narrow, any smaller and the rating forgets old games
# more slowly (at 12 it mostly remembers the last 40 games).
TAU = 12.0
ANCHOR = "medium"
# Said wherever a rated game in progress may be left for a new one (GameSetup.rated). Here, beside the
# model, since this module is light: the new-game screen and the resume prompt say it before any game
# or history is loaded.
COUNTS_AS_LOST = N_("Left for a new game, it counts as lost in your rating.")


class LevelRating(NamedTuple):
    """A bot level's measured rating and the standard error of that measurement."""

    mu: float
    sigma: float


# benchmarks/fit_ratings.py over benchmarks/ratings/*.json (the matches of RESULTS-bots.md "Ratings")
BOT_RATINGS: dict[str, LevelRating] = {
    "easy": LevelRating(1145.0, 18.0),
    "medium": LevelRating(1500.0, 0.0),
    "hard": LevelRating(1808.0, 31.0),
    "expert": LevelRating(1881.0, 38.0),
}


def win_chance(mu: float, other: float) -> float:
    """The chance a player rated `mu` wins a 2-seat game against one rated `other` (both known exactly):
    the one curve of the table's fit and of the player's updates."""
    return 0.5 * math.erfc((other - mu) / (2 * BETA))  # Phi(d / (sqrt 2 BETA)), d = mu - other


def levels_in_order() -> list[tuple[str, float]]:
    """The rated levels, weakest first."""
    return sorted(((level, r.mu) for level, r in BOT_RATINGS.items()), key=lambda item: item[1])


def narrowest_gap() -> tuple[float, str, str]:
    """The narrowest gap between two neighbouring levels that the matches tell apart (the gap at least
    twice its standard error), and the two levels. Levels the matches cannot tell apart (expert and hard
    at the game's effort) give a player nothing to place themselves between, so they set no width."""
    levels = sorted(BOT_RATINGS.items(), key=lambda item: item[1].mu)
    gaps = [(b.mu - a.mu, la, lb) for (la, a), (lb, b) in zip(levels, levels[1:], strict=False)
            if b.mu - a.mu >= 2 * math.hypot(a.sigma, b.sigma)]
    return min(gaps)

