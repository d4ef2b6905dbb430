"""Charts of the history (textual-plotext): the score through one game, and your results over time.

Both are drawn again whenever they render, in the theme's colours; the data are small. This module
loads plotext, so it is imported only by the screens that show a chart, when they are opened.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from textual.app import RenderResult
from textual.color import Color
from textual.content import Content
from textual_plotext import PlotextPlot

from allfives.history.stats import ResultPoint
from allfives.i18n import _, percent
from allfives.ui.model.sheet import Sheet

SIDE_COLOURS = ("accent", "info-text", "points", "loss")  # a side's line, in theme variables


@dataclass(frozen=True)
class ScoreSeries:
    """The running scores through a game, a point after each scoring play and each hand's end."""

    heads: tuple[str, ...]
    scores: tuple[tuple[int, ...], ...]  # per point, per side; the first is 0 for everyone
    hands: tuple[int, ...]  # the point each hand starts at
    target: int
    names: tuple[str, ...] = ()  # each side's players in full ("Alexandra & Cleo"), for the legend


def score_series(sheet: Sheet) -> ScoreSeries:
    """Read the running scores off the scoresheet (its play rows and each hand's total)."""
    running = [0] * len(sheet.heads)
    points = [tuple(running)]
    hands = []
    for row in sheet.rows:
        if row.kind == "hand":
            hands.append(len(points) - 1)
        elif row.kind == "play":
            running = [r + (int(cell) if cell else 0) for r, cell in zip(running, row.cells, strict=True)]
            points.append(tuple(running))
        elif row.kind == "total":
            running = [int(cell) for cell in row.cells]
            points.append(tuple(running))
    names = tuple(" & ".join(names) for names in sheet.head_lines) or sheet.heads
    return ScoreSeries(sheet.heads, tuple(points), tuple(hands), sheet.target, names)


STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000)


def whole_ticks(low: float, high: float, most: int) -> list[int]:
    """Whole-number ticks a round step apart (1, 2, 5, 10, 25, 50…) from one at or below `low` to one at
    or above `high`, no more than `most` of them (two at least): plotext's own fall between points
    (`35.0 29.2 23.3`) and lose one when two land on the same row."""
    most = max(most, 2)
    for step in STEPS:
        first, last = math.floor(low / step) * step, math.ceil(high / step) * step
        if last == first:
            last = first + step
        if (last - first) // step + 1 <= most:
            return list(range(first, last + 1, step))
    return [math.floor(low), math.ceil(high)]


def plot_rows(height: int) -> int:
    """The rows a chart of this height plots on (less its title, frame, x ticks and x label)."""
    return max(height - 5, 2)


def legend(heads: Sequence[str]) -> Content:
    """Each side named in full (as it is, never read as markup) beside the colour of its line
    (`━━ Alexandra & Cleo   ━━ Ben & Dan`)."""
    parts: list[str | tuple[str, str]] = []
    for side, head in enumerate(heads):
        if side:
            parts.append("   ")
        parts.extend([("━━", f"${SIDE_COLOURS[side % len(SIDE_COLOURS)]}"), f" {head}"])
    return Content.assemble(*parts)


class _Chart(PlotextPlot):
    def colour(self, variable: str) -> tuple[int, int, int]:
        known = self.app.theme_variables
        return Color.parse(known.get(variable) or known.get("foreground", "#ffffff")).rgb

    def draw(self) -> None:
        """Put the data on `self.plt` (cleared already)."""

    def render(self) -> RenderResult:
        self.plt.clear_figure()
        self.draw()
        return super().render()

    def on_unmount(self) -> None:
        """PlotextPlot follows the theme through an app-wide signal and never stops: a closed chart (one
        per game-over screen) would stay alive with its figure until the theme next changed."""
        self.app.theme_changed_signal.unsubscribe(self)


class ScoreChart(_Chart):
    """Each side's score through the game, the target as a line across."""

    def __init__(self, series: ScoreSeries, **kwargs) -> None:
        super().__init__(**kwargs)
        self.series = series

    def draw(self) -> None:
        s, plt = self.series, self.plt
        xs = list(range(len(s.scores)))
        for side in range(len(s.heads)):
            plt.plot(xs, [p[side] for p in s.scores], marker="hd",
                     color=self.colour(SIDE_COLOURS[side % len(SIDE_COLOURS)]))
        top = max([s.target, *(max(p) for p in s.scores)])
        ticks = whole_ticks(0, top, plot_rows(self.size.height) // 2 + 1)  # a row between labels
        plt.ylim(ticks[0], ticks[-1])
        plt.yticks(list[float](ticks), [str(t) for t in ticks])
        plt.horizontal_line(s.target, color=self.colour("quiet-text"))
        plt.text(_("target {points}").format(points=s.target), x=0, y=s.target,
                 color=self.colour("quiet-text"), alignment="left")
        plt.xlim(0, max(len(xs) - 1, 1))
        if s.hands:
            plt.xticks(list(s.hands), [str(n) for n in range(1, len(s.hands) + 1)])
        plt.xlabel(_("hand"))
        plt.title(_("The score through the game"))


class ResultsChart(_Chart):
    """Finished games, oldest first: the margin of each (won above the line, lost below) and the win
    rate so far (right-hand scale)."""

    def __init__(self, results: Sequence[ResultPoint], **kwargs) -> None:
        super().__init__(**kwargs)
        self.results = tuple(results)

    def draw(self) -> None:
        plt, results = self.plt, self.results
        plt.title(_("Won or lost by · win {percent} so far").format(percent="%"))  # % alone reads as %-format
        if not results:
            plt.xticks([], [])
            plt.yticks([], [])
            return
        games = list(range(1, len(results) + 1))
        won = [(n, r.margin) for n, r in zip(games, results, strict=True) if r.won]
        lost = [(n, r.margin) for n, r in zip(games, results, strict=True) if not r.won]
        for points, variable in ((won, "points"), (lost, "loss")):
            if points:
                plt.bar([n for n, _m in points], [m for _n, m in points], color=self.colour(variable),
                        width=0.4)
        margins = [r.margin for r in results]
        ticks = whole_ticks(min(0, *margins), max(0, *margins), plot_rows(self.size.height) // 2 + 1)
        plt.ylim(ticks[0], ticks[-1])
        plt.yticks(list[float](ticks), [f"{t:+d}" if t else "0" for t in ticks])
        plt.horizontal_line(0, color=self.colour("quiet-text"))
        plt.plot(games, [round(100 * r.win_rate) for r in results], yside="right",
                 color=self.colour("accent"), marker="hd")
        plt.ylim(0, 100, yside="right")  # type: ignore[arg-type]  # (plotext's annotation: it takes a side)
        plt.yticks([0, 50, 100], [percent(share) for share in (0, 0.5, 1)], yside="right")  # type: ignore[arg-type]
        # room for ten games at least: one game is a slim bar, not the whole chart
        plt.xlim(0.5, max(len(results), 10) + 0.5)
        shown = [n for n in whole_ticks(0, len(results), 8) if 1 <= n <= len(results)] or [1]
        plt.xticks(list[float](shown), [str(n) for n in shown])
        plt.xlabel(_("game"))
