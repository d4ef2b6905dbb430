"""The player's rating: the exact posterior of one number over their games against bots, the bots held at
their levels.

One model with the bots' table (allfives.bots.ratings): a game against a bot rated `b` is won with
chance Phi((r - b) / (sqrt 2 BETA)) by a player rated `r`. The bots are fixed, so the rating is one
unknown number: its belief is kept whole, on a grid of points (`Belief`), from a new player's normal
prior; each game multiplies it by that chance of what happened (exact, no Gaussian approximation),
after spreading it by TAU (a player may have improved). The rating shown is the belief's mean and
standard deviation, its 95% interval two of them either side.

A pure function of the games in the order they were started, so a history rebuilt from its games
gives the same number. Rated: a game with one person against one bot of a level in the table, on
the rules the table was measured on (2 seats, `Rules(seats=2)`: 250 points, no house rules), finished
or abandoned: a game left unfinished for a new one counts as lost (as online sites count it), or a
new game over a losing one would hide the loss. Not rated, and why:
- practice: the person took a hint or took a move back, or played again on deals from a code or a record
  (`allfives --deals`: deals someone has seen);
- seeded: its deals could be known beforehand;
- people: two or more people (hot seat): nobody at the table is on the bots' measured scale but the
  bots, and one person's result would move on another's play. Network games are not in the history;
- level: a bot of a level the table does not hold;
- seats: 3 or 4 seats, partnerships among them: only 2-seat matches were measured (with more seats the
  luck is larger and a partner's play counts, which one number per player does not model);
- rules: another target, hand size or house rule than the measured games had.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict, computed_field

from allfives.bots.levels import level_word
from allfives.bots.ratings import BETA, BOT_RATINGS, MU, SIGMA, TAU, levels_in_order
from allfives.engine import Rules
from allfives.i18n import _, number

from .games import GameEntry

Unrated = Literal["practice", "seeded", "people", "level", "seats", "rules"]
MEASURED = Rules(seats=2)  # the rules of the matches the bots' table was fitted to (allfives match)


class Rating(BaseModel):
    """A rating and its uncertainty (one standard deviation); `low`-`high` holds it 95% sure."""

    model_config = ConfigDict(frozen=True)
    mu: float = MU
    sigma: float = SIGMA

    @computed_field  # type: ignore[prop-decorator]
    @property
    def low(self) -> float:
        return round(self.mu - 2 * self.sigma, 3)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def high(self) -> float:
        return round(self.mu + 2 * self.sigma, 3)


class RatingPoint(BaseModel):
    """The rating after one game of the person's that ended (unchanged by a game not rated)."""

    model_config = ConfigDict(frozen=True)
    game_id: str
    finished_at: str
    mu: float
    sigma: float
    unrated: Unrated | None = None  # why this game left the rating alone (None: it was rated)
    abandoned: bool = False  # left unfinished for a new game: rated as lost (when rated)

    @property
    def rating(self) -> Rating:
        return Rating(mu=self.mu, sigma=self.sigma)


def unrated_reason(rules: Rules, people: int, levels: Iterable[str | None], practice: bool = False,
                   seeded: bool = False) -> Unrated | None:
    """Why a game with these rules and players leaves the rating alone (None: it rates); `levels`:
    its bots'. Shared by the history and the question asked before a game in play is left."""
    if practice:
        return "practice"
    if seeded:
        return "seeded"
    if people != 1:
        return "people"
    if any(level not in BOT_RATINGS for level in levels):
        return "level"
    if rules.seats != MEASURED.seats:
        return "seats"
    if rules != MEASURED:
        return "rules"
    return None


def why_unrated(game: GameEntry) -> Unrated | None:
    """Why a game of the person's leaves the rating alone (None: it rates)."""
    return unrated_reason(game.rules, sum(p.is_person for p in game.players),
                          [p.level for p in game.players if not p.is_person], game.practice, game.seeded)


# -- the belief ------------------------------------------------------------------------------

STEP = 10.0  # rating points between the grid's points (the belief's spread never gets near it)
_LOW, _POINTS = MU - 6 * SIGMA, int(12 * SIGMA / STEP) + 1  # the prior, six deviations either side
_NEGLIGIBLE = 1e-15  # points holding less than this share of the top one are dropped (and stay so)


