"""The table's colours: our dark theme (the default), a light one, and table colours for any other theme.

Every colour of the game is a Textual theme variable (`$felt`, `$tile-face`, ...) used in
allfives.tcss; widgets that draw their own text read them through component classes. Choosing a
theme from the command palette recolours the table, the tiles, the sheet and the log at once. A
theme that does not know our variables (Textual's own) gets them worked out from its colours. In a
terminal of only the 16 ANSI colours (or the Linux console's 8 backgrounds) both of ours are made of
those colours instead (`use_themes`), under the same names.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from textual.app import App
from textual.color import Color
from textual.theme import Theme

from .textual_private import wear_theme_unstarted

DARK_NAME = "allfives"
LIGHT_NAME = "allfives-light"

# What each variable colours; every theme of ours sets them all.
TABLE_VARIABLES = (
    "felt",  # the board's cloth
    "felt-text",  # writing on the cloth
    "rule",  # the lines between panels
    "tile-face", "tile-pip", "tile-divider",  # a tile face up
    "tile-dim", "tile-dim-pip", "tile-dim-divider",  # a tile in hand that does not fit now
    "tile-back", "tile-back-pattern", "tile-back-mark",  # face down
    "highlight", "highlight-text", "highlight-divider",  # the chosen tile, the focused end
    "hint-face", "hint-pip", "hint-divider",  # the hint's tile
    "spinner-face", "spinner-pip",
    "last-face", "last-pip",  # the tile just played
    "end-marker", "end-marker-text", "end-lit", "end-lit-text",  # open ends: idle, and lit for a tile
    "info-text",  # hand headings, a bot thinking
    "points",  # points scored
    "loss",  # points lost, refusals
    "quiet-text", "warm-text",  # labels, remarks
    "overlay",  # behind a dialog
    "turn-band",  # behind the person's hand on their turn
    "button", "button-hover", "button-edge", "button-shade",
)

DARK = Theme(
    name=DARK_NAME,
    primary="#2f6b4f",
    secondary="#3f9a6f",
    accent="#ffd866",
    warning="#ffd866",
    error="#ff8a80",
    success="#a5d6a7",
    foreground="#e8e2cf",
    background="#171f1b",
    surface="#1f2924",
    panel="#222624",
    dark=True,
    variables={
        "felt": "#153d30", "felt-text": "#6f9a84", "rule": "#2f4a3d",
        "tile-face": "#f3ecd1", "tile-pip": "#1d1b16", "tile-divider": "#8d8568",
        "tile-dim": "#4a463d", "tile-dim-pip": "#6f6a5e", "tile-dim-divider": "#5d594f",
        "tile-back": "#1f4d3a", "tile-back-pattern": "#3f7f5f", "tile-back-mark": "#2f956b",
        "highlight": "#ffd866", "highlight-text": "#1d1b16", "highlight-divider": "#a08a3a",
        "hint-face": "#8fd3e8", "hint-pip": "#10222a", "hint-divider": "#4d8797",
        "spinner-face": "#f3c15a", "spinner-pip": "#3b1d00",
        "last-face": "#9be38f", "last-pip": "#0b2a14",
        "end-marker": "#1f4a38", "end-marker-text": "#8fb7a2",
        "end-lit": "#ffa62b", "end-lit-text": "#1d1b16",
        "info-text": "#8fd3e8", "points": "#a5d6a7", "loss": "#ff8a80",
        "quiet-text": "#9aa5b1", "warm-text": "#cac3a9", "overlay": "#0c130f",
        "turn-band": "#403f36",  # the accent faintly, yet a grey in 256 colours (a blend there is olive)
        "button": "#373a38", "button-hover": "#404542", "button-edge": "#3d5247", "button-shade": "#171d1a",
        "scrollbar": "#3f5e4f", "scrollbar-hover": "#6f9a84", "scrollbar-active": "#ffd866",
    },
)

LIGHT = Theme(
    name=LIGHT_NAME,
    primary="#2e7d57",
    secondary="#3b8a64",
    accent="#8a5a00",
    warning="#9a6400",
    error="#b3261e",
    success="#1e7220",
    foreground="#202a24",
    background="#f3efe4",
    surface="#ddd6c4",  # a grey in 16 colours: the hand's white tiles stand out on it there too
    panel="#eae8e4",
    dark=False,
    variables={
        # 16 colours (a `linux` console, TERM=xterm) have no pale green: the felt is a green that stays
        # green there (bright green), the tiles bright white, the panels white or grey, apart from both
        "felt": "#8fe88a", "felt-text": "#487358", "rule": "#b9b19c",
        "tile-face": "#fffdf6", "tile-pip": "#1d1b16", "tile-divider": "#978f72",
        "tile-dim": "#eceae6", "tile-dim-pip": "#8a8577", "tile-dim-divider": "#aaa394",  # (16: grey pips)
        "tile-back": "#3f7f5f", "tile-back-pattern": "#2c5e45", "tile-back-mark": "#2f7a55",
        "highlight": "#f6c443", "highlight-text": "#1d1b16", "highlight-divider": "#9a7a1a",
        "hint-face": "#8fd3e8", "hint-pip": "#10222a", "hint-divider": "#4d8797",
        "spinner-face": "#f3c15a", "spinner-pip": "#3b1d00",
        "last-face": "#c0f0b0", "last-pip": "#0b2a14",
        "end-marker": "#b7d3bd", "end-marker-text": "#2f5a44",
        "end-lit": "#e07b00", "end-lit-text": "#1d1b16",  # (dark ink: white on the orange reads at 3:1, less
        # for eyes short of red or green; tests/ui/test_colour_blind.py)
        "info-text": "#1f6f8b", "points": "#1e7220", "loss": "#b3261e",
        "quiet-text": "#5b6670", "warm-text": "#6b5e44", "overlay": "#6b6455",
        "turn-band": "#e2d4a8",  # (16 colours: grey, as the surface; the tiles stay white on both)
        "button": "#f7f5f0", "button-hover": "#fdfcf9", "button-edge": "#ffffff", "button-shade": "#b3aa93",
        "scrollbar": "#b9b19c", "scrollbar-hover": "#8b8766", "scrollbar-active": "#8a5a00",
    },
)

THEMES = (DARK, LIGHT)  # as a terminal of 256 colours or more shows them (each lands near itself in 256)
STYLESHEET = Path(__file__).with_name("allfives.tcss")  # every colour of the game, as theme variables

# -- the ANSI colours: a terminal of 16 (TERM=xterm, screen, PuTTY) or 8 (the Linux console) ------------
# There Rich writes each colour as the nearest of the 16 (by these values, the VGA ones), and the
# terminal shows its own: a theme made for 256 colours squeezed into them lost its hand (dim tiles grey
# on a grey band) and its cloth (grey). These themes are chosen from the 16 themselves: each value is one
# of them exactly, so it is written as that colour's number, whatever the terminal then shows for it.
ANSI = ("#000000", "#aa0000", "#00aa00", "#aa5500", "#0000aa", "#aa00aa", "#00aaaa", "#aaaaaa",
        "#555555", "#ff5555", "#55ff55", "#ffff55", "#5555ff", "#ff55ff", "#55ffff", "#ffffff")
(BLACK, RED, GREEN, YELLOW, BLUE, MAGENTA, CYAN, WHITE, GREY, BRIGHT_RED, BRIGHT_GREEN, BRIGHT_YELLOW,
 BRIGHT_BLUE, BRIGHT_MAGENTA, BRIGHT_CYAN, BRIGHT_WHITE) = ANSI
# The Linux console (TERM=linux) writes bright writing but no bright ground: a background of the bright
# eight shows as its dark twin there (console_codes(4): "bright not supported"). Its themes ground
# everything in the first eight.
EIGHT_BACKGROUNDS = ("linux", "cons25")
BACKGROUNDS = ("background", "surface", "panel", "primary", "felt", "tile-face", "tile-dim", "tile-back",
               "highlight", "hint-face", "spinner-face", "last-face", "end-marker", "end-lit", "turn-band",
               "button", "button-hover", "scrollbar", "scrollbar-hover", "scrollbar-active")


def _ansi(theme: Theme, base: dict[str, Any], variables: dict[str, str]) -> Theme:
    """`theme` with the ANSI colours given (its name: the player's choice of theme holds whatever the
    terminal); Textual's own colours of it from `base` (primary, surface, ...)."""
    return Theme(name=theme.name, dark=theme.dark, **base, variables={**theme.variables, **variables})


