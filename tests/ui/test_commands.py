"""Each command is written once (allfives/ui/commands.py) and does what its key says: the footer and the
palette offer exactly the commands that apply, each running the same action as its key; the hand-over
answers the footer's keys; the too-small screen quits without a question it could not show; a guest's
quit question names the command that brings them back."""

from __future__ import annotations

from functools import partial

import pytest
from textual.app import SystemCommand
from textual.binding import Binding
from textual.pilot import Pilot

from allfives.engine import Rules
from allfives.net.cli import join_command
from allfives.net.client import TableClient
from allfives.play.setup import GameSetup, default_players
from allfives.ui import commands
from allfives.ui.app import AllFivesApp
from allfives.ui.screens.confirm import ConfirmScreen
from allfives.ui.screens.game import GameScreen
from allfives.ui.screens.game_over import GameOverScreen
from allfives.ui.screens.handover import HandoverScreen
from allfives.ui.screens.help import HelpScreen
from allfives.ui.screens.new_game import NewGameScreen
from allfives.ui.screens.score_panel import ScorePanel
from allfives.ui.shared_table.app import TableApp
from allfives.ui.textual_private import FooterKey

from .helpers import game, settle, until
from .scenes import board_app, seeded_app

ALL = tuple(commands.BY_ID.values())


def ours(app: AllFivesApp) -> dict[str, SystemCommand]:
    """The palette's entries over the screen on top that come from the table of commands, by title."""
    titles = {c.title for c in ALL}
    return {entry.title: entry for entry in app.get_system_commands(app.screen)
            if entry.title in titles and isinstance(entry.callback, partial)}  # (not Textual's own)


def footer_keys(screen: GameScreen) -> dict[str, FooterKey]:
    """The footer's keys as drawn, by their words (the palette's key aside)."""
    return {key.description: key for key in screen.query(FooterKey) if not key.has_class("-command-palette")}


def test_every_command_has_its_own_id_and_words_and_binds_with_them() -> None:
    assert len({c.id for c in ALL}) == len(ALL)
    offered = [c.title for c in ALL if c.palette]
    assert len(set(offered)) == len(offered)  # one word, one palette entry
    for command in ALL:
        binding = command.binding()
        assert (binding.id, binding.tooltip, binding.description) == (command.id, command.help, command.title)
        assert command.help and command.title
    hidden = commands.bindings(commands.DRAW, commands.HINT, hidden=[commands.HINT])
    assert [b.show for b in hidden] == [True, False]


def test_a_shared_tables_keys_are_commands_written_here_too() -> None:
    from allfives.ui.shared_table.lobby import LobbyScreen
    from allfives.ui.shared_table.screen import RemoteGameScreen

    for screen, own in ((LobbyScreen, commands.LOBBY), (RemoteGameScreen, commands.AT_THE_TABLE)):
        bound = [b for b in screen.BINDINGS if isinstance(b, Binding)]
        assert [b.id for b in bound] == [c.id for c in own]
        for binding, command in zip(bound, own, strict=True):
            assert (binding.key, binding.action) == (command.keys, command.action)
            assert binding.tooltip == command.help
    keys = {c.keys: c.id for c in commands.AT_THE_TABLE}
    assert keys == {"b": "cover", "k": "kick", "x": "to-a-bot", "y": "say-your-turn", "g": "say-good-game"}


def test_a_command_applies_when_its_place_says() -> None:
    class Place:
        def __init__(self, now: set[str]) -> None:
            self.now = now

        def applies(self, when: str) -> bool:
            return when in self.now

    assert commands.checked(Place({"playing"}), "draw") and not commands.checked(Place(set()), "draw")
    assert commands.checked(Place(set()), "help")  # no moment: always
    assert commands.checked(Place(set()), "something_else")


