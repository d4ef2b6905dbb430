"""The host's invitations over magic-wormhole: a fresh code per friend, each a way into the table.

`Invitations.invite()` makes a code (`7-guitarist-revenge`) on the mailbox server and waits for the
friend to type it. Once they have, the host sends the table code their hello needs (sealed with the
wormhole's key), and every link the guest asks for (the first, and one after each drop) is made and
handed to the table server, which serves it like any connection (net/link.py): the same hello, code
check, seats, kicks and clocks. A link's address, for the door and its bans, is its invitation
(`invitation 3`), never the code. A wrong code costs the guesser the code and the host one line.

A guest whose link drops mid-game comes back by themselves through the same wormhole when they can (a
Wi-Fi blip); when the drop lasts (the laptop's lid, the program killed), a fresh code for them is made
at once, so the host has a line to send without asking (its token brings them back to their seat).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from allfives.i18n import _

from .codes import Servers
from .wormhole import WormholeFailed, WormholeLink, WrongCode

if TYPE_CHECKING:
    from allfives.net.server import TableServer

log = logging.getLogger("allfives.net")

Status = Literal["opening", "waiting", "joining", "direct", "relay", "dropped", "used", "failed", "over",
                 "closed"]
WAITING: tuple[Status, ...] = ("opening", "waiting", "joining")  # a code no friend has come through yet
REPLACE_AFTER = 10.0  # seconds a guest may be gone before a fresh code is made for them
MAX_INVITATIONS = 12  # open at once: a table has at most three guests; the rest are mistakes or abuse
HOST_FRAME = 4096 + 64  # the largest frame a guest may send (protocol's MAX_MESSAGE_BYTES and the seal)


@dataclass
class Invitation:
    """One friend's way in: its code, and how it stands (for the lobby and the host's terminal)."""

    number: int
    code: str | None = None
    status: Status = "opening"
    why: str = ""  # for "failed": one line
    links: int = 0  # links made (1, then one more after each drop)
    link: WormholeLink | None = field(default=None, repr=False)
    guest_name: str | None = None  # who sat through it last (data: never markup)
    seat: int | None = None  # where they sat
    replaces: Invitation | None = field(default=None, repr=False)  # made for that one's dropped guest
    replaced_by: Invitation | None = field(default=None, repr=False)

    @property
    def address(self) -> str:
        """Who comes through it, as the door and its bans see it."""
        return f"invitation {self.number}"

    @property
    def line(self) -> str:
        """The command to send the friend."""
        return f"allfives join {self.code}" if self.code else ""

    @property
    def send_line(self) -> str:
        """The sentence that gives the host the line to send, saying for whom when it was made for a
        guest who is gone."""
        if self.replaces is None:
            return _("Send a friend this line:  {command}").format(command=self.line)
        who = self.replaces.guest_name or _("the friend of invitation {n}").format(n=self.replaces.number)
        return _("{name} is gone: should they not come back by themselves, send them this line:  "
                 "{command}").format(name=who, command=self.line)

    @property
    def said(self) -> str:
        """How it stands, in a few words."""
        return {
            "opening": _("making a code…"),
            "waiting": _("waiting for a friend to type the code…"),
            "joining": _("the code was typed: connecting…"),
            "direct": _("connected directly"),
            "relay": _("connected through the relay"),
            "dropped": _("connection lost: waiting for them to come back…"),
            "used": _("a wrong code was typed: this one is used up"),
            "failed": self.why,
            "over": _("the game is over"),
            "closed": _("closed"),
        }[self.status]


class Invitations:
    """Every invitation to one table; `on_change` hears of each change (on the server's loop)."""

    def __init__(self, server: TableServer, servers: Servers, *, direct: bool = True, loopback: bool = False,
                 on_change: Callable[[Invitation], None] | None = None,
                 replace_after: float = REPLACE_AFTER) -> None:
        self.server = server
        self.replace_after = replace_after
        self.servers = servers
        self.direct = direct  # False: only the relay (unless the guest offers its own address)
        self.loopback = loopback  # offer and listen on 127.0.0.1 alone (tests)
        self.on_change = on_change
        self.all: list[Invitation] = []
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._serving: set[asyncio.Task[None]] = set()
        self._waiters: list[asyncio.Future[None]] = []
        self._watching: asyncio.Task[None] | None = None  # for the game's end
        self._closing = False

    def invite(self, *, direct: bool | None = None) -> Invitation:
        """A fresh code for one friend (made in the background: watch `code` and `status`)."""
        return self._open(Invitation(number=len(self.all) + 1), self.direct if direct is None else direct)

    def _open(self, invitation: Invitation, direct: bool) -> Invitation:
        self.all.append(invitation)
        if self._watching is None:
            self._watching = asyncio.ensure_future(self._until_over())
        if self.server.game_over.is_set():  # (nobody can sit at a finished game)
            self._changed(invitation, "over")
            return invitation
        if sum(1 for i in self.all if i.status in ("opening", "waiting")) > MAX_INVITATIONS:
            invitation.status, invitation.why = "failed", _("too many invitations open at once")
            self._changed(invitation)
            return invitation
        self._tasks[invitation.number] = asyncio.ensure_future(self._run(invitation, direct))
        return invitation

    def guest(self, invitation: Invitation) -> str | None:
        """The name of whoever sits at the table through this invitation now."""
        seat = self._seat_of(invitation.link)
        return None if seat is None else self.server.table.names[seat]

    def _seat_of(self, link: WormholeLink | None) -> int | None:
        """The seat of whoever sits at the table through `link` now."""
        if link is None:
            return None
        return next((seat for seat, conn in self.server.by_seat.items() if conn.link is link), None)

    async def until(self, invitation: Invitation, condition: Callable[[Invitation], bool]) -> None:
        """Until `condition(invitation)` holds after some change."""
        while not condition(invitation):
            future = asyncio.get_running_loop().create_future()
            self._waiters.append(future)
            await future

    async def ready(self, invitation: Invitation) -> str:
        """The invitation's code, once made (WormholeFailed when it could not be)."""
        await self.until(invitation, lambda i: i.code is not None or i.status in ("failed", "closed"))
        if invitation.code is None:
            raise WormholeFailed(invitation.why or invitation.said)
        return invitation.code

    def _changed(self, invitation: Invitation, status: Status | None = None) -> None:
        if status is not None:
            invitation.status = status
        waiters, self._waiters = self._waiters, []
        for future in waiters:
            if not future.done():
                future.set_result(None)
        if self.on_change is not None:
            self.on_change(invitation)

    async def _run(self, invitation: Invitation, direct: bool) -> None:
        from .wormhole import Wormhole

        wormhole = Wormhole(self.servers, direct=direct, loopback=self.loopback)
        try:
            invitation.code = await wormhole.allocate()
            self._changed(invitation, "waiting")
            await wormhole.meet()
            self._changed(invitation, "joining")
            await wormhole.send({"table": self.server.table.code})
            while True:  # the guest's requests for links: the first, then one after each drop
                note = await wormhole.receive()
                number = note.get("link")
                if type(number) is not int or number <= invitation.links:
                    continue  # (a stale or odd request: the guest asks again if it still wants one)
                invitation.links = number
                task = asyncio.ensure_future(self._link(wormhole, invitation, number, note.get("hints")))
                self._serving.add(task)
                task.add_done_callback(self._serving.discard)
        except asyncio.CancelledError:
            raise
        except WrongCode:
            log.warning("a wrong code was typed for invitation %s: that code is used up", invitation.number)
            self._changed(invitation, "used")
        except WormholeFailed as e:
            invitation.why = str(e)
            log.warning("invitation %s: %s", invitation.number, e)
            self._changed(invitation, "failed")
        finally:
            await wormhole.close()

    async def _link(self, wormhole: Any, invitation: Invitation, number: int, hints: Any) -> None:
        """The guest asked for link `number`: make it and let the table serve it."""
        try:
            transit, ours = await wormhole.transit(sender=True, number=number)
            await wormhole.send({"link": number, "hints": ours})
            link = await wormhole.connect(transit, hints, invitation.address, HOST_FRAME)
        except WormholeFailed as e:
            log.warning("invitation %s, link %s: %s", invitation.number, number, e)
            return
        invitation.link = link
        self._back(invitation)
        self._changed(invitation, "relay" if link.relayed else "direct")
        loop = asyncio.get_running_loop()

        def spoke() -> None:  # (the hello is read just after: who sat is known on the next turn)
            loop.call_soon(self._remember, invitation, link)

        try:
            await self.server.serve_link(link, spoke)
        finally:
            if invitation.link is link:
                invitation.link = None
                if invitation.status in ("direct", "relay"):
                    self._changed(invitation, self._after_link())
                    if invitation.status == "dropped":
                        self._replace_later(invitation)

    def _remember(self, invitation: Invitation, link: WormholeLink) -> None:
        """Who sat through the invitation and where (kept: the seat's name is another's once given away)."""
        seat = self._seat_of(link) if invitation.link is link else None
        if seat is not None:
            invitation.seat, invitation.guest_name = seat, self.server.table.names[seat]

    def _kept_for(self, invitation: Invitation) -> bool:
        """Whether the table keeps the guest's seat for them (not once sent away, or left the lobby)."""
        if invitation.seat is None or self.server.game_over.is_set() or self._closing:
            return False
        seat = self.server.table.seats[invitation.seat]
        return seat.token_hash is not None and not seat.connected

    def _replace_later(self, invitation: Invitation) -> None:
        """A fresh code for a guest still gone after `replace_after` seconds (one at a time)."""
        async def later() -> None:
            await asyncio.sleep(self.replace_after)
            gone = invitation.status == "dropped" and invitation.replaced_by is None
            if gone and self._kept_for(invitation):
                fresh = Invitation(number=len(self.all) + 1, replaces=invitation)
                invitation.replaced_by = fresh
                self._open(fresh, self.direct)

        task = asyncio.ensure_future(later())
        self._serving.add(task)
        task.add_done_callback(self._serving.discard)

    def _back(self, invitation: Invitation) -> None:
        """The guest came back through their own wormhole: the fresh code made for them is closed (one
        nobody typed yet), and an invitation they came back through no longer waits for anyone."""
        fresh, invitation.replaced_by = invitation.replaced_by, None
        if fresh is not None and fresh.status in WAITING:
            task = self._tasks.get(fresh.number)
            if task is not None:
                task.cancel()
            self._changed(fresh, "closed")
        if invitation.replaces is not None and invitation.replaces.status == "dropped":
            invitation.replaces.replaced_by = None
            self._changed(invitation.replaces, "closed")

    def _after_link(self) -> Status:
        """How an invitation stands once its guest's link ends: they may come back while the game goes
        on; not once it is over or the table closes."""
        if self._closing:
            return "closed"
        return "over" if self.server.game_over.is_set() else "dropped"

    async def _until_over(self) -> None:
        """When the game ends, codes nobody came through are closed (the wormhole stops answering
        them) and the invitations of friends who left say so: "the game is over", never that the
        table waits for them."""
        await self.server.game_over.wait()
        for invitation in self.all:
            if invitation.status in WAITING:
                task = self._tasks.get(invitation.number)
                if task is not None:
                    task.cancel()  # (its wormhole closes as it ends; close() waits for it)
                self._changed(invitation, "over")
            elif invitation.status == "dropped":
                self._changed(invitation, "over")  # (its wormhole stays: a late comer sees the end)

    async def close(self) -> None:
        """Close every invitation and its link once what was sent has gone out (close the table server
        first: its goodbye goes out before the links close)."""
        self._closing = True
        for invitation in self.all:
            if invitation.link is not None:
                await invitation.link.close()
        tasks = [*self._tasks.values(), *self._serving, *([self._watching] if self._watching else [])]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for invitation in self.all:
            if invitation.status in (*WAITING, "dropped"):
                self._changed(invitation, "closed")