_DARK_BASE = {"primary": GREEN, "secondary": CYAN, "accent": BRIGHT_YELLOW, "warning": BRIGHT_YELLOW,
              "error": BRIGHT_RED, "success": BRIGHT_GREEN, "foreground": BRIGHT_WHITE, "background": BLACK,
              "surface": BLACK, "panel": BLACK}
# The dark table in 16: a green cloth; white tiles with black pips; on the person's turn the hand lies on a
# blue band, the tiles that fit white, the others grey with light pips; the chosen tile and the focused
# end yellow, the ends the chosen tile fits magenta, the last play cyan, the spinner blue, the hint light
# cyan.
DARK_16 = _ansi(DARK, _DARK_BASE, {
    "felt": GREEN, "felt-text": BLACK, "rule": GREY,
    "tile-face": BRIGHT_WHITE, "tile-pip": BLACK, "tile-divider": GREY,
    "tile-dim": GREY, "tile-dim-pip": WHITE, "tile-dim-divider": BLACK,
    "tile-back": GREEN, "tile-back-pattern": BRIGHT_GREEN, "tile-back-mark": BRIGHT_GREEN,
    "highlight": BRIGHT_YELLOW, "highlight-text": BLACK, "highlight-divider": GREY,
    "hint-face": BRIGHT_CYAN, "hint-pip": BLACK, "hint-divider": GREY,
    "spinner-face": BRIGHT_BLUE, "spinner-pip": BRIGHT_WHITE,
    "last-face": CYAN, "last-pip": BLACK,  # (not bright: apart from the white tiles for eyes short of red)
    "end-marker": GREEN, "end-marker-text": BLACK, "end-lit": BRIGHT_MAGENTA, "end-lit-text": BLACK,
    "info-text": BRIGHT_CYAN, "points": BRIGHT_GREEN, "loss": BRIGHT_RED,
    "quiet-text": WHITE, "warm-text": WHITE, "overlay": BLACK, "turn-band": BLUE,
    "button": BLUE, "button-hover": BRIGHT_BLUE, "button-edge": BRIGHT_BLUE, "button-shade": BLACK,
    "scrollbar": GREY, "scrollbar-hover": WHITE, "scrollbar-active": BRIGHT_YELLOW,
})
# ... in 8 grounds: the tiles light grey, the hand's others black on the band, the chosen tile and the
# focused end brown-yellow, the last play cyan, the ends lit magenta with white writing, the spinner blue
DARK_8 = _ansi(DARK, _DARK_BASE, {
    **{name: DARK_16.variables[name] for name in TABLE_VARIABLES},
    "tile-face": WHITE, "tile-dim": BLACK, "tile-dim-pip": WHITE, "tile-dim-divider": GREY,
    "highlight": YELLOW, "highlight-text": BRIGHT_WHITE, "highlight-divider": BLACK,  # (the console's brown)
    "hint-face": CYAN, "hint-divider": BLACK,
    "spinner-face": BLUE, "last-face": CYAN, "end-lit": MAGENTA, "end-lit-text": BRIGHT_WHITE,
    "button-hover": CYAN, "scrollbar": WHITE, "scrollbar-hover": WHITE, "scrollbar-active": YELLOW,
})


