"""Bots and hints think in worker threads and post messages back; a worker that fails is told as a
notification and the game goes on."""

from __future__ import annotations

import contextlib

import pytest
from textual.pilot import Pilot
from textual.worker import WorkerFailed

from allfives.engine import Move
from allfives.play.session import Session
from allfives.ui.app import AllFivesApp
from allfives.ui.launch import parser, setup_from
from allfives.ui.messages import BotChose, HintReady

from .helpers import game, play_by_mouse, play_until, settle


def make_app(*flags: str) -> AllFivesApp:
    setup = setup_from(parser().parse_args(["--level", "easy", *flags]))
    return AllFivesApp(setup, ask_resume=False)


async def settle_past_failures(pilot: Pilot, tries: int = 50) -> None:
    """Settle where workers fail on purpose: a wait that meets one failing hears of it, and waits again."""
    for _ in range(tries):
        with contextlib.suppress(WorkerFailed):
            await settle(pilot)
            return
    raise AssertionError("the app never settled")


def told(app: AllFivesApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_a_bot_move_comes_back_as_a_message_for_its_moment(monkeypatch: pytest.MonkeyPatch) -> None:
    heard: list[BotChose] = []
    from allfives.ui.screens.game import GameScreen

    post = GameScreen.post_message

    def hear(screen: GameScreen, message) -> bool:  # noqa: ANN001
        if isinstance(message, BotChose):
            heard.append(message)
        return post(screen, message)

    monkeypatch.setattr(GameScreen, "post_message", hear)
    app = make_app("--seats", "2", "--seed", "3", "--bot-delay", "0", "--humans", "0", "--target", "500")
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3):
            await settle(pilot)
        table = game(app)
        moves = [h.move for h in table.session.state.history]
        assert len(heard) >= len(moves) > 0
        assert [m.move for m in heard[:len(moves)]] == moves
        positions = [m.position for m in heard[:len(moves)]]  # the moment each was thought about
        assert positions[0] == (1, 1, 0) and positions == sorted(set(positions))


async def test_a_late_bot_move_for_another_moment_is_dropped() -> None:
    app = make_app("--seats", "2", "--seed", "3", "--bot-delay", "0", "--target", "500")
    async with app.run_test(size=(120, 40)) as pilot:
        table = await play_until(pilot, lambda t: True)
        state = table.session.state
        table.post_message(BotChose((1, 0, 0), state.legal_moves()[0]))  # thought about the deal, long ago
        await settle(pilot)
        assert table.session.state is state and table.my_turn


async def test_a_failing_bot_is_told_and_plays_its_first_legal_move(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: Session) -> Move:
        raise RuntimeError("the bot fell over")

    monkeypatch.setattr(Session, "think", broken)
    app = make_app("--seats", "3", "--seed", "5", "--bot-delay", "0", "--humans", "0", "--target", "500")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle_past_failures(pilot)
        await settle_past_failures(pilot)
        table = game(app)
        assert any("could not choose a move (the bot fell over)" in m for m in told(app))
        history = table.session.state.history
        assert len(history) >= 2  # the game went on
        deal = table.session.state.log[-1]
        assert history[0].move == Move.play(deal.hands[deal.leader][0])  # the leader's first legal move


async def test_a_hint_comes_as_a_message_and_a_failing_one_is_told(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app("--seats", "2", "--seed", "6", "--bot-delay", "0", "--target", "500")
    async with app.run_test(size=(120, 40)) as pilot:
        table = await play_until(pilot, lambda t: len(t.session.state.legal_moves()) > 1)
        move = table.session.state.legal_moves()[-1]
        table.post_message(HintReady(table.position, move))
        await pilot.pause()
        assert table.turn.hint == move and "Hint" in table.status

        def broken(self: Session, seat: int) -> Move:
            raise RuntimeError("no idea")

        monkeypatch.setattr(Session, "hint", broken)
        await pilot.press("h")
        await settle_past_failures(pilot)
        assert any("No hint this time: no idea" in m for m in told(app))
        assert table.my_turn  # and the turn is still the person's to play
        await play_by_mouse(pilot, table.session.state.legal_moves()[0])
        await settle(pilot)
        assert table.session.state.history


async def test_a_click_while_a_bot_thinks_says_whose_turn_it_is() -> None:
    app = make_app("--seats", "2", "--seed", "3", "--bot-delay", "5", "--target", "500")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = game(app)
        if table.my_turn:  # lead, so that the bot is next
            await pilot.press("enter")
            await pilot.pause()
        assert table.session.waiting == "bot"
        await pilot.press("enter")
        await pilot.pause()
        assert table.status == "Wait: it is Ben's turn."
