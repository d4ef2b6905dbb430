"""The game history: every game played in the app, in one SQLite file in the user's data dir.

The app saves the game after every move (an upsert by its id) and at its end; reviews store
their analysis beside the game so a second review is instant. A database that is damaged (or of
our version but another shape) is moved aside with a message and a new one started; a FIFO, a
folder or any other non-file in its place is told once and never opened; reading makes no
database where there is none. Nothing here ever raises into the game, and the autosave
(ui/save.py) stands on its own whatever happens to the history.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import ValidationError

from allfives.engine import GameState, RecordError, replay, to_record
from allfives.userdata import data_dir, write_atomically

from .games import GameEntry, HandScore, Seat, Status, hand_scores, seats_of

if TYPE_CHECKING:  # the analysis (the bots' search) loads only when a review asks for it
    from allfives.bots.analysis import GameAnalysis

FILE_NAME = "history.sqlite3"

# Each entry brings a database from the version before it to its own (user_version = its number).
MIGRATIONS: tuple[str, ...] = (
    # 1: the games
    """
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        started_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        status TEXT NOT NULL,
        rules TEXT NOT NULL,
        players TEXT NOT NULL,
        winner INTEGER,
        scores TEXT NOT NULL,
        hands TEXT NOT NULL,
        moves INTEGER NOT NULL,
        record TEXT NOT NULL
    );
    CREATE INDEX games_by_start ON games (started_at);
    """,
    # 2: analyses kept beside their game, for the record they were made from
    """
    CREATE TABLE analyses (
        game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        record_hash TEXT NOT NULL,
        analysis TEXT NOT NULL,
        PRIMARY KEY (game_id, key)
    );
    """,
    # 3: whether a game's deals came from a seed (practice: public to anyone who knows it), from the
    # record's own `"seeded": true` as `save_game` writes it (json.dumps: that spacing)
    """
    ALTER TABLE games ADD COLUMN seeded INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET seeded = 1 WHERE instr(record, '"seeded": true') > 0;
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)

_CORRUPT = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB
_COLUMNS = "id, started_at, updated_at, status, rules, players, winner, scores, hands, moves, seeded"

T = TypeVar("T")


class _Damaged(Exception):
    """The file is not a database we can use: move it aside and start again."""


class _NotAFile(Exception):
    """A FIFO, a directory, a device... where the database should be: not ours to move or open."""


_SIDE_FILES = ("-journal", "-wal", "-shm")  # SQLite's own files beside the database


@functools.cache
def _our_shape() -> dict[str, tuple[tuple[str, str, int, int], ...]]:
    """Each table's columns (name, type, not null, key) as the migrations make them, from a database
    made in memory: a file whose version says ours but whose tables differ is not ours."""
    db = sqlite3.connect(":memory:")
    try:
        for migration in MIGRATIONS:
            db.executescript(migration)
        return {name: _columns(db, name) for (name,) in
                db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()}
    finally:
        db.close()


def _columns(db: sqlite3.Connection, table: str) -> tuple[tuple[str, str, int, int], ...]:
    # table_info rows: (cid, name, type, notnull, default, pk); `table` is one of our own names
    return tuple((r[1], r[2].upper(), r[3], r[5]) for r in db.execute(f"PRAGMA table_info({table})"))


def _kind(mode: int) -> str | None:
    """What a file that is not a regular one is, in words (None: it is a regular file)."""
    if stat.S_ISREG(mode):
        return None
    for test, what in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device")):
        if test(mode):
            return what
    return "not a regular file"


