"""Friends anywhere at the screen, against magic-wormhole's servers on loopback: the host's lobby makes a
code on `i` and shows how it stands and who came through it, a wrong code is one notice; a guest's
lobby says how it is connected."""

from __future__ import annotations

import asyncio

import pytest
from textual.css.query import NoMatches
from textual.widgets import Static

from allfives.net.anywhere.guest import AnywhereClient, NoWormhole
from allfives.net.anywhere.invitations import Invitations
from allfives.ui.shared_table.app import TableApp
from allfives.ui.shared_table.lobby import LobbyScreen
from tests.net.anywhere.servers import LoopbackServers
from tests.net.helpers import players, serving

from .test_table_screens import SIZE, small_table, until

LIMIT = 60


def status(app: TableApp) -> str:
    """The lobby's status line as it reads ("" while the lobby is being put up)."""
    try:
        return str(app.screen.query_one("#lobby-status", Static).render()).strip()
    except NoMatches:
        return ""


def invitations_shown(app: TableApp) -> str:
    return str(app.screen.query_one("#invitations-list", Static).render())


async def test_the_hosts_lobby_makes_a_code_on_i_shows_who_came_through_it_and_a_wrong_code_in_one_notice(
        wormhole_servers: LoopbackServers) -> None:
    servers = wormhole_servers.servers
    async with asyncio.timeout(LIMIT), serving(small_table(seats=4)) as server:
        (host, _), = players(server, (0,))
        door = Invitations(server, servers, loopback=True)
        app = TableApp(host, share="allfives join …", invitations=door)
        try:
            async with app.run_test(size=(100, 40), notifications=True) as pilot:
                await until(pilot, lambda: app.session.seat == 0 and isinstance(app.screen, LobbyScreen),
                            "the host sits")
                await pilot.press("i")
                await until(pilot, lambda: "waiting for a friend" in invitations_shown(app), "a code is made")
                [invitation] = door.all
                assert f"1  allfives join {invitation.code} — waiting for a friend to type the code…" in \
                    invitations_shown(app)

                bea = AnywhereClient(invitation.code, "Bea", servers=servers, loopback=True)
                run = asyncio.create_task(bea.run())
                await until(pilot, lambda: "1  Bea — connected directly" in invitations_shown(app),
                            "the lobby names who came through the code")
                assert app.session.info.seats[1].name == "Bea"

                await pilot.click("#invite")  # the button makes the next one
                await until(pilot, lambda: len(door.all) == 2 and door.all[1].code is not None,
                            "a second code")
                nameplate = door.all[1].code.split("-")[0]
                with pytest.raises(NoWormhole):
                    await AnywhereClient(f"{nameplate}-aardvark-absurd", "Eve", servers=servers,
                                         loopback=True).run()
                await until(pilot, lambda: door.all[1].status == "used", "the code is used up")
                def told() -> list[str]:
                    return [n.message for n in app._notifications if "wrong code" in n.message]

                await until(pilot, lambda: len(told()) == 2, "told, and given a fresh code")
                fresh = door.all[2]
                assert told() == [
                    "Invitation 2: someone typed a wrong code (a stranger's guess, or a typo): this one is "
                    "used up; a fresh one follows",
                    "someone typed a wrong code for invitation 2: send your friend this fresh line instead:  "
                    f"allfives join {fresh.code}"]
                shown = invitations_shown(app)
                assert "2  someone typed a wrong code (a stranger's guess, or a typo)" in shown
                assert server.table.state is None and bea.connected  # the table goes on
                bea.stop()
                await run
        finally:
            await door.close()


async def test_a_guests_lobby_says_it_is_at_the_table_and_how_it_is_connected(
        wormhole_servers: LoopbackServers) -> None:
    servers = wormhole_servers.servers
    async with asyncio.timeout(LIMIT), serving(small_table(seats=4)) as server:
        door = Invitations(server, servers, loopback=True, direct=False)
        try:
            code = await door.ready(door.invite())
            client = AnywhereClient(code, "Bea", servers=servers, loopback=True, direct=False)
            app = TableApp(client, rejoin="allfives join CODE")
            async with app.run_test(size=SIZE) as pilot:
                await until(pilot, lambda: "At the table." in status(app), "Bea sits")
                assert status(app) == "At the table. Connected through the relay."
                assert app.come_back() == "`allfives join CODE` brings you back to your seat"
        finally:
            await door.close()


def test_the_lobby_lines_of_a_finished_or_closed_table_name_no_code_and_wait_for_nobody() -> None:
    from allfives.net.anywhere.invitations import Invitation
    from allfives.ui.shared_table.invitations import invitation_shown

    code = "7-guitarist-revenge"
    assert invitation_shown(Invitation(2, code, "waiting"), None).plain == (
        f"2  allfives join {code} — waiting for a friend to type the code…")
    assert invitation_shown(Invitation(2, code, "over"), None).plain == "2  the game is over"
    assert invitation_shown(Invitation(3, code, "closed"), None).plain == "3  closed"


async def test_a_guests_screen_whose_host_died_ends_with_one_line_and_status_2(
        wormhole_servers: LoopbackServers) -> None:
    servers = wormhole_servers.servers
    async with asyncio.timeout(LIMIT), serving(small_table(seats=4)) as server:
        door = Invitations(server, servers, loopback=True)
        try:
            code = await door.ready(door.invite())
            client = AnywhereClient(code, "Bea", servers=servers, loopback=True)
            app = TableApp(client, rejoin="allfives join CODE")
            async with app.run_test(size=SIZE) as pilot:
                await until(pilot, lambda: "At the table." in status(app), "Bea sits")
                client.host_timeout = 1.0  # (30 s in a game)
                await server.close(tell=False)  # the host's program dies: no goodbye
                await door.close()
                await until(pilot, lambda: app.farewell is not None, "Bea is told")
            assert (app.farewell, app.return_code) == ("the host is gone: ask them for a fresh code", 2)
        finally:
            await door.close()
