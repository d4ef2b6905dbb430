"""Themes recolour everything: the table, the tiles, the sheet, the log, the seats (pilot tests)."""

from __future__ import annotations

from rich.color import Color
from textual.geometry import Region
from textual.widget import Widget

from allfives.ui.themes import DARK_NAME, LIGHT_NAME, THEMES, table_variables
from allfives.ui.widgets.board import Board
from allfives.ui.widgets.game_log import GameLog
from allfives.ui.widgets.hand import Hand
from allfives.ui.widgets.scoresheet import Scoresheet
from allfives.ui.widgets.seats import Seats

from .helpers import settle
from .scenes import board_app

PARTS = {"board": Board, "hand": Hand, "sheet": Scoresheet, "log": GameLog, "seats": Seats}


def colours(widget: Widget) -> set[tuple[str | None, str | None]]:
    """Every (text colour, background) the widget draws with, as rendered now."""
    drawn = list(widget.children) if isinstance(widget, Scoresheet) else [widget]  # a sheet: its parts
    lines = [line for part in drawn for line in part.render_lines(Region(0, 0, *part.outer_size))]
    return {(hex_of(seg.style.color), hex_of(seg.style.bgcolor))
            for line in lines for seg in line if seg.style and seg.text.strip()}


def hex_of(colour: Color | None) -> str | None:
    return colour.triplet.hex if colour is not None and colour.triplet is not None else None


def table_colours(app) -> dict[str, set]:
    screen = app.game_screen
    return {name: colours(screen.query(kind).first()) for name, kind in PARTS.items()}


async def test_our_dark_theme_is_the_default_and_the_light_one_is_offered() -> None:
    app = board_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.theme == DARK_NAME
        assert {DARK_NAME, LIGHT_NAME} <= set(app.available_themes)


async def test_a_theme_change_recolours_the_whole_table() -> None:
    app = board_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        dark = table_colours(app)
        felt = app.game_screen.query_one(Board).rich_style.bgcolor
        app.theme = LIGHT_NAME
        await settle(pilot)
        light = table_colours(app)
        for name in PARTS:
            assert dark[name] and light[name] and dark[name] != light[name], name
        for theme, seen in ((THEMES[0], dark), (THEMES[1], light)):  # tiles in each theme's own colours
            face = (theme.variables["tile-pip"], theme.variables["tile-face"])
            assert face in seen["board"] and face in seen["hand"], theme.name
        assert app.game_screen.query_one(Board).rich_style.bgcolor != felt
        app.theme = DARK_NAME  # and back, exactly as it was
        await settle(pilot)
        assert table_colours(app) == dark


async def test_choosing_a_theme_from_the_command_palette() -> None:
    app = board_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        before = colours(app.game_screen.query_one(Board))
        app.action_change_theme()
        await pilot.pause()
        await pilot.press(*LIGHT_NAME)
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.theme == LIGHT_NAME
        assert app.screen is app.game_screen
        assert colours(app.game_screen.query_one(Board)) != before


async def test_textuals_own_themes_get_table_colours_too() -> None:
    app = board_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        ours = table_colours(app)
        app.theme = "nord"
        await settle(pilot)
        theirs = table_colours(app)
        assert all(theirs[name] and theirs[name] != ours[name] for name in PARTS)


def test_every_theme_of_ours_sets_every_table_colour() -> None:
    derived = set(table_variables(THEMES[0]))
    for theme in THEMES:
        assert derived <= set(theme.variables), theme.name
