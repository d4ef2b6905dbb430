"""The game-over screen: the winner, the whole scoresheet and the score through the game as a chart;
a new game, a review of this one, or quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from allfives.ui.model.shown import styled

from ..widgets.scoresheet import Scoresheet, Sheet
from ..widgets.shown import content
from ..widgets.too_small import TooSmall
from .guard import Guarded


class GameOverScreen(Guarded, ModalScreen[str]):
    """Dismisses with "new", "quit", or "table" (put aside to look at the final board; the table
    brings it back); a review opens over it and comes back to it."""

    BINDINGS = [
        Binding("n,enter", "choose('new')", "New game"),
        Binding("t", "choose('table')", "Look at the table"),
        Binding("r", "app.review", "Review"),
        Binding("q,escape", "choose('quit')", "Quit"),
    ]
    AUTO_FOCUS = "#new"

    def __init__(self, headline: str, sheet: Sheet) -> None:
        super().__init__()
        self.headline = headline
        self.sheet = sheet

    def compose(self) -> ComposeResult:
        from ..widgets.charts import ScoreChart, legend, score_series  # plotext loads once a game is over

        series = score_series(self.sheet)

        with Vertical(id="over-box", classes="dialog"):
            yield Static(content(styled("[b]{}[/b]", self.headline)), classes="title", id="winner")
            with Horizontal(id="over-body"):
                yield Scoresheet(id="final-sheet")
                with Vertical(id="over-chart"):
                    yield ScoreChart(series, id="score-chart")
                    yield Static(legend(series.names), id="score-legend")
            with Horizontal(classes="buttons"):
                yield Button("New game (n)", id="new", variant="primary")
                yield Button("The table (t)", id="table")
                yield Button("Review (r)", id="review")
                yield Button("Quit (q)", id="quit")
        yield TooSmall()

    def on_mount(self) -> None:
        self.query_one(Scoresheet).sheet = self.sheet

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "review":
            await self.run_action("app.review")
        else:
            self.dismiss(event.button.id if event.button.id in ("new", "table") else "quit")

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
