"""A whole game through wormhole codes: three friends, one of them through the transit relay, one who
drops mid-hand and comes back through the same wormhole; the servers carry not a word of it."""

from __future__ import annotations

import asyncio

from allfives.engine import Tile
from allfives.net.anywhere.codes import APP_ID
from allfives.net.anywhere.guest import AnywhereClient
from allfives.net.anywhere.invitations import Invitations
from allfives.net.client import AutoPlayer
from allfives.net.protocol import for_seat
from allfives.net.table import shown_code

from ..helpers import Truth, easy_player, four_seat_table, players, serving
from .servers import LoopbackServers

LIMIT = 120  # seconds: the game takes a few; this only stops a hung test
TILES = [Tile(f"{a}-{b}") for a in range(7) for b in range(a + 1)]


def guest(code: str, seat: int, where: LoopbackServers, *, direct: bool = True
          ) -> tuple[AnywhereClient, AutoPlayer]:
    client = AnywhereClient(code, f"Friend {seat}", servers=where.servers, loopback=True, direct=direct,
                            seat=seat, keep_raw=True, stop_when_over=True)
    return client, AutoPlayer(client, easy_player(seat))


async def test_three_friends_play_a_four_seat_game_through_wormhole_codes_and_the_servers_see_none_of_it(
        wormhole_servers: LoopbackServers) -> None:
    where = wormhole_servers
    table = four_seat_table(seed=31)
    async with asyncio.timeout(LIMIT), serving(table) as server:
        # (a fresh code for a guest gone at once, not after 10 s: the one who drops comes back by
        # themselves, and the code made for them meanwhile is closed)
        door = Invitations(server, where.servers, loopback=True, replace_after=0)
        try:
            [(host, _)] = list(players(server, (0,)))  # the host's own seat: over loopback, as `host` does
            runs = [asyncio.create_task(host.run())]
            await host.wait_until(lambda: host.is_host)
            guests = []
            for seat in (1, 2, 3):  # the third neither offers nor takes a direct address: the relay
                invitation = door.invite(direct=seat != 3)
                guests.append(guest(await door.ready(invitation), seat, where, direct=seat != 3))
            runs += [asyncio.create_task(client.run()) for client, _ in guests]
            await host.wait_until(lambda: all(s.status == "here" for s in host.info.seats))
            assert [s.name for s in host.info.seats] == ["Tester 0", "Friend 1", "Friend 2", "Friend 3"]
            assert [client.relayed for client, _ in guests] == [False, False, True]
            assert [i.status for i in door.all] == ["direct", "direct", "relay"]
            await host.start()

            dropper = guests[0][0]
            await dropper.wait_until(lambda: dropper.view is not None and len(dropper.view.history) >= 3)
            dropper.drop()  # Wi-Fi gone: it comes back through the same wormhole, to the same seat
            await host.wait_until(lambda: host.info.seats[1].status == "away")
            await dropper.wait_until(lambda: dropper.connections == 2)
            assert dropper.seat == 1 and door.all[0].links == 2
            fresh = door.all[3]  # made while Friend 1 was gone, for them; closed once they were back
            assert fresh.replaces is door.all[0] and door.all[0].replaced_by is None
            await door.until(fresh, lambda i: i.status == "closed")
            await asyncio.gather(*runs)
            for invitation in door.all[:3]:  # each friend left the finished game: nobody is waited for
                await door.until(invitation, lambda i: i.status == "over")
        finally:
            await door.close()
    assert {i.said for i in door.all[:3]} == {"the game is over"} and door.all[3].said == "closed"

    state = table.state
    assert state.phase == "game_over" and len(state.log) >= 2
    truth = Truth(table.record())
    for client, player in guests:
        assert client.winner == state.winner and client.view.scores == state.scores
        assert client.hands == [list(for_seat(h, client.seat)) for h in table.hands]
        assert player.refusals == [] and len(player.round_trips) > 10
        assert truth.check(client.raw, client.seat) > 50
        assert all(d.checked for d in client.seen.deals)

    carried = where.carried()
    assert APP_ID.encode() in where.mailbox.seen()  # (the proxies do see what the servers are sent)
    assert len(where.transit.seen()) > 10_000  # the relayed friend's whole game went through the relay
    secrets = [table.code, shown_code(table.code), "Tester 0", *(c.name for c, _ in guests),
               *(c.token for c, _ in guests)]
    for secret in secrets:
        assert secret.encode() not in carried, f"a server carried {secret!r}"
    for tile in TILES:  # as the protocol writes a tile ("6-4") or a move ("6-4 E")
        assert f'"{tile}"'.encode() not in carried and f'"{tile} '.encode() not in carried, tile
    assert b'"legal_moves"' not in carried and b'"hand"' not in carried


async def test_a_guest_whose_program_died_comes_back_to_its_seat_through_a_fresh_code(
        wormhole_servers: LoopbackServers) -> None:
    where = wormhole_servers
    table = four_seat_table(seed=32)
    kept: dict[str, str] = {}  # the guest's seats.json: its token under the table's code
    async with asyncio.timeout(LIMIT), serving(table) as server:
        door = Invitations(server, where.servers, loopback=True, replace_after=0)
        try:
            [(host, _)] = list(players(server, (0,)))
            runs = [asyncio.create_task(host.run())]
            await host.wait_until(lambda: host.is_host)
            bea, _ = guest(await door.ready(door.invite()), 2, where)
            runs.append(asyncio.create_task(bea.run()))
            await bea.wait_until(lambda: bea.token is not None)
            kept[bea.code] = bea.token
            await host.start()
            await bea.wait_until(lambda: bea.view is not None and len(bea.view.history) >= 2)
            runs.pop().cancel()  # the laptop's program is killed mid-hand: the seat waits for her
            await host.wait_until(lambda: host.info.seats[2].status == "away")
            # a fresh code for her is made by itself (after 10 s in a game; at once here), saying for whom
            await door.until(door.all[0], lambda i: i.replaced_by is not None)
            fresh = door.all[0].replaced_by
            code = await door.ready(fresh)
            assert fresh.send_line == ("Friend 2 is gone: should they not come back by themselves, send them "
                                       f"this line:  allfives join {code}")

            again = AnywhereClient(code, "Friend 2", servers=where.servers,
                                   loopback=True, token_for=kept.get, keep_raw=True, stop_when_over=True)
            AutoPlayer(again, easy_player(2))
            runs.append(asyncio.create_task(again.run()))
            await asyncio.gather(*runs)
        finally:
            await door.close()
    assert again.seat == 2 and again.token == kept[table.code] and table.state.phase == "game_over"
    assert door.all[0].status == "closed" and fresh.status == "over"  # she came back through the fresh one
    assert again.hands == [list(for_seat(h, 2)) for h in table.hands]  # the whole hand came back with her
    Truth(table.record()).check(again.raw, 2)