@functools.cache
def _chances(level: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """At every grid point: the chance of beating a bot rated `level`, and of losing to it."""
    won = tuple(0.5 * math.erfc((level - (_LOW + i * STEP)) / (2 * BETA)) for i in range(_POINTS))
    return won, tuple(1.0 - p for p in won)


@functools.cache
def _kernel(tau: float) -> tuple[float, ...]:
    """The grid's kernel adding tau**2 to the belief's variance (a random walk of step tau)."""
    if tau <= 0:
        return (1.0,)
    if tau < STEP * 0.7:  # three points carry exactly that variance
        side = tau * tau / (2 * STEP * STEP)
        return (side, 1 - 2 * side, side)
    reach = math.ceil(4 * tau / STEP)
    weights = [math.exp(-(k * STEP) ** 2 / (2 * tau * tau)) for k in range(-reach, reach + 1)]
    total = sum(weights)
    return tuple(w / total for w in weights)


class Belief:
    """The person's rating as a whole belief: a weight at each grid point, from a new player's prior.

    Only the span holding all but a negligible share is kept (`lo`..`hi`); a game costs a few
    hundred multiplications, so a history of thousands of games rates in a fraction of a second."""

    def __init__(self, mu: float = MU, sigma: float = SIGMA) -> None:
        self.weights = [math.exp(-0.5 * ((_LOW + i * STEP - mu) / sigma) ** 2) for i in range(_POINTS)]
        self.lo, self.hi = 0, _POINTS
        self._trim()

    def play(self, level: float, won: bool, tau: float = TAU) -> None:
        """A game against a bot rated `level`: spread by `tau`, then weighed by its result."""
        self._spread(tau)
        lo, hi = self.lo, self.hi
        chances = _chances(level)[0 if won else 1]
        self.weights[lo:hi] = [w * c for w, c in zip(self.weights[lo:hi], chances[lo:hi], strict=True)]
        self._trim()

    def _spread(self, tau: float) -> None:
        kernel = _kernel(tau)
        reach = len(kernel) // 2
        if not reach:
            return
        lo, hi = max(0, self.lo - reach), min(_POINTS, self.hi + reach)
        padded = [0.0] * reach + self.weights[lo:hi] + [0.0] * reach
        n = hi - lo
        if reach == 1:
            side, middle = kernel[0], kernel[1]
            spread = [side * (a + c) + middle * b
                      for a, b, c in zip(padded, padded[1:n + 1], padded[2:], strict=False)]
        else:
            spread = [sum(k * padded[i + j] for j, k in enumerate(kernel)) for i in range(n)]
        self.weights[lo:hi] = spread
        self.lo, self.hi = lo, hi

    def _trim(self) -> None:
        w = self.weights
        cut = max(w[self.lo:self.hi]) * _NEGLIGIBLE
        lo, hi = self.lo, self.hi
        while w[lo] < cut:
            w[lo] = 0.0
            lo += 1
        while w[hi - 1] < cut:
            w[hi - 1] = 0.0
            hi -= 1
        scale = 1.0 / sum(w[lo:hi])
        w[lo:hi] = [x * scale for x in w[lo:hi]]
        self.lo, self.hi = lo, hi

    @property
    def rating(self) -> Rating:
        """The belief's mean and standard deviation."""
        w, points = self.weights, range(self.lo, self.hi)
        mean = sum(w[i] * (_LOW + i * STEP) for i in points)
        variance = sum(w[i] * (_LOW + i * STEP - mean) ** 2 for i in points)
        return Rating(mu=round(mean, 3), sigma=round(math.sqrt(variance), 3))


def opponent_of(game: GameEntry) -> float:
    """The rating of the one bot a rated game was played against."""
    return next(BOT_RATINGS[p.level or ""].mu for p in game.players if not p.is_person)


def ended_games(games: Iterable[GameEntry]) -> list[GameEntry]:
    """The person's games that ended (finished with a winner, or abandoned), in the order they started."""
    return sorted((g for g in games if g.you is not None and (
        (g.status == "finished" and g.winner is not None) or g.status == "abandoned")),
        key=lambda g: (g.started_at, g.updated_at))


def rating_series(games: Iterable[GameEntry]) -> tuple[RatingPoint, ...]:
    """The rating after each game of the person's that ended, oldest first (a game that is not rated
    carries the rating on unchanged, marked with why; an abandoned one that rates is lost)."""
    belief = Belief()
    rating = belief.rating
    out = []
    for game in ended_games(games):
        unrated = why_unrated(game)
        abandoned = game.status == "abandoned"
        if unrated is None:
            belief.play(opponent_of(game), won=not abandoned and game.won is True)
            rating = belief.rating
        out.append(RatingPoint(game_id=game.id, finished_at=game.updated_at, mu=rating.mu, sigma=rating.sigma,
                               unrated=unrated, abandoned=abandoned))
    return tuple(out)


def current(games: Iterable[GameEntry]) -> Rating:
    """The rating now: after the last rated game (a new player's prior before any)."""
    series = rating_series(games)
    return series[-1].rating if series else Rating()


class RatingSummary(BaseModel):
    """The rating as the statistics show it: now, where it stands among the levels, and over time."""

    model_config = ConfigDict(frozen=True)
    now: Rating
    rated: int  # games that moved it (abandoned ones among them)
    practice: int  # finished games left out as practice (a hint or a move taken back)
    abandoned: int = 0  # games left unfinished for a new one, each rated as lost
    unmeasured: int = 0  # games left out because the table was not measured for them (seats, rules)
    below: str | None  # the strongest level under the 95% interval (None: none is)
    above: str | None  # the weakest level over it (None: none is)
    levels: dict[str, float]  # each level's fixed rating, for the chart
    series: tuple[RatingPoint, ...]


def placed(rating: Rating) -> tuple[str | None, str | None]:
    """The levels the rating is 95% sure to be above and below: the strongest under its interval
    and the weakest over it (None where no level is)."""
    below = above = None
    for level, mu in levels_in_order():
        if mu < rating.low:
            below = level
        elif mu > rating.high and above is None:
            above = level
    return below, above


def summary(games: Iterable[GameEntry]) -> RatingSummary:
    """Every figure of the rating for the statistics screen and `allfives stats`."""
    series = rating_series(games)
    now = series[-1].rating if series else Rating()
    below, above = placed(now)
    return RatingSummary(now=now, rated=sum(1 for p in series if p.unrated is None),
                         practice=sum(1 for p in series if p.unrated == "practice"),
                         abandoned=sum(1 for p in series if p.unrated is None and p.abandoned),
                         unmeasured=sum(1 for p in series if p.unrated in ("seats", "rules")),
                         below=below, above=above,
                         levels={level: r.mu for level, r in BOT_RATINGS.items()}, series=series)


def level_name(level: str) -> str:
    """A bot level in the player's language (the history and records keep the English)."""
    return level_word(level)


def opponents_words(who: str) -> str:
    """`easy+medium` (`GameEntry.opponents`) with each level in the player's language (`person`: hot seat)."""
    return "+".join(_("person") if part == "person" else level_name(part) for part in who.split("+"))


def rounded(points: float) -> int:
    """A rating's figure to the nearest ten: its own margin is never narrower than some tens of points."""
    return int(round(points / 10.0)) * 10


def rating_words(rating: Rating) -> str:
    """`1,620 ± 170`: the rating and its 95% margin (two standard deviations), to the nearest ten, in the
    language's numbers."""
    return _("{rating} ± {margin}").format(rating=number(rounded(rating.mu)),
                                           margin=number(rounded(2 * rating.sigma)))


def interval_words(rating: Rating) -> str:
    """`1,450–1,790`: the 95% interval."""
    return _("{low}–{high}").format(low=number(rounded(rating.low)), high=number(rounded(rating.high)))


def standing_words(s: RatingSummary) -> str:
    """Where the 95% interval stands among the bot levels: `between medium and hard` (it holds no level
    between them), `around medium` (it holds that one only), `above expert`, `below easy`; `not placed
    among the levels yet` while it holds every one. Never finer than the interval: a rating of
    1,720 ± 300 is not "between hard and expert"."""
    inside = [level for level, mu in s.levels.items() if s.now.low <= mu <= s.now.high]
    if len(inside) == 1:
        return _("around {level}").format(level=level_name(inside[0]))
    if s.below is not None and s.above is not None:
        return _("between {lower} and {upper}").format(lower=level_name(s.below), upper=level_name(s.above))
    if s.below is not None:
        return _("above {level}").format(level=level_name(s.below))
    if s.above is not None:
        return _("below {level}").format(level=level_name(s.above))
    return _("not placed among the levels yet")
