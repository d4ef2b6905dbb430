"""`allfives review FILE`: the review screen on its own, for a game record from anywhere."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding

from allfives.ui.review.model import ReviewGame
from allfives.ui.themes import STYLESHEET, use_themes
from allfives.ui.widgets.shown import PlainNotices


class ReviewApp(PlainNotices, App[None]):
    """One game under review; closing the review quits."""

    CSS_PATH = STYLESHEET
    TITLE = "All Fives — review"
    BINDINGS = [Binding("f1", "help", "Help", show=False)]

    def __init__(self, game: ReviewGame, samples: int | None = None, analyse: bool = True) -> None:
        super().__init__()
        self.game = game
        self.samples = samples
        self.analyse = analyse
        use_themes(self)

    def on_mount(self) -> None:
        from allfives.ui.review.screen import ReviewScreen

        self.push_screen(ReviewScreen(self.game, samples=self.samples, analyse=self.analyse),
                         lambda _: self.exit())

    def action_help(self) -> None:
        from allfives.ui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())
