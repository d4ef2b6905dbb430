"""The screens of a shared table, each against a real table server on loopback in the same loop: the lobby,
a joined player's game by mouse, a refusal told to that player only, a lost connection that comes back
by itself, the host's away clock and its bot, a score panel that follows the deal, the host's kick in
the lobby and quit dialog, and a guest told the table closed."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static

from allfives.engine import Move, Rules
from allfives.net.cli import join_command
from allfives.net.client import JoinRefused, TableClient
from allfives.net.protocol import Refused, decode_server, for_seat
from allfives.net.remote_session import RemoteSession
from allfives.net.server import TableServer
from allfives.net.table import Table, TableOptions, shown_code
from allfives.net.tls import server_context
from allfives.play.seat import ends_for
from allfives.ui.review.screen import ReviewScreen
from allfives.ui.screens.confirm import ConfirmScreen
from allfives.ui.screens.game_over import GameOverScreen
from allfives.ui.screens.score_panel import ScorePanel
from allfives.ui.shared_table.app import TableApp
from allfives.ui.shared_table.lobby import LobbyScreen
from allfives.ui.shared_table.screen import RemoteGameScreen
from allfives.ui.shared_table.unseat import LetBackScreen, UnseatScreen
from tests.conftest import TableCertificate
from tests.net.helpers import Truth, players, serving

from .helpers import click_boneyard, click_end, click_tile

LIMIT = 90  # seconds: only stops a hung test
SIZE = (100, 30)


async def until(pilot: Pilot, condition: Callable[[], bool], what: str, limit: int = 3000) -> None:
    """Let the app, the table and the other players run until `condition()` holds."""
    for _ in range(limit):
        if condition():
            return
        await pilot.pause(0.005)
    raise AssertionError(f"never happened: {what}")


async def click_drawn(pilot: Pilot, selector: str) -> None:
    """Click a widget once the screen has drawn it where it now is: one just shown is laid out on a later
    refresh (on a busy machine, after the test has seen it shown), and a click before lands on whatever
    was there before. The click must land on it."""
    app = pilot.app

    def drawn() -> bool:
        widget = app.screen.query_one(selector)
        region = widget.region
        return bool(region.area) and app.get_widget_at(*region.offset)[0] is widget

    await until(pilot, drawn, f"{selector} drawn on the screen")
    assert await pilot.click(selector), f"the click missed {selector}"


def small_table(seats: int = 2, seed: int = 4, target: int = 40, **options: float) -> Table:
    settings = {"hand_pause": 30.0, "away_timeout": 30.0, **options}
    return Table.new(Rules(seats=seats, target=target), level="easy", seed=seed, bot_delay=0.0,
                     options=TableOptions(**settings))


def joining(server: TableServer, name: str = "Bea", pin: str | None = None) -> TableApp:
    """The app of a friend who joins the table (every message they are sent is kept)."""
    code = server.table.code.lower()  # typed as it came, in lower case and without dashes
    return TableApp(TableClient(server.address, code, name, keep_raw=True, stop_when_over=True, pin=pin))


def shown(screen: Screen, selector: str) -> str:
    """A lobby line as it reads."""
    return str(screen.query_one(selector, Static).render())


async def play_by_mouse(pilot: Pilot, screen: RemoteGameScreen, move: Move) -> None:
    """A move made as a person makes it: the boneyard, or a tile and (when it fits two ends) an end."""
    if move.kind == "draw":
        await click_boneyard(pilot)
        return
    assert move.tile is not None
    ends = ends_for(screen.seen, move.tile)
    await click_tile(pilot, move.tile)
    if len(ends) > 1:
        await pilot.pause()
        await click_end(pilot, move.end or ends[0])


async def test_the_lobby_seats_a_friend_lets_them_move_and_shows_the_table_once_the_host_starts(
        table_certificate: TableCertificate) -> None:
    table = small_table(seats=4)
    tls = server_context(table_certificate.cert, table_certificate.key)  # as `allfives host` serves: wss://
    async with asyncio.timeout(LIMIT), serving(table, tls=tls) as server:
        (host, _), = players(server, (0,), pin=table_certificate.pin)
        host_run = asyncio.create_task(host.run())
        await host.wait_until(lambda: host.seat == 0)
        app = joining(server, pin=table_certificate.pin)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.session.seat == 1 and isinstance(app.screen, LobbyScreen)
                        and bool(app.screen.query("#seat-3")), "Bea sits at the first free seat")
            lobby = app.screen
            await until(pilot, lambda: "free" in shown(lobby, "#seat-3"), "the lobby is filled in")
            assert shown(lobby, "#seat-1") == "2  Bea — you"
            assert f"code {shown_code(table.code)} ·" in shown(lobby, "#lobby-title")  # ABCD-EFGH-JKMN
            assert shown(lobby, "#seat-0") == "1  Tester 0 — person · host"
            assert not lobby.query_one("#start").display  # only the host starts
            assert shown(lobby, "#lobby-wait").startswith("Waiting for Tester 0 (the host) to start")
            assert [b.display for b in lobby.query(".sit")] == [False, False, True, True]

            await click_drawn(pilot, "#sit-3")  # a seat a bot holds
            await until(pilot, lambda: app.session.seat == 3 and host.info.seats[3].name == "Bea",
                        "Bea moves to seat 4")
            assert table.setup.players[1].kind == "bot" and table.setup.players[3].name == "Bea"
            await until(pilot, lambda: lobby.query_one("#sit-1").display, "seat 2 is free again")

            await host.start()
            await until(pilot, lambda: isinstance(app.screen, RemoteGameScreen), "the table shows")
            screen = app.screen
            assert screen.viewer == 3 and screen.session.seat_view(3).hand == table.state.hands[3]
        host.stop()
        await host_run


def moves_of(session: RemoteSession, seat: int) -> int:
    """How many moves the screen has shown `seat` make, all game long."""
    return sum(1 for hand in session.hands for ev in hand if ev.kind in ("played", "drew", "passed")
               and getattr(ev, "seat", None) == seat)


async def play_on(pilot: Pilot, app: TableApp, done: Callable[[], bool], what: str, turns: int = 400) -> None:
    """Play the app's seat by mouse (its last legal move), past score panels, until `done()`."""
    for _ in range(turns):
        await until(pilot, lambda: done() or isinstance(app.screen, (ScorePanel, GameOverScreen))
                    or (isinstance(app.screen, RemoteGameScreen) and app.screen.my_turn
                        and not app.session.sending), what)
        if done():
            return
        screen = app.screen
        if isinstance(screen, ScorePanel):
            await click_drawn(pilot, "#continue")
            await until(pilot, lambda s=screen: app.screen is not s, "the score panel closes")
            continue
        if isinstance(screen, GameOverScreen):
            raise AssertionError(f"the game ended before: {what}")
        assert isinstance(screen, RemoteGameScreen)
        table, seen = screen, screen.seen
        assert table.pieces.hand.view.tiles == seen.hand  # the hand shown is the seat's own
        await play_by_mouse(pilot, table, seen.legal_moves[-1])
        await until(pilot, lambda: table.seen is not seen or table.turn.notice is not None,  # noqa: B023
                    "the table answers the move")
    raise AssertionError(f"never came: {what}")


