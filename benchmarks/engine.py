"""How fast the engine plays and replays: whole seeded random games per seat count, three ways.

Run `python benchmarks/engine.py` (or `--quick` for a smoke run). For each seat count it plays
the same seeded random games through the fast core (`core.Table.legal_moves` +
`apply_unchecked`) and through the public Pydantic API (`GameState.legal_moves` + `apply`),
then replays each game's record (`replay`, the check behind `allfives replay`).

Then it replays long records (100, 1,000 and 10,000 hands of a game whose target is never
reached) to show that replay is linear in the record: ms per hand through `replay` (the state and
every event), and through `allfives replay` and `allfives replay --json` in a fresh process
(time from reading the file to the last line printed, and the process's peak memory).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time

from allfives.engine import GameState, Rules, core, replay, to_record
from allfives.engine.core import MAX_TARGET


def core_game(rules: Rules, seed: int) -> tuple[int, list[int]]:
    """One game on the fast core; returns (moves made, final scores)."""
    rng = random.Random(seed)
    table = core.Table(rules.to_core())
    table.deal_next(seed)
    moves = 0
    while table.phase != core.GAME_OVER:
        if table.phase == core.HAND_OVER:
            table.deal_next(seed)
            continue
        table.apply_unchecked(*rng.choice(table.legal_moves()))
        moves += 1
    return moves, table.scores


def api_game(rules: Rules, seed: int) -> tuple[int, GameState]:
    """The same game (same seed, same choices) through the immutable Pydantic API."""
    rng = random.Random(seed)
    state = GameState.new(rules, seed)
    moves = 0
    while state.phase != "game_over":
        if state.phase == "hand_over":
            state, _ = state.next_hand()
            continue
        state, _ = state.apply(rng.choice(state.legal_moves()))
        moves += 1
    return moves, state


def bench(seats: int, games: int) -> dict[str, float]:
    rules = Rules(seats=seats)
    seeds = range(1000 * seats, 1000 * seats + games)

    start = time.perf_counter()
    core_results = [core_game(rules, s) for s in seeds]
    core_time = time.perf_counter() - start

    start = time.perf_counter()
    api_results = [api_game(rules, s) for s in seeds]
    api_time = time.perf_counter() - start

    for (moves, scores), (api_moves, state) in zip(core_results, api_results, strict=True):
        assert moves == api_moves and list(scores) == list(state.scores), "core and API disagree"
    records = [to_record(state) for _, state in api_results]

    start = time.perf_counter()
    for record in records:
        replay(record)
    replay_time = time.perf_counter() - start

    moves = sum(m for m, _ in core_results)
    return {"seats": seats, "games": games, "moves": moves,
            "hands": sum(state.hand_number for _, state in api_results),
            "replay_ms_per_game": 1000 * replay_time / games, "replay_moves_s": moves / replay_time,
            "api_moves_s": moves / api_time, "core_moves_s": moves / core_time}


def long_record(hands: int, seed: int = 1) -> dict:
    """A record of `hands` hands of seeded random play at a target nobody reaches.

    Four seats, each for themselves: a target is at most MAX_TARGET (9,999), which two seats pass in
    a few hundred random hands; four spread the points so thinly that 10,000 hands stay under it.
    """
    rules = Rules(seats=4, partnership=False, target=MAX_TARGET)
    rng = random.Random(seed)
    table = core.Table(rules.to_core())
    written = []
    while len(written) < hands:
        table.deal_next(seed)
        hand = {"hands": [[core.tile_name(t) for t in h] for h in table.hands],
                "boneyard": [core.tile_name(t) for t in table.boneyard], "leader": table.leader, "moves": []}
        while table.phase == core.PLAYING:
            kind, tile, end = rng.choice(table.legal_moves())
            table.apply_unchecked(kind, tile, end)
            hand["moves"].append("draw" if kind == core.DRAW else "pass" if kind == core.PASS else
                                 core.tile_name(tile) + (f" {core.END_NAMES[end]}" if end >= 0 else ""))
        written.append(hand)
        assert table.phase != core.GAME_OVER or len(written) == hands, "the target was reached: choose a seed"
    return {"format": "allfives-record/1", "rules": rules.model_dump(), "hands": written}


# Run in the child: its own peak memory. VmHWM is the peak of this program's memory; ru_maxrss
# (the fallback off Linux) also counts the parent's size at the fork.
PEAK = """
def peak_kb():
    try:
        with open("/proc/self/status") as f:
            return int(next(line for line in f if line.startswith("VmHWM")).split()[1])
    except OSError:
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
"""


def command(path: str, *flags: str) -> tuple[float, float]:
    """(seconds, peak MB) of `allfives replay FILE` in a fresh process, not counting its start-up."""
    code = (PEAK + "import sys, time\nfrom allfives.cli import main\nstart = time.perf_counter()\n"
            "code = main(sys.argv[1:])\nprint(time.perf_counter() - start, peak_kb(), file=sys.stderr)\n"
            "sys.exit(code)\n")
    done = subprocess.run([sys.executable, "-c", code, "replay", *flags, path],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=900)
    if done.returncode != 0:
        raise SystemExit(f"allfives replay failed: {done.stderr.strip()}")
    seconds, peak_kb = done.stderr.split()[-2:]
    return float(seconds), int(peak_kb) / 1024


def bench_long(hands: int) -> dict[str, float]:
    record = long_record(hands)
    start = time.perf_counter()
    replay(record)
    api = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "long.json")
        with open(path, "w") as f:
            json.dump(record, f, indent=1)
        size = os.path.getsize(path)
        text_s, text_mb = command(path)
        json_s, json_mb = command(path, "--json")
    return {"hands": hands, "moves": sum(len(h["moves"]) for h in record["hands"]), "mb": size / 2**20,
            "replay_ms": 1000 * api / hands, "text_ms": 1000 * text_s / hands, "text_mb": text_mb,
            "json_ms": 1000 * json_s / hands, "json_mb": json_mb}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 games per seat count: a smoke run")
    parser.add_argument("--games", type=int, default=50, help="games per seat count (default 50)")
    parser.add_argument("--long-only", action="store_true", help="only the long records")
    args = parser.parse_args(argv)
    games = 5 if args.quick else args.games
    if not args.long_only:
        play_games(games)
    sizes = (100, 1000) if args.quick else (100, 1000, 10_000)
    print(f"\nreplaying long records (4 seats, each for themselves, random play), "
          f"Python {platform.python_version()}; "
          "ms per hand, and the peak memory of the command's process")
    print(f"{'hands':>7} {'moves':>8} {'file MB':>8} {'replay()':>9} {'text':>7} {'text MB':>8} "
          f"{'--json':>7} {'json MB':>8}")
    for hands in sizes:
        r = bench_long(hands)
        print(f"{r['hands']:>7,} {r['moves']:>8,} {r['mb']:>8.1f} {r['replay_ms']:>9.2f} "
              f"{r['text_ms']:>7.2f} {r['text_mb']:>8.0f} {r['json_ms']:>7.2f} {r['json_mb']:>8.0f}")
    return 0


def play_games(games: int) -> None:
    print(f"allfives engine benchmark: {games} seeded random games per seat count, default rules, "
          f"Python {platform.python_version()}")
    header = ("seats", "games", "hands", "moves", "replay ms/game", "replay moves/s", "API moves/s",
              "core moves/s")
    print("  ".join(f"{h:>14}" if i > 3 else f"{h:>6}" for i, h in enumerate(header)))
    for seats in (2, 3, 4):
        r = bench(seats, games)
        print(f"{r['seats']:>6}  {r['games']:>6}  {r['hands']:>6}  {r['moves']:>6}  "
              f"{r['replay_ms_per_game']:>14.1f}  {r['replay_moves_s']:>14,.0f}  "
              f"{r['api_moves_s']:>14,.0f}  {r['core_moves_s']:>14,.0f}")


if __name__ == "__main__":
    raise SystemExit(main())
