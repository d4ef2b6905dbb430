"""The server against a client that means harm, over loopback, in this process (a stand-in for the game):
the log, silent connections, made-up visitor ids, one address taking the table, what keeps a game, its
lifetime, the folders kept. A second loopback address (127.0.0.2) plays the other machine."""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import shlex
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from yarl import URL

from allfives.serve import logbook
from allfives.serve.gate import VISITOR_COOKIE, new_secret, sandbox
from allfives.serve.limits import Doors
from allfives.serve.pages import write_templates
from allfives.serve.server import GameServer

# The game, as far as the server can tell: says it is a Textual app, then reads its input until told to quit.
STAND_IN = shlex.join([sys.executable, "-c", (
    "import sys\nsys.stdout.write('__GANGLION__\\n'); sys.stdout.flush()\n"
    "while (chunk := sys.stdin.buffer.read1(65536)) and b'\"quit\"' not in chunk:\n    pass\n")])
OTHER_MACHINE = "127.0.0.2"  # (all of 127.0.0.0/8 is this machine's loopback: a second client address)
WAIT = 30.0  # seconds, at most, for anything that must come (machines are shared and can be slow)


@dataclass
class Inside:
    server: GameServer
    log: io.StringIO

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"

    def lines(self) -> list[str]:
        return self.log.getvalue().splitlines()


@contextlib.asynccontextmanager
async def guarded(tmp_path: Path, doors: Doors | None = None, **options: Any) -> AsyncIterator[Inside]:
    """The server on a free loopback port with these options, its log in a string; always stopped."""
    (tmp_path / "serve").mkdir(parents=True, exist_ok=True)
    (tmp_path / "templates").mkdir(exist_ok=True)
    settings: dict[str, Any] = {"max_visitors": 4, "idle_seconds": 3600.0, **options}
    server = GameServer(STAND_IN, host="127.0.0.1", port=0, public_url="http://127.0.0.1",
                        templates_path=write_templates(tmp_path / "templates"), sandboxes=tmp_path / "serve",
                        **settings)
    if doors is not None:
        server.doors = doors
    log = io.StringIO()
    uninstall = logbook.install(log)
    try:
        runner = await server.listen()
        try:
            yield Inside(server, log)
        finally:
            await runner.cleanup()
    finally:
        uninstall()


@contextlib.asynccontextmanager
async def browser(inside: Inside, source: str = "127.0.0.1") -> AsyncIterator[aiohttp.ClientSession]:
    """A client from `source` with its own cookies, let in with the token."""
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(source, 0)),
                                     cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        address = f"{inside.origin}/?token={inside.server.token}"
        async with session.get(address, allow_redirects=False) as let_in:
            assert let_in.status == 303
        yield session


async def page(inside: Inside, session: aiohttp.ClientSession) -> int:
    async with session.get(inside.origin + "/") as response:
        await response.read()
        return response.status


async def websocket(inside: Inside, session: aiohttp.ClientSession) -> aiohttp.ClientWebSocketResponse:
    return await session.ws_connect(inside.origin.replace("http", "ws") + "/ws?width=80&height=24",
                                    headers={"Origin": inside.origin})


async def refused(inside: Inside, session: aiohttp.ClientSession) -> int:
    with pytest.raises(aiohttp.WSServerHandshakeError) as handshake:
        await websocket(inside, session)
    return handshake.value.status


async def until(condition: Any, what: str) -> None:
    deadline = asyncio.get_running_loop().time() + WAIT
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, f"never came: {what}"
        await asyncio.sleep(0.02)


async def closed_by_server(ws: aiohttp.ClientWebSocketResponse, keep_sending: list[Any]) -> None:
    """Send these messages over and over (a tab that is busy, or seems to be) until the server closes."""
    deadline = asyncio.get_running_loop().time() + WAIT
    for n in range(10**6):
        assert asyncio.get_running_loop().time() < deadline, "the server never closed the game's websocket"
        if ws.closed:
            return
        with contextlib.suppress(ConnectionResetError):
            await ws.send_json(keep_sending[n % len(keep_sending)])
        with contextlib.suppress(asyncio.TimeoutError):
            message = await ws.receive(timeout=0.05)
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                return


async def exchange(inside: Inside, request: bytes, source: str = "127.0.0.1") -> bytes:
    """Send raw bytes as one connection, and read what comes back until the server closes it."""
    reader, writer = await asyncio.open_connection("127.0.0.1", inside.server.port, local_addr=(source, 0))
    try:
        writer.write(request)
        await writer.drain()
        return await asyncio.wait_for(reader.read(), WAIT)
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()


