"""The history database: games kept move by move, analyses beside them, damage moved aside, migrations."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from allfives.bots.analysis import VERSION as ANALYSIS_VERSION
from allfives.bots.analysis import GameAnalysis, analyse_game
from allfives.engine import GameState, replay, to_record
from allfives.history import HistoryStore, stored_analysis
from allfives.history.games import hand_scores
from allfives.history.store import MIGRATIONS, SCHEMA_VERSION
from allfives.history.store import _record_hash as record_hash

Game = Callable[..., GameState]


def shared(game: GameState) -> GameState:
    """The game as the history keeps it: a record to share, without the secret of a hand in play."""
    return replay(to_record(game))[0]


def save_every_move(store: HistoryStore, game_id: str, game: GameState, players: list[dict]) -> None:
    """Save the game the way the app does: after every move (here, every prefix of its record)."""
    record = to_record(game)
    for h, hand in enumerate(record["hands"]):
        for m in range(len(hand["moves"]) + 1):
            cut = dict(record, hands=record["hands"][:h] + [dict(hand, moves=hand["moves"][:m])])
            assert store.save_game(game_id, replay(cut)[0], players)


def test_a_game_saved_after_every_move_is_one_row_that_replays(store: HistoryStore, play_game: Game,
                                                               players: Callable[..., list[dict]]) -> None:
    game = play_game(21, target=100)
    save_every_move(store, "g1", game, players("medium"))
    [entry] = store.games()
    assert entry.id == "g1" and entry.status == "finished" and entry.winner == game.winner
    assert entry.scores == game.scores and entry.moves == sum(len(h.moves) for h in game.log)
    assert [p.label for p in entry.players] == ["person", "medium"] and entry.opponents == "medium"
    assert entry.started_at <= entry.updated_at
    assert store.load("g1") == game
    assert store.record("g1")["players"][0]["kind"] == "person"
    assert entry.hands[-1].scores == game.scores and len(entry.hands) == game.hand_number


def test_games_in_play_and_abandoned(store: HistoryStore, play_game: Game, players: Callable[..., list[dict]]
                                     ) -> None:
    store.save_game("old", play_game(1, stop_after=10), players("easy"))
    store.save_game("new", play_game(2, stop_after=5), players("hard"))
    store.abandon("old")
    store.abandon("missing")  # nothing there: nothing happens
    assert {g.id: g.status for g in store.games()} == {"old": "abandoned", "new": "playing"}
    assert [g.id for g in store.games(status="playing")] == ["new"]
    assert [g.id for g in store.games()] == ["old", "new"] and [g.id for g in store.games(limit=1)] == ["new"]
    store.save_game("third", play_game(3, stop_after=5), players("hard"))
    store.abandon_others(keep="third")
    statuses = {g.id: g.status for g in store.games()}
    assert statuses == {"old": "abandoned", "new": "abandoned", "third": "playing"}
    store.delete("new")
    assert [g.id for g in store.games()] == ["old", "third"] and store.take_problem() is None


def test_an_analysis_is_kept_for_the_record_it_was_made_from(store: HistoryStore, play_game: Game,
                                                             players: Callable[..., list[dict]]) -> None:
    early = play_game(3, stop_after=12)
    store.save_game("g", early, players("medium"))
    analysis = analyse_game(early, [0], samples=2)
    assert store.save_analysis("g", analysis)
    assert store.analysis("g", 2, [0]) == analysis
    assert store.analysis("g", 3, [0]) is None and store.analysis("g", 2, [0, 1]) is None
    store.save_game("g", play_game(3, stop_after=14), players("medium"))
    assert store.analysis("g", 2, [0]) is None  # the game went on: analyse it again
    assert not store.save_analysis("nothing", analysis)


def test_an_analysis_of_every_seat_serves_the_review_of_fewer(store: HistoryStore, play_game: Game,
                                                               players: Callable[..., list[dict]]) -> None:
    """The game-over verdict weighs every seat and keeps that; the review of the person's seat opens
    with it at once, the same numbers as weighing that seat alone."""
    game = play_game(3, stop_after=16)
    store.save_game("g", game, players("medium"))
    assert store.save_analysis("g", analyse_game(game, [0, 1], samples=2))
    assert store.analysis("g", 2, [1], game) == analyse_game(game, [1], samples=2)
    assert store.analysis("g", 2, [1]) is None  # (not without the game to narrow it by)


def test_a_second_review_is_instant(store: HistoryStore, play_game: Game,
                                    players: Callable[..., list[dict]]) -> None:
    game = play_game(13, stop_after=20)
    store.save_game("g", game, players("hard"))
    told: list[int] = []

    def review() -> GameAnalysis:
        return stored_analysis(store, "g", game, [0], samples=2, progress=lambda done, _: told.append(done))

    first = review()
    assert told and first.seats == (0,)
    told.clear()
    assert review() == first and told == []  # nothing weighed again


def test_export_writes_a_record_that_replays(store: HistoryStore, play_game: Game, tmp_path: Path,
                                             players: Callable[..., list[dict]]) -> None:
    game = play_game(4, target=80)
    store.save_game("g", game, players("easy"), extra={"bot_delay": 0.5})
    out = tmp_path / "out" / "game.json"
    store.export("g", out)
    data = json.loads(out.read_text())
    assert replay(data)[0] == game and data["bot_delay"] == 0.5
    with pytest.raises(KeyError):
        store.export("nothing", out)


def test_a_corrupt_database_is_moved_aside_and_the_store_keeps_working(
        data_dir: Path, play_game: Game, players: Callable[..., list[dict]]) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "history.sqlite3").write_bytes(b"this is no database " * 200)
    store = HistoryStore()
    game = play_game(5, stop_after=20)
    assert store.save_game("in play", game, players("hard"))
    problem = store.take_problem()
    assert problem is not None and "moved to" in problem and store.take_problem() is None
    [aside] = data_dir.glob("history.corrupt-*.sqlite3")
    assert aside.read_bytes().startswith(b"this is no database")
    assert [g.id for g in store.games()] == ["in play"] and store.load("in play") == shared(game)


def test_damage_found_in_use_never_loses_the_game_in_play(data_dir: Path, play_game: Game,
                                                          players: Callable[..., list[dict]]) -> None:
    store = HistoryStore()
    for n in range(30):  # a few pages of games
        store.save_game(f"old {n}", play_game(n, stop_after=30), players("easy"))
    store.close()  # the app ends
    path = data_dir / "history.sqlite3"
    raw = bytearray(path.read_bytes())
    raw[4096:] = b"\xff" * (len(raw) - 4096)  # every page past the first is garbage
    path.write_bytes(bytes(raw))
    game = play_game(99, stop_after=25)
    assert HistoryStore().save_game("in play", game, players("easy"))  # the app's next start
    assert list(data_dir.glob("history.corrupt-*.sqlite3"))
    assert HistoryStore().load("in play") == shared(game)


def test_a_database_of_something_else_is_moved_aside(data_dir: Path, play_game: Game,
                                                     players: Callable[..., list[dict]]) -> None:
    data_dir.mkdir(parents=True)
    with sqlite3.connect(data_dir / "history.sqlite3") as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
    db.close()
    store = HistoryStore()
    assert store.save_game("g", play_game(6, stop_after=5), players("easy"))
    assert "something else" in (store.take_problem() or "")
    assert len(list(data_dir.glob("history.corrupt-*.sqlite3"))) == 1


def test_a_newer_database_is_read_but_never_written(data_dir: Path, play_game: Game,
                                                   players: Callable[..., list[dict]]) -> None:
    first = HistoryStore()
    first.save_game("kept", play_game(7, stop_after=5), players("easy"))
    first.close()
    with sqlite3.connect(data_dir / "history.sqlite3") as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    store = HistoryStore()
    assert [g.id for g in store.games()] == ["kept"]
    assert "newer version" in (store.take_problem() or "")
    assert not store.save_game("new", play_game(8, stop_after=5), players("easy"))
    assert [g.id for g in store.games()] == ["kept"] and not list(data_dir.glob("history.corrupt-*"))


def v1_row(game_id: str, game: GameState, seats: list[dict]) -> tuple:
    """A games row as schemas 1 and 2 held it: the whole record in a column, each hand's scores in another."""
    record = to_record(game, players=seats)
    return (game_id, "2024-05-01T12:00:00.000+00:00", "2024-05-01T12:30:00.000+00:00", "playing",
            game.rules.model_dump_json(), json.dumps(seats), game.winner, json.dumps(list(game.scores)),
            json.dumps([h.model_dump() for h in hand_scores(game)]), sum(len(h.moves) for h in game.log),
            json.dumps(record))


