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


# -- fewer colours: 256 (no COLORTERM, as in default tmux), 16, and none (NO_COLOR) ---------------------

def lab(colour: Color) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour (D65): distances there are roughly what an eye sees."""
    def linear(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour.get_truecolor())
    x, y, z = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
               (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def seen_apart(one: Color, other: Color) -> float:
    """CIE76 delta E: about 2 is a just-noticeable difference, over 20 another colour."""
    return sum((p - q) ** 2 for p, q in zip(lab(one), lab(other), strict=True)) ** 0.5


def every_colour(theme) -> dict[str, Color]:
    named = {name: getattr(theme, name) for name in ("primary", "secondary", "accent", "foreground",
                                                       "background", "surface", "panel")}
    return {name: Color.parse(value) for name, value in {**named, **theme.variables}.items()}


def in_256(colour: Color) -> Color:
    """The colour as Rich writes it to a 256-colour terminal (as Textual's console does)."""
    from rich.color import ColorSystem

    return Color.from_triplet(colour.downgrade(ColorSystem.EIGHT_BIT).get_truecolor())


DARK_INK = {"tile-pip", "highlight-text", "hint-pip", "spinner-pip", "last-pip", "end-lit-text", "overlay"}


def test_in_256_colours_every_colour_stays_itself() -> None:
    """Rich maps truecolor to the 256-colour cube by rounding each channel: a cream went pink, the
    felt a saturated green, the panels pure black. Each colour sits where it lands near itself."""
    for theme in THEMES:
        colours = every_colour(theme)
        for name, colour in colours.items():
            if name not in DARK_INK:  # pips and ink on a tile: black is what they are meant to be
                assert seen_apart(colour, in_256(colour)) < 21, (theme.name, name)
        for name in ("tile-face", "background", "surface", "panel", "felt"):
            assert seen_apart(colours[name], in_256(colours[name])) < 20, (theme.name, name)
        # no pink tile: the face stays as warm as it is red (a cream's blue is its lowest channel)
        face = in_256(colours["tile-face"]).get_truecolor()
        assert face.red - face.green <= 16 and face.blue <= face.green, theme.name
        assert in_256(colours["panel"]).get_truecolor() != (0, 0, 0), theme.name


def test_in_256_colours_what_must_be_told_apart_still_is() -> None:
    pairs = [("felt", "tile-face"), ("felt", "panel"), ("felt", "surface"), ("tile-face", "highlight"),
             ("tile-face", "hint-face"), ("tile-face", "last-face"), ("tile-face", "spinner-face"),
             ("spinner-face", "highlight"), ("end-marker", "end-lit"), ("end-lit", "highlight"),
             ("tile-face", "tile-dim"), ("surface", "turn-band"), ("tile-back", "tile-back-pattern"),
             ("button", "primary"), ("surface", "button")]
    for theme in THEMES:
        colours = every_colour(theme)
        for one, other in pairs:
            assert seen_apart(in_256(colours[one]), in_256(colours[other])) > 8, (theme.name, one, other)


async def test_without_colour_the_lit_ends_the_chosen_tile_and_the_last_play_stand_out(monkeypatch) -> None:
    """NO_COLOR: Textual greys every colour; what colour marks is also reverse, bold or underline."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = board_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.no_color
        board, hand = app.game_screen.query_one(Board), app.game_screen.query_one(Hand)

        def marks(widget: Widget, part: str) -> set[str]:
            style = widget.get_component_rich_style(part)
            return {mark for mark in ("bold", "reverse", "underline") if getattr(style, mark)}

        plain_tile, plain_end = marks(board, "board--tile"), marks(board, "board--end")
        for part in ("board--last", "board--end-lit", "board--end-focused"):
            assert marks(board, part) - plain_tile - plain_end, part
        assert marks(board, "board--end-lit") != marks(board, "board--end-focused")
        assert marks(hand, "hand--chosen") - marks(hand, "hand--face")
        assert marks(hand, "hand--hint") - marks(hand, "hand--face")


def in_16(colour: Color) -> Color:
    """The colour as Rich writes it to a 16-colour terminal (a `linux` console, TERM=xterm)."""
    from rich.color import ColorSystem

    return Color.from_triplet(colour.downgrade(ColorSystem.STANDARD).get_truecolor())


def test_in_16_colours_the_light_table_keeps_felt_tiles_and_panels_apart() -> None:
    """With 16 colours every pale colour was white: felt, tiles and panels one sheet (issue 22)."""
    colours = {name: in_16(colour) for name, colour in every_colour(THEMES[1]).items()}
    felt = colours["felt"].get_truecolor()
    assert felt.green > 2 * max(felt.red, felt.blue)  # a green
    assert colours["tile-face"].get_truecolor() == (255, 255, 255)
    pairs = [("felt", "tile-face"), ("felt", "panel"), ("felt", "surface"), ("felt", "background"),
             ("tile-face", "surface"), ("tile-face", "turn-band"), ("tile-dim", "surface"),
             ("tile-dim", "turn-band"), ("surface", "panel"), ("surface", "button"), ("felt", "last-face"),
             ("tile-face", "last-face"), ("tile-face", "highlight"), ("tile-face", "hint-face")]
    for one, other in pairs:
        assert colours[one] != colours[other], (one, other)
