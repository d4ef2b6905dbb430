"""A table that remembers you: the new-game screen starts from the last game, the theme and the bots'
pace survive a restart, and a damaged preferences file is set aside with a notice, never a crash."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select

from allfives.play.prefs import LastGame, Prefs, PrefsStore
from allfives.ui.app import AllFivesApp
from allfives.ui.screens.new_game import NewGameScreen
from allfives.ui.themes import LIGHT_NAME
from allfives.ui.widgets.tick import Tick
from tests.ui.scenes import settle, until


def form(screen: NewGameScreen) -> dict[str, object]:
    """What the form shows, seat by seat and choice by choice."""
    seats = screen.seats
    return {
        "seats": screen.query_one("#seats", Select).value,
        "who": [screen.query_one(f"#who-{s}", Select).value for s in range(seats)],
        "names": [screen.query_one(f"#name-{s}", Input).value for s in range(seats)],
        "named": [screen.query_one(f"#name-{s}", Input).display for s in range(seats)],
        "partnership": screen.query_one("#partnership", Tick).value,
        "variant": screen.query_one("#variant", Select).value,
        "target": screen.query_one("#target", Input).value,
        "muggins": screen.query_one("#muggins", Tick).value,
        "finish": screen.query_one("#finish", Tick).value,
    }


async def test_the_new_game_screen_starts_from_the_last_game(config_dir: Path) -> None:
    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, NewGameScreen)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#seats", Select).value = 4
        await pilot.pause()
        screen.query_one("#who-1", Select).value = "person"
        screen.query_one("#who-2", Select).value = "expert"
        await pilot.pause()
        screen.query_one("#name-0", Input).value = "Alexandra"
        screen.query_one("#name-1", Input).value = "Bea"
        screen.query_one("#partnership", Tick).value = False
        screen.query_one("#target", Input).value = "300"
        screen.query_one("#muggins", Tick).value = True
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.game_screen is not None  # (the first person is asked to take the seat)
        app.action_new_game()  # over the game (ctrl+n): the same setup again
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert form(app.screen)["names"] == ["Alexandra", "Bea", "", ""]
    chosen = {"seats": 4, "who": ["person", "person", "expert", "medium"],
              "names": ["Alexandra", "Bea", "", ""], "named": [True, True, False, False],
              "partnership": False, "variant": "standard", "target": "300", "muggins": True, "finish": False}
    again = AllFivesApp(ask_resume=False)  # a new launch
    async with again.run_test(size=(80, 24)) as pilot:
        await until(pilot, NewGameScreen)
        assert isinstance(again.screen, NewGameScreen) and form(again.screen) == chosen
        assert again.bot_delay == 0  # the pace of last time, given no --bot-delay
    assert PrefsStore(config_dir).load().prefs.name == "Alexandra"


async def test_a_game_from_flags_is_remembered_without_the_stand_in_names() -> None:
    from allfives.ui.launch import parser, setup_from

    app = AllFivesApp(setup_from(parser().parse_args(["--seats", "3", "--level", "hard", "--humans", "2"])),
                      bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.game_screen is not None
    assert app.prefs.last_game == LastGame(seats=3, who=("person", "person", "hard"), names=("", "", ""))
    assert app.prefs.name is None  # Kim and Lou were only stand-ins


async def test_a_theme_change_survives_a_restart(config_dir: Path) -> None:
    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.theme = LIGHT_NAME  # as the command palette's "Theme" does
        await pilot.pause()
    assert PrefsStore(config_dir).load().prefs.theme == LIGHT_NAME
    again = AllFivesApp(bot_delay=0)
    assert again.theme == LIGHT_NAME  # worn before the first frame, not switched after it
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not again.current_theme.dark and again.screen.styles.background.brightness > 0.5


async def test_an_unknown_theme_is_left_for_the_default(config_dir: Path) -> None:
    PrefsStore(config_dir).update(theme="gone-theme")
    assert AllFivesApp().theme == "allfives"


async def test_a_damaged_file_is_set_aside_and_the_game_starts(config_dir: Path) -> None:
    config_dir.mkdir()
    (config_dir / "prefs.toml").write_text('theme = "allfives-light\n[[[', encoding="utf-8")
    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, NewGameScreen)
        notices = [n.message for n in app._notifications]
        assert any("preferences could not be read" in m and "moved to" in m for m in notices), notices
        assert app.theme == "allfives"
    # the damaged file kept aside, and a fresh one holding what was chosen since (the pace: --bot-delay 0)
    assert sorted(p.name.split("-")[0] for p in config_dir.iterdir()) == ["prefs.damaged", "prefs.toml"]
    assert PrefsStore(config_dir).load().prefs == Prefs(bot_delay=0.0)


def test_a_bot_delay_given_is_kept_and_used_when_none_is() -> None:
    AllFivesApp(bot_delay=0.3)
    assert AllFivesApp().bot_delay == 0.3
    assert AllFivesApp(bot_delay=1.0).bot_delay == 1.0
    assert AllFivesApp().prefs == Prefs(bot_delay=1.0)


def test_the_hand_order_is_kept_for_the_hand_to_read_at_the_next_launch(config_dir: Path) -> None:
    """The hook the hand's sorting uses: `app.prefs.hand_order` to start from, `app.remember(...)` to keep."""
    AllFivesApp().remember(hand_order="suit")
    assert AllFivesApp().prefs.hand_order == "suit"
    (config_dir / "prefs.toml").write_text('hand_order = "Suit; rm"\n', encoding="utf-8")
    assert AllFivesApp().prefs.hand_order is None  # (not an order's name: left for the default)
