"""The app at a shared table (`allfives join`, and `allfives host` for the host's own seat): the lobby,
then the same game screen as local play, fed by the table's messages.

The connection runs as a worker of the app (on the app's loop; the host's server runs on the same
loop), and the session tells the app of every message; the app hands the news to whichever screen
shows. A table that will not have us (wrong code, no free seat...) or cannot be reached ends the app
with one line saying why and exit status 2; a table that says goodbye (its host closed it, or took our
seat back) ends it with that line, and the command that comes back when there is one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from textual import on
from textual.app import SystemCommand
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen

from allfives.i18n import N_, _
from allfives.net.cli import join_again
from allfives.net.client import JoinRefused, NotTheTable, TableClient
from allfives.net.protocol import ServerMessage, Welcome
from allfives.net.remote_session import RemoteSession
from allfives.ui.screens.confirm import ConfirmScreen
from allfives.ui.shared_table.lobby import LobbyScreen
from allfives.ui.shared_table.screen import RemoteGameScreen
from allfives.ui.shell import TableShell

if TYPE_CHECKING:
    from allfives.net.anywhere.invitations import Invitation, Invitations

INVITE = N_("Invite from anywhere")
INVITE_HELP = N_("A fresh wormhole code for one friend, anywhere on the internet")


class TableNews(Message):
    """The table said something (or the connection came or went): the screens look again."""


class TableApp(TableShell):
    """One seat at a shared table, from the lobby to the game over."""

    BINDINGS = [Binding("i", "invite", INVITE, show=False)]  # (with the shell's: Textual merges them)

    def __init__(self, client: TableClient, *, share: str | None = None,
                 remember: Callable[[str], object] | None = None, rejoin: str | None = None,
                 invitations: Invitations | None = None) -> None:
        super().__init__()
        self.client = client
        self.invitations = invitations  # the host's wormhole codes (net/anywhere), made on `i`
        if invitations is not None:
            invitations.on_change = self._invitation_changed
            invitations.on_notice = lambda line: self.notify(line, severity="warning")
        self.session = RemoteSession(client)
        self.session.listeners.append(self._heard)
        self.share = share  # the host's: the command friends type to join
        self.keep_token = remember  # keeps the seat's token, to come back after a restart
        self.rejoin = rejoin  # a guest's: the command that brings them back to their seat
        self.address = client.uri.removeprefix("ws://")
        self.farewell: str | None = None  # the line to print once the app has ended
        self._to_table = False

    # -- start and end --------------------------------------------------------------------

    def open_first_screen(self) -> None:
        """The lobby, while the connection is made (the table replaces it once the game is on)."""
        self.push_screen(LobbyScreen(self.session, address=self.address, share=self.share))
        self.run_worker(self._connect(), name="the table", group="table", exit_on_error=False)

    async def _connect(self) -> None:
        """Sit at the table and stay (coming back by itself after a drop) until the game ends."""
        try:
            await self.client.run()
        except NotTheTable as e:
            self._leave(str(e))
        except JoinRefused as e:
            self._leave(_("the table refused: {why}").format(why=e))
        except OSError as e:
            self._leave(_("cannot reach {address}: {why}").format(address=self.address, why=e.strerror or e))
        else:
            goodbye, why = self.client.goodbye, self.client.goodbye_said  # (said in our language)
            if goodbye is not None and why is not None and self.share is None:  # (not the host's own)
                if goodbye.come_back and self.rejoin:
                    self.farewell = _("{why}; once it is open again, `{rejoin}` brings you back to your "
                                      "seat.").format(why=why, rejoin=self.rejoin)
                else:
                    self.farewell = _("{why}.").format(why=why)
                self.exit()

    def _leave(self, why: str) -> None:
        self.farewell = why
        self.exit(return_code=2)

    def on_unmount(self) -> None:
        self.session.close()  # waiting threads return; the seat waits at the table for us
        # (then the shell's: the history closes)

    # -- news -------------------------------------------------------------------------------

    def _heard(self, message: ServerMessage | None) -> None:
        if isinstance(message, Welcome) and self.keep_token is not None:
            self.keep_token(message.token)
        self.post_message(TableNews())

    @on(TableNews)
    def _news(self) -> None:
        session = self.session
        while session.notices:
            text, severity = session.notices.popleft()
            self.notify(text, severity=severity)  # type: ignore[arg-type]
        game = self.game_screen
        if game is None:
            if session.in_game and not self._to_table:
                self._to_table = True
                self.call_next(self._sit_down)
                return
            for screen in self.screen_stack:
                if isinstance(screen, LobbyScreen):
                    screen.show()
        elif isinstance(game, RemoteGameScreen):
            game.table_news()

    async def _sit_down(self) -> None:
        """The game has started (or we came back to it): the table replaces the lobby."""
        await self._clear_screens()
        await self.push_screen(RemoteGameScreen(self.session))

    # -- what a shared table does differently --------------------------------------------------

    OPENS_NEW_GAMES = False  # the host opens them (`allfives host --new`): not offered here

    def quit_question(self) -> ConfirmScreen:
        """The host's quit closes the table for everyone at it; a guest's leaves their seat waiting."""
        if self.share is None:
            return super().quit_question()
        return ConfirmScreen(_("Close the table?"),
                             _("Quitting closes the table for the people at it: they are told you closed "
                               "it. The game is saved: `allfives host` opens it again, and they come back "
                               "to their seats with the command they joined with."),
                             _("Close the table"), _("Keep playing"), yes_key="q")

    def come_back(self) -> str:
        """The quit question's way back: the host opens the table again; a guest joins it again."""
        if self.share is not None:
            return _("`allfives host` opens the table again, and its players come back")
        command = self.rejoin or join_again(self.client)
        return _("`{command}` brings you back to your seat").format(command=command)

    # -- friends anywhere (the host's) ------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "invite":
            return self.invitations is not None
        return super().check_action(action, parameters)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if self.invitations is not None:
            yield SystemCommand(_(INVITE), _(INVITE_HELP), self.action_invite)

    def action_invite(self) -> None:
        """A fresh wormhole code for one friend: the lobby shows the line to send them."""
        if self.invitations is not None:
            self.invitations.invite()
            if self.game_screen is not None:  # (the lobby shows it; the game's table has no room for it)
                self.notify(_("Making a code for a friend…"))

    def _invitation_changed(self, invitation: Invitation) -> None:
        if invitation.status in ("used", "refused"):  # one line, and the table goes on
            self.notify(_("Invitation {n}: {how}").format(n=invitation.number, how=invitation.said),
                        severity="warning")
        elif invitation.status == "waiting" and (self.game_screen is not None or invitation.replaces):
            self.notify(invitation.send_line, timeout=60)
        elif invitation.status == "failed":
            self.notify(invitation.said, severity="error")
        self.post_message(TableNews())

    def action_new_game(self) -> None:
        game = self.game_screen
        if game is not None and game.session.waiting == "game_over":
            self.exit()
            return
        self.notify(_("At a shared table the host opens new games (`allfives host --new`)."))
