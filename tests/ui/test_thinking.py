"""It helps you think (issue 22): the hand sorted, what each lit end would score, hints that say why,
and the count of what is still out, played through the game screen."""

from __future__ import annotations

import pytest

from allfives.bots.analysis import hint_reason
from allfives.bots.knowledge import seen_from_view
from allfives.engine import Tile
from allfives.play.seat import unseen_counts
from allfives.ui.model.hand_order import arrange
from allfives.ui.widgets.board import Board
from allfives.ui.widgets.hand import Hand
from allfives.ui.widgets.out_count import OutCount

from .helpers import click_tile, game, settle
from .scenes import AIDS_MOVES, board_app

SIZES = [(80, 24), (120, 40)]


def hand_text(hand: Hand) -> list[str]:
    return [hand.render_line(y).text for y in range(hand.size.height)]


async def test_o_lays_the_hand_out_by_suit_then_by_pips_then_as_dealt_and_the_cursor_keeps_its_tile() -> None:
    app = board_app(moves=AIDS_MOVES)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table, hand = game(app), app.screen.query_one(Hand)
        dealt = table.session.state.hands[0]
        await pilot.press("right")  # the cursor on the dealt hand's second tile
        under = hand.tiles[hand.cursor]
        for order in ("suit", "pips", "dealt"):
            await pilot.press("o")
            assert hand.tiles == arrange(dealt, order) and app.table_choices.hand_order == order
            assert hand.tiles[hand.cursor] == under  # the cursor moved with its tile
            assert f"o: {'as dealt' if order == 'dealt' else 'by ' + order}" in hand_text(hand)[3]
        assert table.session.state.hands[0] == dealt  # the game's own hand is as it was


async def test_the_order_control_by_the_hand_is_a_click_and_enter_plays_the_tile_as_shown() -> None:
    app = board_app(moves=AIDS_MOVES)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table, hand = game(app), app.screen.query_one(Hand)
        row = hand_text(hand)[3]
        await pilot.click(hand, offset=(row.index("o: as dealt") + 3, 3))
        await pilot.pause()
        assert app.table_choices.hand_order == "suit"
        assert hand.tiles == arrange(table.session.state.hands[0], "suit")
        await pilot.press("o")  # by pips: the heaviest first, 6-2 (fits N and S) under the cursor's start
        while hand.tiles[hand.cursor] != Tile("6-2"):
            await pilot.press("right")
        await pilot.press("enter")
        assert table.turn.chosen == Tile("6-2")  # picked up: it is what the cursor shows


async def test_the_hand_order_outlives_the_game_it_was_chosen_in() -> None:
    app = board_app(moves=AIDS_MOVES)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = game(app)
        await pilot.press("o", "o", "c")
        app._setup_chosen(first.session.setup)  # Start on the new-game screen, the same seats
        await settle(pilot)
        second = game(app)
        assert second is not first
        hand = app.screen.query_one(Hand)
        assert hand.tiles == arrange(second.session.state.hands[0], "pips")
        assert app.screen.query_one(OutCount).display


@pytest.mark.parametrize("size", SIZES)
async def test_a_chosen_tile_shows_on_each_lit_end_what_it_scores_there(size) -> None:
    app = board_app(moves=AIDS_MOVES)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await click_tile(pilot, Tile("6-2"))
        await pilot.pause()
        board = app.screen.query_one(Board)
        state = game(app).session.state
        assert board.selectable_ends == {"N", "S"}
        assert board.end_points == (("N", 5), ("S", 5)) == tuple(state.layout.points_for(Tile("6-2")).items())
        lines = [board.render_line(y).text for y in range(board.size.height)]
        for spot in board.picture.ends:
            drawn = "".join(line[spot.x:spot.x + spot.width] for line in lines[spot.y:spot.y + spot.height])
            assert ("+5" in drawn) == (spot.end in "NS"), (spot, drawn)
        await pilot.press("escape")  # put back: nothing lit, no score shown
        assert board.end_points == () and not board.selectable_ends


@pytest.mark.parametrize("size", SIZES)
async def test_c_shows_what_is_out_whole_and_c_again_hides_it(size) -> None:
    app = board_app(moves=AIDS_MOVES)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        out = app.screen.query_one(OutCount)
        assert not out.display and game(app).view.out is None  # off by default
        await pilot.press("c")
        await pilot.pause()
        counts = unseen_counts(game(app).session.state.view(0))
        assert out.display and out.counts == counts
        lines = [out.render_line(y).text.rstrip() for y in range(out.size.height)]
        assert lines[0].split() == ["Out", *map(str, range(7))]
        assert lines[1].split() == ["unseen", *(str(c) if c else "·" for c in counts)]
        assert max(len(line) for line in lines) <= out.content_region.width + 1  # nothing cut
        await pilot.press("c")
        await pilot.pause()
        assert not out.display


async def test_h_names_the_hints_reason_in_the_reviews_words() -> None:
    app = board_app(moves=AIDS_MOVES)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = game(app)
        await pilot.press("h")
        await settle(pilot)
        hint = table.turn.hint
        assert hint is not None and hint.tile is not None
        why = hint_reason(seen_from_view(table.session.state.view(0)), hint.to_core())
        assert why  # a play in this position always has one: what it scores or leaves
        where = f" on {hint.end}" if hint.end else ""
        assert table.status == f"Hint: {hint.tile}{where} — {why}."
        assert len(table.status) <= 65  # the status line's room at 80 columns (beside Undo)


async def test_the_order_control_keeps_a_space_from_the_cursor_or_makes_way_for_it() -> None:
    """Under the hand's last tile the cursor and the order control never touch: with no space between,
    the label reads as the tile's lower edge (the lesson's three tiles at 80x24 did)."""
    from textual.app import App, ComposeResult

    from allfives.ui.model.view import HandView

    class Tray(App[None]):
        def compose(self) -> ComposeResult:
            yield Hand()

    tiles = (Tile("5-4"), Tile("6-6"), Tile("6-2"))
    app = Tray()
    async with app.run_test(size=(120, 6)) as pilot:
        hand = app.query_one(Hand)
        drawn = hidden = 0
        for width in range(50, 121):
            hand.styles.width = width
            hand.view = HandView(tiles=tiles, playable=frozenset(tiles), cursor=2, active=True, order="dealt")
            await pilot.pause()
            row = hand_text(hand)[3]
            label = hand.order_label()
            bar_end = row.rindex("▀") + 1
            if label in row:
                drawn += 1
                assert row.index(label) > bar_end, (width, row)  # (a space between)
                assert row.rstrip().endswith(label)
            else:  # (it makes way only where there is no room with a space)
                hidden += 1
                assert bar_end + 1 + len(label) > width, (width, row)
        assert drawn and hidden
