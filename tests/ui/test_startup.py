"""The first screen imports only what it shows (speed itself is measured in benchmarks/ui.py, not here)."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from argparse import Namespace

import pytest

from allfives.engine import Rules
from allfives.play.setup import rules_from

# Never on the way to a first screen: the bots and their search, the history (its rating, openskill) and
# its charts, the table server, the web server, help (Markdown), the review of a game, Babel's numbers
# and dates (its locale data: about 20 ms; the catalogues are gettext's).
# (the bots package itself only names the levels the new-game screen offers: its players are what costs)
NEVER_AT_START = ("allfives.bots.players", "allfives.bots.search", "allfives.history", "openskill",
                  "textual_plotext", "allfives.net", "allfives.serve", "allfives.reports",
                  "allfives.ui.screens.help", "textual.widgets._markdown", "babel", "numba",
                  "allfives.bots.fast")

# Imported by a fresh interpreter: which of the watched modules are loaded once the code has run.
PROBE = """
import json, sys
{code}
modules = globals().get("at_first_screen", sys.modules)
print(json.dumps(sorted(m for m in {watched!r} if m in modules)))
"""

# The app shows the table of a seeded game (a bot leads); what was loaded when play begins, once the
# table is drawn, and whether any Pydantic validator was built (the first one loads its plugin machinery).
TABLE = """
import asyncio, sys
from allfives.ui.launch import parser, setup_from
from allfives.ui.app import AllFivesApp
from allfives.ui.screens.game import GameScreen

at_first_screen = set()
advance = GameScreen.advance

def begin(screen, *args, **kwargs):
    if not at_first_screen:
        at_first_screen.update(sys.modules)
    return advance(screen, *args, **kwargs)

GameScreen.advance = begin

