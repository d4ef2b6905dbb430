"""What goes wrong at a wormhole's door says so in one line, and the table goes on: a wrong code (it
is used up, and the host hears of it), a code used already, a mailbox server out of reach, a transit
relay that refuses, a guest who sends too much."""

from __future__ import annotations

import asyncio
import logging

import pytest

from allfives.net.anywhere.codes import Servers
from allfives.net.anywhere.guest import AnywhereClient, NoWormhole
from allfives.net.anywhere.invitations import Invitations
from allfives.net.anywhere.wormhole import WormholeFailed

from ..helpers import four_seat_table, players, serving
from .servers import LoopbackServers

LIMIT = 30


def friend(code: str, servers: Servers, **kwargs) -> AnywhereClient:
    return AnywhereClient(code, "Bea", servers=servers, loopback=True, **kwargs)


async def seated(client: AnywhereClient) -> asyncio.Task[None]:
    run = asyncio.create_task(client.run())
    await client.wait_until(lambda: client.seat is not None and client.info is not None)
    return run


async def test_a_wrong_code_is_used_up_the_host_is_told_in_one_line_and_the_table_goes_on(
        wormhole_servers: LoopbackServers, caplog: pytest.LogCaptureFixture) -> None:
    servers = wormhole_servers.servers
    async with asyncio.timeout(LIMIT), serving(four_seat_table()) as server:
        door = Invitations(server, servers, loopback=True)
        try:
            invitation = door.invite()
            code = await door.ready(invitation)
            nameplate, words = code.split("-", 1)
            other = "adroit-aftermath" if words == "aardvark-absurd" else "aardvark-absurd"
            wrong = f"{nameplate}-{other}"
            with caplog.at_level(logging.WARNING, "allfives.net"), pytest.raises(NoWormhole) as refused:
                await friend(wrong, servers).run()
            assert str(refused.value) == ("that is not the code the host made (a wrong word?); the code is "
                                          "used up now: ask the host for a fresh one")
            await door.until(invitation, lambda i: i.status == "used")
            notices = [r.getMessage() for r in caplog.records if "invitation" in r.getMessage()]
            assert notices == ["a wrong code was typed for invitation 1: that code is used up"]
            with pytest.raises(NoWormhole):  # the right words are no good now either
                await friend(code, servers, meet_timeout=1.0).run()

            again = door.invite()  # the host makes a fresh one, and the friend sits down
            bea = friend(await door.ready(again), servers)
            run = await seated(bea)
            assert bea.info.seats[bea.seat].name == "Bea" and server.table.seats[bea.seat].connected
            bea.stop()
            await run
        finally:
            await door.close()


async def test_a_code_used_already_says_nobody_waits_on_it(wormhole_servers: LoopbackServers) -> None:
    servers = wormhole_servers.servers
    async with asyncio.timeout(LIMIT), serving(four_seat_table()) as server:
        door = Invitations(server, servers, loopback=True)
        try:
            code = await door.ready(door.invite())
            bea = friend(code, servers)
            run = await seated(bea)
            with pytest.raises(NoWormhole) as refused:
                await friend(code, servers, meet_timeout=1.0).run()
            assert str(refused.value) == (f"nobody is waiting on the code {code}: it was used, has expired "
                                          "or is mistyped; ask the host for a fresh one")
            assert bea.connected  # the friend who used it plays on
            bea.stop()
            await run
        finally:
            await door.close()


async def test_a_mailbox_server_out_of_reach_is_said_in_one_line_on_both_sides(
        wormhole_servers: LoopbackServers) -> None:
    nowhere = Servers(mailbox=f"ws://127.0.0.1:{wormhole_servers.closed_port}/v1",
                      transit=wormhole_servers.servers.transit)
    async with asyncio.timeout(LIMIT), serving(four_seat_table()) as server:
        door = Invitations(server, nowhere, loopback=True)
        try:
            invitation = door.invite()
            with pytest.raises(WormholeFailed) as failed:
                await door.ready(invitation)
            expected = f"cannot reach the mailbox server {nowhere.mailbox}: "
            assert str(failed.value).startswith(expected) and "\n" not in str(failed.value)
            assert invitation.status == "failed" and invitation.said == str(failed.value)
        finally:
            await door.close()
    with pytest.raises(NoWormhole) as refused:
        async with asyncio.timeout(LIMIT):
            await friend("7-guitarist-revenge", nowhere).run()
    assert str(refused.value).startswith(expected)


async def test_a_transit_relay_that_refuses_is_said_in_one_line(wormhole_servers: LoopbackServers) -> None:
    refusing = Servers(mailbox=wormhole_servers.servers.mailbox,
                       transit=f"127.0.0.1:{wormhole_servers.closed_port}")
    async with asyncio.timeout(LIMIT), serving(four_seat_table()) as server:
        door = Invitations(server, refusing, loopback=True, direct=False)  # nothing but the relay
        try:
            code = await door.ready(door.invite())
            with pytest.raises(NoWormhole) as refused:
                await friend(code, refusing, direct=False).run()
            assert str(refused.value).startswith(
                "no connection to the other side, neither directly nor through the transit relay "
                f"{refusing.transit} (")
            assert server.by_seat == {}
        finally:
            await door.close()


async def test_a_guest_sending_a_frame_too_big_is_cut_off_before_the_table_reads_it(
        wormhole_servers: LoopbackServers) -> None:
    servers = wormhole_servers.servers
    async with asyncio.timeout(LIMIT), serving(four_seat_table()) as server:
        door = Invitations(server, servers, loopback=True)
        try:
            bea = friend(await door.ready(door.invite()), servers)
            run = await seated(bea)
            bea.link.send("[" * 100_000)  # far past what a guest may send: never read, never buffered
            await bea.wait_until(lambda: bea.connections == 2)  # cut; it came back (a drop, to the table)
            assert bea.errors == [] and door.all[0].links == 2
            bea.stop()
            await run
        finally:
            await door.close()


async def test_a_guest_the_host_sends_away_is_told_why_and_does_not_come_back_by_itself(
        wormhole_servers: LoopbackServers) -> None:
    servers = wormhole_servers.servers
    async with asyncio.timeout(LIMIT), serving(four_seat_table()) as server:
        door = Invitations(server, servers, loopback=True)
        try:
            [(host, _)] = list(players(server, (0,)))
            host_run = asyncio.create_task(host.run())
            await host.wait_until(lambda: host.is_host)
            bea = friend(await door.ready(door.invite()), servers, seat=1)
            run = await seated(bea)
            await host.kick(1)
            await run  # the goodbye came before the link closed: she stops, and says why
            assert bea.goodbye_said == "Tester 0 sent you away from the table"
            assert door.all[0].links == 1 and host.info.seats[1].status == "bot"
            host.stop()
            await host_run
        finally:
            await door.close()


async def test_a_host_closing_the_table_says_goodbye_through_the_wormhole_too(
        wormhole_servers: LoopbackServers) -> None:
    servers = wormhole_servers.servers
    async with asyncio.timeout(LIMIT):
        async with serving(four_seat_table()) as server:
            door = Invitations(server, servers, loopback=True)
            [(host, _)] = list(players(server, (0,)))
            host_run = asyncio.create_task(host.run())
            await host.wait_until(lambda: host.is_host)
            bea = friend(await door.ready(door.invite()), servers)
            run = await seated(bea)
            await server.close()  # as `allfives host` quits: the goodbye first, then the links close
            await door.close()
            await host_run
        await run
    assert (bea.goodbye_said, bea.connections) == ("Tester 0 closed the table", 1)
    assert bea.goodbye.come_back is False  # (an unsaved table: nothing to come back to)
