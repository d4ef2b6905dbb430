"""Asked at launch when another window plays the saved game: a new game beside it, watch it, or quit."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from allfives.i18n import N_, _
from allfives.ui.model.shown import styled

from ..widgets.shown import content
from ..widgets.too_small import TooSmall


class OpenElsewhereScreen(ModalScreen[str]):
    """Dismisses with "new" (a game of its own, saved beside the other), "watch" (follow the other
    window's game, read-only) or "quit"."""

    BINDINGS = [
        Binding("n,enter", "choose('new')", N_("New game beside it")),
        Binding("w", "choose('watch')", N_("Watch it")),
        Binding("q,escape", "choose('quit')", N_("Quit")),
    ]
    AUTO_FOCUS = "#new"

    def __init__(self, path: Path | None) -> None:
        """`path`: the save the other window plays (None in a web browser: a visitor is told no path)."""
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(id="elsewhere-box", classes="dialog"):
            yield Static(content(styled(_("[b]This game is open in another window[/b]"))), classes="title")
            if self.path is None:
                said = _("Your game is being played in another window, and only that window saves it. Start "
                         "a new game here, saved beside it, watch that game as it goes on, or quit.")
            else:
                said = _("The game saved in {path} is being played in another window, and only that window "
                         "saves it. Start a new game here, saved beside it, watch that game as it goes on, "
                         "or quit.").format(path=self.path)
            yield Static(content(said), id="elsewhere-text")
            with Horizontal(classes="buttons"):
                yield Button(_("New game beside it (n)"), id="new", variant="primary")
                yield Button(_("Watch it (w)"), id="watch")
                yield Button(_("Quit (q)"), id="quit")
        yield TooSmall()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id if event.button.id in ("new", "watch") else "quit")

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
