"""`allfives review FILE`: the review screen on its own, for a game record from anywhere."""

from __future__ import annotations

from allfives.i18n import N_
from allfives.ui.review.model import ReviewGame
from allfives.ui.shell import Shell


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
