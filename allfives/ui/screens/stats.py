"""Your games: your rating against the bot levels (with its 95% interval), wins against each bot level
and table size (with a 95% interval), points a hand, the average deduction, the best hand, streaks; a
chart of results or of the rating over time; every past game, to review or to export as a record
file. The figures are `allfives stats`'s, read in a worker thread."""

from __future__ import annotations

from datetime import datetime

from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from allfives.history import GameEntry
from allfives.history.rating import (
    RatingSummary,
    interval_words,
    opponents_words,
    rating_words,
    standing_words,
)
from allfives.history.stats import Record, Stats, compute
from allfives.i18n import N_, _, ngettext, pgettext
from allfives.play.history_link import HistoryLink
from allfives.ui.model.review import ReviewGame

from ..widgets.charts import ResultsChart
from ..widgets.rating_chart import RatingChart
from ..widgets.too_small import TooSmall


def when(stamp: str) -> str:
    """An ISO time from the history, in this machine's time zone: `2025-06-01 18:04`."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp[:16]


def rate(r: Record) -> str:
    """`60% (31-83%)`: the win rate and its 95% interval."""
    if not r.games or r.win_rate is None:
        return "-"
    lo, hi = r.ci95
    return _("{rate}% ({low}–{high}%)").format(rate=f"{100 * r.win_rate:.0f}", low=f"{100 * lo:.0f}",
                                               high=f"{100 * hi:.0f}")


def headline(stats: Stats) -> Text:
    """`Your games: won 3 of 5 · 60% (23-88%)`."""
    o = stats.overall
    out = Text(_("Your games: "), "bold")
    out.append(_("won {wins} of {games}").format(wins=o.wins, games=o.games) if o.games
               else _("no finished game yet"), "bold")
    if o.games:
        out.append(f" · {rate(o)}")
    return out


def rating_lines(r: RatingSummary) -> Text:
    """`Rating 1,620 ± 170, between medium and hard` and, under it, the 95% interval and what counted."""
    out = Text(_("Rating {rating}, {standing}").format(rating=rating_words(r.now),
                                                       standing=standing_words(r)), "bold")
    rated = (ngettext("{n} rated", "{n} rated", r.rated).format(n=r.rated) if r.rated
             else _("no game rated yet"))
    second = _("95%: {interval} · {rated}").format(interval=interval_words(r.now), rated=rated)
    if r.abandoned:
        second += " · " + ngettext("{n} abandoned: lost", "{n} abandoned: lost",
                                   r.abandoned).format(n=r.abandoned)
    if r.practice:
        second += " · " + ngettext("{n} practice", "{n} practice", r.practice).format(n=r.practice)
    if r.unmeasured:
        second += " · " + ngettext("{n} not rated (3-4 seats, other rules)",
                                   "{n} not rated (3-4 seats, other rules)", r.unmeasured
                                   ).format(n=r.unmeasured)
    out.append("\n" + second)
    return out


def figures(stats: Stats) -> Text:
    """The lines under the table of opponents: hands, the best one, streaks, games left unfinished."""
    lines = []
    if stats.hands:
        line = _("Hands {hands} · {points} a hand").format(hands=stats.hands,
                                                            points=f"{stats.points_per_hand:+.1f}")
        if stats.average_deduction is not None:
            line += " · " + _("{points} deducted").format(points=f"{stats.average_deduction:.1f}")
        lines.append(line)
    if stats.best_hand is not None:
        lines.append(_("Best hand {gain} ({day})").format(gain=f"{stats.best_hand.gain:+d}",
                                                          day=when(stats.best_hand.started_at)[:10]))
    s = stats.streaks
    now = (_("{n} won").format(n=s.current) if s.current > 0
           else _("{n} lost").format(n=-s.current) if s.current else _("none"))
    lines.append(_("Streak now: {now} · longest {wins} won, {losses} lost").format(
        now=now, wins=s.longest_wins, losses=s.longest_losses))
    line = _("{abandoned} abandoned · {playing} in play").format(abandoned=stats.abandoned,
                                                                  playing=stats.playing)
    if stats.seeded:
        line += " · " + _("{n} practice (seeded)").format(n=stats.seeded)
    lines.append(line)
    return Text("\n".join(lines))


def opponents_table(stats: Stats) -> Table:
    """A row per kind of table: seats (teams), who sat against you, games won, the rate."""
    table = Table(box=None, padding=(0, 1, 0, 0), expand=True, header_style="bold")
    table.add_column(_("seats"), no_wrap=True)
    table.add_column(_("against"), no_wrap=True, ratio=1, overflow="ellipsis")
    table.add_column(_("won"), justify="right", no_wrap=True)
    table.add_column(_("rate (95%)"), justify="right", no_wrap=True)
    for t in stats.by_table:
        seats = _("{n} teams").format(n=t.seats) if t.partnership else str(t.seats)
        table.add_row(seats, Text(opponents_words(t.opponents)), f"{t.wins}/{t.games}", rate(t))
    if not stats.by_table:
        table.add_row("", _("nobody yet"), "", "")
    return table


def result_of(game: GameEntry) -> str:
    if game.status == "playing":
        return pgettext("game status", "in play")  # (still being played: not the sheet's points in play)
    if game.status == "abandoned":
        return _("abandoned")
    return {True: _("won"), False: _("lost"), None: _("over")}[game.won]


def against_words(game: GameEntry) -> str:
    """Who sat against you, and whether the game left the rating alone: `hard · practice`."""
    out = opponents_words(game.opponents) if game.opponents else "-"
    if game.seeded:
        out += " · " + _("seeded")
    if game.practice:
        out += " · " + _("practice")
    return out


class StatsScreen(Screen[None]):
    """Figures and chart on top, past games below (newest first); Enter reviews, x exports."""

    CSS_PATH = "stats.tcss"
    BINDINGS = [
        Binding("enter", "review", N_("Review"), show=False),
        Binding("r", "review", N_("Review")),
        Binding("x", "export", N_("Export")),
        Binding("g", "chart", N_("Chart"), tooltip=N_("Show the rating over time, or the results")),
        Binding("escape,q", "close", N_("Close"), key_display="esc"),
    ]

    def __init__(self, history: HistoryLink) -> None:
        super().__init__()
        self.history = history
        self.stats: Stats | None = None
        self.games: list[GameEntry] = []  # newest first, as listed

    def compose(self) -> ComposeResult:
        with Horizontal(id="stats-top"):
            with VerticalScroll(id="figures-box"):
                yield Static(_("Your games: reading the history…"), classes="title", id="headline")
                yield Static(id="rating")
                yield Static(id="opponents")
                yield Static(id="figures")
            yield ResultsChart((), id="results-chart")
            yield RatingChart(None, id="rating-chart")
        yield Static(_("Past games: Enter or r reviews one, x exports it as a record file"), id="games-title",
                     classes="muted")
        yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        table = self.query_one("#games", DataTable)
        table.add_columns(_("when"), _("table"), _("against"), _("result"), _("score"), _("moves"))
        self.query_one(RatingChart).display = False
        self.load()

    @work(thread=True, exclusive=True, group="stats", exit_on_error=False, description="Reading the history")
    def load(self) -> None:
        store = self.history.store()
        games = store.games()
        stats = compute(games)
        self.app.call_from_thread(self.shown, stats, games, store.take_problem())

    def shown(self, stats: Stats, games: list[GameEntry], problem: str | None) -> None:
        self.stats = stats
        self.games = games[::-1]
        self.query_one("#headline", Static).update(headline(stats))
        self.query_one("#figures", Static).update(figures(stats))
        self.query_one("#rating", Static).update(rating_lines(stats.rating))
        self.query_one("#opponents", Static).update(opponents_table(stats))
        chart = self.query_one(ResultsChart)
        chart.results = stats.results
        chart.refresh()
        rating = self.query_one(RatingChart)
        rating.summary = stats.rating
        rating.refresh()
        table = self.query_one("#games", DataTable)
        table.clear()
        for game in self.games:
            rules = game.rules
            size = (_("{n} seats, teams") if rules.partnership else _("{n} seats")).format(n=rules.seats)
            scores = " – ".join(str(s) for s in game.scores)
            cells = (when(game.started_at), size, against_words(game), result_of(game), scores,
                     str(game.moves))
            table.add_row(*(Text(cell) for cell in cells), key=game.id)  # (a str cell is read as markup)
        if not self.games:
            self.query_one("#games-title", Static).update(
                _("No games yet: every game you play is kept here."))
        if problem:
            self.notify(problem, title=_("Game history"), severity="warning", timeout=10)
        table.focus()

    def chosen(self) -> GameEntry | None:
        table = self.query_one("#games", DataTable)
        if not self.games or not 0 <= table.cursor_row < len(self.games):
            return None
        return self.games[table.cursor_row]

    @on(DataTable.RowSelected)
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_review()

    def action_review(self) -> None:
        from allfives.engine import RecordError

        game = self.chosen()
        if game is None:
            return
        record = self.history.store().record(game.id)
        try:
            review = ReviewGame.from_record(record or {}, history_id=game.id)
        except (RecordError, ValueError) as e:  # (ValueError: a player named against the name rule)
            self.notify(_("This game cannot be replayed: {problem}").format(problem=e), severity="error")
            return
        if not review.game.log:
            self.notify(_("Nothing was played in this game yet."), severity="warning")
            return
        self.app.open_review(review)  # type: ignore[attr-defined]

    def action_export(self) -> None:
        """The chosen game's record to the player: a download in a browser, a file in a terminal."""
        from ..export import deliver_record, file_name

        game = self.chosen()
        if game is None:
            return
        record = self.history.store().record(game.id)
        if record is None:
            self.notify(_("This game is no longer in the history."), severity="warning")
            return
        deliver_record(self.app, record, file_name(game.started_at))

    def action_chart(self) -> None:
        """`g`: the rating over time in the chart's place, or the results again."""
        results, rating = self.query_one(ResultsChart), self.query_one(RatingChart)
        results.display, rating.display = rating.display, results.display

    def action_close(self) -> None:
        self.dismiss(None)
