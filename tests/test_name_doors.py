"""The one name rule at every door a name comes in by: flags, the network hello, records, saves and saved
tables. A name that breaks it is refused with one line naming the player and why; nothing is lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from allfives.cli import main
from allfives.engine import GameState, Rules, to_record
from allfives.net.cli import parse_host, parse_join
from allfives.net.table import Table
from allfives.play.saving import SaveStore
from allfives.play.session import Session
from allfives.play.setup import GameSetup, NameRefused, Player, default_players
from tests.hostile import HOSTILE_NAMES, REFUSED_NAMES

RTL = "Eve\u202eevil"  # an RTL override: the door refuses it, no screen ever sees it
BAD = [name for name in REFUSED_NAMES if isinstance(name, str) and name.strip()]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "data"
    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(path))
    return path


def players_named(*names: object) -> list[dict]:
    return [{"name": name, "kind": "person" if seat == 0 else "bot", "level": "easy"}
            for seat, name in enumerate(names)]


def record_file(tmp_path: Path, *names: object) -> Path:
    state = GameState.new(Rules(seats=len(names)), seed=3)
    for _ in range(6):
        state, _ = state.apply(state.legal_moves()[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_record(state, players=players_named(*names))))
    return path


def test_a_player_is_never_made_with_a_name_no_screen_could_show() -> None:
    assert Player("  Ada   Lee ").name == "Ada Lee"
    for name in BAD:
        with pytest.raises(ValueError):
            Player(name)


@pytest.mark.parametrize("name", BAD)
def test_a_record_naming_a_player_against_the_rule_is_refused_naming_them(name: str) -> None:
    rules = Rules(seats=2)
    with pytest.raises(NameRefused, match=f"player 2's name .* is refused: .*{REFUSED_NAMES[name]}"):
        GameSetup.from_record(rules, None, {"players": players_named("Ann", name)})


def test_the_refusal_shows_the_name_safely_and_short() -> None:
    with pytest.raises(NameRefused) as refused:
        GameSetup.from_record(Rules(seats=2), None, {"players": players_named("Ann", "\x1b[2J" + "x" * 60)})
    message = str(refused.value)
    assert "\x1b" not in message and "\\x1b[2J" in message and len(message) < 140 and "\n" not in message
    with pytest.raises(NameRefused, match="player 1's name is refused: a name must be text"):
        GameSetup.from_record(Rules(seats=2), None, {"players": players_named(["Ann"], "Bo")})


def test_review_refuses_such_a_record_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = record_file(tmp_path, "Ann", RTL)
    for how in ([], ["--json"], ["--text"]):
        assert main(["review", str(path), *how, "--samples", "1"]) == 2
        out = capsys.readouterr()
        assert out.out == "" and out.err.count("\n") == 1, out
        assert "player 2's name" in out.err and "U+202E" in out.err and "\u202e" not in out.err


@pytest.mark.parametrize("name", BAD)
def test_replay_and_review_refuse_the_same_names_in_the_same_line(name: str, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture) -> None:
    """One door for a record file (allfives.record_file): replay once showed such a record as `seat 2`."""
    path = record_file(tmp_path, "Ann", name)
    said = set()
    for command in (["replay"], ["replay", "--json"], ["review", "--text", "--samples", "1"]):
        assert main([command[0], str(path), *command[1:]]) == 2, command
        out = capsys.readouterr()
        assert out.out == "" and out.err.count("\n") == 1, out
        said.add(out.err)
    (line,) = said
    # (the file named first, a long path cut from its start: …/game.json)
    assert f"{path.name}: player 2's name" in line and REFUSED_NAMES[name] in line
    assert line[:-1].isprintable()  # (the name written out)


def test_a_journal_that_sets_a_name_against_the_rule_is_refused_as_the_record_is(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from allfives.userdata import JOURNAL_FORMAT, JOURNAL_ID, journal_path

    path = record_file(tmp_path, "Ann", "Bo")
    data = json.loads(path.read_text())
    path.write_text(json.dumps({**data, JOURNAL_ID: "j1"}))
    head = json.dumps({"journal": JOURNAL_FORMAT, "base": "j1"})
    journal_path(path).write_text(head + "\n" + json.dumps({"set": {"players": players_named("Ann", RTL)}})
                                  + "\n")
    assert main(["replay", str(path)]) == 2
    assert "player 2's name" in capsys.readouterr().err
    journal_path(path).write_text(head + "\n" + json.dumps({"set": {"players": players_named(" Ann ", "Cy")}})
                                  + "\n")
    assert main(["replay", str(path)]) == 0  # (a name the rule folds is a good name)
    assert "scores: Ann " in capsys.readouterr().out  # the seats by the journal's names


def test_a_save_naming_a_player_against_the_rule_is_set_aside_with_a_message(data_dir: Path) -> None:
    store = SaveStore(data_dir)
    setup = GameSetup(rules=Rules(seats=2), players=default_players(2), bot_delay=0)
    Session.new(setup, store)
    saved = json.loads(store.path.read_text())
    saved["players"][1]["name"] = RTL
    store.path.write_text(json.dumps(saved))
    outcome = store.load()
    assert outcome.game is None and outcome.problem is not None
    assert "player 2's name" in outcome.problem and "format character" in outcome.problem
    kept = list(data_dir.glob("save.corrupt-*.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text()) == saved  # nothing lost
    assert not store.path.exists()


def test_a_saved_table_naming_a_player_against_the_rule_is_refused(tmp_path: Path) -> None:
    table = Table.new(Rules(seats=2), save_path=tmp_path / "table.json")
    table.sit("Ann")
    table.start()
    data = table.record()
    data["players"][0]["name"] = "bell\x07"
    (tmp_path / "table.json").write_text(json.dumps(data))
    with pytest.raises(ValueError, match="player 1's name .* control character"):
        Table.load(tmp_path / "table.json")


@pytest.mark.parametrize("name", [RTL, "A" * 21, "   "])
def test_name_flags_keep_the_rule(name: str, capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as join:
        parse_join(["localhost:1", "--code", "K7QM-3XRT-9BHD", "--insecure", "--name", name])
    assert join.value.code == 2 and "--name: a name" in capsys.readouterr().err
    with pytest.raises(SystemExit) as host:
        parse_host(["--port", "0", "--name", name])
    assert host.value.code == 2 and "--name: a name" in capsys.readouterr().err


def test_every_hostile_name_passes_the_flags_as_it_is() -> None:
    for name in HOSTILE_NAMES:
        assert parse_join(["localhost:1", "--code", "K7QM-3XRT-9BHD", "--insecure", "--name", name]
                          ).name == name


@pytest.mark.parametrize("command", ["replay", "review"])
def test_a_records_words_reach_a_terminal_written_out(tmp_path: Path, capsys: pytest.CaptureFixture,
                                                      command: str) -> None:
    path = record_file(tmp_path, "Ann", "Bo")
    data = json.loads(path.read_text())
    data["hands"][0]["moves"][0] = "6-6\x1b[2J\u202e\x07"
    path.write_text(json.dumps(data))
    assert main([command, str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and not any(c in err for c in "\x1b\u202e\x07"), err
