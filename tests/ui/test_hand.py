"""The hand widget: each face carries its tile in the style meta of its cells, and a click chooses the
tile it finds there (as the board's end markers and Textual's DataTable do), never one worked out
from the pointer's coordinates."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult

from allfives.engine import Tile
from allfives.ui.model.view import HandView
from allfives.ui.themes import STYLESHEET, use_themes
from allfives.ui.widgets.hand import Hand

TILES = tuple(Tile.of(i) for i in (27, 3, 14, 20))  # the 6-6 and three others
VIEW = HandView(tiles=TILES, playable=frozenset(TILES[:3]), chosen=TILES[1], hint=TILES[2], cursor=2,
                active=True)  # a face of every look: chosen, hint, lit and dimmed


class HandApp(App[None]):
    CSS_PATH = STYLESHEET  # the hand's colours live in the game's stylesheet and theme

    def __init__(self, view: HandView) -> None:
        super().__init__()
        use_themes(self)
        self.view = view
        self.chosen: list[Tile] = []

    def compose(self) -> ComposeResult:
        hand = Hand()
        hand.view = self.view
        yield hand

    def on_hand_tile_chosen(self, message: Hand.TileChosen) -> None:
        self.chosen.append(message.tile)


def tile_under(hand: Hand, x: int, y: int) -> Tile | None:
    """The tile the style meta names at the hand's cell (x, y): what a click there would read."""
    meta = hand.screen.get_style_at(hand.region.x + x, hand.region.y + y).meta
    return Tile.of(meta["tile"]) if "tile" in meta else None


async def test_every_cell_of_a_face_and_no_other_carries_its_tile() -> None:
    app = HandApp(VIEW)
    async with app.run_test(size=(60, 6)) as pilot:
        await pilot.pause()
        hand = app.query_one(Hand)
        spans = zip(hand.tile_spans(), TILES, strict=True)
        drawn = {x + dx: tile for (x, w), tile in spans for dx in range(w)}
        for y in range(hand.size.height):  # the three rows of faces, then the cursor's row
            for x in range(hand.size.width):
                assert tile_under(hand, x, y) == (drawn.get(x) if y < 3 else None), (x, y)
        hand.view = HandView(tiles=TILES, hidden=True)  # face down: a back names no tile
        await pilot.pause()
        assert all(tile_under(hand, x, y) is None for x in range(hand.size.width) for y in range(3))


async def test_a_click_on_a_face_chooses_its_tile_and_a_click_between_chooses_none() -> None:
    app = HandApp(VIEW)
    async with app.run_test(size=(60, 6)) as pilot:
        await pilot.pause()
        hand = app.query_one(Hand)
        for (x, w), y in zip(hand.tile_spans(), (0, 1, 2, 1), strict=True):
            await pilot.click(Hand, offset=(x + w // 2, y))
        (x, w), _ = hand.tile_spans()[:2]
        await pilot.click(Hand, offset=(x + w, 1))  # the gap after the first tile
        await pilot.click(Hand, offset=(x, 3))  # the cursor's row
        await pilot.pause()
        assert app.chosen == list(TILES)


async def test_a_click_without_the_meta_chooses_nothing() -> None:
    """No guessing from coordinates: a click whose style lost the meta chooses no tile, even on a face."""
    app = HandApp(VIEW)
    async with app.run_test(size=(60, 6)) as pilot:
        await pilot.pause()
        hand = app.query_one(Hand)
        x, w = hand.tile_spans()[0]
        hand.post_message(events.Click(hand, x + w // 2, 1, 0, 0, 1, False, False, False))
        await pilot.pause()
        assert app.chosen == []
