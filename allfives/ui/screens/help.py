"""The help screen: the rules in short (with this game's target and options), how the board shows its
ends, and every control, in the player's language."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Markdown, Static

from allfives.engine import Rules
from allfives.engine.models import TARGETS
from allfives.i18n import N_, _, end_letter

from ..commands import told_keys
from ..widgets.too_small import TooSmall


def _rules() -> list[str]:
    """The rules as RULES.md states them, a paragraph a message (a translation keeps every number)."""
    return [
        _("**All Fives. Goal:** score points by making the open ends of the layout add up to a multiple "
          "of five. The first to the target wins: **{targets}**, unless another target was agreed."),
        _("**Seats and the deal:** 2, 3 or 4 seats; with 4, partners sit opposite and share one score "
          "(or, cut-throat, everyone for themselves). Each takes 9 tiles with two seats, 7 with three, "
          "5 with four — or, as agreed, 5 each, or 7 with two seats and 5 with three or four. The rest "
          "is the boneyard, face down."),
        _("**Who leads:** the first hand's leader is chosen at random; after that, whoever went out "
          "leads the next hand (after a blocked hand, the leader is chosen at random again). The lead "
          "may be any tile."),
        _("**A turn:** play a tile that matches an open end. With nothing to play, draw from the "
          "boneyard until a tile fits (and play it), or pass when the boneyard is empty. Whoever can "
          "play may not draw or pass."),
        _("**The spinner:** the first double played. Its first two tiles go on its sides ({w}, {e}); "
          "only then do its ends ({n}, {s}) open — four arms in all. A spinner played onto a line has "
          "one side covered already. Every double is laid crosswise; a later double does not branch."),
        _("**Scoring:** after every play add the open ends: an end tile counts its outer half, a double "
          "at an end counts both halves, the spinner counts both halves until both its sides are "
          "covered, a lone first tile counts both halves. A total of 5, 10, 15… scores that many "
          "points at once."),
        _("**End of a hand:** someone plays their last tile, or nobody can play (blocked). Everyone "
          "loses the pips left in their hand, rounded to the nearest five — remainders 1 and 2 round "
          "down, 3 and 4 round up (7 → 5, 8 → 10, 12 → 10, 13 → 15, 2 → 0). Whoever went out loses "
          "nothing; a score may go below zero. Under Muggins the one who went out scores the others' "
          "pips instead, rounded the same way (after a blocked hand, the fewest pips scores the "
          "others' less its own)."),
        _("**The end of the game:** a game can end **in the middle of a hand** — the moment a play "
          "brings a score to the target, that side wins and no pips are counted. With *finish the "
          "hand* the hand is played out first and the highest score at or above the target wins (a "
          "tie plays another hand)."),
    ]


def _board() -> list[str]:
    return ["## " + _("The board"), "\n".join([
        "- " + _("Each open end shows its name and the pip it takes: **‹{w}5›** is the {w} end, taking "
                 "a 5. The names ({w}, {e}, {n}, {s}) are the keys that play there."),
        "- " + _("**Lit** (orange): the chosen tile fits that end — click it, or press its letter."),
        "- " + _("**Focused** (yellow, **▶{e}4◀**): Enter (or clicking the tile again) plays there; "
                 "↑ ↓ move the focus."),
        "- " + _("The last tile played is marked green, and stays marked until the next play; the "
                 "spinner is gold."),
        "- " + _("When a hand ends, its last play stays on the board; *Look at the table* (t) on the "
                 "score panel or the game-over screen shows it, and t brings the panel back."),
    ])]


def _mouse() -> list[str]:
    return ["## " + _("Mouse"), "\n".join([
        "- " + _("Click a tile in your hand: the ends that take it light up; click one to place it. "
                 "A tile that fits only one end is played at once; two ends that take the same pip are "
                 "still two choices (one may score more, or open the spinner's other arms)."),
        "- " + _("Click the boneyard to draw when you have nothing to play."),
        "- " + _("*Undo* beside the status line takes back your last play."),
    ])]


def _keys() -> list[str]:
    rows = told_keys()  # (made from ui/commands.py: each command's row, in HELP_KEYS' order)
    key, does = _("key"), _("does")  # outside the f-string: the extractor does not look inside one
    table = [f"| {key} | {does} |", "|---|---|"] + [f"| {key} | {does} |" for key, does in rows]
    return ["## " + _("Keys"), "\n".join(table)]


def _looking_back() -> list[str]:
    return [
        "## " + _("Looking back"),
        _("**r** on a score panel or the game-over screen reviews the game: every hand face up, ← → a "
          "move, Home/End the start or end of the hand, PgUp/PgDn a hand, a click on a line of the "
          "scoresheet or the log goes to its moment. The hard bot weighs each of your choices (**x** "
          "stops it, **a** goes on); **m** goes to the next mistake it marked. Then it weighs the deals "
          "and draws: **l** goes to the next lucky or unlucky moment, and the game-over screen says "
          "what decided the game, luck or play."),
    ]


def help_text(rules: Rules | None = None) -> str:
    """The help in the language spoken now, with this game's target and options when there is a game.

    Each paragraph, item and cell is its own message, so a translation can never drop one unseen;
    the ends are named by this language's letters, the ones the keys take.
    """
    targets = _("{two} with two seats, {more} with three or four").format(two=TARGETS[2], more=TARGETS[3])
    letters = {end.lower(): end_letter(end) for end in ("W", "E", "N", "S")}
    # the letters and targets go in after translation (a msgid names only its placeholders)
    blocks = [block.format(targets=targets, **letters)
              for block in _rules() + _board() + _mouse() + _keys() + _looking_back()]
    if rules is not None:
        blocks[0] += " " + _("This game: {options}.").format(options=" · ".join(rules.describe()))
    return "\n\n".join(blocks)


PAGING = N_("Space/PgDn: next page · PgUp: back")


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
        Binding("escape,q,question_mark,f1", "close", N_("Close")),
        Binding("space,pagedown", "page(1)", N_("Next page"), show=False, priority=True),
        Binding("pageup", "page(-1)", N_("Page back"), show=False, priority=True),
        Binding("home", "to_end(0)", N_("First page"), show=False, priority=True),
        Binding("end", "to_end(1)", N_("Last page"), show=False, priority=True),
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
                yield Button(_("Close (Esc)"), id="close", variant="primary", compact=True)
                yield Static(_(PAGING), id="help-page", classes="muted")
        yield TooSmall()

    def on_mount(self) -> None:
        text = self.query_one("#help-text", VerticalScroll)
        self.watch(text, "scroll_y", self._show_page)
        self.watch(text, "virtual_size", self._show_page)

    def _show_page(self) -> None:
        text = self.query_one("#help-text", VerticalScroll)
        page, pages = page_of(text.scroll_y, text.scrollable_content_region.height, text.virtual_size.height)
        where = _("page {page} of {pages}").format(page=page, pages=pages) if pages > 1 else ""
        self.query_one("#help-page", Static).update(" · ".join(part for part in (where, _(PAGING)) if part))

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
