"""The lobby of a shared table: who sits where, free seats to move to, the host's Start, kick and release,
letting back whom it sent away, and the line to share (shown whole, and copied with a key)."""

from __future__ import annotations

import contextlib

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, Static

from allfives.bots.levels import level_word
from allfives.i18n import N_, _
from allfives.net.remote_session import RemoteSession, clock
from allfives.net.table import shown_code
from allfives.ui import commands
from allfives.ui.commands import BANNED, HOSTS, OTHERS_SEATED, SHARED
from allfives.ui.model.shown import Shown, styled
from allfives.ui.widgets.footer import KeyFooter
from allfives.ui.widgets.shown import content
from allfives.ui.widgets.too_small import TooSmall

from .unseat import ask_let_back, ask_unseat, names_list, unseat


def seat_line(session: RemoteSession, seat: int) -> Shown:
    """`2  Ben — person · host`, as the lobby lists a seat (seats are counted from 1 for people)."""
    info = session.info
    assert info is not None
    s = info.seats[seat]
    host = " · " + _("host") if s.host else ""  # (a tag after what the seat is, in any language)
    if seat == session.seat:
        what = styled(_("[b]you[/b]{}"), host)
    elif s.status == "bot":
        free = (_("[dim]free: an {} bot plays it[/dim]") if s.level[0] in "aeiou"
                else _("[dim]free: a {} bot plays it[/dim]"))
        what = styled(free, level_word(s.level))
    elif s.status == "here":
        what = Shown.of(_("person") + host)
    elif s.status == "covered":
        what = Shown.of(_("away: a bot plays for them") + host)
    else:
        left = session.away_left(seat)
        what = Shown.of((_("away {clock}").format(clock=clock(left)) if left else _("away")) + host)
    return styled("{}  [b]{}[/b] — {}", seat + 1, s.name, what)


