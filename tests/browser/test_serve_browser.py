"""`allfives serve` in a real browser: the table shows, a tile and a lit end clicked play, a hand runs out."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.async_api import Page
from textual.pilot import Pilot
from textual.widget import Widget

from allfives.engine import Move
from allfives.play.saving import SaveStore
from allfives.serve.gate import VISITOR_COOKIE, sandbox
from allfives.ui.app import AllFivesApp
from allfives.ui.launch import parser, setup_from
from allfives.ui.screens.game import GameScreen
from allfives.ui.screens.score_panel import ScorePanel
from allfives.ui.widgets.board import Board
from allfives.ui.widgets.boneyard import Boneyard
from allfives.ui.widgets.game_log import GameLog
from allfives.ui.widgets.hand import Hand
from tests.ui.scenes import settle  # the repository root is on the path (pyproject: pythonpath)

from .webgame import VIEWPORT, PageTerminal, browser, served, shows

FLAGS = ("--seats", "2", "--seed", "7", "--level", "easy", "--bot-delay", "0")
ROOT = Path(__file__).resolve().parents[2]


def twin() -> AllFivesApp:
    """The game each browser tab runs, in-process: its widgets say where to click."""
    return AllFivesApp(setup_from(parser().parse_args(list(FLAGS))), ask_resume=False)


class Table:
    """The twin and the page side by side: every click goes to both, at the same cell."""

    def __init__(self, pilot: Pilot, term: PageTerminal) -> None:
        self.pilot = pilot
        self.term = term

    @property
    def game(self) -> GameScreen:
        screen = self.pilot.app.screen
        assert isinstance(screen, GameScreen), f"expected the table, the twin shows {screen!r}"
        return screen

    async def click(self, widget: Widget, x: int, y: int) -> None:
        cell = widget.region.offset + (x, y)
        await self.pilot.click(widget, offset=(x, y))
        await self.term.click(cell.x, cell.y)
        await settle(self.pilot)

    async def click_tile(self, move: Move) -> None:
        hand = self.game.query_one(Hand)
        x, w = hand.tile_spans()[hand.tiles.index(move.tile)]
        await self.click(hand, x + w // 2, 1)

    async def click_end(self, end: str) -> None:
        board = self.game.query_one(Board)
        spot = next(e for e in board.picture.ends if e.end == end)
        await self.click(board, spot.x + spot.width // 2, spot.y + spot.height // 2)

    async def play(self, move: Move) -> None:
        """A move by mouse, as a person makes it; then the page must show what the twin shows."""
        if move.kind == "draw":
            await self.click(self.game.query_one(Boneyard), 2, 1)
        else:
            ends = self.game.session.state.ends_for(move.tile)
            await self.click_tile(move)
            if len(ends) > 1:
                board = self.game.query_one(Board)
                assert board.selectable_ends == frozenset(ends)
                await shows(self.term, self.game, f"the ends {sorted(ends)} lit for {move.tile}")
                await self.click_end(move.end or ends[0])
        await self.shows_twin()

    async def shows_twin(self) -> None:
        await shows(self.term, self.pilot.app.screen, f"{self.pilot.app.screen!r} as the game draws it")


@contextlib.asynccontextmanager
async def at_the_table(web_data: Path) -> AsyncIterator[tuple[Table, Page, list[str]]]:
    """A served seeded game open in a browser page, and its twin, both at the table, the person to move.

    Also yields every address the page asked for."""
    async with served(web_data, *FLAGS) as url, browser() as chromium:
        page = await chromium.new_page(viewport=VIEWPORT)
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        term = PageTerminal(page)
        await term.open(url)
        app = twin()
        async with app.run_test(size=term.size) as pilot:
            await settle(pilot)
            table = Table(pilot, term)
            await table.shows_twin()  # the table is there in the page, drawn as the game draws it
            yield table, page, asked


@pytest.fixture(autouse=True)
def twin_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(tmp_path / "twin"))


async def test_a_tile_and_a_lit_end_clicked_in_the_browser_play_and_a_hand_runs_out_by_clicks(
        tmp_path: Path) -> None:
    async with at_the_table(tmp_path / "web") as (table, page, asked):
        term = table.term
        app = table.pilot.app
        # the page's font came from the server, and nothing from anywhere else (no web font service)
        assert await page.evaluate("document.fonts.check(\"16px 'Roboto Mono'\")")
        assert any(u.endswith("/fonts/RobotoMono-VariableFont_wght.ttf") for u in asked)
        served_at = urlsplit(asked[0])
        assert [u for u in asked if urlsplit(u)[:2] != served_at[:2]] == []
        # play on (last legal move) until a tile fits two ends: then click it and a lit end
        for _ in range(30):
            state = table.game.session.state
            doubles = [m for m in state.legal_moves() if m.kind == "play" and len(state.ends_for(m.tile)) > 1]
            if doubles:
                break
            await table.play(state.legal_moves()[-1])
        else:
            pytest.fail("no tile fitting two ends came up: choose another seed")
        move = doubles[-1]
        before = term.lines()
        await table.play(move)
        after = term.lines()
        # the play shows: the tile left the hand, the board and the log changed in the page
        assert move.tile not in table.game.query_one(Hand).tiles
        for widget in (table.game.query_one(Board), table.game.query_one(GameLog)):
            assert term.text_at(widget.region) != term.text_at(widget.region, before)
        # the browser's game saved the same game the twin played, move for move, in its visitor's sandbox
        visitor = next(c["value"] for c in await page.context.cookies() if c["name"] == VISITOR_COOKIE)
        saved = SaveStore(sandbox(tmp_path / "web" / "serve", visitor)).load().game
        assert saved is not None and saved.state == table.game.session.state
        await page.screenshot(path=str(tmp_path / "browser.png"))
        if os.environ.get("ALLFIVES_UPDATE_SCREENSHOTS") == "1":  # the README's picture
            await page.screenshot(path=str(ROOT / "screenshots" / "browser.png"))
        assert after == term.lines()  # nothing moved while the screenshots were taken
        # and on by clicks (the last legal move) until the hand runs out, the page showing the twin each time
        for _ in range(60):
            if isinstance(app.screen, ScorePanel):
                break
            await table.play(table.game.session.state.legal_moves()[-1])
        else:
            pytest.fail("the hand did not end")
        assert app.game_screen is not None and app.game_screen.session.state.phase == "hand_over"
        await page.screenshot(path=str(tmp_path / "score-panel.png"))