MALFORMED = [
    b"GARBAGE\r\n\r\n",  # no HTTP at all
    b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03",  # TLS to an HTTP port
    b"GET / HTTP/1.1\r\nHost: a\r\nContent-Length: x\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",
    b"GET /" + b"a" * 10_000 + b" HTTP/1.1\r\n\r\n",  # a line too long
    b"GET / HTTP/1.1\r\nX: " + b"b" * 10_000 + b"\r\n\r\n",  # a header too long
    b"GET /\x1b[31m HTTP/1.1\r\nHost: a\r\n\r\n",  # a terminal escape in the path
    b"GET / HTTP/9.9\r\nHost: a\r\n\r\n",
]


async def test_each_malformed_request_costs_one_short_line_at_most_and_the_token_never_shows(
        tmp_path: Path) -> None:
    async with guarded(tmp_path) as inside:
        for n, request in enumerate(MALFORMED):  # each kind alone: one line, no traceback
            answer = await exchange(inside, request)
            assert answer.startswith(b"HTTP/1.") and b" 400 " in answer.split(b"\r\n", 1)[0], request
            assert len(inside.lines()) == n + 1, (request, inside.lines()[n:])
        for n in range(200):  # then a flood: rate-limited
            await exchange(inside, MALFORMED[n % len(MALFORMED)])
        async with browser(inside) as guest:  # an honest visitor, after a wrong guess of the token
            async with guest.get(f"{inside.origin}/?token={new_secret()}") as wrong:
                assert wrong.status == 403
            assert await page(inside, guest) == 200
        lines = inside.lines()
        text = inside.log.getvalue()
        assert len(lines) <= len(MALFORMED) + 200  # the bound (the budget keeps it far lower)...
        assert len(lines) <= 80  # ...a burst of lines and one a second (the budget's own test: test_limits)
        assert all(len(line) <= 260 and line.isprintable() for line in lines)
        assert "Traceback" not in text and "\x1b" not in text
        assert inside.server.token not in text  # nor the wrong guess: no query is ever written
        assert "token" not in text and "?" not in text.replace(" ? ", "")
        assert any(line.endswith("GET / 303") for line in lines)  # the honest visitor's way in is told
        assert any(line.endswith("GET / 200") for line in lines)


async def test_a_silent_connection_is_closed_at_its_deadline_and_others_still_get_in(tmp_path: Path) -> None:
    async with guarded(tmp_path, doors=Doors(most=20, per_client=4), header_seconds=0.5) as inside:
        silent = []
        for n in range(4):  # another machine opens its share of connections and sends nothing (or crawls)
            reader, writer = await asyncio.open_connection("127.0.0.1", inside.server.port,
                                                           local_addr=(OTHER_MACHINE, 0))
            if n == 0:
                writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # a request never finished
            silent.append((reader, writer))
        one_more = await exchange(inside, b"", source=OTHER_MACHINE)  # over its share: closed at once
        assert one_more == b""
        async with browser(inside) as guest:  # meanwhile an honest visitor gets in
            assert await page(inside, guest) == 200
        for reader, writer in silent:  # and each silent connection is closed at the deadline
            assert await asyncio.wait_for(reader.read(), WAIT) == b""
            writer.close()
        await until(lambda: not inside.server.doors.open.get(OTHER_MACHINE), "the doors counted them gone")
        async with browser(inside, OTHER_MACHINE) as later:  # its share is its own again
            assert await page(inside, later) == 200
        assert any("too many connections" in line for line in inside.lines())


async def test_a_visitor_id_the_server_did_not_give_opens_no_game_and_no_folder(tmp_path: Path) -> None:
    async with guarded(tmp_path) as inside, browser(inside) as forger:
        for made_up in (new_secret(), f"{new_secret()}.{new_secret()}", "../../x", "a" * 200):
            forger.cookie_jar.clear(lambda cookie: cookie.key == VISITOR_COOKIE)
            forger.cookie_jar.update_cookies({VISITOR_COOKIE: made_up}, URL(inside.origin))
            assert await refused(inside, forger) == 403
            assert not sandbox(inside.server.sandboxes, made_up).exists()
            assert await page(inside, forger) == 200  # the page replaces it with one of the server's own
            given = next(c.value for c in forger.cookie_jar if c.key == VISITOR_COOKIE)
            assert given != made_up and inside.server.visitors.issued(given)
        assert [p.name for p in inside.server.sandboxes.iterdir()] == []
        assert len(inside.server.seats) == 0
        ws = await websocket(inside, forger)  # with the id it was given, it plays
        await until(lambda: len(inside.server.seats) == 1, "a seat taken")
        assert sandbox(inside.server.sandboxes, given).is_dir()
        await ws.close()


