"""Your games: wins against each bot level and table size (with a 95% interval), points a hand, the
average deduction, the best hand, streaks; a chart of results over time; every past game, to review
or to export as a record file. The figures are `allfives stats`'s, read in a worker thread."""

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
from allfives.history.stats import Record, Stats, compute
from allfives.play.history_link import HistoryLink
from allfives.ui.review.model import ReviewGame

from ..widgets.charts import ResultsChart
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
    return f"{100 * r.win_rate:.0f}% ({100 * lo:.0f}–{100 * hi:.0f}%)"


def headline(stats: Stats) -> Text:
    """`Your games: won 3 of 5 · 60% (23-88%)`."""
    o = stats.overall
    out = Text("Your games: ", "bold")
    out.append(f"won {o.wins} of {o.games}" if o.games else "no finished game yet", "bold")
    if o.games:
        out.append(f" · {rate(o)}")
    return out


def figures(stats: Stats) -> Text:
    """The lines under the table of opponents: hands, the best one, streaks, games left unfinished."""
    lines = []
    if stats.hands:
        lines.append(f"Hands {stats.hands} · {stats.points_per_hand:+.1f} a hand"
                     + (f" · {stats.average_deduction:.1f} deducted" if stats.average_deduction is not None
                        else ""))
    if stats.best_hand is not None:
        lines.append(f"Best hand {stats.best_hand.gain:+d} ({when(stats.best_hand.started_at)[:10]})")
    s = stats.streaks
    now = f"{s.current} won" if s.current > 0 else f"{-s.current} lost" if s.current else "none"
    lines.append(f"Streak now: {now} · longest {s.longest_wins} won, {s.longest_losses} lost")
    lines.append(f"{stats.abandoned} abandoned · {stats.playing} in play"
                 + (f" · {stats.seeded} practice (seeded)" if stats.seeded else ""))
    return Text("\n".join(lines))


def opponents_table(stats: Stats) -> Table:
    """A row per kind of table: seats (teams), who sat against you, games won, the rate."""
    table = Table(box=None, padding=(0, 1, 0, 0), expand=True, header_style="bold")
    table.add_column("seats", no_wrap=True)
    table.add_column("against", no_wrap=True, ratio=1, overflow="ellipsis")
    table.add_column("won", justify="right", no_wrap=True)
    table.add_column("rate (95%)", justify="right", no_wrap=True)
    for t in stats.by_table:
        table.add_row(f"{t.seats}" + (" teams" if t.partnership else ""), Text(t.opponents),
                      f"{t.wins}/{t.games}", rate(t))
    if not stats.by_table:
        table.add_row("", "nobody yet", "", "")
    return table


def result_of(game: GameEntry) -> str:
    if game.status == "playing":
        return "in play"
    if game.status == "abandoned":
        return "abandoned"
    return {True: "won", False: "lost", None: "over"}[game.won]


class StatsScreen(Screen[None]):
    """Figures and chart on top, past games below (newest first); Enter reviews, x exports."""

    CSS_PATH = "stats.tcss"
    BINDINGS = [
        Binding("enter", "review", "Review", show=False),
        Binding("r", "review", "Review"),
        Binding("x", "export", "Export"),
        Binding("escape,q", "close", "Close", key_display="esc"),
    ]

    def __init__(self, history: HistoryLink) -> None:
        super().__init__()
        self.history = history
        self.stats: Stats | None = None
        self.games: list[GameEntry] = []  # newest first, as listed

    def compose(self) -> ComposeResult:
        with Horizontal(id="stats-top"):
            with VerticalScroll(id="figures-box"):
                yield Static("Your games: reading the history…", classes="title", id="headline")
                yield Static(id="opponents")
                yield Static(id="figures")
            yield ResultsChart((), id="results-chart")
        yield Static("Past games: Enter or r reviews one, x exports it as a record file", id="games-title",
                     classes="muted")
        yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        table = self.query_one("#games", DataTable)
        table.add_columns("when", "table", "against", "result", "score", "moves")
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
        self.query_one("#opponents", Static).update(opponents_table(stats))
        chart = self.query_one(ResultsChart)
        chart.results = stats.results
        chart.refresh()
        table = self.query_one("#games", DataTable)
        table.clear()
        for game in self.games:
            rules = game.rules
            size = f"{rules.seats} seats" + (", teams" if rules.partnership else "")
            scores = " – ".join(str(s) for s in game.scores)
            cells = (when(game.started_at), size, game.against or "-", result_of(game), scores,
                     str(game.moves))
            table.add_row(*(Text(cell) for cell in cells), key=game.id)  # (a str cell is read as markup)
        if not self.games:
            self.query_one("#games-title", Static).update("No games yet: every game you play is kept here.")
        if problem:
            self.notify(problem, title="Game history", severity="warning", timeout=10)
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
            self.notify(f"This game cannot be replayed: {e}", severity="error")
            return
        if not review.game.log:
            self.notify("Nothing was played in this game yet.", severity="warning")
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
            self.notify("This game is no longer in the history.", severity="warning")
            return
        deliver_record(self.app, record, file_name(game.started_at))

    def action_close(self) -> None:
        self.dismiss(None)
