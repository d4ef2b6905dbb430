"""How a run of an app ends: a quit signal quits as `q` does, a crash is logged, and the process never
lingers (thread workers never hold it, and a watchdog ends it if the orderly exit stalls)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from allfives import crash

if TYPE_CHECKING:
    from textual.app import App

# Ctrl+C from outside (`kill -INT`: in the screen Ctrl+C is a key), `kill`, closing the terminal window.
QUIT_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                     if hasattr(signal, name))
GRACE = 1.0  # seconds the orderly exit has, after a quit signal, before the watchdog ends the process
LAST_SAVE = 0.4  # seconds the watchdog then waits for the saves to be on disk
LAST_WORDS = 0.15  # and for the terminal to be put back and the output flushed


def signal_status(signum: int) -> int:
    """The exit status of a process a signal ended: 128 + its number, as a shell reports it."""
    return 128 + signum


@runtime_checkable
class KeepsSaves(Protocol):
    """An app whose game must be on disk before the process ends."""

    def flush_saves(self, timeout: float) -> None: ...


class WorkerThreads(ThreadPoolExecutor):
    """The loop's default executor, where Textual runs thread workers: each piece of work in a daemon
    thread of its own.

    A pool's threads are joined when Python exits, so a bot still thinking or a review weighing a
    decision (neither can stop half-way) kept the process alive after its app had ended, for as long
    as the search took; their results would go nowhere. A thread a move costs nothing to notice.
    """

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self._closed = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self._closed:
            raise RuntimeError("cannot schedule new futures after shutdown")
        future: Future[Any] = Future()

        def work() -> None:
            if not future.set_running_or_notify_cancel():
                return
            try:
                result = fn(*args, **kwargs)
            except BaseException as e:  # (handed to whoever awaits it, as a pool does)
                future.set_exception(e)
            else:
                future.set_result(result)

        threading.Thread(target=work, name="allfives-worker", daemon=True).start()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Nothing is waited for: work still running at the end is work whose result nobody reads."""
        self._closed = True


def bounded(work: Callable[[], object], timeout: float) -> None:
    """Do `work` in a thread of its own and wait at most `timeout` for it (it may be stuck on a lock)."""
    def attempt() -> None:
        with contextlib.suppress(Exception):
            work()

    thread = threading.Thread(target=attempt, name="allfives-last-words", daemon=True)
    thread.start()
    thread.join(timeout)


