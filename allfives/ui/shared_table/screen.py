"""The game screen at a shared table: the same table as local play, fed by a `RemoteSession`.

Only what the network adds lives here: the screen goes on when the table sends news (a move, a deal,
the whole table again after coming back), the flow hears one more fact (the table has dealt the next
hand) and an open score panel says so, the status line says when the connection is lost, when a hand's
deal does not match its commitment, or whom the table waits for (an away player's clock, a person's turn
clock), the host lets a bot play an away seat or a move whose clock ran out (`b`), sends a player away
(`k`) or gives their seat to a bot (`x`), and two canned table messages (`y` "your turn", `g` "good
game"). A finished hand's secret makes every tile of it known, so the score panel's Review shows the
hands that check.
"""

from __future__ import annotations

from dataclasses import replace

from allfives.i18n import _
from allfives.net.remote_session import RemoteSession, clock
from allfives.play import flow as table_flow
from allfives.play.flow import Directive, Facts, ShowResult
from allfives.ui import commands
from allfives.ui.commands import COVERABLE, OTHERS_SEATED
from allfives.ui.model.shown import styled
from allfives.ui.model.turn import Notice, TurnState
from allfives.ui.screens.game import GameScreen
from allfives.ui.screens.score_panel import ScorePanel

from .unseat import ask_unseat, names_list


