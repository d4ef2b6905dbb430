"""Charts of the history (textual-plotext): the score through one game, and your results over time.

Both are drawn again whenever they render, in the theme's colours; the data are small. This module
loads plotext, so it is imported only by the screens that show a chart, when they are opened.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import RenderableType
from textual.color import Color
from textual.content import Content
from textual_plotext import PlotextPlot

from allfives.history.stats import ResultPoint
from allfives.ui.model.sheet import Sheet

SIDE_COLOURS = ("accent", "info-text", "points", "loss")  # a side's line, in theme variables


@dataclass(frozen=True)
class ScoreSeries:
    """The running scores through a game, a point after each scoring play and each hand's end."""

    heads: tuple[str, ...]
    scores: tuple[tuple[int, ...], ...]  # per point, per side; the first is 0 for everyone
    hands: tuple[int, ...]  # the point each hand starts at
    target: int


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
    return ScoreSeries(sheet.heads, tuple(points), tuple(hands), sheet.target)


def legend(heads: Sequence[str]) -> Content:
    """Each side named (as it is, never read as markup) beside the colour of its line
    (`━━ Ada+Cleo   ━━ Ben+Dan`)."""
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

    def render(self) -> RenderableType:
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
        plt.horizontal_line(s.target, color=self.colour("quiet-text"))
        if s.hands:
            plt.xticks(list(s.hands), [str(n) for n in range(1, len(s.hands) + 1)])
        plt.xlabel("hand")
        plt.title("The score through the game")


class ResultsChart(_Chart):
    """Finished games, oldest first: the margin of each (won above the line, lost below) and the win
    rate so far (right-hand scale)."""

    def __init__(self, results: Sequence[ResultPoint], **kwargs) -> None:
        super().__init__(**kwargs)
        self.results = tuple(results)

    def draw(self) -> None:
        plt, results = self.plt, self.results
        plt.title("Won or lost by · win % so far")
        if not results:
            plt.xticks([], [])
            plt.yticks([], [])
            return
        games = list(range(1, len(results) + 1))
        won = [(n, r.margin) for n, r in zip(games, results, strict=True) if r.won]
        lost = [(n, r.margin) for n, r in zip(games, results, strict=True) if not r.won]
        for points, variable in ((won, "points"), (lost, "loss")):
            if points:
                plt.bar([n for n, _ in points], [m for _, m in points], color=self.colour(variable),
                        width=0.4)
        plt.horizontal_line(0, color=self.colour("quiet-text"))
        plt.plot(games, [round(100 * r.win_rate) for r in results], yside="right",
                 color=self.colour("accent"), marker="hd")
        plt.ylim(0, 100, yside="right")
        plt.xlabel("game")