async def test_every_footer_key_and_palette_entry_runs_its_commands_action() -> None:
    app = board_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = game(app)
        shown = footer_keys(table)
        assert list(shown) == ["Play", "Draw", "Hint", "Undo", "Help", "New game", "Quit"]  # none put aside
        by_action = {c.action: c for c in ALL}
        for words, key in shown.items():
            command = by_action[key.action]
            assert (command.title, key.tooltip) == (words, command.help)
        entries = ours(app)
        assert set(entries) == {"Play", "Draw", "Hint", "Undo", "Sort hand", "What is out", "Review", "Help",
                            "New game", "Statistics"}
        for title, entry in entries.items():
            command = next(c for c in ALL if c.title == title)
            assert entry.help == command.help
            assert entry.callback.args[0] == command.action  # type: ignore[attr-defined]
        textuals = [e for e in app.get_system_commands(table) if e.title == "Quit"]
        assert [e.callback for e in textuals] == [app.action_quit]  # Textual's own Quit is `q` too
        titles = {e.title for e in app.get_system_commands(table)}  # Textual's own for a developer: none
        assert "Theme" in titles and not titles & {"Keys", "Maximize", "Minimize", "Screenshot"}
        # and run: the palette's Help is `?`, its Hint is `h`
        await entries["Help"].callback()
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        app.screen.dismiss()
        await settle(pilot)
        await entries["Hint"].callback()
        await settle(pilot)
        assert table.turn.hint in table.session.state.legal_moves()


async def test_after_game_over_only_what_applies_is_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    app = seeded_app(2, 5, 10, last_move=True)  # the bots play to 10 in the first hand
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, GameOverScreen)
        await pilot.press("t")  # the final board, the game-over screen put aside
        await settle(pilot)
        table = game(app)
        assert app.screen is table
        assert set(footer_keys(table)) == {"Score panel", "Help", "New game", "Quit"}
        assert not {"Play", "Draw", "Hint", "Undo"} & set(ours(app))
        assert not table.query_one("#undo").display
        status = table.status
        for key in ("u", "d", "h", "enter"):  # keys that do not apply rest
            await pilot.press(key)
        await settle(pilot)
        assert table.status == status and app.screen is table


async def test_a_finished_hands_board_offers_no_play() -> None:
    app = seeded_app(3, 12, 900, last_move=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, ScorePanel)
        await pilot.press("t")  # the hand's final board, the score panel put aside
        await settle(pilot)
        table = game(app)
        assert table.session.waiting == "hand_over"
        assert "Score panel" in footer_keys(table) and "Score panel" in ours(app)
        assert not {"Play", "Draw", "Hint"} & (set(footer_keys(table)) | set(ours(app)))


async def people_at_one_terminal(pilot: Pilot) -> HandoverScreen:
    await until(pilot, HandoverScreen)
    assert isinstance(pilot.app.screen, HandoverScreen)
    return pilot.app.screen


def two_people() -> AllFivesApp:
    setup = GameSetup(rules=Rules(seats=2), players=default_players(2, people=2), seed=3, bot_delay=0)
    return AllFivesApp(setup, ask_resume=False)


async def test_the_hand_over_answers_the_keys_the_footer_offers() -> None:
    app = two_people()
    async with app.run_test(size=(80, 24)) as pilot:
        handover = await people_at_one_terminal(pilot)
        assert {"Help", "New game", "Quit"} <= set(footer_keys(game(app)))
        assert not {"Play", "Draw", "Hint"} & set(footer_keys(game(app)))  # the hand is hidden
        for key, opens in (("question_mark", HelpScreen), ("q", ConfirmScreen), ("ctrl+n", NewGameScreen)):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, opens), key
            app.screen.dismiss(None)
            await settle(pilot)
            assert app.screen is handover


async def test_quitting_behind_the_too_small_notice_needs_no_question(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = board_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        assert app.too_small and game(app).in_progress
        exits: list[object] = []
        monkeypatch.setattr(app, "exit", lambda *args, **kwargs: exits.append(args))
        await pilot.press("q")
        await settle(pilot)
        assert exits and not isinstance(app.screen, ConfirmScreen)


def test_a_guests_quit_question_names_the_join_command_that_brings_them_back() -> None:
    pin = "a" * 26
    client = TableClient("192.0.2.7:7625", "K7QM3XRT9BHD", "Ann", pin=pin)
    guest = TableApp(client)
    assert guest.come_back() == f"`allfives join 192.0.2.7 K7QM-3XRT-9BHD {pin}` brings you back to your seat"
    assert join_command("192.0.2.7", 7625, "K7QM3XRT9BHD", pin) in guest.come_back()  # the host's words too
    host = TableApp(TableClient("127.0.0.1:7625", "K7QM3XRT9BHD", "Host"), share="allfives join …")
    assert "allfives host" in host.come_back()
    assert not guest.applies("new-game")  # the host opens new games: neither footer nor palette offers one
