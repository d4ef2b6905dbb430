"""What every All Fives window is, whatever it opens on: the stylesheet and themes (the player's own
kept in their preferences, allfives.play.prefs), plain notices (the newest few), help, dialogs that hold
a key come too soon, the too-small guard; and, for a window that sits at tables (local play and the
shared table), the table's screens, quitting, reviews and statistics.

The apps are siblings on it, each saying only what comes first (`open_first_screen`): local play
(app.py: the save slots, resume, watching another window's game), a seat at a shared table
(shared_table/app.py) and the review of a record (review/app.py).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeGuard

from textual import events, on
from textual.app import App, SystemCommand
from textual.notifications import Notify, SeverityLevel
from textual.screen import Screen
from textual.theme import Theme

from allfives.i18n import _
from allfives.play.history_link import HistoryLink
from allfives.play.prefs import Prefs, PrefsStore
from allfives.play.saving import SaveStore

from . import commands
from .commands import HELP, LANGUAGE, NEW_GAME, REVIEW, STATISTICS, Command
from .screens.confirm import ConfirmScreen, quit_question
from .size_guard import TooSmallGuard
from .table_choices import TableChoices, known_order
from .textual_private import (
    PlainQuitHint,
    StyledWhenMounted,
    forget_gone_widgets,
    keep_newest_notices,
    wear_theme_unstarted,
)
from .themes import DARK_NAME, STYLESHEET, TABLE_VARIABLES, table_variables, use_themes

if TYPE_CHECKING:
    from allfives.engine import Rules
    from allfives.play.deals import EarlierGame

    from .screens.game import GameScreen

TABLE_VARIABLES_SET = frozenset(TABLE_VARIABLES)
MAX_NOTICES = 3  # notices shown at once: the newest; three fit over the game log, clear of the hand

# Each screen is imported when it is first shown: the first screen never waits for the others (the table
# for the new-game screen, the new-game screen, engine and bots for the table...).


def _shown(module: str, name: str, screen: object) -> bool:
    """Is `screen` the named screen? (No screen of a module not yet imported can be on show.)"""
    loaded = sys.modules.get(f"allfives.ui.screens.{module}")
    return loaded is not None and isinstance(screen, getattr(loaded, name))


def _is_table(screen: object) -> TypeGuard[GameScreen]:
    return _shown("game", "GameScreen", screen)


class Shell(PlainQuitHint, StyledWhenMounted, TooSmallGuard, App[None]):
    """An All Fives window; a sibling app says what it opens on."""

    CSS_PATH = STYLESHEET
    TITLE = "All Fives"
    COMMANDS_HERE: tuple[Command, ...] = (HELP, LANGUAGE)  # the window's own commands: in the palette
    BINDINGS = commands.bindings(HELP, hidden=[HELP])
    _theme_now: tuple[str, Theme] | None = None  # the theme's name and the theme, looked up once

    def __init__(self) -> None:
        super().__init__()
        use_themes(self)
        self.prefs_store = PrefsStore()
        self.prefs_problem = self.prefs_store.load().problem  # told once the window is up
        self._prefs_unsaved = False  # (a preferences file that cannot be written is said once)
        self._wear_remembered_theme()
        # the hand's order (kept in the preferences) and the out-count (off at each launch): game to game
        self.table_choices = TableChoices(hand_order=known_order(self.prefs.hand_order))

    def keep_table_choices(self, choices: TableChoices) -> None:
        """The person changed how the table shows: every later game of this window shows it so, and the
        hand's order is kept for the next launch too."""
        self.table_choices = choices
        self.remember(hand_order=choices.hand_order)

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, forget_gone_widgets)
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self._check_size(self.size.width, self.size.height)
        if self.prefs_problem:
            self.notify(self.prefs_problem, title=_("Preferences"), severity="warning", timeout=20)
        self.open_first_screen()

    # -- preferences ------------------------------------------------------------

    @property
    def prefs(self) -> Prefs:
        """What the player chose last time (allfives.play.prefs): read at start, kept as they choose."""
        return self.prefs_store.prefs

    def remember(self, **changes: object) -> None:
        """Keep these preferences for the next launch (fields of Prefs: `hand_order="suit"`); a file
        that cannot be written is said once, and play goes on."""
        if all(getattr(self.prefs, key) == value for key, value in changes.items()):
            return  # (nothing new: no write)
        problem = self.prefs_store.update(**changes)
        if problem and not self._prefs_unsaved:
            self._prefs_unsaved = True
            self.notify(problem, title=_("Preferences"), severity="warning", timeout=10)

    def _wear_remembered_theme(self) -> None:
        """The theme chosen last time, when the window would otherwise wear the default one (a theme
        forced by the terminal, such as one for no colour, stays) and it is still known."""
        name = self.prefs.theme
        if name and name != self.theme and self.theme == DARK_NAME and name in self.available_themes:
            wear_theme_unstarted(self, self.available_themes[name])

    def _theme_changed(self, theme: Theme) -> None:
        self.remember(theme=theme.name)

    def open_first_screen(self) -> None:
        """Show what this app opens on."""
        raise NotImplementedError

    # -- themes ------------------------------------------------------------

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

    # -- notices ------------------------------------------------------------

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Every notice is plain text, whoever raises it.

        Notices carry names, paths and error messages; Textual reads them as markup by default (a name
        `[/]` raises, `[@click=app.quit]y` quits when clicked), and a screen's `notify` passes that
        default on, so `markup` is ignored here."""
        super().notify(str(message), title=str(title), severity=severity, timeout=timeout, markup=False)

    def on_notify(self, event: Notify) -> None:
        self.call_next(keep_newest_notices, self, MAX_NOTICES)  # more would reach down over the hand

    # -- input and help ------------------------------------------------------------

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded and self.screen_stack:
            holds = getattr(self.screen, "holds", None)
            if holds is not None and holds(event):
                return  # a dialog that has only just opened: the key was meant for the table
        await super().on_event(event)

    def rules_for_help(self) -> Rules | None:
        """The rules the help describes (None: the usual ones)."""
        return None

    def applies(self, when: str) -> bool:
        """Whether a window command's moment (`Command.when`) is now."""
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A window command that does not apply now is neither bound, in a footer, nor in the palette."""
        return commands.checked(self, action)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's own that a player of the game has a use for (Theme, Quit: not its widget panel,
        maximizing a widget, an SVG screenshot), then every command that applies over `screen`."""
        textuals = (e for e in super().get_system_commands(screen) if e.title in commands.TEXTUAL_KEPT)
        yield from commands.in_language(textuals)
        yield from commands.palette(self, screen, self.COMMANDS_HERE)

    def action_language(self) -> None:
        """The palette's Language…: choose one, and the window speaks it at once (and next time)."""
        from .screens.language import LanguageScreen, speak

        async def chosen(language: str | None) -> None:
            if language is not None:
                await speak(self, language)

        self.push_screen(LanguageScreen(), chosen)

    def action_help(self) -> None:
        from .screens.help import HelpScreen  # Markdown is slow to import: not on the way to the first screen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.rules_for_help()))


