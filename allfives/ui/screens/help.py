"""The help screen: the rules in short and every control."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Markdown

from ..widgets.too_small import TooSmall

HELP = """\
# All Fives

**Goal:** score points by making the open ends of the layout add up to a multiple of five.
First to the target wins.

**A turn:** play a tile that matches an open end. With nothing to play, draw from the boneyard
until a tile fits (and play it), or pass when the boneyard is empty.

**The spinner:** the first double played. It takes tiles on both sides (W, E) first, then on
its ends (N, S) — four arms in all.

**Scoring:** after every play add the open ends: an end tile counts its outer half, a double at
an end counts both halves, the spinner counts both halves until both its sides are covered.
A total of 5, 10, 15… scores that many points at once.

**End of a hand:** someone plays their last tile, or nobody can play. Everyone loses the pips left
in their hand, rounded to five (or, under Muggins, the one who went out scores them).

## Mouse
- Click a tile in your hand: the ends that take it light up; click one to place it.
  A tile that fits only one end is played at once.
- Click the boneyard to draw when you have nothing to play.

## Keys
| key | does |
|---|---|
| ← → | move along your hand |
| Enter, Space | choose the tile (again: play it on the lit end) |
| W E N S, ↑ ↓ | play on that end / move between lit ends |
| Esc | put the tile back |
| d | draw from the boneyard |
| h | hint: what the hard bot would play |
| ? F1 | this help |
| Ctrl+N | new game |
| Ctrl+T | your games: statistics, past games to review or export |
| q | quit (the game is saved after every move) |

## Looking back
**r** on a score panel or the game-over screen reviews the game: every hand face up, ← → a move,
Home/End the start or end of the hand, PgUp/PgDn a hand, a click on a line of the scoresheet or the
log goes to its moment. The hard bot weighs each of your choices (**x** stops it, **a** goes on);
**m** goes to the next mistake it marked.
"""


class HelpScreen(ModalScreen[None]):
    """Rules and controls; any of Esc, q, ?, Enter closes it."""

    BINDINGS = [
        Binding("escape,q,question_mark,f1", "close", "Close"),
    ]
    WORKS_WHEN_SMALL = True  # help opens behind the too-small notice, so it closes there too

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box", classes="dialog"):
            with VerticalScroll():
                yield Markdown(HELP)
            yield Button("Close (Esc)", id="close", variant="primary", compact=True)
        yield TooSmall()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
