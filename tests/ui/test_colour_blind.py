"""The table for eyes that tell red from green poorly: under a simulation of protanopia and deuteranopia
(Machado, Oliveira and Fernandes 2009, full severity, on linear sRGB) the lit ends, the last play and
the chosen tile stay apart from what lies around them, and their writing stays readable, in our themes.
(Without colour at all, NO_COLOR, they are marked by reverse, bold and underline: test_themes.py.)"""

from __future__ import annotations

import pytest
from rich.color import Color

from allfives.ui.themes import DARK_16, LIGHT_16, THEMES

from .test_themes import every_colour, seen_apart

# Each row gives a simulated linear channel (R, G, B) from the real ones; rows add up to 1: greys stay.
MACHADO = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
}
APART = 10.0  # CIE76 delta E: another colour at a glance (about 2 is the least difference an eye sees)
READABLE = 4.5  # WCAG contrast for writing (the ends' labels and points, pips)

# What must stand out, against the surfaces beside or behind it: an end lit for the chosen tile against
# the idle ends, the cloth, the focused end and the tiles it touches; the tile just played against the
# other tiles, the spinner and the cloth; the chosen tile against the rest of the hand and its band.
NEIGHBOURS = {
    "lit end": ("end-marker", "felt", "highlight", "tile-face", "spinner-face", "last-face"),
    "last play": ("tile-face", "spinner-face", "felt", "highlight"),
    "chosen tile": ("tile-face", "tile-dim", "hint-face", "turn-band", "surface"),
}
SURFACE = {"lit end": "end-lit", "last play": "last-face", "chosen tile": "highlight"}
WRITING = {"lit end": "end-lit-text", "last play": "last-pip", "chosen tile": "highlight-text"}


def linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def encoded(channel: float) -> int:
    c = min(1.0, max(0.0, channel))
    return round(255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055))


def seen_by(colour: Color, vision: str) -> Color:
    """The colour as the simulated eye sees it, back in sRGB."""
    rgb = [linear(c) for c in colour.get_truecolor()]
    r, g, b = (encoded(sum(w * c for w, c in zip(row, rgb, strict=True))) for row in MACHADO[vision])
    return Color.from_rgb(r, g, b)


def contrast(one: Color, other: Color) -> float:
    """WCAG's contrast ratio, 1 to 21."""
    def luminance(colour: Color) -> float:
        r, g, b = (linear(c) for c in colour.get_truecolor())
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_simulation_takes_red_from_green() -> None:
    """An orange and an olive far apart for most eyes come within APART for both simulated ones; white,
    black and grey stay themselves."""
    orange, olive = Color.parse("#c06000"), Color.parse("#6a8000")
    assert seen_apart(orange, olive) > 50
    for vision in ("protanopia", "deuteranopia"):
        assert seen_apart(seen_by(orange, vision), seen_by(olive, vision)) < APART
        for grey in ("#ffffff", "#000000", "#808080"):
            assert seen_apart(seen_by(Color.parse(grey), vision), Color.parse(grey)) < 1


@pytest.mark.parametrize("vision", list(MACHADO))
def test_the_lit_ends_the_last_play_and_the_chosen_tile_stand_out(vision: str) -> None:
    # (and the themes of 16 colours, as Rich's VGA values; the console's 8 grounds have no cyan far
    # enough from its light grey for the last play: about 6 apart for protanopia)
    for theme in (*THEMES, DARK_16, LIGHT_16):
        colours = {name: seen_by(colour, vision) for name, colour in every_colour(theme).items()}
        for what, around in NEIGHBOURS.items():
            surface = colours[SURFACE[what]]
            for other in around:
                assert seen_apart(surface, colours[other]) >= APART, (theme.name, what, other)
            assert contrast(colours[WRITING[what]], surface) >= READABLE, (theme.name, what, "writing")