def test_an_older_schema_is_migrated_and_keeps_its_games(data_dir: Path, play_game: Game,
                                                         players: Callable[..., list[dict]]) -> None:
    game = play_game(9, stop_after=15)
    data_dir.mkdir(parents=True)
    with sqlite3.connect(data_dir / "history.sqlite3") as db:  # the file as version 1 left it
        db.executescript(MIGRATIONS[0] + "PRAGMA user_version = 1;")
        db.execute(f"INSERT INTO games VALUES ({', '.join('?' * 11)})", v1_row("g", game, players("medium")))
    db.close()
    store = HistoryStore()
    assert [g.id for g in store.games()] == ["g"] and store.load("g") == shared(game)
    assert store.games()[0].seeded  # from the record's own "seeded": true
    assert store.save_analysis("g", analyse_game(game, [0], samples=1))
    with sqlite3.connect(data_dir / "history.sqlite3") as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()
    assert store.take_problem() is None


def test_a_version_2_history_keeps_its_games_and_their_analyses(data_dir: Path, play_game: Game,
                                                                  players: Callable[..., list[dict]]) -> None:
    """Schema 3 takes each record's hands into rows of their own; what was made from a record stays its."""
    games = {"a": play_game(14, target=60), "b": play_game(15, stop_after=40)}
    analysis = analyse_game(games["b"], [0], samples=1)
    data_dir.mkdir(parents=True)
    with sqlite3.connect(data_dir / "history.sqlite3") as db:  # the file as version 2 left it
        db.executescript(MIGRATIONS[0] + MIGRATIONS[1] + "PRAGMA user_version = 2;")
        for game_id, game in games.items():
            db.execute(f"INSERT INTO games VALUES ({', '.join('?' * 11)})",
                       v1_row(game_id, game, players("hard")))
        db.execute("INSERT INTO games VALUES ('torn', '2024', '2024', 'playing', '{}', '[]', NULL, '[]',"
                   " '[]', 0, '{\"format\": \"allfives-rec')")  # a record no version could read
        record = json.loads(v1_row("b", games["b"], players("hard"))[-1])
        db.execute("INSERT INTO analyses VALUES ('b', ?, ?, ?)",
                   (f"v{ANALYSIS_VERSION}:1:0", record_hash(record), analysis.model_dump_json()))
    db.close()
    store = HistoryStore()
    assert [g.id for g in store.games()] == ["torn", "a", "b"] and store.take_problem() is None
    for game_id, game in games.items():
        assert store.load(game_id) == shared(game) and store.game(game_id).hands == hand_scores(game)
    assert store.analysis("b", 1, [0], games["b"]) == analysis
    assert store.record("torn") is None


