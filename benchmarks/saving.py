"""What a move costs as a game grows long: CPU per move at hands 1, 100 and 500 of a four-seat all-bot
game with saving and the history on, and how much of it is the save and the history row.

    python benchmarks/saving.py [--hands 1,100,500] [--each 3] [--level medium] [--seed 1]

Four seats, each for themselves, to 9,999 (the highest target: four thin scores never reach it). To
be at hand N without playing N-1 hands with bots first, the game's first N-2 hands are random play
(benchmarks/engine.py's long record, every deal from `--seed`); a Session resumes that game with the
save store and the history in a temporary data dir as the app does, plays hand N-1 (the first save of
a resumed game writes the whole game once, as resuming in the app does), then `--each` hands from hand
N on, measured. Hand 1 is a new game (its history database made before it is measured). Saves are
written in the playing thread, so every move's save is counted (the app's background writer would
skip saves when moves come faster than the disk). CPU is the process's (time.process_time): the bots'
thinking, the session, the save and the history; "save" and "history" are the CPU inside the save
store and the history link alone, "the rest" the bots and the session.
"""

from __future__ import annotations

import argparse
import platform
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from engine import long_record

from allfives.engine import GameState, Rules, replay
from allfives.engine.core import MAX_TARGET
from allfives.play.history_link import HistoryLink
from allfives.play.saving import SavedGame, SaveStore
from allfives.play.session import Session
from allfives.play.setup import GameSetup, default_players


@dataclass
class Cost:
    moves: int = 0
    cpu: float = 0.0
    save: float = 0.0
    history: float = 0.0


def timed(cost: Cost, field: str, work):  # noqa: ANN001, ANN201
    """`work` with its CPU added to `cost.<field>`."""
    def run(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        start = time.process_time()
        try:
            return work(*args, **kwargs)
        finally:
            setattr(cost, field, getattr(cost, field) + time.process_time() - start)
    return run


def session_at(hand: int, folder: Path, level: str, seed: int) -> Session:
    """A session saving to `folder` with hand `hand` - 1 dealt (hand 1 for hand 1). The deals come from
    `seed`, and medium bots play the same moves given the same table: a run repeats itself."""
    rules = Rules(seats=4, partnership=False, target=MAX_TARGET)
    setup = GameSetup(rules=rules, players=default_players(4, 0, level), bot_delay=0)
    if hand <= 2:
        state = GameState.new(rules, seed)
    else:
        record = dict(long_record(hand - 2, seed), seed=seed)  # (its deals are the seed's)
        state, _ = replay(record)
        state, _ = state.next_hand()
    return Session.resume(SavedGame(state, setup), SaveStore(folder), history=HistoryLink(folder))


def play_hand(session: Session) -> int:
    """Bots play the hand in play to its end and the next hand is dealt; the moves made (the deal is one)."""
    moves = 0
    while session.state.phase == "playing":
        session.apply(session.think())
        moves += 1
    if session.state.phase == "hand_over":
        session.next_hand()
        moves += 1
    return moves


def measure(hand: int, each: int, level: str, seed: int) -> tuple[Cost, int]:
    with tempfile.TemporaryDirectory() as folder:
        session = session_at(hand, Path(folder), level, seed)
        if hand > 1:
            play_hand(session)  # hand - 1: the resumed game's first save, written whole
        assert session.history is not None
        session.history.store()  # opened (and made) once a session: not a move's cost
        assert session.state.hand_number == hand and session.state.phase == "playing"
        cost = Cost()
        assert session.store is not None and session.history is not None
        session.store.save = timed(cost, "save", session.store.save)  # type: ignore[method-assign]
        session.history.keep = timed(cost, "history", session.history.keep)  # type: ignore[method-assign]
        start = time.process_time()
        for _ in range(each):
            cost.moves += play_hand(session)
        cost.cpu = time.process_time() - start
        size = sum(p.stat().st_size for p in Path(folder).iterdir() if p.name.startswith("save"))
        session.history.close()
    return cost, size


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", default="1,100,500", help="the hands to measure at (comma separated)")
    p.add_argument("--each", type=int, default=3, help="hands measured at each mark (default 3)")
    p.add_argument("--level", default="medium", help="the bots' level (default medium)")
    p.add_argument("--seed", type=int, default=1, help="of the random hands before the mark")
    args = p.parse_args()
    marks = [int(n) for n in args.hands.split(",")]
    print(f"four {args.level} bots, each for themselves, saving and history on, Python "
          f"{platform.python_version()}: CPU per move over {args.each} hands from each mark")
    print(f"{'hand':>6} {'moves':>6} {'save KB':>8} {'CPU ms/move':>12} {'save ms':>8} {'history ms':>11} "
          f"{'the rest ms':>12} {'CPU s/hand':>11}")
    first = None
    for hand in marks:
        cost, size = measure(hand, args.each, args.level, args.seed)
        per_move = 1000 * cost.cpu / cost.moves
        first = first or per_move
        print(f"{hand:>6} {cost.moves:>6} {size / 1024:>8.0f} {per_move:>12.2f} "
              f"{1000 * cost.save / cost.moves:>8.2f} {1000 * cost.history / cost.moves:>11.2f} "
              f"{1000 * (cost.cpu - cost.save - cost.history) / cost.moves:>12.2f} "
              f"{cost.cpu / args.each:>11.3f}   ({per_move / first:.2f}x hand {marks[0]})", flush=True)


if __name__ == "__main__":
    main()
