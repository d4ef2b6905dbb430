"""Saving and resuming: the game record plus the players, written atomically to the user's data dir."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from allfives.engine import GameState, RecordError, dumps, replay
from allfives.userdata import data_dir, write_atomically  # shared with the history and the table server

from .setup import GameSetup

SAVE_NAME = "save.json"
LAST_NAME = "last-game.json"


@dataclass(frozen=True)
class SavedGame:
    state: GameState
    setup: GameSetup
    saved_at: str = ""


@dataclass(frozen=True)
class LoadOutcome:
    """What was found on disk: a game to offer, a problem to tell the player about, or nothing."""

    game: SavedGame | None = None
    problem: str | None = None


class SaveStore:
    """One saved game in progress (save.json) and the last finished one (last-game.json)."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory or data_dir()
        # Set when save.json could not be read nor moved aside: never write over it then.
        self.frozen: str | None = None

    @property
    def path(self) -> Path:
        return self.directory / SAVE_NAME

    @property
    def last_path(self) -> Path:
        return self.directory / LAST_NAME

    def save(self, state: GameState, setup: GameSetup) -> None:
        """Write after every move; a finished game goes to last-game.json and is not offered again.

        Raises OSError when the disk refuses (the caller tells the player and plays on).
        """
        if self.frozen:
            raise OSError(self.frozen)
        text = dumps(state, **setup.to_json(), saved_at=time.strftime("%Y-%m-%d %H:%M"))
        if state.phase == "game_over":
            self._write(self.last_path, text)
            self.path.unlink(missing_ok=True)
        else:
            self._write(self.path, text)

    def _write(self, path: Path, text: str) -> None:
        write_atomically(path, text)

    def load(self) -> LoadOutcome:
        """The game in progress, if any; a file that cannot be read back is moved aside, never lost."""
        if not self.path.exists():
            return LoadOutcome()
        try:
            text = self.path.read_text(encoding="utf-8")
            data = json.loads(text)
            if not isinstance(data, dict):
                raise RecordError("not a game record")
            state, _ = replay(data)
            setup = GameSetup.from_record(state.rules, data.get("seed"), data)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecordError, ValueError,
                RecursionError) as e:
            why = str(e).splitlines()[0][:120] if str(e) else type(e).__name__
            try:
                moved = self.move_aside("corrupt")
            except OSError as moving:
                self.frozen = f"{self.path} could not be read nor moved aside ({moving.strerror or moving})"
                return LoadOutcome(problem=f"The saved game could not be read ({why}) nor moved aside "
                                           f"({moving.strerror or moving}); it was left as it is, and this "
                                           "game will not be saved.")
            return LoadOutcome(problem=f"The saved game could not be read ({why}). "
                                       f"It was moved to {moved} and a new game starts.")
        if state.hand_number == 0:
            state, _ = state.next_hand()  # a record may stop before its first deal: deal it
        if state.phase == "game_over":
            try:
                self._write(self.last_path, text)
                self.path.unlink(missing_ok=True)
            except OSError:
                pass  # it stays where it is; it is finished, so it is not offered either way
            return LoadOutcome()
        return LoadOutcome(game=SavedGame(state, setup, str(data.get("saved_at", ""))))

    def move_aside(self, why: str) -> Path:
        """Rename save.json to save.<why>-<timestamp>.json and return the new path."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.directory / f"save.{why}-{stamp}.json"
        n = 1
        while target.exists():
            n += 1
            target = self.directory / f"save.{why}-{stamp}-{n}.json"
        os.replace(self.path, target)
        return target

    def set_aside(self) -> None:
        """Starting a new game over one in progress keeps the old one as save.previous-<time>.json."""
        if self.path.exists():
            try:
                self.move_aside("previous")
            except OSError as e:
                # Keep the old game rather than write the new one over it.
                why = e.strerror or e
                self.frozen = f"{self.path} holds another game and could not be moved aside ({why})"
