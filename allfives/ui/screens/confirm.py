"""Asking before something that cannot be taken back: quitting a game in progress, or leaving it for a
new one. Either way the game is saved; the question says where it goes."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from allfives.i18n import N_, _, pgettext
from allfives.ui.model.shown import Shown, styled

from ..textual_private import bind_key
from ..widgets.shown import content
from ..widgets.too_small import TooSmall


class ConfirmScreen(ModalScreen[bool]):
    """A question with two answers; dismisses True for "yes". The safe answer has the focus, so a
    stray Enter keeps the game going. The person asked for it (a key, a button): it takes keys at once,
    so `q` then `q` quits."""

    BINDINGS = [
        Binding("escape,n", "answer(False)", N_("No"), show=False),
        Binding("y", "answer(True)", N_("Yes"), show=False),
    ]
    AUTO_FOCUS = "#no"
    WORKS_WHEN_SMALL = True  # it answers `q`, which works behind the too-small notice

    def __init__(self, title: str, text: Shown | str, yes: str, no: str, yes_key: str = "y") -> None:
        super().__init__()
        self.title_text = title
        self.text = text
        self.yes = yes
        self.no = no
        self.yes_key = yes_key
        if yes_key != "y":
            bind_key(self, yes_key, "answer(True)", N_("Yes"))

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box", classes="dialog"):
            yield Static(content(styled("[b]{}[/b]", self.title_text)), classes="title")
            yield Static(content(self.text), id="confirm-text")
            with Horizontal(classes="buttons"):
                yield Button(content(f"{self.yes} ({self.yes_key})"), id="yes")
                escape = pgettext("key", "Esc")  # (the key's name on a keyboard in this language)
                yield Button(content(f"{self.no} ({escape})"), id="no", variant="primary")
        yield TooSmall()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def quit_question(come_back: str) -> ConfirmScreen:
    """Quitting a game in progress; `come_back` says how to return to it (the window knows how)."""
    return ConfirmScreen(_("Quit All Fives?"),
                         _("Your game is saved after every move: {come_back}.").format(come_back=come_back),
                         _("Quit"), _("Keep playing"), yes_key="q")


def abandon_question(rated: bool = False) -> ConfirmScreen:
    """Leaving a game in progress for a new one; `rated`: it moves the rating, so it is lost (said)."""
    from allfives.bots.ratings import COUNTS_AS_LOST  # (only here: the first screen loads no bots module)

    body = _("The game in progress is set aside: it is kept in your data folder "
             "(save.previous-….json), but it will not be offered again.")
    return ConfirmScreen(_("Start a new game?"), body + (" " + _(COUNTS_AS_LOST) if rated else ""),
                         _("Start the new game"), _("Back to my game"))
