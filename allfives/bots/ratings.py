"""The bot levels' fixed ratings (measured by bot-against-bot matches) and the rating model they are on.

The scale is openskill's Weng-Lin Plackett-Luce model with its default proportions times 60
(mu 1500, sigma 500, beta 250), anchored at medium = 1500: a new player starts where medium stands,
sure of nothing (sigma 500). Each level's number is the fit of `benchmarks/fit_ratings.py` to the
matches in benchmarks/RESULTS-bots.md ("Ratings"); it is a constant so that a player's rating is on
the same scale on every machine. Regenerate it only with those matches.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

MU = 1500.0  # a new player's rating: medium's (the anchor)
SIGMA = 500.0  # a new player's uncertainty
BETA = 250.0  # the spread of one game's result: a lead of BETA wins about 76% of 2-seat games
TAU = 5.0  # the uncertainty added before each game, so a rating keeps following a player who improves
ANCHOR = "medium"


class LevelRating(NamedTuple):
    """A bot level's measured rating and the standard error of that measurement."""

    mu: float
    sigma: float


# benchmarks/fit_ratings.py over benchmarks/ratings/*.json (the matches of RESULTS-bots.md "Ratings")
BOT_RATINGS: dict[str, LevelRating] = {
    "easy": LevelRating(1186.0, 32.0),
    "medium": LevelRating(1500.0, 0.0),
    "hard": LevelRating(1672.0, 26.0),
    "expert": LevelRating(1730.0, 32.0),
}


@functools.cache
def model() -> PlackettLuce:
    """The one rating model every rating is made with (openskill loads when a rating is first made)."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def levels_in_order() -> list[tuple[str, float]]:
    """The rated levels, weakest first."""
    return sorted(((level, r.mu) for level, r in BOT_RATINGS.items()), key=lambda item: item[1])


def standing(mu: float) -> tuple[str | None, str | None]:
    """Where a rating stands among the levels: the level just below it and the one just above
    (None at either end: below the weakest, above the strongest)."""
    below = above = None
    for level, rating in levels_in_order():
        if rating <= mu:
            below = level
        elif above is None:
            above = level
    return below, above
