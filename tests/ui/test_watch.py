"""A second window may watch the game another window plays: the table follows that window's save, shows
that window's person's hand (or none), takes no move and writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from allfives.engine import Rules
from allfives.play.saving import SaveStore
from allfives.play.session import Session
from allfives.play.setup import GameSetup, default_players
from allfives.play.watched import WatchedGame
from allfives.ui.app import AllFivesApp
from allfives.ui.screens.open_elsewhere import OpenElsewhereScreen
from allfives.ui.screens.watch import WatchScreen

from .helpers import play_on, settle


def other_window(data_dir: Path, people: int = 1, target: int = 250) -> tuple[SaveStore, Session]:
    """The first window, holding its game's lock, saving every move as it is made."""
    store = SaveStore(data_dir)
    assert store.claim()
    setup = GameSetup(rules=Rules(seats=2, target=target), players=default_players(2, people, "easy"), seed=4,
                      bot_delay=0)
    return store, Session.new(setup, store)


def files(data_dir: Path) -> dict[str, tuple[int, bytes]]:
    return {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in sorted(data_dir.iterdir())}


async def open_watch(pilot) -> WatchScreen:
    await settle(pilot)
    assert isinstance(pilot.app.screen, OpenElsewhereScreen)
    await pilot.press("w")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, WatchScreen)
    return screen


async def test_watching_follows_the_other_windows_game_and_writes_nothing(data_dir: Path) -> None:
    store, session = other_window(data_dir)
    play_on(session, 3)
    app = AllFivesApp(store=SaveStore(data_dir))
    async with app.run_test(size=(100, 30)) as pilot:
        watch = await open_watch(pilot)
        assert watch.position[:2] == (1, len(session.hands[-1]))
        assert watch.view.hand.tiles == session.state.hands[0]  # the other window's person's own hand
        assert "Watching" in watch.status
        before = files(data_dir)

        for key in ("enter", "d", "h", "u", "t", "left", "w", "space"):  # nothing here plays, hints or undoes
            await pilot.press(key)
        await pilot.click("#hand", offset=(4, 2))
        await pilot.click("#boneyard", offset=(2, 1))
        await settle(pilot)
        assert watch.position[:2] == (1, len(session.hands[-1]))
        assert files(data_dir) == before

        play_on(session, 4)  # the other window plays on: the table follows once it looks again
        watch.look_again()
        await pilot.pause()
        assert watch.position[:2] == (len(session.hands), len(session.hands[-1]))
        assert watch.view.board.layout == session.state.layout
        assert watch.view.sheet.scores == session.state.scores
        assert not watch.look_again()  # nothing new: the file is not read again
        before = files(data_dir)
    assert files(data_dir) == before  # quitting wrote nothing either
    store.release()


async def test_a_finished_game_shows_as_over_and_hands_of_several_people_stay_down(data_dir: Path) -> None:
    store, session = other_window(data_dir, people=2, target=10)
    play_on(session, 1)
    app = AllFivesApp(store=SaveStore(data_dir))
    async with app.run_test(size=(100, 30)) as pilot:
        watch = await open_watch(pilot)
        assert watch.view.hand.hidden  # two people at the other window: no hand is shown here
        play_on(session, 2000)
        assert session.state.phase == "game_over" and not (data_dir / "save.json").exists()
        assert watch.look_again()
        await pilot.pause()
        assert watch.watched.ended == "The game is over."
        assert watch.view.scores == session.state.scores
        assert "over" in watch.status and not watch.look_again()
    store.release()


async def test_a_new_game_from_the_watch_takes_a_slot_of_its_own(data_dir: Path) -> None:
    store, session = other_window(data_dir)
    text = store.path.read_text()
    app = AllFivesApp(store=SaveStore(data_dir))
    async with app.run_test(size=(100, 30)) as pilot:
        await open_watch(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        await pilot.press("ctrl+s")  # start the new game
        await settle(pilot)
        assert app.store.path.name == "save-2.json" and app.store.held
        assert not isinstance(app.screen, WatchScreen)
    assert store.path.read_text() == text  # the watched game was never set aside nor written
    store.release()


def test_a_save_that_cannot_be_read_cannot_be_watched(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "save.json").write_text('{"format": "allfives-rec')
    with pytest.raises(ValueError):
        WatchedGame(data_dir / "save.json")