async def test_a_joined_player_plays_by_mouse_sees_only_their_seat_and_a_refusal_is_theirs_alone() -> None:
    table = small_table(seed=6, target=50, start_when=2)
    async with asyncio.timeout(LIMIT), serving(table) as server:
        (host, host_play), = players(server, (0,))  # a test client hosts; the game starts once Bea sits
        host_run = asyncio.create_task(host.run())
        await host.wait_until(lambda: host.seat == 0)
        app = joining(server)
        session: RemoteSession = app.session
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, RemoteGameScreen), "the game starts")
            screen = app.screen
            await play_on(pilot, app, lambda: screen.my_turn and len(screen.seen.history) >= 2, "our turn")
            await pilot.press("g")  # a canned table message, heard by everyone
            await until(pilot, lambda: (1, "good game") in host.said
                        and any(n.message == "Bea: good game" for n in app._notifications), "good game")

            # a move the table will not make: a tile of the host's hand
            foreign = next(t for t in table.state.hands[0])
            screen.apply(Move.play(foreign))
            await until(pilot, lambda: screen.turn.notice is not None, "the refusal")
            assert screen.status == f"Not allowed: {foreign} is not in your hand."  # as a local game says it
            assert screen.my_turn and session.waiting == "person"  # the turn is still ours
            assert not any(isinstance(m, Refused) for m in map(decode_server, host.raw))  # told to Bea only

            # the table goes away mid-game (the host's process dies) and comes back: the screen says so,
            # and the whole table returns
            port, before = server.port, len(app.client.raw)
            await server.close(tell=False)
            await until(pilot, lambda: "Connection lost" in screen.status, "the status tells of the drop")
            async with serving(table, port=port):
                await until(pilot, lambda: app.client.connections == 2 and session.connected, "back")
                await until(pilot, lambda: "Connection lost" not in screen.status, "the status says so")
                assert any('"type":"welcome"' in raw for raw in app.client.raw[before:])
                await play_on(pilot, app, lambda: isinstance(app.screen, GameOverScreen), "the game's end")
            state = table.state
            assert state.phase == "game_over" and screen.view.scores == state.scores
            assert session.hands == [list(for_seat(h, 1)) for h in table.hands]
        Truth(table.record()).check(app.client.raw, 1)  # nothing Bea was sent showed a hidden tile
        await host_run


