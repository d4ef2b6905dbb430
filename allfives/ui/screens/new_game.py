"""The new-game screen: seats, people (and their names) and bots, partnership, hand size, target,
house rules, and the language the game speaks."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from allfives import i18n
from allfives.bots import levels as bot_levels
from allfives.engine import options
from allfives.engine.core import MAX_TARGET, TARGETS, variant_hand_size  # (no Pydantic before Start)
from allfives.i18n import N_, _
from allfives.names import NAME_LENGTH, default_name, player_name
from allfives.play.prefs import LastGame
from allfives.play.setup import (
    BOT_NAMES,
    DEFAULT_BOT_DELAY,
    GameSetup,
    Player,
    level_word,
    person_name,
    shown_person_name,
)

from ..commands import HELP, QUIT, STATISTICS
from ..textual_private import StyledOnce
from ..widgets.footer import KeyFooter
from ..widgets.shown import content
from ..widgets.tick import Tick
from ..widgets.too_small import TooSmall
from .confirm import abandon_question

VARIANT_LABELS = {"standard": N_("standard"), "five_each": N_("five each"), "seven_five": N_("seven-five")}
PARTNERS = N_("partnership: seats 1+3 v 2+4")
NO_PARTNERS = N_("partnership: only with 4 seats")
# Each language by its own name, whatever the language now: a player who cannot read this one finds theirs.
LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands", "pt": "Português", "sl": "Slovenščina", "fy": "Frysk"}


def who_options() -> list[tuple[str, str]]:
    """What may sit in a seat: a person, or a bot of each level (in the language spoken now)."""
    return [(_("Person"), "person")] + [(_("Bot · {level}").format(level=level_word(level)), level)
                                        for level in bot_levels.LEVELS]


def variant_options(seats: int) -> list[tuple[str, str]]:
    return [(_("{variant} ({n} each)").format(variant=_(label), n=variant_hand_size(seats, v)), v)
            for v, label in VARIANT_LABELS.items()]


def language_options() -> list[tuple[str, str]]:
    return [(LANGUAGE_NAMES[code], code) for code in i18n.LANGUAGES]


def players_named(kinds: list[str], names: list[str]) -> tuple[Player, ...] | str:
    """The players for these seats ("person" or a bot level) and the names typed for the people (blank:
    a default), or why they cannot sit down together. A person alone with the bots who types the
    default name ("You", or this language's word for it) gave none: it stays the language's."""
    people = kinds.count("person")
    players = []
    for seat, (kind, typed) in enumerate(zip(kinds, names, strict=True)):
        if kind != "person":
            players.append(Player(BOT_NAMES[seat], "bot", kind))
            continue
        try:
            name = player_name(typed) if typed.strip() else person_name(seat, people)
        except ValueError as e:
            return _("Seat {seat}: {why}.").format(seat=seat + 1, why=e)
        default = name is not None and name.casefold() in ("you", default_name().casefold())
        if people > 1 and default:
            return _("Seat {seat}: with several people at one terminal, each needs a name of their own."
                     ).format(seat=seat + 1)
        players.append(Player(None if default else name, "person"))
    seen: dict[str, int] = {}
    for seat, player in enumerate(players):
        other = seen.setdefault(player.name.lower(), seat)
        if other != seat:
            return _("Seats {first} and {second} are both called {name}: give each a name.").format(
                first=other + 1, second=seat + 1, name=player.name)
    return tuple(players)


class NewGameScreen(StyledOnce, Screen[GameSetup | None]):
    """The last game's setup (or sensible defaults) is chosen already: Enter starts at once. Over a game
    in progress, Start asks before leaving it."""

    BINDINGS = [
        Binding("ctrl+s", "start", N_("Start"), show=True),
        STATISTICS.binding(),
        Binding("escape", "cancel", N_("Back to the game"), show=False),
        Binding("ctrl+l", "learn", N_("Learn to play"),
                tooltip=N_("A guided first hand: the rules in 3 minutes")),
        HELP.binding(),
        QUIT.binding(show=False),
    ]
    AUTO_FOCUS = "#start"

    def __init__(self, seats: int = 2, bot_delay: float = DEFAULT_BOT_DELAY, cancellable: bool = False,
                 message: str = "", leaving: Callable[[], None] | None = None,
                 last: LastGame | None = None, rated: bool = False) -> None:
        super().__init__()
        self.rated = rated  # the game underneath moves the rating: left for a new one, it is lost
        self.last = last or LastGame(seats=seats, who=("person", *[bot_levels.DEFAULT_LEVEL] * (seats - 1)),
                                     names=("",) * seats)  # (what it opens with when there is no last game)
        self.seats = self.last.seats
        self.bot_delay = bot_delay
        self.cancellable = cancellable  # a game in progress is underneath: Back returns to it
        self.message = message
        self.leaving = leaving  # called once the person agrees to leave that game for a new one
        self._name_noted = False  # the form's message says what is wrong with a name being typed
        self.language = i18n.language()  # (the pseudo-language of tests is none of the choices)
        if self.language not in i18n.LANGUAGES:
            self.language = i18n.ENGLISH

    def compose(self) -> ComposeResult:
        last = self.last
        with Vertical(id="new-box"):
            yield Static("[$tile-pip on $tile-face] 5│0 [/] " + _("[b]All Fives[/b] — a new game"),
                         classes="title")
            yield Static(_("Make the open ends add up to a multiple of five. Enter starts; "
                           "Tab moves between choices."), classes="muted intro")
            with Horizontal(classes="row"):
                yield Label(_("Language"), classes="key")
                yield Select(language_options(), value=self.language, allow_blank=False, compact=True,
                             id="language")
            with Horizontal(classes="row"):
                yield Label(_("Seats"), classes="key")
                yield Select([(str(n), n) for n in (2, 3, 4)], value=self.seats, allow_blank=False,
                             compact=True, id="seats")
            yield from (self._seat_row(seat) for seat in range(self.seats))  # more as more seats are chosen
            with Horizontal(classes="row"):
                yield Label(_("Teams"), classes="key")
                yield Tick(_(PARTNERS if self.seats == 4 else NO_PARTNERS),
                           value=self.seats == 4 and last.partnership, compact=True, id="partnership",
                           disabled=self.seats != 4)
            with Horizontal(classes="row"):
                yield Label(_("Hand size"), classes="key")
                yield Select(variant_options(self.seats), value=last.variant, allow_blank=False,
                             compact=True, id="variant")
            with Horizontal(classes="row"):
                yield Label(_("Target"), classes="key")
                yield Input(str(last.target or TARGETS[self.seats]), type="integer", compact=True,
                            id="target", max_length=4)
            with Horizontal(classes="row"):
                yield Label(_("House rules"), classes="key")
                with Vertical(classes="checks"):
                    for rule in options.HOUSE_RULES:
                        yield Tick(_(rule.label), value=last.plays(rule.key), compact=True, id=rule.control)
            yield Static(content(self.message), id="form-message")
            with Horizontal(classes="buttons"):
                yield Button(_("Start (Enter)"), id="start", variant="primary")
                if self.cancellable:
                    yield Button(_("Back (Esc)"), id="back")
                yield Button(_("Your games (^t)"), id="stats")
                if not self.cancellable:  # (the lesson opens over this screen, never over a game)
                    yield Button(_("Learn to play (^l)"), id="learn")
        yield KeyFooter()
        yield TooSmall()

    def _seat_row(self, seat: int) -> Horizontal:
        """A seat's row: who sits there (as at the last game), and a name field for a person."""
        last = self.last
        kind = last.who[seat] if seat < len(last.who) else bot_levels.DEFAULT_LEVEL
        who = Select(who_options(), value=kind, allow_blank=False, compact=True, id=f"who-{seat}")
        name = Input(last.names[seat] if seat < len(last.names) else "",
                     placeholder=shown_person_name(seat, last.who.count("person")), compact=True,
                     id=f"name-{seat}",
                     max_length=NAME_LENGTH, classes="name",
                     tooltip=_("This person's name: up to {n} characters").format(n=NAME_LENGTH))
        name.display = kind == "person"
        return Horizontal(Label(_("Seat {seat}").format(seat=seat + 1), classes="key"), who, name,
                          classes="row seat-row", id=f"seat-row-{seat}")

    async def speak(self, language: str) -> None:
        """Speak `language` from now on (kept for the next launch) and draw the form again in it, with
        everything chosen so far as it was."""
        self.last = self.form_now()
        self.seats = self.last.seats
        self.language = language
        remember = getattr(self.app, "remember", None)
        if remember is not None:
            remember(language=language)
        i18n.use(language)
        await self.recompose()
        self.app.refresh_bindings()  # (the footer's words: drawn again in the new language)
        if self.is_current:
            self.query_one("#language", Select).focus()

    def form_now(self) -> LastGame:
        """What the form shows now, as a setup to open with (the chosen seats; a target being typed,
        if it is one)."""
        kinds = self._kinds()
        names = [self.query_one(f"#name-{seat}", Input).value for seat in range(self.seats)]
        variant = self.query_one("#variant", Select).value
        try:
            target: int | None = int(self.query_one("#target", Input).value)
        except ValueError:
            target = None
        return LastGame(seats=self.seats, who=tuple(kinds), names=tuple(names),
                        partnership=self.query_one("#partnership", Tick).value,
                        variant=variant if isinstance(variant, str) else "standard",
                        target=target if target is not None and 1 <= target <= MAX_TARGET else None,
                        house_rules=frozenset(key for key, on in self._switches().items() if on))

    def _switches(self) -> dict[str, bool]:
        """Each house rule's tick, by the rule's key."""
        return {rule.key: self.query_one(f"#{rule.control}", Tick).value for rule in options.HOUSE_RULES}

    def _kinds(self) -> list[str]:
        return [str(self.query_one(f"#who-{seat}", Select).value) for seat in range(self.seats)]

    def _show_names(self) -> None:
        """A name field beside each person (its placeholder the name they get if they leave it blank)."""
        kinds = self._kinds()
        people = kinds.count("person")
        for field in self.query(".name").results(Input):
            seat = int(str(field.id).removeprefix("name-"))
            field.display = seat < self.seats and kinds[seat] == "person"
            if seat < self.seats:
                field.placeholder = shown_person_name(seat, people)

    async def _add_seat_rows(self, seats: int) -> None:
        """The form starts with rows for the seats first chosen; rows for more are made once asked for.
        (Until they are in, the seat count stays as it was: Start plays the game the form showed.)"""
        rows = list(self.query(".seat-row"))
        if len(rows) < seats:
            await self.query_one("#new-box").mount_all(
                [self._seat_row(seat) for seat in range(len(rows), seats)], after=rows[-1])

    def _show_seats(self, seats: int) -> None:
        """Rows left out by fewer seats are only hidden: what was chosen there is there when they return."""
        for row in self.query(".seat-row"):
            row.display = int(str(row.id).removeprefix("seat-row-")) < seats
        self._show_names()
        partnership = self.query_one("#partnership", Tick)
        partnership.disabled = seats != 4
        partnership.label = _(PARTNERS if seats == 4 else NO_PARTNERS)

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "language":
            if isinstance(event.value, str) and event.value != self.language:
                await self.speak(event.value)
            return
        if event.select.id and event.select.id.startswith("who-"):
            self._show_names()
            return
        if event.select.id != "seats" or not isinstance(event.value, int):
            return
        seats = event.value
        if seats == self.seats:
            return
        await self._add_seat_rows(seats)
        old_default = str(TARGETS[self.seats])
        self.seats = seats
        self._show_seats(seats)
        self.query_one("#partnership", Tick).value = seats == 4
        variant = self.query_one("#variant", Select)
        chosen = variant.value if isinstance(variant.value, str) else "standard"
        variant.set_options(variant_options(seats))
        # the same choice again would leave its old label ("9 each") showing: step off it and back
        variant.value = next(v for v in VARIANT_LABELS if v != chosen)
        variant.value = chosen
        target = self.query_one("#target", Input)
        if target.value.strip() in ("", old_default):
            target.value = str(TARGETS[seats])

    def setup(self) -> GameSetup | str:
        """The chosen setup, or why it cannot be played."""
        seats = self.seats
        try:
            target = int(self.query_one("#target", Input).value)
        except ValueError:
            return _("The target must be a whole number.")
        if not 1 <= target <= MAX_TARGET:
            return _("The target must be between 1 and {most}.").format(most=MAX_TARGET)
        variant = self.query_one("#variant", Select).value
        players = players_named(self._kinds(), [self.query_one(f"#name-{seat}", Input).value
                                                for seat in range(seats)])
        if isinstance(players, str):
            return players
        from allfives.engine import Rules

        rules = Rules(
            seats=seats,
            partnership=seats == 4 and self.query_one("#partnership", Tick).value,
            hand_size=variant_hand_size(seats, str(variant)),
            target=target,
            **options.house_rule_values(self._switches()),
        )
        return GameSetup(rules=rules, players=players, bot_delay=self.bot_delay)

    def action_start(self) -> None:
        setup = self.setup()
        if isinstance(setup, str):
            message = self.query_one("#form-message", Static)
            message.update(content(setup))
            message.add_class("error-text")
            return
        if not self.cancellable:
            self.dismiss(setup)
            return

        def answered(yes: bool | None) -> None:  # a game is in progress underneath: leave it?
            if yes and self.leaving is not None:
                self.leaving()  # the old table stops now, before it shows again for a moment
            self.dismiss(setup if yes else None)

        self.app.push_screen(abandon_question(self.rated), answered)

    def action_cancel(self) -> None:
        if self.cancellable:
            self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The lesson is offered only with no game in progress underneath."""
        return not self.cancellable if action == "learn" else True

    async def action_learn(self) -> None:
        if not self.cancellable:
            await self.run_action("app.learn")

    def no_way_back(self) -> None:
        """The game underneath has ended: only Start (or quit) leads on from here."""
        self.cancellable = False
        self.query("#back").remove()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "stats":
            await self.run_action("app.statistics")
        elif event.button.id == "learn":
            await self.action_learn()
        else:
            self.action_cancel()

    def on_input_changed(self, event: Input.Changed) -> None:
        """A name is weighed as it is typed: the form says at once when it reaches the limit (the field
        takes no more) or holds what no name may, and forgets it once the name is good again."""
        if not event.input.has_class("name"):
            return
        seat = int(str(event.input.id).removeprefix("name-"))
        note, refused = "", False
        if event.value.strip():
            try:
                if len(player_name(event.value)) >= NAME_LENGTH:
                    note = _("Seat {seat}: a name holds at most {n} characters.").format(
                        seat=seat + 1, n=NAME_LENGTH)
            except ValueError as e:
                note, refused = _("Seat {seat}: {why}.").format(seat=seat + 1, why=e), True
        if note or self._name_noted:
            message = self.query_one("#form-message", Static)
            message.update(content(note))
            message.set_class(refused, "error-text")
        self._name_noted = bool(note)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()
