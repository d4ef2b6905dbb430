"""Saving and resuming: the game record plus the players in the user's data dir, and the one
latest-wins background writer of saves (the local session's and the table server's).

A save is a record file written whole at each hand's end, and a journal beside it of the moves
since (play/journal.py writes the pair, record_file.py reads it): a move costs the same however long
the game. Each window holds a lock on the save it plays in (a "slot": save.json, then save-2.json,
...), so two windows on one data dir never write over each other's game.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from allfives.i18n import _
from allfives.play.setup import GameSetup
from allfives.userdata import data_dir, journal_path, write_atomically  # shared with the history, the table

if TYPE_CHECKING:
    from allfives.engine import GameState
    from allfives.play.journal import RecordWriter

SAVE_NAME = "save.json"
LAST_NAME = "last-game.json"
SLOTS = 9  # games that windows on one data dir can play side by side
# Games set aside by a new game (save.previous-<time>.json) kept beside the save, newest first: the
# history keeps every game already, so these are only a safety net for the last few.
PREVIOUS_KEPT = 3
SAVED_AT_LENGTH = 32  # "2024-05-01 12:30" as `save` writes it; a longer `saved_at` is not shown


class SlotLock:
    """A kernel lock on one file, held by one window at a time until released or the process ends.

    `flock` where there is one (Unix), a few lines of the standard library: importing the `filelock`
    package costs the first screen about 10 ms of CPU (some 3%). `filelock` elsewhere (Windows).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._held: object = None  # the open descriptor (or filelock's lock) while held

    def acquire(self) -> bool:
        """Take the lock if no one holds it; False when another holds it. OSError: no lock can be made."""
        try:
            import fcntl
        except ImportError:
            return self._acquire_elsewhere()
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        except OSError:
            os.close(fd)
            raise
        self._held = fd
        return True

    def _acquire_elsewhere(self) -> bool:
        from filelock import FileLock, Timeout

        lock = FileLock(self.path)
        try:
            lock.acquire(blocking=False)
        except Timeout:
            return False
        self._held = lock
        return True

    def release(self) -> None:
        held, self._held = self._held, None
        if isinstance(held, int):
            os.close(held)  # (closing the descriptor lets go of its flock)
        elif held is not None:
            held.release()  # type: ignore[attr-defined]


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
        self._lock: SlotLock | None = None
        self._writer: RecordWriter | None = None  # this slot's save as it was last written
        self._files = threading.RLock()  # the save thread writes while the app may set the save aside

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
        lock = SlotLock(self.directory / f".{self.stem}.lock")
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            if not lock.acquire():
                return False
        except (OSError, NotImplementedError):  # (filelock says NotImplementedError where flock is missing)
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
        """Temporary files of this slot's saves are stale once we hold its lock: nobody else writes them.
        So is a journal without its save (its game was finished or set aside as it was written)."""
        mine = re.compile(rf"\.{re.escape(self.stem)}-[a-z0-9_]{{8}}\.tmp")  # as `_write` names them
        try:
            for entry in os.scandir(self.directory):
                if mine.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                    Path(entry.path).unlink(missing_ok=True)
            if not os.path.lexists(self.path):
                journal_path(self.path).unlink(missing_ok=True)
        except OSError:
            pass  # they stay; a later window tries again

    @property
    def last_path(self) -> Path:
        return self.directory / LAST_NAME

    def save(self, state: GameState, setup: GameSetup) -> None:
        """Write after every move (a line of the journal, mostly); a finished game goes whole to
        last-game.json and is not offered again.

        Raises OSError when the disk refuses (the caller tells the player and plays on).
        """
        with self._files:
            if self.frozen:
                raise OSError(self.frozen)
            extra = {**setup.to_json(private=True), "saved_at": time.strftime("%Y-%m-%d %H:%M")}
            writer = self._record_writer()
            if state.phase == "game_over":
                self._write(self.last_path, writer.text(state, extra))
                self._remove()
            else:
                writer.write(state, extra)

    def _record_writer(self) -> RecordWriter:
        if self._writer is None or self._writer.path != self.path:
            from allfives.play.journal import RecordWriter  # (records: only once there is a game to write)

            # temp files named after the slot: only this slot's lock holder ever leaves them
            self._writer = RecordWriter(self.path, prefix=f".{self.stem}-")
        return self._writer

    def _write(self, path: Path, text: str) -> None:
        # temp files named after the slot: only this slot's lock holder ever leaves them
        write_atomically(path, text, prefix=f".{self.stem}-")

    def _remove(self) -> None:
        """The save goes (its game is finished): the record first, then its journal, which alone is
        nothing (a crash between the two leaves a journal no reader takes up)."""
        self.path.unlink(missing_ok=True)
        journal_path(self.path).unlink(missing_ok=True)
        self._forget()

    def _forget(self) -> None:
        if self._writer is not None:
            self._writer.forget()

    def load(self) -> LoadOutcome:
        """The game in progress (the record and its journal), if any; a save that cannot be read back
        is moved aside, never lost."""
        with self._files:
            return self._load()

    def _load(self) -> LoadOutcome:
        if not os.path.lexists(self.path):
            return LoadOutcome()
        from allfives.engine import RecordError, replay  # (records: only once there is one to read)
        from allfives.record_file import read_record, shown_path

        try:
            # never blocks nor reads without end: a FIFO or a link to /dev/zero is refused at once
            data, text = read_record(self.path)
            if not isinstance(data, dict):
                raise RecordError("not a game record")
            state, _events = replay(data)
            setup = GameSetup.from_record(state.rules, data.get("seed"), data)
        except (OSError, RecordError, ValueError, RecursionError) as e:
            # (the message names where the file went: not the file itself again)
            said = str(e).removeprefix(f"{shown_path(self.path)}: ")
            why = said.splitlines()[0][:120] if said else _("not a game record")
            try:
                moved = self.move_aside("corrupt")
            except OSError as moving:
                error = moving.strerror or moving
                self.frozen = _("{path} could not be read nor moved aside ({error})").format(
                    path=self.path, error=error)
                return LoadOutcome(problem=_("The saved game could not be read ({why}) nor moved aside "
                                             "({error}); it was left as it is, and this game will not be "
                                             "saved.").format(why=why, error=error))
            return LoadOutcome(problem=_("The saved game could not be read ({why}). It was moved to {path} "
                                         "and a new game starts.").format(why=why, path=moved))
        if state.hand_number == 0:
            state, _dealt = state.next_hand()  # a record may stop before its first deal: deal it
        if state.phase == "game_over":
            try:
                self._write(self.last_path, text)
                self._remove()
            except OSError:
                pass  # it stays where it is; it is finished, so it is not offered either way
            return LoadOutcome()
        saved_at = data.get("saved_at", "")
        if not isinstance(saved_at, str) or len(saved_at) > SAVED_AT_LENGTH:
            saved_at = ""  # only ever shown: a foreign or damaged one is left out, not quoted
        return LoadOutcome(game=SavedGame(state, setup, saved_at))

    def move_aside(self, why: str) -> Path:
        """Rename save.json (and its journal with it) to save.<why>-<timestamp>.json and return the new path.

        Within one second the names go on -2, -3...: always past the highest there, never into a
        gap an older one left (the newest set aside must sort last: see `_remove_old_previous`)."""
        with self._files:
            return self._move_aside(why)

    def _move_aside(self, why: str) -> Path:
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
        self._forget()
        journal = journal_path(self.path)
        if os.path.lexists(journal):
            # (a crash just before this line leaves the moved game without its last hand's moves)
            with contextlib.suppress(OSError):
                os.replace(journal, journal_path(target))
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
            self.frozen = _("{path} holds another game and could not be moved aside ({why})").format(
                path=self.path, why=why)
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
        for _stamp, path in sorted(found, reverse=True)[PREVIOUS_KEPT:]:
            with contextlib.suppress(OSError):
                Path(path).unlink()
                journal_path(path).unlink(missing_ok=True)


