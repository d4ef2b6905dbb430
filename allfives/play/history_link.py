"""The app's door to the game history: opened on first use, so neither its modules nor its database
delay the first screen (the first use is the save thread's, after the first move). No Textual here.
"""

from __future__ import annotations

import os
import threading
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from allfives.engine import GameState
    from allfives.history import HistoryStore
    from allfives.play.setup import GameSetup


def new_history_id() -> str:
    """A game's row in the history: made when the game is first dealt, kept in its save."""
    return uuid.uuid4().hex


def saved_history_id(path: Path) -> str | None:
    """The history row of the game saved at `path`, read without replaying it (None: no file, no row,
    or not a save we can read; the save store deals with those)."""
    if not os.path.lexists(path):
        return None  # (before the record reader is even imported: a fresh start never needs it)
    from allfives.record_file import read_record

    try:
        data, _ = read_record(path, names=False)  # (a save set aside for a name is still marked)
    except (OSError, ValueError, RecursionError):
        return None
    found = data.get("history_id") if isinstance(data, dict) else None
    return found if isinstance(found, str) else None


class HistoryLink:
    """One history store for the app's sessions and screens, made (and its modules imported) once,
    by whichever thread needs it first."""

    def __init__(self, directory: Path | None = None, clock: Callable[[], str] | None = None) -> None:
        self.directory = directory
        self.clock = clock  # fixed times for pictures of the history; None: the real clock
        self._store: HistoryStore | None = None
        self._lock = threading.Lock()
        self._set_aside: list[Path] = []  # saved games set aside, to be marked abandoned as it opens

    def store(self) -> HistoryStore:
        with self._lock:
            if self._store is None:
                from allfives.history import HistoryStore

                store = (HistoryStore(self.directory) if self.clock is None
                         else HistoryStore(self.directory, clock=self.clock))
                for path in self._set_aside:
                    if (history_id := saved_history_id(path)) is not None:
                        store.abandon(history_id)
                self._set_aside.clear()
                self._store = store
            return self._store

    @property
    def opened(self) -> HistoryStore | None:
        """The store if it was made already (asking never opens it)."""
        return self._store

    def keep(self, state: GameState, setup: GameSetup) -> None:
        """Insert or update the game's row (after every move; a finished game is marked so)."""
        if setup.history_id is None:
            return
        if self._store is None and not any(hand.moves for hand in state.log):
            return  # just dealt: the row waits for the first move, so the first screen never waits for it
        # (the deal code, which says every deal to come, only once the game is over)
        self.store().save_game(setup.history_id, state, [p.to_json() for p in setup.players],
                               extra=setup.to_json(private=state.phase == "game_over"))

    def abandon(self, history_id: str | None) -> None:
        """A game in play replaced by a new one: it stays in the history, marked abandoned."""
        if history_id is not None:
            self.store().abandon(history_id)

    def abandon_saved(self, path: Path) -> None:
        """The saved game now at `path` was set aside for a new one: its row is marked abandoned when
        the history is next opened, or as the app closes. (Reading the row from the file and opening the
        history would otherwise hold the first screen back.)"""
        with self._lock:
            if self._store is None:
                self._set_aside.append(path)
                return
        self.abandon(saved_history_id(path))

    def take_problem(self) -> str | None:
        """Trouble with the history not yet told to the player (a damaged file moved aside...)."""
        store = self._store
        return store.take_problem() if store is not None else None

    def close(self) -> None:
        if self._set_aside:
            self.store()  # (marks them)
        store = self._store
        if store is not None:
            store.close()
