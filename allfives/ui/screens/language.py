"""The language switch: a short list of the languages, each by its own name, and re-drawing the window
in the one chosen (the palette's "Language…"; the new-game screen has its own row for it)."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from allfives import i18n
from allfives.i18n import N_, _
from allfives.ui.model.sheet import HandMemo

from ..widgets.too_small import TooSmall
from .new_game import LANGUAGE_NAMES


class LanguageScreen(ModalScreen[str | None]):
    """Which language to speak: dismisses its code, or None (Esc) to keep the one spoken now."""

    DEFAULT_CSS = """
    #language-box { width: 30; height: auto; }
    #language-box OptionList { height: auto; max-height: 7; }
    """
    BINDINGS = [Binding("escape", "dismiss_none", N_("Back"), show=False)]
    AUTO_FOCUS = "#languages"

    def compose(self) -> ComposeResult:
        now = i18n.language()
        with Vertical(id="language-box", classes="dialog"):
            yield Static(_("[b]Language[/b]"), classes="title")
            yield OptionList(*(Option(("• " if code == now else "  ") + LANGUAGE_NAMES[code], id=code)
                               for code in i18n.LANGUAGES), id="languages")
        yield TooSmall()

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        if i18n.language() in i18n.LANGUAGES:
            options.highlighted = i18n.LANGUAGES.index(i18n.language())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


async def speak(app: App[Any], language: str) -> None:
    """Speak `language` in this window from now on, kept for the next launch: every screen on the
    stack is composed again in it (each draws from its own state; the footer and the palette translate
    as they draw)."""
    remember = getattr(app, "remember", None)
    if remember is not None:
        remember(language=language)
    i18n.use(language)
    for screen in list(app.screen_stack):
        speak_here = getattr(screen, "speak", None)
        if speak_here is not None:  # (a screen that keeps what is typed into it: the new-game form)
            await speak_here(language)
        else:
            await composed_again(screen)
    app.refresh_bindings()


async def composed_again(screen: Screen[object]) -> None:
    """`screen` composed again from what it holds: the widgets it found once (cached properties) are
    looked up again, lines it worked out once in the old language are forgotten, and a screen that
    draws itself from a model (`show()`: the table, a review) draws again."""
    await screen.recompose()
    for klass in type(screen).__mro__:
        for name, attribute in vars(klass).items():
            if isinstance(attribute, cached_property):
                screen.__dict__.pop(name, None)
    if isinstance(getattr(screen, "memo", None), HandMemo):
        screen.memo = HandMemo()  # type: ignore[attr-defined]
    show = getattr(screen, "show", None)
    if callable(show):
        show()
