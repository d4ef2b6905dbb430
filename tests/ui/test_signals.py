"""Quit signals end the real app in a real pseudo-terminal as `q` does, at any moment, within 2 s: the
terminal is put back, the game on screen is the game saved, and its lock is let go for the next launch."""

from __future__ import annotations

import json
import re
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from allfives.engine import GameState, replay, to_record
from allfives.play.saving import SaveStore
from allfives.record_file import read_record

from .terminals import Launch, drive, modes_left_on

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and pseudo-terminals")

ENDS_WITHIN = 2.0  # seconds from a quit signal to the end of the process
MOMENTS = tuple(3.0 * i / 19 for i in range(20))  # 0 to 3 s after launch: start-up, first frame, play
# The sweep, sampled: SIGINT at the even moments, SIGHUP at the odd ones, each signal sent to every kind
# of launch (plan) in the first half and in the second: (signal, moment, kind).
SWEEP = tuple((signal.SIGINT if m % 2 == 0 else signal.SIGHUP, moment, (m // 2) % 4)
              for m, moment in enumerate(MOMENTS))
AT_ONCE = 4  # launches running together


def python_starting(sig: signal.Signals, launch: Launch) -> bool:
    """Ctrl+C while Python itself starts (before any of allfives runs) ends it with Python's own report
    (coloured on a terminal from Python 3.13: its escape codes are not what is read)."""
    report = re.sub(rb"\x1b\[[0-9;]*m", b"", launch.seen).rstrip()
    return sig == signal.SIGINT and launch.status == 1 and report.endswith(b"KeyboardInterrupt")


def quit_signal(sig: signal.Signals, sent: dict[Launch, float]) -> Callable[[Launch], None]:
    """Send `sig` (and for SIGHUP close the terminal), noting when in `sent`."""

    def send(launch: Launch) -> None:
        sent[launch] = time.monotonic()
        launch.proc.send_signal(sig)
        if sig == signal.SIGHUP:
            launch.hang_up()  # the terminal goes away too: every read and write on it fails from now on
    return send


# What each kind of launch does: 0 bots playing each other (a worker every move, a save every move); 1 the
# new-game screen, Enter pressed as soon as it shows; 2 hard bots thinking by the clock against a
# person; 3 the quit dialog open over a game.
def plan(kind: int, seed: int, data_dir: Path) -> tuple[Launch, dict[bytes, bytes]]:
    """A launch and the keys it is sent when its screen first shows a text: {text: keys}."""
    args = {0: ["--seats", "2", "--seed", str(seed), "--humans", "0", "--bot-delay", "0.05", "--new"],
            1: ["--new"],
            2: ["--seats", "3", "--seed", str(seed), "--level", "hard", "--bot-delay", "0.3", "--new"],
            3: ["--seats", "2", "--seed", str(seed), "--bot-delay", "0.05", "--new"]}[kind]
    keys = {1: {b"Start (Enter)": b"\r"}, 3: {b"Your turn": b"q", b"thinking": b"q"}}.get(kind, {})
    return Launch(args, data_dir), keys


def test_the_sampled_sweep_sends_each_signal_to_every_kind_of_launch_in_each_half() -> None:
    for sig in (signal.SIGINT, signal.SIGHUP):
        for kind in range(4):
            moments = [moment for s, moment, k in SWEEP if (s, k) == (sig, kind)]
            assert min(moments) < MOMENTS[-1] / 2 < max(moments), (sig.name, kind, moments)
    assert sorted(moment for _, moment, _ in SWEEP) == list(MOMENTS)


def test_a_quit_signal_at_any_moment_ends_the_app_in_order(tmp_path: Path) -> None:
    sent: dict[Launch, float] = {}
    launches, keys = [], {}
    for i, (sig, moment, kind) in enumerate(SWEEP):
        launch, launch_keys = plan(kind, i, tmp_path / f"{sig.name}-{i}")
        launch.at(moment, quit_signal(sig, sent))
        launches.append(launch)
        keys[launch] = (sig, moment, launch_keys)

    def watch(launch: Launch) -> None:
        pressed = keys[launch][2]
        for text, key in list(pressed.items()):
            if text in launch.seen:
                launch.type(key)
                pressed.clear()  # one key per launch

    drive(launches, watch, limit=max(MOMENTS) + 10, at_once=AT_ONCE)

    took = {}
    for launch in launches:
        sig, moment, _ = keys[launch]
        where = f"{sig.name} at {moment:.2f} s ({' '.join(launch.args)})"
        assert launch.ended is not None and launch in sent, f"{where}: still running: {launch.tail()}"
        took[where] = launch.ended - sent[launch]
        assert launch.status in (128 + sig, -sig) or python_starting(sig, launch), \
            f"{where}: status {launch.status}: {launch.tail()}"
        assert not list(launch.data_dir.glob("crash-*.log")), f"{where}: a crash was logged"
        if sig == signal.SIGINT:
            assert not modes_left_on(bytes(launch.seen)), f"{where}: the terminal was left as the app had it"
        # the next launch: the lock is free, and the saved game (if one was dealt) is offered again
        store = SaveStore(launch.data_dir)
        assert store.claim(), f"{where}: the save's lock is still held"
        try:
            outcome = store.load()
        finally:
            store.release()
        assert outcome.problem is None, f"{where}: {outcome.problem}"
        assert (outcome.game is not None) == store.path.exists(), where
    slowest = sorted(took, key=took.__getitem__, reverse=True)
    print("\nslowest ends after a quit signal: " + "; ".join(f"{took[w]:.3f} s ({w})" for w in slowest[:3]))
    assert took[slowest[0]] <= ENDS_WITHIN, f"{slowest[0]} took {took[slowest[0]]:.2f} s to end"


def test_sigterm_puts_the_terminal_back_and_keeps_the_game_played_so_far(data_dir: Path) -> None:
    sig = signal.SIGTERM
    launch = Launch(["--seats", "2", "--seed", "7", "--humans", "0", "--bot-delay", "0.05", "--new"],
                    data_dir, cols=100, rows=30)
    sent: dict[Launch, float] = {}

    def moves_made(launch: Launch) -> None:  # a few moves saved, then the signal
        if launch not in sent and b"plays" in launch.seen:
            quit_signal(sig, sent)(launch)

    drive([launch], moves_made, limit=60, at_once=1)
    assert launch.status == 128 + sig, launch.tail()
    assert not modes_left_on(bytes(launch.seen)), "the terminal was left as the app had it"
    assert b"\x1b[?1049h" in launch.seen  # the check above did check something
    data, _ = read_record(data_dir / "save.json")
    state, _ = replay(data)
    assert state.phase in ("playing", "hand_over") and state.log[0].moves  # the game played so far, kept


def test_closing_the_terminal_just_after_enter_keeps_the_game_for_the_next_launch(data_dir: Path,
                                                                                 config_dir: Path) -> None:
    """The report: Enter on the new-game screen, the window closed at once; the process lingered for
    minutes holding the lock, and the next launch could not resume the game."""
    config_dir.mkdir(parents=True, exist_ok=True)  # no first launch: no offer of the lesson over the form
    (config_dir / "prefs.toml").write_text("learn_offered = true\n")
    first = Launch(["--new"], data_dir)
    second = Launch([], data_dir)
    sent: dict[Launch, float] = {}

    def close(launch: Launch) -> None:
        sent[launch] = time.monotonic()
        launch.hang_up()  # (the kernel sends the hang-up)

    def enter_then_close(launch: Launch) -> None:
        if launch is first and b"Start (Enter)" in launch.seen and not launch.actions and launch not in sent:
            launch.type(b"\r")
            launch.after(0.3, close)
        if launch is second and b"Resume" in launch.seen and launch not in sent:
            quit_signal(signal.SIGTERM, sent)(launch)

    drive([first, second], enter_then_close, limit=30, at_once=1)
    assert first.ended is not None and first.ended - sent[first] <= ENDS_WITHIN
    assert second in sent, second.tail()  # the resume question was asked


def test_ctrl_c_from_outside_ends_the_review_and_the_statistics(tmp_path: Path,
                                                                play_game: Callable[..., GameState]) -> None:
    """SIGINT was lost in these screens: the app ran on, the terminal left in the alternate screen."""
    record = tmp_path / "game.json"
    record.write_text(json.dumps(to_record(play_game(5))))
    review = Launch(["review", str(record)], tmp_path / "review")  # the analysis weighs in threads meanwhile
    stats = Launch(["--new"], tmp_path / "stats")
    shows = {review: b"mistake", stats: b"Your games"}  # (statistics: ctrl+t from the new-game screen)
    sent: dict[Launch, float] = {}
    asked: list[Launch] = []

    def interrupt_once_shown(launch: Launch) -> None:
        if launch is stats and not asked and b"Start (Enter)" in launch.seen:
            asked.append(launch)
            launch.type(b"\x14")
        if launch not in sent and shows[launch] in launch.seen:
            quit_signal(signal.SIGINT, sent)(launch)

    drive([review, stats], interrupt_once_shown, limit=60, at_once=2)
    for launch in (review, stats):
        assert launch in sent and launch.status == 130, launch.tail()
        assert launch.ended is not None and launch.ended - sent[launch] <= ENDS_WITHIN
        assert not modes_left_on(bytes(launch.seen))
