"""Charts (textual-plotext): whole-number ticks that are all there, a labelled target, full names in the
legend, and a results chart that reads with one game or a hundred."""

from __future__ import annotations

import re

import pytest
from textual.app import App, ComposeResult

from allfives.history.stats import ResultPoint
from allfives.ui.themes import STYLESHEET, use_themes
from allfives.ui.widgets.charts import ResultsChart, ScoreChart, ScoreSeries, legend, whole_ticks

from .languages import speaking


def test_ticks_are_whole_round_and_few_enough() -> None:
    assert whole_ticks(0, 35, 8) == [0, 5, 10, 15, 20, 25, 30, 35]
    assert whole_ticks(0, 35, 4) == [0, 20, 40]
    assert whole_ticks(0, 250, 6) == [0, 50, 100, 150, 200, 250]
    assert whole_ticks(-40, 0, 3) == [-40, -20, 0]  # one game lost by 40: no -0.0
    assert whole_ticks(0, 0, 3) == [0, 1]
    for low, high, most in ((0, 137, 4), (-95, 210, 5), (0, 1000, 3), (3, 7, 9)):
        ticks = whole_ticks(low, high, most)
        assert 2 <= len(ticks) <= most and ticks[0] <= low and ticks[-1] >= high
        assert len({b - a for a, b in zip(ticks, ticks[1:], strict=False)}) == 1  # evenly apart


def test_the_legend_names_each_side_in_full() -> None:
    shown = legend(("Alexandra & Cleo", "Ben & Dan")).plain
    assert "Alexandra & Cleo" in shown and "Ben & Dan" in shown


class Charted(App[None]):
    CSS_PATH = STYLESHEET

    def __init__(self, chart) -> None:
        super().__init__()
        self.chart = chart
        use_themes(self)

    def compose(self) -> ComposeResult:
        yield self.chart


def labels(chart) -> list[str]:
    """The y labels down the chart's left edge, top to bottom."""
    lines = str(chart.render()).splitlines()
    return [m.group(1) for line in lines if (m := re.match(r"\s*([+-]?\d+(?:\.\d+)?)\s*[┤│┼├]", line))]


SERIES = ScoreSeries(("Ax+Co", "Ben+Dan"), ((0, 0), (10, 0), (10, 15), (35, 15), (35, 30)), (0, 3), 35,
                     ("Alexandra & Cleo", "Ben & Dan"))


@pytest.mark.parametrize("height", [9, 14, 30])
async def test_the_score_chart_has_every_whole_label_and_a_labelled_target(height) -> None:
    app = Charted(ScoreChart(SERIES))
    async with app.run_test(size=(44, height)) as pilot:
        await pilot.pause()
        drawn = str(app.chart.render())
        ys = labels(app.chart)
        assert len(ys) >= 2 and all("." not in y for y in ys)  # no 35.0 29.2 23.3
        values = [int(y) for y in ys]
        assert values == sorted(values, reverse=True) and values[-1] == 0 and values[0] >= 35
        assert values == whole_ticks(0, 35, len(values))[::-1]  # evenly apart: none dropped
        assert "target 35" in drawn


def results(margins: list[int]) -> list[ResultPoint]:
    won = 0
    points = []
    for n, margin in enumerate(margins, 1):
        won += margin > 0
        points.append(ResultPoint(game_id=str(n), finished_at="", won=margin > 0, margin=margin,
                                  opponents="easy", win_rate=won / n))
    return points


@pytest.mark.parametrize("margins", [[-40], [25, -10, 60] * 34])
async def test_the_results_chart_reads_with_one_game_or_a_hundred(margins) -> None:
    app = Charted(ResultsChart(results(margins)))
    async with app.run_test(size=(50, 14)) as pilot:
        await pilot.pause()
        drawn = str(app.chart.render())
        assert "-0.0" not in drawn and "0.0" not in drawn
        ys = labels(app.chart)
        assert "0" in ys and all("." not in y for y in ys)
        bars = max(line.count("█") for line in drawn.splitlines())
        if len(margins) == 1:
            assert 0 < bars <= 6  # one slim bar, not a solid block across the chart
            assert "-40" in ys


async def test_the_charts_label_their_axes_title_and_target_in_dutch() -> None:
    with speaking("nl"):
        score, won = Charted(ScoreChart(SERIES)), Charted(ResultsChart(results([25, -10, 60])))
        async with score.run_test(size=(60, 16)) as pilot:
            await pilot.pause()
            drawn = str(score.chart.render())
            assert "doel 35" in drawn and "De score door het spel heen" in drawn and "target" not in drawn
        async with won.run_test(size=(60, 16)) as pilot:
            await pilot.pause()
            drawn = str(won.chart.render())
            assert "Gewonnen of verloren met · % gewonnen tot nu" in drawn and "spel" in drawn.split()
            assert "game" not in drawn and "50%" in drawn