class TableShell(Shell):
    """A window that sits at tables (local play, a shared table): the table's screens, quitting (a game
    in progress asks first), reviewing the game at the table, statistics, and the history they read."""

    COMMANDS_HERE = (HELP, NEW_GAME, STATISTICS, REVIEW, LANGUAGE)  # (Review's key: the score panel's)
    BINDINGS = commands.bindings(NEW_GAME, STATISTICS, hidden=[NEW_GAME, STATISTICS])
    OPENS_NEW_GAMES = True  # this window starts new games itself (at a shared table the host does)
    earlier_deals: EarlierGame | None = None  # the game a `--deals FILE` game is compared with (the app's)

    def __init__(self, store: SaveStore | None = None) -> None:
        super().__init__()
        self.store = store or SaveStore()
        self.history = HistoryLink(self.store.directory)  # every game played here is kept in it
        self.review_samples: int | None = None  # deals sampled a decision in a review (None: the default)

    def action_new_game(self) -> None:
        """A new game: each window says how (the new-game screen here; the host's at a shared table)."""
        raise NotImplementedError

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

    # -- the table's screens ------------------------------------------------------------

    @property
    def game_screen(self) -> GameScreen | None:
        for screen in reversed(self.screen_stack):
            if _is_table(screen):
                return screen
        return None

    async def _clear_screens(self) -> None:
        """Pop every screen (an old table's workers are cancelled as it goes)."""
        while len(self.screen_stack) > 1:
            screen = self.screen_stack[-1]
            if _is_table(screen):
                screen.close()
            await self.pop_screen()

    def terminal_fits_again(self) -> None:
        if (game := self.game_screen) is not None:
            game.continue_play()  # bots held their moves while the table could not be seen

    def rules_for_help(self) -> Rules | None:
        game = self.game_screen
        return game.session.setup.rules if game is not None else None

    def applies(self, when: str) -> bool:
        if when == "game":
            return self.game_screen is not None
        if when == "new-game":
            return self.OPENS_NEW_GAMES
        return super().applies(when)

    # -- actions ------------------------------------------------------------

    async def action_quit(self) -> None:
        """Quit; a game still in progress asks first (it is saved either way). Behind the too-small
        notice no question could be seen: it quits at once (every move is saved)."""
        game = self.game_screen
        if game is None or not game.in_progress or self.too_small or isinstance(self.screen, ConfirmScreen):
            self.exit()
            return
        self.push_screen(self.quit_question(), lambda yes: self.exit() if yes else None)

    def quit_question(self) -> ConfirmScreen:
        """What quitting a game in progress asks (a shared table's host says it closes the table)."""
        return quit_question(self.come_back())

    def come_back(self) -> str:
        """How the person comes back to the game they quit, in the quit question's words."""
        return _("start allfives again to pick it up where you left it")

    # -- looking back: reviews and statistics (their screens, the analysis and the charts load here) ----

    def action_review(self) -> None:
        """Review the game at the table, as far as it has gone (game-over screen, score panel, palette)."""
        from allfives.ui.model.review import ReviewGame

        game = self.game_screen
        if game is None:
            self.notify(_("There is no game to review yet."), severity="warning")
            return
        game.session.flush()  # the history's row is the game as it stands: its analysis is kept there
        review = ReviewGame.of_session(game.session)
        if review is None:
            self.notify(_("This game cannot be reviewed here: not every hand is known."), severity="warning")
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
            said = (_("The game's record is sent to your browser's downloads.") if event.path is None
                    else _("The game's record is in {path}.").format(path=event.path))
            self.notify(said, title=_("Exported"), markup=False)

    @on(events.DeliveryFailed)
    def _record_not_delivered(self, event: events.DeliveryFailed) -> None:
        from .export import RECORD

        if event.name == RECORD:
            why = getattr(event.exception, "strerror", None) or event.exception
            self.notify(_("The game's record could not be written: {why}").format(why=why), title=_("Export"),
                        severity="error", markup=False)
