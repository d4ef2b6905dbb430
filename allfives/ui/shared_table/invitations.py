"""Friends anywhere at the screen: `allfives join CODE` with the table's app, and the host's invitations
in the lobby (a fresh wormhole code per friend, how each stands).

The wormhole runs in Twisted's own thread (net/anywhere/twisted_thread.py): the app's loop only ever
waits on asyncio futures, so the screen stays responsive while a code is made or a link connects.
"""

from __future__ import annotations

import contextlib

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.widgets import Button, Static

from allfives.i18n import _
from allfives.net.anywhere.cli import join_autoplay, parse_join, seat_key, wanted_seat
from allfives.net.anywhere.invitations import Invitation, Invitations
from allfives.ui.model.shown import Shown, styled
from allfives.ui.widgets.shown import content

REJOIN = "allfives join CODE"  # how a guest comes back: a fresh code from the host (the seat is kept)


def join_anywhere(argv: list[str]) -> int:
    """`allfives join 7-guitarist-revenge`: through the wormhole to the table, with the screen (or a bot
    with --autoplay); 2 and one line when the code leads nowhere."""
    args = parse_join(argv)
    if args.autoplay:
        return join_autoplay(args)
    from allfives.net.anywhere.guest import AnywhereClient
    from allfives.net.cli import remember_token, remembered_token
    from allfives.ui.launch import run, settle_memory
    from allfives.ui.shared_table.app import TableApp, TableNews
    from allfives.ui.shared_table.launch import _farewell

    client = AnywhereClient(args.code, args.name, servers=args.servers, seat=wanted_seat(args),
                            stop_when_over=True, token_for=lambda table: remembered_token(seat_key(table)))
    app = TableApp(client, remember=lambda token: remember_token(seat_key(client.code), token), rejoin=REJOIN)
    client.on_progress = lambda _line: app.post_message(TableNews())
    settle_memory()
    status = run(app)
    if status == 1:
        return status
    left = _("You left the table; ask the host for a fresh code: `allfives join` with it brings you back to "
             "your seat.")
    return _farewell(app, left, status)


def invitation_shown(invitation: Invitation, guest: str | None) -> Shown:
    """`2  allfives join 7-guitarist-revenge — waiting for a friend to type the code…`, and once they sit,
    `2  Bea — connected directly`."""
    if guest is not None:
        return styled("{}  [b]{}[/b] — {}", invitation.number, guest, invitation.said)
    if invitation.code is None or invitation.status not in ("waiting", "joining"):
        return styled("{}  {}", invitation.number, invitation.said)
    return styled("{}  [b]{}[/b] — {}", invitation.number, invitation.line, invitation.said)


class InvitationsPanel(Vertical):
    """The host's invitations in the lobby: the button that makes one, and each one's line to send."""

    DEFAULT_CSS = """
    InvitationsPanel { height: auto; margin: 1 0 0 0; }
    InvitationsPanel Button { margin: 0; }
    InvitationsPanel #invitations-list { height: auto; color: $warm-text; }
    """

    def __init__(self, invitations: Invitations) -> None:
        super().__init__()
        self.invitations = invitations

    def compose(self) -> ComposeResult:
        invite = Button(_("Invite from anywhere (i)"), id="invite", compact=True)
        invite.can_focus = False  # Enter stays the host's Start
        yield invite
        yield Static(id="invitations-list")

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        with contextlib.suppress(NoMatches):
            door = self.invitations
            shown = [invitation_shown(i, door.guest(i)) for i in door.all[-6:]]  # (the newest, a few)
            lines = Shown.of(_("A fresh code for each friend: they type `allfives join` and the code."))
            for line in shown:
                lines = styled("{}\n{}", lines, line)
            self.query_one("#invitations-list", Static).update(content(lines))

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "invite":
            event.stop()
            await self.app.run_action("invite")
