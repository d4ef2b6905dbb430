"""Friends anywhere under attack and faults, with the real mailbox server and transit relay on loopback:
nobody is left stuck and nothing is lost without a word.

A guest's link storm leaves the host's open files flat; codes a stranger burns are replaced at once; a
guest whose host died is told so and ends; a replacement code made during a mailbox outage comes once
the mailbox is back; a join the table refuses leaves a way in; a frame too big is refused before it is
read. What a hostile guest does is one short line on the host's terminal.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
from pathlib import Path

import pytest

from allfives.net.anywhere import guest as guest_module
from allfives.net.anywhere.cli import _join, open_invitations
from allfives.net.anywhere.codes import Servers
from allfives.net.anywhere.guest import AnywhereClient, NoWormhole
from allfives.net.anywhere.invitations import HOST_FRAME, Invitations
from allfives.net.anywhere.wormhole import MAX_HINTS, MAX_RELAY, SEAL, Wormhole, bounded_hints, too_big
from allfives.net.client import AutoPlayer, JoinRefused
from allfives.net.protocol import MAX_MESSAGE_BYTES
from allfives.net.server import Limits

from ..helpers import easy_player, four_seat_table, players, serving
from .servers import LoopbackServers, RecordingProxy

LIMIT = 60  # seconds: only stops a hung test


def friend(code: str, servers: Servers, **kwargs) -> AnywhereClient:
    return AnywhereClient(code, "Bea", servers=servers, loopback=True, **kwargs)


def open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


async def seated(client: AnywhereClient) -> asyncio.Task[None]:
    run = asyncio.create_task(client.run())
    await client.wait_until(lambda: client.seat is not None and client.info is not None)
    return run


class Sink:
    """A loopback port that takes every connection and holds it, saying nothing, until the other end lets
    go (the port a hostile guest names in its hints): how many came."""

    def __init__(self) -> None:
        self.connections = 0
        self._held: list[asyncio.StreamWriter] = []
        self.server: asyncio.Server | None = None

    async def start(self) -> int:
        async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            self.connections += 1
            self._held.append(writer)
            while await reader.read(4096):  # (until the host lets go: then ours goes too)
                pass
            writer.transport.abort()

        self.server = await asyncio.start_server(hold, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    def close(self) -> None:
        for writer in self._held:
            writer.transport.abort()
        if self.server is not None:
            self.server.close()


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts /proc/self/fd")
async def test_a_link_storm_of_600_requests_leaves_the_hosts_open_files_flat(
        wormhole_servers: LoopbackServers) -> None:
    servers = wormhole_servers.servers
    said: list[str] = []
    sink = Sink()
    port = await sink.start()
    async with asyncio.timeout(LIMIT), serving(four_seat_table()) as server:
        # (3 links at once, then one an hour, on a clock that stands still: no more in this test, and one
        # line of each kind however slowly the machine sends)
        door = Invitations(server, servers, loopback=True, on_notice=said.append, links=(3, 3600.0),
                           clock=lambda: 0.0)
        eve = Wormhole(servers, loopback=True)
        try:
            invitation = door.invite()
            await eve.enter(await door.ready(invitation))
            await eve.meet()
            assert "table" in await eve.receive()
            before = peak = open_files()
            hints = [{"type": "direct-tcp-v1", "hostname": "127.0.0.1", "port": port, "priority": 0.0}] * 50
            await eve.send({"link": 1, "hints": hints})  # the first is made: the host dials her port
            while not sink.connections:
                await asyncio.sleep(0.01)
            for n in range(2, 601):  # then link after link, each naming 50 addresses of eve's choosing
                await eve.send({"link": n, "hints": hints})
                peak = max(peak, open_files())
            while invitation.links < 600:  # (until the host has read every request)
                peak = max(peak, open_files())
                await asyncio.sleep(0.01)
            for _turn in range(20):
                await asyncio.sleep(0.01)
                peak = max(peak, open_files())
        finally:
            await door.close()
            await eve.close()
            sink.close()
    # at most 3 links were made, each dialling at most MAX_HINTS addresses (both ends of each are ours)
    assert 0 < sink.connections <= 3 * MAX_HINTS, sink.connections
    assert peak - before <= 3 * MAX_HINTS + 8, (before, peak)  # (a sink's end of each is ours too)
    assert said == [  # one line of each kind: rate-limited
        f"Invitation 1: sent more than {MAX_HINTS} connection addresses: only {MAX_HINTS} are tried",
        "Invitation 1: asks for links too fast: 3 at once, then one every 3600 s"]


def test_a_guests_hints_are_cut_to_a_few_addresses_in_all_the_relays_kept() -> None:
    direct = {"type": "direct-tcp-v1", "hostname": "10.0.0.1", "port": 1, "priority": 0.0}
    relay = {"type": "relay-v1", "hints": [direct] * 20}
    kept, left = bounded_hints([direct] * 12 + [relay, "junk"])
    assert kept == [direct] * (MAX_HINTS - MAX_RELAY) + [{"type": "relay-v1", "hints": [direct] * MAX_RELAY}]
    assert left == (12 - (MAX_HINTS - MAX_RELAY)) + (20 - MAX_RELAY) + 1
    two_relays = bounded_hints([direct, relay, relay])  # (the second relay's addresses are all left out)
    assert two_relays == ([direct, {"type": "relay-v1", "hints": [direct] * MAX_RELAY}], 40 - MAX_RELAY)
    assert bounded_hints([direct]) == ([direct], 0)


async def test_codes_a_stranger_burns_are_replaced_at_once_and_the_friend_sits_with_the_last(
        wormhole_servers: LoopbackServers) -> None:
    servers = wormhole_servers.servers
    said: list[str] = []
    async with asyncio.timeout(LIMIT), serving(four_seat_table()) as server:
        door = open_invitations(server, servers, 1, say=said.append, loopback=True)  # (a headless host's)
        try:
            for burned in range(1, 4):  # a stranger lists the nameplates and types wrong words on each
                invitation = door.all[-1]
                code = await door.ready(invitation)
                with pytest.raises(NoWormhole, match="that is not the code the host made"):
                    await friend(f"{code.split('-')[0]}-aardvark-absurd", servers).run()
                await door.until(invitation, lambda i: i.replaced_by is not None and i.replaced_by.code)
                assert invitation.status == "used" and len(door.all) == burned + 1
            fresh = door.all[-1]
            bea = friend(fresh.code, servers)
            run = await seated(bea)
            assert server.table.seats[bea.seat].connected
            bea.stop()
            await run
        finally:
            await door.close()
    assert ("Invitation 1: someone typed a wrong code (a stranger's guess, or a typo): this one is used up; "
            "a fresh one follows") in said
    assert (f"Invitation 4: someone typed a wrong code for invitation 3: send your friend this fresh line "
            f"instead:  allfives join {fresh.code}") in said


async def test_a_guest_whose_host_died_is_told_in_one_line_and_ends_non_zero(
        wormhole_servers: LoopbackServers, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(tmp_path))
    servers = wormhole_servers.servers
    async with asyncio.timeout(LIMIT):
        async with serving(four_seat_table()) as server:
            door = Invitations(server, servers, loopback=True)
            code = await door.ready(door.invite())
            args = argparse.Namespace(code=code, name="Bea", servers=servers, seat=None, autoplay="easy")
            monkeypatch.setattr(guest_module.Wormhole, "__init__", _loopback(guest_module.Wormhole.__init__))
            join = asyncio.create_task(_join(args))
            while not server.by_seat:
                await asyncio.sleep(0.01)
            monkeypatch.setattr(guest_module, "HOST_TIMEOUT", 1.0)  # (30 s in a game)
            await server.close(tell=False)  # the host's program dies: no goodbye, its links and wormhole go
            await door.close()
        status = await join
    out, err = capsys.readouterr()
    assert status == 2 and err == "allfives join: the host is gone: ask them for a fresh code\n", (out, err)
    assert out.splitlines()[-1] == "Connecting to the host…"


def _loopback(init):  # noqa: ANN001, ANN202
    """A guest's wormhole offering 127.0.0.1 alone (the command line's offers every address)."""
    def loopback_init(self, servers, *, direct=True, loopback=False) -> None:  # noqa: ANN001
        init(self, servers, direct=direct, loopback=True)
    return loopback_init


async def test_a_replacement_code_made_during_a_mailbox_outage_comes_once_the_mailbox_is_back(
        wormhole_servers: LoopbackServers) -> None:
    proxy = RecordingProxy(wormhole_servers.mailbox.target, websocket=True).start()
    servers = Servers(mailbox=f"ws://127.0.0.1:{proxy.port}/v1", transit=wormhole_servers.servers.transit)
    said: list[str] = []
    table = four_seat_table(seed=33)
    kept: dict[str, str] = {}
    try:
        async with asyncio.timeout(LIMIT), serving(table) as server:
            door = open_invitations(server, servers, 0, say=said.append, loopback=True, replace_after=0,
                                    retries=lambda: iter(lambda: 0.05, None))
            try:
                [(host, _)] = list(players(server, (0,)))
                runs = [asyncio.create_task(host.run())]
                await host.wait_until(lambda: host.is_host)
                bea = friend(await door.ready(door.invite()), servers, seat=2, stop_when_over=True)
                AutoPlayer(bea, easy_player(2))
                runs.append(asyncio.create_task(bea.run()))
                await bea.wait_until(lambda: bea.token is not None)
                kept[bea.code] = bea.token
                await host.start()
                await bea.wait_until(lambda: bea.view is not None)

                proxy.stop()  # the mailbox server is out of reach...
                runs.pop().cancel()  # ...when Bea's program dies: a fresh code for her cannot be made now
                await host.wait_until(lambda: host.info.seats[2].status == "away")
                await door.until(door.all[0], lambda i: i.replaced_by is not None)
                fresh = door.all[0].replaced_by
                await door.until(fresh, lambda i: i.status == "retrying")
                assert fresh.said.startswith(f"cannot reach the mailbox server {servers.mailbox}: ")
                assert fresh.said.endswith(": trying again in 0.05 s") and fresh.code is None

                target = wormhole_servers.mailbox.target
                proxy = RecordingProxy(target, websocket=True, port=proxy.port).start()
                code = await door.ready(fresh)  # the mailbox is back: the code comes by itself
                again = friend(code, servers, token_for=kept.get, stop_when_over=True)
                run = asyncio.create_task(again.run())
                await again.wait_until(lambda: again.seat is not None)
                assert again.seat == 2 and again.token == kept[table.code]
                await host.wait_until(lambda: host.info.seats[2].status == "here")
                again.stop()
                host.stop()
                await asyncio.gather(run, *runs)
            finally:
                await door.close()
    finally:
        proxy.stop()
    assert f"Invitation 2: Bea is gone: should they not come back by themselves, send them this line:  " \
           f"allfives join {code}" in said
    assert any(line.startswith("Invitation 2: cannot reach the mailbox server") for line in said)


async def test_a_join_the_table_refuses_leaves_a_fresh_code_said_to_both_sides(
        wormhole_servers: LoopbackServers) -> None:
    servers = wormhole_servers.servers
    said: list[str] = []
    async with asyncio.timeout(LIMIT), serving(four_seat_table()) as server:
        door = open_invitations(server, servers, 1, say=said.append, loopback=True)
        try:
            [(host, _)] = list(players(server, (0,)))
            host_run = asyncio.create_task(host.run())
            await host.wait_until(lambda: host.is_host)
            first = door.all[0]
            with pytest.raises(JoinRefused) as refused:  # she asks for the host's own seat
                await friend(await door.ready(first), servers, seat=0).run()
            assert str(refused.value) == ("seat 1 is taken: Tester 0 sits there; the host has a fresh code "
                                          "for you: ask them for it")
            await door.until(first, lambda i: i.replaced_by is not None and i.replaced_by.code is not None)
            assert first.status == "refused"
            fresh = first.replaced_by
            bea = friend(fresh.code, servers)
            run = await seated(bea)
            assert bea.seat == 1
            bea.stop()
            host.stop()
            await asyncio.gather(run, host_run)
        finally:
            await door.close()
    assert ("Invitation 1: the table did not seat the friend who came through it: a fresh code follows"
            in said)
    assert (f"Invitation 2: the table did not seat the friend of invitation 1: send them this fresh line:  "
            f"allfives join {fresh.code}") in said


async def test_a_60_kb_frame_is_refused_before_the_table_reads_it(wormhole_servers: LoopbackServers) -> None:
    servers = wormhole_servers.servers
    said: list[str] = []
    async with asyncio.timeout(LIMIT), serving(four_seat_table()) as server:
        door = Invitations(server, servers, loopback=True, on_notice=said.append)
        try:
            bea = friend(await door.ready(door.invite()), servers)
            run = await seated(bea)
            bea.link.send("[" * 60_000)  # one record, in one read on loopback: never decrypted nor read
            await bea.wait_until(lambda: bea.connections == 2)  # cut; she came back
            assert bea.errors == []  # (a frame the table read would have been answered "not JSON")
            bea.stop()
            await run
        finally:
            await door.close()
    assert said == [f"Invitation 1: sent a frame larger than {MAX_MESSAGE_BYTES} bytes: cut off"]


def test_the_frame_limit_is_the_lans_and_is_checked_on_every_record_of_a_read() -> None:
    assert HOST_FRAME - SEAL == MAX_MESSAGE_BYTES == Limits().max_size
    small = (10).to_bytes(4) + b"x" * 10
    big = (60_040).to_bytes(4) + b"y" * 100
    assert not too_big(b"", small * 3, HOST_FRAME)
    assert too_big(b"", small * 2 + big, HOST_FRAME)  # (the third record of one read)
    assert too_big(small[:7], small[7:] + big[:2], HOST_FRAME) is False  # (its length not all here yet)
    assert too_big(small[:7], small[7:] + big[:4], HOST_FRAME)


async def test_a_guest_struck_out_for_garbage_is_one_line_on_the_hosts_terminal(
        wormhole_servers: LoopbackServers, caplog: pytest.LogCaptureFixture) -> None:
    servers = wormhole_servers.servers
    async with asyncio.timeout(LIMIT), serving(four_seat_table()) as server:
        door = Invitations(server, servers, loopback=True)
        try:
            bea = friend(await door.ready(door.invite()), servers)
            run = await seated(bea)
            with caplog.at_level(logging.WARNING, "allfives.net"):
                for _n in range(server.limits.strikes):
                    bea.link.send("not json")
                with pytest.raises(JoinRefused):  # (struck out: she does not come back by herself)
                    await run
        finally:
            await door.close()
    cut = [r.getMessage() for r in caplog.records if "cut off" in r.getMessage()]
    assert cut == ["invitation 1 is cut off: not JSON; too many bad messages: the connection is closed"]
