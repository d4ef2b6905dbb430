"""The web server: textual-serve's, behind the token and the Origin check, with a cap on visitors, an idle
clock, and each visitor's game in its own sandbox.

Every request needs the token: the printed address carries it once (`/?token=...`), and the page then
holds it in a cookie (HttpOnly, SameSite=Strict) that its scripts, the game's websocket, the static
files and downloads send back. The websocket also needs the page's own Origin and a visitor id this
server gave, and is refused before a game process starts. A visitor's newer tab takes their game over:
the older tab's game is ended first (saved, its lock let go), so one browser never plays two games nor
holds two seats.

Against a client that means harm (see `limits`): one client address holds at most its share of the
seats and of the connections; a connection must send its request within a deadline; only keys and
clicks keep a game from idling, and a game ends, saved, after its lifetime however busy; the log gets
one short line per request, never the token, at a bounded rate; unused sandboxes are deleted; and a game
process never outlives the server (`tether`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import shlex
import signal
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web, web_protocol, web_server
from multidict import MultiDict
from textual_serve.app_service import AppService
from textual_serve.server import Server

from allfives import i18n
from allfives.i18n import _

from . import logbook
from .gate import (
    VISITOR_COOKIE,
    VISITOR_DAYS,
    Seats,
    ShareTaken,
    TableFull,
    VisitorIds,
    is_host,
    new_key,
    new_secret,
    own_origin,
    same_secret,
    sandbox,
    token_cookie,
)
from .limits import Doors, client_of, game_ends_at, is_play
from .pages import no_token_page, page_title, share_taken_page, table_full_page
from .sandboxes import mark_used, open_sandbox, prune
from .tether import tie_to_this_process

log = logging.getLogger("allfives.serve")

MAX_MESSAGE = 1 << 20  # bytes a browser may send in one websocket message (keys, a paste, a resize)
MAX_CELLS = 1000  # columns or rows a browser may ask the game for (more would only cost memory)
ENDING_GRACE = 10.0  # seconds a game has to save and quit once asked, before it is killed
ERRORS_KEPT = 2048  # bytes of a game's stderr kept (its last): the log gets one line of them
LIFETIME_SECONDS = 4 * 3600.0  # a game ends, saved, this long after it started, however busy
SANDBOXES = 1000  # visitors' folders kept at most (the ones unused longest go first)
KEEP_SECONDS = VISITOR_DAYS * 86400.0  # a folder unused this long has lost its visitor: the cookie is gone
PRUNE_EVERY = 3600.0  # seconds between two looks for folders unused that long
HEADER_SECONDS = 10.0  # a connection must send its request within this (and an idle one is closed then)
CONNECTIONS_PER_CLIENT = 32  # open at once from one client (a browser opens about 6, and a websocket a tab)
CONNECTIONS = 512  # open at once in all (each costs a file descriptor)
# On every response: no other page may frame ours (a frame on another port of this machine would get the
# cookies and pass the Origin check, and could lure clicks), nor guess types, nor learn our address.
GUARDS = {"X-Frame-Options": "DENY", "Content-Security-Policy": "frame-ancestors 'none'",
          "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


def ended_stream() -> asyncio.StreamReader:
    """A stream with nothing in it and nothing to come."""
    stream = asyncio.StreamReader()
    stream.feed_eof()
    return stream


async def errors_said(stream: asyncio.StreamReader) -> None:
    """Read a game's stderr to its end (so the game never blocks on it), keeping its last ERRORS_KEPT
    bytes; then one line in the log with its size and its last line (a traceback's is its error)."""
    kept = b""
    size = 0
    while chunk := await stream.read(65536):
        size += len(chunk)
        kept = (kept + chunk)[-ERRORS_KEPT:]
    lines = [line for line in kept.decode("utf-8", "replace").splitlines() if line.strip()]
    if lines:
        log.warning("a game wrote %d bytes to stderr; the last line: %s", size, lines[-1].strip())


class VisitorGame(AppService):
    """One tab's game process, playing in its visitor's sandbox (its own save, history, statistics)."""

    def __init__(self, command: str, *, visitor: str, folder: Path, **kwargs: Any) -> None:
        super().__init__(command, **kwargs)
        self.visitor = visitor
        self.folder = folder

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        """The game itself, with no shell between (textual-serve runs a shell, which would be a process
        more per visitor, and the one a kill reached, leaving the game running), tied to the server: it
        quits, saved, when the server dies, however."""
        self._process = process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=self._build_environment(width=width, height=height),
            preexec_fn=tie_to_this_process())
        assert process.stdin is not None
        self._stdin = process.stdin
        # textual-serve keeps a game's stderr whole in memory and copies it all to the log: it is read here
        # instead, all of it, keeping only its end for one line; textual-serve is handed a stream at its end
        assert process.stderr is not None
        self._errors = asyncio.ensure_future(errors_said(process.stderr))
        process.stderr = ended_stream()
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
            errors = getattr(self, "_errors", None)
            if errors is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(errors, ENDING_GRACE)

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
            visit.played()
        await send(data)
    return write


