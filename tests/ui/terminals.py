"""The real `allfives` in pseudo-terminals, several at once: each its terminal's session leader (as in a
terminal window, so closing the terminal hangs it up), its output read as it comes, its end seen the
moment it happens (a pidfd), every wait bounded by a deadline."""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The child makes the pseudo-terminal its controlling terminal, then becomes `python -m MODULE ARGS`.
BECOME = ("import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
          "os.execv(sys.executable, [sys.executable, '-m', *sys.argv[1:]])")

# What Textual switches on at start and must switch off again: (on, off) escape sequences.
MODES = {
    "alternate screen": (b"\x1b[?1049h", b"\x1b[?1049l"),
    "mouse reporting": (b"\x1b[?1000h", b"\x1b[?1000l"),
    "mouse motion": (b"\x1b[?1003h", b"\x1b[?1003l"),
    "hidden cursor": (b"\x1b[?25l", b"\x1b[?25h"),
}


def modes_left_on(seen: bytes) -> list[str]:
    """The terminal modes the output switched on and did not switch off again."""
    return [mode for mode, (on, off) in MODES.items() if on in seen and seen.rfind(off) < seen.rfind(on)]


@contextlib.contextmanager
def terminal_signals() -> Iterator[None]:
    """Ctrl+C and Ctrl+\\ for what is started within, as a terminal's shell leaves them: a test run started
    in the background (`pytest &`) ignores both, its children would too, and the app would lose a Ctrl+C
    that came before it set its own handling. (The runner's own are put back after.)"""
    quits = (signal.SIGINT, signal.SIGQUIT)
    before = {sig: signal.getsignal(sig) for sig in quits}
    for sig in quits:
        if before[sig] == signal.SIG_IGN:
            signal.signal(sig, signal.SIG_DFL)
    try:
        yield
    finally:
        for sig in quits:
            if before[sig] == signal.SIG_IGN:
                signal.signal(sig, signal.SIG_IGN)


def environment(data_dir: Path, cols: int, rows: int) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ALLFIVES_DATA_DIR": str(data_dir),
           "TERM": "xterm-256color", "COLUMNS": str(cols), "LINES": str(rows)}
    for name in ("TEXTUAL", "TEXTUAL_DRIVER", "TEXTUAL_ALLOW_SIGNALS"):
        env.pop(name, None)
    return env


Action = Callable[["Launch"], None]  # something done to a launch at a moment


@dataclass(eq=False)
class Launch:
    """One `allfives ARGS` (`python -m MODULE ARGS`) in a terminal of its own (cols x rows) with its own
    data dir."""

    args: Sequence[str]
    data_dir: Path
    cols: int = 80
    rows: int = 24
    module: str = "allfives"
    seen: bytearray = field(default_factory=bytearray)
    started: float = 0.0
    ended: float | None = None
    status: int | None = None
    terminal: int | None = None  # our end of the pseudo-terminal; None once closed (the window is gone)
    actions: list[tuple[float, Action]] = field(default_factory=list)  # (seconds after start, action)

    def at(self, moment: float, action: Action) -> None:
        """Do `action` to it `moment` seconds after its start."""
        self.actions.append((moment, action))
        self.actions.sort(key=lambda a: a[0])

    def after(self, delay: float, action: Action) -> None:
        """Do `action` to it `delay` seconds from now."""
        self.at(time.monotonic() - self.started + delay, action)

    def start(self) -> None:
        main, child = os.openpty()
        fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.cols, 0, 0))
        with terminal_signals():
            self.proc = subprocess.Popen([sys.executable, "-c", BECOME, self.module, *self.args], stdin=child,
                                         stdout=child, stderr=child, start_new_session=True, cwd=ROOT,
                                         env=environment(self.data_dir, self.cols, self.rows))
        os.close(child)
        self.started = time.monotonic()
        self.terminal = main
        self.pidfd = os.pidfd_open(self.proc.pid)

    def tail(self) -> bytes:
        """The end of what it wrote (for a failing assertion's message)."""
        return bytes(self.seen[-600:])

    @property
    def running(self) -> bool:
        return self.status is None

    def type(self, keys: bytes) -> None:
        if self.terminal is not None:
            with contextlib.suppress(OSError):
                os.write(self.terminal, keys)

    def hang_up(self) -> None:
        """Close the terminal, as closing its window does: the kernel hangs the app's terminal up."""
        if self.terminal is not None:
            os.close(self.terminal)
            self.terminal = None

    def read(self) -> None:
        if self.terminal is None:
            return
        try:
            chunk = os.read(self.terminal, 65536)
        except OSError:  # EIO: the app's end is closed (it has ended)
            chunk = b""
        if chunk:
            self.seen += chunk
        else:
            self.hang_up()

    def reap(self) -> None:
        self.status = self.proc.wait(timeout=5)
        self.ended = time.monotonic()
        os.close(self.pidfd)
        while self.terminal is not None:  # what is left of its output
            ready, _, _ = select.select([self.terminal], [], [], 0)
            if not ready:
                break
            self.read()

    def stop(self) -> None:
        """(Cleanup) end it if it is still running, and close everything."""
        if self.started and self.running:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=5)
            os.close(self.pidfd)
            self.status = self.proc.returncode
        self.hang_up()



def drive(launches: Sequence[Launch], watch: Callable[[Launch], None], limit: float, at_once: int) -> None:
    """Start the launches, at most `at_once` running together; carry out each one's actions at their
    moments, call `watch` whenever one has new output, and wait for every one to end, each at most
    `limit` seconds after it started (after which it is killed: the test's assertions then fail)."""
    waiting = list(launches)
    running: list[Launch] = []
    try:
        while waiting or running:
            while waiting and len(running) < at_once:
                running.append(waiting.pop(0))
                running[-1].start()
            now = time.monotonic()
            for launch in running:
                while launch.actions and launch.started + launch.actions[0][0] <= now:
                    launch.actions.pop(0)[1](launch)
                if now > launch.started + limit:
                    launch.stop()
            running = [launch for launch in running if launch.running]
            moments = [launch.started + launch.actions[0][0] for launch in running if launch.actions]
            moments += [launch.started + limit for launch in running]
            timeout = max(0.0, min(moments) - time.monotonic()) if moments else 0.0
            terminals = {launch.terminal: launch for launch in running if launch.terminal is not None}
            ends = {launch.pidfd: launch for launch in running}
            ready, _, _ = select.select([*terminals, *ends], [], [], timeout)
            for fd in ready:
                if fd in terminals:
                    terminals[fd].read()
                    watch(terminals[fd])
            for fd in ready:
                if fd in ends:
                    ends[fd].reap()
            running = [launch for launch in running if launch.running]
    finally:
        for launch in launches:
            launch.stop()
