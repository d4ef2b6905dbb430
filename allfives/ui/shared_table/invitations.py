"""The host's invitations in the lobby: a fresh wormhole code per friend anywhere, and how each stands
(the door a guest comes through, `allfives join CODE`, is in launch.py with the other two).

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
from allfives.net.anywhere.invitations import Invitation, Invitations
from allfives.ui.model.shown import Shown, styled
from allfives.ui.widgets.shown import content


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
