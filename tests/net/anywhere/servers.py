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


class RecordingProxy:
    """127.0.0.1:port -> 127.0.0.1:target, keeping every byte that passed, both ways (its own thread
    and loop: it outlives each test's loop)."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.carried = bytearray()
        self.connections = 0
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="recording proxy", daemon=True)
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self.port = 0

    def start(self) -> RecordingProxy:
        self._thread.start()
        self.port = asyncio.run_coroutine_threadsafe(self._serve(), self._loop).result(10)
        return self

    def seen(self) -> bytes:
        with self._lock:
            return bytes(self.carried)

    async def _serve(self) -> int:
        self._server = await asyncio.start_server(self._pipe, "127.0.0.1", 0)
        return self._server.sockets[0].getsockname()[1]

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.close()
            return
        await asyncio.gather(self._pump(reader, up_writer), self._pump(up_reader, writer))

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)
        try:
            while data := await reader.read(65536):
                with self._lock:
                    self.carried += data
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
        proxies = [RecordingProxy(mailbox).start(), RecordingProxy(transit).start()]
        try:
            servers = Servers(mailbox=f"ws://127.0.0.1:{proxies[0].port}/v1",
                              transit=f"127.0.0.1:{proxies[1].port}")
            yield LoopbackServers(servers, *proxies, closed_port=free_port())
        finally:
            for proxy in proxies:
                proxy.stop()
