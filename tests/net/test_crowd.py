"""A host under a crowd of silent connections: each address may keep only a few waiting before their
hello, and the table only so many in all (the oldest let go for a newcomer), each with a deadline; so
the host's memory stays where it was and an honest guest still sits down."""

from __future__ import annotations

import asyncio
import os
import re
import selectors
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from allfives.net.client import TableClient
from allfives.net.gate import Gate, GateRules

from .helpers import four_seat_table, serving

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="/proc, and a loopback of many addresses (127.0.0.0/8)")

ROOT = Path(__file__).resolve().parents[2]
SILENT = 2000  # connections that never say a word
ADDRESSES = 100  # the crowd comes from this many addresses (127.0.1.1 ...)
MEMORY = 50 << 20  # bytes the host may grow by while the crowd stands at its door
LIMIT = 60  # seconds: only stops a hung test


def test_the_gate_keeps_a_few_from_one_address_and_lets_the_longest_waiting_go_for_a_newcomer() -> None:
    gate = Gate(GateRules(per_address=2, in_all=4))
    assert gate.enter("a1", "10.0.0.1") == (True, []) and gate.enter("a2", "10.0.0.1") == (True, [])
    assert gate.enter("a3", "10.0.0.1") == (False, [])  # its fill: refused, nobody let go
    assert gate.enter("v6", "2001:db8:1:2::7") == (True, [])
    assert gate.enter("v6'", "2001:db8:1:2::8") == (True, [])  # one home's /64 is one address
    assert gate.enter("v6''", "2001:db8:1:2:ffff::1") == (False, [])
    assert gate.enter("b", "10.0.0.2") == (True, ["a1"])  # four wait: the longest waiting goes
    assert gate.waiting_from("10.0.0.1") == 1 and len(gate) == 4
    assert gate.enter("a4", "10.0.0.1") == (True, ["a2"])
    assert not gate.leave("nobody")
    for who in ("v6", "v6'", "b"):
        assert not gate.leave(who)
    assert gate.leave("a4")  # the last of a crowd: its memory may go back
    assert len(gate) == 0 and gate.enter("c", "10.0.0.3") == (True, []) and not gate.leave("c")


async def cut(reader: asyncio.StreamReader) -> bool:
    """The host closed the connection (it said nothing to it)."""
    try:
        return await reader.read() == b""
    except ConnectionResetError:
        return True


async def test_a_connection_that_never_says_hello_is_cut_at_the_deadline_and_a_friend_sits() -> None:
    async with asyncio.timeout(LIMIT), serving(four_seat_table(), hello_timeout=0.2,
                                                waiting_per_address=2) as server:
        host, port = server.address.rsplit(":", 1)
        silent = [await asyncio.open_connection(host, int(port)) for _ in range(3)]
        assert await cut(silent[2][0])  # the third from one address: at once
        for reader, _writer in silent[:2]:
            assert await cut(reader)  # the others: once their time is up
        assert len(server.gate) == 0
        friend = TableClient(server.address, server.table.code, "Ann")
        run = asyncio.create_task(friend.run())
        await friend.wait_until(lambda: friend.seat is not None)
        assert len(server.gate) == 0  # past the gate once it said hello
        friend.stop()
        await run
        for _reader, writer in silent:
            writer.close()


def resident(pid: int) -> int:
    """The memory a process holds now (its resident set), in bytes."""
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
    assert found is not None
    return int(found[1]) << 10


def start_host(data: Path) -> tuple[subprocess.Popen[str], list[str]]:
    """`allfives host --headless` on a free loopback port; its join line, split."""
    env = {**os.environ, "ALLFIVES_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    host = subprocess.Popen([sys.executable, "-m", "allfives", "host", "--headless", "--port", "0",
                             "--seats", "2", "--bot-delay", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, cwd=ROOT, text=True)
    assert host.stdout is not None
    for line in host.stdout:
        if line.startswith("allfives join "):
            return host, line.split()
    host.kill()
    raise AssertionError(f"the host printed no join line: {host.communicate()[1]}")


def crowd(port: int) -> list[socket.socket]:
    """SILENT connections to the host from ADDRESSES addresses, each left open and silent (made all at
    once: the kernel finishes each handshake whether or not the host lets it stay)."""
    standing, waiting = [], selectors.DefaultSelector()
    for n in range(SILENT):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        sock.bind((f"127.0.1.{1 + n % ADDRESSES}", 0))
        sock.connect_ex(("127.0.0.1", port))
        waiting.register(sock, selectors.EVENT_WRITE)
        standing.append(sock)
    connecting = SILENT
    while connecting:
        ready = waiting.select(LIMIT)
        assert ready, "connections that never connect"
        for key, _events in ready:
            waiting.unregister(key.fileobj)
            connecting -= 1
    waiting.close()
    return standing


async def sits(address: str, code: str, pin: str) -> int | None:
    guest = TableClient(address, code, "Ann", pin=pin)
    run = asyncio.create_task(guest.run())
    async with asyncio.timeout(LIMIT):
        await guest.wait_until(lambda: guest.seat is not None)
    seat = guest.seat
    guest.stop()
    await run
    return seat


@linux_only
def test_two_thousand_silent_connections_leave_the_hosts_memory_and_an_honest_guest_still_sits(
        tmp_path: Path) -> None:
    host, line = start_host(tmp_path)
    standing: list[socket.socket] = []
    try:
        address, code, pin = line[2], line[3], line[4]
        before = resident(host.pid)
        standing = crowd(int(address.rsplit(":", 1)[1]))
        assert asyncio.run(sits(address, code, pin)) == 0  # from 127.0.0.1, while the crowd stands
        grown = resident(host.pid) - before
        print(f"\n{SILENT} silent connections standing: the host grew by {grown / (1 << 20):.1f} MB")
        assert grown < MEMORY, f"the host grew by {grown >> 20} MB"
    finally:
        for sock in standing:
            sock.close()
        host.send_signal(signal.SIGTERM)
        try:
            host.communicate(timeout=LIMIT)
        except subprocess.TimeoutExpired:
            host.kill()
            host.communicate()
