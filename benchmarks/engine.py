"""How fast the engine plays and replays: whole seeded random games per seat count, three ways.

Run `python benchmarks/engine.py` (or `--quick` for a smoke run). For each seat count it plays
the same seeded random games through the fast core (`core.Table.legal_moves` +
`apply_unchecked`) and through the public Pydantic API (`GameState.legal_moves` + `apply`),
then replays each game's record (`replay`, the check behind `allfives replay`).
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from allfives.engine import GameState, Rules, core, replay, to_record


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 games per seat count: a smoke run")
    parser.add_argument("--games", type=int, default=50, help="games per seat count (default 50)")
    args = parser.parse_args(argv)
    games = 5 if args.quick else args.games
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
