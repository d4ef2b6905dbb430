"""What `allfives serve` writes to its log: one short line per request or event, with the path and never
the query (the token travels there), never a traceback, and at a bounded rate, so a flood of requests,
malformed or refused, costs a few lines and gives nothing away.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import IO, Any

from aiohttp.abc import AbstractAccessLogger
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web import BaseRequest, StreamResponse

from .limits import Budget, client_of

log = logging.getLogger("allfives.serve")

LONGEST = 200  # characters in a line, at most
# the loggers whose lines reach the log, and from what level: ours, and the libraries under it
LOGGERS = {"allfives.serve": logging.INFO, "aiohttp": logging.WARNING, "textual-serve": logging.WARNING,
           "asyncio": logging.WARNING}


def plain(text: str, longest: int = LONGEST) -> str:
    """`text` as one short line a terminal shows as it is: no line breaks, escapes or other control
    characters (a request's path is the client's to choose), cut at `longest`."""
    flat = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    return flat if len(flat) <= longest else flat[: longest - 1] + "…"


class OneLine(logging.Formatter):
    """A record as one line: its time, level and message, and an error as its kind and first words."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        error = record.exc_info[1] if record.exc_info else None
        if error is not None:
            message = f"{message}: {type(error).__name__}: {error}"
        left_out = getattr(record, "left_out", 0)
        said = plain(message)
        if left_out:
            said += f" ({left_out} more left out before this)"
        return f"{self.formatTime(record, '%Y-%m-%d %H:%M:%S')} {record.levelname} {said}"


class Sparing(logging.Filter):
    """Each line spends from a budget: refused requests and the libraries' complaints from one, the
    server's own lines from another, so a flood of the first never hides the second."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.clock = clock
        self.budgets = {"refused": Budget(), "said": Budget(burst=100, every=0.1)}

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):  # a malformed request: its 400's access line says it
            return False
        kind = "said" if record.name == log.name and not getattr(record, "refused", False) else "refused"
        left_out = self.budgets[kind].spend(self.clock())
        if left_out is None:
            return False
        record.left_out = left_out
        return True


def install(stream: IO[str]) -> Callable[[], None]:
    """Write the server's log to `stream` from now on; returns what undoes it."""
    handler = logging.StreamHandler(stream)
    handler.setFormatter(OneLine())
    handler.addFilter(Sparing())
    before: dict[str, tuple[int, bool]] = {}
    for name, level in LOGGERS.items():
        logger = logging.getLogger(name)
        before[name] = (logger.level, logger.propagate)
        logger.setLevel(level)
        logger.propagate = False
        logger.addHandler(handler)

    def uninstall() -> None:
        for name, (level, propagate) in before.items():
            logger = logging.getLogger(name)
            logger.removeHandler(handler)
            logger.setLevel(level)
            logger.propagate = propagate

    return uninstall


class AccessLog(AbstractAccessLogger):
    """One line per request: the client, the method, the path without its query (where the token is
    given), the status. A refused one (4xx) spends from the refusals' budget."""

    def log(self, request: BaseRequest, response: StreamResponse, time: float) -> None:
        status = response.status
        log.info("%s %s %s %d", client_of(request.remote), request.method, request.rel_url.raw_path, status,
                 extra={"refused": 400 <= status < 500})

    @property
    def enabled(self) -> bool:
        return True


def refused(what: str, *args: Any) -> None:
    """A line about something refused (spends from the refusals' budget)."""
    log.info(what, *args, extra={"refused": True})
