"""The help screen: the rules in short (with this game's target and options), how the board shows its
ends, and every control."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Markdown, Static

from allfives.engine import Rules
from allfives.engine.models import TARGETS

from ..widgets.too_small import TooSmall

HELP = """\
**All Fives. Goal:** score points by making the open ends of the layout add up to a multiple of five.
The first to the target wins: **{targets}**, unless another target was agreed.{this_game}

**A turn:** play a tile that matches an open end. With nothing to play, draw from the boneyard
until a tile fits (and play it), or pass when the boneyard is empty.

**The spinner:** the first double played. It takes tiles on both sides (W, E) first, then on
its ends (N, S) — four arms in all.

**Scoring:** after every play add the open ends: an end tile counts its outer half, a double at
an end counts both halves, the spinner counts both halves until both its sides are covered.
A total of 5, 10, 15… scores that many points at once.

**End of a hand:** someone plays their last tile, or nobody can play (blocked). Everyone loses
the pips left in their hand, rounded to the nearest five — remainders 1 and 2 round down, 3 and 4
round up (7 → 5, 8 → 10, 13 → 15, 2 → 0). Under Muggins the one who went out scores the others'
pips instead, rounded the same way.

**The end of the game:** a game can end **in the middle of a hand** — the moment a play brings a
score to the target, that side wins and no pips are counted. With *finish the hand* the hand is
played out first and the highest score at or above the target wins.

## The board
- Each open end shows its name and the pip it takes: **‹W5›** is the W end, taking a 5. The
  names (W, E, N, S) are the keys that play there.
- **Lit** (orange): the chosen tile fits that end — click it, or press its letter.
- **Focused** (yellow, **▶E4◀**): Enter (or clicking the tile again) plays there; ↑ ↓ move the focus.
- The last tile played is marked green, and stays marked until the next play; the spinner is gold.
- When a hand ends, its last play stays on the board; *Look at the table* (t) on the score panel
  or the game-over screen shows it, and t brings the panel back.

## Mouse
- Click a tile in your hand: the ends that take it light up; click one to place it.
  A tile that fits only one end is played at once.
- Click the boneyard to draw when you have nothing to play.
- *Undo* beside the status line takes back your last play.

## Keys
| key | does |
|---|---|
| ← → | move along your hand |
| Enter, Space | choose the tile (again: play it on the focused end) |
| W E N S, ↑ ↓ | play on that end / move between lit ends |
| Esc | put the tile back |
| d | draw from the boneyard |
| h | hint: what the hard bot would play |
| u, Ctrl+Z | take back your last play and the moves since (at one terminal: until the next person moves) |
| t | the score panel or game-over screen, when put aside |
| ? F1 | this help |
| Ctrl+N | new game (a game in progress asks first) |
| Ctrl+T | your games: statistics, past games to review or export |
| q | quit (asks first; the game is saved after every move) |

## Looking back
**r** on a score panel or the game-over screen reviews the game: every hand face up, ← → a move,
Home/End the start or end of the hand, PgUp/PgDn a hand, a click on a line of the scoresheet or the
log goes to its moment. The hard bot weighs each of your choices (**x** stops it, **a** goes on);
**m** goes to the next mistake it marked. Then it weighs the deals and draws: **l** goes to the next
lucky or unlucky moment, and the game-over screen says what decided the game, luck or play.
"""


def help_text(rules: Rules | None = None) -> str:
    """The help, with this game's target and options when there is a game."""
    targets = f"{TARGETS[2]} with two seats, {TARGETS[3]} with three or four"
    this_game = ""
    if rules is not None:
        this_game = f" This game: {' · '.join(rules.describe())}."
    return HELP.format(targets=targets, this_game=this_game)


PAGING = "Space/PgDn: next page · PgUp: back"


def page_of(scrolled: float, shown: int, total: int) -> tuple[int, int]:
    """Which page of how many the reader is on, `shown` lines a page of `total` (the last page may be
    short; scrolled to the end is the last page however the pages fall)."""
    shown = max(shown, 1)
    pages = max(1, -(-total // shown))
    if scrolled >= total - shown:
        return pages, pages
    return min(pages, 1 + round(scrolled / shown)), pages


class HelpScreen(ModalScreen[None]):
    """Rules and controls, read page by page (Space or PgDn, PgUp, Home, End); any of Esc, q, ?,
    Enter closes it."""

    BINDINGS = [  # paging before the scroller's own keys: every page keeps a line of the last
        Binding("escape,q,question_mark,f1", "close", "Close"),
        Binding("space,pagedown", "page(1)", "Next page", show=False, priority=True),
        Binding("pageup", "page(-1)", "Page back", show=False, priority=True),
        Binding("home", "to_end(0)", "First page", show=False, priority=True),
        Binding("end", "to_end(1)", "Last page", show=False, priority=True),
    ]
    WORKS_WHEN_SMALL = True  # help opens behind the too-small notice, so it closes there too

    def __init__(self, rules: Rules | None = None) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box", classes="dialog"):
            with VerticalScroll(id="help-text"):
                yield Markdown(help_text(self.rules))
            with Horizontal(id="help-foot"):
                yield Button("Close (Esc)", id="close", variant="primary", compact=True)
                yield Static(PAGING, id="help-page", classes="muted")
        yield TooSmall()

    def on_mount(self) -> None:
        text = self.query_one("#help-text", VerticalScroll)
        self.watch(text, "scroll_y", self._show_page)
        self.watch(text, "virtual_size", self._show_page)

    def _show_page(self) -> None:
        text = self.query_one("#help-text", VerticalScroll)
        page, pages = page_of(text.scroll_y, text.scrollable_content_region.height, text.virtual_size.height)
        where = f"page {page} of {pages}" if pages > 1 else ""
        self.query_one("#help-page", Static).update(" · ".join(part for part in (where, PAGING) if part))

    def action_page(self, step: int) -> None:
        """A page on or back, a line of the last kept for reading on (as a pager does)."""
        text = self.query_one("#help-text", VerticalScroll)
        lines = max(1, text.scrollable_content_region.height - 1)
        text.scroll_to(y=text.scroll_y + step * lines, animate=False)

    def action_to_end(self, end: int) -> None:
        text = self.query_one("#help-text", VerticalScroll)
        text.scroll_to(y=text.max_scroll_y if end else 0, animate=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
