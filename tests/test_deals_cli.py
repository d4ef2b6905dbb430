"""`allfives --deals CODE|FILE` refuses a bad code, a bad file or a clash with other flags in one line,
status 2, never a traceback (a good one starts the app: tests/ui/test_duplicate.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from allfives.cli import main
from tests.hostile import OUTSIDE_TEXT


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err.startswith("allfives: ") and said.err.count("\n") == 1 and "Traceback" not in said.err
    return said.err


@pytest.mark.parametrize("typed", ["K7QM-2XPD", "KRVQ-KEBZ-99Y1-MQXA-Y1V6", "x" * 200, "\x1b[2J" * 10,
                                   *OUTSIDE_TEXT[-5:]])
def test_a_bad_code_is_one_line_and_status_2(typed: str, capsys: pytest.CaptureFixture[str]) -> None:
    refused(["--deals", typed], capsys)


def test_a_typo_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert "typo" in refused(["--deals", "KRVQ-KEBZ-99Y1-MQXA-Y1V6"], capsys)


@pytest.mark.parametrize("content", ["", "{}", "[1, 2]", json.dumps({"format": "allfives-record/1"})])
def test_a_bad_file_is_one_line_and_status_2(content: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(content)
    refused(["--deals", str(path)], capsys)


def test_a_missing_file_and_a_directory_are_one_line_each(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    refused(["--deals", str(tmp_path / "gone.json")], capsys)
    refused(["--deals", str(tmp_path)], capsys)


def test_deals_with_flags_that_shape_a_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--deals" in refused(["--deals", "KRVQ-KEBZ-99Y1-MQXA-Y1V5", "--seats", "4"], capsys)


def test_stats_lists_the_latest_finished_games_deal_codes_and_never_one_in_play(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from allfives.engine import Rules
    from allfives.play.deals import DealCode
    from allfives.play.history_link import HistoryLink
    from allfives.play.session import Session
    from tests.ui.helpers import play_on

    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(tmp_path))
    code = DealCode(Rules(seats=2, target=40), ("person", "easy"), 0x2468ACE13579BDF)
    history = HistoryLink(tmp_path)
    finished = Session.new(code.setup(bot_delay=0), history=history)
    play_on(finished)
    in_play = Session.new(code.setup(bot_delay=0), history=history)
    play_on(in_play, steps=3)
    history.close()
    assert main(["stats"]) == 0
    lines = capsys.readouterr().out.splitlines()
    listed = [line for line in lines if code.text in line]
    assert len(listed) == 1  # (the game in play keeps its code to itself)
    won = finished.state.winner == 0
    score = "-".join(map(str, finished.state.scores))
    assert listed[0].split() == [code.text, listed[0].split()[1], "won" if won else "lost", score]
    assert main(["stats", "--json"]) == 0
    assert code.text not in capsys.readouterr().out  # (the JSON is the rating helper's figures alone)


def test_a_game_played_again_on_a_code_is_practice_and_leaves_the_rating_alone() -> None:
    from allfives.engine.models import Rules
    from allfives.play.deals import DealCode
    from allfives.ui.launch import deals_from, parser

    code = DealCode(Rules(seats=2), ("person", "hard"), 12345)
    setup, earlier = deals_from(parser().parse_args(["--deals", code.text]))
    assert earlier is None and setup.deals == code
    assert setup.practice


def test_the_code_of_a_game_in_progress_is_refused_until_it_is_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A game's save holds its code (to resume on its deals): played again beside the game, it would
    show the deals before they are played. Refused in any window's slot, by either door."""
    from allfives.engine import Rules
    from allfives.plain.launch import parser as plain_parser
    from allfives.plain.launch import setup_from
    from allfives.play.deals import DealCode, DealCodeError
    from allfives.play.saving import SaveStore
    from allfives.play.session import Session
    from allfives.ui.launch import deals_from, parser
    from tests.ui.helpers import play_on

    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(tmp_path))
    code = DealCode(Rules(seats=2, target=40), ("person", "easy"), 0x13579BDF2468ACE)
    store = SaveStore(tmp_path, slot=2)
    session = Session.new(code.setup(bot_delay=0), store)
    play_on(session, steps=3)
    assert store.path.exists()
    assert "still in progress" in refused(["--deals", code.text.lower().replace("-", " ")], capsys)
    with pytest.raises(DealCodeError):
        setup_from(plain_parser().parse_args(["--deals", code.text]), None)
    other = DealCode(Rules(seats=2, target=40), ("person", "easy"), 0x13579BDF2468ACF)
    assert deals_from(parser().parse_args(["--deals", other.text]))[0].deals == other  # (another game's)
    play_on(session)  # the game is over: its deals may be played again
    assert not store.path.exists()
    assert deals_from(parser().parse_args(["--deals", code.text]))[0].deals == code
