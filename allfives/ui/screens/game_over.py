"""The game-over screen: the winner, the verdict on luck and skill, the whole scoresheet and the score
through the game as a chart; a new game, a review of this one, or quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static
from textual.worker import get_current_worker

from allfives.i18n import N_, _
from allfives.ui.model.shown import styled

from ..commands import HELP, REVIEW
from ..widgets.scoresheet import Scoresheet, Sheet
from ..widgets.shown import content
from ..widgets.too_small import TooSmall
from .guard import Guarded

if TYPE_CHECKING:
    from allfives.ui.review.model import ReviewGame

WEIGHING = N_("Weighing luck and skill…")
VERDICT_SAMPLES: int | None = None  # deals a decision for the verdict; None: the review's (tests: few)


class GameOverScreen(Guarded, ModalScreen[str]):
    """Dismisses with "new", "quit", or "table" (put aside to look at the final board; the table
    brings it back); a review opens over it and comes back to it."""

    BINDINGS = [
        Binding("n,enter", "choose('new')", N_("New game")),
        Binding("t", "choose('table')", N_("Look at the table")),
        REVIEW.binding(),
        Binding("q,escape", "choose('quit')", N_("Quit")),
        HELP.binding(),  # (a modal screen stops the app's own keys)
    ]
    AUTO_FOCUS = "#new"

    def __init__(self, headline: str, sheet: Sheet, review: ReviewGame | None = None,
                 samples: int | None = None) -> None:
        """`review`: the game, to say whether the people's play or the deals decided it (a game of bots
        only, or one whose hands are not all known, has no verdict line)."""
        super().__init__()
        self.headline = headline
        self.sheet = sheet
        self.review = review if review is not None and review.setup.people else None
        self.samples = samples

    def compose(self) -> ComposeResult:
        from ..widgets.charts import ScoreChart, legend, score_series  # plotext loads once a game is over

        series = score_series(self.sheet)

        with Vertical(id="over-box", classes="dialog"):
            yield Static(content(styled("[b]{}[/b]", self.headline)), classes="title", id="winner")
            if self.review is not None:
                yield Static(_(WEIGHING), id="verdict", markup=False)
            with Horizontal(id="over-body"):
                yield Scoresheet(id="final-sheet")
                with Vertical(id="over-chart"):
                    yield ScoreChart(series, id="score-chart")
                    yield Static(legend(series.names), id="score-legend")
            with Horizontal(classes="buttons"):
                yield Button(_("New game (n)"), id="new", variant="primary")
                yield Button(_("The table (t)"), id="table")
                yield Button(_("Review (r)"), id="review")
                yield Button(_("Quit (q)"), id="quit")
        yield TooSmall()

    def on_mount(self) -> None:
        self.query_one(Scoresheet).sheet = self.sheet
        if self.review is not None:
            self.weigh(self.review)

    @work(thread=True, exclusive=True, group="verdict", exit_on_error=False)
    def weigh(self, review: ReviewGame) -> None:
        """The people's decisions weighed as the review weighs them, and the deals and draws; the line is
        filled in when ready (the screen opens at once). The analysis is kept in the history, so a review
        of the game opens with it."""
        from allfives.bots.analysis import DEFAULT_SAMPLES, AnalysisStopped, analyse_game
        from allfives.bots.luck import luck_of, luck_samples, verdict
        from allfives.history.store import stored_analysis
        from allfives.play.history_link import HistoryLink

        worker = get_current_worker()
        samples = self.samples or VERDICT_SAMPLES or DEFAULT_SAMPLES
        game, setup = review.game, review.setup
        history = getattr(self.app, "history", None)
        try:
            if isinstance(history, HistoryLink) and review.history_id is not None:
                analysis = stored_analysis(history.store(), review.history_id, game, review.seats, samples,
                                           stop=lambda: worker.is_cancelled)
            else:
                analysis = analyse_game(game, review.seats, samples, stop=lambda: worker.is_cancelled)
        except AnalysisStopped:
            return
        if worker.is_cancelled:
            return
        luck = luck_of(game, analysis.decisions, luck_samples(samples), review.seats)
        rules = game.rules.to_core()
        people = setup.people
        sides = {rules.side_of(s) for s in people}
        several = len(sides) > 1 and game.winner is not None  # people on several sides: the winner's
        side = game.winner if several and game.winner is not None else rules.side_of(people[0])
        line = verdict(luck.game[side], rules.sides, setup.side_title(side)) + "."
        self.app.call_from_thread(self.show_verdict, line)

    def show_verdict(self, line: str) -> None:
        self.query_one("#verdict", Static).update(line)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "review":
            await self.run_action("app.review")
        else:
            self.dismiss(event.button.id if event.button.id in ("new", "table") else "quit")

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
