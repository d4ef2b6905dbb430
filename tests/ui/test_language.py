"""Switching the language in the window: the new-game screen's row re-draws the form in it at once (what
was chosen kept), the palette's Language… re-draws the table, and the choice is kept for next time."""

from __future__ import annotations

import html
import re
from pathlib import Path

from textual.widgets import Input, Label, OptionList, Select

from allfives import i18n
from allfives.play.prefs import PrefsStore
from allfives.ui.app import AllFivesApp
from allfives.ui.screens.language import LanguageScreen
from allfives.ui.screens.new_game import LANGUAGE_NAMES, NewGameScreen
from tests.i18n_check import pseudo_language, unmarked

from .helpers import game
from .scenes import board_app, settle, until

TEXT = re.compile(r'<text class="[^"]*" x="[\d.]+" y="([\d.]+)"[^>]*>(.*?)</text>')


def screen_lines(app: AllFivesApp) -> list[str]:
    """The screen's text, row by row, as its screenshot has it (runs of one style apart by a space)."""
    rows: dict[float, list[str]] = {}
    for y, text in TEXT.findall(app.export_screenshot()):
        rows.setdefault(float(y), []).append(html.unescape(text).replace("\xa0", " "))
    return [" ".join(rows[y]) for y in sorted(rows)]


def labels(screen: NewGameScreen) -> list[str]:
    return [str(label.render()) for label in screen.query(Label)]


async def test_the_new_game_screen_speaks_the_language_chosen_on_it(config_dir: Path) -> None:
    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, NewGameScreen)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert "Seats" in labels(screen)
        screen.query_one("#seats", Select).value = 3
        await pilot.pause()
        screen.query_one("#name-0", Input).value = "Ilse"
        screen.query_one("#language", Select).value = "nl"
        await settle(pilot)
        assert app.screen is screen and i18n.language() == "nl"
        shown = labels(screen)
        assert {"Taal", "Spelers", "Speler 1", "Handgrootte", "Huisregels"} <= set(shown)
        assert "Seats" not in shown
        text = "\n".join(screen_lines(app))
        assert "een nieuw spel" in text and "Bot · gemiddeld" in text and "Je spellen (^t)" in text
        assert all(len(line) <= 80 for line in screen_lines(app))
        # what was chosen before the switch is still chosen
        assert screen.query_one("#seats", Select).value == 3
        assert screen.query_one("#name-0", Input).value == "Ilse"
        assert screen.query_one("#language", Select).value == "nl"
    assert PrefsStore().load().prefs.language == "nl"  # kept for the next launch


async def test_every_word_of_the_new_game_screen_comes_from_the_catalogue() -> None:
    with pseudo_language():
        app = AllFivesApp(bot_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, NewGameScreen)
            box = screen_lines(app)[:-1]  # (the footer's words are translated where the footer draws)
            names = ["All Fives", "You", "Enter", "Esc", "Tab", *LANGUAGE_NAMES.values()]
            left = unmarked("\n".join(box), data=names)
            assert left == [], (left, box)


async def test_the_palette_switches_the_language_over_the_table(config_dir: Path) -> None:
    app = board_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = game(app)
        state, board = table.session.state, table.query_one("Board")
        hand = list(table.query_one("Hand").tiles)
        entry = next(e for e in app.get_system_commands(app.screen) if e.title == "Language…")
        await entry.callback()  # (what choosing it in the palette runs: the app's action)
        await pilot.pause()
        assert isinstance(app.screen, LanguageScreen)
        options = app.screen.query_one(OptionList)
        options.highlighted = i18n.LANGUAGES.index("pt")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is table and i18n.language() == "pt"
        assert table.query_one("Board") is not board  # composed again, in Portuguese
        assert table.session.state == state  # the same game, the same moment
        assert list(table.query_one("Hand").tiles) == hand
        assert app.prefs.language == "pt" and PrefsStore().load().prefs.language == "pt"
