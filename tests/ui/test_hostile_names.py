"""Every screen with players named from the hostile corpus (tests/hostile.py): nothing raises, nothing a
name holds acts or links when clicked, and every name is drawn exactly as it was given.

Lean by design: four names a table, every table from one seeded position a move from the end of the
game (the last move is the person's: no bot moves), so one app run a table shows the table, the score
panel and the game-over screen; the other screens (new game, resume, hand-over, review, help, watch,
statistics, the lobby and a joined table) take a table or two each. A name that breaks the rule (an RTL
override) is refused at the new-game form here and at every other door in tests/test_name_doors.py.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import Input, Static
from textual.widgets._toast import Toast

from allfives.engine import GameState, Move, Rules
from allfives.history import HistoryStore
from allfives.net.client import TableClient
from allfives.net.table import Table, TableOptions
from allfives.play.saving import SavedGame, SaveStore
from allfives.play.setup import GameSetup, Player
from allfives.ui.app import AllFivesApp
from allfives.ui.review.screen import ReviewScreen
from allfives.ui.screens.game import GameScreen
from allfives.ui.screens.game_over import GameOverScreen
from allfives.ui.screens.handover import HandoverScreen
from allfives.ui.screens.help import HelpScreen
from allfives.ui.screens.new_game import NewGameScreen
from allfives.ui.screens.open_elsewhere import OpenElsewhereScreen
from allfives.ui.screens.resume import ResumeScreen
from allfives.ui.screens.score_panel import ScorePanel
from allfives.ui.screens.stats import StatsScreen
from allfives.ui.screens.watch import WatchScreen
from allfives.ui.shared_table.app import TableApp
from allfives.ui.shared_table.lobby import LobbyScreen
from allfives.ui.shared_table.screen import RemoteGameScreen
from allfives.ui.widgets.status import Status
from tests.hostile import HOSTILE_NAMES, tables
from tests.net.helpers import serving

from .helpers import play_by_mouse, settle

SIZE = (120, 34)  # wide (from 110 columns): the other seats sit round the board, long names have room
TABLES = tables(4)
RULES = Rules(seats=4, partnership=False, target=20, win_check="finish_hand")  # each side one name
SEED = 16  # with every seat playing its first legal move, this game ends with its first hand, 28 moves in


def last_move_of_the_game() -> tuple[GameState, Move]:
    """The game one move from its end (hand 1, every seat has played), and that move."""
    state = GameState.new(RULES, SEED)
    while True:
        move = state.legal_moves()[0]
        after, _ = state.apply(move)
        if after.phase == "game_over":
            return state, move
        state = after


LAST_STATE, LAST_MOVE = last_move_of_the_game()


def people(names: tuple[str, ...]) -> tuple[Player, ...]:
    """Everyone a person at one terminal (each move hands the terminal over)."""
    return tuple(Player(name, "person") for name in names)


def mover_and_bots(names: tuple[str, ...]) -> tuple[Player, ...]:
    """The seat to move a person, the others bots: the last move is the person's, and no bot moves."""
    return tuple(Player(name, "person" if seat == LAST_STATE.turn else "bot", "easy")
                 for seat, name in enumerate(names))


# -- what a screen draws -----------------------------------------------------------------------------

def squeezed(text: str) -> str:
    """Text with its spaces and the edges drawn beside it (thumbs, rules, a notice's bar) taken out: a name
    wrapped over lines reads whole."""
    return "".join(ch for ch in text if not ch.isspace() and ch not in "▐▕▏▌")


def region_text(strips: list[Strip], region: Region) -> str:
    """What the screen shows in `region`, line after line, squeezed."""
    return squeezed("".join(strips[y].crop(region.x, region.right).text
                            for y in range(region.y, region.bottom) if 0 <= y < len(strips)))


def drawn(screen: Screen) -> list[str]:
    """What each widget on show draws, as text: its region of the rendered screen."""
    strips = screen._compositor.render_strips()
    return [region_text(strips, region) for region, _ in screen._compositor.visible_widgets.values()]