_LIGHT_BASE = {"primary": GREEN, "secondary": CYAN, "accent": BLUE, "warning": RED, "error": RED,
               "success": GREEN, "foreground": BLACK, "background": BRIGHT_WHITE, "surface": WHITE,
               "panel": BRIGHT_WHITE}
# The light table in 16: the cloth bright green, the tiles bright white on light grey panels; the hand's
# band, the marks and the ends as in the dark one; writing dark (accents blue: a yellow one is lost on white)
LIGHT_16 = _ansi(LIGHT, _LIGHT_BASE, {
    "felt": BRIGHT_GREEN, "felt-text": BLACK, "rule": GREY,
    "tile-face": BRIGHT_WHITE, "tile-pip": BLACK, "tile-divider": GREY,
    "tile-dim": GREY, "tile-dim-pip": WHITE, "tile-dim-divider": BLACK,  # (not light grey: white's twin)
    "tile-back": GREEN, "tile-back-pattern": BRIGHT_GREEN, "tile-back-mark": GREEN,
    "highlight": BRIGHT_YELLOW, "highlight-text": BLACK, "highlight-divider": GREY,
    "hint-face": BRIGHT_CYAN, "hint-pip": BLACK, "hint-divider": GREY,
    "spinner-face": BRIGHT_BLUE, "spinner-pip": BRIGHT_WHITE,
    "last-face": CYAN, "last-pip": BLACK,  # (not bright: apart from the white tiles for eyes short of red)
    "end-marker": BRIGHT_GREEN, "end-marker-text": BLACK, "end-lit": BRIGHT_MAGENTA, "end-lit-text": BLACK,
    "info-text": BLUE, "points": GREEN, "loss": RED, "quiet-text": GREY, "warm-text": GREY, "overlay": GREY,
    "turn-band": BLUE,
    "button": BRIGHT_WHITE, "button-hover": BRIGHT_WHITE, "button-edge": BRIGHT_WHITE, "button-shade": GREY,
    "scrollbar": GREY, "scrollbar-hover": BLACK, "scrollbar-active": BLUE,
})
# ... in 8 grounds: no bright white to lay tiles on, so the panels are light grey and the strips cyan, the
# cloth green, the tiles light grey
LIGHT_8 = _ansi(LIGHT, {**_LIGHT_BASE, "background": WHITE, "surface": CYAN, "panel": WHITE}, {
    **{name: LIGHT_16.variables[name] for name in TABLE_VARIABLES},
    "felt": GREEN, "end-marker": GREEN,
    "tile-face": WHITE, "tile-dim": BLACK, "tile-dim-pip": WHITE, "tile-dim-divider": GREY,
    "highlight": YELLOW, "highlight-text": BRIGHT_WHITE, "highlight-divider": BLACK,  # (the console's brown)
    "hint-face": CYAN, "hint-divider": BLACK,
    "spinner-face": BLUE, "last-face": CYAN, "end-lit": MAGENTA, "end-lit-text": BRIGHT_WHITE,
    "button": WHITE, "button-hover": WHITE, "button-edge": BRIGHT_WHITE, "button-shade": BLACK,
    "scrollbar": BLACK, "scrollbar-hover": BLACK, "scrollbar-active": BLUE,
})


