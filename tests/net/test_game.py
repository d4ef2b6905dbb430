"""Whole games over loopback: two people (test clients) and two bots, a dropped player, a restarted host."""

from __future__ import annotations

import asyncio
from pathlib import Path

from allfives.engine import HandResult, Rules
from allfives.net.client import deals_said
from allfives.net.protocol import for_seat
from allfives.net.table import Table, TableOptions
from allfives.record_file import read_record

from .helpers import CheatingTable, Truth, four_seat_table, players, serving

LIMIT = 60  # seconds: a game takes well under one; this only stops a hung test


async def seat_both(server, seats=(0, 1)):
    """Two test clients sit; the first (the host) starts once the second is in."""
    pairs = list(players(server, seats))
    (host, _), (other, _) = pairs
    runs = [asyncio.create_task(c.run()) for c, _ in pairs]
    await host.wait_until(lambda: host.info is not None and host.info.seats[seats[1]].status == "here")
    return pairs, runs


async def test_a_four_seat_game_shows_each_player_only_what_their_seat_may_see() -> None:
    table = four_seat_table()
    async with asyncio.timeout(LIMIT), serving(table) as server:
        pairs, runs = await seat_both(server)
        (host, host_play), (other, other_play) = pairs
        assert host.is_host and not other.is_host
        assert [s.kind for s in host.info.seats] == ["person", "person", "bot", "bot"]
        await other.start()  # only the host starts the table
        await other.wait_until(lambda: "only the host can start the game" in other.errors)
        assert table.state is None
        await host.start()
        await asyncio.gather(*runs)

        state = table.state
        assert state.phase == "game_over" and state.winner is not None
        assert max(state.scores) >= state.rules.target
        assert len(state.log) >= 2  # the players' `ready` dealt the next hands
        truth = Truth(table.record())
        for client, player in pairs:
            assert client.winner == state.winner
            assert client.view.scores == state.scores
            assert client.hands == [list(for_seat(h, client.seat)) for h in table.hands]
            assert player.refusals == [] and len(player.round_trips) > 10
            assert truth.check(client.raw, client.seat) > 50
            assert any(isinstance(e, HandResult) for e in client.hands[0])
            # every hand's secret came at its end, and gave every tile this seat saw
            assert len(client.seen.deals) == len(state.log) and all(d.checked for d in client.seen.deals)
            assert deals_said(client.seen) == f"Deals checked: {len(state.log)} of {len(state.log)} hands."


async def test_a_player_cut_off_or_killed_mid_hand_comes_back_to_the_same_seat_and_finishes() -> None:
    table = four_seat_table(seed=12)
    async with asyncio.timeout(LIMIT), serving(table) as server:
        pairs, runs = await seat_both(server)
        (host, _), (other, _) = pairs
        await host.start()
        await other.wait_until(lambda: other.view is not None and len(other.view.history) >= 3)
        other.drop()  # the network fails under it: it reconnects by itself
        await host.wait_until(lambda: host.info.seats[1].status == "away")
        away = host.info.seats[1]
        assert away.wait_left is not None and 0 < away.wait_left <= 30.0
        assert 1 in host.away_until  # the clock the screen shows
        await host.wait_until(lambda: host.info.seats[1].status == "here")
        # the host may hear of the return before the returning client reads its welcome
        await other.wait_until(lambda: other.connections == 2)
        assert other.connections == 2 and other.seat == 1

        await other.wait_until(lambda: other.view.hand_number == 2 and len(other.view.history) >= 3)
        runs[1].cancel()  # the player's program is killed; they start it again with their token
        again, _ = next(players(server, (1,), token=other.token))
        await asyncio.gather(runs[0], again.run())
        assert again.seat == 1 and again.connections == 1
        assert table.state.phase == "game_over"
        assert again.hands == [list(for_seat(h, 1)) for h in table.hands]  # the whole table came back
        truth = Truth(table.record())
        truth.check(other.raw, 1)
        truth.check(again.raw, 1)
        assert all(d.checked for d in again.seen.deals)  # hand 1 checked from the snapshot's secret


async def play_through(tmp_path: Path, restart_at: tuple[int, int] | None) -> dict:
    """A seeded game, the host restarted once the table reaches (hand, moves) when asked; its record."""
    save = tmp_path / "table.json"
    table = four_seat_table(seed=21, save=save)
    async with asyncio.timeout(LIMIT):
        async with serving(table) as server:
            pairs, runs = await seat_both(server)
            (host, _), (other, _) = pairs
            port = server.port
            await host.start()
            if restart_at is None:
                await asyncio.gather(*runs)
                return table.record()
            hand, moves = restart_at
            await host.wait_until(lambda: host.view is not None and host.view.hand_number == hand
                                  and len(host.view.history) >= moves)
            await server.close(tell=False)  # the host's process dies: nobody is told goodbye
        # The host is gone: the clients keep trying. A new host process reads the save and serves again.
        _, text = read_record(save)  # the record and its journal
        assert not any(c.token in text for c, _ in pairs)  # the save holds only the tokens' hashes
        resumed = Table.load(save)
        assert resumed.code == table.code and resumed.phase == "playing"
        async with serving(resumed, port=port):
            await asyncio.gather(*runs)
        assert all(c.connections == 2 for c, _ in pairs)
        assert all(d.checked for c, _ in pairs for d in c.seen.deals)  # the resumed table's secrets too
        return resumed.record()


async def test_a_restarted_host_resumes_and_the_game_ends_as_it_would_have(tmp_path: Path) -> None:
    straight = await play_through(tmp_path / "a", None)
    restarted = await play_through(tmp_path / "b", (2, 5))
    assert restarted["hands"] == straight["hands"]
    assert restarted["seed"] == straight["seed"]


async def test_a_clients_check_catches_a_host_that_swaps_boneyard_tiles_after_committing() -> None:
    table = CheatingTable.new(Rules(seats=2), level="easy", seed=2, bot_delay=0.0,
                              options=TableOptions(hand_pause=30.0))
    async with asyncio.timeout(LIMIT), serving(table) as server:
        [(client, _)] = list(players(server, (0,)))
        run = asyncio.create_task(client.run())
        await client.wait_until(lambda: client.is_host)
        await client.start()
        await client.wait_until(lambda: client.seen is not None and client.seen.deals[0] is not None
                                and client.seen.deals[0].secret is not None)
        client.stop()
        await run
    assert any(ev.kind == "drew" for ev in client.hands[0]), "the changed boneyard must be drawn from"
    seen = client.seen.deals[0]
    assert seen.commitment == table.state.log[0].deal.commitment and not seen.checked
    assert seen.problem is not None and "where the secret" in seen.problem
    assert deals_said(client.seen) == (f"Hand 1: the deal does not match its commitment: this table's host "
                                       f"may have changed it ({seen.problem}).")
