"""The All Fives app: which screen comes first, new games, resuming, help, and the too-small notice."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from textual import _styles_cache, events, on
from textual.actions import ActionParseResult, parse
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.dom import DOMNode
from textual.notifications import Notify, SeverityLevel
from textual.screen import Screen
from textual.theme import Theme

from allfives.play.history_link import HistoryLink
from allfives.play.saving import LoadOutcome, SavedGame, SaveStore
from allfives.play.setup import DEFAULT_BOT_DELAY, GameSetup

from .screens.confirm import ConfirmScreen, quit_question
from .themes import STYLESHEET, TABLE_VARIABLES, table_variables, use_themes
from .widgets.shown import PlainNotices
from .widgets.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmall

if TYPE_CHECKING:
    from allfives.play.session import Session
    from allfives.play.watched import WatchedGame

    from .screens.game import GameScreen

# Each screen is imported when it is first shown: the first screen never waits for the others (the table
# for the new-game screen, the new-game screen, engine and bots for the table...).

def _shown(module: str, name: str, screen: object) -> bool:
    """Is `screen` the named screen? (No screen of a module not yet imported can be on show.)"""
    loaded = sys.modules.get(f"allfives.ui.screens.{module}")
    return loaded is not None and isinstance(screen, getattr(loaded, name))


def _is_table(screen: object) -> bool:
    return _shown("game", "GameScreen", screen)


# Textual memoizes `StylesCache.get_inner_outer` per instance with lru_cache (Textualize/textual#6665):
# every widget ever drawn stays alive with its drawn lines, 1,024 of them, tens of MB by the tenth game.
_KEEPS_WIDGETS = getattr(getattr(_styles_cache, "StylesCache", None), "get_inner_outer", None)


def forget_gone_widgets(_: object = None) -> None:
    """Let go of the widgets of screens that have closed (an old table, each hand's score panel)."""
    if hasattr(_KEEPS_WIDGETS, "cache_clear"):
        _KEEPS_WIDGETS.cache_clear()


TABLE_VARIABLES_SET = frozenset(TABLE_VARIABLES)

# what still works while the too-small notice hides everything: nothing acts unseen
ACTIONS_WHEN_SMALL = frozenset({"quit", "help"})
MAX_NOTICES = 3  # notices shown at once: the newest; three fit over the game log, clear of the hand


def settle_memory() -> None:
    """Before the app runs: set everything made so far (modules, classes, styles) aside from Python's
    cyclic garbage collector, and let it look at new objects less often.

    Textual makes many short-lived objects for every frame, and each collection otherwise walks all
    that was built at startup too: about a fifth of the cost of a move through the UI.
    """
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)


