"""Between two people at one terminal: the hand stays hidden until its owner says it is them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from allfives.i18n import N_, _
from allfives.ui.model.shown import styled

from .. import commands
from ..commands import HELP, NEW_GAME, QUIT
from ..widgets.shown import content
from ..widgets.too_small import TooSmall
from .guard import Guarded


class HandoverScreen(Guarded, ModalScreen[str | None]):
    """"Pass the terminal to …"; Enter (or the button) shows the hand. Until then, the person who has
    just played may still take it back (`undo_for` names them): dismisses with "undo"."""

    # the table's footer shows under it: its window keys work here as there (a dialog stops the app's)
    BINDINGS = [
        Binding("enter,space", "ready", N_("Show my hand")),
        Binding("u,ctrl+z", "undo", N_("Take back"), show=False),
        *commands.bindings(HELP, NEW_GAME, QUIT),
    ]
    AUTO_FOCUS = "#ready"

    def __init__(self, name: str, seat: int, undo_for: str | None = None) -> None:
        super().__init__()
        self.player_name = name
        self.seat = seat
        self.undo_for = undo_for

    def compose(self) -> ComposeResult:
        with Vertical(id="handover-box", classes="dialog"):
            yield Static(content(styled(_("[b]Pass the terminal to {}[/b]"), self.player_name)),
                         classes="title")
            yield Static(_("Press Enter when ready — your hand is hidden until then."), markup=False)
            with Horizontal(classes="buttons"):
                yield Button(content(_("I am {name}").format(name=self.player_name)), id="ready",
                             variant="primary")
                if self.undo_for is not None:
                    yield Button(content(_("{name}: take my move back (u)").format(name=self.undo_for)),
                                 id="undo")
        yield TooSmall()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss("undo" if event.button.id == "undo" else None)

    def action_ready(self) -> None:
        self.dismiss(None)

    def action_undo(self) -> None:
        if self.undo_for is not None:
            self.dismiss("undo")
