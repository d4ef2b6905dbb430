"""A seat at a remote table: connects, keeps the table as this seat sees it, and comes back by itself.

`TableClient` gives what a local game gives the screen: the seating (`setup`, `info.seats`), and the
game as this seat knows it (`seen`, a `SeenGame`: the seat's `view` with its own hand, the layout,
counts, public history, scores, whose turn; every hand's public `hands` events; the hand's `result`;
each hand's `deals`, checked against all the seat saw once the hand's secret is shown);
`move()` sends a move, and `on_message` hears each update. Given the table's pin it connects with
`wss://` and checks the certificate before saying a word (net/tls.py).
"""

from __future__ import annotations

import asyncio
import random
import ssl
import time
from collections.abc import Callable, Generator
from typing import Any, assert_never

from pydantic import ValidationError
from websockets.asyncio.client import ClientConnection, connect
from websockets.client import process_exception
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from allfives.engine import Deal, HandResult, Hands, Move, Rules, SeatView, SeenDeal, SeenGame
from allfives.i18n import _, ngettext

from . import reasons
from .protocol import (
    PROTOCOL_VERSION,
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
    Seating,
    SendMove,
    ServerMessage,
    Sit,
    Snapshot,
    Start,
    TableInfo,
    Update,
    Welcome,
    decode_server,
    encode,
)
from .table import clean_code
from .tls import PinMismatch, check_pin, clean_pin, pinned_context


def seen_of(snapshot: Snapshot) -> SeenGame | None:
    """The game a snapshot shows (None in the lobby), each finished hand's deal checked as it is folded."""
    if snapshot.view is None:
        return None
    deals = tuple(None if d is None else d.to_deal() for d in snapshot.deals)
    return SeenGame.from_snapshot(snapshot.view, snapshot.hands, snapshot.winner, deals)


def deal_of(update: Update) -> Deal | None:
    """The deal an update shows: the commitment with a deal, the secret too with a hand's end."""
    return update.deal.to_deal() if update.deal is not None else None


def deal_said(hand: int, seen: SeenDeal) -> tuple[str, str]:
    """What a player is told (text, severity) once hand `hand`'s secret is shown and checked."""
    if seen.checked:
        return (_("Hand {hand}: deal checked (its secret gives the commitment shown before the hand "
                  "and every tile you saw).").format(hand=hand), "information")
    return (_("Hand {hand}: the deal does not match its commitment: this table's host may have changed "
              "it ({problem}).").format(hand=hand, problem=seen.problem), "error")


def deals_said(seen: SeenGame | None) -> str | None:
    """One line on a game's deals (a seat with no screen ends with it): the first that does not match
    its commitment, else how many hands checked."""
    if seen is None:
        return None
    shown = [(n, d) for n, d in enumerate(seen.deals, start=1) if d is not None and d.secret is not None]
    for n, deal in shown:
        if not deal.checked:
            return deal_said(n, deal)[0]
    return ngettext("Deals checked: {checked} of {n} hand.", "Deals checked: {checked} of {n} hands.",
                    len(seen.hands)).format(checked=len(shown), n=len(seen.hands))


class JoinRefused(Exception):
    """The table would not have us (wrong code, no seat, another protocol version): no point retrying."""


class NotTheTable(JoinRefused):
    """What answered is not the table the join line names (another certificate, or not the TLS asked
    for): nothing was sent to it. Its words stand alone (not "the table refused: ...")."""


def quick_retries() -> Generator[float]:
    """Come back soon after a drop, then less often: a host restarting takes a moment."""
    delay = 0.05
    while True:
        yield delay * (0.8 + 0.4 * random.random())
        delay = min(delay * 2, 5.0)


