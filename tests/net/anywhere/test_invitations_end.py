"""The host's invitations say what is true once the game is over or the table closes: a friend who left
a finished game is not waited for, a code nobody used stops working, a table that closed is closed.

The wormhole and the table server are stand-ins here (the real ones are in test_game.py and
test_doors.py): what is checked is how each invitation stands, and what the host's terminal says.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from allfives.net.anywhere import wormhole as wormhole_module
from allfives.net.anywhere.cli import open_invitations
from allfives.net.anywhere.codes import Servers
from allfives.net.anywhere.invitations import Invitation, Invitations
from allfives.net.anywhere.wormhole import WrongCode

LIMIT = 5  # seconds: nothing here waits on anything but the test's own steps


class Link:
    """A guest's link: it ends when the guest leaves (`leave`) or the host closes it."""

    def __init__(self) -> None:
        self.relayed = False
        self.cut: str | None = None
        self.ended = asyncio.Event()

    def leave(self) -> None:
        self.ended.set()

    def abort(self) -> None:
        self.ended.set()

    async def close(self, *_args: object) -> None:
        self.ended.set()


class Wormhole:
    """A wormhole whose friend types the code when the test says (`come`), then asks for links."""

    made: list[Wormhole] = []

    def __init__(self, servers: Servers, *, direct: bool, loopback: bool) -> None:
        self.typed = asyncio.Event()
        self.asks: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.links: list[Link] = []
        self.shut = asyncio.Event()
        self.wrong = False
        Wormhole.made.append(self)

    def burn(self) -> None:
        """A stranger types the wrong words on the code: it is used up."""
        self.wrong = True
        self.typed.set()

    def come(self) -> None:
        """The friend types the code and asks for a link (again: after a drop)."""
        self.typed.set()
        self.asks.put_nowait({"link": len(self.links) + 1, "hints": []})

    async def allocate(self) -> str:
        return f"{len(Wormhole.made)}-guitarist-revenge"

    async def meet(self) -> None:
        await self.typed.wait()
        if self.wrong:
            raise WrongCode("that is not the code the host made")

    async def send(self, _message: dict[str, Any]) -> None:
        return None

    async def receive(self) -> dict[str, Any]:
        return await self.asks.get()

    async def transit(self, *, sender: bool, number: int) -> tuple[object, list[str]]:
        return object(), []

    def forget(self, _transit: object) -> None:
        return None

    async def connect(self, _transit: object, _hints: object, _address: str, _frame: int) -> Link:
        self.links.append(Link())
        return self.links[-1]

    @property
    def closed(self) -> bool:
        return self.shut.is_set()

    async def close(self) -> None:
        self.shut.set()


class Server:
    """The table server as the invitations see it: its code, its seats, when its game ends, and each
    link served until it ends."""

    def __init__(self) -> None:
        seats = [SimpleNamespace(token_hash=None, connected=False) for _n in range(4)]
        self.table = SimpleNamespace(code="K7QM3XRT9BHD", names=["Ada", "Bea", "Cy", "Di"], seats=seats)
        self.by_seat: dict[int, Any] = {}
        self.game_over = asyncio.Event()

    async def serve_link(self, link: Link, spoke: Callable[[], None] | None = None) -> None:
        if spoke is None:
            await link.ended.wait()
            return
        spoke()  # (the hello: the guest sits at the first seat after the host's, or their own again)
        seat = next(n for n, s in enumerate(self.table.seats) if n and not s.connected)
        self.by_seat[seat] = SimpleNamespace(link=link)
        self.table.seats[seat].token_hash, self.table.seats[seat].connected = "kept", True
        await link.ended.wait()
        del self.by_seat[seat]
        self.table.seats[seat].connected = False

    def send_away(self, seat: int) -> None:
        """The host kicks the guest: their seat is no longer kept for them."""
        self.table.seats[seat].token_hash = None
        self.by_seat[seat].link.leave()


