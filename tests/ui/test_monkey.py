"""A monkey at the terminal: hundreds of random clicks and keys, at any moment, over seeded games.

The app must never raise; play must go on (a bot to move at a table on show moves); the game saved on
disk must replay under the engine's rules and be the game on screen; and the monkey must make every
one of its actions (an app that quits as soon as it starts does not get away with it).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path

import pytest
from textual.errors import NoWidget
from textual.pilot import OutOfBounds, Pilot
from textual.worker import WorkerCancelled, WorkerFailed

from allfives.engine import replay, to_record
from allfives.play.session import Session
from allfives.record_file import read_record
from allfives.ui.app import AllFivesApp
from allfives.ui.launch import parser, setup_from

KEYS = ["left", "right", "enter", "space", "w", "e", "n", "s", "up", "down", "d", "h", "escape",
        "question_mark", "f1", "r", "c", "tab", "shift+tab", "ctrl+n", "1", "x"]
# Mostly keys and clicks a player uses; q and the footer's Quit end a run, after which the monkey
# restarts the app and resumes the saved game.

CHECK_EVERY = 50  # actions between looks at the save and at the bots


async def _yield_a_little(*args, **kwargs) -> None:
    """Stands in for Textual's wait-for-idle, which waits for a busy process (bots) to go quiet."""
    for _ in range(3):
        await asyncio.sleep(0)


def check_files(data_dir: Path) -> None:
    """Every game on disk replays under the rules."""
    for name in ("save.json", "last-game.json"):
        path = data_dir / name
        if path.exists():
            record, _ = read_record(path)  # (a save's journal too)
            state, _ = replay(record)  # raises if any saved move broke a rule
            assert to_record(state)["hands"] == record["hands"]


def check_saved(data_dir: Path, session: Session) -> None:
    """The game on screen is the game on disk, move for move (the session saves in the background)."""
    session.flush()
    check_files(data_dir)
    finished = session.state.phase == "game_over"
    path = data_dir / ("last-game.json" if finished else "save.json")
    on_screen = to_record(session.state)["hands"]
    assert path.exists(), f"{path.name} is missing: the game on screen ({where(on_screen)}) was not saved"
    saved = read_record(path)[0]["hands"]
    assert saved == on_screen, (f"{path.name} holds another game than the one on screen "
                                f"(saved {where(saved)}; on screen {where(on_screen)})")


def where(hands: list[dict]) -> str:
    return f"hand {len(hands)}, {sum(len(hand['moves']) for hand in hands)} moves"


async def check_bots_play(pilot: Pilot) -> None:
    """A bot to move at a table on show moves: a table frozen on "thinking…" fails here, and so does a
    bot (or hint) that raises, though the table plays on for it."""
    app = pilot.app
    game = app.game_screen
    if game is None or not game.can_play or game.dialog is not None or game.session.waiting != "bot":
        return
    before = game.position
    for _ in range(20):
        try:
            await app.workers.wait_for_complete()
        except WorkerCancelled:
            pass
        except WorkerFailed as failed:
            raise AssertionError(f"a worker failed: {failed.error!r}") from failed
        await pilot.pause()
        if game.position != before or not game.can_play or game.dialog is not None:
            return
    raise AssertionError(f"play stopped: the bot to move at {before} never moved (status {game.status!r})")


# At these lengths each seed's run has met the table at several sizes and smaller than it fits, the help
# and the quit question, and the 4-seat seed's has quit, resumed in new launches and met the new-game
# screen. (Twice as many actions, as these runs once had, met little more: the help and the table again.)
@pytest.mark.parametrize(("seats", "seed", "actions"), [(2, 101, 250), (3, 202, 250), (4, 303, 280)])
async def test_monkey(seats: int, seed: int, actions: int, data_dir: Path,
                      monkeypatch: pytest.MonkeyPatch) -> None:
    # A monkey doesn't wait for the app to be idle: that is the point (and keeps the test fast).
    monkeypatch.setattr("textual.pilot.wait_for_idle", _yield_a_little)
    monkeypatch.setattr("textual.app.wait_for_idle", _yield_a_little)
    rng = random.Random(seed)
    done = 0
    runs = 0
    while done < actions:
        runs += 1
        first = runs == 1
        flags = ["--seats", str(seats), "--seed", str(seed), "--bot-delay", "0", "--level", "easy",
                 "--target", "60"]
        setup = setup_from(parser().parse_args(flags)) if first else None
        app = AllFivesApp(setup, bot_delay=0, ask_resume=not first)
        size = rng.choice([(80, 24), (120, 40), (100, 30)])
        table = None  # the last table on show: its game is what the save must hold
        began = done
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
                table = app.game_screen or table
                if done % CHECK_EVERY == 0 and app.is_running:
                    await check_bots_play(pilot)
                    if table is not None:
                        check_saved(data_dir, table.session)
        assert done > began, f"run {runs}: the app quit before the monkey could do anything"
        if table is not None:
            check_saved(data_dir, table.session)  # what it left on disk as it quit
        else:
            check_files(data_dir)
    assert done == actions
