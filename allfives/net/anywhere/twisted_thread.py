"""Twisted's reactor in a thread of its own, and the bridge from asyncio to it and back.

magic-wormhole is written for Twisted. Rather than install Twisted's asyncio reactor onto one asyncio
loop (Textual's, or each test's: a reactor is installed once per process, and a loop that closes takes
it along), the reactor runs in one daemon thread started on first use and kept for the process's
life: every wormhole call is made there (`reactor.callFromThread`), and every answer comes back to the
asking loop with `loop.call_soon_threadsafe`. So no asyncio loop ever waits on Twisted, and Twisted
never runs on a loop that may close under it.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import warnings
from collections.abc import Callable
from typing import Any

_lock = threading.Lock()
_reactor: Any = None


def reactor() -> Any:
    """The running reactor (started in its own thread the first time)."""
    global _reactor
    with _lock:
        if _reactor is None:
            from twisted.internet import reactor as default

            _log_to_python()

            thread = threading.Thread(target=default.run, kwargs={"installSignalHandlers": False},
                                      name="twisted reactor", daemon=True)
            thread.start()
            _reactor = default
    return _reactor


def _log_to_python() -> None:
    """Twisted's warnings and errors go to Python's logging ("allfives.net.wormhole": a host at its
    terminal writes them to table.log), never to a terminal the game is drawn on; its chatter nowhere."""
    from twisted.logger import (
        FilteringLogObserver,
        LogLevel,
        LogLevelFilterPredicate,
        STDLibLogObserver,
        globalLogBeginner,
    )

    quiet = FilteringLogObserver(STDLibLogObserver(name="allfives.net.wormhole"),
                                 [LogLevelFilterPredicate(defaultLogLevel=LogLevel.warn)])
    shown = warnings.showwarning
    globalLogBeginner.beginLoggingTo([quiet], discardBuffer=True, redirectStandardIO=False)
    warnings.showwarning = shown  # (Twisted takes Python's warnings too: they stay where they were)


def in_reactor(action: Callable[..., Any], *args: Any) -> None:
    """Do `action` in the reactor's thread, not waiting for it."""
    reactor().callFromThread(action, *args)


def on_loop(loop: asyncio.AbstractEventLoop, action: Callable[..., Any], *args: Any) -> None:
    """Do `action` on `loop` (from the reactor's thread); nothing if that loop has closed meanwhile."""
    with contextlib.suppress(RuntimeError):  # closed: nobody is waiting any more
        loop.call_soon_threadsafe(action, *args)


def call(action: Callable[..., Any], *args: Any, **kwargs: Any) -> asyncio.Future[Any]:
    """Run `action` in the reactor's thread; its result (a Deferred's, once it fires) on this loop.
    Cancelling the future cancels the Deferred."""
    from twisted.internet import defer

    loop = asyncio.get_running_loop()
    future: asyncio.Future[Any] = loop.create_future()
    running: list[Any] = []

    def settle(value: Any, failed: bool) -> None:
        if future.done():
            return
        if failed:
            future.set_exception(value)
        else:
            future.set_result(value)

    def start() -> None:
        if future.cancelled():
            return
        deferred = defer.maybeDeferred(action, *args, **kwargs)
        running.append(deferred)
        deferred.addCallbacks(lambda value: on_loop(loop, settle, value, False),
                              lambda failure: on_loop(loop, settle, failure.value, True))

    def cancelled(done: asyncio.Future[Any]) -> None:
        if done.cancelled():
            in_reactor(lambda: [d.cancel() for d in running])

    future.add_done_callback(cancelled)
    in_reactor(start)
    return future
