"""Game flow around the table: play holds behind help, the new-game screen and the too-small notice;
starting a new game replaces the old one cleanly and keeps an unfinished one."""

from __future__ import annotations

from pathlib import Path

import pytest

from allfives.engine import GameState, Move, Rules, to_record
from allfives.play.saving import SaveStore
from allfives.play.setup import GameSetup, default_players
from allfives.ui.app import AllFivesApp
from allfives.ui.launch import parser, setup_from
from allfives.ui.screens.confirm import ConfirmScreen
from allfives.ui.screens.game import GameScreen
from allfives.ui.screens.game_over import GameOverScreen
from allfives.ui.screens.new_game import NewGameScreen
from allfives.ui.screens.resume import ResumeScreen
from allfives.ui.screens.score_panel import ScorePanel
from allfives.ui.widgets.hand import Hand

from .helpers import (
    bot_move_arrives,
    click_tile,
    game,
    on_disk,
    play_game_by_mouse,
    play_until,
    settle,
    until,
)
from .scenes import position_where, seeded_app

SMALL, BIG = (60, 20), (120, 40)


def make_setup(*flags: str) -> GameSetup:
    setup = setup_from(parser().parse_args(["--bot-delay", "0", "--level", "easy", *flags]))
    assert setup is not None
    return setup


def make_app(*flags: str) -> AllFivesApp:
    return AllFivesApp(make_setup(*flags), ask_resume=False)


def moves(table: GameScreen) -> int:
    return sum(len(hand.moves) for hand in table.session.state.log)


def previous_saves(data_dir: Path) -> list[Path]:
    return sorted(data_dir.glob("save.previous-*.json"))


# -- bug 1: nothing moves behind a screen over the table ---------------------------------------


@pytest.mark.parametrize("key", ["question_mark", "ctrl+n"])
async def test_play_holds_behind_help_and_new_game(key: str) -> None:
    app = make_app("--seats", "2", "--seed", "3", "--target", "500")
    async with app.run_test(size=BIG) as pilot:
        table = await play_until(pilot, lambda t: True)
        await pilot.press(key)
        await pilot.pause()
        cover = type(app.screen)
        assert cover is not GameScreen
        table.apply(table.session.state.legal_moves()[-1])  # my move lands just as the screen opens
        after_mine, made = table.session.state, moves(table)
        assert table.session.waiting == "bot"
        await settle(pilot)
        assert table.session.state is after_mine, "a bot moved behind the screen"
        assert type(app.screen) is cover
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is table or isinstance(app.screen, ScorePanel)
        assert moves(table) > made


async def test_bot_move_that_arrives_behind_help_lands_when_help_closes() -> None:
    app = make_app("--seats", "2", "--seed", "3", "--target", "500")
    async with app.run_test(size=BIG) as pilot:
        table = await play_until(pilot, lambda t: True)
        await pilot.press("question_mark")
        await pilot.pause()
        table.apply(table.session.state.legal_moves()[-1])
        await settle(pilot)
        state = table.session.state
        bot_move = state.legal_moves()[0]
        await bot_move_arrives(pilot, table, bot_move)  # the bot's thinking finishes while help is open
        assert table.session.state is state  # held
        await pilot.press("escape")
        await settle(pilot)
        assert table.session.state is not state
        assert table.session.state.history[len(state.history)].move == bot_move


def ends_the_hand(state: GameState) -> bool:
    return any(state.apply(m)[0].phase != "playing" for m in state.legal_moves())


async def test_game_over_new_game_is_never_a_dead_end(data_dir: Path) -> None:
    """The hand ends while a ctrl+n new-game screen is open: no panel opens over it, and later
    game-over's "New game" opens a usable screen (no Back to a finished table)."""
    setup = make_setup("--seats", "2", "--seed", "7", "--target", "60")  # (the game runs past hand 1)
    app = AllFivesApp(saved=position_where(setup, ends_the_hand))  # (as play_until would find it)
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot)
        table = game(app)
        assert table.my_turn
        await pilot.press("ctrl+n")
        await pilot.pause()
        state = table.session.state
        table.apply(next(m for m in state.legal_moves() if state.apply(m)[0].phase != "playing"))
        await settle(pilot)
        assert [type(s) for s in app.screen_stack[1:]] == [GameScreen, NewGameScreen]
        assert app.screen.cancellable
        await pilot.press("escape")
        await play_game_by_mouse(pilot)
        assert [type(s) for s in app.screen_stack[1:]] == [GameScreen, GameOverScreen]
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and not app.screen.cancellable
        assert not app.screen.query("#back")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        # a finished game has nothing to keep: Start sets nothing aside
        await pilot.click("#start")
        await settle(pilot)
        assert game(app) is not table
        assert previous_saves(data_dir) == [] and (data_dir / "last-game.json").exists()


async def test_game_over_new_game_over_a_cancellable_new_game_screen() -> None:
    """The old dead end: game over had opened over a cancellable new-game screen."""
    app = seeded_app(2, 5, 20, last_move=True)
    async with app.run_test(size=BIG) as pilot:
        await until(pilot, GameOverScreen)
        table = game(app)
        await app.pop_screen()  # game over gone without a choice, a "Back" new-game screen instead
        await app.push_screen(NewGameScreen(cancellable=True), app._setup_chosen)
        table._game_over_chosen("new")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and not app.screen.cancellable
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


# -- bug 1 + bug 4: Start replaces the old table and keeps its game -------------------------------


