"""The line in and out of plain mode: sentences written a line each and flushed at once; commands read a
line at a time, bounded, with readline's editing and Tab completion on a terminal and nothing but
lines on a pipe. Never a colour, an escape code or a wait on a key a screen reader cannot announce.
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import TextIO

from allfives.names import visible

from .commands import LONGEST

Completer = Callable[[str, str], list[str]]  # (the word being typed, the line so far) -> what it may become
# A terminal's escape sequence typed into a line with no editing (an arrow key on a pipe or `script`: ESC [ A)
_ESCAPE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]*(?:\x07|\x1b\\)?|O.?|.)?", re.DOTALL)


def typed(line: str) -> str:
    """What a line says, as a command: its escape sequences and control characters dropped (a tab is a
    space), so nothing but printable text is ever read, or said back in a line about a mistyped word."""
    line = _ESCAPE.sub("", line)
    return "".join(" " if c == "\t" else c for c in line if c == "\t" or unicodedata.category(c)[0] != "C")


class Console:
    """Says lines and reads commands. `terminal`: the person types at a terminal (readline edits the
    line and completes with Tab, after a short `> ` prompt); otherwise lines are read as they come,
    with no prompt, so a pipe, `script` or a braille console's reader gets sentences and nothing else."""

    def __init__(self, stdin: TextIO, stdout: TextIO, terminal: bool = False) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.terminal = terminal
        self._completer: Completer | None = None
        self._readline = _readline() if terminal else None

    def say(self, line: str) -> None:
        """One line, as it is to be read: anything that could steer a terminal is written out."""
        self.stdout.write(visible(line) + "\n")
        self.stdout.flush()

    def say_all(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.say(line)

    def ask(self, completer: Completer | None = None) -> str | None:
        """The next line typed (None: the input ended). A line longer than a command can be comes back
        cut to LONGEST + 1 characters, so the caller can tell it was too long without holding it all."""
        if self._readline is not None:
            self._completer = completer
            try:
                line = input("> ")
            except EOFError:  # (Ctrl+D: the next line starts on a line of its own, not after the prompt)
                self.stdout.write("\n")
                return None
            except KeyboardInterrupt:
                self.stdout.write("\n")
                raise
            return line[:LONGEST + 1]
        line = self.stdin.readline(LONGEST + 1)
        if not line:
            return None
        if not line.endswith("\n"):  # the rest of an overlong line: read and dropped, a piece at a time
            while (rest := self.stdin.readline(4096)) and not rest.endswith("\n"):
                pass
        return line.rstrip("\r\n")

    def complete(self, text: str, state: int) -> str | None:
        """readline's completer: the `state`th of what `text` may become."""
        if self._completer is None or self._readline is None:
            return None
        try:
            found = self._completer(text, self._readline.get_line_buffer())
        except Exception:  # a completer must never take the line down
            return None
        return found[state] if state < len(found) else None

    def start(self) -> None:
        """On a terminal: Tab completes, and readline writes no bracketed-paste codes around the line."""
        readline = self._readline
        if readline is None:
            return
        with contextlib.suppress(Exception):
            readline.parse_and_bind("set enable-bracketed-paste off")
            readline.parse_and_bind("tab: complete")
            readline.set_completer_delims(" ")
            readline.set_completer(self.complete)


def _readline():  # noqa: ANN202 (the module, where there is one)
    try:
        import readline
    except ImportError:  # (Windows without pyreadline: plain lines)
        return None
    return readline
