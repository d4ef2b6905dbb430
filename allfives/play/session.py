"""The game played in this process: the `Game` (state and every hand's events), the players, saved after
every move (and kept in the game history). `Session` is the local `GameSession` (game_session.py);
it never imports Textual.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Protocol

from allfives.bots.levels import ADVISER
from allfives.engine import Event, Game, GameState, IllegalMove, Move, SeatView
from allfives.play.game_session import WholeGame
from allfives.play.history_link import HistoryLink, new_history_id
from allfives.play.saving import SavedGame, SaveStore, SaveWriter, why_unsaved
from allfives.play.seat import refusal
from allfives.play.setup import SEEDED_SIMULATIONS, SEEDED_SIMULATIONS_FOR, GameSetup
from allfives.play.undo import moves_to_take_back


class Bot(Protocol):
    def choose(self, view: SeatView) -> Move: ...


def make_bot(level: str, seed: int | None = None, simulations: int | None = None,
             time_budget: float = 1.0) -> Bot:
    """A bot from allfives.bots (thinking is done by the caller, in a worker thread)."""
    from allfives.bots import make_bot as make

    return make(level, seed=seed, simulations=simulations, time_budget=time_budget)


MIN_PAUSE = 0.2  # the shortest pause in which a bot thinking by the clock is sure to have its move
INSTANT_SIMULATIONS = 40  # with no pause, searching bots look at this many deals instead of the clock


def bot_pause(bot_delay: float) -> float:
    """How long after its turn began a bot's move lands: the delay, but never less than MIN_PAUSE
    (0 stays 0: nothing waits, and a move lands when it is ready)."""
    return 0.0 if bot_delay <= 0 else max(MIN_PAUSE, bot_delay)


def thinking_budget(bot_delay: float) -> float | None:
    """Seconds a searching bot thinks by the clock: within the pause (at most 1 s), so every bot's
    move lands at the same moment after its turn began, forced or not, and nobody learns from a
    bot's speed that it had only one move. None at delay 0: a fixed effort, no clock."""
    pause = bot_pause(bot_delay)
    return min(1.0, pause) if pause else None


def moves_made(state: GameState) -> int:
    """Moves made in the whole game so far: where the bots' seed stream stands."""
    return sum(len(hand.moves) for hand in state.log)


def bot_seed(setup: GameSetup, state: GameState, hint: bool = False) -> int | None:
    """The seed of the next bot (or hint) from the bots' own stream; None in a game not seeded, where
    the moves are not even counted (a long game has many)."""
    return None if setup.bots_seed is None else setup.bot_seed(moves_made(state), hint)


def make_seat_bot(setup: GameSetup, state: GameState, seat: int) -> Bot:
    """The bot for this seat's next decision, here or at a hosted table: a seeded game's, or a deal
    code's (every local game has one), take its seed from the bots' own stream and search the game's
    fixed size at every pace, so the same code meets the same replies and every rated game meets the
    bots the rating table measured; otherwise it thinks by the clock within the pause (the instant
    size at delay 0, when nothing waits)."""
    level = setup.players[seat].level
    budget = thinking_budget(setup.bot_delay)
    sims = (SEEDED_SIMULATIONS_FOR.get(level, SEEDED_SIMULATIONS) if setup.repeats
            else INSTANT_SIMULATIONS if budget is None else None)
    return make_bot(level, seed=bot_seed(setup, state), simulations=sims,
                    time_budget=budget or 1.0)