@pytest.fixture(autouse=True)
def stand_in_wormhole(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    Wormhole.made = []
    monkeypatch.setattr(wormhole_module, "Wormhole", Wormhole)
    yield


SERVERS = Servers(mailbox="ws://127.0.0.1:1/v1", transit="127.0.0.1:1")  # (never reached: stand-ins)


async def standing(door: Invitations, invitation: Invitation, status: str) -> None:
    await asyncio.wait_for(door.until(invitation, lambda i: i.status == status), LIMIT)


async def one_here_one_gone_one_unused() -> tuple[Server, Invitations, list[Invitation]]:
    """Three codes mid-game: the first friend at the table, the second gone (they may come back, and
    the host is told so), the third never typed."""
    server = Server()
    door = Invitations(server, SERVERS)  # type: ignore[arg-type]
    invitations = [door.invite() for _ in range(3)]
    for invitation in invitations:
        await standing(door, invitation, "waiting")
    for wormhole, invitation in zip(Wormhole.made[:2], invitations, strict=False):
        wormhole.come()
        await standing(door, invitation, "direct")
    Wormhole.made[1].links[0].leave()
    await standing(door, invitations[1], "dropped")
    assert "waiting for them to come back" in invitations[1].said
    return server, door, invitations


async def test_once_the_game_is_over_nobody_is_waited_for_and_an_unused_code_stops_working() -> None:
    server, door, (came, dropped, unused) = await one_here_one_gone_one_unused()
    first, second, third = Wormhole.made
    server.game_over.set()
    await standing(door, dropped, "over")
    await standing(door, unused, "over")
    assert came.status == "direct"  # (still at the table, looking at the result)
    await asyncio.wait_for(third.shut.wait(), LIMIT)  # (the unused code's wormhole closes)
    assert not first.closed and not second.closed  # (theirs stay: one may come back to see the end)
    first.links[0].leave()
    await standing(door, came, "over")
    second.come()  # (a friend who dropped comes back to see how it ended, then leaves)
    await standing(door, dropped, "direct")
    second.links[1].leave()
    await standing(door, dropped, "over")
    assert {i.said for i in door.all} == {"the game is over"}
    assert door.invite().status == "over" and door.all[-1].code is None  # (no code for a finished game)
    await door.close()
    assert [i.status for i in door.all] == ["over"] * 4 and all(w.closed for w in Wormhole.made)


async def test_a_table_closed_mid_game_says_closed_for_those_it_waited_for() -> None:
    _server, door, _invitations = await one_here_one_gone_one_unused()
    await asyncio.wait_for(door.close(), LIMIT)
    assert [i.status for i in door.all] == ["closed", "closed", "closed"]


async def test_the_headless_host_says_the_game_is_over_once_not_once_an_invitation() -> None:
    said: list[str] = []
    server = Server()
    door = open_invitations(server, SERVERS, 2, say=said.append)  # type: ignore[arg-type]
    for invitation in door.all:
        await standing(door, invitation, "waiting")
    server.game_over.set()
    for invitation in door.all:
        await standing(door, invitation, "over")
    await door.close()
    assert len(said) == 2 and all("send a friend this line" in line for line in said)


async def test_a_guest_gone_a_while_gets_a_fresh_code_by_itself_and_one_sent_away_does_not() -> None:
    said: list[str] = []
    server = Server()
    door = open_invitations(server, SERVERS, 2, say=said.append)  # type: ignore[arg-type]
    door.replace_after = 0  # (10 s in a game: a Wi-Fi blip comes back through its own wormhole first)
    bea, cy = door.all
    for invitation in door.all:
        await standing(door, invitation, "waiting")
    for wormhole, invitation in zip(Wormhole.made, door.all, strict=True):
        wormhole.come()
        await standing(door, invitation, "direct")
    assert (bea.guest_name, bea.seat, cy.guest_name, cy.seat) == ("Bea", 1, "Cy", 2)

    Wormhole.made[0].links[0].leave()  # Bea's laptop lid: her seat is kept for her
    await standing(door, bea, "dropped")
    await asyncio.wait_for(door.until(bea, lambda i: i.replaced_by is not None), LIMIT)
    fresh = bea.replaced_by
    await standing(door, fresh, "waiting")
    assert said[-1] == ("Invitation 3: Bea is gone: should they not come back by themselves, send them this "
                        "line:  allfives join 3-guitarist-revenge")

    server.send_away(2)  # Cy is kicked: nobody makes a code for him
    await standing(door, cy, "dropped")
    for _turn in range(3):  # (the turns of the loop in which a fresh code would have been made)
        await asyncio.sleep(0)
    assert cy.replaced_by is None and len(door.all) == 3

    Wormhole.made[0].come()  # Bea comes back through her own wormhole: the code made for her closes
    await standing(door, bea, "direct")
    await standing(door, fresh, "closed")
    assert bea.replaced_by is None and Wormhole.made[2].closed
    await door.close()



async def test_burned_codes_are_replaced_at_once_then_no_faster_than_the_allowance() -> None:
    said: list[str] = []
    server = Server()
    door = open_invitations(server, SERVERS, 1, say=said.append, fresh=(2, 1.0),  # type: ignore[arg-type]
                            clock=lambda: 0.0)  # (the allowance on a clock that stands still: no refill)
    for burned in (1, 2):  # a stranger burns each code as it comes: a fresh one at once, twice
        await standing(door, door.all[-1], "waiting")
        Wormhole.made[-1].burn()
        await standing(door, door.all[burned - 1], "used")
        assert len(door.all) == burned + 1
    third = door.all[-1]
    await standing(door, third, "waiting")
    Wormhole.made[-1].burn()
    await standing(door, third, "used")
    assert len(door.all) == 3 and third.replaced_by is not None  # the next waits for the allowance...
    assert said[-1] == "Invitation 3: fresh codes come at most one every 1 s: the next in 1 s"
    other = door.invite()  # (the host makes one meanwhile: the fresh one is numbered as it opens)
    await standing(door, third.replaced_by, "waiting")  # ...and comes by itself
    assert (other.number, third.replaced_by.number) == (4, 5)
    assert len(door.all) == 5 and said[-1] == ("Invitation 5: someone typed a wrong code for invitation 3: "
                                               "send your friend this fresh line instead:  allfives join "
                                               "5-guitarist-revenge")
    await door.close()
