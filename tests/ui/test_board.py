"""The board widget: it draws every tile's pips and names every open end, holds still as the hand goes
on, scrolls when it cannot fit, and clicks on open-end markers become messages (from the style meta)."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.message import Message

from allfives.engine import Layout
from allfives.ui.model.geometry import LARGE, SMALL, BoardPicture, EndSpot, layout_board
from allfives.ui.themes import STYLESHEET, use_themes
from allfives.ui.widgets.board import Board
from tests.ui.model.test_geometry import BOARD_80X24, grown, played_layouts

from .layouts import build

FOUR_ARMS = build("5-5 5-3:E 5-1:W 5-2:N 5-6:S 2-2:N 3-3:E 1-4:W 6-0:S 3-6:E 6-4:E")


class ListeningBoard(Board):
    """A board that also notes the style meta each click arrived with (Textual then runs Board's own
    handler too, as it does for every class in the line)."""

    def __init__(self) -> None:
        super().__init__()
        self.metas: list[dict[str, object]] = []

    def on_click(self, event: events.Click) -> None:
        self.metas.append(dict(event.style.meta))


class BoardApp(App[None]):
    CSS_PATH = STYLESHEET  # the board's colours live in the game's stylesheet and theme

    def __init__(self, layout: Layout) -> None:
        super().__init__()
        use_themes(self)
        self.layout = layout
        self.heard: list[Message] = []

    def compose(self) -> ComposeResult:
        board = ListeningBoard()
        board.board = self.layout
        yield board

    def on_board_end_chosen(self, message: Board.EndChosen) -> None:
        self.heard.append(message)

    def on_board_missed_end(self, message: Board.MissedEnd) -> None:
        self.heard.append(message)


def end_at(picture: BoardPicture, x: int, y: int) -> EndSpot | None:
    """The marker whose rectangle holds the cell (x, y): what the drawn meta must agree with."""
    return next((e for e in picture.ends if e.x <= x < e.x + e.width and e.y <= y < e.y + e.height), None)


def screen_text(board: Board) -> list[str]:
    return [board.render_line(y).text for y in range(board.size.height)]


async def test_clicking_each_end_marker_names_that_end() -> None:
    """The end comes from the style meta under the pointer (the board has no other way to know it)."""
    app = BoardApp(FOUR_ARMS)
    async with app.run_test(size=(50, 12)) as pilot:
        board = app.query_one(ListeningBoard)
        board.selectable_ends = frozenset({"W", "N"})
        board.focused_end = "N"
        await pilot.pause()
        ends = board.picture.ends
        assert {e.end for e in ends} == {"W", "E", "N", "S"}
        for spot in ends:  # lit or not: the app decides
            await pilot.click(Board, offset=(spot.x + spot.width // 2, spot.y))
            await pilot.pause()
            assert board.metas[-1].get("end") == spot.end  # the click carried the end in its meta
            assert isinstance(app.heard[-1], Board.EndChosen)
            assert app.heard[-1].end == spot.end
        assert len(app.heard) == 4


async def test_every_marker_cell_and_no_other_carries_its_end_in_the_drawn_strips() -> None:
    app = BoardApp(FOUR_ARMS)
    async with app.run_test(size=(50, 12)) as pilot:
        board = app.query_one(Board)
        board.selectable_ends = frozenset({"E"})
        await pilot.pause()
        picture = board.picture
        for y in range(board.size.height):
            x = 0
            for segment in board.render_line(y):
                for dx in range(segment.cell_length):
                    spot = end_at(picture, x + dx, y)
                    meta = segment.style.meta if segment.style is not None else {}
                    assert meta.get("end") == (spot.end if spot is not None else None), (x + dx, y)
                x += segment.cell_length


async def test_a_click_without_the_meta_is_a_miss() -> None:
    """No guessing from coordinates: a click whose style lost the meta does not play on an end."""
    app = BoardApp(FOUR_ARMS)
    async with app.run_test(size=(50, 12)) as pilot:
        board = app.query_one(Board)
        await pilot.pause()
        spot = board.picture.ends[0]
        board.post_message(events.Click(board, spot.x, spot.y, 0, 0, 1, False, False, False))
        await pilot.pause()
        assert [type(m) for m in app.heard] == [Board.MissedEnd]


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


async def test_each_marker_shows_its_name_and_pip_lit_and_focused_apart() -> None:
    for size, glyphs in (((44, 11), SMALL), ((84, 26), LARGE)):
        app = BoardApp(FOUR_ARMS)
        async with app.run_test(size=size) as pilot:
            board = app.query_one(Board)
            board.selectable_ends = frozenset({"W", "N"})
            board.focused_end = "N"
            await pilot.pause()
            assert board.picture.glyphs is glyphs
            lines = screen_text(board)
            styles = {}
            for end in board.picture.ends:
                row = end.y + end.height // 2
                shown = lines[row][end.x:end.x + end.width]
                label = f"{end.end}{end.pip}" if glyphs is SMALL else f"{end.end} {end.pip}"
                assert label in shown, (end, shown)
                assert ("▶" in shown and "◀" in shown) == (end.end == "N")  # Enter plays here
                x = end.x + end.width // 2
                styles[end.end] = board.get_style_at(*(board.region.offset + (x, row))).clear_meta_and_links()
            assert len({styles["W"], styles["N"], styles["E"]}) == 3  # lit, focused and plain all differ
            assert styles["E"] == styles["S"]


async def test_every_tile_is_drawn_with_its_pips() -> None:
    app = BoardApp(FOUR_ARMS)
    async with app.run_test(size=(50, 12)) as pilot:
        board = app.query_one(Board)
        board.last_played = ("E", 2)
        await pilot.pause()
        lines = screen_text(board)
        picture = board.picture
        assert picture.fits and len(picture.tiles) == len(FOUR_ARMS.tiles())
        for spot in picture.tiles:
            inside = "".join(line[spot.x:spot.x + spot.width] for line in lines[spot.y:spot.y + spot.height])
            for pip in spot.halves:
                assert str(pip) in inside, spot


async def test_the_board_holds_still_as_the_hand_goes_on_and_a_play_taken_back_restores_it() -> None:
    layouts = played_layouts(4, 2)
    expected = grown(layouts, BOARD_80X24)  # each play laid on the picture before, as geometry does it
    app = BoardApp(layouts[0])
    async with app.run_test(size=BOARD_80X24) as pilot:
        board = app.query_one(Board)
        for layout, picture in zip(layouts, expected, strict=True):
            board.board = layout
            await pilot.pause()
            assert board.picture == picture
        board.board = layouts[-3]  # two plays taken back
        await pilot.pause()
        assert board.picture is expected[-3] or board.picture == expected[-3]


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
        assert board.picture == layout_board(FOUR_ARMS, 84, 26)  # a new size is a fresh start
        assert any("5" in board.render_line(y).text for y in range(26))


async def test_an_empty_table_invites_a_lead() -> None:
    app = BoardApp(Layout())
    async with app.run_test(size=(50, 12)) as pilot:
        board = app.query_one(Board)
        await pilot.pause()
        assert "lead" in "".join(screen_text(board))


async def test_a_growing_hand_goes_compact_once_and_stays_so() -> None:
    """Boxed tiles while they hold still; compact once they would not, to the end of the hand."""
    layouts = played_layouts(0, 3)
    app = BoardApp(layouts[0])
    async with app.run_test(size=BOARD_80X24) as pilot:
        board = app.query_one(Board)
        shown = []
        for layout in layouts:
            board.board = layout
            await pilot.pause()
            shown.append("L" if board.picture.glyphs is LARGE else "S")
        assert shown[0] == "L" and shown[-1] == "S"
        assert "SL" not in "".join(shown)
        board.board = played_layouts(1, 3)[0]  # a new hand starts boxed again
        await pilot.pause()
        assert board.picture.glyphs is LARGE
        board.board = layouts[-1]
        await pilot.pause()
        assert board.picture.glyphs is SMALL
        await pilot.resize_terminal(84, 26)  # a bigger terminal may have room again
        await pilot.pause()
        assert board.picture.glyphs is LARGE


async def test_a_board_too_big_for_its_room_scrolls_to_the_last_play() -> None:
    layouts = played_layouts(3, 2)
    last = layouts[-1]
    arm = next(arm for arm, tiles in last.arms.items() if tiles)
    app = BoardApp(last)
    async with app.run_test(size=(16, 5)) as pilot:
        board = app.query_one(Board)
        board.last_played = (arm, len(last.arms[arm]) - 1)
        await pilot.pause()
        await pilot.pause()
        picture = board.picture
        assert not picture.fits
        assert board.virtual_size.width > board.area.width or board.virtual_size.height > board.area.height
        for spot in picture.tiles:  # every tile is on the table it scrolls over
            assert spot.x >= 0 and spot.x + spot.width <= picture.width
            assert spot.y >= 0 and spot.y + spot.height <= picture.height
        played = next(t for t in picture.tiles if (t.arm, t.index) == board.last_played)
        left, top = board.scroll_offset
        assert left <= played.x and played.x + played.width <= left + board.area.width
        assert top <= played.y and played.y + played.height <= top + board.area.height
        row = screen_text(board)[played.y - top]
        assert str(played.halves[0]) in row[played.x - left:played.x - left + played.width]


async def test_a_lit_end_shows_what_the_chosen_tile_scores_there_and_an_unlit_one_does_not() -> None:
    """`W+10` in a one-line marker (the score in the pip's place), `+10` on a boxed marker's top edge;
    nothing for an end that scores nothing or is not lit."""
    for size, glyphs in (((44, 11), SMALL), ((84, 26), LARGE)):
        app = BoardApp(FOUR_ARMS)
        async with app.run_test(size=size) as pilot:
            board = app.query_one(Board)
            board.selectable_ends = frozenset({"W", "N", "E"})
            board.focused_end = "N"
            board.end_points = (("W", 10), ("N", 5), ("E", 0), ("S", 15))  # S is not lit: no score shown
            await pilot.pause()
            assert board.picture.glyphs is glyphs
            lines = screen_text(board)
            for end in board.picture.ends:
                drawn = "".join(line[end.x:end.x + end.width] for line in lines[end.y:end.y + end.height])
                wanted = {"W": "+10", "N": "+5"}.get(end.end)
                if wanted is None:
                    assert "+" not in drawn, (end, drawn)
                    assert str(end.pip) in drawn  # an end that scores nothing keeps its pip
                else:
                    assert wanted in drawn and end.end in drawn, (end, drawn)
