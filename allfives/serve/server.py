"""The web server: textual-serve's, behind the token and the Origin check, with a cap on visitors, an idle
clock, and each visitor's game in its own sandbox.

Every request needs the token: the printed address carries it once (`/?token=...`), and the page then
holds it in a cookie (HttpOnly, SameSite=Strict) that its scripts, the game's websocket, the static
files and downloads send back. The websocket also needs the page's own Origin, and is refused before a
game process starts. A visitor's newer tab takes their game over: the older tab's game is ended first
(saved, its lock let go), so one browser never plays two games nor holds two seats.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import shlex
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from allfives import i18n
from allfives.i18n import _

from .gate import (
    VISITOR_COOKIE,
    VISITOR_DAYS,
    Seats,
    TableFull,
    is_host,
    is_visitor_id,
    new_secret,
    own_origin,
    same_secret,
    sandbox,
    token_cookie,
)
from .pages import no_token_page, page_title, table_full_page

log = logging.getLogger("allfives.serve")

MAX_MESSAGE = 1 << 20  # bytes a browser may send in one websocket message (keys, a paste, a resize)
MAX_CELLS = 1000  # columns or rows a browser may ask the game for (more would only cost memory)
ENDING_GRACE = 10.0  # seconds a game has to save and quit once asked, before it is killed
# On every response: no other page may frame ours (a frame on another port of this machine would get the
# cookies and pass the Origin check, and could lure clicks), nor guess types, nor learn our address.
GUARDS = {"X-Frame-Options": "DENY", "Content-Security-Policy": "frame-ancestors 'none'",
          "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


class VisitorGame(AppService):
    """One tab's game process, playing in its visitor's sandbox (its own save, history, statistics)."""

    def __init__(self, command: str, *, visitor: str, folder: Path, **kwargs: Any) -> None:
        super().__init__(command, **kwargs)
        self.visitor = visitor
        self.folder = folder

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        """The game itself, with no shell between (textual-serve runs a shell, which would be a process
        more per visitor, and the one a kill reached, leaving the game running)."""
        self._process = process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=self._build_environment(width=width, height=height))
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width=width, height=height)
        environment["ALLFIVES_DATA_DIR"] = str(self.folder)  # where the game finds its data, and only there
        environment["ALLFIVES_CONFIG_DIR"] = str(self.folder)  # its preferences too: never the host's
        # the server's language, unless the visitor chose one in their game (kept in their preferences)
        environment["LANGUAGE"] = i18n.language()
        return environment

    async def run(self) -> None:
        """Relay the game's output until it ends; then close its page's websocket (the page says the
        session ended), however it ended: quit, idle, taken over, crashed or killed."""
        try:
            await super().run()
        finally:
            with contextlib.suppress(Exception):
                await self.remote_close()

    async def end(self) -> None:
        """Ask the game to quit as a window closing does (it saves and lets go of its lock), and wait
        until it has; kill it if it has not within the grace."""
        process = self._process  # (textual-serve's own handle on it)
        try:
            await asyncio.wait_for(self.stop(), ENDING_GRACE)
            if process is not None:
                await asyncio.wait_for(process.wait(), ENDING_GRACE)
        except TimeoutError:
            if process is not None and process.returncode is None:
                log.warning("a game did not quit within %.0f s: killed", ENDING_GRACE)
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()


Send = Callable[[bytes], Awaitable[None]]


def _first_output_touches(visit: Visit, send: Send) -> Send:
    async def write(data: bytes) -> None:
        if not visit.drawn:
            visit.drawn = True
            visit.touched()
        await send(data)
    return write


class Visit:
    """One open tab: its visitor, its game once started, and when its player last did anything."""

    def __init__(self, visitor: str) -> None:
        self.visitor = visitor
        self.game: VisitorGame | None = None
        self.taken_over = False  # a newer tab of the same visitor has the game now
        self.gone = asyncio.Event()  # set once this tab's game has ended and its seat is given up
        self.last_input = asyncio.get_running_loop().time()
        self.drawn = False  # the idle clock starts again at the game's first output: slow is not idle

    def touched(self) -> None:
        self.last_input = asyncio.get_running_loop().time()

    async def end(self) -> None:
        """End this tab's game (for a newer tab, or as the server stops), and wait until it is gone."""
        self.taken_over = True
        if self.game is not None:
            await self.game.end()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.gone.wait(), ENDING_GRACE)