def test_a_move_rewrites_its_hand_row_and_the_games_row_only(store: HistoryStore, play_game: Game,
                                                             players: Callable[..., list[dict]]) -> None:
    game = play_game(16, target=250)
    record = to_record(game)
    assert game.hand_number >= 4
    states = []
    for moves in range(1, len(record["hands"][-1]["moves"]) + 1):
        cut = dict(record, hands=record["hands"][:-1] + [dict(record["hands"][-1],
                                                               moves=record["hands"][-1]["moves"][:moves])])
        states.append(replay(cut)[0])
    assert store.save_game("g", states[0], players("easy"))  # the first save of a game here writes it all
    db = store._db  # (the store's one connection: what it changed, counted by SQLite)
    assert db is not None
    for state in states[1:]:
        before = db.total_changes
        assert store.save_game("g", state, players("easy"))
        # the game's row and its last hand's, however many hands (and at its end, the rating after it)
        assert db.total_changes - before == 2 + (state.phase == "game_over")
    assert store.load("g") == game and store.game("g").hands == hand_scores(game)


def test_a_hand_opened_again_by_an_undo_is_kept_as_played(store: HistoryStore, play_game: Game,
                                                          players: Callable[..., list[dict]]) -> None:
    """The play that ended a hand taken back (undo works at a hand's end) and the hand played otherwise."""
    game = play_game(17, target=250)
    record = to_record(game)
    ended = replay(dict(record, hands=record["hands"][:3]))[0]
    assert ended.phase == "hand_over"
    store.save_game("g", play_game(17, stop_after=5), players("easy"))
    store.save_game("g", ended, players("easy"))
    last = record["hands"][2]
    opened = replay(dict(record, hands=record["hands"][:2] + [dict(last, moves=last["moves"][:-3])]))[0]
    assert store.save_game("g", opened, players("easy"))
    assert store.game("g").hands == hand_scores(opened)
    otherwise = opened
    while otherwise.phase == "playing":
        otherwise = otherwise.apply(otherwise.legal_moves()[-1])[0]
        assert store.save_game("g", otherwise, players("easy"))
        assert store.game("g").hands == hand_scores(otherwise) and store.load("g") == shared(otherwise)


