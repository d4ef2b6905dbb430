"""The table server: WebSocket connections in, one `Table` driven, each seat sent only what it may see.

Connections wait at a gate until they say hello (`Gate`: a few from one address, so many in all, each
with a deadline; TLS starts only past it). Every incoming message is size-limited (by the library),
rate-limited and validated before the table hears of it; a connection that sends garbage, floods, or
claims a seat it holds no token for is answered with an error or closed, and the table plays on. Wrong
table codes slow their address down (`Door`): one that must wait is refused before its handshake
completes, and told for how long. Bots think in a thread executor.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, assert_never

from pydantic import ValidationError
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.http11 import Request, Response

from allfives.engine import Event, GameState, GameWon, HandResult
from allfives.play.saving import SaveWriter
from allfives.play.session import bot_pause

from . import reasons as R
from .door import Door, address_key
from .gate import Gate, GatedConnection, GateRules, gated
from .link import Link, LinkClosed, WebSocketLink
from .protocol import (
    CLIENT_MESSAGE,
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    ClientMessage,
    Cover,
    Error,
    Goodbye,
    Hello,
    Kick,
    LetBack,
    Moved,
    Ready,
    Refused,
    Release,
    Said,
    Say,
    SendMove,
    Sit,
    Start,
    Welcome,
    encode,
)
from .table import SaveJob, Table, TableError, same_code

log = logging.getLogger("allfives.net")


@dataclass(frozen=True)
class Limits:
    """What one connection may do before it is cut off."""

    max_size: int = MAX_MESSAGE_BYTES  # bytes in one message; larger ones close the connection (1009)
    rate: float = 20.0  # messages a second, on average
    burst: int = 40  # messages at once
    flood: int = 100  # messages dropped for rate before the connection is closed
    strikes: int = 10  # bad messages before the connection is closed
    hello_timeout: float = 10.0  # seconds from the connection to its hello (TLS and the upgrade included)
    waiting_per_address: int = 8  # connections one address may keep waiting before their hello
    waiting_in_all: int = 32  # and every address together (a newcomer lets the longest waiting go)
    close_timeout: float = 2.0  # seconds a closing client has to answer before it is cut off
    write_buffer: int = 1 << 20  # bytes waiting to go out to a client that does not read


class Connection:
    """One client's connection (a link: a websocket, a wormhole): the seat it holds once it said hello,
    and its allowance of messages."""

    def __init__(self, link: Link, limits: Limits, now: float) -> None:
        self.link = link
        self.limits = limits
        self.address = link.address
        # whose this connection is, as bans and the door count it (None: no address to hold it to)
        self.address_key = address_key(self.address) if self.address != "unknown" else None
        self.seat: int | None = None
        self.allowance = float(limits.burst)
        self.checked = now
        self.dropped = 0
        self.warned_at = -1.0
        self.strikes = 0
        self.closing: tuple[int, str] | None = None  # set: close with this code and reason

    def allow(self, now: float) -> bool:
        """A token bucket: `rate` a second, `burst` at once."""
        refill = (now - self.checked) * self.limits.rate
        self.allowance = min(float(self.limits.burst), self.allowance + refill)
        self.checked = now
        if self.allowance >= 1:
            self.allowance -= 1
            return True
        self.dropped += 1
        return False

    def refund(self) -> None:
        self.allowance = min(float(self.limits.burst), self.allowance + 1)

    def send(self, text: str) -> None:
        """Send without waiting; a client whose unread messages pile up is cut off (by its link)."""
        with contextlib.suppress(LinkClosed):  # (gone: the handler hears of it and frees the seat)
            self.link.send(text)

    def close(self, code: int, reason: str) -> None:
        self.closing = (code, reason[:120])


class TableServer:
    """Serves one table on host:port until closed."""

    def __init__(self, table: Table, host: str = "127.0.0.1", port: int = 0, limits: Limits | None = None,
                 ping_interval: float | None = 10.0, door: Door | None = None,
                 tls: ssl.SSLContext | None = None, clock: Callable[[], float] | None = None) -> None:
        self.table = table
        self.tls = tls  # serve wss:// with this (net/tls.py); None: plain ws:// (loopback only, the CLI says)
        self.clock = clock  # the time the table's waits are measured by (the loop's; tests give their own)
        self.host = host
        self.port = port
        self.limits = limits or Limits()
        self.door = door if door is not None else Door()  # wrong codes slow their address down
        self.gate = Gate(GateRules(per_address=self.limits.waiting_per_address,
                                   in_all=self.limits.waiting_in_all, deadline=self.limits.hello_timeout))
        self.ping_interval = ping_interval
        self.by_seat: dict[int, Connection] = {}
        self.server: Server | None = None
        self.game_over = asyncio.Event()
        self.moves = 0
        self._bot_task: asyncio.Task[None] | None = None
        self._timers: list[asyncio.TimerHandle] = []
        self._pause_for: int | None = None  # the hand whose end-of-hand pause is running
        self._tasks: set[asyncio.Task[Any]] = set()
        # Saves are written in a thread, never holding up the table (latest wins: see SaveWriter); one that
        # fails is said at once to the host (`_save_news`), and each move tries again.
        self._saves: SaveWriter[SaveJob] = SaveWriter(table.write, self._saved)
        table.saver = self._saves.put
        self._told_unsaved: str | None = None
        self._home: asyncio.AbstractEventLoop | None = None  # the loop the table runs on, once started
        self._listeners: list[Callable[[list[Event]], None]] = []

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return asyncio.get_running_loop()

    def now(self) -> float:
        return self.clock() if self.clock is not None else self.loop.time()

    async def start(self) -> TableServer:
        self._home = asyncio.get_running_loop()
        self.server = await serve(
            self.handler, self.host, self.port, max_size=self.limits.max_size, max_queue=8, compression=None,
            ping_interval=self.ping_interval, ping_timeout=20, close_timeout=self.limits.close_timeout,
            open_timeout=self.limits.hello_timeout, server_header=None, process_request=self.at_the_door,
            create_connection=gated(self.gate, self.tls))  # (TLS too: started past the gate)
        sock = next(iter(self.server.sockets))
        self.port = sock.getsockname()[1]
        now = self.now()
        for seat in self.table.seats:  # a resumed table: its people are away until they rejoin
            if seat.token_hash is not None and not seat.connected:
                seat.away_since = now
        for n, seat in enumerate(self.table.seats):
            if seat.away_since is not None:
                self._away_timer(n)
        self.kick()
        return self

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    async def close(self, goodbye: str | None = None, *, tell: bool = True) -> None:
        """Stop serving: everyone at the table is told (`goodbye`, by default "Hal closed the table")
        so that nobody waits for it to come back by itself, then connections close with 1001 (going
        away); the table stays saved as it is, to be opened again unless the game is over. `tell`
        False closes as a host that died would (the clients keep trying to come back)."""
        table = self.table
        if goodbye is None:
            goodbye = (R.said(R.CLOSED, host=table.names[table.host_seat]) if table.host_seat is not None
                       else R.said(R.HOST_CLOSED))
        saved = table.save_path is not None and table.state is not None and table.phase != "game_over"
        farewell = encode(Goodbye(reason=goodbye[:200], come_back=saved))
        for conn in list(self.by_seat.values()) if tell else ():
            conn.send(farewell)
        for timer in self._timers:
            timer.cancel()
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._bot_task
        for waiting in self.gate.everyone():  # (not yet at the table: nothing to tell them)
            waiting.let_go()  # type: ignore[attr-defined]
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        if table.save_error is not None:
            table.save()  # (one last try: the disk may have room again)
        await self.loop.run_in_executor(None, self._saves.flush)
        self.table.saver = None

    async def __aenter__(self) -> TableServer:
        return await self.start()

    async def __aexit__(self, *_: Any) -> None:
        await self.close()

    # -- connections ----------------------------------------------------------

    def at_the_door(self, ws: ServerConnection, request: Request) -> Response | None:
        """Before the handshake completes: an address that must wait after wrong codes is sent away
        (429, saying for how long) without a connection to send codes on."""
        wait = self.door.wait(_remote_host(ws))
        if not wait:
            return None
        response = ws.respond(429, f"{_try_again(wait)}\n")
        response.headers["Retry-After"] = str(wait)
        return response

    async def handler(self, ws: ServerConnection) -> None:
        spoke = ws.through if isinstance(ws, GatedConnection) else None  # (past the gate once it speaks)
        await self.serve_link(WebSocketLink(ws, self.limits.write_buffer), spoke)

    async def serve_link(self, link: Link, spoke: Callable[[], None] | None = None) -> None:
        """One client's connection, hello to goodbye, whatever carries it (net/link.py); `spoke` is told
        when its first frame has come."""
        conn = Connection(link, self.limits, self.now())
        try:
            try:
                async with asyncio.timeout(self.limits.hello_timeout):
                    first = await link.recv()
            except TimeoutError:
                await link.close(1008, R.said(R.HELLO_FIRST))
                return
            if spoke is not None:
                spoke()
            self.receive(conn, first)
            while conn.closing is None and conn.seat is not None:
                raw = await link.recv()
                if conn.allow(self.now()):
                    self.receive(conn, raw)
                elif conn.dropped > self.limits.flood:
                    self.refuse(conn, R.said(R.FLOOD), fatal=True)
                elif self.now() - conn.warned_at >= 1:
                    conn.warned_at = self.now()
                    self.refuse(conn, R.said(R.SLOW_DOWN))
            if conn.closing is not None:
                await link.close(*conn.closing)
        except LinkClosed:
            pass
        finally:
            self.gone(conn)

    def gone(self, conn: Connection) -> None:
        seat = conn.seat
        if seat is None or self.by_seat.get(seat) is not conn:
            return
        del self.by_seat[seat]
        name = self.table.names[seat]
        if self.table.leave(seat, self.now()):
            log.info("%s left seat %s; it is free again", name, seat + 1)
        else:
            log.info("%s left seat %s; it waits for them", name, seat + 1)
            self._away_timer(seat)
        self.send_seating()
        self.kick()  # a turn clock stops

    def refuse(self, conn: Connection, reason: str, fatal: bool = False) -> None:
        conn.send(encode(Error(reason=reason, fatal=fatal)))
        if fatal:  # (one line a connection: the host sees what a guest did, a wrong code's own aside)
            if reason != R.said(R.WRONG_CODE) and not reason.startswith("wrong table code"):
                log.warning("%s is cut off: %s", conn.address, reason[:120])
            conn.close(1008, reason)

    def strike(self, conn: Connection, reason: str) -> None:
        conn.strikes += 1
        if conn.strikes >= self.limits.strikes:
            self.refuse(conn, R.said(R.STRUCK_OUT, reason=reason), fatal=True)
        else:
            self.refuse(conn, reason, fatal=conn.seat is None)  # no second chance to say hello

    def receive(self, conn: Connection, raw: str | bytes) -> None:
        """One incoming message: checked, then acted on; nothing a client sends can stop the table."""
        if isinstance(raw, bytes):
            self.strike(conn, R.said(R.BINARY))
            return
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            self.strike(conn, R.said(R.NOT_JSON))
            return
        if conn.seat is None and isinstance(data, dict) and data.get("type") == "hello" \
                and data.get("version") != PROTOCOL_VERSION:
            theirs = str(data.get("version"))[:10]
            self.refuse(conn, R.said(R.PROTOCOL, ours=PROTOCOL_VERSION, theirs=theirs), fatal=True)
            return
        try:
            message = CLIENT_MESSAGE.validate_python(data)
        except (ValidationError, RecursionError) as e:
            self.strike(conn, R.said(R.NOT_A_MESSAGE, error=_first_error(e)))
            return
        try:
            self.act(conn, message)
        except TableError as e:
            self.refuse(conn, str(e), fatal=e.fatal)

    def act(self, conn: Connection, message: ClientMessage) -> None:
        """Carry out a client's message: one case a kind (the type checker fails on a kind left out)."""
        table, now = self.table, self.now()
        if isinstance(message, Hello):
            if conn.seat is not None:
                raise TableError(R.said(R.SEATED_ALREADY))
            self.hello(conn, message)
            return
        seat = conn.seat
        if seat is None:
            raise TableError(R.said(R.HELLO_FIRST), fatal=True)
        match message:
            case SendMove():
                try:
                    self.apply(seat, message.move, message.at)
                except TableError as e:
                    conn.send(encode(Refused(move=str(message.move), reason=str(e))))
                else:
                    conn.refund()  # a move made never counts against the rate: play as fast as you like
            case Sit():
                self.move_seat(conn, seat, message.seat)
            case Start():
                self.start_game(seat)
            case Ready():
                table.ready(seat)
                self.kick()
            case Cover():
                table.cover(message.seat, now, by=seat)
                log.info("%s lets a bot play for %s (seat %s)", table.names[seat], table.names[message.seat],
                         message.seat + 1)
                self.send_seating()
                self.kick()
            case Kick() | Release():
                self.unseat(seat, message.seat, kick=isinstance(message, Kick))
            case LetBack():
                table.let_back(message.name, by=seat)
                log.info("%s lets %s back to the table", table.names[seat], message.name)
                self.send_bans(seat)
            case Say():
                text = message.text
                self.send_all(lambda _: Said(seat=seat, text=text))
            case _:
                assert_never(message)

    def hello(self, conn: Connection, hello: Hello) -> None:
        table, now, door = self.table, self.now(), self.door
        wait = door.wait(conn.address)  # (a connection opened before its address had to wait)
        if wait:
            raise TableError(_try_again(wait), fatal=True)
        if not same_code(hello.code, table.code):
            wait = door.wrong(conn.address)
            log.warning("wrong table code from %s (%s in a row)%s", conn.address, door.wrong_in_a_row(
                conn.address), f": it waits {wait} s before trying again" if wait else "")
            raise TableError(_try_again(wait) if wait else R.said(R.WRONG_CODE), fatal=True)
        door.right(conn.address)
        seat = table.seat_of(hello.token) if hello.token is not None else None
        if hello.token is not None and seat is None:
            why = table.why_unseated(hello.token)
            if why is not None:
                raise TableError(why, fatal=True)
            if table.state is not None:
                raise TableError(R.said(R.NO_TOKEN_SEAT), fatal=True)
            # in the lobby a seat whose person left is free again: they sit as anyone would
        if hello.token is not None and seat is not None:
            token = hello.token
            old = self.by_seat.get(seat)
            if old is not None and old is not conn:  # the same player on a new connection
                old.seat = None
                self.refuse(old, R.said(R.JOINED_AGAIN), fatal=True)
                self._background(old.link.close(*(old.closing or ())))
            table.arrive(seat, conn.address_key)
            log.info("%s is back at seat %s", table.names[seat], seat + 1)
        else:
            try:
                seat, token = table.sit(hello.name, hello.seat, conn.address_key)
            except TableError:
                if any(ban.holds(hello.name, conn.address_key) for ban in table.bans):
                    log.warning("%s (from %s) was sent away: not let sit again", hello.name, conn.address)
                raise
            hosts = " and hosts" if table.host_seat == seat else ""
            log.info("%s sits at seat %s%s", table.names[seat], seat + 1, hosts)
        conn.seat = seat
        self.by_seat[seat] = conn
        conn.send(encode(Welcome(seat=seat, token=token, table=table.snapshot(seat, now))))
        self.send_seating(but=seat)
        if table.should_start():
            self.start_game(None)
        self.kick()

    def move_seat(self, conn: Connection, seat: int, wanted: int) -> None:
        """A person changes seats in the lobby: they are told where they sit now, everyone sees it."""
        self.table.move_to(seat, wanted)
        if wanted == seat:
            return
        del self.by_seat[seat]
        self.by_seat[wanted] = conn
        conn.seat = wanted
        log.info("%s moves to seat %s", self.table.names[wanted], wanted + 1)
        conn.send(encode(Moved(seat=wanted)))
        self.send_seating()

    def unseat(self, by: int, seat: int, *, kick: bool) -> None:
        """The host takes a person's seat back (kick: for good); they are told, and their connection
        closes without coming back by itself; a bot plays the seat from now on."""
        table = self.table
        name = table.unseat(seat, by, kick=kick)
        host = table.names[by]
        done = "sends away" if kick else "gives a bot the seat of"
        log.info("%s %s %s (seat %s); a bot plays it", host, done, name, seat + 1)
        conn = self.by_seat.pop(seat, None)
        if conn is not None:
            why = R.said(R.SENT_AWAY if kick else R.TO_A_BOT, host=host)
            conn.seat = None
            conn.send(encode(Goodbye(reason=why)))
            conn.close(1000, why)
            self._background(conn.link.close(*conn.closing))  # type: ignore[misc]
        self.send_seating()
        if kick:
            self.send_bans(by)
        self.kick()

    def send_bans(self, host: int) -> None:
        """In the lobby, the host is told the table again with whom it has sent away (to let them back)."""
        conn = self.by_seat.get(host)
        if conn is not None and self.table.state is None:
            conn.send(encode(self.table.snapshot(host, self.now())))

    # -- sending --------------------------------------------------------------

    def send_all(self, message_for: Callable[[int], Any], but: int | None = None) -> None:
        """Each connected seat gets its own message (built for it: what it may see)."""
        for seat, conn in list(self.by_seat.items()):
            if seat != but:
                conn.send(encode(message_for(seat)))

    def send_seating(self, but: int | None = None) -> None:
        seating = encode(self.table.seating(self.now()))
        for seat, conn in list(self.by_seat.items()):
            if seat != but:
                conn.send(seating)

    def on_events(self, listener: Callable[[list[Event]], None]) -> None:
        """Hear every move's events as the table sees them (tests and the host's own log)."""
        self._listeners.append(listener)

    # -- the game ---------------------------------------------------------------

    def start_game(self, by: int | None) -> None:
        events = self.table.start(by)
        log.info("The game starts: %s", ", ".join(f"{p.name} ({p.kind})" for p in self.table.setup.players))
        now = self.now()
        self.send_all(lambda seat: self.table.snapshot(seat, now))
        self._heard(events)
        self.kick()

    def apply(self, seat: int, move: Any, at: int | None = None) -> None:
        events = self.table.apply(seat, move, at)
        self.moves += 1
        self.send_all(lambda s: self.table.update(s, events))
        self._heard(events)
        self.kick()

    def _heard(self, events: list[Event]) -> None:
        for ev in events:
            if isinstance(ev, HandResult):
                state = self.table.state
                log.info("Hand %s is over: scores %s", state.hand_number if state else "?", list(ev.scores))
            elif isinstance(ev, GameWon):
                log.info("Game over: %s wins with scores %s", self.table.setup.side_title(ev.side),
                         list(ev.scores))
        for listener in self._listeners:
            listener(events)

    def kick(self) -> None:
        """Whatever comes next: a bot's move, the next deal, or the end."""
        table = self.table
        state = table.state
        if state is None:
            return
        if state.phase == "game_over":
            self.game_over.set()
            return
        if state.phase == "hand_over":
            if table.all_ready() or table.options.hand_pause <= 0:
                self.deal()
            elif self._pause_for != state.hand_number:
                hand = self._pause_for = state.hand_number
                self._later(table.options.hand_pause, lambda: self._pause_over(hand))
            return
        if table.clock_turn(self.now()):  # a person's turn began: everyone sees their clock
            self.send_seating()
            moment = (state.hand_number, len(state.history))
            self._later(table.options.turn_clock, lambda: self._turn_over(moment))
        seat = table.bot_to_move()
        if seat is not None and (self._bot_task is None or self._bot_task.done()):
            self._bot_task = asyncio.ensure_future(self.bot_move(state, seat))

    def _pause_over(self, hand: int) -> None:
        state = self.table.state
        if state is not None and state.phase == "hand_over" and state.hand_number == hand:
            self.deal()

    def deal(self) -> None:
        events = self.table.next_hand()
        self.send_all(lambda s: self.table.update(s, events))
        self._heard(events)
        self.kick()

    async def bot_move(self, state: GameState, seat: int) -> None:
        """A bot thinks in a thread; its move lands no sooner than the bot delay after its turn began."""
        started = self.now()
        bot = self.table.bot(seat)
        try:
            move = await self.loop.run_in_executor(None, bot.choose, state.view(seat))
        except Exception:  # a broken bot must not stop the table
            log.exception("bot error at seat %s", seat + 1)
            move = state.legal_moves()[0]
        wait = bot_pause(self.table.setup.bot_delay) - (self.now() - started)
        if wait > 0:
            await asyncio.sleep(wait)
        self._bot_task = None
        if self.table.state is state and self.table.is_bot_played(seat):
            self.apply(seat, move)
        else:
            self.kick()  # the person came back, or the table moved on meanwhile

    # -- saves ----------------------------------------------------------------------

    def _saved(self, error: Exception | None) -> None:
        """How a save went, in the writing thread: the table notes a disk that refuses (`save_error`)
        itself, so only a bug comes as `error`; the news goes to the table's loop."""
        if error is not None:
            log.error("the table could not be saved: %s", error)
        if self._home is not None:
            with contextlib.suppress(RuntimeError):  # (the loop has closed: nobody left to tell)
                self._home.call_soon_threadsafe(self._save_news)

    def _save_news(self) -> None:
        """A save that fails is said at once, in one line, on the host's terminal (the log) and at the
        table (to the host's seat); a save that works again after that is said too."""
        unsaved = self.table.save_error
        if unsaved == self._told_unsaved:
            return
        told, self._told_unsaved = self._told_unsaved, unsaved
        if unsaved is None and told is None:
            return
        line = unsaved if unsaved is not None else R.said(R.SAVED_AGAIN)
        (log.error if unsaved is not None else log.warning)("%s", line)
        host = self.by_seat.get(self.table.host_seat) if self.table.host_seat is not None else None
        if host is not None:
            host.send(encode(Error(reason=line)))

    # -- away players -------------------------------------------------------------

    def _background(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _later(self, delay: float, action: Callable[[], None]) -> None:
        self._timers = [t for t in self._timers if not t.cancelled()]
        self._timers.append(self.loop.call_later(delay, action))

    def _turn_over(self, moment: tuple[int, int]) -> None:
        """A person's turn clock ran out: everyone is told (the host may now let a bot play it)."""
        state = self.table.state
        if state is not None and (state.hand_number, len(state.history)) == moment:
            self.send_seating()

    def _away_timer(self, seat: int) -> None:
        since = self.table.seats[seat].away_since
        if since is not None:
            self._later(self.table.options.away_timeout, lambda: self._away_over(seat, since))

    def _away_over(self, seat: int, since: float) -> None:
        """The wait is over: a bot takes the seat (auto_cover) or the host is told they may let one."""
        s = self.table.seats[seat]
        if s.connected or s.away_since != since:
            return
        if self.table.options.auto_cover:
            self.table.cover(seat, self.now())
            log.info("A bot plays seat %s until %s comes back", seat + 1, self.table.names[seat])
        self.send_seating()
        self.kick()


def _remote_host(ws: ServerConnection) -> str:
    """The address a connection comes from (its host part)."""
    peer = ws.remote_address
    return str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"


def _try_again(wait: int) -> str:
    return R.said(R.TRY_AGAIN, wait=wait)


def _first_error(e: Exception) -> str:
    if isinstance(e, ValidationError):
        err = e.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        return f"{where}: {err['msg']}"[:200] if where else err["msg"][:200]
    return "nested too deeply"
