"""`allfives review FILE`: the review screen on its own, for a game record from anywhere."""

from __future__ import annotations

from typing import TYPE_CHECKING

from allfives.i18n import N_
from allfives.ui.model.review import ReviewGame
from allfives.ui.shell import Shell

if TYPE_CHECKING:
    from allfives.engine import GameState
    from allfives.play.setup import GameSetup


def review_screen(game: GameState, setup: GameSetup, seats: tuple[int, ...], samples: int) -> int:
    """`allfives review FILE` on the screen: the review on its own (a game from a file is not in the
    history: nothing is kept)."""
    from allfives.ui.launch import run

    return run(ReviewApp(ReviewGame(game, setup, None, seats), samples=samples))


class ReviewApp(Shell):
    """One game under review; closing the review quits."""

    TITLE = N_("All Fives — review")

    def __init__(self, game: ReviewGame, samples: int | None = None, analyse: bool = True) -> None:
        super().__init__()
        self.game = game
        self.samples = samples
        self.analyse = analyse

    def open_first_screen(self) -> None:
        from allfives.ui.review.screen import ReviewScreen

        self.push_screen(ReviewScreen(self.game, samples=self.samples, analyse=self.analyse),
                         lambda _: self.exit())
