"""The board widget: it draws every tile's pips, and clicks on open-end markers become messages."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.message import Message

from allfives.engine import Layout
from allfives.ui.widgets.board import Board

from .layouts import build

FOUR_ARMS = build("5-5 5-3:E 5-1:W 5-2:N 5-6:S 2-2:N 3-3:E 1-4:W 6-0:S 3-6:E 6-4:E")


class BoardApp(App[None]):
    def __init__(self, layout: Layout) -> None:
        super().__init__()
        self.layout = layout
        self.heard: list[Message] = []

    def compose(self) -> ComposeResult:
        board = Board()
        board.board = self.layout
        yield board

    def on_board_end_chosen(self, message: Board.EndChosen) -> None:
        self.heard.append(message)

    def on_board_missed_end(self, message: Board.MissedEnd) -> None:
        self.heard.append(message)


async def test_clicking_each_end_marker_names_that_end() -> None:
    app = BoardApp(FOUR_ARMS)
    async with app.run_test(size=(50, 12)) as pilot:
        board = app.query_one(Board)
        board.selectable_ends = frozenset({"W", "N"})
        board.focused_end = "N"
        await pilot.pause()
        ends = board.picture.ends
        assert {e.end for e in ends} == {"W", "E", "N", "S"}
        for spot in ends:  # lit or not: the app decides
            await pilot.click(Board, offset=(spot.x + spot.width // 2, spot.y))
            await pilot.pause()
            assert isinstance(app.heard[-1], Board.EndChosen)
            assert app.heard[-1].end == spot.end
        assert len(app.heard) == 4


async def test_a_click_off_the_markers_is_a_miss() -> None:
    app = BoardApp(FOUR_ARMS)
    async with app.run_test(size=(50, 12)) as pilot:
        board = app.query_one(Board)
        await pilot.pause()
        picture = board.picture
        spinner = next(t for t in picture.tiles if t.spinner)
        await pilot.click(Board, offset=(spinner.x, spinner.y))  # on a tile
        await pilot.click(Board, offset=(0, 0))  # on the felt
        await pilot.pause()
        assert [type(m) for m in app.heard] == [Board.MissedEnd, Board.MissedEnd]


async def test_every_tile_is_drawn_with_its_pips() -> None:
    app = BoardApp(FOUR_ARMS)
    async with app.run_test(size=(50, 12)) as pilot:
        board = app.query_one(Board)
        board.last_played = ("E", 2)
        await pilot.pause()
        lines = [board.render_line(y).text for y in range(board.size.height)]
        picture = board.picture
        assert picture.fits and len(picture.tiles) == len(FOUR_ARMS.tiles())
        for spot in picture.tiles:
            inside = "".join(line[spot.x:spot.x + spot.width] for line in lines[spot.y:spot.y + spot.height])
            for pip in spot.halves:
                assert str(pip) in inside, spot
        for end in picture.ends:  # on the marker's middle row, boxed or not
            assert str(end.pip) in lines[end.y + end.height // 2][end.x:end.x + end.width]


async def test_a_new_layout_or_size_redraws_the_picture() -> None:
    app = BoardApp(build("6-4"))
    async with app.run_test(size=(50, 12)) as pilot:
        board = app.query_one(Board)
        await pilot.pause()
        assert len(board.picture.tiles) == 1
        board.board = FOUR_ARMS
        await pilot.pause()
        assert len(board.picture.tiles) == len(FOUR_ARMS.tiles())
        await pilot.resize_terminal(84, 26)
        await pilot.pause()
        assert (board.picture.width, board.picture.height) == (84, 26)
        assert any("5" in board.render_line(y).text for y in range(26))


async def test_an_empty_table_invites_a_lead() -> None:
    app = BoardApp(Layout())
    async with app.run_test(size=(50, 12)) as pilot:
        board = app.query_one(Board)
        await pilot.pause()
        assert "lead" in "".join(board.render_line(y).text for y in range(12))


async def test_a_growing_hand_goes_compact_once_and_stays_so() -> None:
    """Boxed tiles while they fit; compact from the first layout that needs it, to the end of the hand."""
    from allfives.ui.geometry import LARGE, SMALL, layout_board

    from .test_geometry import played_layouts

    layouts = played_layouts(0, 3)
    alone = ["L" if layout_board(lay, 48, 15).glyphs is LARGE else "S" for lay in layouts]
    assert "SL" in "".join(alone)  # on its own, each layout would flip back to boxed tiles
    app = BoardApp(layouts[0])
    async with app.run_test(size=(48, 15)) as pilot:
        board = app.query_one(Board)
        shown = []
        for layout in layouts:
            board.board = layout
            await pilot.pause()
            shown.append("L" if board.picture.glyphs is LARGE else "S")
        assert shown[0] == "L" and shown[-1] == "S"
        assert "SL" not in "".join(shown)
        assert shown.index("S") == alone.index("S")  # it goes compact no sooner than it must
        board.board = layouts[0]  # a new hand starts boxed again
        await pilot.pause()
        assert board.picture.glyphs is LARGE
        board.board = layouts[-1]
        await pilot.pause()
        assert board.picture.glyphs is SMALL
        await pilot.resize_terminal(84, 26)  # a bigger terminal may have room again
        await pilot.pause()
        assert board.picture.glyphs is LARGE
