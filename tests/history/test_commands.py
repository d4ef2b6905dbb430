"""`allfives review FILE` and `allfives stats`: JSON for scripts, text for people, one line for a bad file."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from allfives.cli import main
from allfives.engine import GameState, to_record
from allfives.history import HistoryStore
from allfives.reports import ProgressLine

Game = Callable[..., GameState]


@pytest.fixture
def record_file(tmp_path: Path, play_game: Game, players: Callable[..., list[dict]]) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_record(play_game(31, stop_after=40), players=players("medium"))))
    return path


def test_review_json_has_every_decision_of_the_person(record_file: Path,
                                                      capsys: pytest.CaptureFixture) -> None:
    assert main(["review", str(record_file), "--json", "--samples", "3"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["seats"] == [0] and doc["samples"] == 3 and doc["decisions"]
    for d in doc["decisions"]:
        assert d["seat"] == 0 and {"played", "best", "played_points", "best_points", "cost"} <= d.keys()
        if not d["forced"]:
            assert d["cost"] == pytest.approx(d["best_points"] - d["played_points"], abs=0.011)
    assert doc["game"][0]["decisions"] == len(doc["decisions"])
    me = doc["luck"]["game"][0]  # luck and skill per side, their sum beside the real margin
    # the luck weighs every seat (a bot's mistake is the person's skill, not luck); the analysis is theirs
    assert me["seats"] == [0] and doc["luck"]["seats"] == [0, 1]
    assert me["sum"] == pytest.approx(me["luck"] + me["skill"], abs=0.02)
    assert me["lost"] == pytest.approx(sum(d["cost"] for d in doc["decisions"]), abs=0.05)
    assert me["skill"] == pytest.approx(me["gained"] - me["lost"], abs=0.02) and me["gained"] > 0


def test_review_repeats_itself_in_another_process(record_file: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["review", str(record_file), "--json", "--samples", "2"]) == 0
    here = capsys.readouterr().out
    run = subprocess.run([sys.executable, "-c", "from allfives.cli import main; raise SystemExit(main())",
                          "review", str(record_file), "--json", "--samples", "2"], capture_output=True,
                         text=True, timeout=120, env=dict(os.environ, PYTHONHASHSEED="12345"))
    assert run.returncode == 0 and run.stdout == here


def test_review_tells_its_progress_on_stderr_and_prints_only_the_result(
        record_file: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["review", str(record_file), "--json", "--samples", "2"]) == 0
    out = capsys.readouterr()
    mine = len(json.loads(out.out)["decisions"])  # stdout is the document and nothing else
    lines = out.err.splitlines()
    assert all(line.startswith("weighing decisions: ") for line in lines)
    total = int(lines[-1].rsplit("/", 1)[1])  # every seat's: the luck weighs them all
    assert total > mine
    assert (lines[0], lines[-1]) == (f"weighing decisions: 1/{total}", f"weighing decisions: {total}/{total}")


class Stream(io.StringIO):
    def __init__(self, terminal: bool) -> None:
        super().__init__()
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal


def test_progress_is_one_line_on_a_terminal_and_a_line_now_and_then_elsewhere() -> None:
    now = [0.0]
    for terminal, every in ((True, 0.1), (False, 10.0)):
        stream = Stream(terminal)
        told = ProgressLine(stream, clock=lambda: now[0])
        for done in range(1, 2_501):
            now[0] += every / 3  # three decisions between two lines
            told(done, 2_500)
        text = stream.getvalue()
        if terminal:
            assert text.startswith("\rweighing decisions: 1/2,500\r") and text.count("\n") == 1
            assert text.endswith("\rweighing decisions: 2,500/2,500\n")
        else:
            lines = text.splitlines()
            assert (lines[0], lines[-1]) == ("weighing decisions: 1/2,500", "weighing decisions: 2,500/2,500")
            assert "\r" not in text and 2_500 // 4 < len(lines) < 2_500 // 2
        now[0] = 0.0


def test_review_all_seats_and_text(record_file: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["review", str(record_file), "--json", "--all-seats", "--samples", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["seats"] == [0, 1]
    assert main(["review", str(record_file), "--text", "--samples", "2"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("2 seats") and "accuracy" in text
    names = [p["name"] for p in json.loads(record_file.read_text())["players"]]
    assert f"weighed: {names[0]}\n" in text and f"\ngame\n  {names[0]}: " in text  # the seat by its name
    verdict = text.split("luck and skill (1 playout a chance value)\n  ")[1].splitlines()[0]
    assert " so far: the deals and draws " in verdict and " play " in verdict


@pytest.mark.parametrize("content, says", [
    ("{ not json", "not valid JSON"),
    (json.dumps({"format": "allfives-record/1", "hands": [{"hands": [["6-6"]], "leader": 0}]}), "hand 1"),
    (None, "not a regular file"),
])
def test_a_bad_record_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture,
                                             content: str | None, says: str) -> None:
    path = tmp_path / "bad.json"
    if content is None:
        path.mkdir()
    else:
        path.write_text(content)
    assert main(["review", str(path)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and says in out.err and out.err.count("\n") == 1


def test_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    run = subprocess.run([sys.executable, "-c", "from allfives.cli import main; raise SystemExit(main())",
                          "review", str(fifo)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr.strip().endswith("pipe.json: not a regular file (a FIFO), so not a game record")


def test_stats_json_counts_the_history(data_dir: Path, play_game: Game, players: Callable[..., list[dict]],
                                       capsys: pytest.CaptureFixture) -> None:
    assert main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["overall"]["games"] == 0
    HistoryStore().save_game("g", play_game(32, target=60), players("easy"))
    assert main(["stats", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["overall"]["games"] == 1 and doc["by_table"][0]["opponents"] == "easy"
    assert doc["seeded"] == 1  # play_game's games are seeded: practice
    assert main(["stats"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("overall: ")
    assert first.endswith("; 1 of the finished games practice (seeded deals)")


def test_stats_on_a_damaged_history_says_so_and_goes_on(data_dir: Path,
                                                        capsys: pytest.CaptureFixture) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "history.sqlite3").write_text("garbage" * 100)
    assert main(["stats"]) == 0
    out = capsys.readouterr()
    assert "moved to" in out.err and out.out.startswith("overall: no finished games")


def test_review_without_text_or_json_opens_the_review_screen(record_file: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from allfives.ui import launch
    from allfives.ui.review.app import ReviewApp

    ran = []
    monkeypatch.setattr(launch, "run", lambda app: ran.append(app) or 0)  # (the status the app ended with)
    assert main(["review", str(record_file), "--samples", "7"]) == 0
    [app] = ran
    assert isinstance(app, ReviewApp) and app.samples == 7
    assert app.game.seats == (0,) and app.game.setup.players[0].is_person and app.game.history_id is None
    assert app.game.game == json_game(record_file)


def json_game(path: Path) -> GameState:
    from allfives.engine import replay

    return replay(json.loads(path.read_text()))[0]


def test_stats_and_review_of_a_file_on_a_fresh_machine_make_nothing(data_dir: Path, record_file: Path,
                                                                    capsys: pytest.CaptureFixture) -> None:
    """Reading creates no history database, nor even the data folder."""
    assert main(["stats"]) == 0 and capsys.readouterr().out.startswith("overall: no finished games")
    assert main(["stats", "--json"]) == 0 and json.loads(capsys.readouterr().out)["overall"]["games"] == 0
    assert main(["review", str(record_file), "--json", "--samples", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["samples"] == 1
    assert not data_dir.exists()


def test_stats_shows_the_rating_its_interval_and_where_it_stands(data_dir: Path, play_game: Game,
                                                                 players: Callable[..., list[dict]],
                                                                 capsys: pytest.CaptureFixture) -> None:
    from allfives.history.rating import rounded

    store = HistoryStore()
    for n in range(3):
        store.save_game(f"g{n}", play_game(60 + n), players("medium"), extra={"seeded": False})
    store.save_game("p", play_game(63), players("medium"), extra={"seeded": False, "practice": True})
    store.save_game("3", play_game(64, seats=3), players("medium", "medium"), extra={"seeded": False})
    store.save_game("left", play_game(65, stop_after=4), players("medium"), extra={"seeded": False})
    store.abandon("left")
    assert main(["stats", "--json"]) == 0
    rating = json.loads(capsys.readouterr().out)["rating"]
    assert rating["rated"] == 4 and rating["practice"] == 1 and len(rating["series"]) == 6
    assert rating["abandoned"] == 1 and rating["unmeasured"] == 1
    now = rating["now"]
    assert now["low"] < now["mu"] < now["high"]
    assert now["high"] - now["low"] == pytest.approx(4 * now["sigma"])
    assert [p["unrated"] for p in rating["series"]] == [None, None, None, "practice", "seats", None]
    assert main(["stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    line, games = next(out[n:n + 2] for n, x in enumerate(out) if x.startswith("rating: "))
    assert f"{rounded(now['mu']):,} ± {rounded(2 * now['sigma']):,}" in line
    assert f"(95% interval {rounded(now['low']):,}–{rounded(now['high']):,})" in line
    assert any(f"), {where}" in line for where in ("between", "above", "below", "around", "not placed"))
    assert games == ("  4 games rated; 1 of them abandoned for a new game, counted as lost; 1 practice game"
                     " (a hint or an undo) not rated; 1 game with 3 or 4 seats or other rules not rated (the"
                     " bots were measured at 2 seats, to 250)")


DEEP = "[" * 50_000 + "]" * 50_000  # past Python's stack: json.loads raises RecursionError, not ValueError


@pytest.mark.parametrize(("table", "column", "value", "counted"), [
    ("games", "players", DEEP, 1), ("games", "rules", DEEP, 1), ("games", "scores", DEEP, 1),
    ("games", "rating", DEEP, 2),
    ("games", "head", '{"deal_code": "' + "0" * 20 + '", "x": ' + DEEP + "}", 2),  # (deal_codes reads it)
    ("game_hands", "hand", DEEP, 2), ("game_hands", "score", '{"a": ' * 50_000 + "1" + "}" * 50_000, 1),
], ids=lambda value: value if len(str(value)) < 20 else "deep")
def test_stats_passes_over_a_row_nested_50000_deep_like_any_damaged_one(
        data_dir: Path, play_game: Game, players: Callable[..., list[dict]], capsys: pytest.CaptureFixture,
        table: str, column: str, value: str, counted: int) -> None:
    import sqlite3

    store = HistoryStore()
    for game_id, seed in (("deep", 32), ("fine", 33)):
        store.save_game(game_id, play_game(seed, target=60), players("easy"))
    store.close()
    key = "id" if table == "games" else "game_id"
    with contextlib.closing(sqlite3.connect(data_dir / "history.sqlite3")) as db, db:
        assert db.execute(f"UPDATE {table} SET {column} = ? WHERE {key} = 'deep'", (value,)).rowcount >= 1
    assert main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["overall"]["games"] == counted  # the other game still counts
    assert main(["stats"]) == 0
    out = capsys.readouterr()
    assert out.out.startswith("overall: ") and "crashed" not in out.err
    again = HistoryStore()
    if column in ("head", "hand"):
        assert again.record("deep") is None and again.load("deep") is None
    assert again.load("fine") is not None