def test_a_busy_database_is_told_and_left_alone(data_dir: Path, play_game: Game,
                                                players: Callable[..., list[dict]],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    store = HistoryStore()
    store.save_game("g", play_game(10, stop_after=5), players("easy"))
    monkeypatch.setattr(HistoryStore, "busy_timeout", 0.05)
    other = sqlite3.connect(data_dir / "history.sqlite3", isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")  # another window in the middle of a write
        assert not store.save_game("g", play_game(10, stop_after=8), players("easy"))
        assert "locked" in (store.take_problem() or "")
    finally:
        other.close()
    assert not list(data_dir.glob("history.corrupt-*"))
    assert store.save_game("g", play_game(10, stop_after=8), players("easy"))


def test_a_data_dir_that_cannot_be_made_is_told_not_raised(data_dir: Path, play_game: Game,
                                                           players: Callable[..., list[dict]]) -> None:
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    data_dir.write_text("a file where the data folder should be")
    store = HistoryStore()
    assert not store.save_game("g", play_game(11, stop_after=3), players("easy"))
    assert store.games() == [] and store.take_problem() is not None


def test_a_database_of_our_version_but_another_shape_is_moved_aside(
        data_dir: Path, play_game: Game, players: Callable[..., list[dict]]) -> None:
    """It used to be kept: every launch said the history could not be used, and no game was ever kept."""
    data_dir.mkdir(parents=True)
    with sqlite3.connect(data_dir / "history.sqlite3") as db:
        db.executescript("CREATE TABLE games (id TEXT PRIMARY KEY, score INTEGER);" + MIGRATIONS[1]
                         + f"PRAGMA user_version = {SCHEMA_VERSION};")
    db.close()
    store = HistoryStore()
    game = play_game(12, stop_after=6)
    assert store.save_game("g", game, players("easy"))
    problem = store.take_problem() or ""
    assert "games table has other columns" in problem and "moved to" in problem
    assert len(list(data_dir.glob("history.corrupt-*.sqlite3"))) == 1
    store.close()
    again = HistoryStore()  # the next launch: no word of it, the game is there
    assert [g.id for g in again.games()] == ["g"] and again.load("g") == shared(game)
    assert again.take_problem() is None


@pytest.mark.parametrize("where, kind", [("history.sqlite3", "a FIFO"), ("history.sqlite3", "a directory"),
                                         ("history.sqlite3-wal", "a FIFO")])
def test_a_fifo_or_a_folder_in_its_place_is_told_once_and_play_goes_on(
        data_dir: Path, play_game: Game, players: Callable[..., list[dict]], where: str, kind: str) -> None:
    data_dir.mkdir(parents=True)
    (os.mkfifo if kind == "a FIFO" else os.mkdir)(data_dir / where)
    store = HistoryStore()
    told: list[object] = []

    def use() -> None:  # in a thread: a store that opened the FIFO would wait for ever
        told.append(store.save_game("g", play_game(13, stop_after=4), players("easy")))
        told.append(store.take_problem())
        told.append((store.games(), store.save_game("g", play_game(13, stop_after=5), players("easy")),
                     store.take_problem()))

    worker = threading.Thread(target=use, daemon=True)
    worker.start()
    worker.join(timeout=20)
    assert not worker.is_alive(), "the history blocked on a file that is not a database"
    saved, problem, later = told
    assert saved is False and f"{where} is {kind}, not a file" in str(problem)
    assert "play goes on" in str(problem)
    assert later == ([], False, None)  # said once; nothing moved, nothing made
    assert [p.name for p in data_dir.iterdir()] == [where]


def test_reading_a_history_that_is_not_there_makes_none(data_dir: Path, play_game: Game) -> None:
    store = HistoryStore()
    assert store.games() == [] and store.game("g") is None and store.record("g") is None
    assert store.load("g") is None and store.analysis("g", 10, [0]) is None
    store.abandon("g")
    store.abandon_others(None)
    store.delete("g")
    assert store.take_problem() is None and not data_dir.exists()


def test_a_seeded_game_is_marked_and_an_unseeded_one_is_not(store: HistoryStore, play_game: Game,
                                                             players: Callable[..., list[dict]]) -> None:
    from allfives.engine import Rules

    store.save_game("seeded", play_game(4, stop_after=6), players("easy"))
    store.save_game("fresh", GameState.new(Rules()), players("easy"))  # dealt from fresh secrets
    entries = {g.id: g for g in store.games()}
    assert entries["seeded"].seeded and entries["seeded"].against == "easy · seeded"
    assert not entries["fresh"].seeded and entries["fresh"].against == "easy"
    assert store.record("seeded")["seeded"] is True and "seeded" not in store.record("fresh")
