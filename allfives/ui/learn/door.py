"""How a window comes to the lesson: `allfives --learn`, the new-game screen's "Learn to play", and the
first launch's offer ("New to All Fives? Learn in 3 minutes"), made once and remembered in the
preferences. The lesson always opens over a screen that is not a game (the new-game screen, the resume
question), and leaving it comes back there; its last step goes on to a real game (`screen.real_game`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from allfives.i18n import _
from allfives.play.prefs import Prefs

from ..screens.confirm import ConfirmScreen

if TYPE_CHECKING:
    from textual.app import App

    from ..app import AllFivesApp


class LearnOffer(ConfirmScreen):
    """The first launch's offer; dismisses True to learn. Learning has the focus: Enter takes it."""

    AUTO_FOCUS = "#yes"

    def __init__(self) -> None:
        super().__init__(_("New to All Fives?"),
                         _("Learn in 3 minutes: a guided first hand against an easy bot, one idea at a time. "
                           "Press q in it to leave whenever you like."),
                         _("Learn to play"), _("Not now"), yes_key="l")


def first_launch(prefs: Prefs, data: Path) -> bool:
    """Nothing chosen yet and nothing played here: no preferences, no history, no saved game."""
    if prefs != Prefs():
        return False
    try:
        return not any(data.glob("history*")) and not any(data.glob("save*"))
    except OSError:
        return False


def offer_once(app: AllFivesApp) -> None:
    """On a first launch, offer the lesson over the new-game screen (once: remembered at once)."""
    if not first_launch(app.prefs, app.store.directory):
        return
    app.remember(learn_offered=True)

    def answered(learn: bool | None) -> None:
        if learn:
            open_lesson(app)

    app.push_screen(LearnOffer(), answered)


def lesson_open(app: App[Any]) -> bool:
    """A lesson is on the window's stack (it is on top, or under a dialog such as the help)."""
    loaded = sys.modules.get("allfives.ui.learn.screen")
    return loaded is not None and any(isinstance(s, loaded.LessonScreen) for s in app.screen_stack)


def open_lesson(app: AllFivesApp) -> None:
    """The guided first hand, over whatever shows now, at the window's bot pace."""
    from allfives.learn.first_hand import FIRST_HAND
    from allfives.learn.session import LessonSession

    from .screen import LessonScreen

    if not lesson_open(app):
        app.push_screen(LessonScreen(LessonSession(FIRST_HAND, bot_delay=app.bot_delay)))
