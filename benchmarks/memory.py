"""How much memory a long session holds: the process's RSS after 1, 50 and 200 hands of all-bot play
through the UI (`allfives --humans 0 --bot-delay 0`): game after game (a new one starts as each ends), or
with `--target 1000000` one game that never ends.

    python benchmarks/memory.py [--hands 1,50,200] [--seats 2] [--level medium] [--seed 1] [--target N]
                                [--trace]

`--trace` also runs tracemalloc: the Python objects' own size at each mark, and where what grew
between the last two marks was allocated (slow: several times over). FRAMES=n sets its depth.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import tempfile
import time
import tracemalloc


def rss_mb() -> float:
    """The resident set size of this process, from /proc (Linux)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


async def play(marks: list[int], flags: list[str], trace: bool) -> None:
    from allfives.play.session import Session
    from allfives.ui.app import AllFivesApp
    from allfives.ui.launch import parser, settle_memory, setup_from
    from allfives.ui.screens.game_over import GameOverScreen
    from allfives.ui.screens.score_panel import ScorePanel

    setup = setup_from(parser().parse_args(flags))
    app = AllFivesApp(setup, bot_delay=0, ask_resume=False)
    settle_memory()  # as the allfives command does
    started = time.perf_counter()
    snapshots: list[tracemalloc.Snapshot] = []
    earlier_games = games = 0  # hands of the games before this one
    async with app.run_test(size=(120, 40)):
        answered = None
        table = None
        for mark in marks:
            while True:
                game = app.game_screen
                if game is not None and game is not table:
                    if table is not None:
                        earlier_games += len(table.session.hands)
                    table, games = game, games + 1
                hands = earlier_games + (len(table.session.hands) if table is not None else 0)
                if hands > mark:  # `mark` hands are over: the next one is dealt
                    break
                await asyncio.sleep(0.005)  # poll lightly: the bots play in threads
                screen = app.screen
                if screen is not answered and isinstance(screen, ScorePanel | GameOverScreen):
                    answered = screen  # answered once: it may take a moment to close
                    if isinstance(screen, GameOverScreen):  # the next game, as "New game" would
                        app.call_next(app.start_async, Session.new(setup, app.store, background=True))
                    else:
                        screen.dismiss(None)
            gc.collect()
            traced = f", Python objects {tracemalloc.get_traced_memory()[0] / 2**20:6.1f} MB" if trace else ""
            print(f"after {mark:4d} hands ({games:3d} games): RSS {rss_mb():6.1f} MB{traced}  "
                  f"({time.perf_counter() - started:5.1f} s)", flush=True)
            if trace:
                snapshots.append(tracemalloc.take_snapshot())
    if trace and len(snapshots) >= 2:
        print(f"grew most between {marks[-2]} and {marks[-1]} hands (tracemalloc; the frames of allfives):")
        for stat in snapshots[-1].compare_to(snapshots[-2], "traceback")[:12]:
            ours = [f"{f.filename.rsplit('allfives/', 1)[-1]}:{f.lineno}" for f in stat.traceback
                    if "/allfives/" in f.filename]
            print(f"  {stat.size_diff / 1024:+8.1f} KiB {stat.count_diff:+6d} blocks  "
                  f"{stat.traceback[-1].filename.rsplit('/', 1)[-1]}:{stat.traceback[-1].lineno}  "
                  f"from {' < '.join(ours[::-1][:4]) or '?'}")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--hands", default="1,50,200", help="after how many hands to measure (comma separated)")
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--level", default="medium")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--target", type=int, help="points to win (default the usual; 1000000: one long game)")
    p.add_argument("--trace", action="store_true", help="show where the growth was allocated (slow)")
    args = p.parse_args()
    marks = sorted(int(n) for n in args.hands.split(","))
    flags = ["--humans", "0", "--bot-delay", "0", "--seats", str(args.seats), "--level", args.level,
             "--seed", str(args.seed)] + (["--target", str(args.target)] if args.target else [])
    if args.trace:
        tracemalloc.start(int(os.environ.get("FRAMES", "25")))
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ALLFIVES_DATA_DIR"] = tmp
        print(f"all-bot play through the UI at 120x40: allfives {' '.join(flags)}")
        print(f"at start: RSS {rss_mb():.1f} MB (this script only)")
        asyncio.run(play(marks, flags, args.trace))


if __name__ == "__main__":
    main()
