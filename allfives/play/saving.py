"""Saving and resuming: the game record plus the players, written atomically to the user's data dir.

Each window holds a lock on the save it plays in (a "slot": save.json, then save-2.json, ...), so
two windows on one data dir never write over each other's game.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from filelock import FileLock, Timeout

from allfives.play.setup import GameSetup
from allfives.userdata import data_dir, write_atomically  # shared with the history and the table server

if TYPE_CHECKING:
    from allfives.engine import GameState

SAVE_NAME = "save.json"
LAST_NAME = "last-game.json"
SLOTS = 9  # games that windows on one data dir can play side by side
# Games set aside by a new game (save.previous-<time>.json) kept beside the save, newest first: the
# history keeps every game already, so these are only a safety net for the last few.
PREVIOUS_KEPT = 3
SAVED_AT_LENGTH = 32  # "2024-05-01 12:30" as `save` writes it; a longer `saved_at` is not shown


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

    def __init__(self, directory: Path | None = None, slot: int = 1) -> None:
        self.directory = directory or data_dir()
        self.slot = slot
        # Set when save.json could not be read nor moved aside: never write over it then.
        self.frozen: str | None = None
        self._lock: FileLock | None = None

    @property
    def path(self) -> Path:
        return self.directory / (SAVE_NAME if self.slot == 1 else f"save-{self.slot}.json")

    @property
    def stem(self) -> str:
        return self.path.stem

    # -- one window per game --------------------------------------------------

    def claim(self) -> bool:
        """Hold the lock on this slot's game; False when another window plays it.

        A data dir where no lock can be made (missing and uncreatable, read-only) is no one's to
        guard: True, and saving there reports its own trouble. The lock is a kernel lock, so a
        window that is killed lets go of it.
        """
        if self._lock is not None:
            return True
        lock = FileLock(self.directory / f".{self.stem}.lock")
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            lock.acquire(blocking=False)
        except Timeout:
            return False
        except OSError:
            return True
        self._lock = lock
        self._remove_stale_writes()
        return True

    def claim_beside(self) -> bool:
        """Move to the first slot no other window holds (False, staying put, when all are taken)."""
        here = self.slot
        for slot in range(1, SLOTS + 1):
            if slot == here:
                continue
            self.slot = slot
            if self.claim():
                return True
        self.slot = here
        return False

    def release(self) -> None:
        """Let another window take this game over (the app calls this as it ends)."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    @property
    def held(self) -> bool:
        return self._lock is not None

    def _remove_stale_writes(self) -> None:
        """Temporary files of this slot's saves are stale once we hold its lock: nobody else writes them."""
        mine = re.compile(rf"\.{re.escape(self.stem)}-[a-z0-9_]{{8}}\.tmp")  # as `_write` names them
        try:
            for entry in os.scandir(self.directory):
                if mine.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                    Path(entry.path).unlink(missing_ok=True)
        except OSError:
            pass  # they stay; a later window tries again

    @property
    def last_path(self) -> Path:
        return self.directory / LAST_NAME

    def save(self, state: GameState, setup: GameSetup) -> None:
        """Write after every move; a finished game goes to last-game.json and is not offered again.

        Raises OSError when the disk refuses (the caller tells the player and plays on).
        """
        if self.frozen:
            raise OSError(self.frozen)
        from allfives.engine import dumps, private_fields  # (records: only once there is a game to write)

        # The save keeps the hand in play's deal secret beside the record (the history's copy does not).
        text = dumps(state, **setup.to_json(), **private_fields(state),
                     saved_at=time.strftime("%Y-%m-%d %H:%M"))
        if state.phase == "game_over":
            self._write(self.last_path, text)
            self.path.unlink(missing_ok=True)
        else:
            self._write(self.path, text)

    def _write(self, path: Path, text: str) -> None:
        # temp files named after the slot: only this slot's lock holder ever leaves them
        write_atomically(path, text, prefix=f".{self.stem}-")

    def load(self) -> LoadOutcome:
        """The game in progress, if any; a file that cannot be read back is moved aside, never lost."""
        if not os.path.lexists(self.path):
            return LoadOutcome()
        from allfives.engine import RecordError, replay  # (records: only once there is one to read)
        from allfives.record_file import read_record

        try:
            # never blocks nor reads without end: a FIFO or a link to /dev/zero is refused at once
            data, text = read_record(self.path)
            if not isinstance(data, dict):
                raise RecordError("not a game record")
            state, _ = replay(data)
            setup = GameSetup.from_record(state.rules, data.get("seed"), data)
        except (OSError, RecordError, ValueError, RecursionError) as e:
            why = str(e).splitlines()[0][:120] if str(e) else "not a game record"
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
        saved_at = data.get("saved_at", "")
        if not isinstance(saved_at, str) or len(saved_at) > SAVED_AT_LENGTH:
            saved_at = ""  # only ever shown: a foreign or damaged one is left out, not quoted
        return LoadOutcome(game=SavedGame(state, setup, saved_at))

    def move_aside(self, why: str) -> Path:
        """Rename save.json to save.<why>-<timestamp>.json and return the new path.

        Within one second the names go on -2, -3...: always past the highest there, never into a
        gap an older one left (the newest set aside must sort last: see `_remove_old_previous`)."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        base = f"{self.stem}.{why}-{stamp}"
        named = re.compile(rf"{re.escape(base)}(?:-(\d+))?\.json")
        n = 1 + max((int(m[1] or 1) for name in os.listdir(self.directory) if (m := named.fullmatch(name))),
                    default=0)
        target = self.directory / (f"{base}.json" if n == 1 else f"{base}-{n}.json")
        while os.path.lexists(target):  # (made since the listing)
            n += 1
            target = self.directory / f"{base}-{n}.json"
        os.replace(self.path, target)
        return target

    def set_aside(self) -> Path | None:
        """Starting a new game over one in progress keeps the old one as save.previous-<time>.json
        (and the PREVIOUS_KEPT newest such files only: `--new` after `--new` never piles them up).

        Returns where that game is now (where it was, if it could not be moved), or None: no game."""
        if not os.path.lexists(self.path):
            return None
        try:
            moved = self.move_aside("previous")
        except OSError as e:
            # Keep the old game rather than write the new one over it.
            why = e.strerror or e
            self.frozen = f"{self.path} holds another game and could not be moved aside ({why})"
            return self.path
        self._remove_old_previous()
        return moved

    def _remove_old_previous(self) -> None:
        """Keep the newest PREVIOUS_KEPT games set aside for this slot; older ones go.

        Newest by the time in the name (`move_aside` writes it, with -2, -3... within one second), not
        by the files' times, which a copy or a restore may change."""
        named = re.compile(rf"{re.escape(self.stem)}\.previous-(\d{{8}}-\d{{6}})(?:-(\d+))?\.json")
        found: list[tuple[tuple[str, int], str]] = []
        try:
            for entry in os.scandir(self.directory):
                match = named.fullmatch(entry.name)
                if match and entry.is_file(follow_symlinks=False):
                    found.append(((match[1], int(match[2] or 1)), entry.path))
        except OSError:
            return  # they stay; the next new game tries again
        for _, path in sorted(found, reverse=True)[PREVIOUS_KEPT:]:
            with contextlib.suppress(OSError):
                Path(path).unlink()
