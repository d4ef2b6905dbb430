"""Saving after every move, resuming after a restart, and save files that cannot be read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from allfives.engine import to_record
from allfives.play.saving import SaveStore
from allfives.play.setup import GameSetup
from allfives.record_file import read_record
from allfives.ui.app import AllFivesApp
from allfives.ui.launch import parser, setup_from
from allfives.ui.screens.new_game import NewGameScreen
from allfives.ui.screens.resume import ResumeScreen
from allfives.ui.widgets.hand import Hand
from allfives.ui.widgets.scoresheet import Scoresheet
from allfives.ui.widgets.too_small import TooSmall

from .helpers import game, play_by_mouse, play_until, settle


def make_app(*flags: str) -> AllFivesApp:
    setup = setup_from(parser().parse_args(["--bot-delay", "0", "--level", "easy", *flags]))
    return AllFivesApp(setup, ask_resume=False)


async def test_resume_after_restart_picks_up_exactly(data_dir: Path) -> None:
    async with make_app("--seats", "3", "--seed", "21", "--target", "500").run_test(size=(120, 40)) as pilot:
        for _ in range(4):  # a few of my turns
            table = await play_until(pilot, lambda t: True)
            await play_by_mouse(pilot, table.session.state.legal_moves()[0])
        await settle(pilot)
        first = game(pilot.app).session.state
        saved, _ = read_record(data_dir / "save.json")  # the record and its journal
        assert saved["players"][0]["kind"] == "person" and saved["bot_delay"] == 0
    assert to_record(first)["hands"] == saved["hands"]  # saved after every move

    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("r")
        await settle(pilot)
        table = game(app)
        assert to_record(table.session.state)["hands"] == to_record(first)["hands"]
        assert table.session.state.scores == first.scores
        assert table.query_one(Hand).tiles == first.hands[0]
        assert table.query_one(Scoresheet).sheet.scores == first.scores
        assert table.session.setup.seed == 21


async def test_resume_offer_declined_starts_new(data_dir: Path) -> None:
    async with make_app("--seats", "2", "--seed", "5").run_test(size=(120, 40)) as pilot:
        await settle(pilot)
    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def test_corrupt_save_is_moved_aside_with_a_message(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "save.json").write_text("{ not json")
    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.problem and "moved to" in app.problem
        assert "could not be read" in str(app.screen.query_one("#form-message").render())
    aside = list(data_dir.glob("save.corrupt-*.json"))
    assert len(aside) == 1 and aside[0].read_text() == "{ not json"
    assert not (data_dir / "save.json").exists()


async def test_save_from_an_unknown_version_is_moved_aside(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "save.json").write_text(json.dumps({"format": "allfives-record/9", "hands": []}))
    outcome = SaveStore().load()
    assert outcome.game is None and "allfives-record/9" in (outcome.problem or "")
    assert len(list(data_dir.glob("save.corrupt-*.json"))) == 1


async def test_save_with_illegal_moves_is_moved_aside(data_dir: Path) -> None:
    async with make_app("--seats", "2", "--seed", "5").run_test(size=(120, 40)) as pilot:
        await settle(pilot)
    record, _ = read_record(data_dir / "save.json")  # (written back whole: its journal is left behind)
    record["hands"][0]["moves"] = ["6-6", "6-6 E"]
    (data_dir / "save.json").write_text(json.dumps(record))
    outcome = SaveStore().load()
    assert outcome.game is None and outcome.problem


async def test_too_small_terminal_says_so_and_loses_nothing() -> None:
    app = make_app("--seats", "2", "--seed", "3")
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        notice = app.screen.query_one(TooSmall)
        assert notice.display and notice.region.width == 70
        assert "needs 80x24, now 70x20" in str(notice.render())
        state = game(app).session.state
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not app.screen.query_one(TooSmall).display
        assert game(app).session.state is state
        await pilot.resize_terminal(80, 23)
        await pilot.pause()
        assert app.screen.query_one(TooSmall).display
        assert "now 80x23" in str(app.screen.query_one(TooSmall).render())


def test_a_bot_delay_no_save_could_hold_is_refused_before_any_screen() -> None:
    """Checked with no other flag too (the new-game screen would start a game whose save never loads)."""
    for flags in (["--bot-delay", "99"], ["--bot-delay", "-1"], ["--bot-delay", "nan"],
                  ["--seats", "2", "--bot-delay", "11"]):
        with pytest.raises(ValueError, match="--bot-delay must be between 0 and 10"):
            setup_from(parser().parse_args(flags))
    setup = setup_from(parser().parse_args(["--seats", "2", "--bot-delay", "10"]))
    assert setup is not None and GameSetup.from_record(setup.rules, None, setup.to_json()).bot_delay == 10
