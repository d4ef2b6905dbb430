"""The host's questions before taking a seat back (whose seat, by its number or a click, and what it means)
and before letting back someone sent away (who)."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from allfives import i18n
from allfives.i18n import N_, _
from allfives.net.remote_session import RemoteSession
from allfives.ui.model.shown import styled
from allfives.ui.widgets.shown import content
from allfives.ui.widgets.too_small import TooSmall

# What each way of taking a seat back says: the dialog's title and the line below it
WORDS = {
    "kick": (N_("Send a player away"), N_("Their seat goes to a bot and their code for it stops working: "
                                          "they are told, and cannot come back to it.")),
    "release": (N_("Give a seat to a bot"), N_("A bot plays the seat from now on (in the lobby it is free "
                                               "again); its player is told.")),
}


def names_list(names: Iterable[str]) -> str:
    """`Bea and Cy`, `Bea, Cy and Dan`: names joined as the language joins them (Babel's list rules)."""
    from babel.lists import format_list

    spoken = i18n.language()
    return format_list(list(names), locale=spoken if spoken in i18n.LANGUAGES else i18n.ENGLISH)


def unseat_words(kick: bool, name: str, seat: int, in_lobby: bool) -> str:
    """What the host is told once it is done: `Bea (seat 2) was sent away; a bot plays seat 2.`"""
    if kick and in_lobby:
        said = _("{name} (seat {seat}) was sent away; seat {seat} is free again.")
    elif kick:
        said = _("{name} (seat {seat}) was sent away; a bot plays seat {seat}.")
    elif in_lobby:
        said = _("Seat {seat} is free again: {name} was told.")
    else:
        said = _("A bot plays seat {seat} for the rest of the game; {name} was told.")
    return said.format(name=name, seat=seat + 1)


class UnseatScreen(ModalScreen[int | None]):
    """Which person's seat the host takes back: dismisses the seat (from 0), or None (Esc)."""

    BINDINGS = [
        Binding("escape", "choose(None)", N_("Cancel")),
        *(Binding(str(n + 1), f"choose({n})", N_("Seat {seat}").format(seat=n + 1), show=False)
          for n in range(4)),
    ]
    DEFAULT_CSS = """
    UnseatScreen { align: center middle; }
    #unseat-box { width: 64; height: auto; }
    #unseat-box .seat-choice { width: 100%; margin: 0; }
    """

    def __init__(self, kick: bool, people: list[tuple[int, str]]) -> None:
        super().__init__()
        self.kick = kick
        self.people = dict(people)  # seat -> name: the seats that may be chosen

    def compose(self) -> ComposeResult:
        title, line = WORDS["kick" if self.kick else "release"]
        with Vertical(id="unseat-box", classes="dialog"):
            yield Static(content(styled("[b]{}[/b]", _(title))), classes="title")
            yield Static(_("{explained} Press the seat's number, or click it.").format(explained=_(line)))
            for seat, name in self.people.items():
                yield Button(content(styled("{}  [b]{}[/b]", seat + 1, name)), id=f"unseat-{seat}",
                             classes="seat-choice")
            with Horizontal(classes="buttons"):
                yield Button(_("Cancel (Esc)"), id="cancel", variant="primary")
        yield TooSmall()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        self.dismiss(int(button.removeprefix("unseat-")) if button.startswith("unseat-") else None)

    def action_choose(self, seat: int | None) -> None:
        if seat is None or seat in self.people:
            self.dismiss(seat)


def ask_unseat(screen: Screen, session: RemoteSession, kick: bool) -> None:
    """`k` / `x`: the host chooses whose seat to take back (the others are told it is the host's)."""
    if not session.is_host:
        screen.notify(_("Only the host can take a seat back."), severity="warning")
        return
    people = [(seat, session.name(seat)) for seat in session.people()]
    if not people:
        screen.notify(_("Nobody else sits at the table: bots hold the other seats."))
        return

    def chosen(seat: int | None) -> None:
        if seat is not None:
            unseat(screen, session, seat, kick)

    screen.app.push_screen(UnseatScreen(kick, people), chosen)


def unseat(screen: Screen, session: RemoteSession, seat: int, kick: bool) -> None:
    """Take the seat back and say so (the table refuses, and says why, if it may not be)."""
    name = session.name(seat)
    (session.kick if kick else session.release)(seat)
    screen.notify(unseat_words(kick, name, seat, in_lobby=not session.in_game))


class LetBackScreen(ModalScreen[str | None]):
    """Whom of those sent away the host lets back: dismisses their name, or None (Esc)."""

    BINDINGS = [
        Binding("escape", "choose(None)", N_("Cancel")),
        *(Binding(str(n + 1), f"choose({n})", N_("Let back"), show=False) for n in range(9)),
    ]
    DEFAULT_CSS = """
    LetBackScreen { align: center middle; }
    #let-back-box { width: 64; height: auto; }
    #let-back-box .name-choice { width: 100%; margin: 0; }
    """

    def __init__(self, names: tuple[str, ...]) -> None:
        super().__init__()
        self.names = names[:9]  # (keys 1-9: the table keeps few, and lets the oldest back first)

    def compose(self) -> ComposeResult:
        with Vertical(id="let-back-box", classes="dialog"):
            yield Static(content(styled("[b]{}[/b]", _("Let someone back"))), classes="title")
            yield Static(_("They may sit at this table again, from anywhere. Press their number, or click "
                           "their name."))
            for n, name in enumerate(self.names):
                yield Button(content(styled("{}  [b]{}[/b]", n + 1, name)), id=f"let-back-{n}",
                             classes="name-choice")
            with Horizontal(classes="buttons"):
                yield Button(_("Cancel (Esc)"), id="cancel", variant="primary")
        yield TooSmall()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        self.dismiss(self.names[int(button.removeprefix("let-back-"))] if button.startswith("let-back-")
                     else None)

    def action_choose(self, n: int | None) -> None:
        if n is None or n < len(self.names):
            self.dismiss(None if n is None else self.names[n])


def ask_let_back(screen: Screen, session: RemoteSession) -> None:
    """`l`: the host chooses whom of those sent away to let back, and is told it is done."""
    if not session.is_host or not session.banned:
        return

    def chosen(name: str | None) -> None:
        if name is not None:
            session.let_back(name)
            screen.notify(_("{name} may sit at this table again.").format(name=name))

    screen.app.push_screen(LetBackScreen(session.banned), chosen)
