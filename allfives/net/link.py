"""A link: one player's stream of text frames, whatever carries it (a websocket, a wormhole).

The table server and the client speak the protocol over a `Link` and never ask what is under it, so a
new way in (net/anywhere/: magic-wormhole) is a new kind of link, not a branch in the server. A link's
`address` is who is at the other end as far as the door (wrong codes slowed) and its bans can tell:
a websocket's host, or a wormhole guest's invitation.
"""

from __future__ import annotations

from typing import Protocol

from websockets.asyncio.server import broadcast
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State


class LinkClosed(Exception):
    """The link is gone (closed by either end, or cut): nothing more comes or goes on it."""


class Link(Protocol):
    """One connection's frames, both ways."""

    @property
    def address(self) -> str:
        """Who is at the other end, for the door and its bans (never shown as a path or markup)."""
        ...

    def send(self, text: str) -> None:
        """Send without waiting; a link whose unread frames pile up past its limit cuts itself off.
        Raises LinkClosed once the link is gone."""
        ...

    async def recv(self) -> str | bytes:
        """The next frame; LinkClosed once the link is gone."""
        ...

    async def close(self, code: int = 1000, reason: str = "") -> None:
        """Close politely (the far end is told `reason` where the link can carry it)."""
        ...

    def abort(self) -> None:
        """Cut the link at once, as a network failure would."""
        ...


class WebSocketLink:
    """A websocket (either end) as a link."""

    def __init__(self, ws, write_buffer: int = 1 << 20) -> None:  # noqa: ANN001 (a websockets Connection)
        self.ws = ws
        self.write_buffer = write_buffer  # bytes waiting to go out before the link cuts itself off
        peer = ws.remote_address
        self._address = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"

    @property
    def address(self) -> str:
        return self._address

    def send(self, text: str) -> None:
        if self.ws.protocol.state is not State.OPEN:
            raise LinkClosed
        if self.ws.transport.get_write_buffer_size() > self.write_buffer:
            self.ws.transport.abort()
            return
        broadcast([self.ws], text)

    async def recv(self) -> str | bytes:
        try:
            return await self.ws.recv()
        except ConnectionClosed:
            raise LinkClosed from None

    async def close(self, code: int = 1000, reason: str = "") -> None:
        await self.ws.close(code, reason)

    def abort(self) -> None:
        self.ws.transport.abort()
