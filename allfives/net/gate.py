"""The table's gate: connections counted from the moment they are accepted until they say hello.

At most a few may wait from one address (its IPv6 /64 as one: `door.address_key`), and so many in
all, the longest waiting let go to make room for a newcomer (a crowd cannot shut a friend out: a
friend's handshake takes milliseconds); each is cut at a deadline. TLS is started only for a
connection let in, so a silent crowd costs the host a socket each, never a TLS buffer each (asyncio
gives every TLS connection 256 KiB from its first byte: 6,000 silent connections took a host to 591 MB).

`Gate` is the bookkeeping, pure; `GatedConnection` is the websocket connection that passes it (the
server's `create_connection`), starting TLS itself once let in.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import ssl
from collections import Counter, OrderedDict
from dataclasses import dataclass
from typing import Any, cast

from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

from . import reasons as R
from .door import address_key

log = logging.getLogger("allfives.net")


@dataclass(frozen=True)
class GateRules:
    """How many connections may wait to say hello."""

    per_address: int = 8  # from one address (a home with four players coming back at once has room)
    in_all: int = 32  # from everywhere; a newcomer past this lets the longest waiting go
    deadline: float = 10.0  # seconds from the connection to its hello (TLS and the upgrade included)


class Gate:
    """Who waits before their hello, oldest first; the server lets go whom it is told to."""

    def __init__(self, rules: GateRules | None = None) -> None:
        self.rules = rules or GateRules()
        self._waiting: OrderedDict[object, str] = OrderedDict()  # who -> their address key
        self._from: Counter[str] = Counter()
        self._crowded: set[str] = set()  # addresses told of (logged) while they have their fill
        self.crowded = False  # someone was refused or let go since the gate was last empty

    def __len__(self) -> int:
        return len(self._waiting)

    def waiting_from(self, address: str) -> int:
        return self._from[address_key(address)]

    def enter(self, who: object, address: str) -> tuple[bool, list[object]]:
        """`who` waits to say hello, unless its address has its fill (False); and the longest waiting,
        let go to make room for it (the caller closes them)."""
        key = address_key(address)
        if self._from[key] >= self.rules.per_address:
            self.crowded = True
            if key not in self._crowded:
                self._crowded.add(key)
                log.warning("%s keeps %s connections waiting before their hello: more are refused until "
                            "they say it or their time is up", address, self.rules.per_address)
            return False, []
        let_go = []
        while len(self._waiting) >= self.rules.in_all:
            if not self.crowded:
                log.warning("%s connections wait before their hello: the longest waiting are let go for "
                            "newcomers", self.rules.in_all)
                self.crowded = True
            oldest = next(iter(self._waiting))
            self.leave(oldest)
            let_go.append(oldest)
        self._waiting[who] = key
        self._from[key] += 1
        return True, let_go

    def leave(self, who: object) -> bool:
        """`who` said hello, or is gone: it waits no more (nothing if it was not waiting). True when it
        was the last of a crowd: the memory the crowd took may be given back now."""
        key = self._waiting.pop(who, None)
        if key is None:
            return False
        self._from[key] -= 1
        if self._from[key] <= 0:
            del self._from[key]
            self._crowded.discard(key)
        if self._waiting or not self.crowded:
            return False
        self.crowded = False
        return True

    def everyone(self) -> list[object]:
        """All who wait (the table is closing: they are let go)."""
        return list(self._waiting)


class _Held(asyncio.Protocol):
    """What arrives on a TLS connection between its handshake and the websocket taking it over."""

    def __init__(self) -> None:
        self.data: list[bytes] = []
        self.eof = False
        self.lost: tuple[Exception | None] | None = None

    def data_received(self, data: bytes) -> None:
        self.data.append(data)

    def eof_received(self) -> None:
        self.eof = True

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = (exc,)

    def hand_to(self, protocol: asyncio.Protocol) -> None:
        for data in self.data:
            protocol.data_received(data)
        if self.eof:
            protocol.eof_received()
        if self.lost is not None:
            protocol.connection_lost(self.lost[0])


class GatedConnection(ServerConnection):
    """A websocket connection that waits at the gate until its hello: refused at once when its address
    has its fill, let go at the deadline or for a newcomer, TLS started only once it is let in.
    `gated()` makes the class a server uses (its gate, its TLS, its deadline)."""

    gate: Gate
    tls: ssl.SSLContext | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._raw: asyncio.Transport | None = None
        self._made = False  # the websocket has its transport (and its handler runs)
        self._timer: asyncio.TimerHandle | None = None
        self._handshake: asyncio.Task[None] | None = None
        self._closing: asyncio.Task[None] | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport = cast(asyncio.Transport, transport)  # (a stream server's transports are)
        self._raw = transport
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
        admitted, let_go = self.gate.enter(self, address)
        for other in let_go:
            if isinstance(other, GatedConnection):
                other.let_go()
        if not admitted:
            transport.abort()
            return
        self._timer = self.loop.call_later(self.gate.rules.deadline, self._time_up)
        if self.tls is None:
            self._made = True
            super().connection_made(transport)
            return
        transport.pause_reading()  # (nothing is read until the TLS protocol reads it)
        self._handshake = self.loop.create_task(self._start_tls(transport))

    async def _start_tls(self, raw: asyncio.BaseTransport) -> None:
        if raw.is_closing():  # let go before its turn came: a TLS protocol made now would outlive it
            self._gone()
            return
        held = _Held()
        try:
            transport = await self.loop.start_tls(raw, held, self.tls,  # type: ignore[arg-type]
                                                  server_side=True,
                                                  ssl_handshake_timeout=self.gate.rules.deadline)
        except Exception:  # (a failed handshake, a reset, a deadline: start_tls has closed it)
            self._gone()
            return
        if transport is None or transport.is_closing() or held.lost is not None:
            self._gone()
            if transport is not None:
                transport.abort()
            return
        self._made = True
        super().connection_made(transport)  # the websocket's own: its handshake and handler begin
        transport.set_protocol(self)
        held.hand_to(self)

    def through(self) -> None:
        """It said hello: it no longer waits at the gate."""
        self._gone()

    def let_go(self) -> None:
        """A newcomer needs its place (or the table closes): cut it, saying nothing."""
        self._gone()
        if self._raw is not None:
            self._raw.abort()

    def _time_up(self) -> None:
        """It did not say hello in time: a websocket is told so (1008) before it closes, anything
        short of one is cut."""
        if not self._made or self.protocol.state is not State.OPEN:
            self.let_go()
            return
        self._gone()
        self._closing = self.loop.create_task(self.close(1008, R.said(R.HELLO_FIRST)))

    def _gone(self) -> None:
        if self.gate.leave(self):
            give_back_memory()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def connection_lost(self, exc: Exception | None) -> None:
        self._gone()
        if self._made:
            super().connection_lost(exc)


def give_back_memory() -> None:
    """Hand the heap a crowd used back to the system (glibc keeps freed memory for itself otherwise:
    a host that saw a crowd would stay that big). Its connections' cycles are collected first (once a
    crowd is gone: never on a friend's hello). Nothing more where there is no glibc."""
    global _trim
    gc.collect()
    if _trim is None:
        try:
            import ctypes

            _trim = ctypes.CDLL("libc.so.6").malloc_trim
        except (OSError, AttributeError, ImportError):
            _trim = False
    if _trim:
        _trim(0)


_trim: Any = None  # glibc's malloc_trim, once looked up (False: none here)


def gated(gate: Gate, tls: ssl.SSLContext | None) -> type[GatedConnection]:
    """The connection class of a server with this gate, served with `tls` (None: plain ws://)."""
    return type("TableConnection", (GatedConnection,), {"gate": gate, "tls": tls})
