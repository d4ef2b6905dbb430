"""The table's door: wrong codes slow their address down, are logged, and never hold up an honest friend."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from allfives.net.client import JoinRefused, TableClient
from allfives.net.door import Door, DoorRules, address_key
from allfives.net.protocol import PROTOCOL_VERSION
from allfives.net.server import TableServer
from allfives.net.table import Table

from .helpers import four_seat_table, quick_limits

LIMIT = 60


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_wrong_codes_are_free_a_few_times_then_wait_longer_and_longer_and_the_right_one_forgives() -> None:
    clock = Clock()
    door = Door(DoorRules(free=3, first_wait=20, longest_wait=900), clock)
    waits = []
    for _ in range(10):
        waits.append(door.wrong("203.0.113.7"))
        clock.now += waits[-1]  # each tried as soon as allowed
    assert waits == [0, 0, 0, 20, 40, 80, 160, 320, 640, 900]
    assert door.wait("203.0.113.7") == 0 and door.wait("203.0.113.8") == 0  # another address: no wait
    door.wrong("203.0.113.7")
    assert door.wait("203.0.113.7") == 900
    clock.now += 30
    assert door.wait("203.0.113.7") == 870  # told how long is left
    door.right("203.0.113.7")
    assert door.wait("203.0.113.7") == 0 and door.wrong_in_a_row("203.0.113.7") == 0


def test_an_address_quiet_for_long_starts_afresh_and_memory_stays_bounded() -> None:
    clock = Clock()
    door = Door(DoorRules(free=1, first_wait=10, forget_after=600, addresses=100), clock)
    door.wrong("198.51.100.1")
    assert door.wrong("198.51.100.1") == 10
    clock.now += 600
    assert door.wrong("198.51.100.1") == 0  # forgotten: free again
    for n in range(5000):  # guesses from many addresses
        door.wrong(f"10.{n // 256 % 256}.{n % 256}.1")
    assert len(door) == 100
    clock.now += 601
    door.wrong("192.0.2.1")
    assert len(door) == 1  # the quiet ones are dropped as soon as anyone knocks


def test_an_ipv6_home_is_one_address_and_a_mapped_ipv4_is_its_ipv4() -> None:
    assert address_key("2001:db8:1:2::5") == address_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::5") != address_key("2001:db8:1:2::5")
    assert address_key("::ffff:192.0.2.4") == "192.0.2.4" and address_key("not an ip") == "not an ip"


def held(table: Table) -> list[int]:
    """The seats a person holds (here or gone for a moment)."""
    return [n for n, seat in enumerate(table.seats) if seat.token_hash is not None]


async def knock(address: str, code: str, source: str = "127.0.0.1") -> str:
    """One hello from `source`: the table's answer in words (an error's reason, or 'welcome')."""
    async with connect(f"ws://{address}", compression=None, local_addr=(source, 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "code": code, "name": "Eve"}))
        try:
            answer = json.loads(await ws.recv())
        except ConnectionClosed:
            return f"closed {ws.close_code}"
        return "welcome" if answer["type"] == "welcome" else answer["reason"]


async def test_fifty_wrong_codes_from_one_address_are_slowed_and_logged_while_a_friend_gets_in(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    door = Door(DoorRules(free=3, first_wait=20, longest_wait=900), clock)
    table = four_seat_table()
    server = TableServer(table, limits=quick_limits(hello_timeout=LIMIT), ping_interval=None, door=door)
    caplog.set_level(logging.WARNING, logger="allfives.net")
    async with asyncio.timeout(LIMIT), server, connect(f"ws://{server.address}") as early:
        answers, turned_away = [], []
        for n in range(50):
            wait = door.wait("127.0.0.1")
            if wait:  # knocking again at once is refused before the handshake completes, saying how long
                guesser = TableClient(server.address, "WRONG", "Eve")
                with pytest.raises(JoinRefused) as refused:
                    await guesser.run()
                turned_away.append(str(refused.value))
                clock.now += wait  # then tried again as soon as allowed
            answers.append(await knock(server.address, f"WRONG{n:07d}"))
        assert answers[:3] == ["wrong table code"] * 3
        assert answers[3:6] == [f"wrong table code: try again in {s} s" for s in (20, 40, 80)]
        assert answers[-1] == "wrong table code: try again in 900 s"
        assert turned_away[:2] == [f"wrong table code: try again in {s} s" for s in (20, 40)]
        assert len(turned_away) == 46 and held(table) == []  # nobody got in
        logged = [r.getMessage() for r in caplog.records if "table code from 127.0.0.1" in r.getMessage()]
        assert len(logged) == 50 and logged[3].endswith("(4 in a row): it waits 20 s before trying again")
        # the guesser waits; a friend at another address (127.0.0.2: loopback too) walks in
        assert door.wait("127.0.0.1") == 900
        assert await knock(server.address, table.code.lower(), source="127.0.0.2") == "welcome"
        assert held(table) == [0] and table.setup.players[0].name == "Eve"
        # even the right code from the guessing address waits its turn: at the handshake...
        with pytest.raises(InvalidStatus) as at_the_door:
            await knock(server.address, table.code)
        assert at_the_door.value.response.status_code == 429
        # ...and on a connection opened before the wait began, before its hello is acted on
        await early.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "code": table.code}))
        assert json.loads(await early.recv())["reason"] == "wrong table code: try again in 900 s"
        assert held(table) == [0]  # the friend's seat alone
