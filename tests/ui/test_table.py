"""A table you can follow: every move seen (a run of draws one draw at a time, at the bot delay), the
person told when it is their turn again, the final board before (and instead of) the score panel and
the game-over screen, notices that never cover the hand, messages in the player's words."""

from __future__ import annotations

import threading

import pytest
from textual.widgets._toast import Toast, ToastRack

from allfives.engine import Move, Rules
from allfives.play import flow
from allfives.ui.app import AllFivesApp
from allfives.ui.launch import parser, setup_from
from allfives.ui.model.view import TableView
from allfives.ui.screens import bots_turn
from allfives.ui.screens.game import ASIDE, GameScreen
from allfives.ui.screens.game_over import GameOverScreen
from allfives.ui.screens.help import HelpScreen, help_text
from allfives.ui.screens.score_panel import ScorePanel
from allfives.ui.widgets.board import Board
from allfives.ui.widgets.boneyard import Boneyard
from allfives.ui.widgets.hand import Hand
from allfives.ui.widgets.status import Status

from .helpers import bot_move_arrives, game, play_game_by_mouse, play_until, settle, until
from .scenes import seeded_app


def make_app(*flags: str, delay: str = "0", level: str = "easy") -> AllFivesApp:
    setup = setup_from(parser().parse_args(["--bot-delay", delay, "--level", level, *flags]))
    return AllFivesApp(setup, ask_resume=False)


class BotClock:
    """The clock the bots' pace is kept by, in the worker threads: sleeping moves it on at once."""

    def __init__(self) -> None:
        self.now = 0.0
        self.slept = 0.0
        self.lock = threading.Lock()

    def monotonic(self) -> float:
        with self.lock:
            return self.now

    def sleep(self, seconds: float) -> None:
        with self.lock:
            self.now += seconds
            self.slept += seconds


@pytest.fixture
def bot_clock(monkeypatch: pytest.MonkeyPatch) -> BotClock:
    clock = BotClock()
    monkeypatch.setattr(bots_turn, "time", clock)  # the bots think there (the game screen's part)
    return clock


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[TableView]:
    """Every table view the screen shows, in order."""
    views: list[TableView] = []
    show = GameScreen.show

    def keep(screen: GameScreen) -> None:
        show(screen)
        if screen.view is not None:
            views.append(screen.view)

    monkeypatch.setattr(GameScreen, "show", keep)
    return views


def waits(monkeypatch: pytest.MonkeyPatch, clock: BotClock) -> list[float]:
    """How long each bot's move waited from the start of its thinking to its landing."""
    waited: list[float] = []
    think = GameScreen._think

    def timed(screen: GameScreen, position) -> None:  # noqa: ANN001
        start = clock.monotonic()
        think(screen, position)
        waited.append(clock.monotonic() - start)

    monkeypatch.setattr(GameScreen, "_think", timed)
    return waited


async def test_a_run_of_draws_is_seen_one_draw_at_a_time(
        bot_clock: BotClock, shown: list[TableView], monkeypatch: pytest.MonkeyPatch) -> None:
    waited = waits(monkeypatch, bot_clock)
    app = make_app("--seats", "2", "--seed", "1", "--target", "500", delay="0.8")  # Ben draws 3 in a row
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        runs: list[list[TableView]] = []
        for _ in range(40):
            await settle(pilot)
            runs = [[v for v in shown if v.boneyard.drawing == f"Ben drew {k}"] for k in range(1, 5)]
            if all(runs[:3]) or table.session.waiting != "person":
                break
            table.apply(table.session.state.legal_moves()[-1])
        assert all(runs[:3]), "Ben never drew three tiles in a row"
        # every draw of the run showed on its own: the boneyard one fewer, Ben's hand one more, the count up
        steps = [run[0] for run in runs if run]
        for before, after in zip(steps, steps[1:], strict=False):
            assert after.boneyard.count == before.boneyard.count - 1
            assert after.seats.top[0].tiles == before.seats.top[0].tiles + 1
            assert after.seats.top[0].last == f"drew {int(after.boneyard.drawing.split()[-1])}"
        # never two draws at once, anywhere in the hand
        counts = [v.boneyard.count for v in shown]
        assert all(a - b in (0, 1) for a, b in zip(counts, counts[1:], strict=False))
        # and each bot move, every draw too, landed the bot delay after its turn began
        bot_moves = sum(1 for h in table.session.state.history if h.seat == 1)
        assert len(waited) >= bot_moves > 3 and min(waited) >= 0.8


