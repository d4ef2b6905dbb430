"""The review: step through a finished (or unfinished) game move by move, every hand face up, drawn by
the table's own widgets, with the hard bot's judgement of each choice.

←/→ step a move, Home/End go to the start or end of the hand, PgUp/PgDn a hand back or on; a click on
a line of the scoresheet or the log goes to its moment. The analysis runs in a worker thread, told
decision by decision (a progress bar), and can be stopped (x) and taken up again (a); once whole it
is kept in the game history beside the game, so the next review of that game is instant. Then the
deals and draws are weighed too, against every seat's decisions (the seats not reviewed are weighed
as well, unless the history holds them): each draw is told as luck, the luckiest and unluckiest
moments are marked and `l` jumps between them, and the foot gives each hand's luck and skill.
"""

from __future__ import annotations

from functools import cached_property

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Footer
from textual.worker import Worker, WorkerState, get_current_worker

from allfives.bots.analysis import (
    DEFAULT_SAMPLES,
    AnalysisStopped,
    Decision,
    GameAnalysis,
    assemble,
    count_decisions,
    every_seat,
    iter_decisions,
)
from allfives.bots.luck import LuckAnalysis, luck_of, luck_samples
from allfives.i18n import N_, _
from allfives.play.history_link import HistoryLink
from allfives.ui.commands import HELP
from allfives.ui.messages import AnalysisReady, DecisionWeighed
from allfives.ui.model.review import Progress, Review, ReviewGame
from allfives.ui.review.panel import AnalysisPanel, OpenBoneyard
from allfives.ui.widgets.game_log import GameLog
from allfives.ui.widgets.hand import Hand
from allfives.ui.widgets.scoresheet import Scoresheet
from allfives.ui.widgets.status import Status
from allfives.ui.widgets.table import WIDE, TablePieces
from allfives.ui.widgets.too_small import TooSmall

Step = tuple[int, int]


