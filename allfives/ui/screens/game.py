"""The table: hand, board, seats, boneyard, scoresheet, log and status — and what happens next.

The screen holds little: the game (a `GameSession`), whose hand is shown, and the person's
`TurnState`. After every change it builds one `TableView` (view.py) and sets it; each widget takes
its part and redraws only if that part changed. Clicks and keys go through the pure steps of
turn.py; a step's move goes to the session. Bots and hints think in worker threads and post
`BotChose` / `HintReady` back; one handler turns any worker's failure into a notification.

Play holds while anything covers the table (help, the new-game screen, a dialog, the too-small
notice) and goes on where it stopped once the table shows again: `advance` is safe to call at any
time, and a bot's move that comes in meanwhile is held until then.

Every move is seen: each bot move (each draw of a run, too) lands on its own after the bot delay
and stays marked; when a hand ends, its last play shows on the board for that long before the score
panel opens, and the panel (or the game-over screen) can be put aside to look at the table (`t`).
The person may take back their last play and the moves after it (`u`), where the session allows.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.reactive import var
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button
from textual.worker import Worker, WorkerState, get_current_worker

from allfives.engine import Drew, IllegalMove, Move, SeatView
from allfives.play.game_session import GameSession, Undoable
from allfives.play.session import bot_pause
from allfives.play.undo import undo_refusal
from allfives.ui.model import turn as steps
from allfives.ui.model.sheet import HandMemo
from allfives.ui.model.shown import styled
from allfives.ui.model.turn import Step, TurnState, taken_back
from allfives.ui.model.view import TableView, build_view, game_over_headline

from ..messages import BotChose, HintReady, Position
from ..textual_private import StyledOnce
from ..widgets.board import Board
from ..widgets.boneyard import Boneyard
from ..widgets.footer import KeyFooter
from ..widgets.game_log import GameLog
from ..widgets.hand import Hand
from ..widgets.scoresheet import Scoresheet
from ..widgets.seats import Seats
from ..widgets.status import Status
from ..widgets.too_small import TooSmall
from .game_over import GameOverScreen
from .handover import HandoverScreen
from .score_panel import ScorePanel

WIDE = 110  # from this many columns the other seats sit around the board, not all in the top strip


@dataclass(frozen=True)
class TablePieces:
    """The widgets that draw the table view (found once, not queried on every move)."""

    hand: Hand
    board: Board
    boneyard: Boneyard
    top: Seats
    left: Seats
    right: Seats
    sheet: Scoresheet
    log: GameLog
    status: Status

    @staticmethod
    def compose(boneyard: Boneyard) -> ComposeResult:
        """The table above the status line, as the game and a review lay it out (`of` finds it)."""
        with Horizontal(id="top"):
            yield Seats(id="seats")
            yield boneyard
        with Horizontal(id="middle"):
            yield Seats(stacked=True, id="seats-left", classes="side-seats")
            yield Board(id="board")
            yield Seats(stacked=True, id="seats-right", classes="side-seats")
            with Vertical(id="side"):
                yield Scoresheet(id="scoresheet")
                yield GameLog(id="log")

    @classmethod
    def of(cls, screen: Screen) -> TablePieces:
        """The pieces of a screen that composes the table's widgets (the game, a review)."""
        return cls(
            hand=screen.query_one(Hand), board=screen.query_one(Board), boneyard=screen.query_one(Boneyard),
            top=screen.query_one("#seats", Seats), left=screen.query_one("#seats-left", Seats),
            right=screen.query_one("#seats-right", Seats), sheet=screen.query_one(Scoresheet),
            log=screen.query_one(GameLog), status=screen.query_one(Status))

    def show(self, view: TableView) -> None:
        """Each widget takes its part; it repaints only if that part changed."""
        self.hand.view = view.hand
        self.board.show(view.board)
        self.boneyard.view = view.boneyard
        self.top.seats, self.top.centred = view.seats.top, view.seats.wide
        self.left.seats = view.seats.left
        self.right.seats = view.seats.right
        self.sheet.sheet = view.sheet
        self.log.show(view.log)
        self.status.view = view.status


class TableButton(Button, can_focus=False):
    """A one-line button on the table. It never takes the focus: Enter and Space stay the hand's."""


