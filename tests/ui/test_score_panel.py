"""The end-of-hand panel shows the engine's HandResult: leftovers, pips, rounding, deductions, scores."""

from __future__ import annotations

import pytest
from rich.console import Console

from allfives.engine import round_to_five
from allfives.ui.app import AllFivesApp
from allfives.ui.launch import parser, setup_from
from allfives.ui.screens.game_over import GameOverScreen
from allfives.ui.screens.help import HelpScreen
from allfives.ui.screens.score_panel import ScorePanel
from allfives.ui.widgets.scoresheet import Scoresheet

from .helpers import game, play_by_mouse, settle
from .scenes import last_move_of_the_first_hand


def text_of(renderable) -> str:
    console = Console(width=110, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


async def reach_panel(pilot) -> ScorePanel:
    app = pilot.app
    for _ in range(500):
        await settle(pilot)
        if isinstance(app.screen, ScorePanel):
            return app.screen
        assert not isinstance(app.screen, GameOverScreen)
        table = game(app)
        if table.my_turn:
            await play_by_mouse(pilot, table.session.state.legal_moves()[-1])
    raise AssertionError("no hand ended")


async def test_score_panel_matches_hand_result() -> None:
    setup = setup_from(parser().parse_args(["--seats", "3", "--seed", "12", "--bot-delay", "0",
                                            "--level", "easy", "--target", "900"]))
    app = AllFivesApp(saved=last_move_of_the_first_hand(setup))
    async with app.run_test(size=(120, 40)) as pilot:
        panel = await reach_panel(pilot)
        state = game(app).session.state
        result = state.result
        assert panel.result == result
        table = text_of(panel.query_one("#result-table").content)
        assert table.split()[:6] == ["player", "tiles", "left", "pips", "rounded", "deduction"]  # in words
        for seat, name in enumerate(p.name for p in setup.players):
            row = next(line for line in table.splitlines() if line.strip().startswith(name))
            assert str(result.remaining_pips[seat]) in row
            assert result.rounded[seat] == round_to_five(result.remaining_pips[seat])
            d = result.deductions[seat]
            assert (f"-{d}" if d else "0") in row.split()[-1]
            for tile in result.remaining[seat]:
                assert f"{tile.high}│{tile.low}" in row
        scores = text_of(panel.query_one("#scores-line").content)
        assert scores.splitlines()[1].startswith("score before → after")  # said, under the names
        for before, after in zip(result.scores_before, result.scores, strict=True):
            assert f"{before} → {after}" in scores
        rules = text_of(panel.query_one("#rules-line").content).replace("\n", " ")
        assert "target 900" in " ".join(rules.split())
        # the sheet's last line says what each still needs: its totals are in the row above already
        sheet = game(app).query_one(Scoresheet)
        assert sheet.foot_text().split() == ["left", "to", "900", *(str(900 - v) for v in result.scores)]
        assert sheet.lines()[-1].split()[1:] == [str(v) for v in result.scores]
        hand = state.hand_number
        await pilot.press("enter")
        await settle(pilot)
        assert game(app).session.state.hand_number == hand + 1


async def test_score_panel_shows_the_muggins_award() -> None:
    setup = setup_from(parser().parse_args(["--seats", "2", "--seed", "4", "--bot-delay", "0", "--level",
                                            "easy", "--target", "900", "--muggins", "--humans", "0"]))
    app = AllFivesApp(saved=last_move_of_the_first_hand(setup))
    async with app.run_test(size=(120, 40)) as pilot:
        panel = await reach_panel(pilot)
        result = game(app).session.state.result
        assert panel.result == result and not any(result.deductions)
        table = text_of(panel.query_one("#result-table").content)
        assert "award" in table
        for side, award in enumerate(result.awards):
            if award:
                shown = result.out_seat if result.out_seat is not None else side
                row = next(line for line in table.splitlines()
                           if line.strip().startswith(setup.players[shown].name))
                assert row.split()[-1] == f"+{award}"
        assert "Muggins" in text_of(panel.query_one("#rules-line").content)
        line = " ".join(text_of(panel.query_one("#muggins-line").content).split())
        if any(result.awards):
            side = next(s for s, a in enumerate(result.awards) if a)
            others = sum(result.remaining_pips) - result.remaining_pips[side]
            assert (f"hold {others} pips" in line or f"holds {others} pips" in line)
            assert line.endswith(f"+{result.awards[side]}")
        else:
            assert "nobody scores" in line


async def test_help_opens_over_the_score_panel_by_f1_and_question_mark() -> None:
    argv = ["--seats", "2", "--seed", "3", "--bot-delay", "0", "--humans", "0", "--target", "900"]
    setup = setup_from(parser().parse_args(argv))
    app = AllFivesApp(saved=last_move_of_the_first_hand(setup))
    async with app.run_test(size=(100, 30)) as pilot:
        panel = await reach_panel(pilot)
        for key in ("f1", "question_mark"):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, HelpScreen), key
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is panel


@pytest.mark.parametrize(("seats", "seed"), [(2, 5), (3, 12), (4, 3)])
async def test_at_80x24_a_notice_never_covers_the_score_panel(seats: int, seed: int) -> None:
    """The panel sits above the key line, whole; a notice (four lines of it) over the table's top."""
    from .scenes import seeded_app, until

    app = seeded_app(seats, seed, 900)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, ScorePanel)
        app.notify("The game could not be saved: No space left on device. Play goes on.", title="Saving",
                   severity="warning", timeout=30)
        await settle(pilot)
        box = app.screen.query_one("#score-box").region
        toasts = [toast.region for toast in app.screen.query("Toast")]
        assert toasts and all(toast.height >= 4 for toast in toasts)  # (title and message: all of it)
        assert not any(toast.overlaps(box) for toast in toasts), (box, toasts)
        assert box.y >= 0 and box.bottom <= 23  # the key line stays in view
        assert app.screen.query_one("#continue").region.bottom <= box.bottom
