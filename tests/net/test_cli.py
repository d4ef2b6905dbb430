"""`allfives host` and `allfives join` as a person types them: flags, resuming, refusals in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from allfives.cli import main
from allfives.net.cli import host_parser, open_table, parse_join, wanted_seat

from .helpers import four_seat_table


def test_host_takes_the_game_flags_of_play_and_opens_a_new_table(tmp_path: Path) -> None:
    args = host_parser().parse_args(["--seats", "4", "--cut-throat", "--level", "hard", "--people", "2",
                                     "--away", "5", "--turn-clock", "90", "--auto-cover", "--bot-delay", "0"])
    table, note = open_table(args, tmp_path / "table.json")
    assert note == "" and table.phase == "lobby"
    assert table.setup.rules.seats == 4 and not table.setup.rules.partnership
    assert {p.level for p in table.setup.players} == {"hard"} and table.setup.bot_delay == 0
    assert table.options.start_when == 2 and table.options.away_timeout == 5 and table.options.auto_cover
    assert table.options.turn_clock == 90 and host_parser().parse_args([]).turn_clock == 60


def test_host_resumes_the_saved_table_unless_told_new_and_keeps_a_bad_save_aside(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    saved = four_seat_table(save=path)
    saved.sit("Ann")
    saved.start()
    table, note = open_table(host_parser().parse_args([]), path)
    assert table.code == saved.code and table.state == saved.state and "Resuming" in note
    table, _ = open_table(host_parser().parse_args(["--new"]), path)
    assert table.phase == "lobby" and table.code != saved.code
    path.write_text(json.dumps({"format": "allfives-record/1"}))
    table, note = open_table(host_parser().parse_args([]), path)
    assert table.phase == "lobby" and "was not resumed" in note
    assert not path.exists() and len(list(tmp_path.glob("table.*.json"))) == 1  # moved aside, not lost


def test_bad_host_and_join_commands_say_why(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(tmp_path))
    with pytest.raises(SystemExit) as exit_:
        main(["host", "--seats", "2", "--people", "3"])
    assert exit_.value.code == 2 and "--people must be between 1 and 2" in capsys.readouterr().err
    assert main(["join", "127.0.0.1:9", "--code", "ABCDEF", "--autoplay", "easy"]) == 2
    assert "cannot reach 127.0.0.1:9" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["join", "localhost", "--code", "ABCDEF"])
    assert "HOST:PORT" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["join", "localhost:1", "--code", "ABCDEF", "--name", "Bob\x1b[31m"])
    assert "--name: a name cannot hold a control character (U+001B)" in capsys.readouterr().err


def test_join_counts_seats_from_one_as_the_lobby_shows_them() -> None:
    assert wanted_seat(parse_join(["localhost:1", "--code", "ABCDEF", "--seat", "2"])) == 1
    assert wanted_seat(parse_join(["localhost:1", "--code", "ABCDEF"])) is None
    with pytest.raises(SystemExit):
        parse_join(["localhost:1", "--code", "ABCDEF", "--seat", "0"])
