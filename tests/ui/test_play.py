"""Whole seeded games played by mouse against bots, for 2, 3 and 4 seats, checked against the engine and
against the same seeded game played without a screen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from allfives.engine import replay, replay_document, to_record
from allfives.ui.app import AllFivesApp
from allfives.ui.launch import parser, setup_from
from allfives.ui.widgets.scoresheet import Scoresheet
from tests.ui.model.test_sheet import scores_by_the_rules

from .helpers import play_game_by_mouse
from .scenes import played_without_a_screen


def make_app(*flags: str) -> AllFivesApp:
    setup = setup_from(parser().parse_args(["--bot-delay", "0", "--level", "easy", *flags]))
    return AllFivesApp(setup, ask_resume=False)


@pytest.mark.parametrize(("seats", "seed", "target"), [(2, 13, 40), (3, 5, 40), (4, 8, 50)])
async def test_whole_game_by_mouse(seats: int, seed: int, target: int, data_dir: Path) -> None:
    app = make_app("--seats", str(seats), "--seed", str(seed), "--target", str(target))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await play_game_by_mouse(pilot)
        state = table.session.state
        assert state.phase == "game_over"
        assert state.winner is not None and state.scores[state.winner] >= target
        # the finished game is kept as last-game.json, replays to the same state, and is not offered again
        assert not (data_dir / "save.json").exists()
        record = json.loads((data_dir / "last-game.json").read_text())
        # the scoresheet on the game-over screen adds up to the scores worked out from the record by the
        # rules, and so does the engine; its last total row agrees
        expected, _ = scores_by_the_rules(replay_document(record), state.rules)
        sheet = app.screen.query_one(Scoresheet).sheet
        assert sheet is not None and list(sheet.scores) == expected and list(state.scores) == expected
        assert [r for r in sheet.rows if r.kind == "total"][-1].cells == tuple(str(s) for s in expected)
        replayed, _ = replay(record)
        assert replayed.scores == state.scores and replayed.winner == state.winner
        assert [p["kind"] for p in record["players"]][0] == "person"
    # same seed, same game: the same deals and the same bot moves (their seeds come from the game's) as the
    # same setup played without a screen, the person's moves as the mouse made them
    played, _ = played_without_a_screen(table.session.setup)
    assert record["hands"] == to_record(played.state)["hands"]
