"""The player's rating: openskill over their finished games against bots, the bots held at their levels.

A pure function of the games in the order they were started, so a history rebuilt from its games
gives the same number. Rated: a finished game with one person and bots of the levels in
`allfives.bots.ratings` (2, 3 or 4 seats; in partnerships the person's team is the person and
their partner bot at its fixed rating). Not rated, and why:
- practice: the person took a hint or took a move back, or played again on deals from a code or a record
  (`allfives --deals`: deals someone has seen);
- seeded: its deals could be known beforehand;
- two or more people (hot seat): nobody at the table is on the bots' measured scale but the bots,
  and one person's result would move on another's play. Network games are not in the history.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict, computed_field

from allfives.bots.ratings import BOT_RATINGS, MU, SIGMA, model, standing
from allfives.i18n import _, number, pgettext

from .games import GameEntry

Unrated = Literal["practice", "seeded", "people", "level"]


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
    """The rating after one finished game of the person's (unchanged by a game not rated)."""

    model_config = ConfigDict(frozen=True)
    game_id: str
    finished_at: str
    mu: float
    sigma: float
    unrated: Unrated | None = None  # why this game left the rating alone (None: it was rated)

    @property
    def rating(self) -> Rating:
        return Rating(mu=self.mu, sigma=self.sigma)


def why_unrated(game: GameEntry) -> Unrated | None:
    """Why a finished game of the person's leaves the rating alone (None: it rates)."""
    if game.practice:
        return "practice"
    if game.seeded:
        return "seeded"
    if sum(p.is_person for p in game.players) != 1:
        return "people"
    if any(not p.is_person and p.level not in BOT_RATINGS for p in game.players):
        return "level"
    return None


def ranks_of(game: GameEntry) -> list[int]:
    """Each side's place: the winner first, the others by their final scores (equal scores share one)."""
    winner = game.winner
    ranks = []
    for side, score in enumerate(game.scores):
        if side == winner:
            ranks.append(0)
        else:
            ranks.append(1 + sum(1 for s, other in enumerate(game.scores)
                                 if s != winner and s != side and other > score))
    return ranks


def rate_game(rating: Rating, game: GameEntry) -> Rating:
    """The person's rating after `game` (a rated one): openskill's update with every bot held fixed."""
    rate = model()
    you = game.you
    teams = []
    for side in range(game.rules.sides):
        team = []
        for seat in game.rules.seats_of(side):
            player = game.players[seat]
            if seat == you:
                team.append(rate.rating(mu=rating.mu, sigma=rating.sigma))
            else:
                level = BOT_RATINGS[player.level or ""]
                team.append(rate.rating(mu=level.mu, sigma=level.sigma))
        teams.append(team)
    side = game.your_side
    assert side is not None
    after = rate.rate(teams, ranks=ranks_of(game))
    mine = after[side][game.rules.seats_of(side).index(you)]
    return Rating(mu=round(mine.mu, 3), sigma=round(mine.sigma, 3))


def rating_series(games: Iterable[GameEntry]) -> tuple[RatingPoint, ...]:
    """The rating after each finished game of the person's, oldest first (a game that is not rated
    carries the rating on unchanged, marked with why)."""
    mine = sorted((g for g in games if g.you is not None and g.status == "finished" and g.winner is not None),
                  key=lambda g: (g.started_at, g.updated_at))
    rating = Rating()
    out = []
    for game in mine:
        unrated = why_unrated(game)
        if unrated is None:
            rating = rate_game(rating, game)
        out.append(RatingPoint(game_id=game.id, finished_at=game.updated_at, mu=rating.mu, sigma=rating.sigma,
                               unrated=unrated))
    return tuple(out)


def current(games: Iterable[GameEntry]) -> Rating:
    """The rating now: after the last rated game (a new player's prior before any)."""
    series = rating_series(games)
    return series[-1].rating if series else Rating()


class RatingSummary(BaseModel):
    """The rating as the statistics show it: now, where it stands among the levels, and over time."""

    model_config = ConfigDict(frozen=True)
    now: Rating
    rated: int  # finished games that moved it
    practice: int  # finished games left out as practice (a hint or a move taken back)
    below: str | None  # the strongest level rated at or under it (None: under every level)
    above: str | None  # the weakest level rated over it (None: over every level)
    levels: dict[str, float]  # each level's fixed rating, for the chart
    series: tuple[RatingPoint, ...]


def summary(games: Iterable[GameEntry]) -> RatingSummary:
    """Every figure of the rating for the statistics screen and `allfives stats`."""
    series = rating_series(games)
    now = series[-1].rating if series else Rating()
    below, above = standing(now.mu)
    return RatingSummary(now=now, rated=sum(1 for p in series if p.unrated is None),
                         practice=sum(1 for p in series if p.unrated == "practice"), below=below, above=above,
                         levels={level: r.mu for level, r in BOT_RATINGS.items()}, series=series)


AT = 25.0


def level_name(level: str) -> str:
    """A bot level in the player's language (the history and records keep the English)."""
    names = {"easy": pgettext("bot level", "easy"), "medium": pgettext("bot level", "medium"),
             "hard": pgettext("bot level", "hard"), "expert": pgettext("bot level", "expert")}
    return names.get(level, level)


def opponents_words(who: str) -> str:
    """`easy+medium` (`GameEntry.opponents`) with each level in the player's language (`person`: hot seat)."""
    return "+".join(_("person") if part == "person" else level_name(part) for part in who.split("+"))


def rating_words(rating: Rating) -> str:
    """`1,620 ± 170`: the rating and its 95% margin (two standard deviations), in the language's numbers."""
    return _("{rating} ± {margin}").format(rating=number(round(rating.mu)),
                                           margin=number(round(2 * rating.sigma)))


def interval_words(rating: Rating) -> str:
    """`1,450–1,790`: the 95% interval."""
    return _("{low}–{high}").format(low=number(round(rating.low)), high=number(round(rating.high)))


def standing_words(s: RatingSummary) -> str:
    """Where the rating stands among the bot levels: `between medium and hard`, `above expert`, `at medium`
    (within AT points of a level: closer than the levels' own numbers are measured)."""
    for level, mu in s.levels.items():
        if abs(s.now.mu - mu) < AT:
            return _("at {level}").format(level=level_name(level))
    if s.below is None and s.above is not None:
        return _("below {level}").format(level=level_name(s.above))
    if s.above is None and s.below is not None:
        return _("above {level}").format(level=level_name(s.below))
    return _("between {lower} and {upper}").format(lower=level_name(s.below or ""),
                                                   upper=level_name(s.above or ""))
