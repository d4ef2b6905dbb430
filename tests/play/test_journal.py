"""A save is its record written whole now and then plus a journal of the moves since: read back, it is
the game, whatever is cut short, stale or damaged, and a move writes one line whatever the game's length."""

from __future__ import annotations

import errno
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from allfives.cli import main
from allfives.engine import GameState, RecordError, Rules, private_fields, replay, to_record
from allfives.history import HistoryStore
from allfives.history.games import hand_scores
from allfives.play import journal as journal_module
from allfives.play.journal import RecordWriter
from allfives.play.saving import SaveStore
from allfives.play.setup import GameSetup, default_players
from allfives.play.watched import WatchedGame
from allfives.record_file import read_record
from allfives.userdata import journal_path

ROOT = Path(__file__).resolve().parents[2]
KILLED_BY = 3000  # saves the killed window would make before it ends by itself
EXTRA = {"players": [p.to_json() for p in default_players(2)], "bot_delay": 0}


def setup_for(seats: int = 2, seed: int = 3) -> GameSetup:
    return GameSetup(rules=Rules(seats=seats), players=default_players(seats), seed=seed, bot_delay=0)


def step(state: GameState, rng: random.Random) -> GameState:
    """The next state of a game played at random: a move, or the next deal."""
    if state.phase == "hand_over":
        return state.next_hand()[0]
    return state.apply(rng.choice(state.legal_moves()))[0]


def take_back(state: GameState, moves: int) -> GameState:
    """The hand in play with its last `moves` moves taken back, as an undo does (replayed from the record)."""
    record = to_record(state, **private_fields(state))  # (with the hand in play's secret, as a save has it)
    kept = record["hands"][-1]["moves"]
    record["hands"][-1]["moves"] = kept[:max(0, len(kept) - moves)]
    return replay(record)[0]


def game_states(seed: int, count: int, seats: int = 2) -> list[GameState]:
    """The first `count` states of a seeded random game (the first one just dealt)."""
    rng = random.Random(seed)
    states = [GameState.new(Rules(seats=seats), seed)]
    while len(states) < count and states[-1].phase != "game_over":
        states.append(step(states[-1], rng))
    return states


def on_disk(path: Path) -> GameState:
    return replay(read_record(path)[0])[0]


# -- read back, it is the game ------------------------------------------------------------

@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.sampled_from([2, 3, 4]), limit=st.sampled_from([300, 64 * 1024]),
       plan=st.lists(st.integers(0, 15), min_size=20, max_size=150))
def test_the_save_and_the_history_row_read_back_are_the_game(seed: int, seats: int, limit: int,
                                                             plan: list[int]) -> None:
    """A random game with undos, saves skipped (latest wins), new writers (a restart: the next write is
    whole) and changed players: after every save, the record and its journal replay to the game, the
    record file alone is a record (the whole game at a hand's end), and the history's rows are the game."""
    rng = random.Random(seed)
    players = [p.to_json() for p in default_players(seats)]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "save.json"
        writer = RecordWriter(path, limit=limit)
        history = HistoryStore(Path(folder))
        state = GameState.new(Rules(seats=seats), seed)
        extra: dict = {"players": players, "bot_delay": 0}
        for what in plan:
            if state.phase == "game_over":
                break
            if what <= 10:
                state = step(state, rng)
            elif what == 11:
                state = take_back(state, rng.randint(1, 4))
            elif what == 12:
                continue  # this state is never written: the next save covers it
            elif what == 13:
                writer = RecordWriter(path, limit=limit)  # another process takes the game up
                history.close()  # (and its history forgets what it wrote)
            elif what == 14:
                extra = {**extra, "players": players[::-1], "saved_at": f"{what}:{rng.random()}"}
            else:
                state = take_back(state, 0)  # the same game in other objects (a resumed one)
            writer.write(state, extra)
            data, _ = read_record(path)
            assert replay(data)[0] == state
            assert all(data[key] == value for key, value in extra.items())
            alone = json.loads(path.read_text())
            if state.phase != "playing":
                assert alone["hands"] == to_record(state)["hands"]  # at a hand's end: whole
            assert replay(alone)[0].hand_number <= state.hand_number  # always a record on its own
            assert history.save_game("g", state, players)
            row = history.record("g")
            assert row is not None and row["hands"] == to_record(state)["hands"]
            entry = history.game("g")
            assert entry is not None and entry.hands == hand_scores(state)
            assert entry.moves == sum(len(h.moves) for h in state.log) and entry.scores == state.scores
        history.close()