class ReviewScreen(Screen[None]):
    """One game, any move of it; Esc goes back to wherever the review was opened from."""

    CSS_PATH = "review.tcss"
    # the stepping keys come first, before a scrolling widget's own (the sheet or the board, once clicked)
    BINDINGS = [
        Binding("left", "step(-1)", N_("Back"), key_display="←", priority=True),
        Binding("right", "step(1)", N_("On"), key_display="→", priority=True),
        Binding("home", "hand_edge(0)", N_("Hand start"), show=False, priority=True),
        Binding("end", "hand_edge(1)", N_("Hand end"), show=False, priority=True),
        Binding("pageup", "hand(-1)", N_("Hand back"), show=False, priority=True),
        Binding("pagedown", "hand(1)", N_("Next hand"), key_display="PgDn", priority=True),
        Binding("m", "mistake(1)", N_("Next mistake")),
        Binding("M", "mistake(-1)", N_("Previous mistake"), show=False),
        Binding("l", "lucky(1)", N_("Next luck"), show=False),  # (the footer keeps esc at 80 columns)
        Binding("L", "lucky(-1)", N_("Previous luck"), show=False),
        Binding("a", "analyse", N_("Weigh")),
        Binding("x", "stop", N_("Stop"), show=False),
        Binding("A", "analyse(True)", N_("Weigh every seat"), show=False),
        Binding("escape,q", "close", N_("Close"), key_display="esc"),
        HELP.binding(show=False),
    ]

    def __init__(self, game: ReviewGame, history: HistoryLink | None = None, samples: int | None = None,
                 analyse: bool = True) -> None:
        super().__init__()
        self.review = Review(game)
        self.history = history
        self.samples = DEFAULT_SAMPLES if samples is None else samples
        self.seats: tuple[int, ...] = game.seats  # whose decisions are weighed
        self.weighed: dict[Step, Decision] = {}  # (hand, move) -> the decision that move was
        self.analysis: GameAnalysis | None = None  # the whole game weighed
        self.luck: LuckAnalysis | None = None  # ... and its deals and draws
        self.progress: Progress = None  # (done, total) while the analysis runs
        self.step: Step = self.review.first
        self.analyse_at_once = analyse

    # -- layout ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from TablePieces.compose(OpenBoneyard(id="boneyard"))
        yield Status(id="status")
        yield AnalysisPanel(id="analysis")
        yield Hand(id="hand")
        yield Footer()
        yield TooSmall()

    @cached_property
    def pieces(self) -> TablePieces:
        return TablePieces.of(self)

    @cached_property
    def panel(self) -> AnalysisPanel:
        return self.query_one(AnalysisPanel)

    def on_mount(self) -> None:
        if self not in self.app.screen_stack:
            return  # closed before it was first shown (a quick Escape): its widgets are gone already
        self.set_class(self.app.size.width >= WIDE, "-wide")
        self.show()
        if self.analyse_at_once:  # once the table is drawn: a long game's analysis takes a while to start
            self.call_after_refresh(self.action_analyse)

    def on_resize(self, event: Resize) -> None:
        if self.has_class("-wide") != (event.size.width >= WIDE):
            self.set_class(event.size.width >= WIDE, "-wide")
            self.show()

    def on_screen_resume(self) -> None:
        self.on_resize(Resize(self.app.size, self.app.size))  # resized while covered

    # -- what is shown -------------------------------------------------------------------

    def show(self) -> None:
        """The table at the step, and the panel on the decision made from it."""
        review = self.review
        decision = review.decision_at(self.step, self.weighed)
        view = review.view(self.step, decision, wide=self.has_class("-wide"))
        self.pieces.show(view)
        self.query_one(OpenBoneyard).show_tiles(review.timeline.at(*self.step).state.boneyard)
        self.set_class(bool(view.seats.left), "-has-left")
        self.set_class(bool(view.seats.right), "-has-right")
        self.show_panel()

    def show_panel(self) -> None:
        lines = self.review.panel(self.step, self.weighed, self.analysis, self.progress, self.seats,
                                  self.luck)
        self.panel.show(lines, self.progress)

    def go(self, step: Step) -> None:
        if step != self.step:
            self.step = step
            self.show()

    # -- stepping ----------------------------------------------------------------------

    def action_step(self, by: int) -> None:
        self.go(self.review.timeline.step(*self.step, by))

    def action_hand_edge(self, at_end: int) -> None:
        self.go(self.review.timeline.hand_step(self.step[0], 0, at_end=bool(at_end)))

    def action_hand(self, by: int) -> None:
        self.go(self.review.timeline.hand_step(self.step[0], by))

    def _next_of(self, marked: list[tuple[int, int]], by: int) -> tuple[int, int] | None:
        """The first of the marked steps (in order) past this one, going forward (`by` > 0) or back."""
        if by > 0:
            return next((s for s in marked if s > self.step), None)
        return next((s for s in reversed(marked) if s < self.step), None)

    def action_mistake(self, by: int) -> None:
        """The position before the next (or previous) marked mistake."""
        marked = sorted((d.hand, d.move - 1) for d in self.weighed.values() if d.mistake)
        ahead = self._next_of(marked, by)
        if ahead is not None:
            self.go(ahead)
        elif not marked:
            self.notify(_("No mistake marked yet.") if self.analysis is None
                        else _("No mistake marked in this game."))
        else:
            self.notify(_("No more mistakes that way."))

    def action_lucky(self, by: int) -> None:
        """The position before the next (or previous) marked chance event: a lucky or unlucky draw or deal."""
        if self.luck is None:
            self.notify(_("The luck is weighed once every choice is."))
            return
        marked = self.review.marked_chances(self.luck)
        ahead = self._next_of(marked, by)
        if ahead is not None:
            self.go(ahead)
        else:
            self.notify(_("No more lucky moments that way.") if marked else _("No moment was that lucky."))

    @on(Scoresheet.RowClicked)
    def _row_clicked(self, event: Scoresheet.RowClicked) -> None:
        event.stop()
        self.go(self.review.step_of_sheet_row(event.index))

    @on(GameLog.LineClicked)
    def _line_clicked(self, event: GameLog.LineClicked) -> None:
        event.stop()
        self.go(self.review.step_of_log_line(event.index, self.step))

    def action_close(self) -> None:
        self.workers.cancel_group(self, "analysis")
        self.workers.cancel_group(self, "luck")
        self.dismiss(None)

    # -- the analysis, in a worker ---------------------------------------------------------

    @property
    def analysing(self) -> bool:
        return self.progress is not None

    def action_analyse(self, every_seat: bool = False) -> None:
        """Weigh every choice of the reviewed seats (of every seat: `every_seat`), going on from where a
        stop left it."""
        seats = tuple(range(self.review.setup.rules.seats)) if every_seat else self.seats
        if self.analysing and seats == self.seats:
            return
        if seats != self.seats:
            self.workers.cancel_group(self, "analysis")
            self.seats, self.weighed, self.analysis, self.luck = seats, {}, None, None
        if self.analysis is not None:
            self.notify(_("Every choice is weighed already."))
            return
        self.progress = (len(self.weighed), len(self.weighed))
        done = dict(self.weighed)
        self.run_worker(lambda: self._analyse(seats, done), thread=True, group="analysis",
                        exclusive=True, exit_on_error=False, description=N_("The analysis"))
        self.show_panel()

    def action_stop(self) -> None:
        if self.analysing:
            self.workers.cancel_group(self, "analysis")
            self.progress = None
            self.show_panel()

    def _analyse(self, seats: tuple[int, ...], done: dict[Step, Decision]) -> None:
        """In a thread: the history's analysis if it holds one, else every decision weighed and told,
        and the whole kept in the history."""
        worker = get_current_worker()
        game = self.review.game
        store = self.history.store() if self.history is not None and game.history_id else None
        if store is not None and game.history_id is not None:
            found = store.analysis(game.history_id, self.samples, seats, game.game)
            if found is not None:
                self.post_message(AnalysisReady(found, stored=True))
                return
        total = count_decisions(game.game, seats)
        made = dict(done)
        self.post_message(DecisionWeighed(seats, None, len(made), total))
        for decision in iter_decisions(game.game, seats, self.samples, skip=set(made)):
            if worker.is_cancelled:
                return
            made[decision.hand, decision.move] = decision
            self.post_message(DecisionWeighed(seats, decision, len(made), total))
        if worker.is_cancelled:
            return
        analysis = assemble(game.game, seats, self.samples, made.values())
        if store is not None and game.history_id is not None:
            store.save_analysis(game.history_id, analysis, game.game)
        self.post_message(AnalysisReady(analysis, stored=False))

    @on(DecisionWeighed)
    def _weighed(self, message: DecisionWeighed) -> None:
        if message.seats != self.seats or not self.analysing:
            return  # stopped, or weighing other seats now
        if message.decision is not None:
            self.weighed[message.decision.hand, message.decision.move] = message.decision
        self.progress = (message.done, message.total)
        hand, move = self.step
        d = message.decision
        if d is not None and (d.hand, d.move) == (hand, move + 1):
            self.show()  # the decision made from here: the hand shows it too
        else:
            self.show_panel()

    @on(AnalysisReady)
    def _ready(self, message: AnalysisReady) -> None:
        if message.analysis.seats != self.seats:
            return
        self.analysis = message.analysis
        self.weighed = {(d.hand, d.move): d for d in message.analysis.decisions}
        self.progress = None
        self.show()  # the summaries say what was found
        analysis = message.analysis
        self.run_worker(lambda: self._weigh_luck(analysis), thread=True, group="luck", exclusive=True,
                        exit_on_error=False, description=N_("Weighing the luck"))

    def _weigh_luck(self, analysis: GameAnalysis) -> None:
        """In a thread: the deals and draws weighed against every seat's decisions (`allfives.bots.luck`):
        the seats not reviewed are weighed too, unless the history holds them (the game-over verdict
        keeps every seat's), so a bot's mistake counts as the others' skill, not as their luck."""
        worker = get_current_worker()
        review = self.review.game
        game = review.game
        store = self.history.store() if self.history is not None and review.history_id else None
        whole = None
        if store is not None and review.history_id is not None:
            whole = store.analysis(review.history_id, analysis.samples, range(game.rules.seats), game)
        if whole is None:
            try:
                whole = every_seat(game, analysis, stop=lambda: worker.is_cancelled)
            except AnalysisStopped:
                return
            if store is not None and review.history_id is not None and whole is not analysis:
                store.save_analysis(review.history_id, whole, game)
        luck = luck_of(game, whole.decisions, luck_samples(self.samples))
        if not worker.is_cancelled:
            self.app.call_from_thread(self._luck_ready, analysis, luck)

    def _luck_ready(self, analysis: GameAnalysis, luck: LuckAnalysis) -> None:
        if analysis is self.analysis:
            self.luck = luck
            self.show_panel()

    @on(Worker.StateChanged)
    def _worker_failed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR:
            self.progress = None
            self.notify(_("{work} failed: {error}").format(work=_(event.worker.description),
                                                            error=event.worker.error),
                        title=_("Error"), severity="error")
            self.show_panel()
