"""Shared pieces of the network tests: a table on loopback, and the check that no message leaks a tile."""

from __future__ import annotations

import json
import re
import ssl
from collections.abc import Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from allfives.bots import make_bot
from allfives.engine import Event, Game, GameState, Move, Rules, Tile
from allfives.net.client import AutoPlayer, TableClient
from allfives.net.protocol import Snapshot, Update, Welcome, decode_server
from allfives.net.server import Limits, TableServer
from allfives.net.table import Table, TableOptions
from tests.ui.languages import speaking  # noqa: F401  (re-exported: a real language in a test)

TILE = re.compile(r"^([0-6])-([0-6])( [WENS])?$")


def tiles_in(data: Any) -> set[Tile]:
    """Every tile named anywhere in a JSON value (tiles, moves like `5-3 E`)."""
    found: set[Tile] = set()
    if isinstance(data, str):
        m = TILE.match(data)
        if m:
            found.add(Tile(f"{m[1]}-{m[2]}"))
    elif isinstance(data, dict):
        for value in data.values():
            found |= tiles_in(value)
    elif isinstance(data, list):
        for value in data:
            found |= tiles_in(value)
    return found


def keys_in(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in keys_in(v)}
    if isinstance(data, list):
        return {k for v in data for k in keys_in(v)}
    return set()


class Truth:
    """Where every tile was at each point of a finished game, from its record: (hand, moves made) -> state."""

    def __init__(self, record: dict[str, Any]) -> None:
        rules = Rules.model_validate(record["rules"])
        state = GameState.empty(rules, record.get("seed"))
        self.points: dict[tuple[int, int], GameState] = {}
        self.ends: dict[int, GameState] = {}
        # each hand's commitment and secret (a table's save holds the hand in play's as `deal_secret`)
        self.deals: dict[int, dict[str, str]] = {}
        for h, hand in enumerate(record["hands"], start=1):
            self.deals[h] = {"secret": record.get("deal_secret"), **hand["deal"]}
            state, _ = state.start_hand(hand["hands"], hand["boneyard"], hand["leader"])
            self.points[(h, 0)] = state
            for m, move in enumerate(hand["moves"], start=1):
                state, _ = state.apply(Move.model_validate(move))
                self.points[(h, m)] = state
            self.ends[h] = state

    def hidden(self, state: GameState, seat: int, revealed: bool) -> set[Tile]:
        """What `seat` must not see: the boneyard, and the other hands until they are turned up."""
        out = set(state.boneyard)
        if not revealed:
            out |= {t for s, hand in enumerate(state.hands) if s != seat for t in hand}
        return out

    def check_events(self, events: list[dict], state: GameState, seat: int) -> None:
        """One hand's events as `seat` received them, against the table at `state`."""
        result = next((e for e in events if e["kind"] == "hand_over"), None)
        if result is not None:  # the hands are turned up to be counted: exactly the tiles left
            assert [[str(t) for t in h] for h in state.hands] == result["remaining"]
        for ev in events:
            if ev["kind"] == "drew":
                assert (ev["tile"] is None) == (ev["seat"] != seat), f"seat {seat} was told of a draw: {ev}"
        named = tiles_in([e for e in events if e["kind"] != "hand_over"])
        leaked = named & self.hidden(state, seat, revealed=result is not None)
        assert not leaked, f"seat {seat} was shown {sorted(map(str, leaked))}"

    def check_deal(self, shown: dict[str, str] | None, hand: int, over: bool) -> None:
        """A hand's deal as a message shows it: the commitment made before the hand, the secret exactly
        when the hand is over."""
        assert shown is not None, f"hand {hand}'s deal is not shown"
        assert shown["commitment"] == self.deals[hand]["commitment"]
        assert shown["secret"] == (self.deals[hand]["secret"] if over else None), f"hand {hand}: {shown}"

    def check_secrets(self, text: str, hand: int, over: bool) -> None:
        """No secret of a hand not over yet is anywhere in the frame (whatever the field)."""
        for h, deal in self.deals.items():
            if h > hand or (h == hand and not over):
                assert deal["secret"] not in text, f"a message shows hand {h}'s secret before its end: {text}"

    def check(self, raw: list[str], seat: int) -> int:
        """Every message `seat` received: no hidden tile, no boneyard, no secret before its hand is over,
        each deal's commitment as made, its own hand right; how many."""
        checked = 0
        for text in raw:
            data = json.loads(text)
            message = decode_server(text)
            if isinstance(message, Welcome):
                message, data = message.table, data["table"]
            outside = {k: v for k, v in data.items() if k not in ("deal", "deals")}
            named = keys_in(outside) & {"boneyard", "deal", "deals", "secret"}
            assert not named, f"a message names the deal: {text}"
            if not isinstance(message, (Snapshot, Update)) or message.view is None:
                self.check_secrets(text, 0, False)
                continue
            view = message.view
            over = view.phase != "playing"
            self.check_secrets(text, view.hand_number, over)
            if isinstance(message, Update):
                kinds = {e["kind"] for e in data["events"]}
                if data["deal"] is not None or kinds & {"dealt", "hand_over", "won"}:
                    self.check_deal(data["deal"], view.hand_number, over)
            elif isinstance(message, Snapshot):
                assert len(data["deals"]) == view.hand_number
                for h, shown in enumerate(data["deals"], start=1):
                    self.check_deal(shown, h, over or h < view.hand_number)
            assert view.seat == seat
            state = self.points[(view.hand_number, len(view.history))]
            assert sorted(view.hand, key=str) == sorted(state.hands[seat], key=str)
            leaked = tiles_in(data["view"]) & self.hidden(state, seat, revealed=False)
            assert not leaked, f"seat {seat}'s view shows {sorted(map(str, leaked))}"
            if isinstance(message, Update):
                self.check_events(data["events"], state, seat)
            else:
                for h, events in enumerate(data["hands"], start=1):
                    self.check_events(events, state if h == view.hand_number else self.ends[h], seat)
            checked += 1
        return checked


