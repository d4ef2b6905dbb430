"""The lesson at the table: the game screen's own widgets and flow, with the coach under the board.

The lesson's session (allfives.learn) says what the coach says and whether a move is the one the step
asks for; the screen only shows it. A move it does not ask for is not made: the tile goes back to the
hand and the coach says kindly why. The hand's end is the coach's too (no score panel): the deduction,
then the target and the way to a real game, which its last Enter starts. `q` leaves at once, whenever: a
lesson is never saved, so there is nothing to lose, and the window is back where the lesson was opened
from (the new-game screen).
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Button

from allfives.engine import Move
from allfives.i18n import N_, _
from allfives.learn.session import LessonSession
from allfives.play.flow import Deal, Directive, ShowGameOver, ShowResult

from ..commands import PLAY
from ..screens.game import GameScreen, TableButton
from ..widgets.shown import content
from .coach import Coach

if TYPE_CHECKING:
    from ..app import AllFivesApp


class LessonScreen(GameScreen):
    """A lesson's hand from its first play to its last words; leaving it, at its end or before, comes
    back to the screen it was opened over."""

    CSS_PATH = "learn.tcss"
    # Enter goes on where the person reads (else it plays, as at the table); q leaves the lesson
    BINDINGS = [
        Binding("enter,space", "go_on", N_("Go on"), key_display="⏎"),
        PLAY.binding(),
        Binding("q", "leave", N_("Leave"), tooltip=N_("Leave the lesson (nothing is lost)")),
    ]

    def __init__(self, session: LessonSession) -> None:
        super().__init__(session)
        self.lesson = session

    def under_board(self) -> ComposeResult:
        yield Coach(id="coach")

    def beside_status(self) -> ComposeResult:
        yield TableButton(content(_("Go on (Enter)")), id="go-on", compact=True)

    @cached_property
    def coach(self) -> Coach:
        return self.query_one(Coach)

    @cached_property
    def go_on_button(self) -> TableButton:
        return self.query_one("#go-on", TableButton)

    def show(self) -> None:
        """The table as at a game, and what the coach says now (with a button where the person reads)."""
        super().show()
        coaching = self.coach.view = self.lesson.coaching()
        button = self.go_on_button
        button.display = coaching.tone == "read"
        label = content(_("Play a real game (Enter)") if coaching.last else _("Go on (Enter)"))
        if button.label != label:
            button.label = label
            button.refresh(layout=True)  # (a new label does not lay its button out again by itself)

    @property
    def in_progress(self) -> bool:
        """A lesson is never a game in progress: nothing of it is kept, nothing asks before leaving it."""
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "go_on":
            return self.lesson.reading and not self.closed
        return super().check_action(action, parameters)

    # -- the lesson's moves: the step's, or the coach's kind words ---------------------------------------

    def apply(self, move: Move) -> bool:
        """A move the step does not ask for is not made: the tile goes back, and the coach says why."""
        if self.lesson.refusal(move) is not None:  # (kept: the coach says them until the next move)
            self.turn = self.turn.fresh()
            self.show()
            return False
        return super().apply(move)

    def action_hint(self) -> None:
        """`h`: the coach says how the step is done (the lesson's own hint, at once)."""
        if self.my_turn and self.lesson.expected() is not None:
            self.lesson.hint(self.viewer)
            self.show()

    def carry_out(self, directive: Directive) -> None:
        """The hand's end is the coach's: no score panel, no next deal."""
        if isinstance(directive, (ShowResult, ShowGameOver, Deal)):
            self.show()
            return
        super().carry_out(directive)

    # -- going on and leaving ------------------------------------------------------------------------------

    def action_go_on(self) -> None:
        """Past a step the person reads; past the last one, out to a real game at once (real_game, below)."""
        if self.lesson.go_on():
            if self.lesson.over:
                self.action_leave()
                level = next(p.level for p in self.lesson.setup.players if not p.is_person)
                self.app.call_later(real_game, self.app, level)
            else:
                self.show()

    def action_leave(self) -> None:
        """`q`: out of the lesson at once."""
        if not self.closed:
            self.close()
            self.dismiss()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "go-on":
            event.stop()
            self.action_go_on()
            return
        super().on_button_pressed(event)


def real_game(app: AllFivesApp, level: str) -> None:
    """The lesson's "Play a real game": at once, two seats, the person against a bot of the lesson's
    `level`, at the window's pace and in the player's name, started as the new-game screen under the
    lesson starts its own (it gives the setup). Over anything else (the resume question: a saved game
    waits there) the window stays where the lesson was opened, for the person to choose."""
    from allfives.engine import Rules
    from allfives.play.setup import GameSetup, default_players, named_as

    from ..screens.new_game import NewGameScreen

    screen = app.screen
    if not isinstance(screen, NewGameScreen) or screen.cancellable:
        return
    setup = GameSetup(rules=Rules(seats=2), players=default_players(2, 1, level), bot_delay=app.bot_delay)
    screen.dismiss(named_as(setup, app.prefs.name))
