"""The last resort: whatever makes the orderly exit stall, a quit signal ends the process within 2 s,
the saves flushed, the terminal put back, where it was stuck noted; and workers never hold a process."""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from pathlib import Path

import pytest

from allfives.ui.shutdown import GRACE, WorkerThreads

from .terminals import Launch, drive, modes_left_on

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and pseudo-terminals")


def test_a_stuck_app_is_ended_by_the_watchdog_with_its_game_kept(data_dir: Path) -> None:
    launch = Launch([], data_dir, module="tests.ui.stuck")
    sent: list[float] = []

    def hang_then_quit(launch: Launch) -> None:
        if not launch.actions and not sent and b"ready to hang" in launch.seen:
            launch.type(b"b")
            launch.after(0.3, lambda launch: (sent.append(time.monotonic()), launch.proc.terminate()))

    drive([launch], hang_then_quit, limit=30, at_once=1)
    assert sent and launch.ended is not None, launch.tail()
    assert launch.status == 128 + 15  # SIGTERM's
    assert GRACE <= launch.ended - sent[0] <= 2.0  # the watchdog ended it (nothing else could)
    assert (data_dir / "saved").read_text() == "kept"  # the saves were flushed first
    assert not modes_left_on(bytes(launch.seen))  # and the terminal put back
    [stall] = data_dir.glob("stall-*.log")
    assert "action_block" in stall.read_text()  # where it was stuck, for whoever fixes it


def test_a_worker_still_at_work_never_keeps_the_process_alive(data_dir: Path) -> None:
    launch = Launch([], data_dir, module="tests.ui.stuck")
    asked: list[float] = []

    def quit_with_a_worker(launch: Launch) -> None:
        if not asked and b"ready to hang" in launch.seen:
            asked.append(time.monotonic())
            launch.type(b"w")

    drive([launch], quit_with_a_worker, limit=30, at_once=1)
    assert asked and launch.ended is not None and launch.status == 0, launch.tail()
    assert launch.ended - asked[0] < GRACE  # (a pool's thread would be waited for at exit: for ever)
    assert not list(data_dir.glob("stall-*.log"))


def test_worker_threads_never_hold_the_process_and_shut_down_without_waiting() -> None:
    workers = WorkerThreads()
    release = threading.Event()
    running = workers.submit(release.wait)
    assert workers.submit(lambda x: x * 2, 21).result(timeout=5) == 42
    failing = workers.submit(lambda: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        failing.result(timeout=5)
    assert all(t.daemon for t in threading.enumerate() if t.name == "allfives-worker")
    workers.shutdown(wait=True)  # returns at once: the work still running is nobody's any more
    assert not running.done()
    with pytest.raises(RuntimeError):
        workers.submit(print)
    release.set()
    assert running.result(timeout=5) is True


@pytest.mark.parametrize(("exiting", "error", "status"), [
    (True, "NoMatches", 0),  # the DOM taken down around a widget as it mounts: not a crash
    (True, "ValueError", 1),  # a bug is a bug, exiting or not
    (False, "NoMatches", 1)])
def test_only_the_teardowns_errors_are_forgiven_once_the_app_is_exiting(
        exiting: bool, error: str, status: int, data_dir: Path, capsys: pytest.CaptureFixture) -> None:
    from textual.app import App

    from allfives.ui.shutdown import guarded

    class Mounting(App[None]):
        def on_mount(self) -> None:
            if exiting:
                self.exit()
            if error == "NoMatches":
                self.query_one("#gone")
            raise ValueError("a bug")

    app = Mounting()
    loop = asyncio.new_event_loop()
    try:
        with guarded(app, loop) as ending:
            loop.run_until_complete(app.run_async(headless=True))
    finally:
        loop.close()
    assert ending.status == status
    assert len(list(data_dir.glob("crash-*.log"))) == status
    capsys.readouterr()
