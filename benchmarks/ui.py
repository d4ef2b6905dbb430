"""How fast the UI is: first screen vs a minimal Textual app, and a whole bot game through the UI vs engine.

    python benchmarks/ui.py [--runs 5] [--seed 8] [--target 150] [--level medium]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time

from allfives.engine import Rules
from allfives.ui.session import Session
from allfives.ui.setup import GameSetup, default_players

FIRST_SCREEN = """
import asyncio, time
t0 = time.perf_counter()
{setup}
async def main():
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        print(time.perf_counter() - t0)
asyncio.run(main())
"""

MINIMAL = """
from textual.app import App
from textual.widgets import Static
class Minimal(App):
    def compose(self):
        yield Static("hello")
app = Minimal()
"""

ALLFIVES = """
from allfives.ui.app import AllFivesApp
app = AllFivesApp(bot_delay=0)
"""


def first_screen(setup: str, runs: int) -> tuple[float, float]:
    """Median seconds for a fresh interpreter to import, start and show the first screen (wall, in-proc)."""
    walls, inner = [], []
    code = FIRST_SCREEN.format(setup=setup)
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "ALLFIVES_DATA_DIR": tmp}
        for _ in range(runs):
            t = time.perf_counter()
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                                 check=True)
            walls.append(time.perf_counter() - t)
            inner.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(walls), statistics.median(inner)


def setup_for(seed: int, target: int, level: str) -> GameSetup:
    return GameSetup(rules=Rules(seats=4, target=target), players=default_players(4, 0, level), seed=seed,
                     bot_delay=0)


def engine_game(setup: GameSetup) -> tuple[float, tuple[int, ...], int]:
    """The same seeded game with no UI: the session's own bots, move after move."""
    t = time.perf_counter()
    session = Session.new(setup)
    moves = 0
    while session.state.phase != "game_over":
        if session.state.phase == "hand_over":
            session.next_hand()
            continue
        seat = session.state.turn
        session.apply(session.bot(seat).choose(session.state.view(seat)))
        moves += 1
    return time.perf_counter() - t, session.state.scores, moves


async def ui_game(setup: GameSetup) -> tuple[float, tuple[int, ...]]:
    from allfives.ui.app import AllFivesApp
    from allfives.ui.screens.game_over import GameOverScreen
    from allfives.ui.screens.score_panel import ScorePanel

    app = AllFivesApp(setup, ask_resume=False)
    t = time.perf_counter()
    async with app.run_test(size=(120, 40)):
        while not isinstance(app.screen, GameOverScreen):
            await asyncio.sleep(0.005)  # poll lightly: pilot.pause() would wait for an idle CPU
            if isinstance(app.screen, ScorePanel):
                app.screen.dismiss(None)
        elapsed = time.perf_counter() - t
        return elapsed, app.game_screen.state.scores


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--seed", type=int, default=8)
    p.add_argument("--target", type=int, default=150)
    p.add_argument("--level", default="medium")
    args = p.parse_args()

    minimal = first_screen(MINIMAL, args.runs)
    ours = first_screen(ALLFIVES, args.runs)
    print(f"first screen, median of {args.runs} fresh interpreters (wall / inside the process):")
    print(f"  minimal Textual app   {minimal[0]:.3f} s / {minimal[1]:.3f} s")
    print(f"  allfives new-game     {ours[0]:.3f} s / {ours[1]:.3f} s   "
          f"(+{ours[0] - minimal[0]:.3f} s wall)")

    setup = setup_for(args.seed, args.target, args.level)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ALLFIVES_DATA_DIR"] = tmp
        engine_s, engine_scores, moves = engine_game(setup)
        ui_s, ui_scores = asyncio.run(ui_game(setup))
    same = "same game" if engine_scores == ui_scores else f"DIFFERENT: {engine_scores} vs {ui_scores}"
    print(f"4-seat {args.level} bot game, seed {args.seed}, target {args.target}: {moves} moves ({same})")
    print(f"  engine alone          {engine_s:.3f} s  ({1000 * engine_s / moves:.2f} ms a move)")
    print(f"  through the UI        {ui_s:.3f} s  ({1000 * ui_s / moves:.2f} ms a move, "
          f"x{ui_s / engine_s:.1f})")


if __name__ == "__main__":
    main()
