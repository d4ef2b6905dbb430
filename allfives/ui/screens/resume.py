"""Asked at launch when a game is in progress: resume it or start a new one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from allfives.i18n import N_, _, ngettext
from allfives.play.saving import SavedGame
from allfives.ui.model.shown import styled

from ..widgets.shown import content
from ..widgets.too_small import TooSmall


class ResumeScreen(ModalScreen[str]):
    """Dismisses with "resume" or "new"."""

    BINDINGS = [
        Binding("r,enter", "choose('resume')", N_("Resume")),
        Binding("n", "choose('new')", N_("New game")),
        Binding("escape", "choose('resume')", N_("Resume"), show=False),
    ]
    AUTO_FOCUS = "#resume"

    def __init__(self, saved: SavedGame) -> None:
        super().__init__()
        self.saved = saved

    def compose(self) -> ComposeResult:
        state, setup = self.saved.state, self.saved.setup
        scores = ", ".join(f"{setup.side_name(s)} {v}" for s, v in enumerate(state.scores))
        when = " " + _("(saved {when})").format(when=self.saved.saved_at) if self.saved.saved_at else ""
        with Vertical(id="resume-box", classes="dialog"):
            yield Static(content(styled(_("[b]A game is in progress[/b]{}"), when)), classes="title")
            game = ngettext("{n} seat · hand {hand} · target {target}",
                            "{n} seats · hand {hand} · target {target}", state.rules.seats)
            yield Static(content(game.format(n=state.rules.seats, hand=state.hand_number,
                                             target=state.rules.target) + f"\n{scores}"))
            if setup.rated:
                from allfives.bots.ratings import COUNTS_AS_LOST  # (the first screen loads no bots module)

                yield Static(_(COUNTS_AS_LOST), id="counts-lost", classes="muted", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(_("Resume (r)"), id="resume", variant="primary")
                yield Button(_("New game (n)"), id="new")
        yield TooSmall()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss("resume" if event.button.id == "resume" else "new")

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
