"""A host in control, on loopback: kick and release (the token stops working, the person is told and
stops), the turn clock of a connected person (on the server's clock, given by the test), the host's
goodbye (every client told, none coming back by itself)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from allfives.engine import Rules
from allfives.net.client import JoinRefused, TableClient
from allfives.net.table import Table, TableOptions

from .helpers import players, serving

LIMIT = 30  # seconds: only stops a hung test


def two_seats(save: Path | None = None, **options: float) -> Table:
    return Table.new(Rules(seats=2, target=150), level="easy", seed=3, bot_delay=0.0,
                     options=TableOptions(**{"hand_pause": 30.0, "away_timeout": 30.0, **options}),
                     save_path=save)


def friend(server, name: str = "Bea", **kwargs) -> TableClient:
    """A person who sits and never moves."""
    return TableClient(server.address, server.table.code, name, **kwargs)


async def test_a_kicked_person_is_told_and_stops_and_their_token_never_seats_again() -> None:
    async with asyncio.timeout(LIMIT), serving(Table.new(Rules(seats=4), level="easy")) as server:
        (host, _), = players(server, (0,))
        host_run = asyncio.create_task(host.run())
        await host.wait_until(lambda: host.seat == 0)
        bea, cy = friend(server), friend(server, "Bea")
        runs = [asyncio.create_task(bea.run()), asyncio.create_task(cy.run())]
        await host.wait_until(lambda: [s.name for s in host.info.seats[:3]] == ["Tester 0", "Bea", "Bea 2"])

        await host.release(2)  # given back to a bot: told so, and free to join again as anyone may
        await runs[1]
        assert cy.goodbye.reason == "Tester 0 gave your seat to a bot"
        back = friend(server, "Cy", token=cy.token)
        back_run = asyncio.create_task(back.run())
        await back.wait_until(lambda: back.seat is not None)
        assert back.token != cy.token and server.table.names[back.seat] == "Cy"

        await host.kick(1)
        await bea.wait_until(lambda: bea.goodbye is not None)
        await runs[0]  # its run ends by itself: no coming back
        assert bea.goodbye.reason == "Tester 0 sent you away from the table" and bea.connections == 1
        await host.wait_until(lambda: host.info.seats[1].status == "bot" and host.info.banned == ("Bea",))
        assert server.table.seat_of(bea.token) is None

        again = friend(server, token=bea.token)
        with pytest.raises(JoinRefused, match="Tester 0 sent you away from this table"):
            await again.run()

        await host.kick(0)  # the host's own seat: refused, and nothing else happens
        await host.wait_until(lambda: bool(host.errors))
        assert "the host's own" in host.errors[-1]
        for client, run in ((back, back_run), (host, host_run)):
            client.stop()
            await run


async def test_a_kicked_guest_saying_hello_without_a_token_is_refused_until_the_host_lets_them_back() -> None:
    async with asyncio.timeout(LIMIT), serving(Table.new(Rules(seats=4), level="easy")) as server:
        (host, _), (dan, _) = players(server, (0, 2))
        runs = [asyncio.create_task(host.run()), asyncio.create_task(dan.run())]
        bea = friend(server)
        bea_run = asyncio.create_task(bea.run())
        await host.wait_until(lambda: host.info is not None
                              and [s.status for s in host.info.seats[:3]] == ["here"] * 3)
        await host.kick(1)
        await bea_run
        await host.wait_until(lambda: host.info.banned == ("Bea",))
        for name in ("Bea", " bea ", "Someone Else"):  # a new hello, no token: the name, and the address
            with pytest.raises(JoinRefused, match="Tester 0 sent you away from this table"):
                await friend(server, name).run()
        assert [s.token_hash is None for s in server.table.seats] == [False, True, False, True]
        assert not any('"banned"' in text for text in dan.raw)  # only the host is told whom it sent away

        await host.let_back("Nobody")  # never sent away: refused, and said
        await host.wait_until(lambda: bool(host.errors))
        assert host.errors[-1] == "Nobody was not sent away from this table"
        await dan.let_back("Bea")  # not the host's to do
        await dan.wait_until(lambda: bool(dan.errors))
        assert dan.errors[-1] == "only the host can let someone back" and server.table.bans
        await host.let_back("bea")
        await host.wait_until(lambda: host.info.banned == ())
        again = friend(server, "Bea", token=bea.token)  # with the token `allfives join` kept for the table
        runs.append(asyncio.create_task(again.run()))
        await again.wait_until(lambda: again.seat == 1)
        for client, run in zip((host, dan, again), runs, strict=True):
            client.stop()
            await run


async def test_lobby_seats_of_people_who_left_free_themselves() -> None:
    async with asyncio.timeout(LIMIT), serving(two_seats()) as server:
        (host, _), = players(server, (0,))
        host_run = asyncio.create_task(host.run())
        await host.wait_until(lambda: host.seat == 0)
        bea = friend(server)
        bea_run = asyncio.create_task(bea.run())
        await host.wait_until(lambda: host.info.seats[1].status == "here")
        bea.stop()
        await bea_run
        await host.wait_until(lambda: host.info.seats[1].status == "bot")
        cy = friend(server, "Cy")  # the table is not full of people who left
        cy_run = asyncio.create_task(cy.run())
        await cy.wait_until(lambda: cy.seat == 1)
        for client, run in ((cy, cy_run), (host, host_run)):
            client.stop()
            await run


async def test_a_person_who_never_moves_has_a_clock_then_the_host_lets_a_bot_play_their_move() -> None:
    now = [0.0]
    async with asyncio.timeout(LIMIT), serving(two_seats(turn_clock=60.0), clock=lambda: now[0]) as server:
        (host, _), = players(server, (0,))
        host_run = asyncio.create_task(host.run())
        await host.wait_until(lambda: host.seat == 0)
        bea = friend(server)  # sits and never moves
        bea_run = asyncio.create_task(bea.run())
        await host.wait_until(lambda: host.info.seats[1].status == "here")
        await host.start()
        await host.wait_until(lambda: host.view is not None and host.view.turn == 1
                              and host.info.seats[1].wait_left is not None)
        assert host.info.seats[1].wait_left == 60.0 and host.info.turn_clock == 60.0
        assert bea.turn_until.keys() == {1}  # everyone sees the clock
        made = len(host.view.history)

        await host.cover(1)  # too soon: refused, and the table still waits for Bea
        await host.wait_until(lambda: bool(host.errors))
        assert "turn clock has 60 s more" in host.errors[-1] and server.table.state.turn == 1

        now[0] = 61.0
        await host.cover(1)
        await host.wait_until(lambda: len(host.view.history) > made)
        assert host.view.history[made].seat == 1  # a bot made Bea's move
        assert not server.table.is_bot_played(1)  # that one move: the seat is still Bea's
        for client, run in ((bea, bea_run), (host, host_run)):
            client.stop()
            await run


async def test_when_the_host_closes_the_table_everyone_is_told_and_nobody_retries(tmp_path: Path) -> None:
    table = two_seats(save=tmp_path / "table.json")
    async with asyncio.timeout(LIMIT):
        async with serving(table) as server:
            (host, _), = players(server, (0,))
            host_run = asyncio.create_task(host.run())
            await host.wait_until(lambda: host.seat == 0)
            bea = friend(server)
            bea_run = asyncio.create_task(bea.run())
            await host.wait_until(lambda: host.info.seats[1].status == "here")
            await host.start()
            await bea.wait_until(lambda: bea.view is not None)
        await asyncio.gather(host_run, bea_run)  # both end by themselves
        for client in (host, bea):
            assert client.goodbye is not None and client.goodbye.reason == "Tester 0 closed the table"
            assert client.goodbye.come_back and client.connections == 1 and client.refusal is None
