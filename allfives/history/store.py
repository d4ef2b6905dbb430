"""The game history: every game played in the app, in one SQLite file in the user's data dir.

The app saves the game after every move and at its end: a game's row (its rules, players, scores,
and the record without its hands) and a row a hand (its deal and moves, and its line of the
scoresheet), so a move rewrites its own hand's row and not the whole game. Reviews store
their analysis beside the game so a second review is instant. A database that is damaged (or of
our version but another shape) is moved aside with a message and a new one started; a FIFO, a
folder or any other non-file in its place is told once and never opened; reading makes no
database where there is none. Nothing here ever raises into the game, and the autosave
(play/saving.py) stands on its own whatever happens to the history.
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
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import ValidationError

from allfives.engine import GameState, HandLog, RecordError, hand_record, record_head, replay, to_record
from allfives.userdata import data_dir, write_atomically

from .games import GameEntry, HandScore, Seat, Status, hand_score, seats_of

if TYPE_CHECKING:  # the analysis (the bots' search) loads only when a review asks for it
    from allfives.bots.analysis import GameAnalysis

FILE_NAME = "history.sqlite3"


def _parsed(text: str) -> Any:
    """A column's JSON. A row is data like any file: ValueError for any column that is not JSON, however
    it fails (nested past Python's stack, json raises RecursionError), so the row is passed over as
    damaged and the others are read."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def _hands_apart(db: sqlite3.Connection) -> None:
    """3: each hand in a row of its own, so that a move rewrites its hand's row, not the whole game.

    Each game's record gives its hands to `game_hands`, each with its line of the scoresheet (the
    games table's `hands` column, which goes; a table is rebuilt to drop a column in SQLite). A
    record that could not be read is kept as it is, as unreadable as before."""
    db.execute("""
        CREATE TABLE game_hands (
            game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            hand TEXT NOT NULL,
            score TEXT NOT NULL,
            PRIMARY KEY (game_id, number)
        )""")
    for game_id, record, scores in db.execute("SELECT id, record, hands FROM games").fetchall():
        try:
            head = _parsed(record)
            hands = head.pop("hands")
        except (ValueError, TypeError, AttributeError, KeyError):
            continue
        try:
            lines = _parsed(scores)
        except (ValueError, TypeError):
            lines = None
        if not isinstance(hands, list):
            continue
        if not isinstance(lines, list) or len(lines) != len(hands):
            lines = [None] * len(hands)  # (a game whose scores could not be read stays out of the figures)
        db.executemany("INSERT INTO game_hands (game_id, number, hand, score) VALUES (?, ?, ?, ?)",
                       [(game_id, n, json.dumps(hand), json.dumps(line))
                        for n, (hand, line) in enumerate(zip(hands, lines, strict=True), start=1)])
        db.execute("UPDATE games SET record = ? WHERE id = ?", (json.dumps(head), game_id))
    db.execute("""
        CREATE TABLE games_3 (
            id TEXT PRIMARY KEY,
            started_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            status TEXT NOT NULL,
            rules TEXT NOT NULL,
            players TEXT NOT NULL,
            winner INTEGER,
            scores TEXT NOT NULL,
            moves INTEGER NOT NULL,
            head TEXT NOT NULL
        )""")
    db.execute("INSERT INTO games_3 SELECT id, started_at, updated_at, status, rules, players, winner,"
               " scores, moves, record FROM games")
    db.execute("DROP TABLE games")
    db.execute("ALTER TABLE games_3 RENAME TO games")
    db.execute("CREATE INDEX games_by_start ON games (started_at)")


def _rated(db: sqlite3.Connection) -> None:
    """5: the practice mark and the rating after each game; an older history rates as if it had had them
    (its games carry no practice mark: hints and undos were not recorded before)."""
    db.execute("ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE games ADD COLUMN rating TEXT")
    db.execute("""UPDATE games SET practice = 1 WHERE instr(head, '"practice": true') > 0""")
    _store_ratings(db)


def _store_ratings(db: sqlite3.Connection) -> None:
    """Work the rating after every game that ended (finished, or abandoned: rated as lost) out again from
    the games and write those that changed: a game finished late (two windows) may come before others
    in the order games are rated in."""
    from .rating import rating_series

    rows = db.execute(f"SELECT {_COLUMNS}, rating FROM games WHERE status IN ('finished', 'abandoned')"
                      ).fetchall()
    stored = {r[0]: r[-1] for r in rows}
    for point in rating_series(_light_entries(rows)):
        value = json.dumps([point.mu, point.sigma])
        if stored.get(point.game_id) != value:
            db.execute("UPDATE games SET rating = ? WHERE id = ?", (value, point.game_id))
    db.execute("UPDATE games SET rating = NULL WHERE status = 'playing' AND rating IS NOT NULL")


def _light_entries(rows: list[tuple]) -> list[GameEntry]:
    """Games as far as a rating needs them: without their hand by hand scores."""
    out = []
    for r in rows:
        try:
            out.append(GameEntry(id=r[0], started_at=r[1], updated_at=r[2], status=r[3],
                                 rules=_parsed(r[4]), players=_parsed(r[5]), winner=r[6],
                                 scores=_parsed(r[7]), hands=(), moves=r[8], seeded=bool(r[9]),
                                 practice=bool(r[10])))
        except (ValueError, TypeError, ValidationError):
            continue
    return out


# Each entry brings a database from the version before it to its own (user_version = its number):
# SQL, or a function run in one transaction with foreign keys off (it may rebuild a table).
MIGRATIONS: tuple[str | Callable[[sqlite3.Connection], None], ...] = (
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
    # 3: a row a hand
    _hands_apart,
    # 4: whether a game's deals came from a seed (practice: public to anyone who knows it), from the
    # record's own `"seeded": true` as `save_game` writes it (json.dumps: that spacing)
    """
    ALTER TABLE games ADD COLUMN seeded INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET seeded = 1 WHERE instr(head, '"seeded": true') > 0;
    """,
    # 5: practice (a hint taken or a move taken back, from the record's `"practice": true`) and the
    # person's rating after each finished game, worked out again from the games (history/rating.py)
    _rated,
    # 6: the ratings worked out again with the one model (the table's curve; abandoned games as lost)
    _store_ratings,
)
SCHEMA_VERSION = len(MIGRATIONS)

_CORRUPT = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB
_COLUMNS = "id, started_at, updated_at, status, rules, players, winner, scores, moves, seeded, practice"
_TABLES = {"games", "analyses", "game_hands"}

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
            if isinstance(migration, str):
                db.executescript(migration)
            else:
                migration(db)
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


def _analysis_key(samples: int, seats: Sequence[int] | range) -> str:
    from allfives.bots.analysis import VERSION

    return f"v{VERSION}:{samples}:{','.join(map(str, sorted(seats)))}"


@dataclass(frozen=True)
class _Kept:
    """How much of a game's hand rows this store wrote final: hands 1..`done` (so a move writes only
    the hands after them, each replayed on its own from the scores before it)."""

    done: int
    last: HandLog  # hand `done`, as written
    before: tuple[int, ...] | None  # the scores before hand `done` (for when an undo opens it again)
    after: tuple[int, ...]  # the scores after it
    moves: int  # moves in hands 1..done


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
        self._kept: dict[str, _Kept] = {}  # by game id, for the connection open now

    @property
    def path(self) -> Path:
        return self.directory / FILE_NAME

    # -- writing ----------------------------------------------------------------------

    def save_game(self, game_id: str, state: GameState, players: Sequence[Seat | Mapping[str, Any]],
                  extra: Mapping[str, Any] | None = None, status: Status | None = None) -> bool:
        """Insert or update a game (after every move and at its end); False when it could not be kept.

        `players` are the seats in order (`Player.to_json()` dicts will do); `extra` goes into the
        stored record (e.g. the setup, so an exported record resumes as a save does). The status is
        `finished` once the game is won, else `playing` unless given. The game's row is written, and
        the rows of the hands that changed since this store last wrote it: a move costs the same
        however long the game (the first save of a game in a process writes every hand).
        """
        seats = seats_of(players)
        if len(seats) != state.rules.seats:
            raise ValueError(f"{len(seats)} players for {state.rules.seats} seats")
        head = record_head(state, **dict(extra or {}))
        head["players"] = [s.model_dump(exclude_none=True) for s in seats]  # (no name: none was given)
        if status is None:
            status = "finished" if state.phase == "game_over" else "playing"
        stamp = self.clock()
        zero = (0,) * state.rules.sides

        def write(db: sqlite3.Connection) -> _Kept | None:
            was = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
            was_finished = was is not None and was[0] == "finished" and status != "finished"
            start, before, moves = self._written(game_id, state)
            if start and db.execute("SELECT 1 FROM game_hands WHERE game_id = ? AND number = ?",
                                    (game_id, start)).fetchone() is None:
                start, before, moves = 0, zero, 0  # its rows went (another window deleted the game)
            final = len(state.log) - (state.phase == "playing")  # hands 1..final are over
            kept = self._kept.get(game_id) if start else None
            if kept is not None and kept.done != start:  # (an undo opened hand `start + 1` again)
                kept = _Kept(start, state.log[start - 1], None, before, moves)
            rows, scores = [], before
            for n in range(start, len(state.log)):
                hand = state.log[n]
                score = hand_score(state.rules, scores, hand)
                written = json.dumps(hand_record(hand, reveal=n < final))  # (a hand in play: no secret yet)
                rows.append((game_id, n + 1, written, score.model_dump_json()))
                if n + 1 == final:
                    kept = _Kept(final, hand, scores, score.scores, moves + len(hand.moves))
                scores, moves = score.scores, moves + len(hand.moves)
            db.execute(
                "INSERT INTO games (id, started_at, updated_at, status, rules, players, winner, scores,"
                " moves, head, seeded, practice) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id)"
                " DO UPDATE SET"
                " updated_at = excluded.updated_at, status = excluded.status, rules = excluded.rules,"
                " players = excluded.players, winner = excluded.winner, scores = excluded.scores,"
                " moves = excluded.moves, head = excluded.head, seeded = excluded.seeded,"
                " practice = excluded.practice",
                (game_id, stamp, stamp, status, state.rules.model_dump_json(), json.dumps(head["players"]),
                 state.winner, json.dumps(list(state.scores)), moves, json.dumps(head),
                 head.get("seeded") is True, head.get("practice") is True))
            db.execute("DELETE FROM game_hands WHERE game_id = ? AND number > ?",
                       (game_id, len(state.log) if start else 0))
            db.executemany("INSERT INTO game_hands (game_id, number, hand, score) VALUES (?, ?, ?, ?)"
                           " ON CONFLICT (game_id, number) DO UPDATE SET hand = excluded.hand,"
                           " score = excluded.score", rows)
            if status == "finished" or was_finished:
                _store_ratings(db)  # (a game finished, or one taken back from its end: ratings after it move)
            return kept

        with self._lock:
            failed: tuple[bool, _Kept | None] = (False, None)
            done = self._run(lambda db: (True, write(db)), failed, writes=True)
            if done[0]:
                self._remember(game_id, done[1])
            return done[0]

    def _written(self, game_id: str, state: GameState) -> tuple[int, tuple[int, ...], int]:
        """Where this game's rows stand as this store wrote them: (hands over and written so, the scores
        after them, their moves); (0, ...): every hand is to be written."""
        kept = self._kept.get(game_id)
        if kept is None or kept.done > len(state.log):
            return 0, (0,) * state.rules.sides, 0
        hand, last = state.log[kept.done - 1], kept.last
        if hand is last or hand == last:
            return kept.done, kept.after, kept.moves
        if kept.before is not None and (hand.hands, hand.boneyard, hand.leader) == (last.hands, last.boneyard,
                                                                                    last.leader):
            return kept.done - 1, kept.before, kept.moves - len(last.moves)  # an undo opened it again
        return 0, (0,) * state.rules.sides, 0

    def _remember(self, game_id: str, kept: _Kept | None) -> None:
        if kept is None:
            self._kept.pop(game_id, None)
        else:
            self._kept[game_id] = kept

    def abandon(self, game_id: str) -> None:
        """A game left unfinished for good (a new game started over it): rated as lost."""
        def leave(db: sqlite3.Connection) -> None:
            if db.execute("UPDATE games SET status = 'abandoned', updated_at = ? WHERE id = ? AND"
                          " status = 'playing'", (self.clock(), game_id)).rowcount:
                _store_ratings(db)

        self._run(leave, None, writes=True, creates=False)

    def abandon_others(self, keep: str | None) -> None:
        """Every game still marked in play but `keep` is abandoned (at start: the window that played
        it was closed without finishing it, and only `keep` is resumed): each rated as lost."""
        def leave(db: sqlite3.Connection) -> None:
            if db.execute("UPDATE games SET status = 'abandoned', updated_at = ? WHERE status = 'playing'"
                          " AND id IS NOT ?", (self.clock(), keep)).rowcount:
                _store_ratings(db)

        self._run(leave, None, writes=True, creates=False)

    def delete(self, game_id: str) -> None:
        with self._lock:
            self._kept.pop(game_id, None)
            def forget(db: sqlite3.Connection) -> None:
                db.execute("DELETE FROM games WHERE id = ?", (game_id,))
                _store_ratings(db)  # (the games after it rate without it)

            self._run(forget, None, writes=True, creates=False)

    def save_analysis(self, game_id: str, analysis: GameAnalysis, game: GameState | None = None) -> bool:
        """Keep an analysis beside its game (for the record as it is now); False if it could not be.

        `game`: what the analysis was made from; it is kept only if the history's record is that game
        (a game still in play may have gone on since).
        """
        def write(db: sqlite3.Connection) -> bool:
            found = _record_of(db, game_id)
            if found is None:
                return False
            made_from = _record_hash(found)
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
        sql = f"SELECT {_COLUMNS}, rating FROM games"
        args: list[Any] = []
        if status is not None:
            sql += " WHERE status = ?"
            args.append(status)
        sql += " ORDER BY started_at DESC, rowid DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        return self._run(lambda db: self._entries(db, db.execute(sql, args).fetchall()[::-1]),
                         list[GameEntry]())

    def game(self, game_id: str) -> GameEntry | None:
        sql = f"SELECT {_COLUMNS}, rating FROM games WHERE id = ?"
        entries = self._run(lambda db: self._entries(db, db.execute(sql, (game_id,)).fetchall()),
                            list[GameEntry]())
        return entries[0] if entries else None

    def finished_on_deals(self, code: str, not_id: str | None = None) -> tuple[GameEntry, GameState] | None:
        """The latest finished game whose record carries this deal code (`deal_code`, as `save_game`
        writes it once a game is over), other than `not_id`, with the game replayed; None if none."""
        needle = json.dumps({"deal_code": code})[1:-1]  # (json.dumps: the spacing the head is written in)
        sql = (f"SELECT {_COLUMNS}, rating FROM games"
               " WHERE status = 'finished' AND instr(head, ?) > 0 AND id != ?"
               " ORDER BY started_at DESC, rowid DESC LIMIT 5")
        entries = self._run(lambda db: self._entries(db, db.execute(sql, (needle, not_id or "")).fetchall()),
                            list[GameEntry]())
        for entry in entries:
            data = self.record(entry.id)
            if data is None or data.get("deal_code") != code:
                continue
            try:
                return entry, replay(data)[0]
            except (RecordError, RecursionError):
                continue
        return None

    def deal_codes(self, limit: int = 5) -> list[tuple[GameEntry, str]]:
        """The latest finished games that carry a deal code, newest first, each with its code."""
        sql = (f"SELECT {_COLUMNS}, rating, head FROM games WHERE status = 'finished' AND instr(head, ?) > 0"
               " ORDER BY started_at DESC, rowid DESC LIMIT ?")

        def read(db: sqlite3.Connection) -> list[tuple[GameEntry, str]]:
            rows = db.execute(sql, ('"deal_code": "', limit)).fetchall()
            codes = {}
            for row in rows:
                try:
                    code = _parsed(row[-1]).get("deal_code")
                except (ValueError, AttributeError):
                    continue
                if isinstance(code, str) and len(code) <= 32:
                    codes[row[0]] = code
            return [(e, codes[e.id]) for e in self._entries(db, [r[:-1] for r in rows]) if e.id in codes]

        return self._run(read, [])

    def record(self, game_id: str) -> dict[str, Any] | None:
        """The game's record (RECORD.md, with the players and any extra fields), or None."""
        return self._run(lambda db: _record_of(db, game_id), None)

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
        `game`, only if that record is this game); given `game`, one of every seat serves fewer seats
        (the game-over screen's verdict weighs every seat, the review the people's)."""
        found = self._analysis(game_id, samples, seats, game)
        if found is None and game is not None and set(seats) != set(range(game.rules.seats)):
            from allfives.bots.analysis import narrowed

            whole = self._analysis(game_id, samples, range(game.rules.seats), game)
            found = None if whole is None else narrowed(game, whole, seats)
        return found

    def _analysis(self, game_id: str, samples: int, seats: Sequence[int] | range,
                  game: GameState | None = None) -> GameAnalysis | None:
        from allfives.bots.analysis import GameAnalysis

        def read(db: sqlite3.Connection) -> tuple[str, str, dict[str, Any] | None] | None:
            found = db.execute("SELECT analysis, record_hash FROM analyses WHERE game_id = ? AND key = ?",
                               (game_id, _analysis_key(samples, seats))).fetchone()
            return None if found is None else (found[0], found[1], _record_of(db, game_id))

        row = self._run(read, None)
        if row is None:
            return None
        text, made_from, record = row
        try:
            if record is None or _record_hash(record) != made_from:
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

    def _entries(self, db: sqlite3.Connection, rows: list[tuple]) -> list[GameEntry]:
        lines: dict[str, list[str]] = {r[0]: [] for r in rows}  # each game's hand by hand scores
        ids = list(lines)
        for at in range(0, len(ids), 500):  # (SQLite takes at most 999 parameters at once)
            some = ids[at:at + 500]
            for game_id, score in db.execute(
                    f"SELECT game_id, score FROM game_hands WHERE game_id IN ({', '.join('?' * len(some))})"
                    " ORDER BY game_id, number", some):
                lines[game_id].append(score)
        out = []
        for r in rows:
            try:
                out.append(GameEntry(
                    id=r[0], started_at=r[1], updated_at=r[2], status=r[3],
                    rules=_parsed(r[4]), players=_parsed(r[5]), winner=r[6], scores=_parsed(r[7]),
                    hands=[HandScore.model_validate_json(h) for h in lines[r[0]]], moves=r[8],
                    seeded=bool(r[9]), practice=bool(r[10]), rating=_stored_rating(r[11])))
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
        self._kept.clear()  # (the next connection may be to another file: write every hand again)
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
            migration = MIGRATIONS[number - 1]
            try:
                if isinstance(migration, str):
                    db.executescript(f"BEGIN; {migration} PRAGMA user_version = {number}; COMMIT;")
                else:
                    _migrate(db, migration, number)
            except sqlite3.OperationalError as e:
                db.rollback()
                if "already exists" in str(e) or "no such" in str(e):
                    raise _Damaged(f"schema {version} does not look like ours ({e})") from None
                raise
        found = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        for table, columns in _our_shape().items():  # (tables of its own beside ours do no harm)
            if table in found and _columns(db, table) != columns:
                raise _Damaged(f"its {table} table has other columns than schema {SCHEMA_VERSION}'s")
        if not found >= _TABLES:
            raise _Damaged("tables are missing")

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


def _migrate(db: sqlite3.Connection, migration: Callable[[sqlite3.Connection], None], number: int) -> None:
    """Run a migration written in Python in one transaction, foreign keys off: a table it rebuilds is
    dropped without taking the rows that refer to it along."""
    db.commit()
    db.execute("PRAGMA foreign_keys = OFF")  # (only outside a transaction)
    try:
        db.execute("BEGIN")
        migration(db)
        db.execute(f"PRAGMA user_version = {number}")
        db.commit()
    except BaseException:
        db.rollback()
        raise
    finally:
        db.execute("PRAGMA foreign_keys = ON")


def _stored_rating(text: str | None) -> tuple[float, float] | None:
    """A game's stored rating column: `[mu, sigma]`, or None (not finished, or not readable)."""
    try:
        mu, sigma = _parsed(text) if text else (None, None)
        return None if mu is None or sigma is None else (float(mu), float(sigma))
    except (ValueError, TypeError):
        return None


def _record_of(db: sqlite3.Connection, game_id: str) -> dict[str, Any] | None:
    """A game's record from its row and its hands' rows (None: no such game, or not readable)."""
    found = db.execute("SELECT head FROM games WHERE id = ?", (game_id,)).fetchone()
    if found is None:
        return None
    hands = [hand for (hand,) in db.execute("SELECT hand FROM game_hands WHERE game_id = ? ORDER BY number",
                                            (game_id,))]
    try:
        data = _parsed(found[0])
        if not isinstance(data, dict):
            return None
        if hands or "hands" not in data:  # (a record that could not be read at schema 3 keeps its own)
            data["hands"] = [_parsed(hand) for hand in hands]
    except ValueError:
        return None
    return data


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