class GameScreen(StyledOnce, Screen[None]):
    """One game from first deal to the winner."""

    BINDINGS = [
        Binding("left", "cursor(-1)", "Tile", show=False),
        Binding("right", "cursor(1)", "Tile", show=False),
        Binding("enter,space", "choose", "Play", key_display="⏎"),
        Binding("up", "cycle_end(-1)", "End", show=False),
        Binding("down", "cycle_end(1)", "End", show=False),
        Binding("w,W", "end('W')", "W end", show=False),
        Binding("e,E", "end('E')", "E end", show=False),
        Binding("n,N", "end('N')", "N end", show=False),
        Binding("s,S", "end('S')", "S end", show=False),
        Binding("escape", "deselect", "Put back", show=False),
        Binding("d", "draw", "Draw"),
        Binding("h", "hint", "Hint"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("t", "result", "Score panel"),  # shown while the score panel or game over is put aside
        Binding("question_mark,f1", "app.help", "Help", key_display="?"),
        Binding("ctrl+n", "app.new_game", "New game"),
        Binding("q", "app.quit", "Quit"),
    ]

    view: var[TableView | None] = var(None, init=False, always_update=True)  # the parts compare themselves

    def __init__(self, session: GameSession, *, faces_up: bool = False) -> None:
        super().__init__()
        self.session = session
        people = session.setup.people
        self.viewer: int = people[0] if people else 0  # whose hand is at the bottom
        self.revealed = len(people) <= 1  # at one terminal a hand shows once its owner says so
        self.faces_up = faces_up  # every hand face up (reviewing a game)
        self.turn = TurnState()
        self.seen: SeatView = session.seat_view(self.viewer)  # what the viewer may see, as of the last show
        self.held: BotChose | None = None  # a bot's move that came in while the table was covered
        self.dialog: Screen | None = None  # the table's own dialog (score panel, hand-over...) now open
        self.result_shown = 0  # the last hand whose score panel was opened
        self.aside: str | None = None  # "result" / "game_over": that dialog is put aside to look at the table
        self.final_seen: Position | None = None  # the moment whose final board has been shown for its pause
        self.final_timer: Timer | None = None
        self.undos = 0  # moves taken back so far: each undo makes the moments after it new ones
        self.handed_from: int | None = None  # at one terminal: whose turn it was before the hand-over
        self.closed = False  # a new game replaced this one: nothing more happens here
        self.memo = HandMemo()  # finished hands' log lines and sheet rows, worked out once

    # -- layout ---------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from TablePieces.compose(Boneyard(id="boneyard"))
        with Horizontal(id="status-row"):
            yield Status(id="status")
            yield TableButton("Undo (u)", id="undo", compact=True, tooltip="Take back your last play")
            yield TableButton("Score panel", id="back-to-result", compact=True)
        yield Hand(id="hand")
        yield KeyFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.set_class(self.app.size.width >= WIDE, "-wide")
        self.set_interval(0.5, self._tell_notices)
        self.show()
        self.call_after_refresh(self.advance)

    # -- the view: built once per change, each widget takes its part --------------------

    def show(self) -> None:
        """Build the table view from the session and the turn, and set it."""
        self._tell_notices()
        faces = self.session.faces() if self.faces_up else None
        self.seen = self.session.seat_view(self.viewer)
        self.view = build_view(self.session.setup, self.seen, self.session.hands, self.turn,
                               shown=self.revealed, wide=self.has_class("-wide"), faces=faces, memo=self.memo,
                               can_undo=self.undo_steps() > 0)

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
        undo.display = self.can_undo_here
        back.display = self.aside is not None
        back.label = "Score panel (t)" if self.aside == "result" else "Game over (t)"
        if (view.can_undo, self.aside) != self._bindings_for:
            self._bindings_for = (view.can_undo, self.aside)
            self.refresh_bindings()

    _bindings_for: tuple[bool, str | None] = (False, None)  # what the footer's keys were last shown for

    @cached_property
    def pieces(self) -> TablePieces:
        return TablePieces.of(self)

    @cached_property
    def buttons(self) -> tuple[Button, Button]:
        """The table's own buttons beside the status line: Undo, and back to a dialog put aside."""
        return self.query_one("#undo", Button), self.query_one("#back-to-result", Button)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Undo shows where moves can be taken back; `t` while a dialog is put aside."""
        if action == "undo":
            return self.can_undo_here
        if action == "result":
            return self.aside is not None
        return True

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
        """Which moment of the game this is: (hand number, events in the hand so far, undos so far).

        Moves taken back make the moments after them new ones: a bot's move thought about before an
        undo never lands after it, even where the hand has as many events again."""
        hands = self.session.hands
        return (len(hands), len(hands[-1]) if hands else 0, self.undos)

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

    # -- game flow ----------------------------------------------------------

    @property
    def can_play(self) -> bool:
        """The table is on top and can be seen: nobody moves, and nothing opens, behind a cover."""
        return (self.is_attached and not self.closed and self.is_active
                and not getattr(self.app, "too_small", False))

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
        self.closed = True
        self.held = None
        self.workers.cancel_node(self)
        self.session.flush()

    def on_unmount(self) -> None:
        self.session.flush()  # leaving (quit, a new game): the game as it stands is on disk

    def _tell_notices(self) -> None:
        """Saves are written in the background: a problem is told when it is known."""
        notice = self.session.take_notice()
        if notice:
            self.notify(notice, title="Saving", severity="warning", timeout=10)

    def advance(self) -> None:
        """Whatever comes next: a bot thinks, a person is prompted, or a hand/game ends.

        Safe to call at any time: behind a cover it does nothing (the table calls it again when it
        shows), and it never starts a second bot on the same move.
        """
        waiting = self.session.waiting
        if self.aside is not None and waiting not in ("hand_over", "game_over"):
            self.aside = None  # the game went on without it (a shared table dealt the next hand)
        if not self.can_play or self.view is None or self.dialog is not None or self.aside is not None:
            return
        if waiting == "bot":
            held, self.held = self.held, None
            if held is not None and held.position == self.position:
                self.apply(held.move)
            elif not self._bot_at_work():
                self.bot_turn(self.position)
        elif waiting == "person":
            turn = self.view.turn
            if turn != self.viewer or not self.revealed:
                before, self.viewer, self.turn = self.viewer, turn, TurnState()
                if len(self.session.setup.people) > 1:
                    self.revealed = False
                    self.handed_from = before if before != turn and self.undo_steps(before) else None
                    self.show()
                    players = self.session.setup.players
                    back = players[self.handed_from].name if self.handed_from is not None else None
                    handover = HandoverScreen(players[turn].name, turn, undo_for=back)
                    self.open_dialog(handover, self._handed_over)
                    return
                self.show()
            if self.seen.legal_moves == (Move.pass_(),):
                self.notify("Nothing fits and the boneyard is empty: you pass.", timeout=3)
                self.apply(Move.pass_())
        elif self.view.result is not None and self.result_shown < self.view.hand_number:
            if self._final_board_shown():
                self.show_result()
        elif waiting == "game_over" and self._final_board_shown():
            self.show_game_over()

    def _final_board_shown(self) -> bool:
        """False while the hand's last play is still to be seen on the board before a dialog covers
        it (for the bot delay; with no delay nothing waits)."""
        now = self.position
        if self.final_seen == now or self.session.setup.bot_delay <= 0:
            return True
        if self.final_timer is None:
            delay = self.session.setup.bot_delay
            self.final_timer = self.set_timer(delay, lambda: self._final_board_seen(now))
        return False

    def _final_board_seen(self, moment: Position) -> None:
        self.final_timer = None
        if moment == self.position:
            self.final_seen = moment
            self.advance()

    def open_dialog(self, dialog: Screen, then: Callable) -> None:
        """Open one of the table's own dialogs; play waits for its answer (the table may show
        again before the answer is handled), then goes on."""
        self.dialog = dialog

        def answered(result: object) -> None:
            self.dialog = None
            then(result)

        self.app.push_screen(dialog, answered)

    def _handed_over(self, answer: str | None = None) -> None:
        """The person the terminal was passed to says it is them; or the one who passed it takes
        back their last play ("undo"), and keeps the terminal."""
        before, self.handed_from = self.handed_from, None
        if answer == "undo" and before is not None and self.undo_steps(before):
            self.take_back(before)
            return
        self.revealed = True
        self.show()
        self.advance()

    def apply(self, move: Move) -> bool:
        """Make a move for the seat to move, show the table once, and go on."""
        try:
            events = self.session.apply(move)
        except IllegalMove as e:  # the steps refuse illegal moves first: this is a safety net
            self.turn = self.turn.told(styled("[b]Not allowed:[/b] {}.", str(e).rstrip(".")), "refusal")
            self.show()
            return False
        self.turn = self.turn.fresh()
        drawn = next((ev.tile for ev in events if isinstance(ev, Drew) and ev.seat == self.viewer), None)
        if drawn is not None and self.revealed:  # the keyboard cursor goes to the tile just drawn
            hand = self.session.seat_view(self.viewer).hand
            if drawn in hand:
                self.turn = replace(self.turn, cursor=hand.index(drawn))
        self.show()
        self.advance()
        return True

    def step(self, step: Step) -> None:
        """Take a step of the person's turn: make its move, or show where the turn stands."""
        self.turn = step.turn
        if step.move is not None:
            self.apply(step.move)
        else:
            self.show()

    def show_result(self) -> None:
        view = self.view
        assert view is not None and view.result is not None
        self.result_shown = view.hand_number
        panel = ScorePanel(view.result, self.session.setup, view.hand_number,
                           game_over=view.waiting == "game_over")
        self.open_dialog(panel, self._result_seen)

    def put_aside(self, what: str) -> None:
        """The score panel or the game-over screen steps aside: the table shows, with a key and a
        button to bring it back."""
        self.aside = what
        ended, dialog = ("hand", "score panel") if what == "result" else ("game", "game-over screen")
        self.turn = self.turn.told(f"The {ended} as it ended. t: back to the {dialog}.", "done")
        self.show()

    def action_result(self) -> None:
        """`t`: bring back the dialog that was put aside."""
        what, self.aside = self.aside, None
        if what is None or self.closed:
            return
        self.turn = self.turn.fresh()
        self.show()
        if what == "result" and self.view is not None and self.view.result is not None:
            self.show_result()
        elif self.session.waiting == "game_over":
            self.show_game_over()
        else:
            self.advance()

    def _result_seen(self, answer: str | None = None) -> None:
        if answer == "table":
            self.put_aside("result")
            return
        if self.session.waiting == "hand_over":
            self.session.next_hand()
            self.turn = self.turn.fresh()
            self.show()
        self.advance()

    def show_game_over(self) -> None:
        view = self.view
        assert view is not None
        headline = game_over_headline(self.session.setup, view.scores, view.winner)
        self.open_dialog(GameOverScreen(headline, view.sheet), self._game_over_chosen)

    def _game_over_chosen(self, choice: str | None) -> None:
        if choice == "table":
            self.put_aside("game_over")
        elif choice == "new":
            self.app.action_new_game()
        else:
            self.app.exit()

    # -- taking a play back -------------------------------------------------------------

    @property
    def can_undo_here(self) -> bool:
        """This game can take moves back (a local game; not a table shared over the network)."""
        return isinstance(self.session, Undoable) and bool(self.session.setup.people)

    def undo_steps(self, seat: int | None = None) -> int:
        """How many moves an undo by `seat` (the person whose hand shows) would take back now."""
        session = self.session
        seat = self.viewer if seat is None else seat
        if not isinstance(session, Undoable) or self.closed or (seat == self.viewer and not self.revealed):
            return 0
        if seat not in session.setup.people:
            return 0
        return session.undoable(seat)

    def action_undo(self) -> None:
        """`u`: take back your last play and every move after it (the bots' replies, draws)."""
        if self.closed:
            return
        if not self.can_undo_here:
            why = "Moves stand at this table: none can be taken back." if self.session.setup.people else ""
            if why:
                self.step(Step(self.turn.told(why, "refusal")))
            return
        if not self.undo_steps():
            setup = self.session.setup
            names = tuple(p.name for p in setup.players)
            why = undo_refusal(self.session.seat_view(self.viewer), setup.people, self.viewer, names) \
                if self.revealed else "Nothing to take back until the terminal is yours."
            self.step(Step(self.turn.told(why, "refusal")))
            return
        self.take_back(self.viewer)

    def take_back(self, seat: int) -> None:
        """Stop the bots' thinking, take the moves back, and play on from there."""
        session = self.session
        assert isinstance(session, Undoable)
        self.workers.cancel_group(self, "bot")
        self.workers.cancel_group(self, "hint")
        self.held = None
        if self.final_timer is not None:
            self.final_timer.stop()
            self.final_timer = None
        history = session.seat_view(seat).history
        back = session.undo(seat)
        if not back:
            return
        self.undos += 1
        self.aside = None
        hand_number = session.seat_view(seat).hand_number
        self.result_shown = min(self.result_shown, hand_number - 1)
        self.viewer, self.revealed = seat, True
        names = tuple(player.name for player in session.setup.players)
        self.turn = TurnState(cursor=self.turn.cursor).told(taken_back(history, back, names), "info")
        self.show()
        self.advance()

    # -- workers: they post messages back; failures become notifications ----------------

    def _bot_at_work(self) -> bool:
        """A bot is already thinking about this very moment."""
        at_work, name = (WorkerState.PENDING, WorkerState.RUNNING), repr(self.position)
        return any(w.group == "bot" and w.node is self and w.state in at_work and w.name == name
                   for w in self.app.workers)

    def bot_turn(self, position: Position) -> None:
        """The bot to move thinks in a thread; its move lands no sooner than the bot delay."""
        self.run_worker(lambda: self._think(position), name=repr(position), group="bot", thread=True,
                        exclusive=True, exit_on_error=False, description="a bot thinks")

    def _think(self, position: Position) -> None:
        started = time.monotonic()
        move = self.session.think()
        worker = get_current_worker()
        while time.monotonic() - started < bot_pause(self.session.setup.bot_delay):
            if worker.is_cancelled:
                return
            time.sleep(0.02)
        if not worker.is_cancelled:
            self.post_message(BotChose(position, move))

    @on(BotChose)
    def _bot_chose(self, message: BotChose) -> None:
        if self.closed or message.position != self.position:
            return  # the game moved on (new game, resumed, a move taken back) while the bot thought
        if not self.can_play:
            self.held = message  # lands when the table shows again
            return
        self.apply(message.move)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False, description="the hint bot thinks")
    def hint_worker(self, position: Position, seat: int) -> None:
        self.post_message(HintReady(position, self.session.hint(seat)))

    @on(HintReady)
    def _hint_ready(self, message: HintReady) -> None:
        if message.position != self.position or not self.my_turn:
            return
        self.turn = steps.hint_arrived(self.turn, self.seen, message.move)
        self.show()

    @on(Worker.StateChanged)
    def _worker_failed(self, event: Worker.StateChanged) -> None:
        """Any worker that fails is told as a notification, and the game goes on."""
        if event.state != WorkerState.ERROR or self.closed:
            return
        worker = event.worker
        if worker.group == "hint":
            self.notify(f"No hint this time: {worker.error}", severity="warning")
            self.turn = self.turn.fresh() if self.turn.notice else self.turn
            self.show()
            return
        if worker.group != "bot":
            self.notify(f"{worker.description} failed: {worker.error}", title="Error", severity="error")
            return
        name = self.session.setup.players[self.view.turn].name if self.view else "A bot"
        self.notify(f"{name} could not choose a move ({worker.error}) and plays the first legal one.",
                    title="Bot error", severity="error")
        if worker.name == repr(self.position):
            # a broken bot must not stop the game: it makes the first legal move instead
            seat = self.session.seat_view(self.view.turn if self.view else 0)
            if seat.legal_moves:
                self.post_message(BotChose(self.position, seat.legal_moves[0]))

    # -- the person's clicks and keys ---------------------------------------------------

    def _mine_or_wait(self) -> bool:
        """It is the person's turn; if not, say whose it is."""
        if self.my_turn:
            return True
        if self.session.waiting == "bot" and self.view is not None:
            name = self.session.setup.players[self.view.turn].name
            self.step(Step(self.turn.told(f"Wait: it is {name}'s turn.")))
        return False

    @on(Hand.TileChosen)
    def _tile_chosen(self, event: Hand.TileChosen) -> None:
        event.stop()
        if self._mine_or_wait():
            self.step(steps.choose_tile(self.turn, self.seen, event.tile))

    @on(Board.EndChosen)
    def _end_chosen(self, event: Board.EndChosen) -> None:
        event.stop()
        self.action_end(event.end)

    @on(Board.MissedEnd)
    def _missed(self, event: Board.MissedEnd) -> None:
        event.stop()
        if self.my_turn:
            self.step(steps.missed_end(self.turn, self.seen))

    @on(Boneyard.DrawRequested)
    def _draw_requested(self, event: Boneyard.DrawRequested) -> None:
        event.stop()
        self.action_draw()

    # -- actions (keys, footer, command palette) --------------------------------

    def action_cursor(self, step: int) -> None:
        if self.view is not None and not self.view.hand.hidden:
            self.turn = steps.move_cursor(self.turn, self.seen, step)
            self.show()

    def action_choose(self) -> None:
        if self._mine_or_wait():
            self.step(steps.choose(self.turn, self.seen))

    def action_cycle_end(self, step: int) -> None:
        if self.my_turn:
            self.turn = steps.cycle_end(self.turn, self.seen, step)
            self.show()

    def action_end(self, end: str) -> None:
        if self.my_turn:
            self.step(steps.choose_end(self.turn, self.seen, end))

    def action_deselect(self) -> None:
        if self.my_turn:
            self.step(steps.deselect(self.turn, self.seen))

    def action_draw(self) -> None:
        if self.my_turn:
            self.step(steps.draw(self.turn, self.seen))

    def action_hint(self) -> None:
        if not self.my_turn:
            self.step(Step(self.turn.told("A hint is for your own turn.")))
            return
        self.step(Step(steps.asking_hint(self.turn)))
        self.hint_worker(self.position, self.viewer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "undo":
            self.action_undo()
        elif event.button.id == "back-to-result":
            self.action_result()

    def on_screen_resume(self) -> None:
        self.continue_play()
