"""The host's invitations over magic-wormhole: a fresh code per friend, each a way into the table.

`Invitations.invite()` makes a code (`7-guitarist-revenge`) on the mailbox server and waits for the
friend to type it. Once they have, the host sends the table code their hello needs (sealed with the
wormhole's key), and every link the guest asks for (the first, and one after each drop) is made and
handed to the table server, which serves it like any connection (net/link.py): the same hello, code
check, seats, kicks and clocks. A link's address, for the door and its bans, is its invitation
(`invitation 3`), never the code. A wrong code costs the guesser the code and the host one line.

A guest whose link drops mid-game comes back by themselves through the same wormhole when they can (a
Wi-Fi blip); when the drop lasts (the laptop's lid, the program killed), a fresh code for them is made
at once, so the host has a line to send without asking (its token brings them back to their seat). A
replacement the mailbox server cannot make now (an outage) is tried again until it answers.

Nobody is left without a way in, and nobody gets more than a friend needs:
- a code a stranger burned (a wrong guess: SPAKE2 allows one) or a first hello the table refused (a
  taken seat) is replaced by a fresh code at once, at most `FRESH_BURST` at once and one every
  `FRESH_EVERY` seconds after that (a stranger listing the mailbox's nameplates cannot make the host
  churn codes faster);
- a guest's link requests are served one at a time (a newer one drops the one still connecting),
  `LINK_BURST` at once and one every `LINK_EVERY` seconds after that, each dialling at most
  `wormhole.MAX_HINTS` of its addresses: the host's open files stay flat whatever a guest sends.
What a guest does against these bounds is said on the host's terminal in one short line, at most one
line of each kind every `NOTICE_EVERY` seconds per invitation (`on_notice`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from allfives.i18n import _

from .codes import Servers
from .wormhole import FRAME, MAX_HINTS, WormholeFailed, WormholeLink, WrongCode, bounded_hints

if TYPE_CHECKING:
    from allfives.net.server import TableServer

log = logging.getLogger("allfives.net")

Status = Literal["opening", "retrying", "waiting", "joining", "direct", "relay", "dropped", "used",
                 "refused", "failed", "over", "closed"]
Because = Literal["gone", "burned", "refused"]  # why a fresh code replaces an invitation
WAITING: tuple[Status, ...] = ("opening", "retrying", "waiting", "joining")  # nobody came through yet
REPLACE_AFTER = 10.0  # seconds a guest may be gone before a fresh code is made for them
MAX_INVITATIONS = 12  # open at once: a table has at most three guests; the rest are mistakes or abuse
HOST_FRAME = FRAME  # the largest frame a guest may send: the LAN's MAX_MESSAGE_BYTES, sealed
LINK_BURST, LINK_EVERY = 3, 10.0  # a guest's links: 3 at once, then one every 10 s (6 a minute)
FRESH_BURST, FRESH_EVERY = 3, 20.0  # fresh codes for burned or refused ones: 3 at once, then 3 a minute
NOTICE_EVERY = 10.0  # seconds between two lines of one kind about one invitation


def retry_delays() -> Iterator[float]:
    """Seconds between tries of a replacement code the mailbox server could not make: soon, then every
    30 s until it answers."""
    yield from (1.0, 2.0, 4.0, 8.0, 15.0)
    while True:
        yield 30.0


class Allowance:
    """A token bucket: `burst` at once, then one every `every` seconds (on the clock it is given)."""

    def __init__(self, burst: int, every: float) -> None:
        self.burst, self.every = burst, every
        self.left = float(burst)
        self.checked: float | None = None

    def wait(self, now: float) -> float:
        """Seconds until one is allowed (0: now)."""
        if self.checked is not None and self.every > 0:
            self.left = min(float(self.burst), self.left + (now - self.checked) / self.every)
        self.checked = now
        if self.left >= 1:
            return 0.0
        return (1 - self.left) * self.every if self.every > 0 else float("inf")

    def take(self, now: float) -> None:
        self.wait(now)
        self.left -= 1


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
    replaces: Invitation | None = field(default=None, repr=False)  # made for that one's friend
    because: Because = "gone"  # why it replaces that one: its guest gone, its code burned, or refused
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
        old = self.replaces.number
        if self.because == "burned":
            return _("someone typed a wrong code for invitation {n}: send your friend this fresh line "
                     "instead:  {command}").format(n=old, command=self.line)
        if self.because == "refused":
            return _("the table did not seat the friend of invitation {n}: send them this fresh line:  "
                     "{command}").format(n=old, command=self.line)
        who = self.replaces.guest_name or _("the friend of invitation {n}").format(n=old)
        return _("{name} is gone: should they not come back by themselves, send them this line:  "
                 "{command}").format(name=who, command=self.line)

    @property
    def said(self) -> str:
        """How it stands, in a few words."""
        return {
            "opening": _("making a code…"),
            "retrying": self.why,
            "waiting": _("waiting for a friend to type the code…"),
            "joining": _("the code was typed: connecting…"),
            "direct": _("connected directly"),
            "relay": _("connected through the relay"),
            "dropped": _("connection lost: waiting for them to come back…"),
            "used": _("someone typed a wrong code (a stranger's guess, or a typo): this one is used up; a "
                      "fresh one follows"),
            "refused": _("the table did not seat the friend who came through it: a fresh code follows"),
            "failed": self.why,
            "over": _("the game is over"),
            "closed": _("closed"),
        }[self.status]


class Invitations:
    """Every invitation to one table; `on_change` hears of each change (on the server's loop)."""

    def __init__(self, server: TableServer, servers: Servers, *, direct: bool = True, loopback: bool = False,
                 on_change: Callable[[Invitation], None] | None = None,
                 on_notice: Callable[[str], None] | None = None,
                 replace_after: float = REPLACE_AFTER, links: tuple[int, float] = (LINK_BURST, LINK_EVERY),
                 fresh: tuple[int, float] = (FRESH_BURST, FRESH_EVERY),
                 retries: Callable[[], Iterator[float]] = retry_delays,
                 clock: Callable[[], float] | None = None) -> None:
        self.server = server
        self.replace_after = replace_after
        self.on_notice = on_notice  # one short line of what a guest does against the bounds (rate-limited)
        self.links = links  # a guest's link requests: (at once, seconds between after that)
        self.retries = retries
        self.clock = clock  # the time the bounds are measured by (the loop's; tests give their own)
        self._fresh = Allowance(*fresh)
        self._allowances: dict[int, Allowance] = {}  # each invitation's links
        self._making: dict[int, asyncio.Task[None]] = {}  # each invitation's link being made now
        self._noticed: dict[tuple[int, str], float] = {}
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

    def now(self) -> float:
        return self.clock() if self.clock is not None else asyncio.get_running_loop().time()

    def notice(self, invitation: Invitation, kind: str, line: str) -> None:
        """One short line for the host (`on_notice`, else the table's log) of what the guest of `invitation`
        did: at most one of a kind every `NOTICE_EVERY` seconds, however often it does it."""
        now = self.now()
        key = (invitation.number, kind)
        last = self._noticed.get(key)
        if last is not None and now - last < NOTICE_EVERY:
            return
        self._noticed[key] = now
        if self.on_notice is None:  # (a headless host's log is its terminal: said once, not twice)
            log.warning("invitation %s: %s", invitation.number, line)
        else:
            self.on_notice(_("Invitation {n}: {line}").format(n=invitation.number, line=line))

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
        from . import wormhole as wormholes

        delays = self.retries()
        while True:  # (a replacement is tried again until the mailbox server answers)
            wormhole = wormholes.Wormhole(self.servers, direct=direct, loopback=self.loopback)
            try:
                invitation.code = await wormhole.allocate()
                break
            except asyncio.CancelledError:
                await wormhole.close()
                raise
            except WormholeFailed as e:
                await wormhole.close()
                if invitation.replaces is None or not self._still_wanted(invitation):
                    invitation.why = str(e)
                    log.warning("invitation %s: %s", invitation.number, e)
                    self._changed(invitation, "failed")
                    return
                wait = next(delays)
                invitation.why = _("{why}: trying again in {wait:g} s").format(why=e, wait=wait)
                log.warning("invitation %s: %s", invitation.number, invitation.why)
                self._changed(invitation, "retrying")
                await asyncio.sleep(wait)
        try:
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
                self._ask(wormhole, invitation, number, note.get("hints"))
        except asyncio.CancelledError:
            raise
        except WrongCode:
            log.warning("a wrong code was typed for invitation %s: that code is used up", invitation.number)
            self._changed(invitation, "used")
            self._renew(invitation, "burned")
        except WormholeFailed as e:
            invitation.why = str(e)
            log.warning("invitation %s: %s", invitation.number, e)
            self._changed(invitation, "failed")
        finally:
            making = self._making.pop(invitation.number, None)
            if making is not None:
                making.cancel()
            await wormhole.close()

    def _still_wanted(self, invitation: Invitation) -> bool:
        """Whether a replacement is still needed: the table goes on and, for a guest gone, keeps their
        seat (they did not come back meanwhile)."""
        old = invitation.replaces
        if self._closing or self.server.game_over.is_set() or old is None:
            return False
        if old.replaced_by is not invitation:
            return False
        return old.status != "dropped" or self._kept_for(old)

    def _ask(self, wormhole: Any, invitation: Invitation, number: int, hints: Any) -> None:
        """The guest asked for link `number`: one link is made at a time (a newer request drops one still
        connecting: the guest gave up on it), at the invitation's allowance."""
        making = self._making.pop(invitation.number, None)
        if making is not None and not making.done():
            making.cancel()
        task = asyncio.ensure_future(self._link(wormhole, invitation, number, hints))
        self._making[invitation.number] = task
        self._serving.add(task)
        task.add_done_callback(self._serving.discard)

    async def _link(self, wormhole: Any, invitation: Invitation, number: int, hints: Any) -> None:
        """Make link `number` the guest asked for and let the table serve it."""
        allowance = self._allowances.setdefault(invitation.number, Allowance(*self.links))
        wait = allowance.wait(self.now())
        if wait > 0:
            burst, every = self.links
            self.notice(invitation, "links", _("asks for links too fast: {burst} at once, then one every "
                                               "{every:g} s").format(burst=burst, every=every))
            await asyncio.sleep(wait)  # (cancelled by a newer request: only the newest is served)
        allowance.take(self.now())
        if isinstance(hints, list) and bounded_hints(hints)[1]:
            self.notice(invitation, "hints", _("sent more than {most} connection addresses: only {most} are "
                                               "tried").format(most=MAX_HINTS))
        try:
            transit, ours = await wormhole.transit(sender=True, number=number)
            try:
                await wormhole.send({"link": number, "hints": ours})
            except BaseException:
                wormhole.forget(transit)  # (never connected: its listening port closes)
                raise
            link = await wormhole.connect(transit, hints, invitation.address, HOST_FRAME)
        except WormholeFailed as e:
            log.warning("invitation %s, link %s: %s", invitation.number, number, e)
            return
        finally:
            if self._making.get(invitation.number) is asyncio.current_task():
                del self._making[invitation.number]  # (connected or not: the next request waits no more)
        old = invitation.link
        if old is not None:  # (one link a guest: the one it asked for last; the table hears of the old
            old.abort()  # one's end, and the hello on the new one brings its seat back)
        invitation.link = link
        self._back(invitation)
        self._changed(invitation, "relay" if link.relayed else "direct")
        loop = asyncio.get_running_loop()

        def spoke() -> None:  # (the hello is read just after: who sat is known on the next turn)
            loop.call_soon(self._remember, invitation, link)

        try:
            await self.server.serve_link(link, spoke)
        finally:
            if link.cut is not None:
                self.notice(invitation, "frame", link.cut)
            if invitation.link is link:
                invitation.link = None
                if invitation.status in ("direct", "relay"):
                    status = self._after_link()
                    if status == "dropped" and invitation.seat is None and self.server.table.state is None:
                        status = "refused"  # never seated in the lobby: the table said no (a taken seat...)
                    self._changed(invitation, status)
                    if status == "refused":
                        self._renew(invitation, "refused")
                    elif status == "dropped":
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

    def _renew(self, invitation: Invitation, because: Because) -> None:
        """A fresh code for the friend of a burned code or a refused hello: at once while the allowance
        lasts, then at its pace (the host is told when it comes)."""
        if self._closing or self.server.game_over.is_set() or invitation.replaced_by is not None:
            return
        fresh = Invitation(number=len(self.all) + 1, replaces=invitation, because=because)
        invitation.replaced_by = fresh
        wait = self._fresh.wait(self.now())
        if wait == 0:
            self._fresh.take(self.now())
            self._open(fresh, self.direct)
            return
        said = _("fresh codes come at most one every {every:g} s: the next in {wait:.0f} s")
        self.notice(invitation, "fresh", said.format(every=self._fresh.every, wait=wait))

        async def later() -> None:
            await asyncio.sleep(wait)
            if invitation.replaced_by is fresh and not self._closing and not self.server.game_over.is_set():
                self._fresh.take(self.now())
                fresh.number = len(self.all) + 1  # (numbered as it opens: others may have opened meanwhile)
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
