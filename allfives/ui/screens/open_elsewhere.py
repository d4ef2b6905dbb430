"""Asked at launch when another window plays the saved game: a new game beside it, or quit."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..widgets.too_small import TooSmall


class OpenElsewhereScreen(ModalScreen[str]):
    """Dismisses with "new" (a game of its own, saved beside the other) or "quit".

    Watching the other window's game is to come: it will be one more choice here.
    """

    BINDINGS = [
        Binding("n,enter", "choose('new')", "New game beside it"),
        Binding("q,escape", "choose('quit')", "Quit"),
    ]
    AUTO_FOCUS = "#new"

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(id="elsewhere-box", classes="dialog"):
            yield Static("[b]This game is open in another window[/b]", classes="title")
            yield Static(f"The game saved in {self.path} is being played in another window, and only "
                         "that window saves it. Start a new game here, saved beside it, or quit.",
                         id="elsewhere-text")
            with Horizontal(classes="buttons"):
                yield Button("New game beside it (n)", id="new", variant="primary")
                yield Button("Quit (q)", id="quit")
        yield TooSmall()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss("new" if event.button.id == "new" else "quit")

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
