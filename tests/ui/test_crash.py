"""A crash never looks like success: the terminal is put back, the traceback goes to a log in the data
dir, one line names it, the status is 1, the save's lock is let go; and the logs never pile up."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

import pytest

from allfives import crash
from allfives.play.saving import SaveStore

from .terminals import Launch, drive, modes_left_on

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")


def test_a_crash_in_the_game_exits_1_with_one_line_naming_its_log(data_dir: Path) -> None:
    launch = Launch(["--seats", "2", "--seed", "3", "--new"], data_dir, module="tests.ui.crashing")
    drive([launch], lambda _: None, limit=30, at_once=1)
    assert launch.status == crash.CRASH_STATUS, launch.tail()
    seen = bytes(launch.seen)
    assert b"\x1b[?1049h" in seen and not modes_left_on(seen)  # the terminal is back, then the line
    after = re.sub(rb"\x1b\[[0-9;?<>=$]*[A-Za-z]", b"", seen[seen.rfind(b"\x1b[?1049l"):]).decode()
    said = [line for line in after.split("\r\n") if line.strip()]
    [log] = data_dir.glob("crash-*.log")
    assert said == [f"allfives: crashed (ValueError: a planted bug); the details are in {log}"]
    text = log.read_text()
    assert "ValueError: a planted bug" in text and "in planted_bug" in text and "Traceback" in text
    store = SaveStore(data_dir)
    assert store.claim()  # the lock went with the app
    store.release()


def test_a_crash_in_the_review_app_is_logged_and_ends_it_with_1(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    from allfives.play.setup import setup_of_record
    from allfives.ui.model.review import ReviewGame
    from allfives.ui.review.app import ReviewApp
    from allfives.ui.review.screen import ReviewScreen
    from allfives.ui.shutdown import guarded

    from .scenes import planted_game

    def planted_bug(self: ReviewScreen) -> None:
        raise KeyError("a planted bug")

    monkeypatch.setattr(ReviewScreen, "on_mount", planted_bug)
    game = planted_game()
    app = ReviewApp(ReviewGame(game, setup_of_record(game.rules, {}), None, (0,)), analyse=False)
    loop = asyncio.new_event_loop()
    try:
        with guarded(app, loop) as ending:
            loop.run_until_complete(app.run_async(headless=True))
    finally:
        loop.close()
    assert ending.status == crash.CRASH_STATUS
    [log] = data_dir.glob("crash-*.log")
    told = capsys.readouterr().err
    assert told == f"allfives: crashed (KeyError: 'a planted bug'); the details are in {log}\n"
    assert "in planted_bug" in log.read_text()


def test_only_the_newest_few_logs_are_kept(tmp_path: Path) -> None:
    for n in range(crash.KEEP_LOGS + 3):
        (tmp_path / f"crash-20250101-0000{n:02d}-x.log").write_text("old")
    (tmp_path / "stall-20250101-000000-x.log").write_text("a stall log: another kind, kept apart")
    newest = crash.write_log("new", tmp_path)
    logs = sorted(tmp_path.glob("crash-*.log"))
    assert len(logs) == crash.KEEP_LOGS and newest in logs and logs[0].name == "crash-20250101-000004-x.log"
    assert (tmp_path / "stall-20250101-000000-x.log").exists()


def test_a_log_goes_to_the_temp_dir_when_the_data_dir_refuses_it(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(blocked))
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr("tempfile.tempdir", None)
    assert crash.write_log("text").parent == tmp_path / "tmp"
