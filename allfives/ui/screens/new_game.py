"""The new-game screen: seats, people and bots, partnership, hand size, target, house rules."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from allfives.engine import Rules, variant_hand_size
from allfives.engine.models import TARGETS

from ..setup import BOT_NAMES, DEFAULT_BOT_DELAY, LEVELS, GameSetup, Player
from ..widgets.tick import Tick
from ..widgets.too_small import TooSmall

WHO = [("Person", "person")] + [(f"Bot · {level}", level) for level in LEVELS]
VARIANT_LABELS = {"standard": "standard", "five_each": "five each", "seven_five": "seven-five"}
PARTNERS = "partnership: seats 1+3 v 2+4"
NO_PARTNERS = "partnership: only with 4 seats"


def variant_options(seats: int) -> list[tuple[str, str]]:
    return [(f"{label} ({variant_hand_size(seats, v)} each)", v) for v, label in VARIANT_LABELS.items()]


class NewGameScreen(Screen[GameSetup | None]):
    """Sensible defaults are chosen already: Enter starts at once."""

    BINDINGS = [
        Binding("ctrl+s", "start", "Start", show=True),
        Binding("ctrl+t", "app.statistics", "Statistics"),
        Binding("escape", "cancel", "Back to the game", show=False),
        Binding("question_mark,f1", "app.help", "Help"),
        Binding("q", "app.quit", "Quit", show=False),
    ]
    AUTO_FOCUS = "#start"

    def __init__(self, seats: int = 2, bot_delay: float = DEFAULT_BOT_DELAY, cancellable: bool = False,
                 message: str = "") -> None:
        super().__init__()
        self.seats = seats
        self.bot_delay = bot_delay
        self.cancellable = cancellable
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="new-box"):
            yield Static("[$tile-pip on $tile-face] 5│0 [/] [b]All Fives[/b] — a new game", classes="title")
            yield Static("Make the open ends add up to a multiple of five. Enter starts; "
                         "Tab moves between choices.", classes="muted intro")
            with Horizontal(classes="row"):
                yield Label("Seats", classes="key")
                yield Select([(str(n), n) for n in (2, 3, 4)], value=self.seats, allow_blank=False,
                             compact=True, id="seats")
            for seat in range(4):
                with Horizontal(classes="row seat-row", id=f"seat-row-{seat}"):
                    yield Label(f"Seat {seat + 1}" + ("" if seat else " (you)"), classes="key")
                    yield Select(WHO, value="person" if seat == 0 else "medium", allow_blank=False,
                                 compact=True, id=f"who-{seat}")
            with Horizontal(classes="row"):
                yield Label("Teams", classes="key")
                yield Tick(PARTNERS, value=self.seats == 4, compact=True, id="partnership")
            with Horizontal(classes="row"):
                yield Label("Hand size", classes="key")
                yield Select(variant_options(self.seats), value="standard", allow_blank=False,
                             compact=True, id="variant")
            with Horizontal(classes="row"):
                yield Label("Target", classes="key")
                yield Input(str(TARGETS[self.seats]), type="integer", compact=True, id="target",
                            max_length=4)
            with Horizontal(classes="row"):
                yield Label("House rules", classes="key")
                with Vertical(classes="checks"):
                    yield Tick("Muggins: going out scores the others' pips", compact=True, id="muggins")
                    yield Tick("finish the hand before a win", compact=True, id="finish")
            yield Static(self.message, id="form-message")
            with Horizontal(classes="buttons"):
                yield Button("Start (Enter)", id="start", variant="primary")
                if self.cancellable:
                    yield Button("Back (Esc)", id="back")
                yield Button("Your games (^t)", id="stats")
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        self._show_seats(self.seats)

    def _show_seats(self, seats: int) -> None:
        for seat in range(4):
            self.query_one(f"#seat-row-{seat}").display = seat < seats
        partnership = self.query_one("#partnership", Tick)
        partnership.disabled = seats != 4
        partnership.label = PARTNERS if seats == 4 else NO_PARTNERS

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id != "seats" or not isinstance(event.value, int):
            return
        seats = event.value
        if seats == self.seats:
            return
        old_default = str(TARGETS[self.seats])
        self.seats = seats
        self._show_seats(seats)
        self.query_one("#partnership", Tick).value = seats == 4
        variant = self.query_one("#variant", Select)
        chosen = variant.value
        variant.set_options(variant_options(seats))
        variant.value = chosen if isinstance(chosen, str) else "standard"
        target = self.query_one("#target", Input)
        if target.value.strip() in ("", old_default):
            target.value = str(TARGETS[seats])

    def setup(self) -> GameSetup | str:
        """The chosen setup, or why it cannot be played."""
        seats = self.seats
        try:
            target = int(self.query_one("#target", Input).value)
        except ValueError:
            return "The target must be a whole number."
        if not 1 <= target <= 9999:
            return "The target must be between 1 and 9999."
        variant = self.query_one("#variant", Select).value
        players = []
        for seat in range(seats):
            who = self.query_one(f"#who-{seat}", Select).value
            if who == "person":
                players.append(Player("You" if seat == 0 else f"Player {seat + 1}", "person"))
            else:
                players.append(Player(BOT_NAMES[seat], "bot", str(who)))
        people = [p for p in players if p.is_person]
        if len(people) > 1:  # at one terminal names tell people apart
            players = [Player(f"Player {s + 1}", "person") if p.is_person else p
                       for s, p in enumerate(players)]
        rules = Rules(
            seats=seats,
            partnership=seats == 4 and self.query_one("#partnership", Tick).value,
            hand_size=variant_hand_size(seats, str(variant)),
            target=target,
            end_of_hand="muggins" if self.query_one("#muggins", Tick).value else "deduct",
            win_check="finish_hand" if self.query_one("#finish", Tick).value else "immediate",
        )
        return GameSetup(rules=rules, players=tuple(players), bot_delay=self.bot_delay)

    def action_start(self) -> None:
        setup = self.setup()
        if isinstance(setup, str):
            message = self.query_one("#form-message", Static)
            message.update(setup)
            message.add_class("error-text")
            return
        self.dismiss(setup)

    def action_cancel(self) -> None:
        if self.cancellable:
            self.dismiss(None)

    def no_way_back(self) -> None:
        """The game underneath has ended: only Start (or quit) leads on from here."""
        self.cancellable = False
        self.query("#back").remove()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "stats":
            await self.run_action("app.statistics")
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()
