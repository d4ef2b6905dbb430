"""The game another window plays, as its save shows it: a `GameSession` that makes no move and writes nothing.

`WatchedGame.follow()` looks at the save's and its journal's modification times (cheap, so a screen may
ask often) and, when either changed, reads the two again with the one safe reader of saves
(`record_file`) and replays the game. When the save goes (the game was won: the other window moved it
to last-game.json; or it was set aside for a new game), the last game seen stays on show, finished
from last-game.json when that is the same game.
Everyone at the table is someone else's (the other window's people too), so the screen never offers
a move; the other window's person keeps their hand in view, or every hand is face down when several
people share that window. No Textual here.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from allfives.engine import Event, Game, GameState, Hands, IllegalMove, Move, RecordError, SeatView
from allfives.play.game_session import Waiting, waiting_for
from allfives.play.saving import LAST_NAME
from allfives.play.setup import GameSetup, Player
from allfives.record_file import read_record
from allfives.userdata import journal_path

# (inode, size, modification time in ns) of the save and of its journal (None: none): as last read
Stamp = tuple[tuple[int, int, int], tuple[int, int, int] | None]


class WatchedGame:
    """A read-only view of the game saved at `path` (RecordError/OSError at once if it cannot be read)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: Stamp | None = None
        self.ended: str | None = None  # why the save is gone, once it is
        self._notice: str | None = None
        self.setup: GameSetup
        self.viewer = 0  # whose hand is at the bottom: the other window's person
        self.hidden = False  # several people share the other window: every hand face down
        self._game: Game
        if not self._read(self.path):
            raise RecordError(f"{path} is not a game in progress")

    # -- following the file -------------------------------------------------------------

    def follow(self) -> bool:
        """Read the save again if it changed; True when the game on show changed."""
        if self.ended:
            return False
        try:
            stamp = _stamp(self.path)
        except FileNotFoundError:
            self._gone()
            return True
        except OSError:
            return False  # unreadable for a moment: look again later
        if stamp == self._stamp:
            return False
        try:
            return self._read(self.path)
        except (OSError, RecordError, ValueError, RecursionError) as e:
            self._stamp = stamp  # not again until it changes
            self._notice = f"The other window's save could not be read ({str(e)[:80]}); still watching."
            return False

    def _read(self, path: Path, finished: bool = False) -> bool:
        stamp = _stamp(path)
        data, _ = read_record(path)  # never blocks, bounded in size, strict JSON
        if not isinstance(data, dict):
            raise RecordError("not a game record")
        game = Game.from_record(data)
        if game.state.hand_number == 0 or (game.phase == "game_over") != finished:
            return False
        saved = GameSetup.from_record(game.state.rules, data.get("seed"), data)
        people = saved.people
        self.viewer = people[0] if people else 0
        self.hidden = len(people) > 1
        # nobody here plays: every seat is someone else's, and nothing reaches the history from here
        self.setup = replace(saved, players=tuple(Player(p.given, "bot", p.level) for p in saved.players),
                             history_id=None)
        self._stamp = stamp
        self._game = game
        return True

    def _gone(self) -> None:
        """The save left: the game was won (last-game.json holds it, if it is this game) or set aside."""
        last = self.path.with_name(LAST_NAME)
        try:
            same = _same_game(read_record(last)[0], self._game.state)
            if same and self._read(last, finished=True):
                self.ended = "The game is over."
                self._notice = self.ended
                return
        except (OSError, RecordError, ValueError, RecursionError):
            pass
        self.ended = "The other window's game was put aside or closed."
        self._notice = self.ended

    # -- the GameSession door ------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The game as the save holds it now."""
        return self._game.state

    @property
    def waiting(self) -> Waiting:
        return waiting_for(self.setup, self._game.phase, self._game.turn)

    @property
    def hands(self) -> Hands:
        return self._game.hands

    def seat_view(self, seat: int) -> SeatView:
        return self._game.state.view(seat)

    def apply(self, move: Move) -> list[Event]:
        raise IllegalMove("this game is played in another window: here it is only watched")

    def next_hand(self) -> list[Event]:
        raise IllegalMove("this game is played in another window: here it is only watched")

    def think(self) -> Move:
        raise IllegalMove("nobody moves at a watched table")

    def hint(self, seat: int) -> Move:
        raise IllegalMove("no hints at a watched table")

    def take_notice(self) -> str | None:
        notice, self._notice = self._notice, None
        return notice

    def flush(self, timeout: float = 30.0) -> None:
        """Nothing to keep: a watched game is never written."""


def _stamp(path: Path) -> Stamp:
    st = os.stat(path)
    try:
        journal = os.stat(journal_path(path))
    except FileNotFoundError:
        return (st.st_ino, st.st_size, st.st_mtime_ns), None
    return (st.st_ino, st.st_size, st.st_mtime_ns), (journal.st_ino, journal.st_size, journal.st_mtime_ns)


def _same_game(data: object, game: GameState) -> bool:
    """A record is of this game when it began with the same deal."""
    if not isinstance(data, dict) or not game.log:
        return False
    hands = data.get("hands")
    first = game.log[0]
    return (isinstance(hands, list) and bool(hands) and isinstance(hands[0], dict)
            and hands[0].get("hands") == [[str(t) for t in h] for h in first.hands]
            and hands[0].get("boneyard") == [str(t) for t in first.boneyard])