class RemoteGameScreen(GameScreen):
    """One seat's game at a table served elsewhere (or by this process, for the host)."""

    BINDINGS = commands.bindings(*commands.AT_THE_TABLE,
                                 hidden=[commands.SAY_YOUR_TURN, commands.SAY_GOOD_GAME])

    def __init__(self, session: RemoteSession) -> None:
        super().__init__(session)
        self.table = session
        self._resets = session.resets
        self._can_cover = False  # the host's `b` shows in the footer while an away seat may be covered
        self._can_unseat = False  # the host's `k` and `x` show while someone else sits at the table

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
        self._panel_follows()

    def carry_out(self, directive: Directive) -> None:
        super().carry_out(directive)
        if isinstance(directive, ShowResult):
            self._panel_follows()  # the table may have dealt already

    def _panel_follows(self) -> None:
        """An open score panel follows the table: once the next hand is dealt it says so, and whose
        lead it is (closing it shows that hand), so that nobody waits on a panel the table has left."""
        line = self.deal_line()
        if line is None:
            return
        for screen in self.app.screen_stack:
            if isinstance(screen, ScorePanel):
                screen.table_went_on(line)

    def deal_line(self) -> str | None:
        """`Hand 4 is dealt: Bea leads`, once the table has dealt a hand this screen has not shown."""
        deal = self.table.next_deal
        if deal is None:
            return None
        if deal.turn == deal.seat:
            return _("Hand {hand} is dealt: you lead").format(hand=deal.hand_number)
        return _("Hand {hand} is dealt: {name} leads").format(hand=deal.hand_number,
                                                              name=self.table.name(deal.turn))

    def facts(self) -> Facts:
        """As at a local table, and one more: once the score panel is seen, the next hand comes when
        the table has dealt it (every player ready, or the pause is over)."""
        return replace(super().facts(), dealt=self.table.deal_waiting)

    def _tick(self) -> None:
        """The away clocks count down (and the host's cue to let a bot play comes with them)."""
        info = self.table.info
        if info is not None and (any(s.status == "away" for s in info.seats) or self.table.client.turn_until):
            self.show()

    # -- what the status line says ---------------------------------------------------------

    def show(self) -> None:
        super().show()
        can_cover = self.table.is_host and bool(self.table.coverable())
        can_unseat = self.table.is_host and bool(self.table.people())
        if (can_cover, can_unseat) != (self._can_cover, self._can_unseat):
            self._can_cover, self._can_unseat = can_cover, can_unseat
            self.refresh_bindings()
        view = self.view
        note = self.table_note()
        if view is not None and note is not None and note != view.status:
            self.view = replace(view, status=note)

    def table_note(self) -> Notice | None:
        """What the table adds to the status line: a lost connection above all, else whom it waits for."""
        table, view = self.table, self.view
        if not table.connected:
            return Notice(_("Connection lost: coming back to the table by itself…"), "refusal")
        deal = table.deal
        if deal is not None and deal.secret is not None and not deal.checked:  # said loudly while shown
            return Notice(_("This hand's deal fails its check: the host may have changed it."), "refusal")
        if view is None or self.turn.notice is not None:
            return None
        mine = table.turn_left(table.seat) if table.seat is not None else None
        if view.waiting == "person" and mine is not None:
            left = (_("{clock} left").format(clock=clock(mine)) if mine > 0
                    else _("time is up: the host may let a bot play it"))
            return Notice(view.status.text + f"  ({left})", view.status.tone)  # our own turn clock
        if table.sending:
            return Notice(_("Your move is on its way to the table…"))
        if view.waiting == "hand_over" and self.flow.result_shown >= view.hand_number:
            if (dealt := self.deal_line()) is not None:
                return Notice(_("{dealt}: close the score panel to play on.").format(dealt=dealt))
            if self.flow.dialog == "result":
                return Notice(_("The next hand is dealt once everyone has seen the score."))
            return Notice(_("Waiting for the others to see the score before the next deal…"))
        info = table.info
        if view.waiting != "bot" or info is None:
            return None
        to_move = info.seats[view.turn]
        if to_move.status == "here":
            turn_left = table.turn_left(view.turn)
            if turn_left is None or turn_left > 0:
                if turn_left is None:
                    return Notice(_("{name}'s turn: waiting for their move…").format(name=to_move.name))
                return Notice(_("{name}'s turn: waiting for their move ({clock})…").format(
                    name=to_move.name, clock=clock(turn_left)))
            if table.is_host:
                return Notice(styled(_("{}'s time is up: press [b]b[/b] to let a bot play this move."),
                                     to_move.name), "prompt")
            return Notice(_("{name}'s time is up: the host may let a bot play this move.").format(
                name=to_move.name))
        if to_move.status != "away":
            return None
        away = table.away_left(view.turn) or 0.0
        if away > 0:
            return Notice(_("{name} is away: the table waits for them ({clock}).").format(
                name=to_move.name, clock=clock(away)))
        if table.is_host:
            return Notice(styled(_("{} is away: press [b]b[/b] to let a bot play for them."), to_move.name),
                          "prompt")
        return Notice(_("{name} is away: the host may let a bot play for them.").format(name=to_move.name))

    # -- the table's own keys -----------------------------------------------------------------

    def applies(self, when: str) -> bool:
        """The table's moments, and the host's at a shared one (ui/commands.py): a bot may be let play
        a seat; someone else sits at the table."""
        if when == COVERABLE:
            return self._can_cover
        if when == OTHERS_SEATED:
            return self._can_unseat
        return super().applies(when)

    def action_cover(self) -> None:
        """The host lets a bot play every seat whose player has been away long enough."""
        table = self.table
        if not table.is_host:
            self.notify(_("Only the host can let a bot play an away player's seat."), severity="warning")
            return
        seats = table.coverable()
        if not seats:
            self.notify(_("Nobody has been away long enough for a bot to take their seat."))
            return
        info = table.info
        for seat in seats:
            table.cover(seat)
        here = [s for s in seats if info is not None and info.seats[s].status == "here"]
        away = [s for s in seats if s not in here]
        if away:
            names = names_list(table.name(s) for s in away)
            self.notify(_("A bot plays for {names} until they come back.").format(names=names))
        if here:
            names = names_list(table.name(s) for s in here)
            self.notify(_("A bot plays this move for {names}.").format(names=names))

    def action_unseat(self, kick: bool) -> None:
        """`k` sends a player away, `x` gives their seat to a bot (the host's)."""
        ask_unseat(self, self.table, kick)

    def action_say(self, text: str) -> None:
        self.table.say(text)