def now() -> str:
    """The time a game is saved at: ISO 8601, UTC, to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _record_hash(record: Mapping[str, Any]) -> str:
    """What an analysis was made from: the rules and every deal and move (not names or timestamps)."""
    key = json.dumps([record.get("rules"), record.get("hands")], sort_keys=True)
    return hashlib.sha256(key.encode()).hexdigest()


def _analysis_key(samples: int, seats: Sequence[int]) -> str:
    from allfives.bots.analysis import VERSION

    return f"v{VERSION}:{samples}:{','.join(map(str, sorted(seats)))}"


class HistoryStore:
    """The history database. Every method swallows database trouble: it sets `problem` (a message
    for the player, told once through `take_problem`) and returns an empty answer instead."""

    busy_timeout = 2.0  # seconds to wait for another window's write

    def __init__(self, directory: Path | None = None, clock: Callable[[], str] = now) -> None:
        self.directory = directory or data_dir()
        self.clock = clock  # when a game is saved (fixed in pictures that show dates)
        self.problem: str | None = None
        self._problem_new = False
        self._ready = False  # opened, checked and migrated once
        self._read_only = False  # made by a newer allfives: read what we can, never write
        self._disabled = False  # damaged and could not be moved aside: leave it alone
        self._lock = threading.RLock()  # the app's thread and a review worker may both use it
        self._db: sqlite3.Connection | None = None

    @property
    def path(self) -> Path:
        return self.directory / FILE_NAME

    # -- writing ----------------------------------------------------------------------

    def save_game(self, game_id: str, state: GameState, players: Sequence[Seat | Mapping[str, Any]],
                  extra: Mapping[str, Any] | None = None, status: Status | None = None) -> bool:
        """Insert or update a game (after every move and at its end); False when it could not be kept.

        `players` are the seats in order (`Player.to_json()` dicts will do); `extra` goes into the
        stored record (e.g. the setup, so an exported record resumes as a save does). The status is
        `finished` once the game is won, else `playing` unless given.
        """
        seats = seats_of(players)
        if len(seats) != state.rules.seats:
            raise ValueError(f"{len(seats)} players for {state.rules.seats} seats")
        record = to_record(state, **dict(extra or {}))
        record["players"] = [s.model_dump() for s in seats]
        if status is None:
            status = "finished" if state.phase == "game_over" else "playing"
        stamp = self.clock()
        row = {
            "id": game_id, "started_at": stamp, "updated_at": stamp, "status": status,
            "rules": state.rules.model_dump_json(), "players": json.dumps(record["players"]),
            "winner": state.winner, "scores": json.dumps(list(state.scores)),
            "hands": json.dumps([h.model_dump() for h in hand_scores(state)]),
            "moves": sum(len(h.moves) for h in state.log), "record": json.dumps(record),
            "seeded": record.get("seeded") is True,
        }

        def write(db: sqlite3.Connection) -> bool:
            db.execute(
                "INSERT INTO games (id, started_at, updated_at, status, rules, players, winner, scores,"
                " hands, moves, record, seeded) VALUES (:id, :started_at, :updated_at, :status, :rules,"
                " :players, :winner, :scores, :hands, :moves, :record, :seeded) ON CONFLICT (id) DO UPDATE"
                " SET updated_at = excluded.updated_at, status = excluded.status, rules = excluded.rules,"
                " players = excluded.players, winner = excluded.winner, scores = excluded.scores,"
                " hands = excluded.hands, moves = excluded.moves, record = excluded.record,"
                " seeded = excluded.seeded", row)
            return True

        return self._run(write, False, writes=True)

    def abandon(self, game_id: str) -> None:
        """A game left unfinished for good (a new game started over it)."""
        self._run(lambda db: db.execute("UPDATE games SET status = 'abandoned', updated_at = ?"
                                        " WHERE id = ? AND status = 'playing'", (self.clock(), game_id)),
                  None, writes=True, creates=False)

    def abandon_others(self, keep: str | None) -> None:
        """Every game still marked in play but `keep` is abandoned (at start: the window that played
        it was closed without finishing it, and only `keep` is resumed)."""
        self._run(lambda db: db.execute("UPDATE games SET status = 'abandoned', updated_at = ?"
                                        " WHERE status = 'playing' AND id IS NOT ?", (self.clock(), keep)),
                  None, writes=True, creates=False)

    def delete(self, game_id: str) -> None:
        self._run(lambda db: db.execute("DELETE FROM games WHERE id = ?", (game_id,)), None, writes=True,
                  creates=False)

    def save_analysis(self, game_id: str, analysis: GameAnalysis, game: GameState | None = None) -> bool:
        """Keep an analysis beside its game (for the record as it is now); False if it could not be.

        `game`: what the analysis was made from; it is kept only if the history's record is that game
        (a game still in play may have gone on since).
        """
        def write(db: sqlite3.Connection) -> bool:
            found = db.execute("SELECT record FROM games WHERE id = ?", (game_id,)).fetchone()
            if found is None:
                return False
            made_from = _record_hash(json.loads(found[0]))
            if game is not None and _record_hash(to_record(game)) != made_from:
                return False
            db.execute("INSERT OR REPLACE INTO analyses (game_id, key, record_hash, analysis)"
                       " VALUES (?, ?, ?, ?)",
                       (game_id, _analysis_key(analysis.samples, analysis.seats), made_from,
                        analysis.model_dump_json()))
            return True

        return self._run(write, False, writes=True, creates=False)  # (its game's row must be there)

    # -- reading ----------------------------------------------------------------------

    def games(self, status: Status | None = None, limit: int | None = None) -> list[GameEntry]:
        """Games, oldest first (a list of past games shows them the other way round), without records;
        `limit` keeps the newest."""
        sql = f"SELECT {_COLUMNS} FROM games"
        args: list[Any] = []
        if status is not None:
            sql += " WHERE status = ?"
            args.append(status)
        sql += " ORDER BY started_at DESC, rowid DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        return self._run(lambda db: self._entries(db.execute(sql, args).fetchall()[::-1]), [])

    def game(self, game_id: str) -> GameEntry | None:
        rows = self._run(lambda db: db.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?",
                                               (game_id,)).fetchall(), [])
        entries = self._entries(rows)
        return entries[0] if entries else None

    def record(self, game_id: str) -> dict[str, Any] | None:
        """The game's record (RECORD.md, with the players and any extra fields), or None."""
        row = self._run(lambda db: db.execute("SELECT record FROM games WHERE id = ?", (game_id,)).fetchone(),
                        None)
        if row is None:
            return None
        try:
            data = json.loads(row[0])
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    def load(self, game_id: str) -> GameState | None:
        """The game itself, replayed from its record (None if it is not there or does not replay)."""
        data = self.record(game_id)
        if data is None:
            return None
        try:
            return replay(data)[0]
        except (RecordError, RecursionError):
            return None

    def export(self, game_id: str, path: Path) -> None:
        """Write the game's record to a file (KeyError: no such game; OSError: the disk refused)."""
        data = self.record(game_id)
        if data is None:
            raise KeyError(game_id)
        write_atomically(path, json.dumps(data, indent=1) + "\n")

    def analysis(self, game_id: str, samples: int, seats: Sequence[int], game: GameState | None = None
                 ) -> GameAnalysis | None:
        """A stored analysis made with these settings from the game's record as it is now (and, given
        `game`, only if that record is this game)."""
        from allfives.bots.analysis import GameAnalysis

        def read(db: sqlite3.Connection) -> tuple[str, str, str] | None:
            return db.execute("SELECT a.analysis, a.record_hash, g.record FROM analyses a JOIN games g"
                              " ON g.id = a.game_id WHERE a.game_id = ? AND a.key = ?",
                              (game_id, _analysis_key(samples, seats))).fetchone()

        row = self._run(read, None)
        if row is None:
            return None
        text, made_from, record = row
        try:
            if _record_hash(json.loads(record)) != made_from:
                return None  # the game went on since: analyse it again
            if game is not None and _record_hash(to_record(game)) != made_from:
                return None
            return GameAnalysis.model_validate_json(text)
        except (ValueError, ValidationError):
            return None

    def take_problem(self) -> str | None:
        """A problem not yet told to the player (each is told once)."""
        if self._problem_new:
            self._problem_new = False
            return self.problem
        return None

    # -- the database itself ----------------------------------------------------------

    def _entries(self, rows: list[tuple]) -> list[GameEntry]:
        out = []
        for r in rows:
            try:
                out.append(GameEntry(
                    id=r[0], started_at=r[1], updated_at=r[2], status=r[3],
                    rules=json.loads(r[4]), players=json.loads(r[5]), winner=r[6], scores=json.loads(r[7]),
                    hands=[HandScore.model_validate(h) for h in json.loads(r[8])], moves=r[9],
                    seeded=bool(r[10])))
            except (ValueError, TypeError, ValidationError):
                continue  # one unreadable row never hides the others
        return out

    def _tell(self, problem: str) -> None:
        if problem != self.problem:
            self.problem = problem
            self._problem_new = True

    def close(self) -> None:
        """Let go of the database file (the app calls this as it exits; using the store opens it again)."""
        with self._lock:
            self._drop()

    def _drop(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None

    def _run(self, work: Callable[[sqlite3.Connection], T], failed: T, writes: bool = False,
             creates: bool | None = None) -> T:
        """`work` on the database, or `failed`. Only work that `creates` (by default, any that
        writes) makes a history where there is none: reading one, as `allfives stats` does on a
        fresh machine, or marking rows of it, makes no file and no folder."""
        with self._lock:
            if self._disabled or (self._read_only and writes):
                return failed
            if not (writes if creates is None else creates) and self._db is None \
                    and not os.path.lexists(self.path):
                return failed
            for attempt in (1, 2):
                try:
                    db = self._open()
                    with db:
                        return work(db)
                except _NotAFile as e:
                    self._disabled = True  # left as it is, and never opened: a FIFO would block
                    self._tell(f"The game history ({self.path}) cannot be kept: {e}. "
                               "Games are not added to it; play goes on.")
                    return failed
                except (_Damaged, sqlite3.DatabaseError) as e:
                    code = getattr(e, "sqlite_errorcode", None)
                    if not isinstance(e, _Damaged) and (code is None or code & 0xFF not in _CORRUPT):
                        self._tell(f"The game history ({self.path}) could not be used ({e}). Play goes on.")
                        return failed  # busy, locked, read-only, disk full: not the file's fault
                    self._drop()
                    if attempt == 2 or not self._move_aside(e):
                        return failed
                except OSError as e:
                    self._drop()
                    self._tell(f"The game history ({self.path}) could not be used ({e.strerror or e}). "
                               "Play goes on.")
                    return failed
            return failed

    def _open(self) -> sqlite3.Connection:
        """The store's one connection, opened (and the file checked and migrated) on first use."""
        if self._db is not None:
            return self._db
        self._check_files()
        self.directory.mkdir(parents=True, exist_ok=True)
        # One connection for the store's life, shared by the app's thread and a review worker under
        # the lock: with WAL, a commit after every move need not wait for the disk (a crash may lose
        # the last moves' rows, never the file; the autosave has those moves anyway).
        db = sqlite3.connect(self.path, timeout=self.busy_timeout, check_same_thread=False)
        try:
            db.execute("PRAGMA foreign_keys = ON")
            if not self._ready:
                self._prepare(db)
                self._ready = True
            if not self._read_only:
                db.execute("PRAGMA journal_mode = WAL")
                db.execute("PRAGMA synchronous = NORMAL")
        except BaseException:
            db.close()
            raise
        self._db = db
        return db

    def _check_files(self) -> None:
        """_NotAFile unless the database and SQLite's files beside it are regular files or absent."""
        for suffix in ("", *_SIDE_FILES):
            path = Path(str(self.path) + suffix)
            try:
                kind = _kind(os.stat(path).st_mode)  # (a link to a regular file will do)
            except FileNotFoundError:
                continue
            except OSError as e:
                raise _NotAFile(f"{path.name} cannot be looked at ({e.strerror or e})") from None
            if kind is not None:
                raise _NotAFile(f"{path.name} is {kind}, not a file")

    def _prepare(self, db: sqlite3.Connection) -> None:
        """Check the file once and bring its schema up to date."""
        check = db.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise _Damaged(f"integrity check: {check[0] if check else 'no answer'}")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            self._read_only = True
            self._tell(f"The game history was made by a newer version of allfives (schema {version}); "
                       "it is left as it is and games are not added to it.")
            return
        if version == 0 and db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise _Damaged("it holds tables of something else")
        for number in range(version + 1, SCHEMA_VERSION + 1):
            try:
                db.executescript(f"BEGIN; {MIGRATIONS[number - 1]} PRAGMA user_version = {number}; COMMIT;")
            except sqlite3.OperationalError as e:
                db.rollback()
                if "already exists" in str(e) or "no such" in str(e):
                    raise _Damaged(f"schema {version} does not look like ours ({e})") from None
                raise
        found = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not {"games", "analyses"} <= found:
            raise _Damaged("tables are missing")
        for table, columns in _our_shape().items():  # (tables of its own beside ours do no harm)
            if _columns(db, table) != columns:
                raise _Damaged(f"its {table} table has other columns than schema {SCHEMA_VERSION}'s")

    def _move_aside(self, why: Exception) -> bool:
        """Rename the damaged file and its journal to history.corrupt-<time>.sqlite3 (False: it cannot be)."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.directory / f"history.corrupt-{stamp}.sqlite3"
        n = 1
        while target.exists():
            n += 1
            target = self.directory / f"history.corrupt-{stamp}-{n}.sqlite3"
        try:
            os.replace(self.path, target)
            for suffix in _SIDE_FILES:
                side = Path(str(self.path) + suffix)
                if side.exists():
                    os.replace(side, Path(str(target) + suffix))
        except OSError as e:
            self._disabled = True
            self._tell(f"The game history is damaged ({why}) and could not be moved aside "
                       f"({e.strerror or e}); games are not added to it. Play goes on.")
            return False
        self._ready = False
        self._tell(f"The game history was damaged ({why}); it was moved to {target} and a new one started.")
        return True


def stored_analysis(store: HistoryStore, game_id: str, game: GameState, seats: Sequence[int],
                    samples: int | None = None, progress: Callable[[int, int], None] | None = None,
                    stop: Callable[[], bool] | None = None) -> GameAnalysis:
    """The game's analysis from the history if it holds one for this record, else made and kept there
    (a second review is instant). AnalysisStopped passes through. `samples`: the analysis's default."""
    from allfives.bots.analysis import DEFAULT_SAMPLES, analyse_game

    samples = DEFAULT_SAMPLES if samples is None else samples
    found = store.analysis(game_id, samples, seats, game)
    if found is not None:
        return found
    made = analyse_game(game, seats, samples, progress, stop)
    store.save_analysis(game_id, made, game)
    return made
