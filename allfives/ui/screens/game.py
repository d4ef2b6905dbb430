"""The table: hand, board, seats, boneyard, scoresheet, log and status; the interpreter of its flow.

The screen holds the game (a `GameSession`), the table's `Flow` (play/flow.py) and the person's
`TurnState` (ui/model/turn.py), and decides nothing itself. After every change it builds one
`TableView` (view.py) and sets it; each widget takes its part and redraws only if that part changed.
Clicks and keys go through the pure steps of turn.py (persons_turn.py), and a step's move goes to
the session. What happens next (a bot thinks, the terminal is handed over, the final board's pause,
the score panel, the next deal, game over) is the flow's: each of its transitions returns one
directive, and the screen carries it out with a worker, a dialog or a timer. Bots and hints think in
worker threads and post `BotChose` / `HintReady` back (bots_turn.py, persons_turn.py). Its keys, footer
and palette entries are ui/commands.py's `TABLE`, each offered only where it `applies`.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, cast

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.events import Resize, ScreenResume
from textual.reactive import var
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button

from allfives.engine import Drew, IllegalMove, Move, SeatView
from allfives.i18n import N_, _
from allfives.play import flow as table_flow
from allfives.play.flow import (
    AutoPass,
    Deal,
    Directive,
    Facts,
    HandOver,
    Leave,
    Make,
    Pause,
    Position,
    PutAside,
    ShowGameOver,
    ShowResult,
    Stepped,
    TakeBack,
    Think,
)
from allfives.play.game_session import GameSession, Undoable
from allfives.ui.model.hand_order import arrange, arranged
from allfives.ui.model.sheet import HandMemo
from allfives.ui.model.shown import styled
from allfives.ui.model.turn import TurnState, taken_back
from allfives.ui.model.view import TableView, build_view, game_over_headline, seat_places

from .. import commands
from ..commands import COUNT_OUT, HELP, NEW_GAME, QUIT, SORT_HAND
from ..table_choices import TableChoices
from ..textual_private import StyledOnce
from ..widgets.boneyard import Boneyard
from ..widgets.footer import KeyFooter
from ..widgets.hand import Hand
from ..widgets.status import Status
from ..widgets.table import WIDE, TablePieces
from ..widgets.too_small import TooSmall
from .bots_turn import BotsTurn
from .persons_turn import PersonsTurn

if TYPE_CHECKING:
    from ..shell import TableShell

ASIDE = {"result": N_("The hand as it ended · t: the score panel"),  # the status line, a dialog put aside
         "game_over": N_("The final board · t: the game-over screen")}


class TableButton(Button, can_focus=False):
    """A one-line button on the table. It never takes the focus: Enter and Space stay the hand's."""


