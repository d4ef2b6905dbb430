"""The server's log, without a server: one printable line per record, no traceback, and a budget per kind."""

from __future__ import annotations

import logging

from aiohttp.http_exceptions import BadHttpMessage

from allfives.serve.logbook import LONGEST, OneLine, Sparing, plain


def record(message: str, *args: object, name: str = "allfives.serve", error: BaseException | None = None,
           refused: bool = False) -> logging.LogRecord:
    made = logging.LogRecord(name, logging.INFO, __file__, 1, message, args,
                             (type(error), error, error.__traceback__) if error else None)
    made.refused = refused
    return made


def test_a_line_is_printable_one_line_and_short() -> None:
    assert plain("GET /a\x1b[31mred\r\nSet-Cookie: x\u202e") == "GET /a [31mred Set-Cookie: x"
    long = plain("x" * 10_000)
    assert len(long) == LONGEST and long.endswith("…")


def test_an_error_is_its_kind_and_first_words_never_a_traceback() -> None:
    try:
        raise ValueError("bad\nthing " + "y" * 5000)
    except ValueError as e:
        line = OneLine().format(record("a game's trouble", error=e))
    assert "\n" not in line and "Traceback" not in line
    assert "a game's trouble: ValueError: bad thing y" in line
    assert len(line) < LONGEST + 40


def test_each_kind_of_line_spends_its_own_budget_and_a_malformed_request_is_told_once() -> None:
    now = [0.0]
    sparing = Sparing(clock=lambda: now[0])
    refusals = [sparing.filter(record("%s GET / %d", "10.0.0.1", 403, refused=True)) for _ in range(100)]
    assert refusals.count(True) == 20  # a burst, and the rest left out...
    assert sparing.filter(record("a game idle for 30 minutes: ended (saved)"))  # ...never the server's own
    malformed = record("Error handling request", name="aiohttp.server", error=BadHttpMessage("x"))
    assert not sparing.filter(malformed)
    now[0] = 5.0
    told = record("%s GET / %d", "10.0.0.1", 403, refused=True)
    assert sparing.filter(told) and "(80 more left out before this)" in OneLine().format(told)
