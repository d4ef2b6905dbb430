"""The table's colours: our dark theme (the default), a light one, and table colours for any other theme.

Every colour of the game is a Textual theme variable (`$felt`, `$tile-face`, ...) used in
allfives.tcss; widgets that draw their own text read them through component classes. Choosing a
theme from the command palette recolours the table, the tiles, the sheet and the log at once. A
theme that does not know our variables (Textual's own) gets them worked out from its colours.
"""

from __future__ import annotations

from pathlib import Path

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

THEMES = (DARK, LIGHT)
STYLESHEET = Path(__file__).with_name("allfives.tcss")  # every colour of the game, as theme variables


def use_themes(app: App) -> None:
    """Offer our themes in the app (the command palette lists them) and wear the dark one.

    Any app that shows the game's widgets does this and loads STYLESHEET: their colours live there."""
    for theme in THEMES:
        app.register_theme(theme)
    if app.is_running:
        app.theme = DARK_NAME
        return
    # Not running yet (the usual case: from the app's __init__): wear it quietly. Setting `app.theme`
    # would have the app read every stylesheet a second time once it starts, for nothing.
    wear_theme_unstarted(app, DARK)


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
