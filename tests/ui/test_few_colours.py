"""The table in a terminal of few colours: 256 (default tmux), 16 (TERM=xterm, screen, PuTTY) and 8 (the
Linux console, TERM=linux). The screen is read cell by cell as the terminal gets it (each colour as Rich
writes it there, and on the console a bright ground as its dark twin): every hand tile, its pips and
every board tile stand apart from what lies around them, and the tiles that fit from those that do not.
"""

from __future__ import annotations

import pytest
from rich.color import Color, ColorSystem
from rich.style import Style
from textual.app import App

from allfives.ui.themes import (
    ANSI,
    BACKGROUNDS,
    DARK,
    DARK_8,
    DARK_16,
    DARK_NAME,
    LIGHT,
    LIGHT_8,
    LIGHT_16,
    LIGHT_NAME,
    TABLE_VARIABLES,
    terminal_colours,
)
from allfives.ui.widgets.board import Board
from allfives.ui.widgets.hand import Hand

from .scenes import EARLY_MOVES, board_app, settle, terminal

ANSI_THEMES = {16: (DARK_16, LIGHT_16), 8: (DARK_8, LIGHT_8)}
Cell = tuple[str, Style]


def every_colour(theme) -> dict[str, str]:
    named = ("primary", "secondary", "accent", "warning", "error", "success", "foreground", "background",
             "surface", "panel")
    return {**{name: getattr(theme, name) for name in named}, **theme.variables}


def test_the_ansi_themes_are_made_of_the_16_and_rich_writes_each_as_its_number() -> None:
    for number, value in enumerate(ANSI):
        assert Color.parse(value).downgrade(ColorSystem.STANDARD).number == number
    for colours, themes in ANSI_THEMES.items():
        for theme in themes:
            colours_of = every_colour(theme)
            assert set(TABLE_VARIABLES) <= set(colours_of), theme.name
            for name, value in colours_of.items():
                assert value in ANSI, (colours, theme.name, name, value)
            if colours == 8:  # the console has no bright ground
                assert all(colours_of[name] in ANSI[:8] for name in BACKGROUNDS), theme.name


@pytest.mark.parametrize(("system", "term", "colours"), [
    ("truecolor", "xterm-256color", None), ("256", "screen-256color", None), ("standard", "xterm", 16),
    ("standard", "screen", 16), ("windows", "", 16), ("standard", "linux", 8), (None, "dumb", None)])
def test_the_terminal_says_how_many_colours(system, term, colours) -> None:
    assert terminal_colours(system, term) == colours


@pytest.mark.parametrize(("colours", "dark", "light"), [
    ("truecolor", DARK, LIGHT), ("256", DARK, LIGHT), ("16", DARK_16, LIGHT_16), ("8", DARK_8, LIGHT_8)])
def test_a_window_wears_the_themes_of_its_terminal(colours, dark, light) -> None:
    with terminal(colours):
        app = board_app()
    assert app.current_theme is dark
    assert app.available_themes[DARK_NAME] is dark and app.available_themes[LIGHT_NAME] is light


# -- the screen as the terminal gets it --------------------------------------------------------------------

def written(colour: Color | None, colours: str, ground: bool) -> int | None:
    """The colour's number as the terminal gets it (None: the terminal's own default)."""
    if colour is None or colour.is_default:
        return None
    if colours == "256":
        return colour.downgrade(ColorSystem.EIGHT_BIT).number
    number = colour.downgrade(ColorSystem.STANDARD).number
    assert number is not None
    return number - 8 if colours == "8" and ground and number >= 8 else number


def apart(one: int | None, other: int | None, colours: str) -> bool:
    """Two colours a player tells apart: different numbers, and in 16 never the dark and bright twins of a
    colour (xterm's light grey is #e5e5e5, its white #ffffff); black and dark grey are apart."""
    if one == other:
        return False
    if colours == "256" or one is None or other is None:
        return True
    return {one, other} not in [{n, n + 8} for n in range(1, 8)]


def screen_cells(app: App) -> list[list[Cell]]:
    """Every cell of the screen as drawn, line filters applied: (character, style)."""
    rows = []
    for strip in app.screen._compositor.render_strips():
        row: list[Cell] = []
        for segment in strip:
            row.extend((ch, segment.style or Style()) for ch in segment.text)
        rows.append(row)
    return rows