async def main():
    args = parser().parse_args(["--new", "--seats", "2", "--seed", "7"])
    app = AllFivesApp(setup_from(args), bot_delay=args.bot_delay, ask_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        while not at_first_screen:
            await pilot.pause()

asyncio.run(main())
"""


# `allfives --new` over a saved game: it is set aside, and the new-game screen shows; what is loaded then.
NEW_OVER_A_SAVE = """
import asyncio, sys
from allfives.ui.app import AllFivesApp
from allfives.ui.screens.new_game import NewGameScreen

at_first_screen = set()

async def main():
    app = AllFivesApp(None, ask_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        at_first_screen.update(sys.modules)

asyncio.run(main())
"""


# `allfives --seats 2 --new` as the command runs it (the language from the preferences, the flags read by
# the command's parser), unseeded, over the preferences of a player who last played something else: what
# was loaded when play begins, once the table is drawn, and whether the preferences were written by then.
UNSEEDED_TABLE = """
import asyncio, os, sys
from allfives.cli import choose_language
from allfives.ui.launch import parser, setup_from
from allfives.ui.app import AllFivesApp
from allfives.ui.screens.game import GameScreen
from allfives.userdata import config_dir

at_first_screen = set()
advance = GameScreen.advance
prefs = config_dir() / "prefs.toml"
kept = prefs.read_text(encoding="utf-8")

def begin(screen, *args, **kwargs):
    if not at_first_screen:
        at_first_screen.update(sys.modules)
        print("prefs written by the first frame:", prefs.read_text(encoding="utf-8") != kept)
    return advance(screen, *args, **kwargs)

GameScreen.advance = begin

async def main():
    args = parser().parse_args(choose_language(["--seats", "2", "--new"]))
    app = AllFivesApp(setup_from(args), bot_delay=args.bot_delay, ask_resume=not args.new)
    async with app.run_test(size=(120, 40)) as pilot:
        while not at_first_screen or prefs.read_text(encoding="utf-8") == kept:
            await pilot.pause()
    print("prefs written since:", prefs.read_text(encoding="utf-8") != kept)

asyncio.run(main())
"""


def loaded(code: str, watched: tuple[str, ...]) -> list[str]:
    run = subprocess.run([sys.executable, "-c", PROBE.format(code=code, watched=watched)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.splitlines()[-1])


def test_the_new_game_screen_needs_no_pydantic_engine_nor_table() -> None:
    code = "import allfives.cli, allfives.ui.launch, allfives.ui.app, allfives.ui.screens.new_game"
    watched = NEVER_AT_START + ("pydantic", "allfives.engine.models", "allfives.engine.record",
                                "allfives.ui.screens.game", "allfives.play.session",
                                "allfives.ui.model.geometry")
    assert loaded(code, watched) == []


# The table's dialogs wait until they show: the score panel, the game over, the hand-over between people.
DIALOGS = ("allfives.ui.screens.score_panel", "allfives.ui.screens.game_over", "allfives.ui.screens.handover")


def test_the_table_shows_without_bots_records_or_a_validator(data_dir) -> None:
    watched = NEVER_AT_START + DIALOGS + ("allfives.record_file", "pydantic.plugin._loader")
    assert loaded(TABLE, watched) == []


def test_an_unseeded_table_in_the_players_language_waits_for_no_babel_history_nor_prefs_write(
        data_dir, config_dir) -> None:
    """The issue's case: fair deals' secrets, the saved language's catalogue, the preferences read; the
    new game's setup is written to them once the table is drawn, not before."""
    from allfives.play.prefs import LastGame, PrefsStore

    PrefsStore(config_dir).update(language="nl", last_game=LastGame(seats=4, who=("person", *["hard"] * 3),
                                                                    names=("", "", "", "")))
    probe = PROBE.format(code=UNSEEDED_TABLE, watched=NEVER_AT_START + DIALOGS)
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    *said, modules = run.stdout.splitlines()
    assert json.loads(modules) == []
    assert said == ["prefs written by the first frame: False", "prefs written since: True"]
    assert PrefsStore(config_dir).load().prefs.last_game == LastGame(seats=2)  # (what was written)


def test_the_command_line_is_read_without_babel() -> None:
    """The flags' help gives the bots' default pace in the language's way (Babel) only when it is shown."""
    code = ("from allfives.cli import choose_language\nfrom allfives.ui.launch import parser\n"
            "parser().parse_args(choose_language(['--lang', 'nl', '--new']))")
    assert loaded(code, ("babel",)) == []


@pytest.mark.parametrize(("lang", "said"), [("en", "default 0.8)"), ("nl", "standaard 0,8)")])
def test_the_help_gives_the_default_pace_in_the_languages_way(
        lang: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    from allfives.cli import main

    with pytest.raises(SystemExit):
        main(["--lang", lang, "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert said in help_text and "%(" not in help_text


def test_starting_anew_over_a_saved_game_reads_neither_it_nor_the_history(data_dir) -> None:
    """The game set aside is marked abandoned once the history opens (tests/ui/test_history.py)."""
    from allfives.play.saving import SaveStore
    from allfives.play.session import Session
    from allfives.play.setup import GameSetup, default_players

    store = SaveStore(data_dir)
    setup = GameSetup(rules=Rules(seats=2), players=default_players(2, 1, "easy"), seed=3)
    session = Session.new(setup, store)
    session.apply(session.state.legal_moves()[0])
    assert store.path.exists()
    watched = NEVER_AT_START + ("allfives.record_file", "allfives.engine.record", "pydantic")
    assert loaded(NEW_OVER_A_SAVE, watched) == []
    assert not store.path.exists()  # set aside all the same


def test_the_record_reader_waits_for_a_record() -> None:
    assert loaded("import allfives.engine, allfives.play.saving",
                  ("allfives.engine.record", "allfives.record_file", "pydantic")) == []


@pytest.mark.skipif(sys.platform == "win32", reason="Windows holds the save slot with filelock")
def test_a_window_holds_its_save_slot_with_the_standard_library(data_dir) -> None:
    """Importing `filelock` costs a first screen about 10 ms of CPU: flock does the same."""
    code = "from allfives.play.saving import SaveStore; assert SaveStore().claim()"
    assert loaded(code, ("filelock",)) == []


FLAGS = {"seats": (None, 2, 3, 4), "variant": (None, "standard", "five_each", "seven_five"),
         "cut_throat": (False, True), "muggins": (False, True), "finish_hand": (False, True),
         "target": (None, 1, 300)}


@pytest.mark.parametrize("seats", FLAGS["seats"])
def test_rules_from_flags_are_what_validation_makes(seats: int | None) -> None:
    """rules_from builds the rules without a validator: validating them again changes nothing."""
    names = [n for n in FLAGS if n != "seats"]
    for values in itertools.product(*(FLAGS[n] for n in names)):
        args = Namespace(seats=seats, bot_delay=None, seed=None, **dict(zip(names, values, strict=True)))
        rules = rules_from(args)
        assert Rules.model_validate(dict(rules)) == rules
        assert set(dict(rules)) == set(Rules.model_fields)


def styles_of(screen: object) -> list[tuple[object, dict, dict]]:
    """Every widget's styles from the stylesheet, its own and its component classes' (what a restyle sets)."""
    return [(node, dict(node.styles.base._rules),
             {name: dict(styles.base._rules) for name, styles in node._component_styles.items()})
            for node in screen.walk_children(with_self=True)]  # type: ignore[attr-defined]


@pytest.mark.parametrize("flags", [["--new"], ["--new", "--seats", "4", "--seed", "7"]])
async def test_a_first_screen_styled_once_is_styled_as_a_second_pass_would(flags: list[str]) -> None:
    """StyledOnce skips the restyle Textual does as a screen first shows: doing it changes nothing."""
    from allfives.ui.app import AllFivesApp
    from allfives.ui.launch import parser, setup_from
    from allfives.ui.textual_private import StyledOnce

    args = parser().parse_args(flags)
    app = AllFivesApp(setup_from(args), bot_delay=0, ask_resume=False)
    async with app.run_test(size=(120, 36)) as pilot:  # wide: the seats sit around the board
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StyledOnce)
        styled = styles_of(screen)
        app.stylesheet.update(screen)
        assert styles_of(screen) == styled


async def test_the_footer_has_its_keys_in_the_first_frame() -> None:
    """Textual's Footer makes its keys only after the screen's first frame (and draws it all again)."""
    from textual.widgets._footer import FooterKey

    from allfives.ui.app import AllFivesApp
    from allfives.ui.screens.new_game import NewGameScreen

    keys_at_mount: list[list[str]] = []

    class Watched(NewGameScreen):
        def on_mount(self) -> None:
            keys_at_mount.append([key.description for key in self.query(FooterKey)])

    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(Watched())
        await pilot.pause()
        made = list(app.screen.query(FooterKey))
        assert keys_at_mount == [[key.description for key in made]] and "Start" in keys_at_mount[0]
        await pilot.press("tab")  # the focus moves: the same keys, so the same footer
        await pilot.pause()
        assert list(app.screen.query(FooterKey)) == made


async def test_a_wide_table_is_styled_once_as_its_widgets_mount(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seats around the board (`-wide`, `-has-left`, `-has-right`) are known before the table's
    widgets mount: set once they are there, each would style every widget of the table again."""
    from allfives.ui.app import AllFivesApp
    from allfives.ui.launch import parser, setup_from
    from allfives.ui.screens.game import GameScreen

    args = parser().parse_args(["--new", "--seats", "4", "--cut-throat", "--seed", "7"])
    app = AllFivesApp(setup_from(args), bot_delay=0, ask_resume=False)
    restyled: list[int] = []  # how many nodes each restyle of the table took in, until play begins
    began: list[bool] = []
    update_styles, advance = app.update_styles, GameScreen.advance

    def watched(node, animate: bool = True) -> None:  # type: ignore[no-untyped-def]
        if isinstance(node, GameScreen) and not began:
            restyled.append(len(list(node.walk_children(with_self=True))))
        update_styles(node, animate=animate)

    def begin(screen: GameScreen, *args: object, **kwargs: object) -> None:
        began.append(True)
        advance(screen, *args, **kwargs)

    monkeypatch.setattr(GameScreen, "advance", begin)
    app.update_styles = watched  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        while not began:
            await pilot.pause()
        assert app.screen.has_class("-wide", "-has-left", "-has-right")
        assert restyled and max(restyled) == 1  # (the screen alone, before its widgets)
