"""The game-over screen: the winner, the verdict on luck and skill, the whole scoresheet and the score
through the game as a chart; a new game, a review of this one, or quit."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static
from textual.worker import get_current_worker

from allfives.i18n import N_, _
from allfives.ui.model.shown import Shown, styled

from ..commands import HELP, REVIEW
from ..widgets.scoresheet import Scoresheet, Sheet
from ..widgets.shown import content
from ..widgets.too_small import TooSmall
from .guard import Guarded

if TYPE_CHECKING:
    from allfives.play.deals import DealsOver, Duplicate
    from allfives.ui.model.review import ReviewGame

WEIGHING = N_("Weighing luck and skill…")
WEIGHED_SO_FAR = N_("Weighing luck and skill: {done} of {total} decisions…")
WEIGHING_DRAWS = N_("Weighing luck and skill: the deals and draws…")
VERDICT_SAMPLES: int | None = None  # deals a decision for the verdict; None: the review's (tests: few)


class GameOverScreen(Guarded, ModalScreen[str]):
    """Dismisses with "new", "quit", or "table" (put aside to look at the final board; the table
    brings it back); a review opens over it and comes back to it.

    Review has the focus, and a new game comes only from its own key or button: an Enter meant for the
    game's last move (or a second one) never throws the verdict and the chart away."""

    BINDINGS = [
        Binding("n", "choose('new')", N_("New game")),
        Binding("t", "choose('table')", N_("Look at the table")),
        REVIEW.binding(),
        Binding("q,escape", "choose('quit')", N_("Quit")),
        HELP.binding(),  # (a modal screen stops the app's own keys)
    ]
    AUTO_FOCUS = "#review"

    def __init__(self, headline: str, sheet: Sheet, review: ReviewGame | None = None,
                 samples: int | None = None, deals: DealsOver | None = None,
                 saved: Callable[[], None] | None = None) -> None:
        """`review`: the game, to say whether the people's play or the deals decided it (a game of bots
        only, or one whose hands are not all known, has no verdict line). `deals`: its deal code, and
        the comparison with a game played on the same deals before, if there was one. `saved` waits
        until the game as it ended is in the history (the analysis is kept only beside that record)."""
        super().__init__()
        self.deals = deals
        self.headline = headline
        self.sheet = sheet
        self.review = review if review is not None and review.setup.people else None
        self.samples = samples
        self.saved = saved

    def compose(self) -> ComposeResult:
        from ..widgets.charts import ScoreChart, legend, score_series  # plotext loads once a game is over

        series = score_series(self.sheet)

        with Vertical(id="over-box", classes="dialog"):
            yield Static(content(styled("[b]{}[/b]", self.headline)), classes="title", id="winner")
            if self.review is not None:
                yield Static(_(WEIGHING), id="verdict", markup=False)
            if self.deals is not None:
                yield Static(content(styled(_("Deal code [b]{}[/b] (replay: allfives --deals)"),
                                            self.deals.code)), id="deal-code")
                duplicate = Static("", id="duplicate", markup=False)
                duplicate.display = False  # (until a game on the same deals is found)
                yield duplicate
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
        if self.deals is not None:
            self.compare(self.deals)

    @work(thread=True, exclusive=True, group="duplicate", exit_on_error=False)
    def compare(self, deals: DealsOver) -> None:
        """The game played on these deals before, found (the history is read) away from the screen."""
        found = deals.find()
        if found is not None and not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show_duplicate, found)

    def show_duplicate(self, duplicate: Duplicate) -> None:
        shown = self.query_one("#duplicate", Static)
        shown.update(content(duplicate_lines(duplicate)))
        shown.display = True

    @work(thread=True, exclusive=True, group="verdict", exit_on_error=False)
    def weigh(self, review: ReviewGame) -> None:
        """Every seat's decisions weighed as the review weighs them (the bots' too: a bot's mistake is
        the others' skill, not their luck), and the deals and draws; the line is filled in when ready
        (the screen opens at once). The analysis is kept in the history, so a review of the game opens
        with it."""
        from allfives.bots.analysis import DEFAULT_SAMPLES, AnalysisStopped, analyse_game
        from allfives.bots.luck import luck_of, luck_samples, verdict, verdict_error
        from allfives.history.store import stored_analysis
        from allfives.play.history_link import HistoryLink

        worker = get_current_worker()
        shown = [-1]  # the decisions said weighed so far: the line changes at most once a decision

        def progress(done: int, total: int) -> None:
            if done != shown[0] and not worker.is_cancelled:
                shown[0] = done
                self.app.call_from_thread(self.show_verdict, _(WEIGHED_SO_FAR).format(done=done, total=total))

        samples = self.samples or VERDICT_SAMPLES or DEFAULT_SAMPLES
        game, setup = review.game, review.setup
        everyone = tuple(range(game.rules.seats))
        history = getattr(self.app, "history", None)
        try:
            if isinstance(history, HistoryLink) and review.history_id is not None:
                if self.saved is not None:
                    self.saved()  # (the last move's save may still be on its way: this thread waits)
                analysis = stored_analysis(history.store(), review.history_id, game, everyone, samples,
                                           progress=progress, stop=lambda: worker.is_cancelled)
            else:
                analysis = analyse_game(game, everyone, samples, progress=progress,
                                        stop=lambda: worker.is_cancelled)
        except AnalysisStopped:
            return
        if worker.is_cancelled:
            return
        self.app.call_from_thread(self.show_verdict, _(WEIGHING_DRAWS))
        luck = luck_of(game, analysis.decisions, luck_samples(samples))
        rules = game.rules.to_core()
        people = setup.people
        sides = {rules.side_of(s) for s in people}
        several = len(sides) > 1 and game.winner is not None  # people on several sides: the winner's
        side = game.winner if several and game.winner is not None else rules.side_of(people[0])
        line = verdict(luck.game[side], rules.sides, setup.side_title(side), you=setup.yours(side),
                       partners=setup.partners(side) if setup.yours(side) else "",
                       error=verdict_error(luck.game[side], analysis)) + "."
        self.app.call_from_thread(self.show_verdict, line)

    def show_verdict(self, line: str) -> None:
        """The verdict, or how far its weighing is (a word on its way may land once the screen is gone)."""
        for verdict_line in self.query("#verdict").results(Static):
            verdict_line.update(line)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "review":
            await self.run_action("app.review")
        else:
            self.dismiss(event.button.id if event.button.id in ("new", "table") else "quit")

    def action_choose(self, what: str) -> None:
        self.dismiss(what)


def _points(value: int | None) -> str:
    return "–" if value is None else str(value)


def duplicate_lines(duplicate: Duplicate) -> Shown:
    """"On the same deals as Bea: you 120, Bea 95", then hand by hand ("hand 3: you 35, Bea 20")."""
    yours, theirs = duplicate.totals
    who = duplicate.earlier
    if who:
        head = styled(_("On the same deals as {0}: [b]you {1}, {0} {2}[/b]"), who, yours, theirs)
    else:
        head = styled(_("On the same deals as last time: [b]you {0}, then {1}[/b]"), yours, theirs)
    rows = [styled(_("hand {0}: you {1}, {2} {3}"), n, _points(a), who, _points(b)) if who
            else styled(_("hand {0}: you {1}, then {2}"), n, _points(a), _points(b))
            for n, (a, b) in enumerate(duplicate.hands, start=1)]
    return head + "\n" + Shown.of(" · ").join(rows)