async def test_with_no_delay_nothing_waits(bot_clock: BotClock) -> None:
    app = seeded_app(2, 5, 500)  # bots only, delay 0
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, ScorePanel)
        table = game(app)
        assert bot_clock.slept == 0 and table.final_timer is None
        assert len(table.session.state.history) > 5


async def test_your_turn_again_is_told_on_the_status_line_and_the_hand() -> None:
    app = make_app("--seats", "2", "--seed", "3", "--target", "500", delay="10")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = game(app)
        hand, status = table.query_one(Hand), table.query_one(Status)
        assert table.my_turn and hand.has_class("-your-turn")
        assert status.view.tone == "prompt" and str(status.render()).startswith("▶ Your lead")
        table.apply(table.session.state.legal_moves()[0])
        await pilot.pause()
        assert not hand.has_class("-your-turn") and table.status == "Ben is thinking…"
        assert not str(status.render()).startswith("▶")
        state = table.session.state
        await bot_move_arrives(pilot, table, state.legal_moves()[0])
        assert table.my_turn and hand.has_class("-your-turn")
        assert str(status.render()).startswith("▶ Your turn") or "fits" in table.status


async def test_the_final_board_shows_before_the_panel_and_again_when_put_aside(
        bot_clock: BotClock, monkeypatch: pytest.MonkeyPatch) -> None:
    # the final board's pause is the window's own timer: made long here, so a busy machine that takes
    # longer than the bot delay to reach the look below never finds the panel already up (it came on 3.13)
    pause = flow.Pause
    monkeypatch.setattr(flow, "Pause", lambda seconds, moment: pause(3600.0, moment))
    app = make_app("--seats", "3", "--seed", "12", "--humans", "0", "--target", "900", delay="0.5")
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        for _ in range(200):
            await settle(pilot)
            if table.session.waiting == "hand_over":
                break
        # the hand is over and the table still shows: its last play marked, every hand face up
        assert app.screen is table and table.final_timer is not None
        view = table.view
        assert view is not None and view.result is not None
        board = table.query_one(Board)
        assert board.last_played == view.board.last_play is not None
        assert "the hand is over" in table.status
        assert all(seat.faces == view.result.remaining[seat.seat] for seat in view.seats.top)
        table._final_board_seen(table.position)  # the bot delay has passed
        await settle(pilot)
        panel = app.screen
        assert isinstance(panel, ScorePanel)
        # put aside by key, back by key; aside by button, back by the table's button
        await pilot.press("t")
        await settle(pilot)
        assert app.screen is table and table.aside == "result"
        assert table.status == ASIDE["result"]
        back = table.query_one("#back-to-result")
        assert back.display and str(back.label) == "Score panel (t)"
        assert board.last_played == view.board.last_play  # the winning play is still marked
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, ScorePanel)
        await pilot.click("#table")
        await settle(pilot)
        assert app.screen is table
        await pilot.click("#back-to-result")
        await settle(pilot)
        assert isinstance(app.screen, ScorePanel) and not back.display
        hand = table.session.state.hand_number
        await pilot.press("enter")
        await settle(pilot)
        assert table.session.state.hand_number == hand + 1


async def test_the_game_over_screen_can_be_put_aside_and_brought_back() -> None:
    app = seeded_app(2, 5, 10, last_move=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, GameOverScreen)
        table = game(app)
        await pilot.click("#table")
        await settle(pilot)
        assert app.screen is table and table.aside == "game_over"
        assert str(table.query_one("#back-to-result").label) == "Game over (t)"
        assert table.query_one(Board).last_played is not None
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("seats", [2, 4])
async def test_notices_never_cover_the_hand(size: tuple[int, int], seats: int) -> None:
    app = make_app("--seats", str(seats), "--seed", "3", "--target", "500")
    async with app.run_test(size=size, notifications=True) as pilot:
        table = await play_until(pilot, lambda t: True)
        for _ in range(3):  # more than fit: only the newest stay
            app.notify("The game could not be saved: No space left on device. Play goes on.", title="Saving",
                       severity="warning", timeout=30)
        app.notify("Nothing fits and the boneyard is empty: you pass.", timeout=30)
        table.notify("A bot could not choose a move (it fell over); it plays the first legal one.",
                     title="Bot error", severity="error", timeout=30)
        await settle(pilot)
        toasts = list(table.query_one(ToastRack).query(Toast))
        assert len(toasts) == 3 and all(toast.region.area for toast in toasts)
        needed = [table.query_one(Hand), table.query_one("#status-row"), table.query_one(Boneyard),
                  table.query_one(Board)]
        for toast in toasts:
            for widget in needed:
                assert toast.region.intersection(widget.region).area == 0, f"a notice covers {widget!r}"