async def test_one_address_takes_at_most_half_the_table_and_the_rest_is_for_others(tmp_path: Path) -> None:
    async with guarded(tmp_path, max_visitors=4) as inside, contextlib.AsyncExitStack() as stack:
        tabs, statuses = [], []
        for _ in range(4):  # one machine: four browsers' worth of visitor ids, a websocket each
            session = await stack.enter_async_context(browser(inside, OTHER_MACHINE))
            assert await page(inside, session) in (200, 503)
            try:
                tabs.append(await websocket(inside, session))
                statuses.append(101)
            except aiohttp.WSServerHandshakeError as handshake:
                statuses.append(handshake.status)
        assert statuses == [101, 101, 503, 503] and len(inside.server.seats) == 2
        async with browser(inside, OTHER_MACHINE) as fifth, fifth.get(inside.origin + "/") as response:
            assert response.status == 503
            assert "2 browsers at your network address are playing" in await response.text()
        async with browser(inside) as guest:  # another machine still gets a seat
            assert await page(inside, guest) == 200
            ws = await websocket(inside, guest)
            assert len(inside.server.seats) == 3
            await ws.close()
        for tab in tabs:
            await tab.close()


async def test_a_page_left_open_idles_out_and_a_busy_game_ends_at_its_lifetime(tmp_path: Path) -> None:
    left_open = [["resize", {"width": 100, "height": 30}], ["stdin", "\x1b[<35;10;5M"], ["focus"], ["blur"],
                 ["stdin", "\x1b[<64;10;5M"], ["ping", "x"]]
    async with guarded(tmp_path / "a", idle_seconds=0.5) as inside, browser(inside) as visitor:
        await page(inside, visitor)
        ws = await websocket(inside, visitor)
        await closed_by_server(ws, left_open)  # resizes, the mouse moving, focus: nobody plays
        assert any("idle" in line for line in inside.lines())
    async with guarded(tmp_path / "b", lifetime_seconds=0.5) as inside, browser(inside) as visitor:
        await page(inside, visitor)
        ws = await websocket(inside, visitor)
        await closed_by_server(ws, [["stdin", "r"], ["stdin", "\x1b[<0;10;5M"]])  # keys and clicks, on and on
        assert any("lifetime" in line for line in inside.lines())
        await until(lambda: len(inside.server.seats) == 0, "its seat freed")
        again = await websocket(inside, visitor)  # Restart: the visitor is let in again
        await again.close()


async def test_the_folders_unused_longest_go_and_never_one_in_play(tmp_path: Path) -> None:
    stale = tmp_path / "serve" / ("0" * 32)
    stale.mkdir(parents=True)
    os.utime(stale, (0, 0))  # unused for far longer than a cookie lives
    async with guarded(tmp_path, max_sandboxes=2) as inside:
        await until(lambda: not stale.exists(), "the stale folder deleted as the server starts")
        folders = []
        for n in range(3):
            async with browser(inside) as visitor:
                await page(inside, visitor)
                ws = await websocket(inside, visitor)
                folder = sandbox(inside.server.sandboxes, next(c.value for c in visitor.cookie_jar
                                                               if c.key == VISITOR_COOKIE))
                await until(folder.is_dir, "its folder")
                folders.append(folder)
                if n < 2:
                    await ws.close()
                    await until(lambda: len(inside.server.seats) == 0, "its seat freed")
                    used = time.time() - 100 + n  # the first used before the second (both lately)
                    os.utime(folder, (used, used))
                else:
                    assert [f.exists() for f in folders] == [False, True, True]  # the oldest went
                    await ws.close()
        kept = sorted(p.name for p in inside.server.sandboxes.iterdir())
        assert kept == sorted(f.name for f in folders[1:])


async def test_a_game_pouring_out_its_stderr_costs_the_log_one_short_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """textual-serve keeps a game's stderr whole and copies it to the log when the game ends: 1 MB of
    traceback from a game that crashes again and again would be 1 MB of log each time. It is read to
    its end (the game never blocks on it) and the log gets one line: its size and its last line."""
    from allfives.serve.server import VisitorGame

    pouring = shlex.join([sys.executable, "-c", (
        "import sys\nsys.stdout.write('__GANGLION__\\n'); sys.stdout.flush()\n"
        "for n in range(20000): sys.stderr.write(f'  File \"x.py\", line {n}, in deep\\n')\n"
        "sys.stderr.write('RecursionError: the game fell over\\n')\n")])
    written = io.StringIO()

    async def nothing(*_args: Any) -> None:
        return None

    uninstall = logbook.install(written)
    try:
        game = VisitorGame(pouring, visitor="v", folder=tmp_path, write_bytes=nothing, write_str=nothing,
                           close=nothing, download_manager=None)  # type: ignore[arg-type]
        await asyncio.wait_for(game.start(80, 24), WAIT)
        await asyncio.wait_for(game._task, WAIT)  # (textual-serve's: the game's output relayed to its end)
        await asyncio.wait_for(game._process.wait(), WAIT)  # (and its end seen while the loop lives)
    finally:
        uninstall()
    assert "deep" not in capsys.readouterr().out  # (textual-serve writes a game's stderr to stdout)
    lines = written.getvalue().splitlines()
    assert len(lines) == 1 and len(lines[0]) <= 260, lines
    assert "bytes to stderr" in lines[0] and lines[0].endswith("RecursionError: the game fell over")