def grounds(cells: list[list[Cell]], colours: str, x: int, y: int) -> tuple[int | None, int | None]:
    """(writing, ground) of the cell at x, y as the terminal shows it."""
    style = cells[y][x][1]
    if style.reverse:
        return written(style.bgcolor, colours, False), written(style.color, colours, True)
    return written(style.color, colours, False), written(style.bgcolor, colours, True)


async def look_at_the_table(app: App, colours: str, theme: str, size: tuple[int, int]) -> None:
    """With a tile chosen (its ends lit), then without: every tile and pip in the hand and on the board
    apart from what lies around it, the tiles that fit apart from those that do not."""
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.theme = theme
        await settle(pilot)
        screen = app.game_screen
        hand, board = screen.query_one(Hand), screen.query_one(Board)
        view = hand.view
        assert view.active and view.playable and set(view.tiles) - view.playable, "a hand of both kinds"
        for choose in (False, True):
            if choose:
                state = screen.session.state
                tile = next(t for t in view.tiles if len(state.ends_for(t)) > 1)  # (one end: it is played)
                x, w = hand.tile_spans()[view.tiles.index(tile)]
                await pilot.click(hand, offset=(x + w // 2, 1))
                await settle(pilot)
                assert hand.view.chosen == tile and board.selectable_ends
            cells = screen_cells(app)
            check_hand(hand, cells, colours)
            check_board(board, cells, colours)


def check_hand(hand: Hand, cells: list[list[Cell]], colours: str) -> None:
    view = hand.view
    left, top = hand.content_region.x, hand.content_region.y
    spans = hand.tile_spans()
    band = grounds(cells, colours, left + spans[0][0] - 1, top)[1]  # the gap before the first tile
    faces = {}
    for tile, (x, w) in zip(view.tiles, spans, strict=True):
        looks = {grounds(cells, colours, left + x + dx, top + dy) for dx in range(w) for dy in range(3)}
        tile_grounds = {ground for _, ground in looks}
        assert len(tile_grounds) == 1, (tile, looks)
        (face,) = tile_grounds
        faces[tile] = face
        assert apart(face, band, colours), (tile, face, band)
        for dx in range(w):
            for dy in range(3):
                ch = cells[top + dy][left + x + dx][0]
                if ch.strip() and ch != "│":  # a pip
                    ink, ground = grounds(cells, colours, left + x + dx, top + dy)
                    assert apart(ink, ground, colours), (tile, ch, ink, ground)
    fit = {faces[t] for t in view.tiles if t in view.playable and t != view.chosen}
    unfit = {faces[t] for t in view.tiles if t not in view.playable}
    assert fit and unfit
    assert all(apart(one, other, colours) for one in fit for other in unfit), (fit, unfit)
    if view.chosen is not None:
        assert all(apart(faces[view.chosen], other, colours) for other in fit | unfit)


def check_board(board: Board, cells: list[list[Cell]], colours: str) -> None:
    left, top = board.content_region.x, board.content_region.y
    scroll_x, scroll_y = int(board.scroll_offset.x), int(board.scroll_offset.y)
    region = board.content_region
    picture = board.picture
    assert picture.tiles

    def at(x: int, y: int) -> tuple[int, int] | None:
        sx, sy = left + x - scroll_x, top + y - scroll_y
        return (sx, sy) if region.contains(sx, sy) else None

    corner = at(0, 0) or (region.x, region.y)
    felt = grounds(cells, colours, *corner)[1]
    seen = 0
    for spot in picture.tiles:
        for dy in range(spot.height):
            for dx in range(spot.width):
                place = at(spot.x + dx, spot.y + dy)
                if place is None or not cells[place[1]][place[0]][0].isdigit():
                    continue
                ink, ground = grounds(cells, colours, *place)
                assert apart(ground, felt, colours), (spot.tile, ground, felt)
                assert apart(ink, ground, colours), (spot.tile, ink, ground)
                seen += 1
    assert seen >= len(picture.tiles)  # (each tile shows at least one of its pips)
    for end in picture.ends:
        if end.end in board.selectable_ends:
            place = at(end.x + end.width // 2, end.y + end.height // 2)
            if place is not None:
                ink, ground = grounds(cells, colours, *place)
                assert apart(ground, felt, colours) and apart(ink, ground, colours), (end.end, ink, ground)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("theme", [DARK_NAME, LIGHT_NAME])
@pytest.mark.parametrize("colours", ["256", "16", "8"])
async def test_every_tile_and_pip_stands_apart_and_the_tiles_that_fit_stand_out(colours, theme, size) -> None:
    with terminal(colours):
        app = board_app(moves=EARLY_MOVES)
    await look_at_the_table(app, colours, theme, size)