class LobbyScreen(Screen[None]):
    """Shown until the host starts the game; the app refreshes it whenever the table changes."""

    CSS = """
    LobbyScreen { layout: vertical; }
    #lobby-room { height: 1fr; align: center middle; }
    #lobby-box { width: 86; max-width: 100%; height: auto; max-height: 100%; background: $surface;
                 border: round $accent; padding: 0 2; }
    #lobby-box .title { color: $accent; margin: 1 0 0 0; }
    #lobby-share { margin: 1 0 0 0; color: $warm-text; }
    #lobby-seats { height: auto; margin: 1 0; }
    .seat-row { height: 1; }
    .seat-row Static { width: 1fr; }
    .seat-row Button.sit { width: 12; min-width: 12; height: 1; margin: 0; border: none; }
    .seat-row Button.unseat { width: 10; min-width: 10; height: 1; margin: 0 0 0 1; border: none; }
    #lobby-rules { color: $quiet-text; }
    #lobby-wait { margin: 1 0 0 0; }
    #lobby-banned { margin: 1 0 0 0; color: $quiet-text; }
    #lobby-box .buttons Button { margin: 1 1 1 0; }
    #lobby-status { height: 1; background: $surface; padding: 0 1; }
    #lobby-status.-lost { color: $loss; }
    """

    BINDINGS = commands.bindings(*commands.LOBBY, hidden=commands.SIT_AT)

    AUTO_FOCUS = None  # Enter starts the game (the host's), rather than pressing a button

    def __init__(self, session: RemoteSession, *, address: str, share: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.address = address
        self.share = share  # the host's: the command friends type to join
        self._seats = 0  # how many seat rows are composed
        self._rebuilding = False

    def compose(self) -> ComposeResult:
        info = self.session.info
        self._seats = len(info.seats) if info is not None else 0
        # (the box scrolls when a small terminal cannot hold it all: the buttons stay within reach)
        with Vertical(id="lobby-room"), VerticalScroll(id="lobby-box"):
            yield Static(id="lobby-title", classes="title")
            if self.share:  # (the line alone on its own line: 80 columns hold it whole)
                share = styled(_("Friends join with this line (c copies it):\n[b]{}[/b]"), self.share)
                yield Static(content(share), id="lobby-share")
            invitations = getattr(self.app, "invitations", None)
            if invitations is not None:  # the host's wormhole codes (friends anywhere)
                from .invitations import InvitationsPanel

                yield InvitationsPanel(invitations)
            with Vertical(id="lobby-seats"):
                for seat in range(self._seats):
                    with Horizontal(classes="seat-row"):
                        yield Static(id=f"seat-{seat}")
                        sit = Button(_("Sit here"), id=f"sit-{seat}", classes="sit", compact=True)
                        sit.can_focus = False  # keys 1-4 sit too; Enter stays the host's Start
                        yield sit
                        for what, label in (("release", N_("To a bot")), ("kick", N_("Kick"))):  # the host's
                            button = Button(_(label), id=f"{what}-{seat}", classes="unseat", compact=True)
                            button.can_focus = False
                            button.display = False
                            yield button
            yield Static(id="lobby-rules")
            yield Static(id="lobby-wait")
            yield Static(id="lobby-banned")
            with Horizontal(classes="buttons"):
                for what, label in (("start", _("Start the game (Enter)")), ("copy", _("Copy the line (c)")),
                                    ("let-back", _("Let back (l)")), ("leave", _("Leave (q)"))):
                    button = Button(label, id=what, variant="primary" if what == "start" else "default")
                    button.can_focus = False  # Enter is the host's Start, never a button's by mistake
                    yield button
        yield Static(id="lobby-status")
        yield KeyFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.set_interval(1.0, self._tick)
        self.show()

    def _tick(self) -> None:
        if self.session.info is not None and any(s.status == "away" for s in self.session.info.seats):
            self.show()  # the away clocks

    def show(self) -> None:
        """Fill in the table as it stands now."""
        with contextlib.suppress(NoMatches):  # not all there: the app ended while the lobby was put up
            self._fill()

    def _fill(self) -> None:
        session = self.session
        info = session.info
        if info is not None and len(info.seats) != self._seats:
            if not self._rebuilding:  # the first word from the table: its seats
                self._rebuilding = True
                self.call_next(self._rebuild)
            return
        title = styled(_("[b]A table for friends[/b] · code [b]{}[/b] · {}"), shown_code(session.code),
                       self.address)
        self.query_one("#lobby-title", Static).update(content(title))
        status = self.query_one("#lobby-status", Static)
        status.set_class(not session.connected, "-lost")
        for panel in self.query("InvitationsPanel"):
            panel.show()  # type: ignore[attr-defined]
        progress = getattr(session.client, "progress", "")  # a wormhole's: what it is doing now
        if info is None or session.seat is None:
            status.update(content(progress or _("Connecting to {address}…").format(address=self.address)
                                  if not session.connected else _("Taking a seat…")))
            self.query_one("#start").display = False
            self.query_one("#let-back").display = self.query_one("#lobby-banned").display = False
            self.query_one("#copy").display = self.share is not None
            return
        here = _("At the table.")
        here = f"{here} {progress}" if progress else here  # (a wormhole's: directly, or through the relay)
        status.update(content(here if session.connected else _("Connection lost: coming back to the table…")))
        free = [s.seat for s in info.seats if s.status == "bot"]
        takeable = session.people() if session.is_host else []
        for s in info.seats:
            self.query_one(f"#seat-{s.seat}", Static).update(content(seat_line(session, s.seat)))
            self.query_one(f"#sit-{s.seat}", Button).display = s.seat in free
            for what in ("release", "kick"):
                self.query_one(f"#{what}-{s.seat}", Button).display = s.seat in takeable
        rules = " · ".join(info.rules.describe())
        if info.rules.partnership:
            rules += " · " + _("seats 1 & 3 against 2 & 4")
        self.query_one("#lobby-rules", Static).update(rules)
        self.query_one("#start").display = session.is_host
        self.query_one("#copy").display = self.share is not None
        banned = session.banned if session.is_host else ()
        self.query_one("#let-back").display = self.query_one("#lobby-banned").display = bool(banned)
        if banned:
            self.query_one("#lobby-banned", Static).update(content(
                _("Sent away, and not let sit here again: {names}. Let back (l) lets one in again.").format(
                    names=names_list(banned))))
        self.refresh_bindings()
        host = next((s for s in info.seats if s.host), None)
        if session.is_host:
            wait = _("Start when everyone is seated: bots play the free seats.")
        elif host is not None:
            wait = _("Waiting for {name} (the host) to start the game.").format(name=host.name)
        else:
            wait = _("Waiting for the host to start the game.")
        if free:  # (sentences apart: each stands alone in any language)
            wait += " " + _("Click “Sit here” (or press its number) to move.")
        if takeable:
            wait += " " + _("Kick (k) sends a player away; To a bot (x) frees their seat.")
        self.query_one("#lobby-wait", Static).update(content(wait))

    async def _rebuild(self) -> None:
        await self.recompose()
        self._rebuilding = False
        self.show()

    # -- actions ------------------------------------------------------------------------

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        if button == "start":
            self.action_start()
        elif button == "leave":
            await self.action_leave()
        elif button == "copy":
            self.action_copy_line()
        elif button == "let-back":
            self.action_let_back()
        elif button.startswith("sit-"):
            self.action_sit(int(button.removeprefix("sit-")))
        elif button.startswith(("kick-", "release-")):
            what, seat = button.split("-")
            unseat(self, self.session, int(seat), kick=what == "kick")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A command that does not apply now is out of the footer and the palette, and its key rests."""
        return commands.checked(self, action)

    def applies(self, when: str) -> bool:
        """The lobby's moments (ui/commands.py): this seat hosts; someone else sits; someone sent away
        may be let back; the line to share is here."""
        session = self.session
        if when == SHARED:
            return self.share is not None
        if not session.is_host:
            return False
        if when == OTHERS_SEATED:
            return bool(session.people())
        if when == BANNED:
            return bool(session.banned)
        return when == HOSTS

    def action_unseat(self, kick: bool) -> None:
        ask_unseat(self, self.session, kick)

    def action_let_back(self) -> None:
        ask_let_back(self, self.session)

    def action_copy_line(self) -> None:
        """The line friends join with, to the clipboard (OSC 52: the terminal takes it, wherever it runs)."""
        if self.share is None:
            return
        self.app.copy_to_clipboard(self.share)
        self.notify(_("Copied the line friends join with: paste it to them."))

    async def action_leave(self) -> None:
        await self.app.run_action("quit")  # (the host's closes the table: the app says so)

    def action_start(self) -> None:
        if self.session.is_host:
            self.session.start()

    def action_sit(self, seat: int) -> None:
        info = self.session.info
        if info is None or seat >= len(info.seats) or seat == self.session.seat:
            return
        if info.seats[seat].status != "bot":
            self.notify(_("Seat {seat} is taken.").format(seat=seat + 1), severity="warning")
            return
        self.session.sit(seat)