async def test_the_host_sees_an_away_players_clock_then_lets_a_bot_play_for_them_until_they_return() -> None:
    table = small_table(seed=9, target=150, away_timeout=0.5)
    async with asyncio.timeout(LIMIT), serving(table) as server:
        app = joining(server, name="Hana")  # the first to sit hosts
        session: RemoteSession = app.session
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: session.seat == 0 and isinstance(app.screen, LobbyScreen)
                        and app.screen.query_one("#start").display, "Hana hosts: the Start button")
            (friend, _), = players(server, (1,))  # "Tester 1"
            friend_run = asyncio.create_task(friend.run())
            await until(pilot, lambda: session.info.seats[1].status == "here", "the friend sits")
            await click_drawn(pilot, "#start")
            await until(pilot, lambda: isinstance(app.screen, RemoteGameScreen), "the game starts")
            screen = app.screen
            await play_on(pilot, app, lambda: screen.my_turn, "Hana's turn")
            await until(pilot, lambda: re.search(r"\(\d:\d\d left\)$", screen.status) is not None,
                        "her own turn clock, after her prompt")

            friend.stop()  # their terminal closes: the seat waits for them, with a clock on every screen
            await friend_run
            await until(pilot, lambda: screen.pieces.top.seats[0].label.startswith("away"), "their clock")
            await play_on(pilot, app, lambda: screen.view.turn == 1, "their turn")
            await until(pilot, lambda: screen.status.startswith("Tester 1 is away"), "the table waits")
            await until(pilot, lambda: "press b to let a bot play" in screen.status, "the host's cue")
            assert table.state.turn == 1 and not table.is_bot_played(1)  # nothing moved while they were away
            moved_before = moves_of(session, 1)
            await pilot.press("b")
            await until(pilot, lambda: session.info.seats[1].status == "covered", "a bot plays for them")
            await play_on(pilot, app, lambda: moves_of(session, 1) > moved_before, "the bot moved for them")

            (back, _), = players(server, (1,), token=friend.token)  # they start their program again
            back_run = asyncio.create_task(back.run())
            # the seat's line is redrawn from the news of their return, a moment after it comes in
            await until(pilot, lambda: session.info.seats[1].status == "here"
                        and screen.pieces.top.seats[0].label == "person", "the friend is back, on screen")
            assert not table.is_bot_played(1)
            back.stop()
            await back_run


async def test_a_table_that_will_not_have_us_or_cannot_be_reached_ends_the_app_with_one_line() -> None:
    async with asyncio.timeout(LIMIT), serving(small_table()) as server:
        cases = {server.address: "the table refused: wrong table code",
                 "127.0.0.1:9": "cannot reach 127.0.0.1:9"}
        for address, why in cases.items():
            app = TableApp(TableClient(address, "WRONG1", "Eve"))
            async with app.run_test(size=SIZE) as pilot:
                await until(pilot, lambda: app.return_code == 2, "the app ends")  # noqa: B023
            assert app.farewell is not None and app.farewell.startswith(why) and "\n" not in app.farewell


