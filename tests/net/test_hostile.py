"""Hostile clients are refused or cut off, and the honest players' game goes on to its end."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from allfives.engine import ALL_TILES, replay
from allfives.net.protocol import PROTOCOL_VERSION

from .helpers import Truth, four_seat_table, players, serving

LIMIT = 60


def hello(code: str, **fields: Any) -> str:
    fields = {"type": "hello", "version": PROTOCOL_VERSION, "code": code, "name": "Mallory", **fields}
    return json.dumps(fields)


async def talk(address: str, *frames: str | bytes) -> tuple[list[dict], int | None]:
    """Send these frames on a new connection; every message answered, and how the table closed it."""
    answers: list[dict] = []
    async with connect(f"ws://{address}", compression=None, max_size=None) as ws:
        try:
            for frame in frames:
                await ws.send(frame)
            while True:
                answers.append(json.loads(await ws.recv()))
        except ConnectionClosed:
            return answers, ws.close_code


async def next_message(ws: ClientConnection, type_: str) -> dict:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == type_:
            return message


async def strangers(address: str, code: str, started: asyncio.Event) -> None:
    """People with no seat: none of them gets in, and each is told why (or cut off)."""
    await started.wait()
    host, port = address.split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(bytes(random.Random(1).randrange(256) for _ in range(3000)))  # not even HTTP
    await writer.drain()
    await reader.read()  # the table hangs up
    writer.close()

    cases = {
        "garbage": (["}{ not json"], "not JSON"),
        "binary": ([b"\x00\xff" * 50], "not binary"),
        "version": ([json.dumps({"type": "hello", "version": 99, "code": code})],
                    f"protocol {PROTOCOL_VERSION}"),
        "code": ([hello("WRONG1")], "wrong table code"),
        "token": ([hello(code, token="a" * 24)], "holds no seat"),
        "late": ([hello(code)], "the game has started"),
        "act first": ([json.dumps({"type": "move", "move": "6-6"})], "say hello first"),
    }
    for name, (frames, reason) in cases.items():
        answers, close_code = await talk(address, *frames)
        assert close_code == 1008, name
        assert len(answers) == 1 and answers[0]["type"] == "error" and answers[0]["fatal"], name
        assert reason in answers[0]["reason"], (name, answers[0]["reason"])

    answers, close_code = await talk(address, "x" * 100_000)  # a frame larger than any message
    assert close_code == 1009 and answers == []

    async with connect(f"ws://{address}", compression=None) as ws:  # says nothing at all
        await ws.wait_closed()
        assert ws.close_code == 1008 and ws.close_reason == "say hello first"


async def seated_hostile(address: str, code: str, seat: int, started: asyncio.Event) -> dict[str, Any]:
    """Two people sit at seats 2 and 3 and misbehave once the game waits on one of them."""
    ws = await connect(f"ws://{address}", compression=None)
    await ws.send(hello(code, seat=seat))
    welcome = await next_message(ws, "welcome")
    assert welcome["seat"] == seat
    view = (await next_message(ws, "table"))["view"]  # the game started
    started.set()
    while view["turn"] not in (2, 3):  # the table waits for one of us: nobody else can move now
        message = await next_message(ws, "update")
        view = message["view"]
    seen: dict[str, Any] = {"view": view}
    if view["turn"] != seat:
        await ws.send(json.dumps({"type": "move", "move": view["hand"][0]}))
        seen["out of turn"] = (await next_message(ws, "refused"))["reason"]
        sent = 0
        try:
            for _ in range(1000):  # a thousand messages as fast as the socket takes them
                await ws.send(json.dumps({"type": "say", "text": "good game"}))
                sent += 1
            while True:
                seen.setdefault("flood answers", []).append(json.loads(await ws.recv()))
        except ConnectionClosed:
            pass
        await ws.wait_closed()
        seen["flood close"] = ws.close_code, sent
    else:
        await ws.send(json.dumps({"type": "move", "move": "6-6", "seat": 0}))
        seen["for another seat"] = (await next_message(ws, "error"))["reason"]
        stranger = next(t for t in ALL_TILES if str(t) not in view["hand"])
        await ws.send(json.dumps({"type": "move", "move": str(stranger)}))
        seen["not held"] = (await next_message(ws, "refused"))["reason"]
        for _ in range(10):
            await ws.send("nonsense")
        await ws.wait_closed()
        seen["strikes close"] = ws.close_code
    return seen


async def test_hostile_clients_are_refused_and_the_honest_game_goes_on() -> None:
    table = four_seat_table(seed=5, start_when=4, away_timeout=0.0, auto_cover=True)
    async with asyncio.timeout(LIMIT), serving(table, hello_timeout=0.5) as server:
        honest = list(players(server, (0, 1)))
        runs = [asyncio.create_task(c.run()) for c, _ in honest]
        await honest[0][0].wait_until(lambda: honest[0][0].info is not None
                                      and honest[0][0].info.seats[1].status == "here")
        started = asyncio.Event()
        outcomes = await asyncio.gather(
            seated_hostile(server.address, table.code, 2, started),
            seated_hostile(server.address, table.code, 3, started),
            strangers(server.address, table.code, started))
        await asyncio.gather(*runs)

        waited_on = outcomes[0] if "not held" in outcomes[0] else outcomes[1]
        other = outcomes[1] if waited_on is outcomes[0] else outcomes[0]
        assert "turn, not yours" in other["out of turn"]
        assert other["flood close"][0] == 1008
        assert "for another seat" not in other and "extra" in waited_on["for another seat"].lower()
        assert "is not in your hand" in waited_on["not held"]  # a local game's words, no seat number
        assert waited_on["strikes close"] == 1008

        state = table.state
        assert state.phase == "game_over" and state.winner is not None
        assert table.seats[2].covered and table.seats[3].covered  # bots played for them once they were gone
        replay(table.record())
        truth = Truth(table.record())
        for client, player in honest:
            assert client.errors == [] and player.refusals == []
            assert client.winner == state.winner
            truth.check(client.raw, client.seat)
