"""The other seats sit around the board on a wide terminal and in the top strip on a narrow one."""

from __future__ import annotations

from textual.geometry import Region

from allfives.ui.model.view import seat_places
from allfives.ui.screens.game_over import GameOverScreen
from allfives.ui.widgets.board import Board
from allfives.ui.widgets.game_log import GameLog
from allfives.ui.widgets.hand import Hand
from allfives.ui.widgets.seats import Seats

from .helpers import game, settle, until
from .scenes import four_seat_app, seeded_app


def regions(app) -> dict[str, Region]:
    screen = game(app)
    out = {"board": screen.query_one(Board).region}
    for name in ("seats", "seats-left", "seats-right"):
        widget = screen.query_one(f"#{name}", Seats)
        out[name] = widget.region if widget.display else Region()
    return out


def names(app, name: str) -> list[str]:
    return [info.name for info in game(app).query_one(f"#{name}", Seats).seats]


def assert_around(app) -> None:
    """Next in turn on the left, the partner across the top, the last on the right."""
    r = regions(app)
    board = r["board"]
    assert names(app, "seats-left") == ["Ben"]
    assert names(app, "seats") == ["Cleo"]
    assert names(app, "seats-right") == ["Dan"]
    assert r["seats-left"].right <= board.x and r["seats-left"].y <= board.y < r["seats-left"].bottom
    assert r["seats-right"].x >= board.right and r["seats-right"].y <= board.y < r["seats-right"].bottom
    assert r["seats"].bottom <= board.y
    assert board.x <= r["seats"].x and r["seats"].right <= board.right  # over the board, not the panels
    assert game(app).query_one(Board).picture.fits


def assert_in_strip(app) -> None:
    r = regions(app)
    assert names(app, "seats") == ["Ben", "Cleo", "Dan"]
    assert names(app, "seats-left") == names(app, "seats-right") == []
    assert not r["seats-left"].area and not r["seats-right"].area
    assert r["seats"].bottom <= r["board"].y
    assert r["board"].width == 80 - 32  # the board has the width beside the scoresheet


async def test_four_seats_sit_around_the_board_when_wide() -> None:
    app = four_seat_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert_around(app)


async def test_four_seats_share_the_top_strip_when_narrow() -> None:
    app = four_seat_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert_in_strip(app)


async def test_resizing_moves_the_seats_and_keeps_the_game() -> None:
    app = four_seat_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game(app)
        state = screen.session.state
        await pilot.press("right")  # the hand's cursor on its second tile
        hand = screen.query_one(Hand)
        cursor, status, log = hand.cursor, screen.status, list(screen.query_one(GameLog).texts)
        assert cursor == 1 and screen.my_turn
        steps = (((80, 24), assert_in_strip), ((120, 40), assert_around), ((80, 24), assert_in_strip))
        for size, check in steps:
            await pilot.resize_terminal(*size)
            await settle(pilot)
            check(app)
            assert screen.session.state is state and screen.my_turn and hand.cursor == cursor
            assert screen.status == status and list(screen.query_one(GameLog).texts) == log


async def test_four_seat_game_over_board_fits_when_wide() -> None:
    app = seeded_app(4, 8, 120, last_hand=True)  # (its last hand laid out play by play, as when played)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, GameOverScreen)
        assert game(app).query_one(Board).picture.fits
        assert regions(app)["seats-left"].right <= regions(app)["board"].x


def test_places_follow_turn_order_clockwise() -> None:
    assert seat_places(4, wide=True) == {1: "left", 2: "top", 3: "right"}
    assert seat_places(3, wide=True) == {1: "left", 2: "top"}
    assert seat_places(2, wide=True) == {1: "top"}
    assert set(seat_places(4, wide=False).values()) == {"top"}


async def test_hot_seat_places_follow_the_viewer() -> None:
    app = four_seat_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game(app)
        screen.viewer = 2  # Cleo's hand shown: Dan next on her left, You across, Ben on her right
        screen.show()
        assert names(app, "seats-left") == ["Dan"]
        assert names(app, "seats") == ["You"]
        assert names(app, "seats-right") == ["Ben"]


async def test_resized_behind_a_dialog_the_seats_move_once_the_table_shows() -> None:
    app = four_seat_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert app.screen is not game(app)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game(app)
        assert_in_strip(app)