def test_a_move_appends_one_line_and_leaves_the_record_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    writer = RecordWriter(path)
    states = game_states(5, 150, seats=4)
    hand_ends = 0
    for before, after in zip(states, states[1:], strict=False):
        writer.write(before, EXTRA)
        record, journal = os.stat(path), journal_path(path)
        lines = journal.read_text().count("\n") if journal.exists() else 0
        writer.write(after, EXTRA)
        if after.phase == "playing":
            assert os.stat(path).st_mtime_ns == record.st_mtime_ns and os.stat(path).st_ino == record.st_ino
            assert journal.read_text().count("\n") == lines + (2 if lines == 0 else 1)  # (its first line)
        else:
            hand_ends += 1
            assert not journal.exists()  # written whole: the journal starts again
    assert hand_ends >= 3


def test_a_journal_past_its_bound_is_folded_into_the_record(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    writer = RecordWriter(path, limit=400)
    state = game_states(8, 1)[0]
    writer.write(state, EXTRA)
    sizes = []
    for _ in range(40):  # a move taken back and played again, over and over
        moved = step(state, random.Random(1))
        writer.write(moved, EXTRA)
        writer.write(state, EXTRA)
        sizes.append(journal_path(path).stat().st_size if journal_path(path).exists() else 0)
    assert max(sizes) <= 400 + 200 and sizes.count(0) >= 2
    assert on_disk(path) == state


# -- what a kill or a crash leaves -----------------------------------------------------------

def test_a_journal_cut_short_anywhere_reads_as_the_game_up_to_a_whole_line(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    writer = RecordWriter(path)
    states = game_states(11, 9)
    assert all(s.phase == "playing" for s in states)
    for state in states:
        writer.write(state, EXTRA)
    whole = journal_path(path).read_bytes()
    for cut in range(len(whole) + 1):  # a kill at every byte of every append
        journal_path(path).write_bytes(whole[:cut])
        lines = whole[:cut].count(b"\n")
        assert on_disk(path) == states[max(0, lines - 1)], f"cut at byte {cut}"


def test_a_base_newer_than_its_journal_is_read_alone(tmp_path: Path) -> None:
    """Written whole, then killed before the old journal went: that journal names another record."""
    path = tmp_path / "save.json"
    writer = RecordWriter(path)
    states = game_states(2, 8)
    for state in states[:5]:
        writer.write(state, EXTRA)
    old = journal_path(path).read_bytes()
    writer.write_whole(states[3], EXTRA)  # (an undo's state, written whole: fewer moves than the journal)
    journal_path(path).write_bytes(old)
    assert on_disk(path) == states[3]
    writer.write(states[4], EXTRA)  # and the journal after it is this record's again
    assert on_disk(path) == states[4]


def test_a_journal_without_its_record_is_no_game_and_is_cleared(data_dir: Path) -> None:
    store = SaveStore(data_dir)
    states = game_states(4, 6)
    for state in states:
        store.save(state, setup_for())
    store.path.unlink()  # the record went (finished, or set aside) and the kill came before its journal did
    assert journal_path(store.path).exists()
    with pytest.raises(RecordError, match="cannot read"):
        read_record(store.path)
    assert store.load().game is None and store.load().problem is None
    assert store.claim() and not journal_path(store.path).exists()  # the slot's holder clears it
    store.save(states[0], setup_for())
    assert on_disk(store.path) == states[0]
    store.release()


def test_a_damaged_journal_is_set_aside_with_its_record(data_dir: Path) -> None:
    store = SaveStore(data_dir)
    for state in game_states(6, 6):
        store.save(state, setup_for())
    journal = journal_path(store.path)
    lines = journal.read_text().splitlines(keepends=True)
    journal.write_text("".join(lines[:2] + ['{"hand": 7, "at": 0, "moves": []}\n'] + lines[2:]))
    outcome = store.load()
    assert outcome.game is None and "save.json.journal, line 3" in (outcome.problem or "")
    assert "moved to" in (outcome.problem or "")
    [aside] = data_dir.glob("save.corrupt-*.json")
    assert journal_path(aside).read_text() == "".join(lines[:2]) + '{"hand": 7, "at": 0, "moves": []}\n' + \
        "".join(lines[2:])
    assert not store.path.exists() and not journal.exists()


def test_a_disk_that_refuses_an_append_leaves_the_game_as_last_written(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "save.json"
    writer = RecordWriter(path)
    states = game_states(9, 6)
    for state in states[:4]:
        writer.write(state, EXTRA)
    real_write = os.write

    def half_then_full(fd: int, data: bytes) -> int:
        real_write(fd, data[:len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal_module.os, "write", half_then_full)
    writer.write(states[4], EXTRA)  # the append fails: written whole instead
    assert on_disk(path) == states[4] and not journal_path(path).exists()
    monkeypatch.setattr(journal_module, "write_atomically", lambda *a, **k: (_ for _ in ()).throw(
        OSError(errno.ENOSPC, "No space left on device")))
    with pytest.raises(OSError):
        writer.write(states[5], EXTRA)  # nothing can be written: the game on disk is the last one written
    assert on_disk(path) == states[4]
    monkeypatch.undo()
    writer.write(states[5], EXTRA)
    assert on_disk(path) == states[5]


def test_a_fifo_put_in_the_journals_place_is_never_waited_on(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    writer = RecordWriter(path)
    states = game_states(12, 4)
    for state in states[:3]:
        writer.write(state, EXTRA)
    journal_path(path).unlink()
    os.mkfifo(journal_path(path))  # nobody reads it: an open for writing that waited would wait for ever
    done = threading.Thread(target=writer.write, args=(states[3], EXTRA), daemon=True)
    done.start()
    done.join(timeout=20)
    assert not done.is_alive(), "the save waited on a FIFO"
    assert not journal_path(path).exists() and on_disk(path) == states[3]  # written whole instead


def test_a_window_killed_while_saving_leaves_its_game(data_dir: Path) -> None:
    """kill -9 in the middle of saving move after move: the save is the game as one of its saves left it."""
    code = f"""
        import random
        from pathlib import Path
        from allfives.engine import GameState, Rules
        from allfives.play.saving import SaveStore
        from allfives.play.setup import GameSetup, default_players
        rules = Rules(seats=4, target=2000)
        store = SaveStore(Path({str(data_dir)!r}))
        setup = GameSetup(rules=rules, players=default_players(4), seed=13, bot_delay=0)  # (as the state)
        rng, state = random.Random(13), GameState.new(rules, 13)
        for n in range({KILLED_BY}):
            store.save(state, setup)
            print(n, flush=True)
            if state.phase == "hand_over":
                state = state.next_hand()[0]
            else:
                state = state.apply(rng.choice(state.legal_moves()))[0]
    """
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        while int(child.stdout.readline() or KILLED_BY) < 150:  # past a few hands' ends, mid-hand or not
            pass
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate(timeout=30)
    finally:
        child.kill()
    assert child.returncode == -signal.SIGKILL, "the window ended before it was killed"
    saved = int(out.split()[-1]) if out.split() else 150  # the last save it finished
    rng, states = random.Random(13), [GameState.new(Rules(seats=4, target=2000), 13)]
    while len(states) < saved + 2:
        states.append(step(states[-1], rng))
    loaded = SaveStore(data_dir).load()
    assert loaded.problem is None and loaded.game is not None
    assert loaded.game.state in states[saved:saved + 2]  # (the save it was writing: done or not)


# -- every reader reads both --------------------------------------------------------------------

def test_a_watched_game_sees_each_move_appended(data_dir: Path) -> None:
    store = SaveStore(data_dir)
    states = game_states(7, 5)
    store.save(states[0], setup_for())
    watched = WatchedGame(store.path)
    for state in states[1:]:
        store.save(state, setup_for())
        assert watched.follow() and watched.seat_view(0) == state.view(0)
    assert not watched.follow()


def test_replay_and_a_copy_set_aside_read_the_journal(data_dir: Path, capsys: pytest.CaptureFixture) -> None:
    store = SaveStore(data_dir)
    states = game_states(10, 9)
    for state in states:
        store.save(state, setup_for())
    assert main(["replay", "--json", str(store.path)]) == 0
    plays = json.loads(capsys.readouterr().out)["hands"][0]["plays"]
    assert len(plays) == sum(m.kind == "play" for m in states[-1].log[0].moves)
    aside = store.set_aside()
    assert aside is not None and journal_path(aside).exists() and on_disk(aside) == states[-1]
    copy = data_dir / "copy.json"
    shutil.copy(aside, copy)  # the record file alone, shared without its journal: a record, of fewer moves
    assert replay(read_record(copy)[0])[0].hand_number == 1
