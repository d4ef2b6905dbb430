"""The All Fives app: which screen comes first, new games, resuming, help, and the too-small notice."""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from .save import LoadOutcome, SavedGame, SaveStore
from .screens.game import GameScreen
from .screens.new_game import NewGameScreen
from .screens.resume import ResumeScreen
from .session import Session
from .setup import DEFAULT_BOT_DELAY, GameSetup
from .widgets.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmall


class AllFivesApp(App[None]):
    """Starts on the new-game screen, the resume question, or (given a setup) straight at the table."""

    CSS_PATH = "allfives.tcss"
    TITLE = "All Fives"
    BINDINGS = [
        Binding("ctrl+n", "new_game", "New game", show=False),
        Binding("f1", "help", "Help", show=False),
    ]

    def __init__(self, setup: GameSetup | None = None, *, bot_delay: float | None = None,
                 ask_resume: bool = True, store: SaveStore | None = None,
                 saved: SavedGame | None = None) -> None:
        super().__init__()
        self.saved = saved  # a game to sit down at straight away (scenes, tests)
        self.initial_setup = setup
        self.bot_delay = setup.bot_delay if setup and bot_delay is None else (
            DEFAULT_BOT_DELAY if bot_delay is None else bot_delay)
        self.ask_resume = ask_resume
        self.store = store or SaveStore()
        self.problem: str | None = None  # what went wrong with the save file, if anything

    # -- start ------------------------------------------------------------

    def on_mount(self) -> None:
        self._check_size(self.size.width, self.size.height)
        if self.saved is not None:
            self.start(Session.resume(self.saved, self.store))
            return
        if not self.ask_resume:
            self.store.set_aside()
        outcome = self.store.load() if self.ask_resume else LoadOutcome()
        if outcome.problem:
            self.problem = outcome.problem
            self.notify(outcome.problem, title="Save file", severity="warning", timeout=20)
        if outcome.game is not None:
            saved = outcome.game

            def chosen(choice: str | None) -> None:
                if choice == "new":
                    self.fresh()
                else:
                    self.start(Session.resume(saved, self.store))

            self.push_screen(ResumeScreen(saved), chosen)
        else:
            self.fresh()

    def fresh(self) -> None:
        """A new game: straight from the flags, or through the new-game screen."""
        if self.initial_setup is not None:
            self.start(Session.new(self.initial_setup, self.store))
        else:
            self.push_screen(NewGameScreen(bot_delay=self.bot_delay, message=self.problem or ""),
                             self._setup_chosen)

    async def _setup_chosen(self, setup: GameSetup | None) -> None:
        if setup is not None:
            await self.start_async(Session.new(setup, self.store))

    def start(self, session: Session) -> None:
        self.call_next(self.start_async, session)

    async def start_async(self, session: Session) -> None:
        """Leave whatever was on screen and sit down at the new table."""
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        await self.push_screen(GameScreen(session))

    @property
    def game_screen(self) -> GameScreen | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    # -- actions ------------------------------------------------------------

    def action_new_game(self) -> None:
        if isinstance(self.screen, NewGameScreen):
            return
        game = self.game_screen
        seats = game.session.setup.rules.seats if game else 2
        cancellable = game is not None and game.session.waiting != "game_over"
        self.push_screen(NewGameScreen(seats=seats, bot_delay=self.bot_delay, cancellable=cancellable),
                         self._setup_chosen)

    def action_help(self) -> None:
        from .screens.help import HelpScreen  # Markdown is slow to import: not on the way to the first screen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New game", "Set up and start a new game", self.action_new_game)
        yield SystemCommand("Help", "The rules in short and the controls", self.action_help)
        if isinstance(screen, GameScreen):
            yield SystemCommand("Hint", "What the hard bot would play in your place", screen.action_hint)
            yield SystemCommand("Draw", "Draw from the boneyard", screen.action_draw)

    # -- too small ------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "-too-small")
        if small:
            for screen in self.screen_stack:
                for notice in screen.query(TooSmall):
                    notice.show_size(width, height)

    @property
    def too_small(self) -> bool:
        return self.has_class("-too-small")

    def on_screen_resume(self) -> None:
        self._check_size(self.size.width, self.size.height)
