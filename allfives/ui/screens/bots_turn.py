"""The bots' side of the table: the seat to move thinks in a worker thread and posts its move back; any
worker that fails (a bot, the hint) is told as a notification, and the game goes on.

`BotsTurn` is a part of the game screen (a mixin before `Screen` in its bases, beside `PersonsTurn`):
the move it posts goes to the table's flow (play/flow.py), which says whether it lands.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from textual.worker import Worker, WorkerState, get_current_worker

from allfives.i18n import _
from allfives.play import flow as table_flow
from allfives.play.session import bot_pause

from ..messages import BotChose

if TYPE_CHECKING:
    from allfives.play.flow import Facts, Flow, Position, Stepped
    from allfives.play.game_session import GameSession
    from allfives.ui.model.turn import TurnState
    from allfives.ui.model.view import TableView


class BotsTurn:
    """The bots' thinking at the table, and what a failed worker tells."""

    if TYPE_CHECKING:  # what the game screen holds and does
        session: GameSession
        flow: Flow
        turn: TurnState
        view: TableView | None
        closed: bool

        @property
        def position(self) -> Position: ...

        def show(self) -> None: ...
        def facts(self) -> Facts: ...
        def follow(self, stepped: Stepped) -> None: ...
        def notify(self, message: str, **options: object) -> None: ...
        def post_message(self, message: object) -> bool: ...
        def run_worker(self, work: Any, name: str | None = "", group: str = "default", description: str = "",
                       exit_on_error: bool = True, start: bool = True, exclusive: bool = False,
                       thread: bool = False) -> Any: ...

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

    def on_bot_chose(self, message: BotChose) -> None:
        if self.view is not None:
            self.follow(table_flow.bot_chose(self.flow, self.facts(), message.position, message.move))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Any worker that fails is told as a notification, and the game goes on."""
        if event.state != WorkerState.ERROR or self.closed:
            return
        worker = event.worker
        if worker.group == "hint":
            self.notify(_("No hint this time: {error}").format(error=worker.error), severity="warning")
            self.turn = self.turn.fresh() if self.turn.notice else self.turn
            self.show()
            return
        if worker.group != "bot":
            self.notify(_("{what} failed: {error}").format(what=worker.description, error=worker.error),
                        title=_("Error"), severity="error")
            return
        name = self.session.setup.players[self.view.turn].name if self.view else _("A bot")
        self.notify(_("{name} could not choose a move ({error}) and plays the first legal one.").format(
            name=name, error=worker.error), title=_("Bot error"), severity="error")
        if worker.name == repr(self.position):
            # a broken bot must not stop the game: it makes the first legal move instead
            self.flow = table_flow.thought_failed(self.flow)
            seat = self.session.seat_view(self.view.turn if self.view else 0)
            if seat.legal_moves:
                self.post_message(BotChose(self.position, seat.legal_moves[0]))
