"""`allfives serve` against a client that means harm, measured: how soon no game is left once the server is
hung up on or killed, what a flood of malformed requests costs its log, and when a silent connection goes.

    python benchmarks/serve_guard.py [--runs 3] [--flood 200]

Each run starts a real `allfives serve` on a free loopback port with two visitors playing (their game
processes started), sends the server alone SIGHUP (or SIGKILL), and times until no game process is left.
The flood sends malformed requests, one a connection, and counts the lines and bytes the log grew by.
The silent connection is opened and never written to; the time until the server closes it is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.serve.helpers import Served, Visitor, serving  # noqa: E402

FLAGS = ("--seats", "2", "--seed", "5", "--level", "easy", "--bot-delay", "0", "--max-per-address", "2")
MALFORMED = (b"GARBAGE\r\n\r\n", b"GET / HTTP/1.1\r\nHost: a\r\nContent-Length: x\r\n\r\n",
             b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03")


async def two_visitors(server: Served) -> list[object]:
    tabs = []
    for _ in range(2):
        visitor = Visitor(server)
        await visitor.enter()
        tabs.append((visitor, await visitor.connect()))
        await tabs[-1][1].until(b"Boneyard")
    return tabs


def seconds_until_no_game(server: Served, ending: signal.Signals) -> float:
    started = time.perf_counter()
    os.kill(server.process.pid, ending)
    while server.games():
        time.sleep(0.01)
    return time.perf_counter() - started


async def ended_by(ending: signal.Signals) -> float:
    with tempfile.TemporaryDirectory() as folder, serving(Path(folder) / "data", *FLAGS) as server:
        tabs = await two_visitors(server)
        assert len(server.games()) == 2
        took = seconds_until_no_game(server, ending)
        for visitor, _tab in tabs:
            await visitor.session.close()  # type: ignore[attr-defined]
        return took


def flood(server: Served, count: int) -> tuple[int, int]:
    """(lines, bytes) the log grew by for `count` malformed requests."""
    port = int(server.origin.rsplit(":", 1)[1])
    time.sleep(1.0)  # what the start wrote is in
    lines, size = len(server.said), sum(len(line.encode()) for line in server.said)
    for n in range(count):
        with socket.create_connection(("127.0.0.1", port)) as connection:
            connection.sendall(MALFORMED[n % len(MALFORMED)])
            while connection.recv(4096):
                pass
    time.sleep(1.0)  # the reader has read what the server wrote
    return len(server.said) - lines, sum(len(line.encode()) for line in server.said) - size


def silent_for(server: Served) -> float:
    port = int(server.origin.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port)) as connection:
        started = time.perf_counter()
        connection.settimeout(120)
        assert connection.recv(1) == b""
        return time.perf_counter() - started


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--runs", type=int, default=3)
    options.add_argument("--flood", type=int, default=200)
    args = options.parse_args()
    for ending in (signal.SIGHUP, signal.SIGKILL):
        times = [asyncio.run(ended_by(ending)) for _ in range(args.runs)]
        print(f"{ending.name}: no game left after {statistics.median(times):.2f} s (median of {args.runs}; "
              f"max {max(times):.2f} s)")
    with tempfile.TemporaryDirectory() as folder, serving(Path(folder) / "data", *FLAGS) as server:
        lines, size = flood(server, args.flood)
        print(f"{args.flood} malformed requests: the log grew by {lines} lines, {size} bytes")
        print(f"a silent connection closed after {silent_for(server):.1f} s")


if __name__ == "__main__":
    main()
