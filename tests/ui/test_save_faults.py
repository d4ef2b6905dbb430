"""Saves under faults: hostile save files, two windows on one data dir, writes cut short by a kill."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from allfives.engine import Rules
from allfives.play.saving import SaveStore
from allfives.play.session import Session
from allfives.play.setup import GameSetup, default_players
from allfives.ui.app import AllFivesApp
from allfives.ui.screens.game import GameScreen
from allfives.ui.screens.open_elsewhere import OpenElsewhereScreen

from .helpers import settle, until

ROOT = Path(__file__).resolve().parents[2]


def setup_for(seed: int) -> GameSetup:
    return GameSetup(rules=Rules(seats=2), players=default_players(2, 1, "easy"), seed=seed, bot_delay=0)


def python(code: str, **kwargs: object) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)


# -- a save that never ends -------------------------------------------------------

@pytest.mark.parametrize("kind", ["FIFO", "symlink to /dev/zero", "directory"])
def test_a_save_that_never_ends_is_moved_aside_at_once(data_dir: Path, kind: str) -> None:
    """Loaded in a real process with a timeout: a hang or a read without end fails the test, not the suite."""
    data_dir.mkdir(parents=True)
    save = data_dir / "save.json"
    if kind == "FIFO":
        os.mkfifo(save)
    elif kind == "directory":
        save.mkdir()
    else:
        save.symlink_to("/dev/zero")
    proc = python(f"""
        from pathlib import Path
        from allfives.play.saving import SaveStore
        outcome = SaveStore(Path({str(data_dir)!r})).load()
        print(outcome.game, outcome.problem, sep="\\n")
    """)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    game, problem = out.splitlines()
    assert game == "None" and "could not be read" in problem and "not a regular file" in problem
    assert not os.path.lexists(save)  # moved aside, not lost: the next game saves in its place
    assert [p.name.startswith("save.corrupt-") for p in data_dir.iterdir()] == [True]


# -- two windows -------------------------------------------------------------------

def test_a_second_window_plays_beside_the_first_and_never_writes_its_save(data_dir: Path) -> None:
    first, second = SaveStore(data_dir), SaveStore(data_dir)
    assert first.claim()
    Session.new(setup_for(1), first)
    text = first.path.read_text()
    assert not second.claim()  # the game in save.json is open in the first window
    assert second.claim_beside() and second.path.name == "save-2.json"
    session = Session.new(setup_for(2), second)
    session.apply(session.state.legal_moves()[0])
    assert first.path.read_text() == text
    assert second.load().game is not None and json.loads(second.path.read_text())["seed"] == 2
    third = SaveStore(data_dir)
    assert not third.claim() and third.claim_beside() and third.path.name == "save-3.json"
    first.release()
    assert SaveStore(data_dir).claim()  # the first window is gone: its game can be taken up again


def test_a_killed_window_lets_go_of_its_game(data_dir: Path) -> None:
    """The lock is the kernel's: another process holds it until it dies, even by kill -9."""
    holder = python(f"""
        from pathlib import Path
        from allfives.play.saving import SaveStore
        store = SaveStore(Path({str(data_dir)!r}))
        print(store.claim(), flush=True)
        input()
    """)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "True"
        assert not SaveStore(data_dir).claim()
    finally:
        holder.kill()
        holder.communicate(timeout=30)
    assert SaveStore(data_dir).claim()


def test_no_lock_is_needed_where_nothing_can_be_saved(data_dir: Path) -> None:
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    data_dir.write_text("a file where the save folder should be")
    store = SaveStore(data_dir)
    assert store.claim() and not store.held  # play goes on; saving reports the trouble


async def test_the_second_window_says_so_and_starts_a_game_beside_it(data_dir: Path) -> None:
    other = SaveStore(data_dir)  # the first window, in the middle of its game
    assert other.claim()
    Session.new(setup_for(1), other)
    text = other.path.read_text()
    app = AllFivesApp(setup_for(5), store=SaveStore(data_dir))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, OpenElsewhereScreen)
        assert "open in another window" in str(app.screen.query_one(".title").render())
        await pilot.press("n")
        await until(pilot, GameScreen)
        assert app.store.path.name == "save-2.json" and app.store.held
        assert json.loads(app.store.path.read_text())["seed"] == 5
    assert other.path.read_text() == text  # never touched
    assert not app.store.held  # let go as the app ended
    other.release()


async def test_the_second_window_can_just_quit(data_dir: Path) -> None:
    other = SaveStore(data_dir)
    assert other.claim()
    app = AllFivesApp(setup_for(5), store=SaveStore(data_dir))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, OpenElsewhereScreen)
        await pilot.press("q")
        await settle(pilot)
        assert app._exit
    assert sorted(p.name for p in data_dir.iterdir()) == [".save.lock"]  # wrote nothing
    other.release()


# -- writes cut short -----------------------------------------------------------------

def test_stale_temporary_files_are_removed_but_not_another_windows(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    stale = data_dir / ".save-k2j4x9_a.tmp"  # a write of save.json cut short by a kill
    stale.write_text('{"format": "allfives-rec')
    other = SaveStore(data_dir, slot=2)
    assert other.claim()
    writing = data_dir / ".save-2-q8w7e6r5.tmp"  # a write of save-2.json in progress, by a live window
    writing.write_text('{"format": "allfives-rec')
    unrelated = data_dir / ".save-notes.tmp.txt"
    unrelated.write_text("not ours")
    store = SaveStore(data_dir)
    assert store.claim()
    assert not stale.exists() and writing.exists() and unrelated.exists()
    Session.new(setup_for(1), store)  # our own writes leave nothing behind
    assert [p.name for p in data_dir.glob(".save-*.tmp")] == [writing.name]
    other.release()
    assert SaveStore(data_dir, slot=2).claim() and not writing.exists()


def test_a_hosted_tables_save_that_never_ends_is_refused_at_once(tmp_path: Path) -> None:
    table = tmp_path / "table.json"
    os.mkfifo(table)
    proc = python(f"""
        from pathlib import Path
        from allfives.net.table import Table
        try:
            Table.load(Path({str(table)!r}))
        except ValueError as e:
            print(e)
    """)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert out.strip().endswith("table.json: not a regular file (a FIFO), so not a game record"), out