class AllFivesApp(PlainNotices, App[None]):
    """Starts on the new-game screen, the resume question, or (given a setup) straight at the table."""

    CSS_PATH = STYLESHEET
    TITLE = "All Fives"
    BINDINGS = [
        Binding("ctrl+n", "new_game", "New game", show=False),
        Binding("f1", "help", "Help", show=False),
        Binding("ctrl+t", "statistics", "Statistics", show=False),
    ]
    _theme_now: tuple[str, Theme] | None = None  # the theme's name and the theme, looked up once

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
        self.history = HistoryLink(self.store.directory)  # every game played here is kept in it
        self.review_samples: int | None = None  # deals sampled a decision in a review (None: the default)
        self._replaced: str | None = None  # the history row of a saved game a new game replaces
        use_themes(self)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The table's colours for a theme that does not set them (Textual's own themes)."""
        theme = self.current_theme
        if theme.variables.keys() >= TABLE_VARIABLES_SET:
            return {}  # (our own themes set every one: working them out again is a third of a theme's cost)
        return table_variables(theme)

    @property
    def current_theme(self) -> Theme:
        """Textual looks the theme up (copying every theme's entry) for each line it draws: keep it."""
        known = self._theme_now
        if known is None or known[0] != self.theme:
            known = self._theme_now = (self.theme, super().current_theme)
        return known[1]

    def register_theme(self, theme: Theme) -> None:
        self._theme_now = None
        super().register_theme(theme)

    def unregister_theme(self, theme_name: str) -> None:
        self._theme_now = None
        super().unregister_theme(theme_name)

    # -- start ------------------------------------------------------------

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, forget_gone_widgets)
        self._check_size(self.size.width, self.size.height)
        if self.saved is not None:
            from allfives.play.session import Session

            self.start(Session.resume(self.saved, self.store, background=True, history=self.history))
            return
        if not self.store.claim():
            self._offer_elsewhere()
            return
        self.open_saved()

    def on_unmount(self) -> None:
        game = self.game_screen
        if game is not None:
            game.session.flush()  # saves are written in the background: all of them before letting go
        self.store.release()  # another window may take this game over now
        self.history.close()

    def flush_saves(self, timeout: float) -> None:
        """(Any thread.) Wait at most `timeout` s for the game at the table to be on disk: the last
        thing done before a process that cannot end in order is ended (allfives.ui.shutdown)."""
        game = self.game_screen
        if game is not None:
            game.session.flush(timeout)

    def _open_elsewhere(self, choice: str | None) -> None:
        """Another window plays the saved game: never touch it; play a game of our own beside it, or
        watch that one."""
        if choice == "watch":
            self.watch()
        elif choice != "new":
            self.exit()
        elif self.store.claim_beside():
            self.open_saved()
        else:
            self._offer_elsewhere()
            self.notify("Every save slot is in use by another window.", severity="warning")

    def watch(self) -> None:
        """Follow the game the other window plays in our slot, read-only (nothing here writes to it)."""
        from allfives.engine import RecordError
        from allfives.play.watched import WatchedGame

        try:
            game = WatchedGame(self.store.path)
        except (OSError, RecordError, ValueError, RecursionError) as e:
            self._offer_elsewhere()
            self.notify(f"That game cannot be watched: {str(e)[:100]}", severity="warning")
            return
        self.call_next(self._watch_async, game)

    async def _watch_async(self, game: WatchedGame) -> None:
        from .screens.watch import WatchScreen

        await self._clear_screens()
        await self.push_screen(WatchScreen(game))

    def _offer_elsewhere(self) -> None:
        from .screens.open_elsewhere import OpenElsewhereScreen

        self.push_screen(OpenElsewhereScreen(None if self.is_web else self.store.path), self._open_elsewhere)

    def open_saved(self) -> None:
        """Offer the game saved in our slot, or start a new one."""
        if not self.ask_resume and (old := self.store.set_aside()) is not None:
            self.history.abandon_saved(old)  # (once the history opens: not before the first screen)
        outcome = self.store.load() if self.ask_resume else LoadOutcome()
        if outcome.problem:
            self.problem = self.shown_text(outcome.problem)
            self.notify(outcome.problem, title="Save file", severity="warning", timeout=20)
        if outcome.game is not None:
            from allfives.play.session import Session

            from .screens.resume import ResumeScreen

            saved = outcome.game

            def chosen(choice: str | None) -> None:
                if choice == "new":
                    self._replaced = saved.setup.history_id
                    self.fresh(replacing=True)
                else:
                    self.start(Session.resume(saved, self.store, background=True, history=self.history))

            self.push_screen(ResumeScreen(saved), chosen)
        else:
            self.fresh()

    def fresh(self, replacing: bool = False) -> None:
        """A new game: straight from the flags, or through the new-game screen.

        `replacing`: the saved game in progress (offered by the resume prompt) is set aside first.
        """
        if self.initial_setup is not None:
            from allfives.play.session import Session

            if replacing:
                self.set_aside()
            self.start(Session.new(self.initial_setup, self.store, background=True, history=self.history))
        else:
            from .screens.new_game import NewGameScreen

            self.push_screen(NewGameScreen(bot_delay=self.bot_delay, message=self.problem or ""),
                             lambda setup: self._setup_chosen(setup, replacing))

    def _setup_chosen(self, setup: GameSetup | None, replacing: bool = False) -> None:
        """Start was pressed: close the old table at once, so its bots land nothing from now on."""
        if setup is None:
            return
        if not self.store.held and not (self.store.claim() or self.store.claim_beside()):
            self.notify("Every save slot is in use by another window.", severity="warning")
            return  # (watching another window's game: a new game needs a slot of its own)
        old = self.game_screen
        if old is not None:
            from allfives.play.session import Session

            replacing = replacing or old.session.waiting != "game_over"
            old.close()
            if replacing and isinstance(old.session, Session):
                old.session.abandon()  # kept in the history, marked abandoned
        self.call_next(self._new_game, setup, replacing)

    async def _new_game(self, setup: GameSetup, replacing: bool) -> None:
        """Leave the old table, keep its unfinished game as save.previous-<time>.json, deal the new one."""
        await self._clear_screens()
        from allfives.play.session import Session

        if replacing:
            self.set_aside()
        await self.start_async(Session.new(setup, self.store, background=True, history=self.history))

    def set_aside(self) -> None:
        """The saved game is replaced by a new one: kept aside as a file, and abandoned in the history."""
        self.store.set_aside()
        replaced, self._replaced = self._replaced, None
        if replaced is not None:
            self.history.abandon(replaced)

    def start(self, session: Session) -> None:
        self.call_next(self.start_async, session)

    async def start_async(self, session: Session) -> None:
        """Leave whatever was on screen and sit down at the new table."""
        from .screens.game import GameScreen

        await self._clear_screens()
        await self.push_screen(GameScreen(session))

    async def _clear_screens(self) -> None:
        """Pop every screen (an old table's workers are cancelled as it goes)."""
        while len(self.screen_stack) > 1:
            screen = self.screen_stack[-1]
            if _is_table(screen):
                screen.close()
            await self.pop_screen()

    @property
    def game_screen(self) -> GameScreen | None:
        for screen in reversed(self.screen_stack):
            if _is_table(screen):
                return screen  # type: ignore[return-value]
        return None

    # -- actions ------------------------------------------------------------

    def action_new_game(self) -> None:
        game = self.game_screen
        cancellable = game is not None and game.in_progress  # (a watched game is not ours to leave)
        from .screens.new_game import NewGameScreen

        if isinstance(self.screen, NewGameScreen):
            if not cancellable:
                self.screen.no_way_back()  # "Back" would only lead to a finished table
            return
        seats = game.session.setup.rules.seats if game else 2
        leaving = game.close if game is not None and cancellable else None
        self.push_screen(NewGameScreen(seats=seats, bot_delay=self.bot_delay, cancellable=cancellable,
                                       leaving=leaving, over_a_game=game is not None), self._setup_chosen)

    async def action_quit(self) -> None:
        """Quit; a game still in progress asks first (it is saved either way)."""
        game = self.game_screen
        if game is None or not game.in_progress or isinstance(self.screen, ConfirmScreen):
            self.exit()
            return
        self.push_screen(quit_question(), lambda yes: self.exit() if yes else None)

    def action_help(self) -> None:
        from .screens.help import HelpScreen  # Markdown is slow to import: not on the way to the first screen

        if not isinstance(self.screen, HelpScreen):
            game = self.game_screen
            self.push_screen(HelpScreen(game.session.setup.rules if game is not None else None))

    # -- looking back: reviews and statistics (their screens, the analysis and the charts load here) ----

    def action_review(self) -> None:
        """Review the game at the table, as far as it has gone (game-over screen, score panel, palette)."""
        from allfives.ui.review.model import ReviewGame

        game = self.game_screen
        if game is None:
            self.notify("There is no game to review yet.", severity="warning")
            return
        game.session.flush()  # the history's row is the game as it stands: its analysis is kept there
        review = ReviewGame.of_session(game.session)
        if review is None:
            self.notify("This game cannot be reviewed here: not every hand is known.", severity="warning")
            return
        self.open_review(review)

    def open_review(self, review: object) -> None:
        """Step through a game (a `ReviewGame`) move by move, with the hard bot's judgement of each choice."""
        from allfives.ui.review.screen import ReviewScreen

        if not isinstance(self.screen, ReviewScreen):
            self.push_screen(ReviewScreen(review, self.history, samples=self.review_samples))  # type: ignore[arg-type]

    def action_statistics(self) -> None:
        """Your games against the bots: figures, results over time, past games to review or export."""
        from .screens.stats import StatsScreen

        if not any(isinstance(screen, StatsScreen) for screen in self.screen_stack):
            self.push_screen(StatsScreen(self.history))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New game", "Set up and start a new game", self.action_new_game)
        yield SystemCommand("Help", "The rules in short and the controls", self.action_help)
        yield SystemCommand("Statistics", "Your games: wins against each bot, results over time, past games",
                            self.action_statistics)
        if self.game_screen is not None:
            yield SystemCommand("Review this game", "Step through it move by move, the hard bot judging",
                                self.action_review)
        if _is_table(screen):
            yield SystemCommand("Hint", "What the hard bot would play in your place", screen.action_hint)
            yield SystemCommand("Draw", "Draw from the boneyard", screen.action_draw)

    # -- notices ------------------------------------------------------------

    def shown_text(self, text: str) -> str:
        """Text about our files as the player may see it: in a web browser, with no path of the server's."""
        if not self.is_web:
            return text
        from .web import hide_paths

        return hide_paths(text, self.store.directory)

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every notice comes through here (a screen's or a widget's too): none names a server's path."""
        super().notify(self.shown_text(message) if isinstance(message, str) else message, title=title,
                       severity=severity, timeout=timeout, markup=markup)

    @on(events.DeliveryComplete)
    def _record_delivered(self, event: events.DeliveryComplete) -> None:
        from .export import RECORD

        if event.name == RECORD:
            where = "sent to your browser's downloads" if event.path is None else f"in {event.path}"
            self.notify(f"The game's record is {where}.", title="Exported", markup=False)

    @on(events.DeliveryFailed)
    def _record_not_delivered(self, event: events.DeliveryFailed) -> None:
        from .export import RECORD

        if event.name == RECORD:
            why = getattr(event.exception, "strerror", None) or event.exception
            self.notify(f"The game's record could not be written: {why}", title="Export", severity="error",
                        markup=False)

    def on_notify(self, event: Notify) -> None:
        self.call_next(self._keep_newest_notices)

    def _keep_newest_notices(self) -> None:
        """Only the newest few notices stay: more would reach down over the hand."""
        notices = list(self._notifications)
        if len(notices) > MAX_NOTICES:
            for old in notices[:-MAX_NOTICES]:
                self._unnotify(old, refresh=False)
            self._refresh_notifications()

    # -- too small ------------------------------------------------------------
    # The notice is only an overlay, so while it shows the app itself refuses what would act unseen:
    # every action but quit and help, keys a hidden field would take, and clicks; the table holds play.

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        was_small = self.too_small
        self.set_class(small, "-too-small")
        if small:
            for screen in self.screen_stack:
                for notice in screen.query(TooSmall):
                    notice.show_size(width, height)
        elif was_small and (game := self.game_screen) is not None:
            game.continue_play()  # bots held their moves while the table could not be seen

    @property
    def too_small(self) -> bool:
        return self.has_class("-too-small")

    def allowed_when_small(self, action: str | ActionParseResult) -> bool:
        """Quit and help (and the help screen's own keys) are all that work behind the notice."""
        name = action[1] if isinstance(action, tuple) else parse(action)[1]
        return name in ACTIONS_WHEN_SMALL or getattr(self.screen, "WORKS_WHEN_SMALL", False)

    async def run_action(self, action: str | ActionParseResult, default_namespace: DOMNode | None = None,
                         namespaces: Mapping[str, DOMNode] | None = None) -> bool:
        """Every key binding, button key and footer click comes through here."""
        if self.too_small and not self.allowed_when_small(action):
            return False
        return await super().run_action(action, default_namespace, namespaces)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded and self.screen_stack:
            holds = getattr(self.screen, "holds", None)
            if holds is not None and holds(event):
                return  # a dialog that has only just opened: the key was meant for the table
        if self.too_small and isinstance(event, events.InputEvent) and not event.is_forwarded:
            if isinstance(event, events.MouseEvent):
                return  # a click lands on nothing the player can see
            if isinstance(event, events.Key) and self.focused is not None \
                    and self.focused.check_consume_key(event.key, event.character):
                return  # typing into a hidden field (bindings are checked by run_action)
        await super().on_event(event)