class GameServer(Server):
    """textual-serve's server made safe to leave running (see the module's docstring)."""

    def __init__(self, command: str, *, host: str, port: int, public_url: str, templates_path: Path,
                 sandboxes: Path, max_visitors: int, idle_seconds: float, token: str | None = None) -> None:
        super().__init__(command, host=host, port=port, title=page_title(), public_url=public_url,
                         templates_path=templates_path)
        self.token = token or new_secret()
        self.cookie = token_cookie(port)
        self.sandboxes = sandboxes
        self.idle_seconds = idle_seconds
        self.seats: Seats[Visit] = Seats(max_visitors)

    @property
    def address(self) -> str:
        """The address to give: the page's, holding the token."""
        return f"{self.public_url}/?token={self.token}"

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C or SIGTERM (OSError: the address cannot be listened on)."""
        self.debug = debug
        self.initialize_logging()
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        """textual-serve's `web.run_app`, by hand: the address is printed once the server listens (not
        before, as its startup hook would), and stopping ends every game the orderly way first."""
        runner = web.AppRunner(await self._make_app(), handle_signals=False, shutdown_timeout=ENDING_GRACE)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
            print(_("All Fives is served at {address} : open it in a web browser (Ctrl+C stops). "
                    "Anyone with this address can play here.").format(address=self.address), flush=True)
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError):  # (Windows: Ctrl+C stops it as it is)
                    loop.add_signal_handler(sig, stop.set)
            await stop.wait()
        finally:
            await runner.cleanup()

    async def on_startup(self, app: web.Application) -> None:
        """(textual-serve prints its banner here: the address is printed once listening, by `_serve`.)"""

    async def on_shutdown(self, app: web.Application) -> None:
        """Stopping: every visitor's game saves and quits (their pages say the session ended)."""
        await asyncio.gather(*(visit.end() for visit in list(self.seats.held.values())),
                             return_exceptions=True)

    async def _make_app(self) -> web.Application:
        """textual-serve's routes behind the gate (and the static files without a folder listing)."""

        @web.middleware
        async def gate(request: web.Request, handler: Any) -> web.StreamResponse:
            if request.path == "/" and "token" in request.query:
                if same_secret(self.token, request.query["token"]):
                    return self._let_in(request)
            elif same_secret(self.token, request.cookies.get(self.cookie)):
                response: web.StreamResponse = await handler(request)
                return response
            return web.Response(status=403, text=no_token_page(), content_type="text/html")

        async def guarded(request: web.Request, response: web.StreamResponse) -> None:
            response.headers.update(GUARDS)

        app = web.Application(middlewares=[gate])
        app.on_response_prepare.append(guarded)
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.static("/static", self.statics_path, name="static"),
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    def _let_in(self, request: web.Request) -> web.Response:
        """The address with the token: the token goes into a cookie and out of the address bar (and of
        the browser's history), and the page is loaded again without it."""
        rest = request.query.copy()
        del rest["token"]
        response = web.HTTPSeeOther(request.rel_url.with_query(rest))
        response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict", path="/")
        return response

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The game's page, or the table-full page; a browser without a visitor cookie is given one."""
        if not is_host(request.host):
            raise web.HTTPBadRequest(text="a Host header this server cannot name")
        visitor = request.cookies.get(VISITOR_COOKIE)
        new = not is_visitor_id(visitor)
        if new:
            visitor = new_secret()
        assert visitor is not None
        if not self.seats.has_room_for(visitor):
            response: web.StreamResponse = web.Response(status=503, text=table_full_page(self.seats.most),
                                                        content_type="text/html")
        else:
            base = f"http://{request.host}"  # the address the page was loaded from, whatever name it used
            response = aiohttp_jinja2.render_template("app_index.html", request, {
                "font_size": min(max(_number(request.query.get("fontsize"), 16), 6), 64),
                "app_websocket_url": f"ws://{request.host}/ws",
                "config": {"static": {"url": f"{base}/static/"}},
                "application": {"name": self.title},
            })
        response.headers["Cache-Control"] = "no-store"
        if new:
            response.set_cookie(VISITOR_COOKIE, visitor, max_age=VISITOR_DAYS * 86400, httponly=True,
                                samesite="Strict", path="/")
        return response

    async def handle_download(self, request: web.Request) -> web.StreamResponse:
        """A file the visitor's own game delivers (another visitor's key is no file here)."""
        try:
            download = await self.download_manager.get_download_metadata(request.match_info["key"])
        except KeyError:
            raise web.HTTPNotFound(text="no such download") from None
        owner = getattr(download.app_service, "visitor", None)
        if owner is None or not same_secret(owner, request.cookies.get(VISITOR_COOKIE)):
            raise web.HTTPNotFound(text="no such download")
        return await super().handle_download(request)

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        """The websocket that drives one tab's game: refused before any game starts unless it comes from
        our own page, from a browser we gave a visitor cookie, with a seat free for it."""
        if not own_origin(request.headers.get("Origin"), request.host):
            log.warning("refused a websocket from %r", request.headers.get("Origin"))
            return web.Response(status=403, text=_("This game is played only from its own page."))
        visitor = request.cookies.get(VISITOR_COOKIE)
        if not is_visitor_id(visitor):
            return web.Response(status=403, text=_("Open the game's page first."))
        assert visitor is not None
        visit = Visit(visitor)
        try:
            older = self.seats.take(visitor, visit)
        except TableFull:
            return web.Response(status=503, text=_("The table is full."))
        try:
            if older is not None:
                await older.end()  # saved and its lock let go: this tab resumes that game
            if visit.taken_over:  # an even newer tab came meanwhile
                return web.Response(status=409, text=_("This game is open in a newer tab."))
            return await self._play(request, visit)
        finally:
            self.seats.leave(visitor, visit)
            visit.gone.set()

    async def _play(self, request: web.Request, visit: Visit) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        await websocket.prepare(request)
        game = visit.game = VisitorGame(
            self.command, visitor=visit.visitor, folder=sandbox(self.sandboxes, visit.visitor),
            write_bytes=_first_output_touches(visit, websocket.send_bytes), write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager, debug=self.debug)
        idle: asyncio.Task[None] | None = None
        try:
            await game.start(_cells(request.query.get("width"), 80), _cells(request.query.get("height"), 24))
            if visit.taken_over:  # a newer tab came while this one's game was starting: it is theirs
                return websocket
            idle = asyncio.create_task(self._end_when_idle(visit))
            await self._take_input(websocket, game, visit)
        except asyncio.CancelledError:  # the server is stopping
            await websocket.close()
        except Exception as error:  # one tab's trouble never stops the server
            log.exception(error)
        finally:
            if idle is not None:
                idle.cancel()
            await game.end()
        return websocket

    async def _end_when_idle(self, visit: Visit) -> None:
        """End the game of a tab nobody has typed, clicked or resized in for the idle time (saved in its
        sandbox; the page then says the session ended, and Restart resumes the game)."""
        loop = asyncio.get_running_loop()
        while (left := visit.last_input + self.idle_seconds - loop.time()) > 0:
            await asyncio.sleep(left)
        log.info("a game idle for %g minutes: ended (saved)", self.idle_seconds / 60)
        if visit.game is not None:
            await visit.game.end()

    async def _take_input(self, websocket: web.WebSocketResponse, game: AppService, visit: Visit) -> None:
        """What the page sends, passed to the game; anything malformed is dropped, never fatal."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                visit.touched()
                await game.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                visit.touched()
                await game.set_terminal_size(_cells(data.get("width"), 80), _cells(data.get("height"), 24))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await game.blur()
            elif kind == "focus":
                await game.focus()


def _number(value: object, default: int) -> int:
    try:
        return int(str(value)) if value is not None else default
    except ValueError:
        return default


def _cells(value: object, default: int) -> int:
    """A terminal size from the page, in 1..MAX_CELLS."""
    return min(max(_number(value, default), 1), MAX_CELLS)


def sandboxes_folder(data: Path) -> Path:
    """Where the visitors' sandboxes live: serve's own folder inside the server's data folder, apart from
    the server user's own save and history (never shown to a visitor)."""
    return data / "serve"

