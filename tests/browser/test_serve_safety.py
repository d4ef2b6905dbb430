"""`allfives serve` left running, in Chromium: other pages cannot drive it, nothing without the token, each
visitor in a sandbox of its own, an export as a download (no file on the server), the cap. One server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page

from allfives.engine import Rules, replay
from allfives.history import HistoryStore
from allfives.play.history_link import HistoryLink
from allfives.play.saving import SaveStore
from allfives.play.session import Session
from allfives.play.setup import GameSetup, Player
from allfives.serve.gate import VISITOR_COOKIE
from tests.serve.helpers import Served, serving, until
from tests.ui.helpers import play_on

from .webgame import VIEWPORT, PageTerminal, browser

FLAGS = ("--seats", "2", "--seed", "7", "--level", "easy", "--bot-delay", "0", "--max-visitors", "2",
         "--max-per-address", "2")  # (every browser here comes from this machine's one address)
# A page elsewhere that tries the game's websocket and says how it went.
KNOCK = """<!DOCTYPE html><title>?</title><script>
  const ws = new WebSocket("{ws}");
  ws.onopen = () => {{ document.title = "open"; }};
  ws.onerror = ws.onclose = () => {{ if (document.title !== "open") document.title = "refused"; }};
</script>"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    home = tmp_path_factory.mktemp("home")  # the server user's home and folder: nothing may appear there
    with serving(home / "data", *FLAGS, cwd=home,
                 env={"HOME": str(home), "XDG_DOWNLOAD_DIR": str(home / "Downloads")}) as served:
        yield served


async def shown(term: PageTerminal, text: str) -> None:
    await term.wait_until(lambda: text in "\n".join(term.lines()), repr(text))


async def opened(context: BrowserContext, url: str) -> tuple[Page, PageTerminal]:
    page = await context.new_page()
    term = PageTerminal(page)
    await term.open(url)
    await page.locator(".xterm-helper-textarea").focus()  # keys go to the terminal
    return page, term


async def test_other_pages_and_requests_without_the_token_get_nothing(server: Served) -> None:
    async with browser() as chromium:
        context = await chromium.new_context(viewport=VIEWPORT)
        page = await context.new_page()
        response = await page.goto(server.origin + "/")
        assert response is not None and response.status == 403
        assert "This address needs its token" in await page.inner_text("body")
        assert server.games() == []

        await opened(context, server.url)  # this browser now holds the token's cookie: a game starts
        until(lambda: len(server.games()) == 1, "the visitor's game")
        port = int(server.origin.rsplit(":", 1)[1])
        knock = KNOCK.format(ws=server.origin.replace("http", "ws", 1) + "/ws?width=80&height=24")
        frame = f'<!DOCTYPE html><iframe src="{server.origin}/" width="600" height="400"></iframe>'
        for elsewhere in (f"http://127.0.0.1:{port + 1}/", "http://evil.example/"):  # a local page, a site
            await context.route(elsewhere + "**", lambda route: route.fulfill(
                content_type="text/html", body=frame if route.request.url.endswith("frame") else knock))
            other = await context.new_page()
            await other.goto(elsewhere)
            await other.wait_for_function("document.title !== '?'", timeout=60_000)
            assert await other.title() == "refused", elsewhere  # the game's websocket never opened
            await other.goto(elsewhere + "frame")  # nor does our page open inside another's frame
            await other.wait_for_load_state("load")
            assert [f.url for f in other.frames[1:]] == ["chrome-error://chromewebdata/"]  # refused
            await other.close()
        assert len(server.games()) == 1  # no game was started for any of them
        await context.close()
    until(lambda: not server.games(), "the visitor's game to end with its page")