class TableClient:
    """One seat's connection to a table; `run()` until the game ends or `stop()`."""

    def __init__(self, address: str, code: str, name: str = "Player", *, token: str | None = None,
                 seat: int | None = None, on_message: Callable[[ServerMessage], None] | None = None,
                 on_link: Callable[[bool], None] | None = None, stop_when_over: bool = False,
                 keep_raw: bool = False, max_size: int = 1 << 22, pin: str | None = None) -> None:
        # pinned: wss:// and only the certificate with that fingerprint; else plain ws:// (the commands
        # allow that on loopback alone: net/cli.py)
        self.pin = clean_pin(pin) if pin else None
        scheme = "wss" if pin else "ws"
        self.uri = address if address.startswith(("ws://", "wss://")) else f"{scheme}://{address}"
        if self.pin and not self.uri.startswith("wss://"):
            raise ValueError("a pinned table is reached with wss://")
        self.code = code
        self.name = name
        self.token = token
        self.wanted_seat = seat
        self.on_message = on_message
        self.on_link = on_link  # told True once seated on a connection, False when it is lost
        self.stop_when_over = stop_when_over
        self.max_size = max_size
        self.raw: list[str] | None = [] if keep_raw else None  # every message as received (tests)
        self.seat: int | None = None
        self.info: TableInfo | None = None
        self.seen: SeenGame | None = None  # the game as this seat knows it (None in the lobby)
        self.refused: Refused | None = None  # the last move refused
        self.errors: list[str] = []
        self.refusal: str | None = None  # why the table sent us away, if it did
        self.refusal_template: str | None = None  # the table's words it was said from (net/reasons.py)
        self.goodbye: Goodbye | None = None  # the table said goodbye (closed, or took our seat back)
        self.said: list[tuple[int, str]] = []
        self.away_until: dict[int, float] = {}  # an away seat: when (time.monotonic) a bot may play it
        self.turn_until: dict[int, float] = {}  # a person's turn: when (time.monotonic) a bot may play it
        self.connections = 0  # how many times we got in (1 + reconnections)
        self.ws: ClientConnection | None = None
        self.seated = False  # seated on the connection we have now (false while coming back)
        self._stopping = False
        self._waiters: list[tuple[Callable[[], bool], asyncio.Future[None]]] = []
        self._tasks: set[asyncio.Task[Any]] = set()

    # -- what the screen reads -------------------------------------------------

    @property
    def rules(self) -> Rules | None:
        return self.info.rules if self.info else None

    @property
    def phase(self) -> str:
        if self.view is not None:
            return self.view.phase
        return self.info.phase if self.info else "lobby"

    @property
    def my_turn(self) -> bool:
        view = self.view
        return (view is not None and view.phase == "playing" and view.turn == view.seat
                and bool(view.legal_moves))

    @property
    def is_host(self) -> bool:
        return self.info is not None and self.seat is not None and self.info.seats[self.seat].host

    @property
    def view(self) -> SeatView | None:
        """What our seat may see now (None in the lobby)."""
        return self.seen.view if self.seen is not None else None

    @property
    def hands(self) -> Hands:
        """Every hand's public events, `HandDealt` first."""
        return self.seen.hands if self.seen is not None else Hands()

    @property
    def winner(self) -> int | None:
        return self.seen.winner if self.seen is not None else None

    @property
    def result(self) -> HandResult | None:
        """The current hand's result, once it is over."""
        return self.seen.result if self.seen is not None else None

    # -- running ---------------------------------------------------------------

    async def run(self, retry_delays: Callable[[], Generator[float]] = quick_retries) -> None:
        """Connect, and reconnect with the seat's token after any drop, until stopped or refused."""
        tls = pinned_context() if self.pin else None
        try:
            async for ws in connect(self.uri, max_size=self.max_size, compression=None, open_timeout=10,
                                    ping_interval=10, ping_timeout=20, close_timeout=2, ssl=tls,
                                    reconnect_delays=retry_delays, process_exception=self._worth_retrying):
                if self.pin is not None:
                    try:  # before the hello: a table posing as ours never hears the code nor a token
                        check_pin(ws.transport.get_extra_info("ssl_object"), self.pin)
                    except PinMismatch as e:
                        ws.transport.abort()
                        raise NotTheTable(_("this is not the host's table: {why}").format(why=e)) from None
                self.ws = ws
                try:
                    await ws.send(encode(self.hello()))
                    async for raw in ws:
                        self._receive(raw)
                        if self._stopping:
                            break
                except ConnectionClosed:
                    pass
                finally:
                    self.ws = None
                    self._lost()
                if self._stopping:
                    await ws.close()
                    break
                if self.token is None:  # never got in: trying again would only take another seat
                    self.refusal = _("the table closed the connection before seating us")
                    break
        except InvalidStatus as e:  # turned away at the door (wrong codes from here: told for how long)
            if e.response.status_code != 429:
                raise NotTheTable(_("{address} did not answer as an allfives table does (HTTP {status})")
                                  .format(address=self.where, status=e.response.status_code)) from None
            body = (e.response.body or b"").decode("utf-8", "replace").strip()[:120]
            self.refusal = reasons.read(body) if body else str(e)
        except InvalidHandshake as e:  # a plain ws:// hello to a wss:// table, or no table at all
            said = (_("{address} did not answer as an allfives table does ({why})") if self.pin else
                    _("{address} did not answer as an allfives table does ({why}); it may serve wss://: "
                      "join with the host's whole line, its pin and all"))
            raise NotTheTable(said.format(address=self.where, why=e)) from None
        except (ssl.SSLError, ConnectionResetError) as e:  # (a plain table drops a TLS hello: a reset)
            if not self.pin:
                raise
            why = getattr(e, "reason", None) or e.strerror or _("the connection was reset")
            raise NotTheTable(_("{address} did not answer with TLS ({why}); a table served --insecure on "
                                "this machine is joined with --insecure").format(address=self.where, why=why)
                              ) from None
        self._wake_all()
        if self.refusal is not None:
            raise JoinRefused(self.refusal)

    def hello(self) -> Hello:
        """What we say first on every connection: our seat's token once we have one (to come back to
        it), else the seat we want."""
        return Hello(version=PROTOCOL_VERSION, code=clean_code(self.code), name=self.name, token=self.token,
                     seat=None if self.token else self.wanted_seat)

    @property
    def goodbye_said(self) -> str | None:
        """Why the table said goodbye, in our language; None if it has not."""
        return reasons.read(self.goodbye.reason) if self.goodbye is not None else None

    @property
    def where(self) -> str:
        """The table's address as given (no scheme)."""
        return self.uri.split("://", 1)[-1]

    @property
    def connected(self) -> bool:
        """Seated at the table on a live connection."""
        return self.seated and self.ws is not None

    def _lost(self) -> None:
        if self.seated:
            self.seated = False
            if self.on_link is not None:
                self.on_link(False)

    def _worth_retrying(self, exc: Exception) -> Exception | None:
        """A table never reached is an error to report; one we sat at is worth waiting for."""
        return exc if self.connections == 0 else process_exception(exc)

    def stop(self) -> None:
        """Leave the table (the seat waits for us, like any drop)."""
        self._stopping = True
        if self.ws is not None:
            self._background(self.ws.close())
        self._wake_all()

    def drop(self) -> None:
        """Cut the connection as a network failure would (tests): `run` reconnects by itself."""
        if self.ws is not None:
            self.ws.transport.abort()

    # -- sending -----------------------------------------------------------------

    async def send(self, message: Any) -> bool:
        """Send one message; False when we are between connections (the screen may try again)."""
        ws = self.ws
        if ws is None:
            return False
        try:
            await ws.send(encode(message))
        except ConnectionClosed:
            return False
        return True

    def send_soon(self, message: Any) -> None:
        """Send from a callback that cannot wait."""
        self._background(self.send(message))

    async def move(self, move: Move | str) -> bool:
        """Our move, marked with how much of the hand we had seen (a stale one is refused, not made)."""
        at = len(self.view.history) if self.view is not None else None
        return await self.send(SendMove(move=Move.model_validate(move), at=at))

    async def sit(self, seat: int) -> bool:
        """In the lobby, move to another free seat."""
        return await self.send(Sit(seat=seat))

    async def start(self) -> bool:
        return await self.send(Start())

    async def ready(self) -> bool:
        return await self.send(Ready())

    async def cover(self, seat: int) -> bool:
        return await self.send(Cover(seat=seat))

    async def kick(self, seat: int) -> bool:
        return await self.send(Kick(seat=seat))

    async def release(self, seat: int) -> bool:
        return await self.send(Release(seat=seat))

    async def let_back(self, name: str) -> bool:
        return await self.send(LetBack(name=name))

    async def say(self, text: str) -> bool:
        return await self.send(Say(text=text))

    # -- waiting -----------------------------------------------------------------

    async def wait_until(self, condition: Callable[[], bool]) -> None:
        """Until `condition()` holds after some message (or the client stops)."""
        if condition() or self._stopping:
            return
        future = asyncio.get_running_loop().create_future()
        self._waiters.append((condition, future))
        await future

    def _wake(self) -> None:
        still = []
        for condition, future in self._waiters:
            if future.done():
                continue
            if condition():
                future.set_result(None)
            else:
                still.append((condition, future))
        self._waiters = still

    def _wake_all(self) -> None:
        for _unused, future in self._waiters:
            if not future.done():
                future.set_result(None)
        self._waiters = []

    # -- receiving ---------------------------------------------------------------

    def _receive(self, raw: str | bytes) -> None:
        if self.raw is not None:
            self.raw.append(raw if isinstance(raw, str) else raw.decode("utf-8", "replace"))
        try:
            message = decode_server(raw)
        except ValidationError as e:
            self.errors.append(_("the table sent a message we do not understand: {why}")
                               .format(why=e.errors()[0]["msg"]))
            return
        self.take(message)
        if self.on_message is not None:
            self.on_message(message)
        self._wake()

    def take(self, message: ServerMessage) -> None:
        """Bring our picture of the table up to date with one message (one case a kind: the type checker
        fails on a kind left out)."""
        match message:
            case Welcome():
                self.seat, self.token = message.seat, message.token
                self.connections += 1
                self.take(message.table)
                self.seated = True
                if self.on_link is not None:
                    self.on_link(True)
            case Snapshot():
                self.info = message.info
                self.seen = seen_of(message)
                self._clocks()
            case Update():
                seen = self.seen or SeenGame.from_snapshot(message.view)
                self.seen = seen.with_update(message.events, message.view, deal_of(message))
                if self.info is not None:
                    self.info = self.info.model_copy(update={"phase": message.view.phase})
                view = message.view  # a turn clock runs only while its person is to move (a new one is told)
                self.turn_until = {s: t for s, t in self.turn_until.items()
                                   if view.phase == "playing" and s == view.turn}
            case Seating():
                if self.info is not None:
                    self.info = self.info.model_copy(update={"seats": message.seats})
                self._clocks()
            case Moved():
                self.seat = message.seat
            case Refused():
                self.refused = message
            case Error():
                reason = reasons.read(message.reason)  # (in our language, whatever the host speaks)
                self.errors.append(reason)
                if message.fatal:  # the table is closing this connection; coming back would not help
                    self.refusal, self.refusal_template = reason, reasons.template_of(message.reason)
                    self._stopping = True
            case Goodbye():  # no coming back by ourselves: the table is done with us
                self.goodbye = message
                self._stopping = True
            case Said():
                self.said.append((message.seat, message.text))
            case _:
                assert_never(message)
        if self.stop_when_over and self.phase == "game_over":
            self._stopping = True

    def _clocks(self) -> None:
        if self.info is None:
            return
        now = time.monotonic()
        waits = [s for s in self.info.seats if s.wait_left is not None]
        self.away_until = {s.seat: now + s.wait_left for s in waits if s.status == "away"}  # type: ignore[operator]
        self.turn_until = {s.seat: now + s.wait_left for s in waits if s.status == "here"}  # type: ignore[operator]

    def _background(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


class AutoPlayer:
    """Plays a client's seat with `choose` (a bot's, in tests and the benchmark) and times each move.

    `round_trips` holds, for each move sent, the seconds until the table's update showed it made.
    """

    def __init__(self, client: TableClient, choose: Callable[[SeatView], Move]) -> None:
        self.client = client
        self.choose = choose
        self.round_trips: list[float] = []
        self.refusals: list[str] = []
        self._acted: tuple[int, int] | None = None
        self._sent_at: float | None = None
        client.on_message = self.heard

    def heard(self, message: ServerMessage) -> None:
        client = self.client
        loop = asyncio.get_running_loop()
        if isinstance(message, Update) and self._sent_at is not None and any(
                getattr(ev, "seat", None) == client.seat and ev.kind in ("played", "drew", "passed")
                for ev in message.events):
            self.round_trips.append(loop.time() - self._sent_at)
            self._sent_at = None
        if isinstance(message, Refused):
            self.refusals.append(message.reason)
            self._acted = None  # look again
        elif isinstance(message, Welcome):
            self._acted = None  # a move sent as the connection dropped may never have arrived
        view = client.view
        if view is None:
            return
        if client.my_turn:
            at = (view.hand_number, len(view.history))
            if at != self._acted:
                self._acted = at
                self._sent_at = loop.time()
                client.send_soon(SendMove(move=self.choose(view), at=len(view.history)))
        elif view.phase == "hand_over" and isinstance(message, (Update, Snapshot, Welcome)):
            client.send_soon(Ready())