async def test_start_over_a_game_in_progress(data_dir: Path) -> None:
    app = make_app("--seats", "2", "--seed", "3", "--target", "500")
    async with app.run_test(size=BIG) as pilot:
        table = await play_until(pilot, lambda t: True)
        await pilot.press("ctrl+n")
        await pilot.pause()
        table.apply(table.session.state.legal_moves()[-1])
        await settle(pilot)
        state = table.session.state
        await bot_move_arrives(pilot, table, state.legal_moves()[0])  # held behind the new-game screen
        assert table.session.state is state  # held
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)  # leaving a game in progress asks first
        await pilot.press("y")
        await settle(pilot)
        new = game(app)
        assert new is not table
        assert table.session.state is state, "the old game's bot landed a move after Start"
        assert [type(s) for s in app.screen_stack[1:]] == [GameScreen]
        saved = on_disk(data_dir / "save.json")
        assert to_record(saved)["hands"] == to_record(new.session.state)["hands"]
        kept = previous_saves(data_dir)
        assert len(kept) == 1
        assert to_record(on_disk(kept[0]))["hands"] == to_record(state)["hands"]


def saved_game(data_dir: Path) -> GameState:
    """A game in progress on disk (a few moves into hand 1), as a previous session left it."""
    setup = GameSetup(rules=Rules(seats=2, target=500), players=default_players(2), seed=9, bot_delay=0)
    state = GameState.new(setup.rules, 9)
    for _ in range(3):
        state, _ = state.apply(state.legal_moves()[0])
    SaveStore(data_dir).save(state, setup)
    return state


@pytest.mark.parametrize("with_flags", [False, True])
async def test_resume_prompt_new_game_keeps_the_old_one(data_dir: Path, with_flags: bool) -> None:
    old = saved_game(data_dir)
    setup = setup_from(parser().parse_args(["--bot-delay", "0", "--seed", "4"])) if with_flags else None
    app = AllFivesApp(setup, bot_delay=0)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("n")
        await pilot.pause()
        if not with_flags:
            assert isinstance(app.screen, NewGameScreen)
            await pilot.press("ctrl+s")
        await settle(pilot)
        new = game(app)
        kept = previous_saves(data_dir)
        assert len(kept) == 1
        assert to_record(on_disk(kept[0]))["hands"] == to_record(old)["hands"]
        now = on_disk(data_dir / "save.json")
        assert to_record(now)["hands"] == to_record(new.session.state)["hands"]


# -- bug 2: nothing acts behind the too-small notice -----------------------------------------------


async def test_keys_and_clicks_do_nothing_behind_the_notice() -> None:
    app = make_app("--seats", "2", "--seed", "3", "--target", "500")
    async with app.run_test(size=BIG) as pilot:
        table = await play_until(pilot, lambda t: True)
        state = table.session.state
        tile = table.query_one(Hand).tiles[0]
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        assert app.too_small
        for key in ("enter", "space", "d", "h", "w", "e", "right", "tab", "enter", "ctrl+n", "ctrl+p"):
            await pilot.press(key)
        await click_tile(pilot, tile)
        await settle(pilot)
        assert table.session.state is state and table.turn.chosen is None and app.screen is table
        await pilot.press("question_mark")  # help still opens (and closes) behind the notice
        await pilot.pause()
        assert app.screen is not table
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table
        await pilot.resize_terminal(*BIG)
        await pilot.pause()
        assert table.my_turn
        await pilot.press("d" if state.legal_moves() == [Move.draw()] else "enter")
        await pilot.pause()
        assert table.session.state is not state or table.turn.chosen is not None


async def test_score_panel_waits_behind_the_notice() -> None:
    app = seeded_app(2, 5, 250, last_move=True)
    async with app.run_test(size=BIG) as pilot:
        await until(pilot, ScorePanel)
        table = game(app)
        hand = table.session.state.hand_number
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        for key in ("enter", "space", "c"):
            await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, ScorePanel) and table.session.state.hand_number == hand
        await pilot.resize_terminal(*BIG)
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert table.session.state.hand_number == hand + 1


async def test_bots_wait_while_the_terminal_is_too_small() -> None:
    app = seeded_app(2, 5, 250)  # bots only
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        table = game(app)
        assert moves(table) == 0 and app.screen is table
        await pilot.resize_terminal(*BIG)
        await until(pilot, ScorePanel)
        assert moves(table) > 0


async def test_bot_move_held_while_small_lands_when_big_again() -> None:
    app = make_app("--seats", "2", "--seed", "3", "--target", "500")
    async with app.run_test(size=BIG) as pilot:
        table = await play_until(pilot, lambda t: True)
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        table.apply(table.session.state.legal_moves()[-1])  # my move landed just as the terminal shrank
        await settle(pilot)
        state = table.session.state
        assert table.session.waiting == "bot"
        bot_move = state.legal_moves()[0]
        await bot_move_arrives(pilot, table, bot_move)
        assert table.session.state is state
        await pilot.resize_terminal(*BIG)
        await settle(pilot)
        assert table.session.state.history[len(state.history)].move == bot_move


async def test_hidden_field_takes_no_typing(data_dir: Path) -> None:
    app = AllFivesApp(bot_delay=0, ask_resume=False)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        target = app.screen.query_one("#target")
        target.focus()
        await pilot.pause()
        before = target.value
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        await pilot.press("9", "backspace", "enter")
        await pilot.pause()
        assert target.value == before and isinstance(app.screen, NewGameScreen)
        assert not (data_dir / "save.json").exists()