def check_screen(app: App, names: tuple[str, ...] = ()) -> None:
    """The screen on show: nothing on it acts or links when clicked, and every name in `names` is drawn,
    whole and as given (in some widget: a wrapped name reads whole once the line breaks are gone)."""
    screen = app.screen
    for strip in screen._compositor.render_strips():
        for segment in strip:
            style = segment.style
            if style is not None:
                assert not style.link, (type(screen).__name__, segment.text)
                assert "@click" not in (style.meta or {}), (type(screen).__name__, segment.text, style.meta)
    strips = screen._compositor.render_strips()
    for status in screen.query(Status):  # the status line draws its notice as it is (cut to its width)
        line, notice = region_text(strips, status.region), status.view
        assert line and squeezed(("▶ " if notice.tone == "prompt" else "") + notice.plain).startswith(
            line.rstrip("…")), (line, notice.plain)
    texts = drawn(screen)
    for name in names:
        assert any(squeezed(name) in text for text in texts), (type(screen).__name__, name)


class Actions:
    """Every action the app runs, whatever asked for it (a key, a click, markup's @click)."""

    def __init__(self, app: App) -> None:
        self.ran: list[object] = []
        run = app.run_action

        async def recorded(action, *args, **kwargs):  # type: ignore[no-untyped-def]
            self.ran.append(action)
            return await run(action, *args, **kwargs)

        app.run_action = recorded  # type: ignore[method-assign]


async def click_names(pilot: Pilot, names: tuple[str, ...]) -> None:
    """Click the first cell of every name drawn whole on one line: no action runs, the screen stays."""
    app = pilot.app
    actions = Actions(app)
    screen = app.screen
    lines = [strip.text for strip in screen._compositor.render_strips()]
    clicked = 0
    for name in names:
        row = next((y for y, line in enumerate(lines) if name in line), None)
        if row is None:
            continue
        x = lines[row].index(name)
        x = len(lines[row][:x].encode("utf-32-le")) // 4  # (cells and characters agree left of a name)
        await pilot.click(offset=(x, row))
        clicked += 1
    assert clicked and actions.ran == [] and app.screen is screen and app.is_running


async def notice_naming(pilot: Pilot, names: tuple[str, ...]) -> None:
    """A notice with the names in its title and text shows them as they are."""
    app = pilot.app
    app.notify(" ".join(names), title=names[0])
    await until(pilot, lambda: bool(app.screen.query(Toast)), "the notice shows")
    await pilot.pause()
    check_screen(app, names)
    toast = app.screen.query_one(Toast)
    assert region_text(app.screen._compositor.render_strips(), toast.region) == squeezed(
        names[0] + " ".join(names))


async def until(pilot: Pilot, what: Callable[[], bool], why: str, limit: int = 2000) -> None:
    for _ in range(limit):
        if what():
            return
        await pilot.pause(0.005)
    raise AssertionError(f"never happened: {why}")


async def screen_of(pilot: Pilot, kind: type[Screen]) -> Screen:
    """Wait for a screen of this kind to show, and to be drawn."""
    await until(pilot, lambda: isinstance(pilot.app.screen, kind), f"{kind.__name__} shows")
    await pilot.pause()
    return pilot.app.screen