async def test_the_help_says_targets_mid_hand_wins_rounding_and_how_ends_look() -> None:
    text = help_text(Rules(seats=3, target=300))
    for said in ("250 with two seats, 200 with three or four", "This game: 3 seats", "target 300",
                 "in the middle of a hand", "3 and 4 round up", "7 → 5, 8 → 10", "‹W5›", "Lit", "Focused",
                 "▶E4◀", "u, Ctrl+Z", "| t |"):
        assert said in text, said
    app = make_app("--seats", "2", "--seed", "3", "--target", "500")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda t: True)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.rules is not None
        assert app.screen.rules.target == 500


async def test_a_refused_move_is_told_in_the_players_words() -> None:
    app = make_app("--seats", "2", "--seed", "3", "--target", "500")
    async with app.run_test(size=(80, 24)) as pilot:
        table = await play_until(pilot, lambda t: len(t.session.state.history) > 1)
        state = table.session.state
        theirs = state.hands[1][0]
        assert not table.apply(Move.play(theirs))  # a tile of the other seat: the engine refuses
        assert table.session.state is state
        assert table.status == f"Not allowed: {theirs} is not in your hand."


async def test_a_whole_game_at_one_terminal_speaks_to_people_by_name(shown: list[TableView]) -> None:
    """Four people at one terminal: no "seat", no "Player", nobody told apart by a number."""
    app = make_app("--seats", "4", "--seed", "8", "--humans", "4", "--target", "20")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_game_by_mouse(pilot)
        texts = [v.status.plain for v in shown] + [line.text.plain for line in shown[-1].log]
        names = [p.name for p in game(app).session.setup.players]
        assert len(set(names)) == 4
        for text in texts:
            assert "seat" not in text.lower() and "player" not in text.lower(), text
        assert any(text.startswith(f"{names[1]} ") for text in texts)
        assert isinstance(app.screen, GameOverScreen)


async def test_the_scoresheet_shows_each_new_row_as_it_comes() -> None:
    """A row added after its line was drawn blank (the sheet was shorter) is drawn, not left blank."""
    from allfives.ui.widgets.scoresheet import Scoresheet, _Rows

    app = make_app("--seats", "2", "--seed", "6", "--target", "500")
    async with app.run_test(size=(80, 24)) as pilot:
        table = await play_until(pilot, lambda t: len(t.query_one(Scoresheet).sheet.rows) >= 3)
        await settle(pilot)
        sheet = table.query_one(Scoresheet)
        body = sheet.query_one(_Rows)
        drawn = [body.render_line(y).text.rstrip() for y in range(body.size.height)]
        top = body.scroll_offset.y
        wanted = [line.rstrip() for line in sheet.lines()[top:top + body.size.height]]
        assert drawn[:len(wanted)] == wanted and all(wanted)


@pytest.mark.parametrize(("table", "mark"), [(("--seats", "2"), ["seeded", "deals"]),
                                             (("--seats", "4", "--cut-throat"), ["seeded"])])
async def test_a_seeded_game_says_so_over_the_scoresheet_and_an_unseeded_one_does_not(
        table: tuple[str, ...], mark: list[str]) -> None:
    """Over the labels' column, as much as fits: four columns at 80x24 leave room for "seeded" only."""
    from allfives.ui.widgets.scoresheet import Scoresheet

    for flags, shown in ((("--seed", "4"), mark), ((), [])):
        app = make_app(*table, *flags)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            setup = app.game_screen.session.setup
            names = [setup.side_name(side) for side in range(setup.rules.sides)]
            assert app.game_screen.query_one(Scoresheet).head_text()[0].split() == shown + names
            assert setup.seeded == bool(flags)