T = TypeVar("T")


_SAID = {errno.ENOSPC: "disk full", errno.EDQUOT: "disk full (over quota)",
         errno.EMFILE: "too many open files", errno.ENFILE: "too many open files",
         errno.EROFS: "the disk is read-only", errno.EACCES: "no permission to write",
         errno.EPERM: "no permission to write"}


def why_unsaved(error: BaseException) -> str:
    """Why a save failed, in a few plain words ("disk full"), for the line that says so."""
    if isinstance(error, OSError):
        return _SAID.get(error.errno or 0) or error.strerror or str(error) or type(error).__name__
    return str(error) or type(error).__name__


class SaveWriter(Generic[T]):
    """Writes saves in a thread of its own, so the table never waits for the disk: the local
    session's (the game and its history row) and the table server's alike.

    Latest wins: each save is the game as it stands, so when moves come faster than the disk takes
    them only the newest waiting one is written (the journal then holds what changed since the one
    before). `flush` returns once the last save put is on disk (the table calls it before it closes).
    The thread ends whenever nothing is left to write.
    """

    def __init__(self, write: Callable[[T], None], outcome: Callable[[Exception | None], None]) -> None:
        self.write = write  # writes one save
        self.outcome = outcome  # told (in the writing thread) how each write went
        self._cond = threading.Condition()
        self._waiting: tuple[T] | None = None
        self._thread: threading.Thread | None = None

    def put(self, job: T) -> None:
        with self._cond:
            self._waiting = (job,)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="allfives-save", daemon=True)
                self._thread.start()

    def flush(self, timeout: float = 30.0) -> None:
        with self._cond:
            self._cond.wait_for(lambda: self._thread is None, timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                if self._waiting is None:
                    self._thread = None
                    self._cond.notify_all()
                    return
                (job,), self._waiting = self._waiting, None
            try:
                self.write(job)
            except Exception as e:  # told to the player, never lost in a thread
                self.outcome(e)
            else:
                self.outcome(None)
