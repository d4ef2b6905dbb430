"""Undo: against bots the person takes back their last play and the bots' replies after it; the record
keeps only the moves that stand; at one terminal a move may be taken back only until the next person
has acted."""

from __future__ import annotations

from pathlib import Path

from allfives.engine import GameState, Move, replay, to_record
from allfives.play.setup import GameSetup
from allfives.record_file import read_record
from allfives.ui.app import AllFivesApp
from allfives.ui.launch import parser, setup_from
from allfives.ui.messages import BotChose
from allfives.ui.model.view import game_log
from allfives.ui.screens.game import GameScreen
from allfives.ui.screens.handover import HandoverScreen
from allfives.ui.screens.score_panel import ScorePanel

from .helpers import game, on_disk, play_by_mouse, play_until, settle
from .scenes import position_where


def make_setup(*flags: str, delay: str = "0") -> GameSetup:
    setup = setup_from(parser().parse_args(["--bot-delay", delay, "--level", "medium", *flags]))
    assert setup is not None
    return setup


def make_app(*flags: str, delay: str = "0") -> AllFivesApp:
    return AllFivesApp(make_setup(*flags, delay=delay), ask_resume=False)


def keeps_playing(table: GameScreen) -> Move | None:
    """A move of mine after which the hand goes on (and a bot replies), once the lead is made."""
    state = table.session.state
    if not state.history:
        return None
    return next((m for m in state.legal_moves() if m.kind == "play" and state.apply(m)[0].phase == "playing"),
                None)


async def test_undo_after_a_bot_reply_restores_the_exact_earlier_state(data_dir: Path) -> None:
    app = make_app("--seats", "2", "--seed", "8", "--target", "500")  # (a play of yours ends hand 1)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await play_until(pilot, lambda t: keeps_playing(t) is not None)
        before, move = table.session.state, keeps_playing(table)
        assert move is not None
        await play_by_mouse(pilot, move)
        await settle(pilot)
        replied = table.session.state
        assert len(replied.history) >= len(before.history) + 2, "the bot did not reply"
        assert table.view is not None and table.view.can_undo
        await pilot.press("u")
        await settle(pilot)
        # exactly where it was: the same state, the same events for the log and the sheet
        assert table.session.state == before and table.my_turn
        since = replied.history[len(before.history) + 1:]
        assert table.status == f"You took back {move.tile} and " + (
            "Ben's reply." if len(since) == 1 else f"the {len(since)} moves since.")
        replayed, hands = replay(to_record(before))
        assert table.session.hands == [list(h) for h in hands]
        assert table.view.log == game_log(table.session.setup, hands, frozenset({0}))
        # the save keeps only the moves that stand, and replays to the same state
        record, _ = read_record(data_dir / "save.json")  # (the record and its journal)
        assert record["hands"] == to_record(before)["hands"]
        assert replay(record)[0] == before == on_disk(data_dir / "save.json")
        # seeded bots are the same bots after an undo: the same play gets the same reply
        await play_by_mouse(pilot, move)
        await settle(pilot)
        assert table.session.state.history[:len(replied.history)] == replied.history


async def test_undo_by_key_and_button_and_what_it_says_when_there_is_nothing() -> None:
    app = make_app("--seats", "3", "--seed", "4", "--target", "500")
    async with app.run_test(size=(120, 40)) as pilot:
        table = await play_until(pilot, lambda t: not any(h.seat == 0 for h in t.session.state.history))
        state = table.session.state
        button = table.query_one("#undo")
        assert button.display and button.disabled
        for key in ("u", "ctrl+z"):
            await pilot.press(key)
            await pilot.pause()
            assert table.session.state is state
            assert table.status == "Nothing to take back: you have not played a tile this hand."
        await play_by_mouse(pilot, state.legal_moves()[0])
        await settle(pilot)
        assert not button.disabled
        await pilot.click(button)
        await settle(pilot)
        assert table.session.state == state and table.my_turn


async def test_a_bot_move_thought_about_before_an_undo_never_lands_after_it() -> None:
    app = make_app("--seats", "2", "--seed", "3", "--target", "500", delay="10")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = game(app)
        assert table.my_turn
        state = table.session.state
        move = state.legal_moves()[0]
        table.apply(move)  # my lead; the bot thinks (for the whole delay)
        await pilot.pause()
        thought_about = table.position
        assert table.session.waiting == "bot"
        await pilot.press("u")
        await settle(pilot)
        assert table.session.state == state and table.my_turn
        assert not any(w.group == "bot" and w.is_running for w in app.workers)  # it stopped thinking
        table.apply(move)  # the same lead again: the hand has as many events as when the bot thought
        await pilot.pause()
        again = table.session.state
        assert table.position[:2] == thought_about[:2] and table.position != thought_about
        table.post_message(BotChose(thought_about, again.legal_moves()[0]))
        await pilot.pause()
        assert table.session.state is again


async def test_at_one_terminal_a_move_is_taken_back_only_until_the_next_person_acts() -> None:
    app = make_app("--seats", "2", "--seed", "1", "--humans", "2", "--target", "500")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen) and app.screen.undo_for is None
        await pilot.press("enter")
        await settle(pilot)
        table = game(app)
        first, lead = table.viewer, table.session.state
        name = table.session.setup.players[first].name
        await play_by_mouse(pilot, lead.legal_moves()[0])
        await settle(pilot)
        # the terminal is to be passed on: until the next person says it is them, it can come back
        handover = app.screen
        assert isinstance(handover, HandoverScreen) and handover.undo_for == name
        await pilot.click("#undo")
        await settle(pilot)
        assert app.screen is table and table.viewer == first and not table.query_one("#hand").hidden
        assert table.session.state == lead
        await play_by_mouse(pilot, lead.legal_moves()[0])
        await settle(pilot)
        await pilot.press("enter")  # the next person takes the terminal...
        await settle(pilot)
        second = table.viewer
        assert second != first
        await pilot.press("u")  # ...and may not take back the other's move
        await pilot.pause()
        assert "Nothing to take back" in table.status
        await play_by_mouse(pilot, table.session.state.legal_moves()[0])  # ...and plays
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert table.viewer == first
        other = table.session.setup.players[second].name
        await pilot.press("u")
        await pilot.pause()
        assert table.status == f"{other} has moved since your last play: it stands."


def ends_the_hand(state: GameState) -> bool:
    return state.apply(state.legal_moves()[-1])[0].phase != "playing"


async def test_the_play_that_ended_a_hand_can_be_taken_back_from_the_table() -> None:
    setup = make_setup("--seats", "2", "--seed", "8", "--target", "500")  # (a play of yours ends hand 1)
    app = AllFivesApp(saved=position_where(setup, ends_the_hand))  # (that play to make)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = game(app)
        assert table.my_turn
        before = table.session.state
        await play_by_mouse(pilot, before.legal_moves()[-1])
        await settle(pilot)
        assert isinstance(app.screen, ScorePanel)
        await pilot.press("t")  # put the panel aside: the final board, and undo
        await settle(pilot)
        assert app.screen is table
        await pilot.press("u")
        await settle(pilot)
        assert table.session.state == before and table.my_turn and table.aside is None
        await play_by_mouse(pilot, before.legal_moves()[-1])  # the same play: the hand ends again
        await settle(pilot)
        assert isinstance(app.screen, ScorePanel)
