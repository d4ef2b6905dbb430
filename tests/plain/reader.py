"""A reader at the other end of a pipe: `allfives --plain` run as a process, its lines read as they come,
commands typed back from what the lines say (as a person hearing them would), nothing else known."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WAIT = 120.0  # seconds a line may take before the reader gives up: a hang fails, never blocks the run

WORDS = {"blank": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
ENDS = {"West": "w", "East": "e", "North": "n", "South": "s"}


def tile_of(words: str) -> str:
    """`six four` -> `64`, `double five` -> `55`: what the reader types back for a tile it heard."""
    parts = words.split()
    if parts[0] == "double":
        return str(WORDS[parts[1]]) * 2
    return f"{WORDS[parts[0]]}{WORDS[parts[1]]}"


def first_play(turn: str, said: Sequence[str] = ()) -> str:
    """The command a reader types on hearing their turn (in brief or verbose): the first playable tile on
    the first end it fits, the first tile held when leading (heard in the turn, or in the last `You
    hold` line of `said`), or a draw."""
    if "type draw" in turn:
        return "draw"
    if "to lead" in turn:
        lines = [turn, *reversed(said)]
        held = next(found for line in lines if (found := re.search(r"You hold (.+?)\.", line)))
        return "p " + tile_of(re.split(r", | and ", held[1])[0])
    playable = re.search(r"(?:Playable|Your turn): (.+?)\.$", turn)
    assert playable is not None, turn
    first = re.split(r", | or ", playable[1])[0]
    if " on " in first:  # (verbose: `six four on West or East`)
        tile, _on, end = first.partition(" on ")
        return f"p {tile_of(tile)} {ENDS[end]}"
    return f"p {tile_of(first)}"  # (brief: the tiles alone)


def play_first(game: PlainGame, turn: str) -> int:
    """Type the first play (`first_play`), and the end when the game asks which; where in `game.said`
    what followed the move begins."""
    command = first_play(turn, game.said)
    game.type(command)
    if not command.startswith("p ") or len(command.split()) > 2 or "to lead" in turn:
        return len(game.said)
    answer = game.line()
    which = re.search(r" fits (.+?): say which", answer or "")
    if which is None:
        return len(game.said) - 1  # (it fitted one end: the answer was the move said)
    game.type(f"{command} {ENDS[re.split(r', | or ', which[1])[0]]}")
    return len(game.said)


class PlainGame:
    """`allfives --plain ARGS` with its data and preferences in `home`; every line it said is in `said`."""

    def __init__(self, home: Path, *args: str, env: dict[str, str] | None = None) -> None:
        environ = {**os.environ, "ALLFIVES_DATA_DIR": str(home / "data"),
                   "ALLFIVES_CONFIG_DIR": str(home / "config"), "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
                   "LANGUAGE": "en", **(env or {})}
        environ.pop("COLUMNS", None)
        self.process = subprocess.Popen([sys.executable, "-m", "allfives", "--plain", *args],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        env=environ, cwd=ROOT, text=True, encoding="utf-8", bufsize=1)
        self.said: list[str] = []
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)

    def line(self) -> str | None:
        """The next line said (None: the output ended)."""
        try:
            line = self._lines.get(timeout=WAIT)
        except queue.Empty:
            self.process.kill()
            raise AssertionError(f"no line in {WAIT} s; the last said: {self.said[-5:]}") from None
        if line is not None:
            self.said.append(line)
        return line

    def until(self, wanted: Callable[[str], bool]) -> str:
        """Read lines until one is wanted; that line."""
        while (line := self.line()) is not None:
            if wanted(line):
                return line
        raise AssertionError(f"the output ended before the line waited for; the last said: {self.said[-5:]}")

    def type(self, command: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def close(self) -> tuple[int, str]:
        """End the input (as EOF quits), read what is left; the exit status and stderr."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        while self.line() is not None:
            pass
        status = self.process.wait(timeout=WAIT)
        assert self.process.stderr is not None
        return status, self.process.stderr.read()
