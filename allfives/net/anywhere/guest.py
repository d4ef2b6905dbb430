"""A guest at a table through a wormhole code: `allfives join 7-guitarist-revenge`.

`AnywhereClient` is a `TableClient` whose connections are links through one wormhole: it types the
code, learns the table code its hello needs from the host (sealed with the wormhole's key), and asks
for a link; after a drop it asks for the next one through the same wormhole and says hello with its
seat's token, as a websocket client comes back. `progress` says what is happening, for the screen.
A host that does not answer a request for a link within `host_timeout` seconds is gone (its program
ended, its machine is off): the guest says so in one line and stops (`HostGone`), never waiting on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Generator
from typing import Any

from allfives.i18n import _
from allfives.net import reasons as R
from allfives.net.client import JoinRefused, NotTheTable, TableClient, quick_retries
from allfives.net.link import LinkClosed
from allfives.net.protocol import encode
from allfives.net.table import is_code

from .codes import Servers
from .wormhole import NotHeard, Wormhole, WormholeFailed, WormholeLink

GUEST_FRAME = 1 << 22  # the largest frame the host may send (a websocket guest's limit too)
MEET_TIMEOUT = 30.0  # seconds to wait for the host's side of the code before saying nobody is there
HOST_TIMEOUT = 30.0  # seconds to wait for the host's answer to a request for a link
MENDED = (R.TAKEN, R.SEATS)  # first hellos refused in the lobby that a fresh code mends (another seat)


class NoWormhole(NotTheTable):
    """The wormhole did not lead to a table (a wrong or used code, a server out of reach): one line."""


class HostGone(NoWormhole):
    """The host did not answer through the wormhole: its table is gone, or it has no way back to it."""


class AnywhereClient(TableClient):
    """One seat's connection to a table through a wormhole; `run()` until the game ends or `stop()`."""

    def __init__(self, wormhole_code: str, name: str = "Player", *, servers: Servers, direct: bool = True,
                 loopback: bool = False, token_for: Callable[[str], str | None] | None = None,
                 on_progress: Callable[[str], None] | None = None, meet_timeout: float = MEET_TIMEOUT,
                 host_timeout: float | None = None, **kwargs: Any) -> None:
        super().__init__(f"wormhole:{wormhole_code}", "", name, **kwargs)
        self.wormhole_code = wormhole_code
        self.servers = servers
        self.token_for = token_for  # the token kept for a table (by its code), to come back to the seat
        self.on_progress = on_progress
        self.meet_timeout = meet_timeout
        self.host_timeout = host_timeout  # (None: HOST_TIMEOUT)
        self.progress = ""
        self.relayed: bool | None = None  # how the link we have now goes (None: no link)
        self.link: WormholeLink | None = None
        self._wormhole = Wormhole(servers, direct=direct, loopback=loopback)
        self._links = 0

    @property
    def where(self) -> str:
        return self.wormhole_code

    @property
    def connected(self) -> bool:
        return self.seated and self.link is not None

    def _said(self, progress: str) -> None:
        self.progress = progress
        if self.on_progress is not None:
            self.on_progress(progress)

    # -- running ---------------------------------------------------------------

    async def run(self, retry_delays: Callable[[], Generator[float]] = quick_retries) -> None:
        """Through the wormhole to the table, and back through it after any drop, until stopped or refused."""
        try:
            await self._open()
            delays = retry_delays()
            while not self._stopping:
                try:
                    link = await self._next_link()
                except WormholeFailed as e:
                    if self.connections == 0:
                        raise NoWormhole(str(e)) from None
                    self._said(_("Connection lost: {why}; trying again…").format(why=e))
                    await asyncio.sleep(next(delays))
                    continue
                await self._at_table(link)
                if self._stopping:
                    break
                if self.token is None:  # never got in: asking again would only take another seat
                    self.refusal = _("the table closed the connection before seating us")
                    break
                self._said(_("Connection lost: coming back through the wormhole…"))
        except WormholeFailed as e:
            raise NoWormhole(str(e)) from None
        finally:
            await self._wormhole.close()
        self._wake_all()
        if self.refusal is not None and self.token is None and self.refusal_template in MENDED:
            raise JoinRefused(_("{why}; the host has a fresh code for you: ask them for it").format(
                why=self.refusal))  # (the host's invitations made one when the table said no: see there)
        if self.refusal is not None:
            raise JoinRefused(self.refusal)

    async def _open(self) -> None:
        """Type the code, and learn the table's code from the host."""
        self._said(_("Opening the wormhole {code}…").format(code=self.wormhole_code))
        await self._wormhole.enter(self.wormhole_code)
        self._said(_("Waiting for the host's side of the code…"))
        try:
            async with asyncio.timeout(self.meet_timeout):
                await self._wormhole.meet()
        except TimeoutError:
            raise NotHeard(_("nobody is waiting on the code {code}: it was used, has expired or is mistyped; "
                             "ask the host for a fresh one").format(code=self.wormhole_code)) from None
        note = await self._wormhole.receive()
        table = note.get("table")
        if not isinstance(table, str) or not is_code(table):
            raise WormholeFailed(_("the other side of the wormhole is not an allfives table"))
        self.code = table
        if self.token is None and self.token_for is not None:
            self.token = self.token_for(table)

    async def _next_link(self) -> WormholeLink:
        """Ask the host for a link through the wormhole, and make it (directly, or through the relay)."""
        self._links += 1
        number = self._links
        self._said(_("Connecting to the host…"))
        transit, ours = await self._wormhole.transit(sender=False, number=number)
        await self._wormhole.send({"link": number, "hints": ours})
        try:
            async with asyncio.timeout(HOST_TIMEOUT if self.host_timeout is None else self.host_timeout):
                while True:
                    note = await self._wormhole.receive()
                    if note.get("link") == number:
                        break
        except TimeoutError:
            self._wormhole.forget(transit)
            raise HostGone(_("the host is gone: ask them for a fresh code")) from None
        link = await self._wormhole.connect(transit, note.get("hints"), "host", GUEST_FRAME)
        self.relayed = link.relayed
        self._said(_("Connected through the relay.") if link.relayed else _("Connected directly."))
        return link

    async def _at_table(self, link: WormholeLink) -> None:
        """One link's life: hello, then every message until it closes or we stop."""
        self.link = link
        try:
            link.send(encode(self.hello()))
            while not self._stopping:
                self._receive(await link.recv())
        except LinkClosed:
            pass
        except asyncio.CancelledError:  # the program ends (or its task does): the link goes with it
            link.abort()
            raise
        finally:
            self.link = None
            self.relayed = None
            self._lost()
            if self._stopping:
                await link.close()

    # -- what the screen and the tests do -------------------------------------------

    def stop(self) -> None:
        self._stopping = True
        if self.link is not None:
            self._background(self.link.close())
        self._wake_all()

    def drop(self) -> None:
        """Cut the link as a network failure would (tests): `run` comes back through the wormhole."""
        if self.link is not None:
            self.link.abort()

    async def send(self, message: Any) -> bool:
        link = self.link
        if link is None:
            return False
        try:
            link.send(encode(message))
        except LinkClosed:
            return False
        return True
