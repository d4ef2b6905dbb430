"""The chart of the player's rating over time (textual-plotext): the rating after each game that ended,
its 95% band, the bot levels' fixed ratings across, and the games not rated marked."""

from __future__ import annotations

from allfives.bots.ratings import MU, SIGMA
from allfives.history.rating import RatingSummary, level_name
from allfives.i18n import _

from .charts import _Chart, plot_rows, whole_ticks


class RatingChart(_Chart):
    """The rating game by game (oldest first, starting from a new player's) with its band; a game that
    left it alone (practice, seeded, a hot seat, 3 or 4 seats, other rules) is a quiet `x` on the line."""

    def __init__(self, summary: RatingSummary | None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.summary = summary

    def draw(self) -> None:
        plt, s = self.plt, self.summary
        plt.title(_("Rating · 95% band"))
        if s is None or not s.series:
            plt.xticks([], [])
            plt.yticks([], [])
            return
        points = [(0, MU, SIGMA)] + [(n, p.mu, p.sigma) for n, p in enumerate(s.series, start=1)]
        games = [n for n, _mu, _sigma in points]
        low = [mu - 2 * sigma for _n, mu, sigma in points]
        high = [mu + 2 * sigma for _n, mu, sigma in points]
        quiet = self.colour("quiet-text")
        plt.plot(games, low, color=quiet)
        plt.plot(games, high, color=quiet)
        plt.plot(games, [mu for _n, mu, _sigma in points], color=self.colour("accent"), marker="hd")
        unrated = [(n, p.mu) for n, p in enumerate(s.series, start=1) if p.unrated is not None]
        if unrated:
            plt.scatter([n for n, _mu in unrated], [mu for _n, mu in unrated], color=self.colour("loss"),
                        marker="x")
        top, bottom = max(high), min(low)
        ticks = whole_ticks(bottom, top, plot_rows(self.size.height) // 2 + 1)
        row = (ticks[-1] - ticks[0]) / plot_rows(self.size.height)  # the points one row of the chart spans
        for mu, names in level_rows(s.levels, bottom, top, row):
            plt.horizontal_line(mu, color=self.colour("info-text"))
            plt.text("/".join(names), x=0, y=mu, color=self.colour("info-text"), alignment="left")
        plt.ylim(ticks[0], ticks[-1])
        plt.yticks(list[float](ticks), [str(t) for t in ticks])
        plt.xlim(0, max(len(s.series), 10))
        shown = [n for n in whole_ticks(0, len(s.series), 8) if 0 <= n <= len(s.series)] or [0]
        plt.xticks(list[float](shown), [str(n) for n in shown])
        plt.xlabel(_("game (x: not rated)") if unrated else _("game"))


def level_rows(levels: dict[str, float], bottom: float, top: float, row: float
               ) -> list[tuple[float, list[str]]]:
    """The levels in the chart's range, weakest first, those closer than `row` points joined under one
    label (hard and expert a few dozen points apart would draw over each other): (where, names)."""
    out: list[tuple[float, list[str]]] = []
    for level, mu in sorted(levels.items(), key=lambda item: item[1]):
        if not bottom <= mu <= top:
            continue
        if out and mu - out[-1][0] < row:
            out[-1][1].append(level_name(level))
        else:
            out.append((mu, [level_name(level)]))
    return out
