"""The end-of-hand panel: how the hand ended, every hand's leftovers, the rounding, deductions, scores."""

from __future__ import annotations

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from allfives.engine import HandResult
from allfives.i18n import N_, _, ngettext
from allfives.play.setup import GameSetup
from allfives.ui.model.shown import styled

from .. import commands
from ..commands import HELP, NEW_GAME, QUIT, REVIEW
from ..widgets.shown import content
from ..widgets.tiles import SmallTiles
from ..widgets.too_small import TooSmall
from .guard import Guarded

PARTS = ("head", "face", "divider", "out", "award", "loss", "none", "remark", "score")
Looks = dict[str, Style]


def result_table(result: HandResult, setup: GameSetup, looks: Looks) -> Table:
    """One row per seat: tiles left, pips, rounded to five, what it costs (or earns)."""
    rules = setup.rules
    muggins = rules.end_of_hand == "muggins"
    tile_look = (looks["face"], looks["divider"])
    table = Table(box=None, padding=(0, 1), header_style=looks["head"], expand=True)
    table.add_column(_("player"), no_wrap=True)
    table.add_column(_("tiles left"), ratio=1)
    table.add_column(_("pips"), justify="right")
    if not muggins:  # Muggins rounds a side's total, told below the table
        table.add_column(_("rounded"), justify="right")  # (to the nearest five: what is deducted)
    table.add_column(_("award") if muggins else _("deduction"), justify="right")
    for seat, tiles in enumerate(result.remaining):
        row_tiles = SmallTiles(tiles, tile_look) if tiles else Text(_("out!"), looks["out"])
        name = Text(setup.players[seat].name, style="bold" if seat == result.out_seat else "")
        if muggins:
            side = rules.side_of(seat)
            # the award shows once per side: on the row of who went out, else of its first seat
            out = result.out_seat
            shown = out if out is not None and rules.side_of(out) == side else rules.seats_of(side)[0]
            cost = Text(f"+{result.awards[side]}" if seat == shown and result.awards[side] else "",
                        style=looks["award"])
        else:
            d = result.deductions[seat]
            cost = Text(f"-{d}" if d else "0", style=looks["loss"] if d else looks["none"])
        pips = str(result.remaining_pips[seat])
        if muggins:
            table.add_row(name, row_tiles, pips, cost)
        else:
            table.add_row(name, row_tiles, pips, str(result.rounded[seat]), cost)
    return table


def muggins_line(result: HandResult, setup: GameSetup, looks: Looks) -> Text:
    """How the Muggins award came about; the award itself is the engine's."""
    rules = setup.rules
    side_pips = rules.side_totals(result.remaining_pips)
    winners = [side for side, award in enumerate(result.awards) if award]
    if not winners:
        return Text(_("Muggins: fewest pips is a tie, so nobody scores."), style=looks["remark"])
    side = winners[0]
    others = sum(side_pips) - side_pips[side]
    who = setup.side_title(side)
    fewest = side_pips[side]
    if result.reason == "domino" and result.out_seat is not None:
        went_out = setup.players[result.out_seat].name
        if setup.you(result.out_seat):
            why = (ngettext("Muggins: you went out; the other side holds {n} pip, rounded to five: ",
                            "Muggins: you went out; the other side holds {n} pips, rounded to five: ", others)
                   if rules.partnership else
                   ngettext("Muggins: you went out; the others hold {n} pip, rounded to five: ",
                            "Muggins: you went out; the others hold {n} pips, rounded to five: ", others))
        elif rules.partnership:
            why = ngettext("Muggins: {name} went out; the other side holds {n} pip, rounded to five: ",
                           "Muggins: {name} went out; the other side holds {n} pips, rounded to five: ",
                           others)
        else:
            why = ngettext("Muggins: {name} went out; the others hold {n} pip, rounded to five: ",
                           "Muggins: {name} went out; the others hold {n} pips, rounded to five: ", others)
        said = why.format(name=went_out, n=others)
    else:
        if setup.yours(side) and not rules.partnership:
            why = _("Muggins: you hold the fewest pips ({n}); the others hold {others}, {more} more, "
                    "rounded to five: ")
        elif rules.partnership:
            why = _("Muggins: {side} hold the fewest pips ({n}); the others hold {others}, {more} more, "
                    "rounded to five: ")
        else:
            why = _("Muggins: {side} holds the fewest pips ({n}); the others hold {others}, {more} more, "
                    "rounded to five: ")
        said = why.format(side=who, n=fewest, others=others, more=others - fewest)
    text = Text(said, style=looks["remark"])
    text.append(f"+{result.awards[side]}", style=looks["award"] + Style(bold=True))
    return text


