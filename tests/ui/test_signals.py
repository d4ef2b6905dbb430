"""SIGTERM and SIGHUP quit the real app in a real pseudo-terminal as `q` does: the terminal is put back
(main screen, no mouse reporting, cursor shown) and the game on screen is the game saved."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from allfives.engine import replay
from allfives.record_file import read_record

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and pseudo-terminals")

# What Textual switches on at start and must switch off again: (on, off) escape sequences.
MODES = {
    "alternate screen": (b"\x1b[?1049h", b"\x1b[?1049l"),
    "mouse reporting": (b"\x1b[?1000h", b"\x1b[?1000l"),
    "mouse motion": (b"\x1b[?1003h", b"\x1b[?1003l"),
    "hidden cursor": (b"\x1b[?25l", b"\x1b[?25h"),
}


def read_until(fd: int, wanted: bytes, seen: bytearray, timeout: float) -> bool:
    """Read the terminal into `seen` until `wanted` shows up or the output ends; False on timeout."""
    deadline = time.monotonic() + timeout
    while wanted not in seen:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the other end closed: the app is gone
            return wanted in seen
        if not chunk:
            return wanted in seen
        seen += chunk
    return True


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_quit_signal_puts_the_terminal_back_and_keeps_the_game(sig: signal.Signals, data_dir: Path) -> None:
    main, child = os.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ALLFIVES_DATA_DIR": str(data_dir),
           "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"}
    env.pop("TEXTUAL", None)
    proc = subprocess.Popen([sys.executable, "-m", "allfives", "--seats", "2", "--seed", "7", "--humans", "0",
                             "--bot-delay", "0.05", "--new"],
                            stdin=child, stdout=child, stderr=child, env=env, start_new_session=True)
    os.close(child)
    seen = bytearray()
    try:
        # the table is up once a bot says it is thinking; let a few moves be saved, then signal
        assert read_until(main, b"thinking", seen, timeout=60), bytes(seen[-500:])
        assert read_until(main, b"plays", seen, timeout=30), bytes(seen[-500:])
        proc.send_signal(sig)
        read_until(main, b"\x00never", seen, timeout=30)  # everything up to the app's exit
        assert proc.wait(timeout=30) is not None
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)
    for mode, (on, off) in MODES.items():
        if on in seen:
            assert seen.rfind(off) > seen.rfind(on), f"{mode} left on"
    assert MODES["alternate screen"][0] in seen  # the checks above did check something
    data, _ = read_record(data_dir / "save.json")
    state, _ = replay(data)
    assert state.phase in ("playing", "hand_over") and state.log[0].moves  # the game played so far, kept