# -- the screens ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("names", TABLES, ids=[f"table{n}" for n in range(len(TABLES))])
async def test_every_name_at_the_table_the_score_panel_and_game_over(names: tuple[str, ...]) -> None:
    """The table, the score panel and the game-over screen, four hostile names at a time; where a name
    could act when clicked, it is clicked."""
    setup = GameSetup(rules=RULES, players=mover_and_bots(names), bot_delay=0)
    app = AllFivesApp(saved=SavedGame(LAST_STATE, setup))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await screen_of(pilot, GameScreen)
        # the person alone with the bots is "you" in every sentence at the table (their name heads their
        # column of the scoresheet, cut to fit four): the others' names are drawn whole
        check_screen(app, tuple(n for seat, n in enumerate(names) if seat != LAST_STATE.turn))
        if any("[@" in name or "[link" in name for name in names):
            await click_names(pilot, names)
        if names in TABLES[:3]:  # a notice naming them (as the table's news does); one way for every notice
            await notice_naming(pilot, names)
        await play_by_mouse(pilot, LAST_MOVE)
        await screen_of(pilot, ScorePanel)
        check_screen(app, names)
        await pilot.press("enter")
        await screen_of(pilot, GameOverScreen)
        check_screen(app, names)


async def test_the_resume_prompt_the_hand_over_the_review_and_help(data_dir: Path) -> None:
    """A saved game of people at one terminal: the resume prompt names every side, the hand-over the
    person to move, the review (of the game as it stands) every player."""
    names = TABLES[0]
    setup = GameSetup(rules=RULES, players=people(names), bot_delay=0)
    SaveStore(data_dir).save(LAST_STATE, setup)
    app = AllFivesApp(store=SaveStore(data_dir), bot_delay=0)
    app.review_samples = 1
    async with app.run_test(size=SIZE) as pilot:
        await screen_of(pilot, ResumeScreen)
        check_screen(app, names)
        await pilot.press("r")
        await screen_of(pilot, HandoverScreen)
        check_screen(app, (names[LAST_STATE.turn],))
        app.action_review()  # as `r` on a score panel asks for it: the game so far
        await screen_of(pilot, ReviewScreen)
        await pilot.press("end")
        await settle(pilot)  # the analysis (one deal a decision) names each player in its summary
        check_screen(app, names)
        await pilot.press("question_mark")
        await screen_of(pilot, HelpScreen)
        check_screen(app)


async def test_the_new_game_form_takes_every_name_and_refuses_a_bad_one_in_words() -> None:
    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        form = await screen_of(pilot, NewGameScreen)
        assert isinstance(form, NewGameScreen)
        form.query_one("#seats").value = 4  # type: ignore[attr-defined]
        await pilot.pause()
        for seat in range(4):
            form.query_one(f"#who-{seat}").value = "person"  # type: ignore[attr-defined]
        await pilot.pause()
        fields = [form.query_one(f"#name-{seat}", Input) for seat in range(4)]
        for names in TABLES:
            for field, name in zip(fields, names, strict=True):
                field.value = name
            await pilot.pause()
            setup = form.setup()
            assert not isinstance(setup, str), (names, setup)
            assert tuple(p.name for p in setup.players) == names
            assert [field.value for field in fields] == list(names)
            check_screen(app)
        fields[1].value = "Eve\u202eevil"  # an RTL override: refused at the door, in words
        await pilot.press("ctrl+s")
        await pilot.pause()
        message = str(form.query_one("#form-message", Static).render())
        assert app.screen is form and message.startswith("Seat 2: ") and "U+202E" in message
        for field, name in zip(fields, TABLES[0], strict=True):
            field.value = name
        await pilot.press("ctrl+s")
        await screen_of(pilot, HandoverScreen)
        game = app.game_screen
        assert game is not None
        check_screen(app, (TABLES[0][game.session.state.turn],))  # the first to play, by the name typed


