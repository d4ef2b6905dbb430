"""A newcomer's game in each language: the person who gave no name is "you" in the language spoken on
every screen to the game's end, and nothing stores the English stand-in (issue 33)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Static

from allfives import i18n
from allfives.play.prefs import PREFS_NAME
from allfives.ui.screens.game_over import GameOverScreen
from allfives.ui.screens.new_game import NewGameScreen
from allfives.ui.screens.score_panel import ScorePanel

from .helpers import game, play_by_mouse
from .languages import speaking
from .scenes import seeded_app, settle

ENGLISH_YOU = re.compile(r"\bYou\b")


def on_screen(app: App) -> str:
    """Every line the screen on show draws (the screens under a dialog too), as a person reads it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def seen_to_the_end(pilot) -> list[str]:  # noqa: ANN001
    """Play the person's turns by mouse to the game-over screen (its verdict weighed), keeping what
    each screen on the way showed."""
    app = pilot.app
    seen = []
    for _ in range(200):
        await settle(pilot)
        seen.append(on_screen(app))
        if isinstance(app.screen, GameOverScreen):
            await app.workers.wait_for_complete()
            await pilot.pause()
            seen.append(on_screen(app))
            return seen
        if isinstance(app.screen, ScorePanel):
            await pilot.click("#continue")
            continue
        table = game(app)
        if table.my_turn:
            await play_by_mouse(pilot, table.session.state.legal_moves()[-1])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["nl", "pt", "sl", "fy"])
async def test_a_newcomer_plays_to_the_end_as_you_in_each_language(lang: str, config_dir: Path) -> None:
    with speaking(lang):
        you = i18n._("You")
        app = seeded_app(2, 4, 20, humans=1)  # a short seeded game, the bots at once
        async with app.run_test(size=(80, 24)) as pilot:
            seen = await seen_to_the_end(pilot)
            verdict = str(app.screen.query_one("#verdict", Static).render())
            state = game(app).session.state
            store = app.history.store()
            history = store.games()
            record = store.record(history[-1].id)
            # the verdict's analysis is kept for the review (4: the tests' verdict samples)
            kept = store.analysis(history[-1].id, 4, (0,), state)
            await pilot.press("n")  # a new game: the name field offers this language's word
            await settle(pilot)
            assert isinstance(app.screen, NewGameScreen)
            seen.append(on_screen(app))
            assert app.screen.query_one("#name-0").placeholder == you
    english = [text for text in seen if ENGLISH_YOU.search(text)]
    assert not english, english[0]
    assert you in seen[-2]  # the game-over screen names the person in this language (its scoresheet)
    margin = state.scores[0] - state.scores[1]
    with speaking(lang):  # said to the person: "you won by 20"
        head = (i18n._("You won by {n}") if margin > 0 else i18n._("You lost by {n}")).format(n=abs(margin))
    assert verdict.startswith(head + ": ") and verdict.endswith("."), verdict
    assert kept is not None and kept.seats == (0,)
    # stored language-neutrally: no name where none was given
    assert [p.name for p in history[-1].players] == [None, "Ben"]
    assert "name" not in (config_dir / PREFS_NAME).read_text()
    assert record is not None and "name" not in record["players"][0]  # (an export reads as it is kept)