class GameScreen(StyledOnce, PersonsTurn, BotsTurn, Screen[None]):
    """One game from first deal to the winner: the table's flow carried out, the person's turn taken."""

    BINDINGS = commands.bindings(*commands.TABLE, HELP, NEW_GAME, QUIT,  # (o and c: no room in the footer)
                                 hidden=[*(c for c in commands.TABLE if not c.palette), SORT_HAND, COUNT_OUT])

    view: var[TableView | None] = var(None, init=False, always_update=True)  # the parts compare themselves

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.flow = table_flow.start(session.setup.people)  # what happens next is worked out there
        self.turn = TurnState()
        self.seen: SeatView = session.seat_view(self.viewer)  # what the viewer may see, as of the last show
        self.final_timer: Timer | None = None  # the final board's pause, while it runs
        self.memo = HandMemo()  # finished hands' log lines and sheet rows, worked out once

    # whose hand shows, and the dialogs, as the flow has them (a watched table sets the hand itself)
    viewer = property(lambda self: self.flow.viewer,
                      lambda self, seat: setattr(self, "flow", replace(self.flow, viewer=seat)))
    revealed = property(lambda self: self.flow.revealed,
                        lambda self, shown: setattr(self, "flow", replace(self.flow, revealed=shown)))
    aside = property(lambda self: self.flow.aside)
    dialog = property(lambda self: self.flow.dialog)
    closed = property(lambda self: self.flow.closed)

    # -- layout and the view: built once per change, each widget takes its part ------------------------

    def compose(self) -> ComposeResult:
        self._take_shape(self.app.size.width)
        yield from TablePieces.compose(Boneyard(id="boneyard"))
        yield from self.under_board()
        with Horizontal(id="status-row"):
            yield Status(id="status")
            yield from self.beside_status()
            yield TableButton(_("Undo (u)"), id="undo", compact=True, tooltip=_("Take back your last play"))
            yield TableButton(_("Score panel"), id="back-to-result", compact=True)
        yield Hand(id="hand")
        yield KeyFooter()
        yield TooSmall()

    def under_board(self) -> ComposeResult:
        """What lies between the table and the status line: nothing at a game (a lesson's coach)."""
        return iter(())

    def beside_status(self) -> ComposeResult:
        """Buttons of a kind of table beside the status line, before the table's own (a lesson's)."""
        return iter(())

    def _take_shape(self, width: int) -> None:
        """The table's shape before its widgets mount, so each is styled for it once: a class set once
        they are there (as `show` and `fit` set them later) styles every widget of the table again."""
        wide = width >= WIDE
        places = set(seat_places(self.session.setup.rules.seats, wide).values())
        self.set_class(wide, "-wide")
        self.set_class("left" in places, "-has-left")
        self.set_class("right" in places, "-has-right")

    def on_mount(self) -> None:
        self.set_interval(0.5, self._tell_notices)
        self.show()
        self.call_after_refresh(self.advance)

    def show(self) -> None:
        """Build the table view from the session and the turn, and set it."""
        self._tell_notices()
        choices = self.choices
        self.seen = arranged(self.session.seat_view(self.viewer), choices.hand_order)  # the hand as laid out
        can_undo = table_flow.may_take_back(self.flow, self.viewer, table_flow.takes_back(self.session))
        self.view = build_view(self.session.setup, self.seen, self.session.hands, self.turn,
                               shown=self.revealed, wide=self.has_class("-wide"), memo=self.memo,
                               can_undo=can_undo, order=choices.hand_order, show_out=choices.show_out)

    @property
    def shell(self) -> TableShell:
        """The window this table is played in (every table screen's app is one): its services, typed."""
        return cast("TableShell", self.app)

    @property
    def choices(self) -> TableChoices:
        """How the person likes the table to show: the window's, so it outlives this game."""
        return self.shell.table_choices

    def keep_choices(self, choices: TableChoices) -> None:
        """Keep a new choice of how the table shows (the window keeps it for later games) and show it."""
        self.shell.keep_table_choices(choices)
        self.show()

    def watch_view(self, view: TableView | None) -> None:
        """Each widget takes its part; it repaints only if that part changed."""
        if view is None:
            return
        self.pieces.show(view)
        self.set_class(bool(view.seats.left), "-has-left")
        self.set_class(bool(view.seats.right), "-has-right")
        self.pieces.hand.set_class(view.mine, "-your-turn")  # with the status line: it is your turn again
        undo, back = self.buttons
        undo.disabled = not view.can_undo
        undo.display = self.applies("undo")
        back.display = self.aside is not None
        back.label = _("Score panel (t)") if self.aside == "result" else _("Game over (t)")
        offered = (view.can_undo, *(self.applies(when) for when in ("playing", "undo", "aside")))
        if offered != self._bindings_for:
            self._bindings_for = offered
            self.refresh_bindings()

    _bindings_for: tuple[bool, ...] = ()  # what the footer's keys were last shown for

    @cached_property
    def pieces(self) -> TablePieces:
        return TablePieces.of(self)

    @cached_property
    def buttons(self) -> tuple[Button, Button]:
        """The table's own buttons beside the status line: Undo, and back to a dialog put aside."""
        return self.query_one("#undo", Button), self.query_one("#back-to-result", Button)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A command that does not apply now is not in the footer or the palette, and its keys rest."""
        if action == "end_key" and not self.end_key_now(*parameters):  # (the key's other command may run)
            return False
        return commands.checked(self, action)

    def applies(self, when: str) -> bool:
        """The table's moments (`Command.when`): the hand in play goes on with the hand showing
        ("playing"), moves can be taken back at this table ("undo"), a dialog is put aside ("aside")."""
        going_on = not self.closed and self.session.waiting != "game_over"
        if when == "playing":
            return going_on and self.revealed and self.session.waiting != "hand_over"
        if when == "undo":
            return going_on and self.can_undo_here
        return when == "aside" and self.aside is not None

    @property
    def my_turn(self) -> bool:
        """The person whose hand is shown is to move (and may see it)."""
        return self.view is not None and self.view.mine

    @property
    def status(self) -> str:
        """The status line as shown (plain text)."""
        return self.pieces.status.text

    @property
    def position(self) -> Position:
        """Which moment of the game this is (play/flow.py's `now`): what a worker thinks about."""
        hands = self.session.hands
        return len(hands), len(hands[-1]) if hands else 0, self.flow.undos

    @property
    def in_progress(self) -> bool:
        """A game still being played here (quitting or leaving it asks first)."""
        return not self.closed and self.session.waiting != "game_over"

    def fit(self, width: int) -> None:
        """Seats around the board from `WIDE` columns, in the top strip below that; nothing else moves."""
        if self.has_class("-wide") != (width >= WIDE):
            self.set_class(width >= WIDE, "-wide")
            self.show()

    def on_resize(self, event: Resize) -> None:
        self.fit(event.size.width)

    # -- the flow: facts in, one directive out, carried out here --------------------------------------

    @property
    def can_play(self) -> bool:
        """The table is on top and can be seen: nobody moves, and nothing opens, behind a cover."""
        return (self.is_attached and not self.closed and self.is_active
                and not self.shell.too_small)

    def facts(self) -> Facts:
        """What the flow reads: the game as the session has it, and whether the table is seen."""
        return Facts.of(self.session, self.seen, covered=not self.can_play)

    def advance(self) -> None:
        """Whatever comes next, as the flow says: safe to call at any time (behind a cover nothing
        happens, and the table calls it again when it shows)."""
        if self.view is not None:
            self.follow(table_flow.step(self.flow, self.facts()))

    def follow(self, stepped: Stepped) -> None:
        """Take the flow's next state (showing the table if whose hand or what shows changed) and
        carry out its directive."""
        before, (self.flow, directive) = self.flow, stepped
        if self.flow.viewer != before.viewer:
            self.turn = TurnState()  # another person's hand: nothing of the last one's turn carries over
        if isinstance(directive, PutAside):
            self.turn = self.turn.told(_(ASIDE[directive.what]), "done")
            self.show()
        elif (before.viewer, before.revealed, before.aside) != (self.viewer, self.revealed, self.aside):
            self.show()
        self.carry_out(directive)

    def carry_out(self, directive: Directive) -> None:
        """Do what the flow said: a worker, a dialog, a timer, a move, a deal."""
        players, view = self.session.setup.players, self.view
        match directive:
            case Think(position=position):
                self.bot_turn(position)
            case Make(move=move):
                self.apply(move)
            case AutoPass():
                self.notify(_("Nothing fits and the boneyard is empty: you pass."), timeout=3)
                self.apply(Move.pass_())
            case HandOver(to=to, undo_for=back):  # (each dialog is imported as it first shows)
                from .handover import HandoverScreen

                name = players[back].name if back is not None else None
                self.app.push_screen(HandoverScreen(players[to].name, to, undo_for=name), self._handed_over)
            case ShowResult(hand_number=hand_number):
                from .score_panel import ScorePanel

                assert view is not None and view.result is not None
                over = view.waiting == "game_over"
                self.app.push_screen(ScorePanel(view.result, self.session.setup, hand_number, game_over=over),
                                     self._result_seen)
            case ShowGameOver():
                assert view is not None
                headline = game_over_headline(self.session.setup, view.scores, view.winner, view.won_with)
                from allfives.play.deals import deals_over
                from allfives.ui.model.review import ReviewGame  # (the verdict line weighs the game)

                from .game_over import GameOverScreen

                state = self.session.state
                deals = None if state is None else deals_over(
                    self.session.setup, state, self.shell.history, self.shell.earlier_deals)
                game_over = GameOverScreen(headline, view.sheet, ReviewGame.of_session(self.session),
                                      self.shell.review_samples, deals=deals,
                                      saved=getattr(self.session, "flush", None))
                self.app.push_screen(game_over, self._game_over_chosen)
            case Pause(seconds=seconds, moment=moment):
                self._stop_pause()
                self.final_timer = self.set_timer(seconds, lambda: self._final_board_seen(moment))
            case Deal():
                self.session.next_hand()
                self.turn = self.turn.fresh()
                self.show()
                self.advance()
            case TakeBack(seat=seat):
                self.take_back(seat)
            case Leave(new_game=True):
                self.shell.action_new_game()
            case Leave():
                self.app.exit()

    def continue_play(self) -> None:
        """The table shows again: go on from where play stopped."""
        if self.closed or not self.is_attached:
            return
        self.fit(self.app.size.width)  # resized while covered: only the top screen hears of it
        self.show()
        self.advance()

    def close(self) -> None:
        """A new game takes over: cancel the bots' thinking, let no late move land here, and see the
        game saved as it stands (before it is set aside)."""
        self.flow = table_flow.close(self.flow)
        self.workers.cancel_node(self)
        self.session.flush()

    def on_unmount(self) -> None:
        self.session.flush()  # leaving (quit, a new game): the game as it stands is on disk

    def _tell_notices(self) -> None:
        """Saves are written in the background: a problem is told when it is known."""
        notice = self.session.take_notice()
        if notice:
            self.notify(notice, title=_("Saving"), severity="warning", timeout=10)

    def _handed_over(self, answer: str | None = None) -> None:
        self.follow(table_flow.handed_over(self.flow, self.facts(), answer))

    def _result_seen(self, answer: str | None = None) -> None:
        self.follow(table_flow.result_seen(self.flow, self.facts(), answer))

    def _game_over_chosen(self, choice: str | None) -> None:
        self.follow(table_flow.game_over_chosen(self.flow, choice))

    def action_result(self) -> None:
        """`t`: bring back the dialog that was put aside."""
        if self.aside is not None and not self.closed:
            self.turn = self.turn.fresh()
            self.follow(table_flow.bring_back(self.flow, self.facts()))

    def _final_board_seen(self, moment: Position) -> None:
        self.final_timer = None
        self.follow(table_flow.pause_over(self.flow, self.facts(), moment))

    def _stop_pause(self) -> None:
        if self.final_timer is not None:
            self.final_timer.stop()
            self.final_timer = None

    def apply(self, move: Move) -> bool:
        """Make a move for the seat to move, show the table once, and go on."""
        try:
            events = self.session.apply(move)
        except IllegalMove as e:  # the steps refuse illegal moves first: this is a safety net
            self.turn = self.turn.told(styled(_("[b]Not allowed:[/b] {}."), str(e).rstrip(".")), "refusal")
            self.show()
            return False
        self.turn = self.turn.fresh()
        drawn = next((ev.tile for ev in events if isinstance(ev, Drew) and ev.seat == self.viewer), None)
        if drawn is not None and self.revealed:  # the keyboard cursor goes to the tile just drawn
            hand = arrange(self.session.seat_view(self.viewer).hand, self.choices.hand_order)
            if drawn in hand:
                self.turn = replace(self.turn, cursor=hand.index(drawn))
        self.show()
        self.advance()
        return True

    # -- taking a play back -------------------------------------------------------------

    @property
    def can_undo_here(self) -> bool:
        """This game can take moves back (a local game; not a table shared over the network)."""
        return isinstance(self.session, Undoable) and bool(self.session.setup.people)

    def take_back(self, seat: int) -> None:
        """Stop the bots' thinking and the final board's pause, take the moves back, play on."""
        session = self.session
        assert isinstance(session, Undoable)
        self.workers.cancel_group(self, "bot")
        self.workers.cancel_group(self, "hint")
        self._stop_pause()
        history = session.seat_view(seat).history
        back = session.undo(seat)
        self.flow = table_flow.undone(self.flow, seat, session.seat_view(seat).hand_number, back)
        if back:
            names = tuple(player.name for player in session.setup.players)
            self.turn = TurnState(cursor=self.turn.cursor).told(taken_back(history, back, names), "info")
            self.show()
        self.advance()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "undo":
            self.action_undo()
        elif event.button.id == "back-to-result":
            self.action_result()

    def on_screen_resume(self, event: ScreenResume) -> None:
        self.continue_play()