async def test_watching_another_windows_game(data_dir: Path) -> None:
    """The open-elsewhere question and the watch screen, over a game another window holds."""
    for names in TABLES[1:2]:
        other = SaveStore(data_dir)
        assert other.claim()
        other.save(LAST_STATE, GameSetup(rules=RULES, players=people(names), bot_delay=0))
        app = AllFivesApp(store=SaveStore(data_dir), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await screen_of(pilot, OpenElsewhereScreen)
            check_screen(app)
            await pilot.press("w")
            await screen_of(pilot, WatchScreen)
            check_screen(app, names)
        other.release()


async def test_statistics_list_and_review_games_of_hostile_players(data_dir: Path) -> None:
    history = HistoryStore(data_dir)
    game, _ = LAST_STATE.apply(LAST_MOVE)
    for n, names in enumerate([*TABLES[2:], TABLES[1]]):  # table 1 the newest: listed first
        history.save_game(f"game-{n}", game, [p.to_json() for p in people(names)])
    history.close()
    app = AllFivesApp(store=SaveStore(data_dir), bot_delay=0)
    app.review_samples = 1
    async with app.run_test(size=SIZE) as pilot:
        await screen_of(pilot, NewGameScreen)
        await pilot.press("ctrl+t")
        await screen_of(pilot, StatsScreen)
        check_screen(app)
        await pilot.press("enter")  # the newest game
        await screen_of(pilot, ReviewScreen)
        await pilot.press("end")
        await settle(pilot)
        check_screen(app, TABLES[1])


async def joined(address: str, code: str, name: str, running: list[asyncio.Task]) -> TableClient:
    """A player at the table by name, with no screen (its connection runs in `running`)."""
    client = TableClient(address, code, name)
    running.append(asyncio.get_running_loop().create_task(client.run()))
    await client.wait_until(lambda: client.seat is not None)
    return client


@pytest.mark.parametrize("names", TABLES[:2], ids=["table0", "table1"])
async def test_the_lobby_and_a_joined_table(names: tuple[str, ...]) -> None:
    """Three players sit down at a table on 127.0.0.1 with hostile names; the fourth, in the app, sees the
    lobby, then the table once the host starts (the host, the first, starts it)."""
    table = Table.new(RULES, level="easy", seed=SEED, bot_delay=0.0,
                      options=TableOptions(hand_pause=30.0, away_timeout=30.0))
    async with asyncio.timeout(60), serving(table) as server:
        running: list[asyncio.Task] = []
        clients = [await joined(server.address, table.code, name, running) for name in names[:3]]
        app = TableApp(TableClient(server.address, table.code, names[3]))
        async with app.run_test(size=SIZE) as pilot:
            def seated() -> bool:
                info = app.session.info
                return (isinstance(app.screen, LobbyScreen) and app.session.seat == 3 and info is not None
                        and all(s.status == "here" for s in info.seats)
                        and names[0] in str(app.screen.query_one("#seat-0", Static).render()))

            await until(pilot, seated, "all four sit")
            check_screen(app, names)
            await click_names(pilot, names)
            await clients[0].start()
            await until(pilot, lambda: isinstance(app.screen, RemoteGameScreen)
                        and app.screen.view is not None, "the table shows")
            await pilot.pause()
            check_screen(app, names[:3])  # the others, in the seats round the board
        for client in clients:
            client.stop()
        await asyncio.gather(*running)


def test_the_corpus_is_big_enough_and_dealt_out_whole() -> None:
    assert len(HOSTILE_NAMES) >= 30
    assert {name for names in TABLES for name in names} == set(HOSTILE_NAMES)
    assert all(len(set(names)) == 4 for names in TABLES)



async def test_a_damaged_save_is_told_as_it_is(data_dir: Path) -> None:
    """A save whose move is `[/]`: the notice and the new-game screen's message say so, whole."""
    store = SaveStore(data_dir)
    store.save(LAST_STATE, GameSetup(rules=RULES, players=people(TABLES[0]), bot_delay=0))
    saved = json.loads(store.path.read_text())
    saved["hands"][0]["moves"][0] = "[/]"
    store.path.write_text(json.dumps(saved))
    app = AllFivesApp(store=SaveStore(data_dir), bot_delay=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        form = await screen_of(pilot, NewGameScreen)
        problem = app.problem
        assert problem is not None and "[/]" in problem
        await until(pilot, lambda: bool(form.query(Toast)), "the notice shows")
        await pilot.pause()
        check_screen(app, (problem,))