async def test_a_finished_network_hand_says_deal_checked_and_the_score_panels_review_shows_it() -> None:
    table = small_table(seed=4, target=150, start_when=1)  # Bea alone hosts, a bot plays the other seat
    async with asyncio.timeout(LIMIT), serving(table) as server:
        app = joining(server)
        app.review_samples = 1  # (the review's weighing is not what this test is about)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, RemoteGameScreen), "the game starts")
            await play_on(pilot, app, lambda: isinstance(app.screen, ScorePanel), "the hand's end")
            panel = app.screen
            await until(pilot, lambda: any(n.message.startswith("Hand 1: deal checked")
                                           for n in app._notifications), "the check is told")
            await pilot.press("r")  # the panel offers Review: every tile of the hand is known now
            await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review opens")
            review = app.screen.review
            assert review.game.game.log == table.state.log  # the table waits for Bea: still hand 1
            assert review.status((1, 0)).plain.endswith((" lead · deal checked", " leads · deal checked"))
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is panel, "back to the score panel")


async def test_an_open_score_panel_follows_the_table_once_it_deals_and_closing_it_shows_that_hand() -> None:
    table = small_table(seed=6, target=150, start_when=2, hand_pause=0.0)  # the table deals at once
    async with asyncio.timeout(LIMIT), serving(table) as server:
        (host, _), = players(server, (0,))
        host_run = asyncio.create_task(host.run())
        await host.wait_until(lambda: host.seat == 0)
        app = joining(server)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, RemoteGameScreen), "the game starts")
            screen = app.screen
            await play_on(pilot, app, lambda: isinstance(app.screen, ScorePanel), "the end of hand 1")
            panel = app.screen
            await until(pilot, lambda: panel.table_news is not None and bool(panel.query("#table-news")),
                        "the panel hears of the deal")
            leader = table.hands[1][0].leader
            line = f"Hand 2 is dealt: {'you lead' if leader == 1 else 'Tester 0 leads'}"
            assert shown(panel, "#table-news") == line and str(panel.query_one("#continue").label) == \
                "Play on (Enter)"
            assert screen.status == f"{line}: close the score panel to play on."  # not "Waiting for…"
            assert screen.seen.hand_number == 1  # nothing moves under the panel
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is screen and screen.seen.hand_number == 2, "hand 2 shows")
        host.stop()
        await host_run


async def test_the_host_kicks_by_a_click_in_the_lobby_and_quitting_asks_to_close_the_table() -> None:
    table = small_table(seats=4)
    async with asyncio.timeout(LIMIT), serving(table) as server:
        share = f"allfives join {server.address} --code {table.code}"
        app = TableApp(TableClient(server.address, table.code, "Hana"), share=share)  # the host's own
        session = app.session
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: session.seat == 0 and isinstance(app.screen, LobbyScreen)
                        and app.screen.query_one("#start").display, "Hana hosts")
            lobby = app.screen
            assert "k" not in lobby.active_bindings  # nobody to kick: not in the footer
            (friend, _), = players(server, (1,))
            friend_run = asyncio.create_task(friend.run())
            await until(pilot, lambda: lobby.query_one("#kick-1").display and "k" in lobby.active_bindings,
                        "the host's Kick on the friend's row and in the footer")
            assert not lobby.query_one("#kick-0").display  # not on the host's own row
            assert "Kick (k) sends a player away" in shown(lobby, "#lobby-wait")
            await click_drawn(pilot, "#kick-1")
            await friend_run  # told, and stopped by itself
            assert friend.goodbye.reason == "Hana sent you away from the table" and friend.connections == 1
            await until(pilot, lambda: "free" in shown(lobby, "#seat-1"), "the seat is free again")
            assert "k" not in lobby.active_bindings and table.seat_of(friend.token) is None
            await until(pilot, lambda: "l" in lobby.active_bindings, "the host may let them back")
            assert "Sent away, and not let sit here again: Tester 1." in shown(lobby, "#lobby-banned")
            (cy, _), = players(server, (2,))  # from the same address (loopback): refused, as they would be
            with pytest.raises(JoinRefused, match="Hana sent you away from this table"):
                await cy.run()
            await click_drawn(pilot, "#let-back")  # (or `l`)
            await until(pilot, lambda: isinstance(app.screen, LetBackScreen), "whom to let back")
            await pilot.press("1")
            await until(pilot, lambda: not session.banned and not lobby.query_one("#let-back").display,
                        "Tester 1 is let back")
            assert "l" not in lobby.active_bindings and not table.bans
            assert any("Tester 1 may sit at this table again." in n.message for n in app._notifications)

            (cy, _), = players(server, (2,))
            cy_run = asyncio.create_task(cy.run())
            await until(pilot, lambda: session.info.seats[2].status == "here", "another friend sits")
            await pilot.press("enter")  # (the lobby's rows moved up as the line of those sent away went)
            await until(pilot, lambda: isinstance(app.screen, RemoteGameScreen), "the game starts")
            game = app.screen
            await until(pilot, lambda: "x" in game.active_bindings, "the host's x in the footer")
            await pilot.press("x")  # in play: a dialog asks whose seat, by number
            await until(pilot, lambda: isinstance(app.screen, UnseatScreen), "the seat dialog")
            await pilot.press("3")
            await cy_run  # told, and stopped by itself
            assert cy.goodbye.reason == "Hana gave your seat to a bot"
            await until(pilot, lambda: session.info.seats[2].status == "bot", "a bot plays seat 3")
            assert table.names[2] == "Tester 2" and table.is_bot_played(2)  # under its name, to the end
            assert any("A bot plays seat 3 for the rest of the game" in n.message for n in app._notifications)
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the quit dialog")
            assert app.screen.title_text == "Close the table?"
            assert "closes the table for the people at it" in str(app.screen.text)
            await pilot.press("escape")


