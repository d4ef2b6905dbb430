"""The game-over screen: the winner and the whole scoresheet; new game or quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..widgets.scoresheet import Scoresheet, Sheet
from ..widgets.too_small import TooSmall


class GameOverScreen(ModalScreen[str]):
    """Dismisses with "new" or "quit"."""

    BINDINGS = [
        Binding("n,enter", "choose('new')", "New game"),
        Binding("q,escape", "choose('quit')", "Quit"),
    ]
    AUTO_FOCUS = "#new"

    def __init__(self, headline: str, sheet: Sheet) -> None:
        super().__init__()
        self.headline = headline
        self.sheet = sheet

    def compose(self) -> ComposeResult:
        with Vertical(id="over-box", classes="dialog"):
            yield Static(f"[b]{self.headline}[/b]", classes="title", id="winner")
            yield Scoresheet(id="final-sheet")
            with Horizontal(classes="buttons"):
                yield Button("New game (n)", id="new", variant="primary")
                yield Button("Quit (q)", id="quit")
        yield TooSmall()

    def on_mount(self) -> None:
        self.query_one(Scoresheet).sheet = self.sheet

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss("new" if event.button.id == "new" else "quit")

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