class Watchdog:
    """Quit signals, handled so that nothing can stop them working.

    A signal reaches a thread of its own, whatever the main thread is doing, even stuck for good:
    Python's signal wakeup fd writes its number to a pipe that thread reads (and the handler writes
    it too, waiting on no lock: it runs between two bytecodes of whatever the main thread was doing).
    The thread asks the app to exit and, if the process is still there GRACE seconds later, waits a
    moment for the saves, notes where it was stuck (a stall log), puts the terminal back and ends the
    process. The save's lock is a kernel lock: it goes with the process.
    """

    def __init__(self, app: App[Any], loop: asyncio.AbstractEventLoop) -> None:
        self.app = app
        self.loop = loop
        self.signum: int | None = None
        self.grace = GRACE
        self._read, self._write = os.pipe()
        os.set_blocking(self._write, False)  # (a signal handler must never wait on a full pipe)
        self._previous: dict[int, Any] = {}
        self._wakeup: int | None = None  # the wakeup fd there was before ours
        self._thread = threading.Thread(target=self._watch, name="allfives-watchdog", daemon=True)

    def install(self) -> None:
        """(In the main thread.) From now on a quit signal quits the app."""
        self._thread.start()
        for sig in QUIT_SIGNALS:
            with contextlib.suppress(ValueError, OSError):  # (not the main thread: no handlers)
                self._previous[sig] = signal.signal(sig, self._handle)
        with contextlib.suppress(ValueError, OSError):
            self._wakeup = signal.set_wakeup_fd(self._write, warn_on_full_buffer=False)

    def uninstall(self) -> None:
        """The app has ended: signals act as they did before. A watchdog already woken keeps watching
        (the process normally ends well before it acts)."""
        for sig, previous in self._previous.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(sig, previous)
        self._previous.clear()
        if self._wakeup is not None:
            with contextlib.suppress(ValueError, OSError):
                now = signal.set_wakeup_fd(self._wakeup)
                if now != self._write:  # someone else's since (the web driver's loop): theirs stays
                    signal.set_wakeup_fd(now)
            self._wakeup = None
        self._poke(0)  # nothing more to watch for: after any signal already on its way

    def _handle(self, signum: int, _frame: object) -> None:
        self.signum = self.signum or signum
        self._poke(signum)  # (as the wakeup fd does, in case another took its place)

    def _poke(self, signum: int) -> None:
        with contextlib.suppress(OSError):
            os.write(self._write, bytes([signum]))

    @property
    def status(self) -> int | None:
        """The exit status a quit signal asks for, or None when none came."""
        return None if self.signum is None else signal_status(self.signum)

    def _watch(self) -> None:
        """Wait for a quit signal's number (other signals with handlers come through too: a resize)."""
        while True:
            got = os.read(self._read, 64)
            quits = [n for n in got if n in QUIT_SIGNALS]
            if quits:
                self.signum = self.signum or quits[0]
                break
            if not got or 0 in got:
                os.close(self._read)
                os.close(self._write)
                return
        deadline = time.monotonic() + self.grace
        with contextlib.suppress(RuntimeError):  # (a loop already closed: the app has ended)
            self.loop.call_soon_threadsafe(self.app.exit)
        time.sleep(max(0.0, deadline - time.monotonic()))  # the process normally ends before this
        self.last_resort()

    def last_resort(self) -> None:
        """The orderly exit has stalled: keep the game, put the terminal back, end the process now."""
        if isinstance(self.app, KeepsSaves):
            bounded(lambda: self.app.flush_saves(LAST_SAVE), LAST_SAVE)  # type: ignore[attr-defined]
        signum, waited = self.signum or 0, self.grace
        bounded(lambda: crash.write_log(crash.stall_text(signum, waited, crash.loop_tasks(self.loop)),
                                        prefix=crash.STALL_PREFIX),
                LAST_WORDS)  # where it was stuck: the next bug of this kind can be found
        from .textual_private import running_driver

        driver = running_driver(self.app)
        restore = getattr(driver, "restore_now", None)
        if restore is not None:
            bounded(restore, LAST_WORDS)
        bounded(_flush_output, LAST_WORDS)
        os._exit(self.status or crash.CRASH_STATUS)


def _flush_output() -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()


class Ending:
    """How a run ended; `status` is the exit status to end the process with."""

    def __init__(self) -> None:
        self.status = 0


@contextlib.contextmanager
def guarded(app: App[Any], loop: asyncio.AbstractEventLoop) -> Iterator[Ending]:
    """Run `app` on `loop` inside this: its end is told in the yielded `Ending`.

    A crash (an error Textual caught, or one raised through) is logged once the terminal is back,
    with one line naming the log: status 1. A quit signal: 128 + its number. Else the app's own
    return code.
    """
    try:
        from .textual_private.terminal import terminal_driver_for
    except ImportError:  # (no termios: Windows keeps Textual's driver)
        pass
    else:
        app.driver_class = terminal_driver_for(app.driver_class)
    reported = io.StringIO()  # what Textual would print on its way out: the crash's traceback
    from rich.console import Console

    from .textual_private import ending_error, forgive_teardown

    app.error_console = Console(file=reported, markup=False, highlight=False, color_system=None, width=100)
    loop.set_default_executor(WorkerThreads())
    forgive_teardown(app)
    watchdog = Watchdog(app, loop)
    watchdog.install()
    ending = Ending()
    try:
        yield ending
    finally:
        watchdog.uninstall()
    error = ending_error(app)
    details = reported.getvalue()
    if app.return_code and (error is not None or details.strip()):
        ending.status = crash.report(error, details)
    elif watchdog.status is not None:
        ending.status = watchdog.status
    else:
        ending.status = app.return_code or 0
