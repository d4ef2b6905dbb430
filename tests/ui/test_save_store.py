"""The save store never loses a game: odd saves, a disk that refuses, seeds kept as the player chose."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from allfives.engine import Rules
from allfives.play.saving import SaveStore
from allfives.play.session import Session
from allfives.play.setup import GameSetup, default_players


def setup_for(seed: int | None) -> GameSetup:
    return GameSetup(rules=Rules(seats=2), players=default_players(2, 1, "hard"), seed=seed, bot_delay=0)


@pytest.mark.parametrize("seed", [None, 42])
def test_a_game_is_as_seeded_after_resume_as_before(data_dir: Path, seed: int | None) -> None:
    store = SaveStore(data_dir)
    session = Session.new(setup_for(seed), store)
    loaded = store.load().game
    assert loaded is not None
    assert loaded.setup.seeded is (seed is not None)
    assert loaded.setup.bots_seed == session.setup.bots_seed  # the bots' own stream goes on as it was
    # the deals to come follow the seed in a seeded game, else the deal code (allfives.play.deals), which
    # seeds the bots too and which the save keeps
    assert (loaded.setup.deals is None) is (seed is not None) and loaded.setup.deals == session.setup.deals
    assert seed is not None or loaded.setup.bots_seed == session.setup.deals.bots_seed  # type: ignore[union-attr]
    assert loaded.state.seed == session.state.seed == seed
    # the save keeps the hand in play's secret (beside the record, which shows only the commitment)
    saved = json.loads(store.path.read_text())
    assert saved["deal_secret"] == session.state.log[-1].deal.secret
    assert "secret" not in saved["hands"][0]["deal"]
    assert loaded.state == session.state and saved.get("seeded") is (seed is not None)


def test_a_save_without_a_deal_resumes_with_the_first_hand_dealt(data_dir: Path) -> None:
    store = SaveStore(data_dir)
    Session.new(setup_for(None), store)
    data = json.loads(store.path.read_text())
    data["hands"] = []
    store.path.write_text(json.dumps(data))
    loaded = store.load().game
    assert loaded is not None and loaded.state.phase == "playing" and loaded.state.hand_number == 1
    assert Session.resume(loaded, store).state == loaded.state


def test_a_disk_that_refuses_is_told_once_and_play_goes_on(data_dir: Path) -> None:
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    data_dir.write_text("a file where the save folder should be")
    session = Session.new(setup_for(1), SaveStore(data_dir))
    assert "could not be saved" in (session.take_save_error() or "")
    assert session.take_save_error() is None  # told once
    before = session.state
    session.apply(session.state.legal_moves()[0])  # the game goes on
    assert session.state is not before
    assert session.take_save_error() is None


def test_a_save_that_cannot_be_moved_aside_is_never_written_over(data_dir: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    data_dir.mkdir(parents=True)
    store = SaveStore(data_dir)
    store.path.write_text("{ not json")

    def refuse(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    outcome = store.load()
    assert outcome.game is None and "left as it is" in (outcome.problem or "")
    session = Session.new(setup_for(1), store)
    assert session.take_save_error() is not None
    assert store.path.read_text() == "{ not json"


def test_a_game_that_cannot_be_set_aside_is_kept(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = SaveStore(data_dir)
    Session.new(setup_for(1), store)
    text = store.path.read_text()
    monkeypatch.setattr(os, "replace", lambda *a: (_ for _ in ()).throw(OSError(28, "No space left")))
    store.set_aside()
    Session.new(setup_for(2), store)
    assert store.path.read_text() == text  # the first game, untouched


async def test_the_player_is_told_when_the_game_cannot_be_saved(data_dir: Path) -> None:
    from allfives.ui.app import AllFivesApp

    from .helpers import settle

    data_dir.parent.mkdir(parents=True, exist_ok=True)
    data_dir.write_text("a file where the save folder should be")
    app = AllFivesApp(setup_for(3), ask_resume=False, store=SaveStore(data_dir))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        told = [n.message for n in app._notifications]
        assert any("could not be saved" in m for m in told)
        assert app.game_screen is not None and app.game_screen.session.state.phase == "playing"


def test_a_new_game_over_a_saved_one_keeps_only_the_newest_three_set_aside(data_dir: Path) -> None:
    """`--new` over a saved game used to leave a save.previous-*.json for ever, one a launch."""
    store, beside = SaveStore(data_dir), SaveStore(data_dir, slot=2)
    Session.new(setup_for(1), beside)
    assert beside.set_aside() is not None  # another slot's: not this slot's to remove
    data_dir.joinpath("save.previous-20200101-000000.json").write_text("{}")  # an old one
    data_dir.joinpath("save.previous-20200101-000001.json").mkdir()  # named so, but no file of ours
    data_dir.joinpath("save.corrupt-20200101-000000.json").write_text("{}")  # evidence: kept
    kept = []
    for seed in range(5):  # five launches with --new, all within a second or two
        Session.new(setup_for(seed), store)
        moved = store.set_aside()
        assert moved is not None and moved.exists()
        kept.append(moved)
    previous = sorted(p.name for p in data_dir.glob("save.previous-*.json") if p.is_file())
    assert previous == sorted(p.name for p in kept[-3:])
    assert [json.loads(p.read_text())["seed"] for p in kept[-3:]] == [2, 3, 4]  # the newest three games
    assert data_dir.joinpath("save.previous-20200101-000001.json").is_dir()
    assert data_dir.joinpath("save.corrupt-20200101-000000.json").exists()
    assert len(list(data_dir.glob("save-2.previous-*.json"))) == 1