class Session(WholeGame):
    """A game in play here: apply moves for whoever's turn it is, remember what happened, save.

    `background`: saves are written by a `SaveWriter` thread (the app's way); else at once.
    `history`: the game is kept in the game history too, in its row `setup.history_id` (given here
    when the setup has none), after every move and by the same thread as the saves.
    """

    def __init__(self, setup: GameSetup, game: Game, store: SaveStore | None = None, *,
                 background: bool = False, history: HistoryLink | None = None) -> None:
        if history is not None and setup.history_id is None:
            setup = replace(setup, history_id=new_history_id())
        self.setup = setup
        self.game = game  # the state and every hand's events
        self.store = store
        self.history = history
        keeps = store is not None or history is not None
        self.writer: SaveWriter[tuple[GameState, GameSetup]] | None = (
            SaveWriter(lambda job: self._write(*job), self._saved) if keeps and background else None)
        self._told = threading.Lock()  # the writer reports from its thread
        self.save_error: str | None = None
        self.save_error_new = False
        self.history_error: str | None = None  # the history failed in a way the store did not catch

    @classmethod
    def new(cls, setup: GameSetup, store: SaveStore | None = None, *, background: bool = False,
            history: HistoryLink | None = None) -> Session:
        from allfives.play.setup import of_setup

        if (deals := of_setup(setup)) is not setup.deals:
            setup = replace(setup, deals=deals, bots_seed=None)  # (its bots' seeds follow from the code)
        first = deals.hand_secret(1) if deals is not None else None
        session = cls(setup, Game.new(setup.rules, setup.seed, first), store, background=background,
                      history=history)
        session.save()
        return session

    @classmethod
    def resume(cls, saved: SavedGame, store: SaveStore | None = None, *, background: bool = False,
               history: HistoryLink | None = None) -> Session:
        """Rebuild every hand's events (for the scoresheet and log) by replaying the saved record."""
        return cls(saved.setup, Game.of(saved.state), store, background=background, history=history)

    # -- questions (state, hands, waiting, seat_view: WholeGame's) ------

    def think(self) -> Move:
        """The bot to move chooses, from what its seat may see (call it in a worker thread)."""
        state = self.state
        return self.bot(state.turn).choose(state.view(state.turn))

    def hint(self, seat: int) -> Move:
        """What the hard bot would play in `seat`'s place (call it in a worker thread). The game is
        practice from now on: saved so with the next move, it leaves the rating alone."""
        state = self.state
        self.setup = replace(self.setup, practice=True)
        return self.hint_bot().choose(state.view(seat))

    @property
    def events(self) -> tuple[Event, ...]:
        """The current hand's events."""
        return self.game.events

    def name(self, seat: int) -> str:
        return self.setup.players[seat].name

    def bot(self, seat: int) -> Bot:
        """The bot for this seat's next decision."""
        return make_seat_bot(self.setup, self.state, seat)

    def hint_bot(self) -> Bot:
        """The hard bot that suggests a move to a person: seeded games get a repeatable hint."""
        seed = bot_seed(self.setup, self.state, hint=True)
        return make_bot(ADVISER, seed=seed, simulations=SEEDED_SIMULATIONS if self.setup.seeded else None)

    # -- actions --------------------------------------------------------

    def apply(self, move: Move, seat: int | None = None) -> list[Event]:
        """Make a move, keep its events, save. A move the rules refuse raises IllegalMove (and nothing
        changes), its reason told to the player to move in their own words."""
        try:
            self.game, events = self.game.apply(move, seat)
        except IllegalMove as e:
            names = tuple(player.name for player in self.setup.players)
            raise IllegalMove(refusal(move, self.state.view(self.state.turn), names, e)) from None
        self.save()
        return events

    def undoable(self, seat: int) -> int:
        """How many moves an undo by `seat` would take back now (0: none)."""
        return moves_to_take_back(self.state, self.setup.people, seat)

    def undo(self, seat: int) -> int:
        """Take back `seat`'s last play and every move since; return how many moves went.

        The record keeps only the moves that stand: the hand is replayed from its deal without them
        (`Game.undo`: the deal is the record's, so the tiles to draw are the same) and saved again.
        """
        back = self.undoable(seat)
        if not back:
            return 0
        self.setup = replace(self.setup, practice=True)  # (a game with moves taken back is not rated)
        self.game = self.game.undo(back)
        self.save()
        return back

    def next_hand(self) -> list[Event]:
        deals = self.setup.deals
        secret = deals.hand_secret(len(self.state.log) + 1) if deals is not None else None
        self.game, events = self.game.next_hand(secret)
        self.save()
        return events

    def save(self) -> None:
        """Save after every move; a disk that refuses is reported once (`save_error`), play goes on."""
        if self.store is None and self.history is None:
            return
        if self.writer is not None:
            self.writer.put((self.state, self.setup))
            return
        try:
            self._write(self.state, self.setup)
        except OSError as e:
            self._saved(e)
        else:
            self._saved(None)

    def _write(self, state: GameState, setup: GameSetup) -> None:
        """The save, then the history's row: the save first, and whatever befalls the history, the save
        stands on its own (the history store tells its own trouble; anything else is told here)."""
        try:
            if self.store is not None:
                self.store.save(state, setup)
        finally:
            if self.history is not None:
                try:
                    self.history.keep(state, setup)
                except Exception as e:  # a bug, never a reason to lose a move
                    with self._told:
                        self.history_error = f"The game history could not be kept: {e}. Play goes on."

    def abandon(self) -> None:
        """A new game replaces this one unfinished: kept in the history, marked abandoned."""
        if self.history is not None and self.state.phase != "game_over":
            self.flush()  # the last move's row first
            self.history.abandon(self.setup.history_id)

    def _saved(self, error: Exception | None) -> None:
        """How a save went: a new problem is kept to be told once; a good save clears it."""
        with self._told:
            if error is None:
                self.save_error = None
            elif self.save_error is None:
                self.save_error = f"The game could not be saved: {why_unsaved(error)}. Play goes on."
                self.save_error_new = True

    def flush(self, timeout: float = 30.0) -> None:
        """Wait until the game as it stands is saved (before the table closes), at most `timeout` s."""
        if self.writer is not None:
            self.writer.flush(timeout)

    def take_notice(self) -> str | None:
        """What the player should be told once: a save that failed, or trouble with the history."""
        told = self.take_save_error()
        if told is None and self.history is not None:
            with self._told:
                told, self.history_error = self.history_error, None
            told = told or self.history.take_problem()
        return told

    def take_save_error(self) -> str | None:
        """A save problem not yet told to the player (each one is told once)."""
        with self._told:
            if self.save_error_new:
                self.save_error_new = False
                return self.save_error
            return None
