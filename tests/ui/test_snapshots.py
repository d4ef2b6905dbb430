"""Snapshots of the screens people see most, at 80x24 and 120x40 (update with --snapshot-update)."""

from __future__ import annotations

import pytest

from allfives.ui.app import AllFivesApp
from allfives.ui.screens.game_over import GameOverScreen
from allfives.ui.screens.score_panel import ScorePanel
from allfives.ui.textual_private import colours_as
from allfives.ui.themes import DARK_NAME, LIGHT_NAME
from allfives.ui.widgets.hand import Hand

from .helpers import settle, until
from .lessons import lesson_app, to_step
from .scenes import (
    AIDS_MOVES,
    EARLY_MOVES,
    board_app,
    duplicate_app,
    rated_stats_app,
    review_app,
    seeded_app,
    show_the_aids,
    stats_app,
    terminal,
    to_duplicate,
    to_rating_chart,
    to_statistics,
    to_the_mistake,
)

SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES)
def test_new_game_screen(snap_compare, size) -> None:
    assert snap_compare(AllFivesApp(bot_delay=0), terminal_size=size, run_before=settle)


async def choose_a_two_end_tile(pilot) -> None:
    await settle(pilot)
    state = pilot.app.game_screen.session.state
    tile = next(t for t in state.playable(0) if len(state.ends_for(t)) > 1)
    hand = pilot.app.screen.query_one(Hand)
    x, w = hand.tile_spans()[hand.tiles.index(tile)]
    await pilot.click(hand, offset=(x + w // 2, 1))
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_board_with_four_arms_and_a_corner(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot)
        assert all(pilot.app.game_screen.session.state.layout.arms[arm] for arm in "WENS")
        await choose_a_two_end_tile(pilot)

    assert snap_compare(board_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_board_early_in_a_hand_has_boxed_tiles(snap_compare, size) -> None:
    assert snap_compare(board_app(moves=EARLY_MOVES), terminal_size=size, run_before=choose_a_two_end_tile)


@pytest.mark.parametrize("size", SIZES)
def test_the_hand_by_pips_the_lit_ends_scores_and_what_is_out(snap_compare, size) -> None:
    """Issue 22's aids at once: `o o` sorts the hand by pips, `c` shows the out-count, and 6-2 chosen
    lights N and S with the 5 each would score."""
    assert snap_compare(board_app(moves=AIDS_MOVES), terminal_size=size, run_before=show_the_aids)


@pytest.mark.parametrize("size", SIZES)
def test_score_panel(snap_compare, size) -> None:
    async def to_panel(pilot) -> None:
        await until(pilot, ScorePanel)

    assert snap_compare(seeded_app(3, 12, 900), terminal_size=size, run_before=to_panel)


@pytest.mark.parametrize("size", SIZES)
def test_game_over(snap_compare, size) -> None:
    async def to_game_over(pilot) -> None:
        await until(pilot, GameOverScreen)

    assert snap_compare(seeded_app(4, 8, 120, last_hand=True), terminal_size=size, run_before=to_game_over)


@pytest.mark.parametrize("size", SIZES)
def test_game_over_on_deals_played_before_compares_hand_by_hand(snap_compare, size) -> None:
    assert snap_compare(duplicate_app(near_the_end=True), terminal_size=size, run_before=to_duplicate)


@pytest.mark.parametrize("size", SIZES)
def test_the_final_board_with_the_score_panel_put_aside(snap_compare, size) -> None:
    async def to_the_final_board(pilot) -> None:
        await until(pilot, ScorePanel)
        await pilot.press("t")
        await settle(pilot)

    assert snap_compare(seeded_app(3, 12, 900), terminal_size=size, run_before=to_the_final_board)


def test_quitting_a_game_in_progress_asks(snap_compare) -> None:
    async def ask(pilot) -> None:
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)

    assert snap_compare(board_app(), terminal_size=(80, 24), run_before=ask)


@pytest.mark.parametrize("size", SIZES)
def test_review_at_an_analysed_mistake(snap_compare, size) -> None:
    assert snap_compare(review_app(), terminal_size=size, run_before=to_the_mistake)


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> None:
    """Times in the history are shown in the machine's zone: the pictures use UTC."""
    import time

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("size", SIZES)
def test_statistics(snap_compare, size, utc) -> None:
    assert snap_compare(stats_app(), terminal_size=size, run_before=to_statistics)


@pytest.mark.parametrize("size", SIZES)
def test_statistics_rating_chart(snap_compare, size, utc) -> None:
    """Games that rate, one of them practice: the rating, its interval and its chart (g)."""
    assert snap_compare(rated_stats_app(), terminal_size=size, run_before=to_rating_chart)


# Fewer colours. Snapshots are truecolor SVG whatever the terminal; `colours_as` makes each colour what
# Rich writes for a 256-colour terminal (no COLORTERM, as in default tmux), so the picture is that look.
@pytest.mark.parametrize("theme", [DARK_NAME, LIGHT_NAME])
def test_board_in_256_colours(snap_compare, theme) -> None:
    async def run_before(pilot) -> None:
        pilot.app.theme = theme
        await choose_a_two_end_tile(pilot)

    app = board_app()
    colours_as(app, "256")
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


# A terminal of the ANSI colours wears themes made of them (themes.py): 16 (TERM=xterm, screen, PuTTY),
# and 8 grounds on the Linux console (TERM=linux), shown as each terminal shows them.
@pytest.mark.parametrize(("colours", "theme"), [("16", DARK_NAME), ("16", LIGHT_NAME), ("8", DARK_NAME)])
def test_board_in_16_and_8_colours(snap_compare, colours, theme) -> None:
    """A green cloth, white tiles; the hand on a blue band, the chosen tile yellow, its ends magenta."""
    async def run_before(pilot) -> None:
        pilot.app.theme = theme
        await choose_a_two_end_tile(pilot)

    with terminal(colours):
        app = board_app()
    colours_as(app, "standard" if colours == "16" else "linux")
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_lesson_in_16_colours_where_no_tile_fits(snap_compare) -> None:
    """The lesson's fourth step: nothing fits, every tile of the hand dim, and each still plain to see."""
    async def run_before(pilot) -> None:
        await to_step(pilot, 3)
        view = pilot.app.screen.query_one(Hand).view
        assert view.active and view.tiles and not view.playable

    with terminal("16"):
        app = lesson_app()
    colours_as(app, "standard")
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_board_without_colour(snap_compare, monkeypatch) -> None:
    """NO_COLOR: Textual greys every colour; the chosen tile, the lit ends and the last play still show."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(board_app(), terminal_size=(80, 24), run_before=choose_a_two_end_tile)


def test_new_game_in_16_colours(snap_compare) -> None:
    """The focused control in 16 colours (the seat count, after one Tab), and the buttons' own look."""
    async def run_before(pilot) -> None:
        await settle(pilot)
        pilot.app.screen.query_one("#seats").focus()
        await settle(pilot)

    with terminal("16"):
        app = AllFivesApp(bot_delay=0)
    colours_as(app, "standard")
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_new_game_in_256_colours(snap_compare) -> None:
    """The focused control stands out in 256 colours too (here the seat count, after one Tab)."""
    async def run_before(pilot) -> None:
        await settle(pilot)
        pilot.app.screen.query_one("#seats").focus()
        await settle(pilot)

    app = AllFivesApp(bot_delay=0)
    colours_as(app, "256")
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
