"""A real `allfives serve` on 127.0.0.1, spoken to as browsers would, without one: the token, the Origin, the
cap, a newer tab, downloads that are the visitor's own, the idle clock, a log without the token, and no
game left running once the server is gone, however it went. One server per module, and one per ending."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from allfives.play.saving import SaveStore

from .helpers import START_TIMEOUT, Served, Visitor, serving, until

FLAGS = ("--seats", "2", "--seed", "5", "--level", "easy", "--bot-delay", "0")  # the bot leads: a row is kept


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    home = tmp_path_factory.mktemp("home")  # the server user's home and folder: nothing may appear there
    with serving(home / "data", *FLAGS, "--max-visitors", "2", "--max-per-address", "2", cwd=home,
                 env={"HOME": str(home), "XDG_DOWNLOAD_DIR": str(home / "Downloads")}) as served:
        yield served


def sandboxes(server: Served) -> list[Path]:
    return sorted(p for p in (server.data / "serve").iterdir() if p.is_dir())  # (beside them: the ids' key)


async def refused(visitor: Visitor, origin: str | None = "") -> int:
    with pytest.raises(aiohttp.WSServerHandshakeError) as handshake:
        await visitor.connect(origin)
    return handshake.value.status


async def test_every_request_without_the_token_is_refused(server: Served) -> None:
    async with Visitor(server) as stranger:
        for path in ("/", "/?token=", f"/?token={server.token[:-1]}", f"/?token={server.token}x",
                     "/static/js/textual.js", "/static/", "/download/0123456789abcdef"):
            async with stranger.session.get(server.origin + path) as response:
                assert response.status == 403, path
                assert "This address needs its token" in await response.text()
        assert await refused(stranger) == 403  # the websocket too, with the right Origin
        assert not list(stranger.session.cookie_jar)  # and nothing given away
    assert server.games() == [] and sandboxes(server) == []  # no game started, no folder made

    async with Visitor(server) as guest:
        async with guest.session.get(server.url, allow_redirects=False) as response:
            assert response.status == 303 and response.headers["Location"] == "/"  # the token leaves the bar
            cookie = response.cookies[f"allfives-token-{server.origin.rsplit(':', 1)[1]}"]
            assert cookie.value == server.token and cookie["httponly"] and cookie["samesite"] == "Strict"
        status, page = await guest.enter()
        assert status == 200 and 'id="terminal"' in page
        async with guest.session.get(server.origin + "/static/js/textual.js") as response:
            assert response.status == 200
            assert response.headers["X-Frame-Options"] == "DENY"  # no other page may frame ours
    until(lambda: any(line.rstrip().endswith("GET /static/js/textual.js 200") for line in server.said),
          "the log to tell the guest's requests")
    log = "".join(server.said[1:])  # after the address it printed
    assert server.token not in log and "token=" not in log  # the path is written, never its query
    assert "403" in log and "303" in log


async def test_a_websocket_from_another_origin_is_refused_before_a_game_starts(server: Served) -> None:
    async with Visitor(server) as visitor:
        assert (await visitor.enter())[0] == 200  # token and visitor cookies in hand
        port = server.origin.rsplit(":", 1)[1]
        for origin in ("http://evil.example", f"http://127.0.0.1:{int(port) + 1}", f"http://localhost:{port}",
                       "null", None):
            assert await refused(visitor, origin) == 403, origin
        assert server.games() == [] and not visitor_folder(server, visitor).exists()

        tab = await visitor.connect()  # its own page's Origin: the game starts, in the visitor's sandbox
        await tab.until(b"Boneyard")
        assert len(server.games()) == 1
        folder = visitor_folder(server, visitor)
        until(lambda: kept_games(folder) == 1, "the game saved in its sandbox, and kept in its history")
        assert (folder / "save.json").exists()

        # the export: the record goes to this browser as a download, only to this visitor, and is no file
        await tab.press("\x14")  # ctrl+t: statistics, where the game in play is listed
        await tab.until(b"2 seats")
        await tab.press("x")
        await tab.until(b'"deliver_file_start"')
        key = next(t for t in tab.texts if "deliver_file_start" in t).split('"')[3]
        async with Visitor(server) as other:
            await other.enter()
            async with other.session.get(f"{server.origin}/download/{key}") as response:
                assert response.status == 404  # another visitor's key is no file
        async with visitor.session.get(f"{server.origin}/download/{key}") as response:
            assert response.status == 200
            assert response.headers["Content-Disposition"].startswith("attachment; filename=allfives-")
            record = await response.json(content_type=None)
        assert record["format"] == "allfives-record/1" and record["players"][0]["kind"] == "person"
        await tab.until(b"sent to your browser")  # the notice says where it went: no path
        await tab.close()
    until(lambda: not server.games(), "the game to end with its tab")
    home = server.data.parent
    assert sorted(p.name for p in home.iterdir()) == ["data"]  # nothing written beside the server...
    assert not list(home.rglob("allfives-*.json"))  # ...nor anywhere: the record was only sent


async def test_the_cap_turns_the_next_visitor_away_and_a_newer_tab_takes_a_seat_over(server: Served) -> None:
    until(lambda: not server.games(), "the earlier tests' games to end")
    async with Visitor(server) as ann, Visitor(server) as bea, Visitor(server) as cy:
        tabs = {}
        for visitor in (ann, bea):
            await visitor.enter()
            tabs[visitor] = await visitor.connect()
            await tabs[visitor].until(b"Boneyard")
        status, page = await cy.enter()
        assert status == 503 and "The table is full" in page and "2 visitors are playing" in page
        assert await refused(cy) == 503  # and no game for them, even asked for directly
        assert len(server.games()) == 2

        newer = await ann.connect()  # Ann opens a second tab: it takes her game over
        await tabs[ann].closed()  # her first tab's game ended (saved) first...
        await newer.until(b"A game is in progress")  # ...and the newer one offers to resume it
        assert len(server.games()) == 2 and await refused(cy) == 503

        await tabs[bea].close()  # Bea leaves: Cy's page lets them in, once her seat is free
        deadline = time.monotonic() + START_TIMEOUT  # (her game ends first, then the server frees the seat)
        while (status := (await cy.enter())[0]) == 503 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert status == 200 and len(server.games()) == 1
        await newer.close()


async def test_an_idle_visitor_s_game_ends_saved_and_resumes(tmp_path: Path) -> None:
    with serving(tmp_path / "data", *FLAGS, "--idle-minutes", "0.05") as idle_server:  # 3 seconds
        async with Visitor(idle_server) as visitor:
            await visitor.enter()
            tab = await visitor.connect()
            await tab.until(b"Boneyard")
            await tab.closed()  # nothing pressed: the server ends the game and closes its page's websocket
            folder = visitor_folder(idle_server, visitor)
            until(lambda: not idle_server.games(), "the idle game's process to end")
            store = SaveStore(folder)
            assert store.load().game is not None  # saved in the sandbox...
            assert store.claim()  # ...and its lock let go (the orderly way)
            store.release()
            again = await visitor.connect()  # the same browser comes back: its game is offered
            await again.until(b"A game is in progress")
            await again.close()


def visitor_folder(server: Served, visitor: Visitor) -> Path:
    return server.sandbox(visitor.id)


def kept_games(folder: Path) -> int:
    """Games in a sandbox's history, read only (the game may be making it: never a HistoryStore here,
    which would move a half-made file aside)."""
    try:
        address = f"file:{folder / 'history.sqlite3'}?mode=ro"
        with contextlib.closing(sqlite3.connect(address, uri=True)) as db:
            return db.execute("SELECT count(*) FROM games").fetchone()[0]
    except sqlite3.Error:
        return 0


def test_a_visitors_game_keeps_its_preferences_in_its_sandbox(tmp_path: Path) -> None:
    """Never the host's name, theme or last game: a visitor's preferences are its own, in its folder."""
    from allfives.serve.server import VisitorGame

    async def nothing(*_: object) -> None:
        return None

    game = VisitorGame("allfives", visitor="v", folder=tmp_path, write_bytes=nothing, write_str=nothing,
                       close=nothing, download_manager=None)  # type: ignore[arg-type]
    environment = game._build_environment()
    assert environment["ALLFIVES_CONFIG_DIR"] == environment["ALLFIVES_DATA_DIR"] == str(tmp_path)


@pytest.mark.parametrize("ending", [signal.SIGHUP, signal.SIGKILL], ids=["hang-up", "killed"])
async def test_no_game_outlives_the_server_and_each_is_saved(tmp_path: Path, ending: signal.Signals) -> None:
    """A closed terminal (SIGHUP) stops the server as Ctrl+C does: each game saves and quits first. Killed
    outright, it cannot: the kernel tells each game (its tie to the server), which saves and quits."""
    with serving(tmp_path / "data", *FLAGS, "--max-per-address", "2") as server:
        async with Visitor(server) as ann, Visitor(server) as bea:
            tabs = []  # (held: a tab let go of closes, and its game ends)
            for visitor in (ann, bea):
                await visitor.enter()
                tabs.append(await visitor.connect())
                await tabs[-1].until(b"Boneyard")
            folders = [visitor_folder(server, visitor) for visitor in (ann, bea)]
            until(lambda: all(kept_games(folder) == 1 for folder in folders), "the games kept in sandboxes")
            assert len(server.games()) == 2
            os.kill(server.process.pid, ending)  # the server alone: its games are not signalled
            server.process.wait(START_TIMEOUT)
            until(lambda: not server.games(), "every game to end with the server")
        assert server.process.returncode == (0 if ending == signal.SIGHUP else -ending)
        for folder in folders:
            store = SaveStore(folder)
            assert store.load().game is not None  # saved in its sandbox...
            assert store.claim()  # ...and its lock let go
            store.release()
