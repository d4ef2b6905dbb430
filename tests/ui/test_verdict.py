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
