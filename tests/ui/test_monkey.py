"""A monkey at the terminal: thousands of random clicks and keys, at any moment, over whole seeded games.

The app must never raise, and the game it saves must always replay under the engine's rules.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path

import pytest
from textual.errors import NoWidget
from textual.pilot import OutOfBounds

from allfives.engine import replay, to_record
from allfives.ui.app import AllFivesApp
from allfives.ui.launch import parser, setup_from

KEYS = ["left", "right", "enter", "space", "w", "e", "n", "s", "up", "down", "d", "h", "escape",
        "question_mark", "f1", "r", "c", "tab", "shift+tab", "ctrl+n", "1", "x"]
# Mostly keys and clicks a player uses; q and the footer's Quit end a run, after which the monkey
# restarts the app and resumes the saved game.


async def _yield_a_little(*args, **kwargs) -> None:
    """Stands in for Textual's wait-for-idle, which waits for a busy process (bots) to go quiet."""
    for _ in range(3):
        await asyncio.sleep(0)


def check_saved(data_dir: Path) -> None:
    for name in ("save.json", "last-game.json"):
        path = data_dir / name
        if path.exists():
            record = json.loads(path.read_text())
            state, _ = replay(record)  # raises if any saved move broke a rule
            assert to_record(state)["hands"] == record["hands"]


@pytest.mark.parametrize(("seats", "seed", "actions"), [(2, 101, 900), (3, 202, 700), (4, 303, 800)])
async def test_monkey(seats: int, seed: int, actions: int, data_dir: Path,
                      monkeypatch: pytest.MonkeyPatch) -> None:
    # A monkey doesn't wait for the app to be idle: that is the point (and keeps the test fast).
    monkeypatch.setattr("textual.pilot.wait_for_idle", _yield_a_little)
    monkeypatch.setattr("textual.app.wait_for_idle", _yield_a_little)
    rng = random.Random(seed)
    done = 0
    runs = 0
    while done < actions and runs < 8:
        runs += 1
        first = runs == 1
        flags = ["--seats", str(seats), "--seed", str(seed), "--bot-delay", "0", "--level", "easy",
                 "--target", "60"]
        setup = setup_from(parser().parse_args(flags)) if first else None
        app = AllFivesApp(setup, bot_delay=0, ask_resume=not first)
        size = rng.choice([(80, 24), (120, 40), (100, 30)])
        async with app.run_test(size=size) as pilot:
            while done < actions and app.is_running:
                done += 1
                roll = rng.random()
                w, h = app.size
                if roll < 0.5:
                    with contextlib.suppress(NoWidget, OutOfBounds):  # the pilot's own aim, mid-resize
                        await pilot.click(offset=(rng.randrange(w), rng.randrange(max(1, h - 1))))
                elif roll < 0.97:
                    await pilot.press(rng.choice(KEYS))
                elif roll < 0.99:
                    await pilot.resize_terminal(rng.choice([70, 80, 120]), rng.choice([20, 24, 40]))
                else:
                    await pilot.press("q")
                if rng.random() < 0.3:  # sometimes let the bots catch up, sometimes not
                    await pilot.pause()
                if done % 100 == 0:
                    check_saved(data_dir)
        check_saved(data_dir)
    assert done >= actions or runs == 8
