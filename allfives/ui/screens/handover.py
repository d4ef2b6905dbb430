"""Between two people at one terminal: the hand stays hidden until its owner says it is them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..widgets.too_small import TooSmall


class HandoverScreen(ModalScreen[None]):
    """"Pass the terminal to …"; Enter (or the button) shows the hand."""

    BINDINGS = [Binding("enter,space", "ready", "Show my hand")]
    AUTO_FOCUS = "#ready"

    def __init__(self, name: str, seat: int) -> None:
        super().__init__()
        self.player_name = name
        self.seat = seat

    def compose(self) -> ComposeResult:
        with Vertical(id="handover-box", classes="dialog"):
            yield Static(f"[b]Pass the terminal to {self.player_name}[/b] (seat {self.seat + 1})",
                         classes="title")
            yield Static("Press Enter when ready — your hand is hidden until then.")
            yield Button(f"I am {self.player_name}", id="ready", variant="primary")
        yield TooSmall()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_ready(self) -> None:
        self.dismiss(None)
