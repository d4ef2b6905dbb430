"""magic-wormhole's mailbox server and transit relay on loopback for the tests, each behind a small TCP
proxy that keeps every byte it carried (so a test can say what the servers saw)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from allfives.net.anywhere.codes import Servers

START_LIMIT = 30.0  # seconds for a server to start listening (twist takes about one)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def unmasked(stream: bytes) -> bytes:
    """What a websocket client's bytes say once the server unmasks them (a client masks every frame
    with a random key, so its raw bytes would hide plain text from a test as well as from a cable)."""
    head, found, rest = stream.partition(b"\r\n\r\n")  # the upgrade request, then frames
    if not found:
        return stream
    out, at = bytearray(head + found), 0
    while at + 2 <= len(rest):
        masked, length, at = rest[at + 1] & 0x80, rest[at + 1] & 0x7F, at + 2
        if length in (126, 127):
            size = 2 if length == 126 else 8
            length, at = int.from_bytes(rest[at:at + size]), at + size
        key = rest[at:at + 4] if masked else b""
        payload, at = rest[at + len(key):at + len(key) + length], at + len(key) + length
        out += bytes(b ^ key[i % 4] for i, b in enumerate(payload)) if key else payload
    return bytes(out)


class RecordingProxy:
    """127.0.0.1:port -> 127.0.0.1:target, keeping every byte that passed, both ways (its own thread
    and loop: it outlives each test's loop); `websocket`: what clients send is kept unmasked."""

    def __init__(self, target: int, websocket: bool = False, port: int = 0) -> None:
        self.target = target
        self.websocket = websocket
        self.streams: list[bytearray] = []  # each connection's two directions: to the server, back
        self.connections = 0
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="recording proxy", daemon=True)
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self.port = port  # (0: any free one; a given one: the same server back after an outage)

    def start(self) -> RecordingProxy:
        self._thread.start()
        self.port = asyncio.run_coroutine_threadsafe(self._serve(), self._loop).result(10)
        return self

    def seen(self) -> bytes:
        """Everything the server was sent and sent back, as the server reads it."""
        with self._lock:
            streams = [bytes(s) for s in self.streams]
        return b"".join(unmasked(s) if self.websocket and n % 2 == 0 else s for n, s in enumerate(streams))

    async def _serve(self) -> int:
        self._server = await asyncio.start_server(self._pipe, "127.0.0.1", self.port)
        return self._server.sockets[0].getsockname()[1]

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.close()
            return
        with self._lock:
            there, back = bytearray(), bytearray()
            self.streams += [there, back]
        await asyncio.gather(self._pump(reader, up_writer, there), self._pump(up_reader, writer, back))

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                    kept: bytearray) -> None:
        self._writers.add(writer)
        try:
            while data := await reader.read(65536):
                with self._lock:
                    kept += data
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()
            self._writers.discard(writer)

    def stop(self) -> None:
        async def close() -> None:
            if self._server is not None:
                self._server.close()
            for writer in list(self._writers):
                writer.transport.abort()

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(close(), self._loop).result(5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)


@contextmanager
def twist(plugin: str, *options: str, folder: Path) -> Iterator[int]:
    """`twist PLUGIN` on a free loopback port (its port), stopped on the way out."""
    port = free_port()
    log = (folder / f"{plugin}.log").open("wb")
    process = subprocess.Popen([sys.executable, "-m", "twisted", plugin, "--port",
                                f"tcp:{port}:interface=127.0.0.1", *options],
                               cwd=folder, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + START_LIMIT
        while not listening(port):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"twist {plugin} did not start: {(folder / f'{plugin}.log').read_text()}")
            time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
        log.close()


@dataclass
class LoopbackServers:
    """The two servers as the game is told of them (through the proxies), and the proxies."""

    servers: Servers
    mailbox: RecordingProxy
    transit: RecordingProxy
    closed_port: int  # a loopback port nothing listens on

    def carried(self) -> bytes:
        return self.mailbox.seen() + self.transit.seen()


@contextmanager
def loopback_servers(folder: Path) -> Iterator[LoopbackServers]:
    database = str(folder / "mailbox.sqlite")
    with twist("wormhole-mailbox", "--channel-db", database, folder=folder) as mailbox, \
            twist("transitrelay", folder=folder) as transit:
        proxies = [RecordingProxy(mailbox, websocket=True).start(), RecordingProxy(transit).start()]
        try:
            servers = Servers(mailbox=f"ws://127.0.0.1:{proxies[0].port}/v1",
                              transit=f"127.0.0.1:{proxies[1].port}")
            yield LoopbackServers(servers, *proxies, closed_port=free_port())
        finally:
            for proxy in proxies:
                proxy.stop()
