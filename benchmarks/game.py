"""What a move costs the one game type (`Game`) early and late in a long game: apply and undo.

Run `python benchmarks/game.py` (`--quick` for a smoke run). A four-seat game of random play at a
target nobody reaches (benchmarks/engine.py's `long_record`) is read at 1, 100 and 500 hands and a
fresh hand dealt; then the same moves are made on it again and again:

- `Game.apply`: a move through the one type every table holds (the state and every hand's events);
- `Game.undo(1)`: a move taken back (the hand in play replayed from its deal on the fast core);
- the undo the local session made before `Game` (the whole record replayed without the move), for
  comparison.

Times are medians of several rounds, in microseconds a move; the last column is hand 500's time
over hand 1's.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import long_record  # noqa: E402 (benchmarks/engine.py: the one maker of long records)

from allfives.engine import Game, Rules, replay  # noqa: E402
from allfives.engine.core import MAX_TARGET  # noqa: E402

MOVES = 12  # moves made from each game's fresh hand (a hand of four seats has about 20-30)
HANDS = (1, 100, 500)


def game_at(hands: int) -> Game:
    """A game `hands` hands long with the next hand just dealt (hand 1: a new game)."""
    if hands <= 1:
        return Game.new(Rules(seats=4, partnership=False, target=MAX_TARGET), seed=1)  # long_record's rules
    game, _ = Game.from_record(long_record(hands - 1)).next_hand()
    return game


def moves_from(game: Game, count: int, seed: int = 7) -> list:
    """`count` random legal moves of the hand in play (fewer if it ends)."""
    rng = random.Random(seed)
    moves = []
    while len(moves) < count and game.phase == "playing":
        move = rng.choice(game.state.legal_moves())
        moves.append(move)
        game, _ = game.apply(move)
    return moves


def per_move(run, moves: int, rounds: int) -> tuple[float, float]:
    """Microseconds a move of `run()` (which makes `moves` moves) over `rounds` rounds: the median and
    the best (on a shared machine the best is the steadier figure)."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) / moves)
    return 1e6 * statistics.median(times), 1e6 * min(times)


def bench(hands: int, rounds: int) -> dict[str, tuple[float, float]]:
    """(median, best) µs a move of each way, for the fresh hand after `hands` - 1 played."""
    start = game_at(hands)
    moves = moves_from(start, MOVES)

    def apply_all() -> None:
        game = start
        for move in moves:
            game, _ = game.apply(move)

    played = [start]
    for move in moves:
        played.append(played[-1].apply(move)[0])
    last = played[-1]

    def undo_all() -> None:
        for game in played[1:]:
            game.undo(1)

    records = [game.to_record() for game in played[1:]]

    def undo_by_replay() -> None:
        for record in records:
            taken = dict(record, hands=[*record["hands"][:-1], dict(record["hands"][-1],
                                                                    moves=record["hands"][-1]["moves"][:-1])])
            replay(taken)

    assert last.state.hand_number == hands
    return {"apply": per_move(apply_all, len(moves), rounds),
            "undo": per_move(undo_all, len(moves), rounds),
            "replay_undo": per_move(undo_by_replay, len(moves), max(1, rounds // 50))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds: a smoke run")
    args = parser.parse_args(argv)
    rounds = 20 if args.quick else 200
    print(f"Game: µs a move at hand 1, 100 and 500 (4 seats, random play, {MOVES} moves of a fresh hand, "
          f"median of {rounds} rounds), Python {platform.python_version()}")
    print(f"{'hand':>6} {'apply median':>13} {'best':>7} {'undo(1) median':>15} {'best':>7} "
          f"{'undo by replaying the record':>29}")
    results = [bench(hands, rounds) for hands in HANDS]
    for hands, r in zip(HANDS, results, strict=True):
        print(f"{hands:>6} {r['apply'][0]:>13.1f} {r['apply'][1]:>7.1f} {r['undo'][0]:>15.1f} "
              f"{r['undo'][1]:>7.1f} {r['replay_undo'][0]:>29,.0f}")
    first, last = results[0], results[-1]

    def ratio(what: str, i: int) -> float:
        return last[what][i] / first[what][i]

    print(f"hand 500 / hand 1, best (median): apply {ratio('apply', 1):.2f}x ({ratio('apply', 0):.2f}x), "
          f"undo {ratio('undo', 1):.2f}x ({ratio('undo', 0):.2f}x); "
          f"undo by replaying the record {ratio('replay_undo', 0):.0f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
