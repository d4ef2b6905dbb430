"""How many tables one host serves: many tables at once on loopback, each with bots and test clients.

Run `nice -n 15 python benchmarks/net.py` (`--quick` for a smoke run). This process serves the
tables (one `TableServer` each, saving after every move unless `--no-save`); a second process runs
the test clients, each played by the easy bot, so the clients' work is not counted as the
server's. It prints the tables, the moves a second the host made, and a person's move's round trip
(sent -> the table's update showing it made): median and 99th percentile. Bounded by `--seconds`;
it stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from allfives.engine import Rules
from allfives.net.server import TableServer
from allfives.net.table import Table, TableOptions


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def clients(tables: list[tuple[int, str]], people: int, seconds: float) -> list[float]:
    """Every person at every table, played by the easy bot; the round trips of all their moves."""
    from allfives.bots import make_bot
    from allfives.net.client import AutoPlayer, TableClient

    pairs = []
    for port, code in tables:
        for seat in range(people):
            client = TableClient(f"127.0.0.1:{port}", code, f"Load {seat}", seat=seat, stop_when_over=True)
            pairs.append((client, AutoPlayer(client, make_bot("easy", seed=port * 4 + seat).choose)))
    try:
        async with asyncio.timeout(seconds):
            await asyncio.gather(*(c.run() for c, _ in pairs))
    except TimeoutError:
        print("  (clients: time limit reached; the figures cover the moves made)", file=sys.stderr)
    return [rt for _, player in pairs for rt in player.round_trips]


def client_process(tables: list[tuple[int, str]], people: int, seconds: float, out) -> None:
    out.send(asyncio.run(clients(tables, people, seconds)))


async def serve(args: argparse.Namespace, save_dir: Path | None) -> dict:
    rules = Rules(seats=args.seats, target=args.target)
    servers = []
    for n in range(args.tables):
        table = Table.new(rules, level="easy", seed=n, bot_delay=0.0,
                          options=TableOptions(start_when=args.people, hand_pause=30.0),
                          save_path=save_dir / f"table-{n}.json" if save_dir else None)
        servers.append(await TableServer(table, ping_interval=None).start())
    spec = [(s.port, s.table.code) for s in servers]
    stamps: list[float] = []  # when each move landed: the clock runs from the first to the last
    for s in servers:
        s.on_events(lambda _: stamps.append(time.perf_counter()))
    receive, send = multiprocessing.get_context("spawn").Pipe(duplex=False)
    worker = multiprocessing.get_context("spawn").Process(
        target=client_process, args=(spec, args.people, args.seconds, send), daemon=True)
    cpu, start = time.process_time(), time.perf_counter()  # the host's CPU includes the clients' joining
    worker.start()
    try:
        async with asyncio.timeout(args.seconds + 5):
            await asyncio.gather(*(s.game_over.wait() for s in servers))
    except TimeoutError:
        print("  (host: time limit reached; the figures cover the moves made)", file=sys.stderr)
    cpu = time.process_time() - cpu
    elapsed = stamps[-1] - stamps[0] if len(stamps) > 1 else time.perf_counter() - start
    round_trips = await asyncio.get_running_loop().run_in_executor(None, receive.recv)
    worker.join(10)
    for s in servers:
        await s.close()
    return {"elapsed": elapsed, "cpu": cpu, "moves": sum(s.moves for s in servers),
            "finished": sum(s.game_over.is_set() for s in servers), "round_trips": round_trips}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    p.add_argument("--people", type=int, default=2, help="test clients a table (the other seats are bots)")
    p.add_argument("--target", type=int, default=200)
    p.add_argument("--seconds", type=float, default=120.0, help="stop after this long, finished or not")
    p.add_argument("--no-save", action="store_true", help="do not save the tables after every move")
    p.add_argument("--quick", action="store_true", help="a smoke run: 5 tables, target 100")
    args = p.parse_args()
    if args.quick:
        args.tables, args.target = 5, 100
    if not 1 <= args.people <= args.seats:
        p.error("--people must be between 1 and --seats")
    with tempfile.TemporaryDirectory() as tmp:
        result = asyncio.run(serve(args, None if args.no_save else Path(tmp)))
    rts = result["round_trips"]
    print(f"{args.tables} tables at once, {args.seats} seats each ({args.people} test clients + "
          f"{args.seats - args.people} bots), target {args.target}, easy bots, bot delay 0, "
          f"{'no saves' if args.no_save else 'saved after every move'}; {os.cpu_count()} CPUs")
    print(f"  games finished        {result['finished']} / {args.tables}, first move to last "
          f"{result['elapsed']:.1f} s")
    print(f"  moves made            {result['moves']}  ({result['moves'] / result['elapsed']:.0f} a second; "
          f"host CPU {result['cpu']:.1f} s, {1000 * result['cpu'] / max(1, result['moves']):.2f} ms a move)")
    if rts:
        median, p99 = 1000 * statistics.median(rts), 1000 * percentile(rts, 0.99)
        print(f"  a person's move       {len(rts)} timed: round trip median {median:.1f} ms, "
              f"99th percentile {p99:.1f} ms")


if __name__ == "__main__":
    main()