def scores_line(result: HandResult, setup: GameSetup, looks: Looks) -> Table:
    """Each side's score before the hand's end and after it, said so: the sides' names over their
    scores, `before → after` at the row's head (a side's two numbers never part at a line's end)."""
    table = Table.grid(padding=(0, 4, 0, 0))
    table.add_column(no_wrap=True)
    heads: list[Text | str] = [""]
    row: list[Text | str] = [Text(_("score before → after"), style=looks["head"])]
    for side, (before, after) in enumerate(zip(result.scores_before, result.scores, strict=True)):
        table.add_column(justify="right")
        heads.append(Text(setup.side_title(side), style="bold"))
        row.append(Text.assemble(f"{before} → ", (str(after), looks["score"]), no_wrap=True))
    table.add_row(*heads)
    table.add_row(*row)
    return table


class ScorePanel(Guarded, ModalScreen[str | None]):
    """Opens when a hand ends; Continue (Enter) deals the next hand (dismisses None); `t` puts it
    aside to look at the table (dismisses "table")."""

    BINDINGS = [
        Binding("enter,space,c", "continue", N_("Continue")),
        Binding("t", "table", N_("Look at the table")),
        # a modal screen stops the app's own keys: the table's footer under it offers these too
        *commands.bindings(REVIEW, HELP, NEW_GAME, QUIT),
    ]
    AUTO_FOCUS = "#continue"
    COMPONENT_CLASSES = {f"panel--{part}" for part in PARTS}

    def __init__(self, result: HandResult, setup: GameSetup, hand_number: int, game_over: bool) -> None:
        super().__init__()
        self.result = result
        self.setup = setup
        self.hand_number = hand_number
        self.game_over = game_over
        self._looks: Looks | None = None  # the colours the panel was last filled in
        self.table_news: str | None = None  # a shared table's word that it went on (the next deal)

    def headline(self) -> str:
        r = self.result
        if r.reason == "domino" and r.out_seat is not None:
            if self.setup.you(r.out_seat):
                return _("Hand {n} — you went out").format(n=self.hand_number)
            return _("Hand {n} — {name} went out").format(n=self.hand_number,
                                                          name=self.setup.players[r.out_seat].name)
        return _("Hand {n} — blocked: nobody can play").format(n=self.hand_number)

    def compose(self) -> ComposeResult:
        with Vertical(id="score-box", classes="dialog"):
            yield Static(content(styled("[b]{}[/b]", self.headline())), classes="title", id="headline")
            yield Static(id="result-table")
            if self.setup.rules.end_of_hand == "muggins":
                yield Static(id="muggins-line")
            yield Static(id="scores-line")
            yield Static(" · ".join(self.setup.rules.describe()), id="rules-line", classes="muted")
            label = _("See the result (Enter)") if self.game_over else _("Deal the next hand (Enter)")
            with Horizontal(classes="buttons"):
                yield Button(label, id="continue", variant="primary")
                yield Button(_("Look at the table (t)"), id="table")
                yield Button(_("Review (r)"), id="review")
        yield TooSmall()

    def on_mount(self) -> None:
        self._fill()
        self._show_news()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        if self.is_mounted:
            self._fill()  # a new theme: the same panel in its colours

    def _fill(self) -> None:
        """Fill in the result in the theme's colours (again only if they changed)."""
        if not self.query("#result-table"):
            return  # dismissed before it was filled in
        looks = {part: self.get_component_rich_style(f"panel--{part}") for part in PARTS}
        for part in PARTS:  # text inside the panel's own widgets: only the ink, not the screen's ground
            if part not in ("face", "divider"):
                style = looks[part]
                looks[part] = Style(color=style.color, bold=style.bold, italic=style.italic)
        if looks == self._looks:
            return
        self._looks = looks
        self.query_one("#result-table", Static).update(result_table(self.result, self.setup, looks))
        if self.setup.rules.end_of_hand == "muggins":
            self.query_one("#muggins-line", Static).update(muggins_line(self.result, self.setup, looks))
        self.query_one("#scores-line", Static).update(scores_line(self.result, self.setup, looks))

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "review":
            await self.run_action("app.review")  # over the panel; closing it comes back here
        else:
            self.dismiss("table" if event.button.id == "table" else None)

    def table_went_on(self, line: str) -> None:
        """A shared table dealt the next hand while the panel is open (or opening): say so (`line`),
        and Continue now shows that hand."""
        if line != self.table_news:
            self.table_news = line
            self._show_news()

    def _show_news(self) -> None:
        if self.table_news is None or not self.query("#score-box .buttons"):
            return  # nothing to say, or not composed yet (on_mount says it) or dismissed
        news = self.query("#table-news")
        if news:
            news.first(Static).update(self.table_news)
        else:
            self.query_one("#score-box").mount(Static(self.table_news, id="table-news", classes="title"),
                                               before=self.query_one("#score-box .buttons"))
        if not self.game_over:
            self.query_one("#continue", Button).label = _("Play on (Enter)")

    def action_continue(self) -> None:
        self.dismiss(None)

    def action_table(self) -> None:
        self.dismiss("table")
