"""A real `allfives serve` for tests: started on a free loopback port, its address read, always stopped;
and what can be seen of it from outside (its game processes, its visitors' sandboxes)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp

from allfives.serve.gate import VISITOR_COOKIE, VisitorIds, sandbox
from allfives.serve.sandboxes import visitor_key

START_TIMEOUT = 30.0  # seconds for the server to say its address (CI machines are shared and can be slow)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    url: str  # the address it printed, token and all
    data: Path  # the server's ALLFIVES_DATA_DIR
    said: list[str]  # what it printed (read on all along, so it never blocks on a full pipe)

    @property
    def origin(self) -> str:
        parts = urlsplit(self.url)
        return f"{parts.scheme}://{parts.netloc}"

    @property
    def token(self) -> str:
        return self.url.split("?token=", 1)[1]

    def sandbox(self, visitor: str) -> Path:
        return sandbox(self.data / "serve", visitor)

    def returning_visitor(self) -> str:
        """A visitor id as this server gives them (signed with its key, read from its folder): a browser
        that has been here before."""
        return VisitorIds(visitor_key(self.data / "serve")).issue()

    def games(self) -> list[int]:
        """The game processes it runs now, or that outlived it (its children run in its session, even
        orphaned; Linux's /proc tells; a zombie has no command line, so is not counted)."""
        found = []
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit() or int(entry.name) == self.process.pid:
                continue
            with contextlib.suppress(OSError, IndexError, ValueError):
                stat = Path(entry.path, "stat").read_text()
                session = int(stat.rsplit(")", 1)[1].split()[3])
                command = Path(entry.path, "cmdline").read_bytes()
                if session == self.process.pid and b"allfives" in command:
                    found.append(int(entry.name))
        return found


@contextlib.contextmanager
def serving(data: Path, *flags: str, env: dict[str, str] | None = None, cwd: Path | None = None
            ) -> Iterator[Served]:
    """`allfives serve` with these flags (and its own session: its games die with it)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "allfives", "serve", "--port", str(free_port()), *flags],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True, cwd=cwd,
        env={**os.environ, **(env or {}), "ALLFIVES_DATA_DIR": str(data)})
    said: list[str] = []
    reader = threading.Thread(target=_read_on, args=(process, said), daemon=True)
    try:
        url = _address(process, said)
        reader.start()
        yield Served(process, url, data, said)
    finally:
        stop(process)
        if reader.is_alive():
            reader.join(5)
        if process.stdout is not None and not reader.is_alive():
            process.stdout.close()


def _read_on(process: subprocess.Popen[bytes], said: list[str]) -> None:
    assert process.stdout is not None
    with contextlib.suppress(ValueError, OSError):  # (closed as the server stops)
        for line in process.stdout:
            said.append(line.decode(errors="replace"))


def _address(process: subprocess.Popen[bytes], said: list[str]) -> str:
    assert process.stdout is not None
    deadline = time.monotonic() + START_TIMEOUT
    while (left := deadline - time.monotonic()) > 0:
        if not select.select([process.stdout], [], [], left)[0]:
            break
        line = process.stdout.readline().decode()
        if not line:
            break
        said.append(line)
        for word in line.split():
            if word.startswith("http://"):
                return word
    raise AssertionError("allfives serve printed no address:\n" + "".join(said))


def stop(process: subprocess.Popen[bytes]) -> None:
    """TERM to the server and its games; KILL to whatever is left after a few seconds."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(5)
            break


class Visitor:
    """A browser as the server sees it, without one: its own cookies, the page, the game's websocket."""

    def __init__(self, server: Served) -> None:
        self.server = server
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))  # (an IP's cookies)

    async def __aenter__(self) -> Visitor:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.session.close()

    async def enter(self) -> tuple[int, str]:
        """Open the printed address: (the page's status, its text)."""
        async with self.session.get(self.server.url) as response:
            return response.status, await response.text()

    @property
    def id(self) -> str:
        return next(c.value for c in self.session.cookie_jar if c.key == VISITOR_COOKIE)

    async def connect(self, origin: str | None = "") -> Tab:
        """The game's websocket, as the page opens it (its own Origin, unless told another or None)."""
        headers = {} if origin is None else {"Origin": origin or self.server.origin}
        address = self.server.origin.replace("http", "ws", 1) + "/ws?width=100&height=30"
        ws = await self.session.ws_connect(address, headers=headers,
                                           timeout=aiohttp.ClientWSTimeout(ws_close=5))
        return Tab(ws)


class Tab:
    """One page's websocket: what the game sent (the terminal's bytes and the text messages) and keys.
    It is read all along, as a browser reads it: a browser answers the server's pings whatever its page
    does, and a tab the test is not looking at (while another's game starts on a slow machine) must not
    go silent and be closed for it."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.seen = b""
        self.texts: list[str] = []
        self.ended = False  # the server closed it (or it broke)
        self._news = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            while True:
                message = await self.ws.receive()  # (answers the server's pings on the way)
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.seen += message.data
                elif message.type == aiohttp.WSMsgType.TEXT:
                    self.texts.append(message.data)
                    self.seen += message.data.encode()
                else:
                    return
                self._news.set()
        finally:
            self.ended = True
            self._news.set()

    async def _next(self, deadline: float, waiting_for: str) -> None:
        self._news.clear()
        try:
            await asyncio.wait_for(self._news.wait(), max(deadline - time.monotonic(), 0.01))
        except TimeoutError:
            raise AssertionError(f"the game's websocket was silent, waiting for {waiting_for}") from None

    async def until(self, what: bytes, timeout: float = START_TIMEOUT) -> None:
        """Wait until the game has sent `what` (AssertionError if the game ends or time runs out first)."""
        deadline = time.monotonic() + timeout
        while what not in self.seen:
            if self.ended:
                raise AssertionError(f"the game's websocket closed before it sent {what!r}")
            await self._next(deadline, repr(what))

    async def closed(self, timeout: float = START_TIMEOUT) -> None:
        """Wait until the server closes the websocket."""
        deadline = time.monotonic() + timeout
        while not self.ended:
            await self._next(deadline, "the server to close it")

    async def press(self, keys: str) -> None:
        await self.ws.send_str(json.dumps(["stdin", keys]))

    async def close(self) -> None:
        await self.ws.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._reader, 5)


def until(condition: Callable[[], bool], what: str, timeout: float = START_TIMEOUT) -> None:
    """Wait (polling, bounded) for something only the outside of a process shows (/proc, its files)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never came: {what}")
        time.sleep(0.05)
