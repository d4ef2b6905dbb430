"""Clicks that the rules refuse are explained on the status line; drawing is a click on the boneyard."""

from __future__ import annotations

from allfives.engine import Move
from allfives.ui.app import AllFivesApp
from allfives.ui.launch import parser, setup_from
from allfives.ui.screens.handover import HandoverScreen
from allfives.ui.screens.new_game import NewGameScreen
from allfives.ui.widgets.boneyard import Boneyard
from allfives.ui.widgets.game_log import GameLog
from allfives.ui.widgets.hand import Hand

from .helpers import click_boneyard, click_end, click_tile, game, play_until, settle


def make_app(*flags: str) -> AllFivesApp:
    setup = setup_from(parser().parse_args(["--bot-delay", "0", "--level", "easy", *flags]))
    return AllFivesApp(setup, ask_resume=False)


def has_unplayable(table) -> bool:
    state = table.session.state
    return not state.layout.empty and len(state.playable(table.viewer)) < len(state.hands[table.viewer])


async def test_unplayable_tile_is_explained() -> None:
    async with make_app("--seats", "2", "--seed", "3").run_test(size=(120, 40)) as pilot:
        table = await play_until(pilot, has_unplayable)
        state = table.session.state
        tile = next(t for t in state.hands[table.viewer] if t not in state.playable(table.viewer))
        await click_tile(pilot, tile)
        await pilot.pause()
        assert table.session.state is state  # nothing happened
        # in the player's words: the tile they chose, why, and what the ends take
        assert f"{tile} can't be played" in table.status and "matches no open end" in table.status
        assert all(f"{end} {pip}" in table.status for end, pip in state.layout.open_ends.items())
        assert table.turn.chosen is None


def fits_two_ends_not_all(table) -> bool:
    state = table.session.state
    return any(1 < len(state.ends_for(t)) < len(state.layout.open_ends) for t in state.playable(table.viewer))


async def test_wrong_end_is_explained_and_right_end_plays() -> None:
    async with make_app("--seats", "2", "--seed", "4", "--target", "500").run_test(size=(120, 40)) as pilot:
        table = await play_until(pilot, fits_two_ends_not_all)
        state = table.session.state
        tile = next(t for t in state.playable(table.viewer)
                    if 1 < len(state.ends_for(t)) < len(state.layout.open_ends))
        ends = state.ends_for(tile)
        wrong = next(e for e in state.layout.open_ends if e not in ends)
        await click_tile(pilot, tile)
        await pilot.pause()
        assert table.turn.chosen == tile
        board = table.query_one("#board")
        assert board.selectable_ends == frozenset(ends)
        await click_end(pilot, wrong)
        await pilot.pause()
        assert table.session.state is state
        assert ("Not there" in table.status and f"does not fit end {wrong}" in table.status) or \
            "lit ends" in table.status
        await pilot.press(wrong.lower())  # the key says why too
        await pilot.pause()
        assert table.session.state is state and f"does not fit end {wrong}" in table.status
        await click_end(pilot, ends[-1])
        await pilot.pause()
        assert table.session.state is not state
        assert table.session.state.history[len(state.history)].move == Move.play(tile, ends[-1])


async def test_drawing_by_clicking_the_boneyard() -> None:
    async with make_app("--seats", "2", "--seed", "2", "--target", "500").run_test(size=(120, 40)) as pilot:
        table = await play_until(pilot, lambda t: t.session.state.playable(t.viewer)
                                 and not t.session.state.layout.empty)
        state = table.session.state
        await click_boneyard(pilot)  # holding a playable tile: refused, with the reason
        await pilot.pause()
        assert table.session.state is state and "may not draw" in table.status
        table = await play_until(pilot, lambda t: t.session.state.legal_moves() == [Move.draw()])
        assert table.query_one(Boneyard).must_draw
        assert "draw" in table.status
        before = table.session.state
        n = len(before.hands[table.viewer])
        await click_boneyard(pilot)
        await pilot.pause()
        after = table.session.state
        assert len(after.hands[table.viewer]) == n + 1
        assert len(after.boneyard) == len(before.boneyard) - 1
        assert table.query_one(Boneyard).count == len(after.boneyard)
        assert table.query_one(Hand).tiles == after.hands[table.viewer]
        assert table.query_one(GameLog).texts[-1] == f"You draw {after.hands[table.viewer][-1]}"


