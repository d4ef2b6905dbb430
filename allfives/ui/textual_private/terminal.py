"""The terminal driver: Textual's own for Linux and macOS, made to let go when the terminal goes away.

Closing a terminal window hangs its terminal up: the kernel sends SIGHUP, then SIGCONT, and from then
on every write to it fails (EIO). Textual's driver took that SIGCONT as the end of a Ctrl+Z pause and
started the screen again, with a new writer thread that died at its first write; the app's next
thirty writes then filled that thread's queue and the main thread waited on it for ever (holding the
save's lock, deaf to SIGTERM). Here SIGCONT restarts only a screen that was paused, a write that
fails drops every later one (nothing waits on a terminal that is gone), and the first failure of a
write or read on the terminal is a hang-up: SIGHUP, which quits as closing the window does.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import signal
import sys
import termios
import threading
from codecs import getincrementaldecoder
from typing import IO, Any

from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver

# Every mode Textual's driver switches on, switched off: kitty keys, mouse, focus events, bracketed
# paste; line wrap back, the main screen, the cursor shown.
RESTORE = ("\x1b[<u\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1016l\x1b[?1004l\x1b[?2004l"
           "\x1b[?7h\x1b[?1049l\x1b[?25h")


def hang_up() -> None:
    """The terminal is gone: quit as the kernel's SIGHUP does (allfives.ui.shutdown handles it)."""
    if hasattr(signal, "SIGHUP"):
        os.kill(os.getpid(), signal.SIGHUP)


class TerminalOutput:
    """The terminal as Textual's writer thread writes to it: once a write fails, the terminal is gone,
    every later write is dropped at once, and the hang-up is told (once)."""

    def __init__(self, file: IO[str]) -> None:
        self._file = file
        self._gone = threading.Event()

    @property
    def gone(self) -> bool:
        return self._gone.is_set()

    def lost(self) -> None:
        if not self._gone.is_set():
            self._gone.set()
            hang_up()

    def write(self, text: str) -> None:
        if not self._gone.is_set():
            try:
                self._file.write(text)
            except (OSError, ValueError):
                self.lost()

    def flush(self) -> None:
        if not self._gone.is_set():
            try:
                self._file.flush()
            except (OSError, ValueError):
                self.lost()

    def fileno(self) -> int:
        return self._file.fileno()

    def isatty(self) -> bool:
        return True


class TerminalDriver(LinuxDriver):
    """Textual's LinuxDriver, with a terminal that may go away at any moment."""

    def __init__(self, app: Any, **options: Any) -> None:
        super().__init__(app, **options)
        self.output = TerminalOutput(sys.__stderr__)  # type: ignore[arg-type]
        self._file = self.output  # type: ignore[assignment]  # what the writer thread writes to (a file to it)
        self._paused = False
        self._restored = False

    def suspend_application_mode(self) -> None:
        self._paused = True
        super().suspend_application_mode()

    def resume_application_mode(self) -> None:
        self._paused = self._restored = False
        super().resume_application_mode()

    def stop_application_mode(self) -> None:
        super().stop_application_mode()
        self._restored = True

    def restore_now(self) -> None:
        """(Any thread: the watchdog's last resort.) Put the terminal back straight away, past the
        writer thread, which may be what is stuck."""
        if self._restored or self.output.gone:
            return
        with contextlib.suppress(OSError):
            os.write(self.output.fileno(), RESTORE.encode())
        if self.attrs_before is not None:
            with contextlib.suppress(termios.error, OSError):
                termios.tcsetattr(self.fileno, termios.TCSANOW, self.attrs_before)

    def _sigcont_application(self, *_: object) -> None:
        """SIGCONT comes after a pause (Ctrl+Z, `kill -TSTP`), and also right after a hang-up: only the
        first restarts the screen."""
        if self._paused and self._auto_restart and not self.output.gone:
            self.resume_application_mode()

    def run_input_thread(self) -> None:
        """Textual's input loop (Textual 8.2), but the end of the terminal is its end.

        A terminal that has hung up is always ready to read and reads nothing: Textual's loop took that
        for a pause in piped input and went round again at once, taking the GIL from the main thread
        while it was trying to end the app, until it did (up to a second on a busy machine). Here
        nothing read (or a read that fails, EIO) ends the loop, and on a terminal it is a hang-up.
        """
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode

        def take(ready: list[Any], final: bool = False) -> bool:
            """Pass on the keys and mouse events read; False at the end of input."""
            if ready:
                data = os.read(self.fileno, 4096)
                if not data:
                    return False
                for event in parser.feed(decode(data, final=final)):
                    self.process_message(event)
            for event in parser.tick():
                self.process_message(event)
            return True

        try:
            while not self.exit_event.is_set():
                if not take(selector.select(0.1)):
                    if self.input_tty:
                        self.output.lost()
                    return
            take([], final=True)  # (Textual waits 0.1 s more here, on no terminal at all, for the same)
        except OSError:
            self.output.lost()
        finally:
            selector.close()
            with contextlib.suppress(EOFError, ParseError):
                for _ in parser.feed(""):
                    pass

def terminal_driver_for(driver_class: type[Driver]) -> type[Driver]:
    """The driver to run an app with: ours in place of Textual's terminal driver, any other (the web
    driver of `allfives serve`, a test's) as it is."""
    return TerminalDriver if driver_class is LinuxDriver else driver_class
