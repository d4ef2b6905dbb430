"""The narrow door between the game screen and a game: the `GameSession` protocol.

The game screen reads and asks only what is listed here, so whatever implements it can sit behind
the table: `Session` (session.py) plays the whole game in this process, with local bots, and saves
after every move; a remote session would play a seat at a server's table knowing only what that seat
may see (its own hand, the layout, counts, public history, scores, events with others' drawn tiles
hidden). No Textual here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol, runtime_checkable

from allfives.engine import Event, Game, GameState, Hands, Move, SeatView
from allfives.play.setup import GameSetup

Waiting = Literal["person", "bot", "hand_over", "game_over"]

def waiting_for(setup: GameSetup, phase: str, turn: int) -> Waiting:
    """What the game waits for: a person's move, a bot's, the next deal, or nothing (game over)."""
    if phase == "playing":
        return "person" if setup.players[turn].is_person else "bot"
    return "hand_over" if phase == "hand_over" else "game_over"


@runtime_checkable
class GameSession(Protocol):
    """A game in play as one table sees it."""

    @property
    def setup(self) -> GameSetup:
        """The rules, who sits where (people and bot levels), the seed, the bots' pace."""
        ...

    @property
    def state(self) -> GameState | None:
        """The whole game as it stands (None: a remote seat before the table's first state)."""
        ...

    @property
    def waiting(self) -> Waiting:
        """What the game waits for: a person here, a bot (or anyone not at this terminal), the next
        deal, or nothing more (game over)."""
        ...

    @property
    def hands(self) -> Sequence[Sequence[Event]]:
        """Every hand's events so far, `HandDealt` first; the last is the hand in play: the `Hands` of
        the session's `Game` (or, at a remote seat, its `SeenGame`, where the others' drawn tiles are
        `Drew(tile=None)`)."""
        ...

    def seat_view(self, seat: int) -> SeatView:
        """What `seat` may see now: its hand and the public table (a remote session: its own seat)."""
        ...

    def apply(self, move: Move) -> list[Event]:
        """Make the move of the seat to move; raises IllegalMove (and nothing changes) if refused, its
        reason in the player's words ("you", no seat numbers): the status line shows it."""
        ...

    def next_hand(self) -> list[Event]:
        """Deal the next hand once the score panel has been seen."""
        ...

    def think(self) -> Move:
        """The move the seat to move makes, when it is not a person at this terminal: blocking, so
        the screen calls it in a worker thread (a bot thinks; a remote session waits for the server)."""
        ...

    def hint(self, seat: int) -> Move:
        """What the hard bot would play in `seat`'s place (blocking: called in a worker thread)."""
        ...

    def take_notice(self) -> str | None:
        """Something the player should be told once (a save that failed), or None."""
        ...

    def flush(self, timeout: float = 30.0) -> None:
        """Make sure the game as it stands is kept (saves written) before the table closes; wait at
        most `timeout` seconds for it."""
        ...


@runtime_checkable
class Undoable(Protocol):
    """A session that can take a person's moves back (a local game against bots; a table shared
    over the network cannot). The game screen offers undo only behind one of these."""

    def undoable(self, seat: int) -> int:
        """How many moves an undo by `seat` would take back now: its last play and every move since
        (0: nothing may be taken back)."""
        ...

    def undo(self, seat: int) -> int:
        """Take them back (the saved record keeps only the moves that stand); how many went."""
        ...


class WholeGame:
    """GameSession's questions answered from a whole `Game` played in this process and its setup: the
    game's `Session` and the lesson's `LessonSession` (learn/session.py) both ask them so."""

    setup: GameSetup
    game: Game

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def hands(self) -> Hands:
        """Every hand's events, `HandDealt` first; the last is the hand in play."""
        return self.game.hands

    @property
    def waiting(self) -> Waiting:
        return waiting_for(self.setup, self.state.phase, self.state.turn)

    def seat_view(self, seat: int) -> SeatView:
        return self.state.view(seat)

