"""The window's own words (catalogue part `screens`) in other languages.

In the pseudo-language every word of the score panel, game over, hand-over, the confirm dialogs, the
launch questions and the table's footer came through the catalogue; in Dutch and Slovenian the score
panel and the footer fit 80x24; a change of language re-draws the footer's words with the bindings as
they were.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.screen import Screen
from textual.widgets import Button

from allfives import i18n
from allfives.engine import Rules, parse_tile
from allfives.engine.state import HandResult
from allfives.play.setup import GameSetup, default_players
from allfives.ui.screens.confirm import abandon_question, quit_question
from allfives.ui.screens.game_over import GameOverScreen
from allfives.ui.screens.handover import HandoverScreen
from allfives.ui.screens.score_panel import ScorePanel
from allfives.ui.textual_private import FooterKey
from allfives.ui.widgets.footer import KeyFooter
from tests.i18n_check import pseudo_language, unmarked

from .helpers import game
from .scenes import board_app, settle


@pytest.fixture(scope="module", autouse=True)
def catalogues() -> Iterator[None]:
    """The catalogues compiled from their parts (the build does it for an installed package)."""
    path = Path(__file__).resolve().parents[2] / "scripts" / "catalogues.py"
    spec = importlib.util.spec_from_file_location("catalogues", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.compile_all()
    yield
    i18n.use(i18n.ENGLISH)


def lines_of(screen: Screen, *, leave_out: tuple[str, ...] = ()) -> list[str]:
    """Each line every shown widget of `screen` draws (not the screens under it), but those of the
    widgets `leave_out` names (parts whose words are another catalogue part's)."""
    skipped = {w for selector in leave_out for w in screen.query(selector)}
    lines = []
    for widget in screen.query("*"):
        if skipped.intersection(widget.ancestors_with_self) or not widget.display or not widget.size.area:
            continue
        lines += [widget.render_line(y).text for y in range(widget.size.height)]
    return lines


def muggins_setup() -> GameSetup:
    """Four seats in partnerships, Muggins: the score panel's longest lines."""
    rules = Rules(seats=4, partnership=True, end_of_hand="muggins")
    return GameSetup(rules=rules, players=default_players(4, 1), bot_delay=0)


def muggins_result() -> HandResult:
    left = ((), (parse_tile("6-5"), parse_tile("4-4")), (parse_tile("1-0"),),
            (parse_tile("6-6"), parse_tile("3-2")))
    return HandResult(reason="domino", out_seat=0, remaining=left, remaining_pips=(0, 19, 1, 17),
                      rounded=(0, 20, 0, 15), deductions=(0, 0, 0, 0), awards=(35, 0),
                      scores_before=(40, 65), scores=(75, 65))


def blocked_result() -> HandResult:
    left = ((parse_tile("6-5"), parse_tile("2-1")), (parse_tile("5-5"),))
    return HandResult(reason="blocked", out_seat=None, remaining=left, remaining_pips=(14, 10),
                      rounded=(15, 10), deductions=(15, 10), awards=(0, 0), scores_before=(30, 45),
                      scores=(15, 35))


def footer_keys(screen: Screen) -> list[FooterKey]:
    return [key for key in screen.query_one(KeyFooter).query(FooterKey) if key.display]


async def test_the_table_s_footer_and_dialogs_say_only_catalogue_words() -> None:
    app = board_app()
    with pseudo_language():
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            table = game(app)
            names = [p.name for p in table.session.setup.players]
            # the board, seats, sheet, log, status line and hand are the table's part
            mine = lines_of(table, leave_out=("#top", "#middle", "Status", "Hand", "TooSmall"))
            assert "".join(mine).strip() and unmarked("\n".join(mine), data=names) == []
            assert len(footer_keys(table)) >= 5

            setup = muggins_setup()
            players = [p.name for p in setup.players]
            dialogs = [
                (ScorePanel(muggins_result(), setup, 3, game_over=False), ("#rules-line",), players),
                (ScorePanel(blocked_result(), table.session.setup, 2, game_over=True), ("#rules-line",),
                 names),
                (HandoverScreen(names[1], 1, undo_for=names[0]), (), names),
                (quit_question(app.come_back()), (), []),
                (abandon_question(), (), []),
                # its headline and scoresheet are the table's part, its chart's legend the help's
                (GameOverScreen("Over", table.view.sheet), ("#winner", "Scoresheet", "#over-chart"), names),
            ]
            for dialog, theirs, data in dialogs:
                await app.push_screen(dialog)
                await settle(pilot)
                shown = lines_of(dialog, leave_out=(*theirs, "TooSmall"))
                assert unmarked("\n".join(shown), data=data) == [], type(dialog).__name__
                app.pop_screen()
                await settle(pilot)


async def test_the_launch_questions_say_only_catalogue_words(tmp_path) -> None:
    from allfives.play.saving import SavedGame
    from allfives.ui.screens.open_elsewhere import OpenElsewhereScreen
    from allfives.ui.screens.resume import ResumeScreen

    app = board_app()
    with pseudo_language():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            table = game(app)
            saved = SavedGame(table.session.state, table.session.setup)
            for dialog, data in ((ResumeScreen(saved), [table.session.setup.side_name(s) for s in (0, 1)]),
                                 (OpenElsewhereScreen(tmp_path / "save.json"), [str(tmp_path / "save.json")]),
                                 (OpenElsewhereScreen(None), [])):
                await app.push_screen(dialog)
                await settle(pilot)
                text = "\n".join(lines_of(dialog, leave_out=("TooSmall",)))
                assert unmarked(text, data=[*data, str(tmp_path), "json"]) == [], type(dialog).__name__
                app.pop_screen()
                await settle(pilot)


def assert_all_shown(box, screen: Screen) -> None:
    """Nothing of `box` is cut: it is inside the screen, every widget in it is inside it, no line ends in
    an ellipsis, and every button's label fits the button."""
    assert screen.region.contains_region(box.region), box.region
    for widget in box.query("*"):
        if widget.display and widget.size.area:
            assert box.region.contains_region(widget.region), (widget, widget.region, box.region)
            drawn = [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]
            assert not any(line.endswith("…") for line in drawn), drawn
    for button in box.query(Button):
        assert cell_len(str(button.label)) <= button.content_region.width, str(button.label)


@pytest.mark.parametrize("language", ["nl", "sl"])
async def test_score_panel_and_footer_fit_80x24(language) -> None:
    app = board_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert i18n.use(language) == language
        table = game(app)
        table.query_one(KeyFooter).redraw()
        await settle(pilot)
        keys = footer_keys(table)
        assert _draws_in(keys, language)
        palette = next(k for k in keys if k.has_class("-command-palette"))
        for key in keys:
            assert cell_len(key.description) + cell_len(key.key_display) < key.region.width, key.description
            if key is not palette:
                assert key.region.right <= palette.region.x, (key.description, key.region, palette.region)

        setup = muggins_setup()
        panel = ScorePanel(muggins_result(), setup, 3, game_over=False)
        await app.push_screen(panel)
        await settle(pilot)
        assert_all_shown(panel.query_one("#score-box"), panel)
        texts = "\n".join(lines_of(panel))
        assert {"nl": "afgerond op vijf", "sl": "zaokroženo na pet"}[language] in " ".join(texts.split())
        deal = {"nl": "Volgende hand (Enter)", "sl": "Razdeli naslednjo roko (Enter)"}[language]
        assert deal in texts
        assert {"nl": "ging uit", "sl": "več ploščic"}[language] in texts


def _draws_in(keys: list[FooterKey], language: str) -> bool:
    words = {key.description for key in keys}
    return {"nl": {"Leg", "Trek", "Stop"}, "sl": {"Igraj", "Vleci", "Izhod"}}[language] <= words


async def test_slovenian_counts_pips_in_its_four_forms() -> None:
    """1 piko, 2 piki, 3 pike, 5 pik: the Muggins line takes the form of the count."""
    from rich.style import Style

    from allfives.ui.screens.score_panel import muggins_line

    setup = muggins_setup()
    i18n.use("sl")
    try:
        said = []
        for others in (1, 2, 3, 5, 101):
            left = ((), (), (), ())
            result = HandResult(reason="domino", out_seat=0, remaining=left, remaining_pips=(0, others, 0, 0),
                                rounded=(0, 0, 0, 0), deductions=(0,) * 4, awards=(5, 0),
                                scores_before=(0, 0), scores=(5, 0))
            line = muggins_line(result, setup, {part: Style() for part in ("remark", "award")})
            said.append(line.plain)
    finally:
        i18n.use(i18n.ENGLISH)
    counts = [s.split(" ima ")[1].split(",")[0] for s in said]
    assert counts == ["1 piko", "2 piki", "3 pike", "5 pik", "101 piko"]


async def test_a_language_switch_redraws_the_footer_with_the_same_bindings() -> None:
    app = board_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = game(app)
        before = {key: active.binding for key, active in table.active_bindings.items()}
        assert {"Play", "Draw", "Quit"} <= {key.description for key in footer_keys(table)}
        i18n.use("nl")
        try:
            table.query_one(KeyFooter).redraw()
            await settle(pilot)
            shown = {key.description for key in footer_keys(table)}
            assert {"Leg", "Trek", "Stop", "palet"} <= shown and "Draw" not in shown
            after = {key: active.binding for key, active in table.active_bindings.items()}
            # (the same bindings: only an end letter that names no end in Dutch, such as e, stands aside)
            changed = before.keys() ^ after.keys()
            assert changed <= set("wenslozvjWENSLOZVJ"), changed
            assert all(after[k] is before[k] for k in before.keys() & after.keys())
            assert after["d"].description == "Draw"  # the binding keeps the English msgid
        finally:
            i18n.use(i18n.ENGLISH)
