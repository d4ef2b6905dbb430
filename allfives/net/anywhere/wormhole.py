"""One wormhole between the host and a guest, and the links (net/link.py) made through it.

Why Transit and not Dilation: magic-wormhole 0.24's Transit (`wormhole.transit`, what `wormhole send`
has moved files with for years) gives a record pipe (length-prefixed records, each sealed with a
SecretBox key derived from the wormhole's SPAKE2 key), tries the peers' direct addresses first and the
transit relay two seconds later, and has an API that has not changed in years. Dilation would reconnect
by itself, but its API is still "in development" (it changed incompatibly in 0.20 and 0.21) and it
needs the extra `noiseprotocol` package. A dropped Transit link is made again here through the same
wormhole instead: the wormhole's mailbox stays open for the whole game (the library reconnects to the
mailbox server by itself), and a guest who lost its link asks for link n+1 there; both sides then make
a fresh Transit with its own key (`link/n`), and the guest says hello with its seat's token.

What goes through the mailbox server (each message sealed with the wormhole's key): the table code the
guest's hello needs, then each link's connection hints. What goes through a link: the game's protocol,
one text frame per record. Neither server sees a word of either.

Everything wormhole runs in the reactor's thread (twisted_thread.py); the methods here are asyncio
coroutines that wait for it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from allfives.i18n import _
from allfives.net.link import LinkClosed
from allfives.net.protocol import MAX_MESSAGE_BYTES, PROTOCOL_VERSION

from .codes import APP_ID, CODE_WORDS, Servers
from .twisted_thread import call, in_reactor, on_loop, reactor

MAX_NOTE_BYTES = 16 * 1024  # a mailbox message of ours: a table code, or a few connection hints
LINK_TIMEOUT = 60.0  # seconds for one link's connection (direct, or through the relay)
MAX_HINTS = 8  # addresses the other side may have us dial for one link (direct and relay, in all)
MAX_RELAY = 2  # of which a relay's (kept first)
SEAL = 24 + 16  # what sealing adds to a record (SecretBox's nonce and tag)
FRAME = MAX_MESSAGE_BYTES + SEAL  # the largest record a guest may send: the LAN's limit, sealed


def bounded_hints(hints: list[Any]) -> tuple[list[dict[str, Any]], int]:
    """The other side's connection hints, cut to `MAX_HINTS` addresses in all (a relay hint's own
    addresses counted one by one; the relay's first, at most `MAX_RELAY`, so that many direct addresses
    never crowd it out), and how many addresses were left out: a guest cannot have the host dial fifty
    addresses of its choosing for each link it asks for."""
    relays: list[dict[str, Any]] = []
    direct: list[dict[str, Any]] = []
    room, left = MAX_RELAY, 0
    for hint in hints:
        inner = hint.get("hints") if isinstance(hint, dict) and hint.get("type") == "relay-v1" else None
        if not isinstance(inner, list):
            continue
        taken = [h for h in inner if isinstance(h, dict)][:room]
        left += len(inner) - len(taken)
        if taken:
            relays.append({**hint, "hints": taken})
            room -= len(taken)
    room = MAX_HINTS - (MAX_RELAY - room)
    for hint in hints:
        if isinstance(hint, dict) and hint.get("type") == "relay-v1":
            continue
        if isinstance(hint, dict) and room > 0:
            direct.append(hint)
            room -= 1
        else:
            left += 1
    return direct + relays, left


def too_big(buffered: bytes, data: bytes, max_frame: int) -> bool:
    """Whether a record announced in `buffered + data` (a Transit record stream: each record's length
    in 4 bytes, then the record) is longer than `max_frame`: checked before the library reads any of
    them, so a record too big is never decrypted nor handed on, however many arrive in one read."""
    stream = buffered + data if buffered else data
    at = 0
    while len(stream) - at >= 4:
        length = int.from_bytes(stream[at:at + 4])
        if length > max_frame:
            return True
        at += 4 + length
    return False


class WormholeFailed(Exception):
    """The wormhole could not do what was asked; the words say why in one line."""


class WrongCode(WormholeFailed):
    """Someone typed the wrong words for this code: the code is used up (SPAKE2 allows one guess)."""


class NotHeard(WormholeFailed):
    """Nobody answered on the code in time (used, expired or mistyped)."""


def _failed(error: BaseException, servers: Servers) -> WormholeFailed:
    """A wormhole library error as one line a person can act on."""
    from wormhole.errors import (
        LonelyError,
        ServerConnectionError,
        ServerError,
        WelcomeError,
        WrongPasswordError,
    )

    if isinstance(error, WormholeFailed):
        return error
    if isinstance(error, WrongPasswordError):
        return WrongCode(_("that is not the code the host made (a wrong word?); the code is used up now: "
                           "ask the host for a fresh one"))
    if isinstance(error, ServerConnectionError):
        return WormholeFailed(_("cannot reach the mailbox server {url}: {why}").format(
            url=servers.mailbox, why=_reason(error.reason)))
    if isinstance(error, ServerError):
        if "crowded" in str(error):
            return WormholeFailed(_("that code is in use already: ask the host for a fresh one"))
        return WormholeFailed(_("the mailbox server {url} refused: {why}").format(url=servers.mailbox,
                                                                                 why=str(error)[:200]))
    if isinstance(error, WelcomeError):
        return WormholeFailed(_("the mailbox server {url} says: {why}").format(url=servers.mailbox,
                                                                              why=str(error)[:200]))
    if isinstance(error, LonelyError):
        return NotHeard(_("nobody came through the wormhole"))
    return WormholeFailed(_reason(error))


def _reason(error: Any) -> str:
    """Why, in a few words (a Twisted failure's value, an exception)."""
    value = getattr(error, "value", error)
    text = getattr(value, "strerror", None) or str(value) or type(value).__name__
    return str(text).splitlines()[0][:200] if text else type(value).__name__


def _transit(sender: bool, servers: Servers, direct: bool, loopback: bool) -> Any:
    """A Transit end (in the reactor's thread): the host's is the sender (it picks the winning
    connection). `direct` False offers no address of ours (only the relay, unless the other side
    offers theirs); `loopback` offers and listens on 127.0.0.1 alone (tests: nothing leaves the machine)."""
    from twisted.internet import endpoints
    from wormhole._hints import DirectTCPV1Hint
    from wormhole.transit import TransitReceiver, TransitSender, allocate_tcp_port

    base = TransitSender if sender else TransitReceiver

    class LoopbackTransit(base):  # type: ignore[misc, valid-type]
        def _build_listener(self) -> tuple[list[Any], Any]:
            if self._no_listen:
                return [], None
            port = allocate_tcp_port()
            listener = endpoints.serverFromString(self._reactor, f"tcp:{port}:interface=127.0.0.1")
            return [DirectTCPV1Hint("127.0.0.1", port, 0.0)], listener

    kind = LoopbackTransit if loopback else base
    return kind(servers.transit_hint, no_listen=not direct, reactor=reactor())


class Wormhole:
    """One end of one wormhole (the host's for one invitation, or a guest's), used from asyncio."""

    def __init__(self, servers: Servers, *, direct: bool = True, loopback: bool = False) -> None:
        self.servers = servers
        self.direct = direct
        self.loopback = loopback
        self.code: str | None = None
        self._w: Any = None

    async def _call(self, action: Callable[..., Any], *args: Any) -> Any:
        try:
            return await call(action, *args)
        except asyncio.CancelledError:
            raise
        except Exception as e:
            raise _failed(e, self.servers) from None

    def _create(self) -> None:
        from wormhole import create

        self._w = create(APP_ID, self.servers.mailbox, reactor(), versions={"allfives": PROTOCOL_VERSION})

    async def allocate(self) -> str:
        """The host's: a fresh code on the mailbox server."""
        def allocate() -> Any:
            self._create()
            self._w.allocate_code(CODE_WORDS)
            return self._w.get_code()
        self.code = await self._call(allocate)
        return self.code

    async def enter(self, code: str) -> None:
        """The guest's: the code the host made."""
        def enter() -> None:
            self._create()
            self._w.set_code(code)
        self.code = code
        await self._call(enter)

    async def meet(self) -> None:
        """Until the other side has typed the same code and proved it (the key is confirmed); WrongCode
        when it typed another (both ends fail: the code is used up)."""
        await self._call(lambda: self._w.get_versions())

    async def send(self, note: dict[str, Any]) -> None:
        """One message through the mailbox (sealed with the wormhole's key)."""
        data = json.dumps(note).encode()
        await self._call(lambda: self._w.send_message(data))

    async def receive(self) -> dict[str, Any]:
        """The next message through the mailbox, checked to be a small JSON object."""
        data = await self._call(lambda: self._w.get_message())
        if not isinstance(data, bytes) or len(data) > MAX_NOTE_BYTES:
            raise WormholeFailed(_("the other side sent something too big through the wormhole"))
        try:
            note = json.loads(data)
        except ValueError:
            note = None
        if not isinstance(note, dict):
            raise WormholeFailed(_("the other side sent something that is not ours through the wormhole"))
        return note

    async def transit(self, sender: bool, number: int) -> tuple[Any, list[Any]]:
        """A new Transit end for link `number`, sealed with that link's own key and listening if it
        may (the other side may connect as soon as it has our hints), and the hints to send it."""
        def make() -> Any:
            transit = _transit(sender, self.servers, self.direct, self.loopback)
            transit.set_transit_key(self._w.derive_key(f"{APP_ID}/link/{number}", 32))
            return transit

        transit = await self._call(make)
        try:
            hints = await self._call(transit.get_connection_hints)
        except BaseException:
            self.forget(transit)
            raise
        return transit, hints

    def forget(self, transit: Any) -> None:
        """A Transit end made but never connected (the request was dropped for a newer one): it stops
        listening, or its port would stay open for the program's life."""
        def stop() -> None:
            listening = getattr(transit, "_listener_d", None)
            if listening is not None:
                listening.addErrback(lambda _failure: None)
                listening.cancel()

        in_reactor(stop)

    async def connect(self, transit: Any, their_hints: Any, address: str, max_frame: int) -> WormholeLink:
        """Both ends' hints known: connect (directly, or through the relay)."""
        if not isinstance(their_hints, list):
            raise WormholeFailed(_("the other side sent connection hints we cannot use"))
        hints, _left = bounded_hints(their_hints)

        def start() -> Any:
            transit.add_connection_hints(hints)
            return transit.connect()

        try:
            async with asyncio.timeout(LINK_TIMEOUT):
                connection = await call(start)
        except (TimeoutError, Exception) as e:
            if isinstance(e, asyncio.CancelledError):
                raise
            why = _("timed out") if isinstance(e, TimeoutError) else _reason(e)
            said = _("no connection to the other side, neither directly nor through the transit relay "
                     "{relay} ({why})")
            raise WormholeFailed(said.format(relay=self.servers.transit, why=why)) from None
        link = WormholeLink(connection, address, max_frame)
        await call(link.attach)
        return link

    async def close(self) -> None:
        """Close the wormhole (the mailbox server forgets it); quietly, however it went."""
        if self._w is None:
            return
        w, self._w = self._w, None

        def close() -> Any:
            d = w.close()
            d.addErrback(lambda _failure: None)
            return d

        try:
            async with asyncio.timeout(5):
                await call(close)
        except (TimeoutError, Exception):
            pass


class WormholeLink:
    """A Transit connection as a link (net/link.py): one record a frame, sealed with the link's key.

    Frames come in (in the reactor's thread) onto an asyncio queue; frames go out through
    `callFromThread`. A frame announced larger than `max_frame` cuts the link before the library reads
    it (never buffered, decrypted nor handed on: `cut` says so), and so does more than `write_buffer`
    bytes waiting to go out to a peer that does not read."""

    def __init__(self, connection: Any, address: str, max_frame: int, write_buffer: int = 1 << 20) -> None:
        self.connection = connection
        self._address = address
        self.max_frame = max_frame
        self.write_buffer = write_buffer
        self.relayed = "relay:" in str(connection.describe())
        self.loop = asyncio.get_running_loop()
        self._frames: asyncio.Queue[bytes | None] = asyncio.Queue()
        self._closed = False  # (read on either thread: set once, never unset)
        self._paused = False
        self._owed = 0  # bytes sent while the peer's reading is paused
        self.cut: str | None = None  # why we cut the link (a frame too big), for the host's terminal

    @property
    def address(self) -> str:
        return self._address

    # -- in the reactor's thread ---------------------------------------------------------

    def attach(self) -> None:
        """Take the connection's records from now on (and those that came before)."""
        connection = self.connection
        received = connection.dataReceived

        def guarded(data: bytes) -> None:  # each record announces its length first: checked before
            if connection.state == "records" and too_big(connection.buf, data, self.max_frame):
                self._cut_off()
                return
            received(data)

        connection.dataReceived = guarded
        if any(len(record) > self.max_frame - SEAL for record in connection._inbound_records):
            self._cut_off()  # (sent with the handshake, before we were reading: never handed on either)
        done = connection.connectConsumer(self, expected=1 << 62)
        done.addBoth(lambda _result: self._gone())
        connection.transport.registerProducer(self, True)  # told when the peer stops reading
        connection.transport.setTcpNoDelay(True)  # a move is one small record: send it now, not in 40 ms

    def _cut_off(self) -> None:
        self.cut = _("sent a frame larger than {limit} bytes: cut off").format(limit=self.max_frame - SEAL)
        self.connection.state = "hung up"  # (nothing more is read)
        self.connection.transport.abortConnection()

    def write(self, record: bytes) -> None:  # (the connection's consumer)
        if len(record) > self.max_frame - SEAL:  # (never reached past the guard: the last word)
            self._cut_off()
            return
        on_loop(self.loop, self._frames.put_nowait, record)

    def registerProducer(self, producer: Any, streaming: bool) -> None:
        pass

    def unregisterProducer(self) -> None:
        pass

    def pauseProducing(self) -> None:  # (the transport's producer: its write buffer is full)
        self._paused, self._owed = True, 0

    def resumeProducing(self) -> None:
        self._paused = False

    def stopProducing(self) -> None:
        pass

    def _gone(self) -> None:
        self._closed = True
        on_loop(self.loop, self._frames.put_nowait, None)

    def _send(self, data: bytes) -> None:
        if self._closed:
            return
        if self._paused:
            self._owed += len(data)
            if self._owed > self.write_buffer:
                self.connection.transport.abortConnection()
                return
        self.connection.send_record(data)

    # -- on the asyncio loop -------------------------------------------------------------

    def send(self, text: str) -> None:
        if self._closed:
            raise LinkClosed
        in_reactor(self._send, text.encode())

    async def recv(self) -> str | bytes:
        if self._closed and self._frames.empty():
            raise LinkClosed
        record = await self._frames.get()
        if record is None:
            self._frames.put_nowait(None)  # (every later recv hears it too)
            raise LinkClosed
        try:
            return record.decode()
        except UnicodeDecodeError:
            return record  # (binary: the server strikes it)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        """Close once what was sent has gone out (the record pipe carries no close reason: the
        server's Error or Goodbye before it says why)."""
        if not self._closed:
            in_reactor(self.connection.transport.loseConnection)

    def abort(self) -> None:
        in_reactor(self.connection.transport.abortConnection)
