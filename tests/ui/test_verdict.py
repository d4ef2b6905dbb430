"""The game-over screen's verdict: open at once, the line filled in by a worker, in the words that fit."""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual.app import App
from textual.widgets import Static

from allfives.bots.analysis import analyse_game
from allfives.bots.luck import luck_of, verdict, verdict_error
from allfives.play.setup import GameSetup, default_players
from allfives.ui.model.review import ReviewGame
from allfives.ui.model.sheet import sheet_of
from allfives.ui.screens.game_over import WEIGHING, GameOverScreen
from tests.bots.test_luck import _seeded

SAMPLES = 8


class Over(App[None]):
    def __init__(self, review: ReviewGame) -> None:
        super().__init__()
        sheet = sheet_of(review.setup, (), tuple(review.game.scores))
        self.over = GameOverScreen("Game over", sheet, review, SAMPLES)

    def on_mount(self) -> None:
        self.push_screen(self.over)


@pytest.mark.parametrize("people", [1, 2])
async def test_the_verdict_line_is_filled_in_when_the_game_is_weighed(people: int) -> None:
    """The one person at the table is "you", named or not; two people at one keyboard by their names."""
    game = _seeded(3)
    players = default_players(2, people, "easy")
    if people == 1:
        players = (replace(players[0], given="Ana"), players[1])  # a name of her own: still "you"
    setup = GameSetup(rules=game.rules, players=players)
    review = ReviewGame.of(game, setup)
    app = Over(review)
    async with app.run_test() as pilot:
        line = app.over.query_one("#verdict", Static)
        await app.workers.wait_for_complete()
        await pilot.pause()
        shown = str(line.render())
    assert shown != WEIGHING
    every = analyse_game(game, (0, 1), SAMPLES)  # every seat: a bot's mistake is not the person's luck
    luck = luck_of(game, every.decisions, SAMPLES // 2)
    side = 0 if people == 1 else game.winner
    assert shown == verdict(luck.game[side], 2, setup.side_title(side), you=people == 1,
                            error=verdict_error(luck.game[side], every)) + "."
    assert shown.endswith(")."), shown  # (± N): the figures' margin
    margin = game.scores[side] - game.scores[1 - side]
    if people == 1:
        won = "won" if margin > 0 else "lost"
        assert shown.startswith(f"You {won} by {abs(margin)}: the deals and draws ")
        assert "Ana" not in shown and ", your play " in shown
    else:
        assert shown.startswith(f"{setup.players[side].name} won by {margin}: ")


async def test_a_game_of_bots_has_no_verdict_line() -> None:
    game = _seeded(3)
    setup = GameSetup(rules=game.rules, players=default_players(2, 0, "easy"))
    app = Over(ReviewGame.of(game, setup))
    async with app.run_test():
        assert not app.over.query("#verdict")


async def test_enter_on_the_game_over_screen_keeps_the_verdict_and_n_starts_a_new_game() -> None:
    """Review has the focus: Enter (the game's last move's, or one more) opens the review over the
    verdict, which is there again after it; only `n` (or its button) leaves for a new game."""
    from allfives.ui.review.screen import ReviewScreen
    from allfives.ui.screens.new_game import NewGameScreen

    from .helpers import play_game_by_mouse
    from .scenes import seeded_app, settle

    app = seeded_app(2, 5, 10, humans=1, last_move=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_game_by_mouse(pilot)
        over = app.screen
        assert app.focused is over.query_one("#review")
        await app.workers.wait_for_complete()
        await settle(pilot)
        verdict_line = str(over.query_one("#verdict", Static).render())
        assert verdict_line.startswith(("You won", "You lost")), verdict_line
        for _ in range(2):
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, ReviewScreen)
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is over and str(over.query_one("#verdict", Static).render()) == verdict_line
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)


async def test_while_the_verdict_is_weighed_it_says_how_far(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each decision weighed is said (`3 of 11 decisions`), then the deals and draws, then the verdict."""
    game = _seeded(3)
    setup = GameSetup(rules=game.rules, players=default_players(2, 1, "easy"))
    said: list[str] = []
    shown = GameOverScreen.show_verdict
    monkeypatch.setattr(GameOverScreen, "show_verdict", lambda screen, line: (said.append(line),
                                                                              shown(screen, line)))
    app = Over(ReviewGame.of(game, setup))
    async with app.run_test() as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert str(app.over.query_one("#verdict", Static).render()) == said[-1]
    total = len(analyse_game(game, (0, 1), SAMPLES).decisions)
    counted = [f"Weighing luck and skill: {n} of {total} decisions…" for n in range(1, total + 1)]
    assert said[:total] == counted
    assert said[total:-1] == ["Weighing luck and skill: the deals and draws…"]
    assert said[-1].endswith(").")  # the verdict itself, last
