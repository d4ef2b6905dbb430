"""A long session holds a bounded amount: the log keeps its latest hands, the sheet its rows near the view,
events share what they can, and closed screens are let go (RSS itself: benchmarks/memory.py)."""

from __future__ import annotations

import gc
import weakref

from textual.app import App, ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

from allfives.engine import GameState, Rules, Tile
from allfives.engine.state import HandDealt, Played, Scored, made
from allfives.play.setup import GameSetup, default_players
from allfives.ui.model.sheet import HandMemo, SheetRow, build_sheet
from allfives.ui.model.shown import styled
from allfives.ui.model.view import LOG_LINES, LogLine, game_log
from allfives.ui.textual_private import forget_gone_widgets
from allfives.ui.themes import STYLESHEET, use_themes
from allfives.ui.widgets.game_log import _kept
from allfives.ui.widgets.scoresheet import KEPT_SCREENS, Scoresheet, _Rows

SETUP = GameSetup(rules=Rules(seats=2), players=default_players(2), bot_delay=0)


def hand(number: int, plays: int = 20) -> list:
    """A hand's events: dealt, then plays that score now and then."""
    events: list = [made(HandDealt, hand_number=number, leader=0)]
    for n in range(plays):
        points = 5 if n % 3 == 0 else 0
        events.append(made(Played, seat=n % 2, tile=Tile.of(n % 28), end="W", total=5, points=points))
        if n % 3 == 0:
            events.append(made(Scored, seat=n % 2, side=n % 2, points=5, score=5 * n))
    return events


def test_the_log_keeps_whole_latest_hands_back_to_its_length() -> None:
    hands = [hand(n) for n in range(1, 201)]
    memo = HandMemo()
    lines = game_log(SETUP, hands, frozenset({0}), memo)
    per_hand = len(game_log(SETUP, hands[:1], frozenset({0})))
    assert LOG_LINES <= len(lines) < LOG_LINES + per_hand  # whole hands, no more than needed
    assert lines[0].text.plain.startswith("Hand ") and lines[0].kind == "hand"
    assert lines[-1] == game_log(SETUP, hands, frozenset({0}))[-1]
    # the memo forgot the hands that left the log; the sheet still counts every hand
    assert memo.recall("log[0]", 0, hands[0]) is None
    assert len([r for r in build_sheet(SETUP, hands, memo).rows if r.kind == "hand"]) == 200


def test_the_log_widget_draws_only_what_is_new_as_old_hands_leave() -> None:
    a, b, c, d = (LogLine(styled("[b]Hand {}[/b]", n), "hand") for n in range(1, 5))
    x, y = LogLine("plays"), LogLine("scores", "score")
    assert _kept((a, x, b, y), (a, x, b, y, c)) == 4  # grew
    assert _kept((a, x, b, y, c), (b, y, c, x)) == 3  # hand 1 left, one new line
    assert _kept((a, x, b, y), (c, x, d)) is None  # nothing in common: draw again
    assert _kept((a, x, b, y), (b, x)) is None  # changed
    assert _kept((a, x), ()) is None  # emptied


def test_events_made_alike_share_their_field_names_and_copies_do_not() -> None:
    one = made(Scored, seat=0, side=0, points=5, score=5)
    two = made(Scored, seat=1, side=1, points=10, score=10)
    assert one.model_fields_set is two.model_fields_set == {"seat", "side", "points", "score"}
    copy = one.model_copy(update={"points": 15})
    assert copy.points == 15 and copy.model_fields_set is not one.model_fields_set
    assert two.model_fields_set == {"seat", "side", "points", "score"}


def test_events_from_play_are_what_validation_makes() -> None:
    state = GameState.new(Rules(seats=2), 3)
    for _ in range(30):
        if state.phase != "playing":
            break
        state, events = state.apply(state.legal_moves()[0])
        for event in events:
            assert type(event).model_validate(event.model_dump()) == event


class SheetApp(App[None]):
    CSS_PATH = STYLESHEET

    def __init__(self) -> None:
        super().__init__()
        use_themes(self)

    def compose(self) -> ComposeResult:
        yield Scoresheet()


async def test_the_sheet_keeps_drawn_rows_near_the_view_only() -> None:
    app = SheetApp()
    async with app.run_test(size=(40, 20)) as pilot:
        sheet = app.query_one(Scoresheet)
        rows = tuple(SheetRow("play", f"Ben {n}", ("+5", "")) for n in range(500))
        sheet.sheet = build_sheet(SETUP, [])  # heads and totals
        sheet.sheet = type(sheet.sheet)(sheet.sheet.heads, rows, (0, 0), 250)
        await pilot.pause()
        body = app.query_one(_Rows)
        for y in range(0, 500, 11):  # read the whole sheet back, as a player scrolling would
            body.scroll_to(y=y, animate=False)
            await pilot.pause()
        assert len(body._strips) <= KEPT_SCREENS * body.size.height + 1
        assert body.rows == rows


async def let_go(pilot, gone: weakref.ref) -> bool:
    """Whether what `gone` refers to is freed once the app has finished closing its screen."""
    for _ in range(20):  # the screen is pruned in the background: a few turns of the loop
        await pilot.pause()
        gc.collect()
        if gone() is None:
            return True
    return False


class Panel(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        yield Static("a hand's scores")


async def test_closed_screens_are_let_go() -> None:
    """Textual's styles cache would keep every widget's drawn lines (textual#6665): the app lets go."""
    app = SheetApp()
    async with app.run_test(size=(40, 20)) as pilot:
        app.screen_change_signal.subscribe(app, forget_gone_widgets)  # as AllFivesApp does
        panel = Panel()
        await app.push_screen(panel)
        await pilot.pause()
        gone = weakref.ref(panel.query_one(Static)._styles_cache)  # its drawn lines
        await app.pop_screen()
        del panel
        assert await let_go(pilot, gone)


class ChartPanel(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        from allfives.ui.widgets.charts import _Chart

        yield _Chart()


async def test_a_closed_chart_is_let_go() -> None:
    """textual-plotext's charts follow the theme through an app-wide signal: ours stop as they close."""
    from textual_plotext import PlotextPlot

    app = SheetApp()
    async with app.run_test(size=(40, 20)) as pilot:
        panel = ChartPanel()
        await app.push_screen(panel)
        await pilot.pause()
        gone = weakref.ref(panel.query_one(PlotextPlot))
        await app.pop_screen()
        del panel
        assert await let_go(pilot, gone)
