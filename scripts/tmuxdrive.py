"""Drive a terminal program as a person would: a real tmux pane, keys, SGR mouse clicks, the screen read back.

A copy of the workplace's shared tmuxdrive, kept here so scripts/tmux_table.py runs from a clean clone.
"""
from __future__ import annotations

import contextlib
import os
import re
import subprocess
import time
import uuid


class Pane:
    def __init__(self, command: str, cols: int = 120, rows: int = 40, env: dict | None = None):
        self.name = "drive-" + uuid.uuid4().hex[:8]
        envs = " ".join(f"{k}={v}" for k, v in (env or {}).items())
        self.errfile = f"{os.environ.get('TMPDIR', '/tmp')}/{self.name}.err"
        # Textual draws on stderr: leave it on the pane, and keep only the exit status aside
        full = f"env TERM=xterm-256color {envs} {command}; echo EXITED $? >{self.errfile}; sleep 60"
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", str(cols), "-y", str(rows), full],
                       check=True)

    def screen(self) -> str:
        return subprocess.run(["tmux", "capture-pane", "-t", self.name, "-p"], capture_output=True,
                              text=True).stdout

    def lines(self) -> list[str]:
        return self.screen().splitlines()

    def status(self) -> str:
        """'EXITED N' once the program has ended, else ''."""
        try:
            return open(self.errfile).read()
        except OSError:
            return ""

    def exited(self) -> bool:
        return "EXITED" in self.status()

    def keys(self, *keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def click(self, col: int, row: int, button: int = 0) -> None:
        """A press and release at 0-based (col, row) of the pane."""
        c, r = col + 1, row + 1
        for end in ("M", "m"):
            subprocess.run(["tmux", "send-keys", "-t", self.name, "-l", f"\x1b[<{button};{c};{r}{end}"],
                           check=True)

    def wait_for(self, pattern: str, timeout: float = 10.0) -> re.Match | None:
        deadline = time.monotonic() + timeout
        rx = re.compile(pattern, re.M)
        while time.monotonic() < deadline:
            m = rx.search(self.screen())
            if m:
                return m
            if self.exited():
                return None
            time.sleep(0.1)
        return None

    def find(self, pattern: str) -> list[tuple[int, int, str]]:
        """Every (col, row, text) where pattern matches on screen."""
        out = []
        for row, line in enumerate(self.lines()):
            for m in re.finditer(pattern, line):
                out.append((m.start(), row, m.group(0)))
        return out

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)
        with contextlib.suppress(OSError):
            os.remove(self.errfile)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
