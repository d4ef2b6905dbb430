"""Your games: wins against each bot level and table size (with a 95% interval), points a hand, the
average deduction, the best hand, streaks; a chart of results over time; every past game, to review
or to export as a record file. The figures are `allfives stats`'s, read in a worker thread."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Footer, Input, Static

from allfives.history import GameEntry
from allfives.history.stats import Record, Stats, compute

from ..history_link import HistoryLink
from ..review import ReviewGame
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
    lines.append(f"{stats.abandoned} abandoned · {stats.playing} in play")
    return Text("\n".join(lines))


def opponents_table(stats: Stats) -> Table:
    """A row per kind of table: seats (teams), who sat against you, games won, the rate."""
    table = Table(box=None, padding=(0, 1, 0, 0), expand=True, header_style="bold")
    table.add_column("seats", no_wrap=True)
    table.add_column("against", no_wrap=True, ratio=1, overflow="ellipsis")
    table.add_column("won", justify="right", no_wrap=True)
    table.add_column("rate (95%)", justify="right", no_wrap=True)
    for t in stats.by_table:
        table.add_row(f"{t.seats}" + (" teams" if t.partnership else ""), t.opponents, f"{t.wins}/{t.games}",
                      rate(t))
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
            table.add_row(when(game.started_at), size, game.opponents or "-", result_of(game), scores,
                          str(game.moves), key=game.id)
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
        except RecordError as e:
            self.notify(f"This game cannot be replayed: {e}", severity="error")
            return
        if not review.game.log:
            self.notify("Nothing was played in this game yet.", severity="warning")
            return
        self.app.open_review(review)  # type: ignore[attr-defined]

    def action_export(self) -> None:
        game = self.chosen()
        if game is None:
            return
        name = f"allfives-{when(game.started_at).replace(' ', '-').replace(':', '')}.json"

        def done(path: Path | None) -> None:
            if path is not None:
                self.notify(f"The game's record is in {path}", title="Exported")

        self.app.push_screen(ExportScreen(self.history, game.id, Path.cwd() / name), done)

    def action_close(self) -> None:
        self.dismiss(None)


class ExportScreen(ModalScreen[Path | None]):
    """Where to write a game's record: a path to edit; Enter writes it, Esc gives up."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    AUTO_FOCUS = "#export-path"

    def __init__(self, history: HistoryLink, game_id: str, path: Path) -> None:
        super().__init__()
        self.history = history
        self.game_id = game_id
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(id="export-box", classes="dialog"):
            yield Static("[b]Export the game's record[/b]", classes="title")
            yield Static("A JSON game record (RECORD.md): replay it, review it, share it.", classes="muted")
            yield Input(str(self.path), id="export-path")
            yield Static("", id="export-message")
            with Horizontal(classes="buttons"):
                yield Button("Write it (Enter)", id="write", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")
        yield TooSmall()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.write()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "write":
            self.write()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def write(self) -> None:
        text = self.query_one(Input).value.strip()
        message = self.query_one("#export-message", Static)
        if not text:
            message.update("Give the file a name.")
            return
        path = Path(text).expanduser()
        if path.is_dir():
            message.update(f"{path} is a folder: give a file name.")
            return
        try:
            self.history.store().export(self.game_id, path)
        except KeyError:
            message.update("This game is no longer in the history.")
        except OSError as e:
            message.update(f"Could not write {path}: {e.strerror or e}")
        else:
            self.dismiss(path)
