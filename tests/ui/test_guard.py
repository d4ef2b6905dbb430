"""No misclick that costs a game: dialogs that open by themselves ignore clicks and keys for a moment
(a click meant for the hand never quits, deals or starts a new game), and quitting or leaving a game
in progress asks first. The dialogs' clock is the test's own: nothing here waits."""

from __future__ import annotations

from pathlib import Path

import pytest

from allfives.engine import GameState, Move, to_record
from allfives.play.setup import GameSetup
from allfives.ui.app import AllFivesApp
from allfives.ui.launch import parser, setup_from
from allfives.ui.screens import guard
from allfives.ui.screens.confirm import ConfirmScreen
from allfives.ui.screens.game import GameScreen
from allfives.ui.screens.game_over import GameOverScreen
from allfives.ui.screens.new_game import NewGameScreen
from allfives.ui.screens.score_panel import ScorePanel
from allfives.ui.widgets.hand import Hand

from .helpers import StoppedClock, game, on_disk, play_until, screen_spot, settle, until
from .scenes import position_where, seeded_app


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> StoppedClock:
    """Dialogs take their moment again, on a clock that stands still until the test moves it."""
    stopped = StoppedClock()
    monkeypatch.setattr(guard, "GRACE", 0.5)
    monkeypatch.setattr(guard, "clock", stopped)
    return stopped


def make_setup(*flags: str) -> GameSetup:
    setup = setup_from(parser().parse_args(["--bot-delay", "0", "--level", "easy", *flags]))
    assert setup is not None
    return setup


def make_app(*flags: str) -> AllFivesApp:
    return AllFivesApp(make_setup(*flags), ask_resume=False)


def exits_of(app: AllFivesApp, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every call of app.exit from now on (the app goes on running, so the test can look)."""
    calls: list[object] = []
    monkeypatch.setattr(app, "exit", lambda *args, **kwargs: calls.append(args))
    return calls


def hand_spots(table: GameScreen) -> list[tuple[int, int]]:
    hand = table.query_one(Hand)
    return [screen_spot(hand, x + w // 2, y) for x, w in hand.tile_spans() for y in (0, 1, 2)]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_click_at_the_hand_as_game_over_opens_does_not_quit(
        clock: StoppedClock, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    app = seeded_app(2, 5, 10, last_move=True)  # bots play to 10 in the first hand: game over, no panel first
    async with app.run_test(size=size) as pilot:
        exits = exits_of(app, monkeypatch)
        await until(pilot, GameOverScreen)
        over = app.screen
        quit_button = over.query_one("#quit")
        spots = hand_spots(game(app))
        # at this size the game-over screen's buttons lie where the hand's tiles were
        under = {app.get_widget_at(*spot)[0] for spot in spots}
        assert any(widget.id in ("quit", "new", "table") for widget in under)
        for spot in spots:
            await pilot.click(offset=spot)
        await pilot.click(quit_button)
        for key in ("q", "enter", "n", "escape", "t", "space"):
            await pilot.press(key)
        await settle(pilot)
        assert app.screen is over and exits == []
        # once it has shown for its moment it answers: the same Quit click quits
        clock.tick(guard.GRACE)
        await pilot.click(quit_button)
        await settle(pilot)
        assert exits, "Quit did nothing once the dialog had settled"


def hand_ending_click(state: GameState) -> Move | None:
    """A play that ends the hand and takes one click (its tile fits one end)."""
    return next((m for m in state.legal_moves() if m.kind == "play"
                 and state.apply(m)[0].phase != "playing" and len(state.ends_for(m.tile)) <= 1), None)


async def test_a_double_click_that_ends_the_hand_does_not_deal_the_next(clock: StoppedClock) -> None:
    setup = make_setup("--seats", "2", "--seed", "7", "--target", "500")
    app = AllFivesApp(saved=position_where(setup, lambda state: hand_ending_click(state) is not None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = game(app)
        state = table.session.state
        move = hand_ending_click(state)
        assert move is not None and table.my_turn
        hand = table.query_one(Hand)
        x, w = hand.tile_spans()[hand.tiles.index(move.tile)]
        spot = screen_spot(hand, x + w // 2, 1)
        await pilot.click(offset=spot)  # the first click plays the last tile: the hand ends
        await settle(pilot)
        panel = app.screen
        assert isinstance(panel, ScorePanel)
        await pilot.click(offset=spot)  # the second click of the double-click
        await pilot.click(panel.query_one("#continue"))
        await pilot.press("enter")
        # a press while it is new, let go once it has settled: no click is made of the pair
        await pilot.mouse_down(panel.query_one("#continue"))
        clock.tick(guard.GRACE)
        await pilot.mouse_up(panel.query_one("#continue"))
        await settle(pilot)
        assert app.screen is panel and table.session.state.hand_number == state.hand_number
        await pilot.press("enter")
        await settle(pilot)
        assert table.session.state.hand_number == state.hand_number + 1


async def test_quitting_a_game_in_progress_asks_first_and_takes_the_answer_at_once(
        clock: StoppedClock, monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    """The quit question is asked for: it takes keys the moment it opens (ctrl+q then q quits), on a
    clock that has not moved."""
    app = make_app("--seats", "2", "--seed", "3", "--target", "500")
    async with app.run_test(size=(80, 24)) as pilot:
        exits = exits_of(app, monkeypatch)
        table = await play_until(pilot, lambda t: len(t.session.state.history) > 2)
        for key in ("q", "ctrl+q"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen) and exits == []
            await pilot.press("escape")  # keep playing, at once
            await pilot.pause()
            assert app.screen is table and exits == []
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("q")
        await settle(pilot)
        assert exits
        # the game is saved either way: the save holds every move made
        saved = on_disk(data_dir / "save.json")
        assert to_record(saved)["hands"] == to_record(table.session.state)["hands"]


async def test_a_finished_game_quits_without_asking(monkeypatch: pytest.MonkeyPatch) -> None:
    app = seeded_app(2, 5, 10, last_move=True)
    async with app.run_test(size=(80, 24)) as pilot:
        exits = exits_of(app, monkeypatch)
        await until(pilot, GameOverScreen)
        await pilot.press("t")  # put aside: the finished table, where q quits
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q")
        await settle(pilot)
        assert exits and not isinstance(app.screen, ConfirmScreen)


async def test_leaving_a_game_in_progress_for_a_new_one_asks_first(clock: StoppedClock) -> None:
    """The new-game screen and its question were asked for: each takes keys at once."""
    app = make_app("--seats", "2", "--seed", "3", "--target", "500")
    async with app.run_test(size=(80, 24)) as pilot:
        table = await play_until(pilot, lambda t: True)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")  # the safe answer has the focus
        await settle(pilot)
        assert app.screen is table and not table.closed  # back to the game in progress
        assert table.session.waiting == "person"


async def test_the_first_screen_starts_at_once(clock: StoppedClock) -> None:
    """Enter starts a game from the new-game screen at launch: nothing there was meant for a table."""
    app = AllFivesApp(bot_delay=0, ask_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