class CheatingTable(Table):
    """A host that changes each deal after committing to it: the boneyard's first and last tiles are
    swapped once the hand is dealt (the commitment and the secret shown stay the honest ones)."""

    def start(self, by: int | None = None) -> list[Event]:
        events = super().start(by)
        self.swap_boneyard()
        return events

    def next_hand(self) -> list[Event]:
        events = super().next_hand()
        self.swap_boneyard()
        return events

    def swap_boneyard(self) -> None:
        assert self.game is not None
        boneyard = list(self.game.state.boneyard)
        boneyard[0], boneyard[-1] = boneyard[-1], boneyard[0]
        self.game = Game(self.game.state.model_copy(update={"boneyard": tuple(boneyard)}), self.game.hands)


def easy_player(seed: int = 0):
    """A test client's mind: the easy bot, seeded, so a game repeats itself exactly."""
    return make_bot("easy", seed=seed).choose


def quick_limits(**changes: Any) -> Limits:
    return Limits(**{"hello_timeout": 5.0, "close_timeout": 0.2, **changes})


def four_seat_table(seed: int = 11, save: Path | None = None, **options: Any) -> Table:
    """Four seats in partnership, easy bots with no delay, the ends of hands waiting for the players."""
    settings = {"hand_pause": 30.0, "away_timeout": 30.0, **options}
    return Table.new(Rules(seats=4), level="easy", seed=seed, bot_delay=0.0,
                     options=TableOptions(**settings), save_path=save)


def players(server: TableServer, seats: tuple[int, ...], **kwargs: Any
            ) -> Iterator[tuple[TableClient, AutoPlayer]]:
    """A test client at each seat, played by a seeded easy bot, keeping every message it receives."""
    for seat in seats:
        client = TableClient(server.address, server.table.code, f"Tester {seat}", seat=seat, keep_raw=True,
                             stop_when_over=True, **kwargs)
        yield client, AutoPlayer(client, easy_player(seat))


@asynccontextmanager
async def serving(table: Table, port: int = 0, tls: ssl.SSLContext | None = None,
                  clock: Callable[[], float] | None = None, **limits: Any):
    """A table served on loopback: plain ws://, or wss:// given a context (tls.server_context); `clock`
    (seconds) is the time its waits are measured by."""
    server = TableServer(table, port=port, limits=quick_limits(**limits), ping_interval=None, tls=tls,
                         clock=clock)
    await server.start()
    try:
        yield server
    finally:
        await server.close()