async def test_the_hosts_lobby_shows_the_join_line_whole_and_copies_it_by_key_or_button() -> None:
    table = small_table()
    async with asyncio.timeout(LIMIT), serving(table) as server:
        share = join_command("192.168.178.100", 7625, table.code, "a" * 26)  # 77 characters
        app = TableApp(TableClient(server.address, table.code, "Hana"), share=share)  # the host's own
        async with app.run_test(size=(90, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                        and app.screen.query_one("#start").display, "Hana hosts")
            lobby = app.screen
            assert shown(lobby, "#lobby-share").splitlines()[1] == share  # one line of its own, whole
            assert "c" in lobby.active_bindings and lobby.query_one("#copy").display
            await pilot.press("c")
            await until(pilot, lambda: app.clipboard == share, "the line is copied")
            assert any(n.message.startswith("Copied") for n in app._notifications)
            app.copy_to_clipboard("")
            await click_drawn(pilot, "#copy")
            await until(pilot, lambda: app.clipboard == share, "the button copies it too")
            palette = {e.title for e in app.get_system_commands(lobby)}
            assert {"Copy line", "Start the game"} <= palette and "Let back" not in palette  # none sent away

        guest = joining(server)  # a guest has no line to copy
        async with guest.run_test(size=(90, 30)) as pilot:
            await until(pilot, lambda: isinstance(guest.screen, LobbyScreen) and guest.session.seat == 1,
                        "Bea sits")
            assert "c" not in guest.screen.active_bindings and not guest.screen.query_one("#copy").display


async def test_at_80x24_a_four_seat_hosts_lobby_scrolls_to_its_buttons() -> None:
    """The host's lobby holds the line to share, the invitations from anywhere, four seats and the rules:
    more than 24 rows. The box scrolls, so Start, Copy and Leave are within reach of the mouse too."""
    from allfives.net.anywhere.codes import Servers
    from allfives.net.anywhere.invitations import Invitations

    table = small_table(seats=4)
    async with asyncio.timeout(LIMIT), serving(table) as server:
        share = join_command("192.168.178.100", 7625, table.code, "a" * 26)
        door = Invitations(server, Servers(), loopback=True)  # (no code is made: no wormhole is opened)
        app = TableApp(TableClient(server.address, table.code, "Hana"), share=share, invitations=door)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                        and app.screen.query_one("#start").display, "Hana hosts")
            box, start = app.screen.query_one("#lobby-box"), app.screen.query_one("#start")
            assert box.max_scroll_y > 0  # (it would not fit: the buttons were cut off)
            box.scroll_to_widget(start, animate=False)
            await pilot.pause()
            assert app.screen.region.contains_region(start.region)
            await pilot.click("#leave")
            await until(pilot, lambda: not app.is_running or isinstance(app.screen, ConfirmScreen),
                        "Leave answers a click once scrolled to")