async def test_keys_play_a_tile() -> None:
    async with make_app("--seats", "2", "--seed", "9", "--target", "500").run_test(size=(120, 40)) as pilot:
        table = await play_until(pilot, lambda t: bool(t.session.state.playable(t.viewer)))
        state = table.session.state
        tile = state.playable(table.viewer)[0]
        hand = table.query_one(Hand)
        steps = (hand.tiles.index(tile) - hand.cursor) % len(hand.tiles)
        await pilot.press(*["right"] * steps)
        await pilot.press("enter")
        ends = state.ends_for(tile)
        if len(ends) > 1:
            await pilot.press("enter")  # again: on the lit (first) end
        await pilot.pause()
        assert table.session.state is not state
        assert table.session.state.history[len(state.history)].move.tile == tile


async def test_new_game_screen_enter_starts_with_defaults() -> None:
    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")
        await settle(pilot)
        table = game(app)
        setup = table.session.setup
        assert setup.rules.seats == 2 and setup.rules.target == 250 and setup.rules.hand_size == 9
        assert [p.kind for p in setup.players] == ["person", "bot"] and setup.players[1].level == "medium"


async def test_new_game_screen_four_seats_defaults_to_partners() -> None:
    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        from textual.widgets import Select
        screen.query_one("#seats", Select).value = 4
        await pilot.pause()
        setup = screen.setup()
        assert not isinstance(setup, str)
        assert setup.rules.partnership and setup.rules.target == 200 and setup.rules.hand_size == 5
        assert len(setup.players) == 4


async def test_two_people_hand_is_hidden_until_owner_confirms() -> None:
    async with make_app("--seats", "2", "--seed", "1", "--humans", "2").run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, HandoverScreen)
        table = game(pilot.app)
        assert table.query_one(Hand).hidden
        seat = pilot.app.screen.seat
        await pilot.press("enter")
        await settle(pilot)
        assert not table.query_one(Hand).hidden and table.viewer == seat
        await click_tile(pilot, table.session.state.hands[seat][0])  # the leader may lead anything
        await settle(pilot)
        assert isinstance(pilot.app.screen, HandoverScreen) and pilot.app.screen.seat == 1 - seat
        assert table.query_one(Hand).hidden


async def test_hint_suggests_a_legal_move() -> None:
    async with make_app("--seats", "2", "--seed", "6", "--target", "500").run_test(size=(120, 40)) as pilot:
        table = await play_until(pilot, lambda t: len(t.session.state.legal_moves()) > 1)
        await pilot.press("h")
        await settle(pilot)
        assert table.turn.hint in table.session.state.legal_moves()
        assert "Hint" in table.status


async def test_the_end_letters_work_in_capitals_as_the_status_line_writes_them() -> None:
    async with make_app("--seats", "2", "--seed", "4", "--target", "500").run_test(size=(120, 40)) as pilot:
        table = await play_until(pilot, lambda t: any(len(t.session.state.ends_for(x)) > 1
                                                      for x in t.session.state.playable(t.viewer)))
        state = table.session.state
        tile = next(t for t in state.playable(table.viewer) if len(state.ends_for(t)) > 1)
        end = state.ends_for(tile)[-1]
        await click_tile(pilot, tile)
        await pilot.pause()
        assert table.turn.chosen == tile
        await pilot.press(end)  # "W", as in "press W/E", not "w"
        await pilot.pause()
        assert table.session.state.history[len(state.history)].move == Move.play(tile, end)
