"""Local play: what comes first (the resume question, another window's game to watch, the new-game
screen, or straight to the table), new games (the new-game screen starts from the last one, kept in the
player's preferences), and the save slot each window holds."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from allfives.engine.core import TARGETS, VARIANTS, variant_hand_size
from allfives.engine.options import switches_of
from allfives.i18n import _
from allfives.play.prefs import LastGame
from allfives.play.saving import LoadOutcome, SavedGame, SaveStore
from allfives.play.setup import DEFAULT_BOT_DELAY, GameSetup, named_as, person_name

from .shell import TableShell

if TYPE_CHECKING:
    from allfives.play.deals import EarlierGame
    from allfives.play.session import Session
    from allfives.play.watched import WatchedGame


class AllFivesApp(TableShell):
    """Starts on the new-game screen, the resume question, or (given a setup) straight at the table."""

    def __init__(self, setup: GameSetup | None = None, *, bot_delay: float | None = None,
                 ask_resume: bool = True, store: SaveStore | None = None,
                 saved: SavedGame | None = None, learn: bool = False) -> None:
        super().__init__(store)
        self.saved = saved  # a game to sit down at straight away (scenes, tests)
        self.learn = learn  # `--learn`: the lesson opens over the first screen (leaving it lands there)
        # `bot_delay` None: the player did not say (no --bot-delay), so their pace from last time
        remembered = self.prefs.bot_delay
        if bot_delay is not None:
            self.remember(bot_delay=bot_delay)
        elif remembered is not None and setup is not None:
            setup = replace(setup, bot_delay=remembered)
        if setup is not None:
            setup = named_as(setup, self.prefs.name)
        self.initial_setup = setup
        if setup is not None and bot_delay is None:
            self.bot_delay = setup.bot_delay
        else:
            self.bot_delay = next((d for d in (bot_delay, remembered) if d is not None), DEFAULT_BOT_DELAY)
        self.ask_resume = ask_resume
        self.problem: str | None = None  # what went wrong with the save file, if anything
        self._replaced: str | None = None  # the history row of a saved game a new game replaces
        self.earlier_deals: EarlierGame | None = None  # the record `--deals FILE` gave: compared at the end

    # -- start ------------------------------------------------------------

    def open_first_screen(self) -> None:
        """The saved game given, or our slot's game (resume or not), or another window's (watch or not)."""
        if self.learn:
            self.call_later(self.action_learn)  # (over whatever opens first)
        if self.saved is not None:
            from allfives.play.session import Session

            self.start(Session.resume(self.saved, self.store, background=True, history=self.history))
            return
        if not self.store.claim():
            self._offer_elsewhere()
            return
        self.open_saved()

    def _open_elsewhere(self, choice: str | None) -> None:
        """Another window plays the saved game: never touch it; play a game of our own beside it, or
        watch that one."""
        if choice == "watch":
            self.follow_other_window()
        elif choice != "new":
            self.exit()
        elif self.store.claim_beside():
            self.open_saved()
        else:
            self._offer_elsewhere()
            self.notify(_("Every save slot is in use by another window."), severity="warning")

    def follow_other_window(self) -> None:
        """Follow the game the other window plays in our slot, read-only (nothing here writes to it)."""
        from allfives.engine import RecordError
        from allfives.play.watched import WatchedGame

        try:
            game = WatchedGame(self.store.path)
        except (OSError, RecordError, ValueError, RecursionError) as e:
            self._offer_elsewhere()
            self.notify(_("That game cannot be watched: {why}").format(why=str(e)[:100]), severity="warning")
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
            self.notify(outcome.problem, title=_("Save file"), severity="warning", timeout=20)
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
            self.start(Session.new(self.initial_setup, self.store, background=True, history=self.history),
                       remember=self.initial_setup)
        else:
            from .screens.new_game import NewGameScreen

            self.push_screen(NewGameScreen(bot_delay=self.bot_delay, message=self.problem or "",
                                           last=self.last_game()),
                             lambda setup: self._setup_chosen(setup, replacing))
            if not self.learn:
                from .learn.door import offer_once

                offer_once(self)  # a first launch offers the lesson, once

    def _setup_chosen(self, setup: GameSetup | None, replacing: bool = False) -> None:
        """Start was pressed: close the old table at once, so its bots land nothing from now on."""
        if setup is None:
            return
        if not self.store.held and not (self.store.claim() or self.store.claim_beside()):
            self.notify(_("Every save slot is in use by another window."), severity="warning")
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
        await self.start_async(Session.new(setup, self.store, background=True, history=self.history),
                               remember=setup)

    def last_game(self) -> LastGame | None:
        """The setup the new-game screen starts from: the last game's; or only the player's name."""
        last, name = self.prefs.last_game, self.prefs.name
        if last is None and name:
            return LastGame(names=(name, ""))
        return last

    def remember_setup(self, setup: GameSetup) -> None:
        """Keep a new game's setup for the next new-game screen: who sits where, the names people gave
        (not the stand-ins they got), the rules; and the player's own name (the first person's)."""
        players, rules = setup.players, setup.rules
        people = sum(p.is_person for p in players)
        names = tuple(p.given if p.is_person and p.given is not None and p.given != person_name(seat, people)
                      else "" for seat, p in enumerate(players))
        last = LastGame(
            seats=rules.seats, who=tuple("person" if p.is_person else p.level for p in players), names=names,
            partnership=rules.partnership if rules.seats == 4 else self._last_partnership(),
            variant=variant_of(rules.seats, rules.hand_size),
            target=None if rules.target == TARGETS[rules.seats] else rules.target,
            house_rules=frozenset(key for key, on in switches_of(rules).items() if on))
        own = next((name for name in names if name), None)
        self.remember(last_game=last, name=own or self.prefs.name)

    def _last_partnership(self) -> bool:
        last = self.prefs.last_game
        return last.partnership if last is not None else True

    def set_aside(self) -> None:
        """The saved game is replaced by a new one: kept aside as a file, and abandoned in the history."""
        self.store.set_aside()
        replaced, self._replaced = self._replaced, None
        if replaced is not None:
            self.history.abandon(replaced)

    def start(self, session: Session, remember: GameSetup | None = None) -> None:
        self.call_next(self.start_async, session, remember)

    async def start_async(self, session: Session, remember: GameSetup | None = None) -> None:
        """Leave whatever was on screen and sit down at the new table; a new game's setup (`remember`)
        is kept for the next new-game screen once the table is drawn: the table never waits for the
        preferences file to reach the disk."""
        from .screens.game import GameScreen

        await self._clear_screens()
        await self.push_screen(GameScreen(session))
        if remember is not None:
            self.call_after_refresh(self.remember_setup, remember)  # (after the table's first frame)

    # -- new games ------------------------------------------------------------

    def action_learn(self) -> None:
        """The guided first hand (the new-game screen's "Learn to play", `--learn`)."""
        from .learn.door import open_lesson

        open_lesson(self)

    def applies(self, when: str) -> bool:
        """No new game and no review from a lesson: `q` leaves it for the screen it was opened over."""
        if when in ("new-game", "game"):
            from .learn.door import lesson_open

            if lesson_open(self):
                return False
        return super().applies(when)

    def action_new_game(self) -> None:
        game = self.game_screen
        cancellable = game is not None and game.in_progress  # (a watched game is not ours to leave)
        from .screens.new_game import NewGameScreen

        if isinstance(self.screen, NewGameScreen):
            if not cancellable:
                self.screen.no_way_back()  # "Back" would only lead to a finished table
            return
        from allfives.play.session import Session

        seats = game.session.setup.rules.seats if game else 2
        leaving = game.close if game is not None and cancellable else None
        rated = (game is not None and cancellable and isinstance(game.session, Session)
                 and game.session.setup.rated)
        self.push_screen(NewGameScreen(seats=seats, bot_delay=self.bot_delay, cancellable=cancellable,
                                       leaving=leaving, last=self.last_game(), rated=rated),
                         self._setup_chosen)


def variant_of(seats: int, hand_size: int) -> str:
    """The hand-size variant that deals `hand_size` at `seats` (standard for a size no variant deals)."""
    return next((v for v in VARIANTS if variant_hand_size(seats, v) == hand_size), "standard")