def plant(folder: Path) -> list[str]:
    """A visitor's sandbox as a returning visitor left it: two finished games in its history and one in
    progress, saved. Returns the history's game ids."""
    link, store = HistoryLink(folder), SaveStore(folder)
    players = (Player("Ann", "person"), Player("Bot", "bot", "easy"))
    for seed in (1, 2, 3):
        setup = GameSetup(rules=Rules(seats=2, target=60), players=players, seed=seed, history_id=f"g{seed}")
        session = Session.new(setup, store if seed == 3 else None, history=link)
        play_on(session, steps=6 if seed == 3 else None)
        session.flush()
    link.close()
    return ["g1", "g2", "g3"]


def kept_records(folder: Path) -> list[dict[str, object] | None]:
    """The records a visitor's history keeps (read through the history, which knows its own shape)."""
    store = HistoryStore(folder)
    try:
        return [store.record(game.id) for game in store.games()]
    finally:
        store.close()


async def test_each_visitor_plays_alone_exports_to_the_browser_and_the_cap_says_the_table_is_full(
        server: Served, tmp_path: Path) -> None:
    until(lambda: not server.games(), "the earlier test's games to end")
    ann = server.returning_visitor()  # a browser that has been here before: its cookie names its sandbox
    plant(server.sandbox(ann))
    async with browser() as chromium:
        ann_context = await chromium.new_context(viewport=VIEWPORT, accept_downloads=True)
        await ann_context.add_cookies([{"name": VISITOR_COOKIE, "value": ann, "url": server.origin + "/"}])
        ann_page, ann_term = await opened(ann_context, server.url)
        await shown(ann_term, "A game is in progress")  # her own game, offered back
        bea_context = await chromium.new_context(viewport=VIEWPORT)
        bea_page, bea_term = await opened(bea_context, server.url)
        await shown(bea_term, "Boneyard")  # a new visitor: straight to a new table, nothing offered
        assert "A game is in progress" not in "\n".join(bea_term.lines())

        await ann_page.keyboard.press("r")
        await shown(ann_term, "Boneyard")
        # (the list's title says "Past games" over games, "No games yet" once the history is read and
        # has none: Bea's game has no move yet, and the title she first sees lasts only until it is read)
        for page, term, title in ((ann_page, ann_term, "Past games"), (bea_page, bea_term, "No games yet")):
            await page.keyboard.press("Control+t")
            await shown(term, title)
        await shown(ann_term, " of 2")  # her two finished games...
        await shown(bea_term, "no finished game yet")  # ...are hers alone
        assert "Ann" not in "\n".join(bea_term.lines())

        # a third browser while both play: told the table is full, and given no game
        cy_context = await chromium.new_context(viewport=VIEWPORT)
        cy_page = await cy_context.new_page()
        response = await cy_page.goto(server.url)
        assert response is not None and response.status == 503
        assert "The table is full" in await cy_page.inner_text("body")
        assert len(server.games()) == 2

        # Ann exports her newest past game: it arrives in her browser, and no file is written here
        async with ann_page.expect_download(timeout=60_000) as arrival:
            await ann_page.keyboard.press("x")
        download = await arrival.value
        name = download.suggested_filename
        assert name.startswith("allfives-") and name.endswith(".json")
        saved = tmp_path / name
        await download.save_as(saved)
        record = json.loads(saved.read_text())
        assert record in kept_records(server.sandbox(ann))  # one of her games, as her history keeps it
        assert replay(record)[0].rules.seats == 2
        await shown(ann_term, "sent to your browser")
        for context in (ann_context, bea_context, cy_context):
            await context.close()
    until(lambda: not server.games(), "the visitors' games to end with their pages")
    home = server.data.parent
    assert sorted(p.name for p in home.iterdir()) == ["data"] and not list(home.rglob("allfives-*.json"))
    own = sorted(p.name for p in server.data.iterdir())
    assert own == ["serve"]  # the server user's own save and history: never touched
    sandboxes = [p for p in (server.data / "serve").iterdir() if p.is_dir()]  # (beside them: the ids' key)
    assert len(sandboxes) == 3  # a sandbox per visitor who played
