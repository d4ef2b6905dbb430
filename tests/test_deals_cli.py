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