def terminal_colours(system: str | None, term: str) -> int | None:
    """16 or 8 when the terminal shows only the ANSI colours (Rich's colour system for it, and its TERM:
    8 grounds on the Linux console); None when it shows 256 or more (or no colour at all)."""
    if system not in ("standard", "windows"):
        return None
    return 8 if term.strip().lower() in EIGHT_BACKGROUNDS else 16


def themes_for(colours: int | None) -> tuple[Theme, Theme]:
    """Our dark and light themes as a terminal of `colours` (terminal_colours) shows them best."""
    if colours is None:
        return THEMES
    return (DARK_16, LIGHT_16) if colours == 16 else (DARK_8, LIGHT_8)


def use_themes(app: App) -> None:
    """Offer our themes in the app (the command palette lists them) and wear the dark one; made of the
    ANSI colours when the terminal shows no more (as Textual's console found it: TERM, COLORTERM).

    Any app that shows the game's widgets does this and loads STYLESHEET: their colours live there."""
    themes = themes_for(terminal_colours(app.console.color_system, os.environ.get("TERM", "")))
    for theme in themes:
        app.register_theme(theme)
    if app.is_running:
        app.theme = DARK_NAME
        return
    # Not running yet (the usual case: from the app's __init__): wear it quietly. Setting `app.theme`
    # would have the app read every stylesheet a second time once it starts, for nothing.
    wear_theme_unstarted(app, themes[0])


def table_variables(theme: Theme) -> dict[str, str]:
    """Table colours worked out from a theme that does not set them (Textual's own themes).

    Tiles are the theme's foreground on its background turned round, the cloth its primary colour
    sunk into the background, highlights its accent: enough to read the table in any theme.
    """
    system = theme.to_color_system().generate()

    def colour(name: str) -> Color:
        return Color.parse(system[name])

    background, foreground = colour("background"), colour("foreground")
    primary, accent = colour("primary"), colour("accent")
    felt = background.blend(primary, 0.35)
    face = foreground.blend(background, 0.05)
    dim = background.blend(foreground, 0.35)
    return {
        "felt": felt.hex, "felt-text": felt.blend(foreground, 0.55).hex,
        "rule": background.blend(foreground, 0.2).hex,
        "tile-face": face.hex, "tile-pip": background.hex, "tile-divider": face.blend(background, 0.45).hex,
        "tile-dim": dim.hex, "tile-dim-pip": dim.blend(foreground, 0.3).hex,
        "tile-dim-divider": dim.blend(foreground, 0.15).hex,
        "tile-back": felt.blend(primary, 0.4).hex, "tile-back-pattern": felt.blend(foreground, 0.35).hex,
        "tile-back-mark": primary.hex,
        "highlight": accent.hex, "highlight-text": accent.get_contrast_text(1.0).hex,
        "highlight-divider": accent.blend(background, 0.45).hex,
        "hint-face": colour("secondary").hex, "hint-pip": colour("secondary").get_contrast_text(1.0).hex,
        "hint-divider": colour("secondary").blend(background, 0.45).hex,
        "spinner-face": colour("warning").hex, "spinner-pip": colour("warning").get_contrast_text(1.0).hex,
        "last-face": colour("success").hex, "last-pip": colour("success").get_contrast_text(1.0).hex,
        "end-marker": felt.blend(foreground, 0.12).hex, "end-marker-text": felt.blend(foreground, 0.7).hex,
        "end-lit": colour("warning").hex, "end-lit-text": colour("warning").get_contrast_text(1.0).hex,
        "info-text": colour("secondary").blend(foreground, 0.3).hex, "points": colour("success").hex,
        "loss": colour("error").hex, "quiet-text": background.blend(foreground, 0.6).hex,
        "warm-text": background.blend(foreground, 0.75).hex, "overlay": background.darken(0.1).hex,
        "turn-band": colour("surface").blend(accent, 0.12).hex,
        "button": colour("surface").hex, "button-hover": colour("panel").hex,
        "button-edge": colour("surface").lighten(0.08).hex,
        "button-shade": colour("surface").darken(0.08).hex,
    }