class Visit:
    """One open tab: its visitor, its game once started, when it started and when its player last
    pressed a key or clicked."""

    def __init__(self, visitor: str) -> None:
        self.visitor = visitor
        self.game: VisitorGame | None = None
        self.taken_over = False  # a newer tab of the same visitor has the game now
        self.gone = asyncio.Event()  # set once this tab's game has ended and its seat is given up
        self.started = self.last_play = asyncio.get_running_loop().time()
        self.drawn = False  # the idle clock starts again at the game's first output: slow is not idle

    def played(self) -> None:
        self.last_play = asyncio.get_running_loop().time()

    async def end(self) -> None:
        """End this tab's game (for a newer tab, or as the server stops), and wait until it is gone."""
        self.taken_over = True
        if self.game is not None:
            await self.game.end()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.gone.wait(), ENDING_GRACE)


class Entrance(web_server.Server):
    """aiohttp's connection keeper, counting connections at the door: one over a client's share, or over
    the total, is closed as it opens (see `limits.Doors`)."""

    def __init__(self, *args: Any, doors: Doors, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.doors = doors
        self.inside: dict[web_protocol.RequestHandler, str] = {}

    def connection_made(self, handler: web_protocol.RequestHandler, transport: asyncio.Transport) -> None:
        super().connection_made(handler, transport)
        peer = transport.get_extra_info("peername")
        client = client_of(peer[0] if isinstance(peer, tuple) else None)
        if self.doors.enter(client):
            self.inside[handler] = client
        else:
            logbook.refused("%s: too many connections at once, one refused", client)
            transport.abort()

    def connection_lost(self, handler: web_protocol.RequestHandler, exc: BaseException | None = None) -> None:
        super().connection_lost(handler, exc)
        client = self.inside.pop(handler, None)
        if client is not None:
            self.doors.leave(client)


class Runner(web.AppRunner):
    """aiohttp's runner with the `Entrance` at its door."""

    def __init__(self, app: web.Application, *, doors: Doors, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.doors = doors

    async def _make_server(self) -> web_server.Server:
        made = await super()._make_server()
        return Entrance(made.request_handler, request_factory=made.request_factory,
                        handler_cancellation=made.handler_cancellation, loop=made._loop, doors=self.doors,
                        **made._kwargs)


class GameServer(Server):
    """textual-serve's server made safe to leave running (see the module's docstring)."""

    def __init__(self, command: str, *, host: str, port: int, public_url: str, templates_path: Path,
                 sandboxes: Path, max_visitors: int, idle_seconds: float, per_client: int | None = None,
                 lifetime_seconds: float = LIFETIME_SECONDS, max_sandboxes: int = SANDBOXES,
                 header_seconds: float = HEADER_SECONDS, key: bytes | None = None,
                 token: str | None = None) -> None:
        super().__init__(command, host=host, port=port, title=page_title(), public_url=public_url,
                         templates_path=templates_path)
        self.token = token or new_secret()
        self.cookie = token_cookie(port)
        self.visitors = VisitorIds(key or new_key())
        self.sandboxes = sandboxes
        self.max_sandboxes = max_sandboxes
        self.idle_seconds = idle_seconds
        self.lifetime_seconds = lifetime_seconds
        self.header_seconds = header_seconds
        self.seats: Seats[Visit] = Seats(max_visitors, per_client)
        self.doors = Doors(CONNECTIONS, CONNECTIONS_PER_CLIENT)
        self._keeper: asyncio.Task[None] | None = None

    @property
    def address(self) -> str:
        """The address to give: the page's, holding the token."""
        return f"{self.public_url}/?token={self.token}"

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C, SIGTERM or SIGHUP (OSError: the address cannot be listened on)."""
        self.debug = debug
        uninstall = logbook.install(sys.stderr)  # (not textual-serve's log: a traceback per bad request)
        try:
            asyncio.run(self._serve())
        finally:
            uninstall()

    async def _serve(self) -> None:
        """textual-serve's `web.run_app`, by hand: the address is printed once the server listens (not
        before, as its startup hook would), and stopping ends every game the orderly way first. A hang-up
        (the terminal closed) stops it as Ctrl+C does."""
        runner = await self.listen()
        try:
            print(_("All Fives is served at {address} : open it in a web browser (Ctrl+C stops). "
                    "Anyone with this address can play here.").format(address=self.address), flush=True)
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for name in ("SIGINT", "SIGTERM", "SIGHUP"):
                with contextlib.suppress(NotImplementedError, AttributeError):  # (Windows: Ctrl+C as it is)
                    loop.add_signal_handler(getattr(signal, name), stop.set)
            await stop.wait()
        finally:
            await runner.cleanup()

    async def listen(self) -> web.AppRunner:
        """The server, listening (on `self.port`, the one given or, for 0, the one found); `cleanup()` the
        runner returned to stop it."""
        runner = Runner(await self._make_app(), doors=self.doors, handle_signals=False,
                        shutdown_timeout=ENDING_GRACE, access_log_class=logbook.AccessLog,
                        keepalive_timeout=self.header_seconds)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        if site.port != self.port:  # (0: a free port was found)
            self.port, self.cookie = site.port, token_cookie(site.port)
        return runner

    async def on_startup(self, app: web.Application) -> None:
        """(textual-serve prints its banner here: the address is printed once listening, by `_serve`.)
        The visitors' folders are looked after from now on."""
        self._keeper = asyncio.create_task(self._keep_sandboxes())

    async def on_shutdown(self, app: web.Application) -> None:
        """Stopping: every visitor's game saves and quits (their pages say the session ended)."""
        if self._keeper is not None:
            self._keeper.cancel()
        await asyncio.gather(*(visit.end() for visit in list(self.seats.held.values())),
                             return_exceptions=True)

    async def _keep_sandboxes(self) -> None:
        """Now and every hour: delete the folders no visitor has used for a cookie's life."""
        while True:
            self._prune()
            await asyncio.sleep(PRUNE_EVERY)

    def _prune(self) -> None:
        """Delete the sandboxes unused longest (see `sandboxes.prune`), never one a game plays in. (In the
        loop, between two awaits: no game can start in a folder as it goes.)"""
        busy = {sandbox(self.sandboxes, visitor).name for visitor in self.seats.held}
        gone = prune(self.sandboxes, time.time(), KEEP_SECONDS, self.max_sandboxes, busy)
        if gone:
            log.info("deleted %d visitors' folders, the ones unused longest", len(gone))

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
        rest = MultiDict(request.query)
        del rest["token"]
        response = web.Response(status=303, headers={"Location": str(request.rel_url.with_query(rest))})
        response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict", path="/")
        return response

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The game's page, or the table-full page; a browser without a visitor id from this server is
        given one (the cookie is given again each time: it lasts a cookie's life from the last visit)."""
        if not is_host(request.host):
            raise web.HTTPBadRequest(text="a Host header this server cannot name")
        visitor = request.cookies.get(VISITOR_COOKIE)
        if visitor is None or not self.visitors.issued(visitor):
            visitor = self.visitors.issue()
        refused = self.seats.refusal(visitor, client_of(request.remote))
        if isinstance(refused, ShareTaken):
            response: web.StreamResponse = web.Response(
                status=503, text=share_taken_page(self.seats.per_client), content_type="text/html")
        elif refused is not None:
            response = web.Response(status=503, text=table_full_page(self.seats.most),
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

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        """The websocket that drives one tab's game: refused before any game starts unless it comes from
        our own page, from a browser we gave a visitor id, with a seat free for it (and its client). (A
        refusal is a plain response, which aiohttp takes from any handler; textual-serve says a websocket.)"""
        if not own_origin(request.headers.get("Origin"), request.host):
            return web.Response(status=403, text=_("This game is played only from its own page."))
        visitor = request.cookies.get(VISITOR_COOKIE)
        if visitor is None or not self.visitors.issued(visitor):
            return web.Response(status=403, text=_("Open the game's page first."))
        visit = Visit(visitor)
        try:
            older = self.seats.take(visitor, client_of(request.remote), visit)
        except ShareTaken:
            return web.Response(status=503, text=_("Your network address has all the seats it may have."))
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
        folder = sandbox(self.sandboxes, visit.visitor)
        new = not folder.exists()
        open_sandbox(folder)  # (made only now: for a visitor this server gave an id, with a seat)
        if new:
            self._prune()  # at most as many folders as kept: the one unused longest goes
        game = visit.game = VisitorGame(
            self.command, visitor=visit.visitor, folder=folder,
            write_bytes=_first_output_touches(visit, websocket.send_bytes), write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager, debug=self.debug)
        idle: asyncio.Task[None] | None = None
        try:
            await game.start(_cells(request.query.get("width"), 80), _cells(request.query.get("height"), 24))
            if visit.taken_over:  # a newer tab came while this one's game was starting: it is theirs
                return websocket
            idle = asyncio.create_task(self._end_when_due(visit))
            await self._take_input(websocket, game, visit)
        except asyncio.CancelledError:  # the server is stopping
            await websocket.close()
        except Exception as error:  # one tab's trouble never stops the server
            log.exception("a game's trouble", exc_info=error)
        finally:
            if idle is not None:
                idle.cancel()
            await game.end()
            mark_used(folder)
        return websocket

    async def _end_when_due(self, visit: Visit) -> None:
        """End the game of a tab nobody has typed or clicked in for the idle time, or that has played its
        lifetime (saved in its sandbox; the page then says the session ended, and Restart resumes the
        game, when there is a seat)."""
        loop = asyncio.get_running_loop()
        while (left := game_ends_at(visit.started, visit.last_play, self.idle_seconds,
                                    self.lifetime_seconds) - loop.time()) > 0:
            await asyncio.sleep(left)
        if loop.time() >= visit.started + self.lifetime_seconds:
            log.info("a game played for its lifetime, %g minutes: ended (saved)", self.lifetime_seconds / 60)
        else:
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
                if is_play(data):  # a key or a click (not the mouse moving): someone is playing
                    visit.played()
                await game.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
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

