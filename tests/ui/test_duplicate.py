"""The game-over screen of a game on deals played before: its deal code, and your score hand by hand
beside the earlier game's, found in the record given (`--deals FILE`) or in the history."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Static

from allfives.engine import Rules
from allfives.play.deals import DealCode, DealsOver, Duplicate, EarlierGame
from allfives.play.history_link import HistoryLink
from allfives.play.prefs import PREFS_NAME
from allfives.play.session import Session
from allfives.ui.app import AllFivesApp
from allfives.ui.model.sheet import sheet_of
from allfives.ui.screens.game_over import GameOverScreen, duplicate_lines
from tests.i18n_check import pseudo_language, unmarked

from .helpers import play_on
from .languages import speaking
from .scenes import duplicate_app, to_duplicate

CODE = DealCode(Rules(seats=2, target=40), ("person", "easy"), 0x13579BDF02468AC)


def text_of(screen: GameOverScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_the_game_over_screen_compares_with_the_record_given_hand_by_hand() -> None:
    app = duplicate_app()
    earlier = app.earlier_deals
    assert earlier is not None
    async with app.run_test(size=(120, 40)) as pilot:
        await to_duplicate(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert earlier.code in text_of(over, "#deal-code")
        shown = text_of(over, "#duplicate")
        state = app.game_screen.session.state  # type: ignore[union-attr]
    yours, theirs = state.scores[0], sum(g[0] for g in earlier.gains)
    assert shown.splitlines()[0] == f"On the same deals as Bea: you {yours}, Bea {theirs}"
    first_hand = shown.splitlines()[1].split(" · ")[0]
    assert first_hand.startswith("hand 1: you ") and first_hand.endswith(f", Bea {earlier.gains[0][0]}")


class Over(App[None]):
    """The game-over screen alone, over a game played on CODE."""

    def __init__(self, deals: DealsOver) -> None:
        super().__init__()
        sheet = sheet_of(deals.setup, (), tuple(deals.state.scores))
        self.over = GameOverScreen("Game over", sheet, deals=deals)

    def on_mount(self) -> None:
        self.push_screen(self.over)


def played(name: str | None = None, history: HistoryLink | None = None) -> Session:
    session = Session.new(CODE.setup(name=name, bot_delay=0), history=history)
    play_on(session)
    return session


async def test_a_game_on_a_code_played_before_is_found_in_the_history(tmp_path: Path) -> None:
    history = HistoryLink(tmp_path)
    before = played(history=history)
    history.store().close()
    now = played(history=HistoryLink(tmp_path))
    app = Over(DealsOver(CODE.text, now.setup, now.state, history=HistoryLink(tmp_path)))
    async with app.run_test() as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        shown = text_of(app.over, "#duplicate")
    total = before.state.scores[0]
    assert shown.splitlines()[0] == f"On the same deals as last time: you {total}, then {total}"


def test_a_game_on_deals_keeps_the_remembered_name(config_dir: Path) -> None:
    """`--deals` skips the new-game screen, not the player: Ana playing Ana's deals again is compared with
    herself (issue 33), not "as Ana" as if someone else had played them."""
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / PREFS_NAME).write_text('name = "Ana"\n')
    setup = AllFivesApp(CODE.setup(bot_delay=0), ask_resume=False).initial_setup
    assert setup is not None and [p.given for p in setup.players] == ["Ana", "Ben"]
    before = played(name="Ana")
    now = Session.new(setup)
    play_on(now)
    found = EarlierGame.of(CODE.text, before.state, before.setup.players).against(now.state, now.setup)
    assert found is not None and found.earlier == ""  # "On the same deals as last time"
    assert EarlierGame.of(CODE.text, played(name="Bea").state, CODE.setup(name="Bea").players).against(
        now.state, now.setup).earlier == "Bea"  # (someone else's game is theirs)


async def test_without_an_earlier_game_only_the_code_shows(tmp_path: Path) -> None:
    now = played()
    app = Over(DealsOver(CODE.text, now.setup, now.state, history=HistoryLink(tmp_path)))
    async with app.run_test() as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert CODE.text in text_of(app.over, "#deal-code")
        assert not app.over.query_one("#duplicate").display


def groups(code: str) -> list[str]:
    return code.split("-")


async def test_every_word_of_the_deals_part_comes_through_the_catalogue() -> None:
    now = played()
    earlier = EarlierGame.of(CODE.text, played(name="Bea").state, CODE.setup(name="Bea").players)
    app = Over(DealsOver(CODE.text, now.setup, now.state, earlier=earlier))
    with pseudo_language():
        async with app.run_test(size=(120, 40)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            shown = text_of(app.over, "#deal-code") + "\n" + text_of(app.over, "#duplicate")
    assert "Bea" in shown
    assert unmarked(shown, data=["Bea", *groups(CODE.text)]) == []


@pytest.fixture
def dutch():  # noqa: ANN201
    """Dutch, from the catalogues as the .po files say now."""
    with speaking("nl"):
        yield


def test_the_comparison_in_dutch(dutch: None) -> None:
    lines = duplicate_lines(Duplicate("Bea", ((35, 20), (10, None)))).plain.splitlines()
    assert lines[0] == "Met dezelfde stenen als Bea: jij 45, Bea 20"
    assert lines[1] == "hand 1: jij 35, Bea 20 · hand 2: jij 10, Bea –"
    again = duplicate_lines(Duplicate("", ((5, 0),))).plain.splitlines()
    assert again[0] == "Met dezelfde stenen als vorige keer: jij 5, toen 0"

