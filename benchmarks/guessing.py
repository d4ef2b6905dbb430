"""A stranger guessing table codes as fast as one address can, and what a pinned wss:// join costs.

Serves one table on 127.0.0.1 (wss:// with a fresh certificate), then for `--seconds` a plain client
sends wrong codes back to back on new connections; prints how many codes the table heard (and
logged), how many connections were turned away at the door, and the mean connect+welcome time of
an honest pinned join from another loopback address, with and without TLS.

    .venv/bin/python benchmarks/guessing.py --seconds 10
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import math
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from allfives.engine import Rules
from allfives.net.door import DoorRules
from allfives.net.protocol import PROTOCOL_VERSION
from allfives.net.server import TableServer
from allfives.net.table import CODE_LENGTH, CODE_LETTERS, Table
from allfives.net.tls import make_certificate, pinned_context, server_context


async def guess(uri: str, code: str, **options: object) -> str:
    """One hello: 'welcome', the error's reason, or 'door' when refused before the handshake."""
    try:
        async with connect(uri, compression=None, **options) as ws:
            await ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "code": code}))
            try:
                answer = json.loads(await ws.recv())
            except ConnectionClosed:
                return "closed"
            return "welcome" if answer["type"] == "welcome" else answer["reason"]
    except InvalidStatus:
        return "door"


async def honest_joins(server: TableServer, tls: bool) -> float:
    """Mean seconds from connect to welcome, from 127.0.0.2 (each join takes, then leaves, a seat)."""
    uri = f"{'wss' if tls else 'ws'}://{server.address}"
    options = {"ssl": pinned_context()} if tls else {}
    took = []
    for _ in server.table.seats:
        start = time.perf_counter()
        answer = await guess(uri, server.table.code, local_addr=("127.0.0.2", 0), **options)
        took.append(time.perf_counter() - start)
        assert answer == "welcome", answer
    return sum(took) / len(took)


async def run(seconds: float) -> None:
    logging.getLogger("allfives.net").setLevel(logging.WARNING)
    heard = []
    logging.getLogger("allfives.net").addHandler(handler := logging.Handler())
    handler.emit = lambda record: heard.append(record.getMessage())  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as folder:
        cert, key = Path(folder) / "cert.pem", Path(folder) / "key.pem"
        started = time.perf_counter()
        make_certificate(cert, key)
        made = time.perf_counter() - started
        for tls in (True, False):
            table = Table.new(Rules(seats=4), level="easy")
            context = server_context(cert, key) if tls else None
            async with TableServer(table, ping_interval=None, tls=context) as server:
                uri = f"{'wss' if tls else 'ws'}://{server.address}"
                options = {"ssl": pinned_context()} if tls else {}
                if tls:
                    answers: dict[str, int] = {}
                    end = time.monotonic() + seconds
                    while time.monotonic() < end:
                        answer = await guess(uri, "WRONGWRONG00", **options)
                        key_ = "door" if answer == "door" else "heard"
                        answers[key_] = answers.get(key_, 0) + 1
                    print(f"guessing for {seconds:.0f} s from 127.0.0.1: {answers.get('heard', 0)} codes "
                          f"heard, {answers.get('door', 0)} connections turned away at the door, "
                          f"{sum('wrong table code from' in m for m in heard)} log lines")
                mean = await honest_joins(server, tls)
                print(f"honest join from 127.0.0.2 ({'wss:// pinned' if tls else 'ws://'}): "
                      f"{mean * 1000:.1f} ms connect to welcome (mean of {len(table.seats)})")
        print(f"certificate made in {made * 1000:.0f} ms")
    rules = DoorRules()
    waits, t, tries = [], 0.0, 0
    while t < 3600:  # one address guessing as soon as allowed for an hour
        tries += 1
        over = tries - rules.free
        wait = min(rules.first_wait * 2 ** (over - 1), rules.longest_wait) if over > 0 else 0.0
        waits.append(wait)
        t += wait
    bits = CODE_LENGTH * math.log2(len(CODE_LETTERS))
    print(f"code: {bits:.1f} bits; one address gets {tries} guesses in its first hour, then 4 an hour: "
          f"half the codes take {2 ** (bits - 1) / 4 / 24 / 365:.2e} address-years")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=10.0)
    asyncio.run(run(p.parse_args().seconds))


if __name__ == "__main__":
    main()
