"""Friends anywhere, measured through magic-wormhole's own servers on loopback: how long from `join`
to the lobby, and what a wormhole adds to a move's round trip against the LAN's websocket.

Run `python benchmarks/anywhere.py` (`--joins`, `--games`). It starts `twist wormhole-mailbox` and
`twist transitrelay` on free loopback ports (the tests' fixtures), stops them at the end, and prints:
- join -> lobby: from a guest typing the code (the host's side waiting) to the guest seated with the
  table in hand; directly, and through the transit relay;
- a move's round trip (sent -> the table's update showing it made) for one person at a two-seat
  table against an easy bot at delay 0: over the LAN's websocket (ws:// on loopback), through a
  wormhole link made directly, and through the relay; and what the wormhole adds (medians).
Loopback has no distance: these are the costs of the software (the Twisted thread's hops, the
Transit records' sealing, the relay's copying), not of the internet.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from allfives.bots import make_bot  # noqa: E402
from allfives.engine import Rules  # noqa: E402
from allfives.net.anywhere.guest import AnywhereClient  # noqa: E402
from allfives.net.anywhere.invitations import Invitations  # noqa: E402
from allfives.net.client import AutoPlayer, TableClient  # noqa: E402
from allfives.net.server import Limits, TableServer  # noqa: E402
from allfives.net.table import Table, TableOptions  # noqa: E402
from tests.net.anywhere.servers import loopback_servers  # noqa: E402


def table(seed: int) -> Table:
    return Table.new(Rules(seats=2, target=100), level="easy", seed=seed, bot_delay=0.0,
                     options=TableOptions(hand_pause=0.0))


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def join_times(servers, joins: int, direct: bool) -> list[float]:  # noqa: ANN001
    """Seconds from a guest's `run()` (the code typed) to its lobby, one fresh table and code a join."""
    times = []
    for n in range(joins):
        server = await TableServer(table(n), limits=Limits(), ping_interval=None).start()
        door = Invitations(server, servers, loopback=True, direct=direct)
        try:
            code = await door.ready(door.invite())
            client = AnywhereClient(code, "Bea", servers=servers, loopback=True, direct=direct)
            started = time.perf_counter()
            run = asyncio.create_task(client.run())
            await client.wait_until(lambda c=client: c.seat is not None and c.info is not None)
            times.append(time.perf_counter() - started)
            client.stop()
            await run
        finally:
            await door.close()
            await server.close()
    return times


async def round_trips(servers, games: int, path: str) -> list[float]:  # noqa: ANN001
    """Every move's round trip for one person (seat 0, the easy bot playing it) over `path`."""
    trips: list[float] = []
    for n in range(games):
        server = await TableServer(table(100 + n), limits=Limits(), ping_interval=None).start()
        door = Invitations(server, servers, loopback=True, direct=path == "direct")
        try:
            if path == "lan":
                client: TableClient = TableClient(server.address, server.table.code, "Bea", seat=0,
                                                  stop_when_over=True)
            else:
                code = await door.ready(door.invite())
                client = AnywhereClient(code, "Bea", servers=servers, loopback=True, direct=path == "direct",
                                        seat=0, stop_when_over=True)
            player = AutoPlayer(client, make_bot("easy", seed=n).choose)
            run = asyncio.create_task(client.run())
            await client.wait_until(lambda c=client: c.is_host)
            await client.start()
            await run
            trips += player.round_trips
        finally:
            await door.close()
            await server.close()
    return trips


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder, loopback_servers(Path(folder)) as where:
        servers = where.servers
        await join_times(servers, 1, True)  # (warm up: the reactor's thread, the imports)
        print(f"join -> lobby through the loopback servers ({args.joins} joins each, a fresh code each):")
        for label, direct in (("directly", True), ("through the relay", False)):
            times = await join_times(servers, args.joins, direct)
            print(f"  {label:18} median {ms(statistics.median(times))}, max {ms(max(times))}")
        print(f"a move's round trip, one person against an easy bot ({args.games} games to 100 each):")
        medians = {}
        for label, path in (("LAN (ws://)", "lan"), ("wormhole, direct", "direct"),
                            ("wormhole, relay", "relay")):
            trips = await round_trips(servers, args.games, path)
            medians[path] = statistics.median(trips)
            print(f"  {label:18} {len(trips):4} moves: median {ms(medians[path])}, "
                  f"90th percentile {ms(percentile(trips, 0.9))}")
        added = {path: ms(medians[path] - medians["lan"]) for path in ("direct", "relay")}
        print(f"added by the wormhole (medians): direct {added['direct']}, relay {added['relay']}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--joins", type=int, default=10, help="joins timed each way (default 10)")
    parser.add_argument("--games", type=int, default=3, help="games played each way (default 3)")
    asyncio.run(main(parser.parse_args()))
