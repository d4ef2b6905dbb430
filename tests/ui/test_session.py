"""The local session: saves written in the background are never lost, and a refusing disk is told."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from allfives.engine import Rules, to_record
from allfives.play.game_session import GameSession
from allfives.play.saving import SaveStore
from allfives.play.session import Session
from allfives.play.setup import GameSetup, default_players

from .helpers import on_disk, play_on, play_until


def setup_for(seed: int) -> GameSetup:
    return GameSetup(rules=Rules(seats=3, target=500), players=default_players(3, 0, "easy"), seed=seed,
                     bot_delay=0)


def saved_hands(path: Path) -> list:
    return to_record(on_disk(path))["hands"]


def test_the_local_session_is_a_game_session(data_dir: Path) -> None:
    session = Session.new(setup_for(4), SaveStore(data_dir))
    assert isinstance(session, GameSession)  # every call the game screen makes is there
    seat = session.state.turn
    assert session.seat_view(seat) == session.state.view(seat)
    assert session.think() in session.state.legal_moves()


def test_the_newest_game_is_on_disk_once_flushed(data_dir: Path) -> None:
    store = SaveStore(data_dir)
    session = Session.new(setup_for(4), store, background=True)
    play_on(session, 60)  # faster than a disk: saves queue up, only the newest waiting one is written
    session.flush()
    assert saved_hands(store.path) == to_record(session.state)["hands"]
    assert session.take_notice() is None


def test_a_disk_that_refuses_is_told_once_from_the_background(data_dir: Path) -> None:
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    data_dir.write_text("a file where the save folder should be")
    session = Session.new(setup_for(4), SaveStore(data_dir), background=True)
    session.apply(session.state.legal_moves()[0])
    session.flush()
    assert "could not be saved" in (session.take_notice() or "")
    assert session.take_notice() is None


async def test_leaving_the_table_leaves_the_game_on_disk(data_dir: Path, monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    from allfives.ui.app import AllFivesApp
    from allfives.ui.launch import parser, setup_from

    save = SaveStore.save

    def slow_disk(store: SaveStore, *args: object) -> None:
        time.sleep(0.2)  # the table would close long before this write without waiting for it
        save(store, *args)

    monkeypatch.setattr(SaveStore, "save", slow_disk)
    setup = setup_from(parser().parse_args(["--seats", "2", "--seed", "3", "--bot-delay", "0", "--level",
                                            "easy", "--target", "500"]))
    app = AllFivesApp(setup, ask_resume=False)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await play_until(pilot, lambda t: True)
        table.apply(table.session.state.legal_moves()[0])  # and the app closes at once
    state = table.session.state
    assert saved_hands(data_dir / "save.json") == to_record(state)["hands"]
    assert json.loads((data_dir / "save.json").read_text())["players"][0]["kind"] == "person"
