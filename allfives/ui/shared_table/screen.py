"""The game screen at a shared table: the same table as local play, fed by a `RemoteSession`.

Only what the network adds lives here: the screen goes on when the table sends news (a move, a deal,
the whole table again after coming back), the flow hears one more fact (the table has dealt the next
hand), the status line says when the connection is lost or whom the table waits for (an away
player's clock), the host lets a bot play an away seat (`b`), and two canned table messages (`y`
"your turn", `g` "good game").
"""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding

from allfives.net.remote_session import RemoteSession, clock
from allfives.play import flow as table_flow
from allfives.play.flow import Facts
from allfives.ui.model.shown import styled
from allfives.ui.model.turn import Notice, TurnState
from allfives.ui.screens.game import GameScreen


class RemoteGameScreen(GameScreen):
    """One seat's game at a table served elsewhere (or by this process, for the host)."""

    BINDINGS = [
        Binding("b", "cover", "A bot plays for the away"),
        Binding("y", "say('your turn')", "“Your turn”", show=False),
        Binding("g", "say('good game')", "“Good game”", show=False),
    ]

    def __init__(self, session: RemoteSession) -> None:
        super().__init__(session)
        self.table = session
        self._resets = session.resets
        self._can_cover = False  # the host's `b` shows in the footer while an away seat may be covered

    def on_mount(self) -> None:  # (Textual runs GameScreen's own on_mount after this one)
        self.set_interval(1.0, self._tick)

    # -- news from the table --------------------------------------------------------------

    def table_news(self) -> None:
        """Something changed at the table: show it and go on (the app calls this on every message)."""
        if self.closed or not self.is_attached:
            return
        if self.table.resets != self._resets:  # the whole table again: whatever the person was doing is void
            self._resets = self.table.resets
            self.turn = TurnState()
            self.flow = table_flow.table_reset(self.flow)
        self.show()
        self.advance()

    def facts(self) -> Facts:
        """As at a local table, and one more: once the score panel is seen, the next hand comes when
        the table has dealt it (every player ready, or the pause is over)."""
        return replace(super().facts(), dealt=self.table.deal_waiting)

    def _tick(self) -> None:
        """The away clocks count down (and the host's cue to let a bot play comes with them)."""
        info = self.table.info
        if info is not None and any(s.status == "away" for s in info.seats):
            self.show()

    # -- what the status line says ---------------------------------------------------------

    def show(self) -> None:
        super().show()
        can_cover = self.table.is_host and bool(self.table.coverable())
        if can_cover != self._can_cover:
            self._can_cover = can_cover
            self.refresh_bindings()
        view = self.view
        note = self.table_note()
        if view is not None and note is not None and note != view.status:
            self.view = replace(view, status=note)

    def table_note(self) -> Notice | None:
        """What the table adds to the status line: a lost connection above all, else whom it waits for."""
        table, view = self.table, self.view
        if not table.connected:
            return Notice("Connection lost: coming back to the table by itself…", "refusal")
        if view is None or self.turn.notice is not None:
            return None
        if table.sending:
            return Notice("Your move is on its way to the table…")
        if view.waiting == "hand_over" and self.flow.result_shown >= view.hand_number:
            return Notice("Waiting for the others to see the score before the next deal…")
        info = table.info
        if view.waiting != "bot" or info is None:
            return None
        to_move = info.seats[view.turn]
        if to_move.status == "here":
            return Notice(f"{to_move.name}'s turn: waiting for their move…")
        if to_move.status != "away":
            return None
        left = table.away_left(view.turn) or 0.0
        if left > 0:
            return Notice(f"{to_move.name} is away: the table waits for them ({clock(left)}).")
        if table.is_host:
            return Notice(styled("{} is away: press [b]b[/b] to let a bot play for them.", to_move.name),
                          "prompt")
        return Notice(f"{to_move.name} is away: the host may let a bot play for them.")

    # -- the table's own keys -----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cover":
            return self._can_cover
        return super().check_action(action, parameters)

    def action_cover(self) -> None:
        """The host lets a bot play every seat whose player has been away long enough."""
        table = self.table
        if not table.is_host:
            self.notify("Only the host can let a bot play an away player's seat.", severity="warning")
            return
        seats = table.coverable()
        if not seats:
            self.notify("Nobody has been away long enough for a bot to take their seat.")
            return
        for seat in seats:
            table.cover(seat)
        names = " and ".join(table.name(s) for s in seats)
        self.notify(f"A bot plays for {names} until they come back.")

    def action_say(self, text: str) -> None:
        self.table.say(text)