async def test_a_guest_told_the_host_closed_the_table_leaves_with_the_command_that_comes_back(
        tmp_path: Path) -> None:
    table = small_table(seed=5, target=150, start_when=2)
    table.save_path = tmp_path / "table.json"
    async with asyncio.timeout(LIMIT):
        async with serving(table) as server:
            (host, _), = players(server, (0,))
            host_run = asyncio.create_task(host.run())
            await host.wait_until(lambda: host.seat == 0)
            rejoin = f"allfives join {server.address} --code {table.code}"
            app = TableApp(TableClient(server.address, table.code, "Bea"), rejoin=rejoin)
            async with app.run_test(size=SIZE) as pilot:
                await until(pilot, lambda: isinstance(app.screen, RemoteGameScreen), "the game starts")
                await server.close()  # the host quits
                await until(pilot, lambda: app.farewell is not None, "the app ends")
            assert app.farewell == (f"Tester 0 closed the table; once it is open again, `{rejoin}` brings "
                                    "you back to your seat.")
            assert app.client.connections == 1 and app.return_code in (0, None)
            await host_run


def unmarked_nested(text: str, data: list[str] | tuple[str, ...] = ()) -> list[str]:
    """`unmarked`, with translated values inside translated templates (`⟦free: a ⟦easy⟧ bot…⟧`)."""
    from allfives import i18n
    from tests.i18n_check import unmarked

    innermost = re.compile(re.escape(i18n.MARK_OPEN) + "[^" + re.escape(i18n.MARK_OPEN + i18n.MARK_CLOSE)
                           + "]*" + re.escape(i18n.MARK_CLOSE))
    while (rest := innermost.sub(" ", text)) != text:
        text = rest
    return unmarked(text, data=data)


def words_of(screen: Screen, skip: tuple[str, ...] = ()) -> str:
    """Every line and button a screen shows (but the footer, and what `skip` names), as it reads."""
    from textual.widgets import Button

    texts = [str(w.render()) for w in screen.query(Static) if w.display and w.id not in skip
             and not any(a.id in skip for a in w.ancestors_with_self)]
    texts += [str(b.label) for b in screen.query(Button) if b.display]
    return "\n".join(texts)


async def test_the_lobby_and_the_shared_tables_notices_in_the_pseudo_language_show_no_unmarked_word(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from allfives.net.protocol import Say
    from tests.i18n_check import pseudo_language

    table = small_table(seats=4)
    names = ["Hana", "Tester 1", "Ada", "Ben", "Cleo", "Dan", shown_code(table.code)]
    with pseudo_language():
        async with asyncio.timeout(LIMIT), serving(table) as server:
            share = f"allfives join {server.address} --code {table.code}"
            app = TableApp(TableClient(server.address, table.code, "Hana"), share=share)  # the host's own
            session = app.session
            async with app.run_test(size=SIZE) as pilot:
                (friend, _), = players(server, (1,))
                friend_run = asyncio.create_task(friend.run())
                await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                            and app.screen.query_one("#kick-1").display, "the friend sits; the host may kick")
                lobby = app.screen
                data = [*names, server.address, share]
                # (the rules' words are the help's part, lang-help's)
                assert unmarked_nested(words_of(lobby, skip=("lobby-rules",)), data=data) == []
                await click_drawn(pilot, "#start")
                await until(pilot, lambda: isinstance(app.screen, RemoteGameScreen), "the game starts")
                game = app.screen
                await friend.send(Say(text="good game"))
                await until(pilot, lambda: any("good game" in n.message for n in app._notifications),
                            "the friend's canned line")
                seen_as = [p.label for p in session.setup.players[1:]]
                with monkeypatch.context() as m:  # a lost connection, as the status line says it
                    m.setattr(RemoteSession, "connected", property(lambda _s: False))
                    lost = game.table_note()
                await pilot.press("x")
                await until(pilot, lambda: isinstance(app.screen, UnseatScreen), "the seat dialog")
                dialog = words_of(app.screen)
                await pilot.press("2")
                await friend_run
                await until(pilot, lambda: any("seat" in n.message.lower() and "2" in n.message
                                               for n in app._notifications), "the host is told")
                told = "\n".join(n.message for n in app._notifications)
            assert lost is not None and unmarked_nested(lost.plain) == []
            assert unmarked_nested("\n".join(seen_as)) == [] and unmarked_nested(dialog, data=data) == []
            assert unmarked_nested(told, data=data) == [], told
