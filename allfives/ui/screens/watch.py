"""Watching the game another window plays: the game screen's own table, following that window's save.

Nothing is played or written here: the table shows the game as the other window last saved it (the
save is looked at twice a second, read again only when it changed), with that window's person's hand
in view, or every hand face down when several people share it. The status line says so; q stops.
"""

from __future__ import annotations

from textual.binding import Binding

from allfives.i18n import N_, _
from allfives.play.watched import WatchedGame
from allfives.ui.model.shown import Shown, styled
from allfives.ui.model.turn import TurnState

from ..commands import HELP
from .game import GameScreen

LOOK_EVERY = 0.5  # seconds between looks at the save's modification time


class WatchScreen(GameScreen, inherit_bindings=False):
    """The other window's table, read-only; its bindings are only to leave and for help."""

    BINDINGS = [
        Binding("q,escape", "app.quit", N_("Stop watching")),
        HELP.binding(),
    ]

    def __init__(self, game: WatchedGame) -> None:
        super().__init__(game)
        self.watched = game
        self.viewer = game.viewer
        self.revealed = not game.hidden

    def on_mount(self) -> None:  # (Textual runs GameScreen's own on_mount after this one)
        self.set_interval(LOOK_EVERY, self.look_again)

    def look_again(self) -> bool:
        """Show the game again if its save changed (True when it did)."""
        if not self.watched.follow():
            return False
        self.viewer, self.revealed = self.watched.viewer, not self.watched.hidden
        self.show()
        return True

    def show(self) -> None:
        self.turn = TurnState().told(self._watching(), "info")
        super().show()

    def _watching(self) -> Shown:
        game = self.watched
        if game.ended:
            return styled(_("[b]Watching[/b] — {} q leaves."), game.ended)
        if game.waiting == "hand_over":
            return styled(_("[b]Watching[/b] the game played in another window: the hand is over. "
                            "q stops watching."))
        name = game.setup.players[game.seat_view(self.viewer).turn].name
        return styled(_("[b]Watching[/b] the game played in another window: {} to move. q stops watching."),
                      name)

    @property
    def in_progress(self) -> bool:
        """No game of this window's is under way here: leaving asks nothing, a new game abandons nothing."""
        return False

    def advance(self) -> None:
        """Nothing happens at a watched table but what its save says."""
