"""Every command that prints ends as a command should when its output fails: a reader gone (`| head -1`)
quietly, a full disk (`> /dev/full`) with one line, both with a non-zero status; a crash with a log."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import allfives
import allfives.command
from allfives.cli import CLOSED_PIPE_STATUS, INTERRUPTED_STATUS, main
from allfives.engine import to_record

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes and /dev/full")


def printing_commands(record: Path) -> list[list[str]]:
    """A command of each kind that prints (their --json twins print the same way), and --help."""
    rec = str(record)
    return [["replay", rec], ["replay", rec, "--json"], ["review", rec, "--text", "--samples", "1"],
            ["stats", "--json"], ["--help"], ["match", "easy", "easy", "--games", "2"]]


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from .conftest import seeded_game

    path = tmp_path_factory.mktemp("record") / "game.json"
    path.write_text(json.dumps(to_record(seeded_game(31, stop_after=12))))
    return path


def run_all(commands: list[list[str]], stdout: int, data_dir: Path) -> list[tuple[int, str]]:
    """Run the commands at once, each writing to `stdout`; their statuses and what they said on stderr."""
    env = {**os.environ, "ALLFIVES_DATA_DIR": str(data_dir), "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-m", "allfives", *command], stdout=stdout,
                              stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, cwd=ROOT, text=True)
             for command in commands]
    try:
        return [(p.wait(timeout=120), p.stderr.read()) for p in procs]  # type: ignore[union-attr]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
            p.stderr.close()  # type: ignore[union-attr]


def without_progress(said: str) -> str:
    """What a command said on stderr but its progress lines (`review --text` tells how far it is)."""
    return re.sub(r"(?m)^weighing decisions: [\d,]+/[\d,]+\n", "", said)


def test_a_reader_gone_ends_every_command_quietly(record: Path, tmp_path: Path) -> None:
    read, write = os.pipe()
    os.close(read)  # `| head -1` once head has its line: every write from now on fails (EPIPE)
    try:
        ran = run_all(printing_commands(record), write, tmp_path)
    finally:
        os.close(write)
    for command, (status, said) in zip(printing_commands(record), ran, strict=True):
        assert (status, without_progress(said)) == (CLOSED_PIPE_STATUS, ""), command


def test_a_full_disk_ends_every_command_with_one_line(record: Path, tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        ran = run_all(printing_commands(record), full.fileno(), tmp_path)
    for command, (status, said) in zip(printing_commands(record), ran, strict=True):
        assert status == 1, command
        assert without_progress(said) == (
            "allfives: the output could not be written: No space left on device\n"), command
    assert not list(tmp_path.glob("crash-*.log"))  # not crashes


def test_an_uncaught_error_is_logged_and_told_in_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(tmp_path))

    def broken(argv: list[str]) -> int:
        raise ZeroDivisionError("a bug\nover two lines")

    monkeypatch.setattr("allfives.reports.stats_main", broken)
    assert main(["stats"]) == 1
    said = capsys.readouterr().err.splitlines()
    [log] = tmp_path.glob("crash-*.log")
    assert said == [f"allfives: crashed (ZeroDivisionError: a bug over two lines); the details are in {log}"]
    text = log.read_text()
    assert "Traceback (most recent call last)" in text and "in broken" in text and "command: " in text


def test_ctrl_c_outside_the_screen_ends_quietly(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture) -> None:
    def interrupted(argv: list[str]) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr("allfives.reports.stats_main", interrupted)
    assert main(["stats"]) == INTERRUPTED_STATUS
    assert capsys.readouterr().err == ""


def test_ctrl_c_on_an_import_is_an_interruption_too() -> None:
    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as e:
            raise RuntimeError("Error calling __set_name__") from e  # (Python's word for it in a class body)
    except RuntimeError as wrapped:
        assert allfives.interrupted(wrapped)
    assert not allfives.interrupted(ValueError("a plain bug"))


def test_ctrl_c_while_the_command_loads_ends_as_quietly_as_later(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real = builtins.__import__

    def interrupted_import(name: str, *args: object, **kwargs: object) -> object:
        if name == "allfives.cli":  # (Ctrl+C at the very start: while the command's modules load)
            raise KeyboardInterrupt
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", interrupted_import)
    assert allfives.command.main(["--help"]) == INTERRUPTED_STATUS == allfives.command.INTERRUPTED_STATUS
