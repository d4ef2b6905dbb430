"""Help at 80x24: the rules get the screen, are read page by page (Space/PgDn, PgUp, Home, End), and say
what RULES.md says in every language."""

from __future__ import annotations

import re
from contextlib import nullcontext
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.app import App
from textual.containers import VerticalScroll
from textual.widgets import Button, Static

from allfives.engine import Rules
from allfives.engine.core import HAND_SIZES, TARGETS, round_to_five, variant_hand_size
from allfives.i18n import _, end_letter
from allfives.ui.screens.help import HelpScreen, help_text, page_of
from allfives.ui.themes import STYLESHEET, use_themes
from tests.i18n_check import pseudo_language, unmarked

from .helpers import settle
from .languages import speaking
from .scenes import board_app


def test_the_page_the_reader_is_on() -> None:
    assert page_of(0, 20, 90) == (1, 5)
    assert page_of(19, 20, 90) == (2, 5)
    assert page_of(70, 20, 90) == (5, 5)  # scrolled to the end: the last page, short as it is
    assert page_of(0, 30, 20) == (1, 1)


async def test_help_shows_the_rules_a_page_at_a_time() -> None:
    app = board_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        text = screen.query_one("#help-text", VerticalScroll)
        shown = text.scrollable_content_region.height
        assert shown >= 20  # it showed about 9 lines
        assert text.scrollable_content_region.right >= 80 - 3  # the scroll bar at the box's edge
        assert "page 1 of" in str(screen.query_one("#help-page").render())
        await pilot.press("space")
        await settle(pilot)
        assert text.scroll_y == shown - 1  # a page on, its last line kept at the top
        await pilot.press("pagedown")
        await settle(pilot)
        assert text.scroll_y == 2 * (shown - 1)
        await pilot.press("pageup")
        await settle(pilot)
        assert text.scroll_y == shown - 1
        await pilot.press("end")
        await settle(pilot)
        assert text.scroll_y == text.max_scroll_y > 0
        page = str(screen.query_one("#help-page").render())
        pages = page.split(" of ")[1].split()[0]
        assert f"page {pages} of {pages}" in page
        await pilot.press("home")
        await settle(pilot)
        assert text.scroll_y == 0
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, HelpScreen)


# -- the rules in every language ----------------------------------------------------------------------

LANGUAGES = ("en", "nl", "pt", "sl", "fy")
# RULES.md's facts, as the engine holds them (the engine is RULES.md in code; the test below reads
# RULES.md itself where it is at hand)
TARGETS_SAID = [TARGETS[2], TARGETS[3]]
DEAL_SAID = [2, 3, 4, 4, HAND_SIZES[2], HAND_SIZES[3], HAND_SIZES[4], variant_hand_size(2, "five_each"),
             variant_hand_size(2, "seven_five"), variant_hand_size(3, "seven_five")]
ROUNDED = ", ".join(f"{pips} → {round_to_five(pips)}" for pips in (7, 8, 12, 13, 2))  # RULES.md's examples
FIRST_TWO = {"en": "first two", "nl": "eerste twee", "pt": "duas primeiras", "sl": "prvi dve",
             "fy": "earste twa"}  # the spinner's first two tiles go on its sides, in each language's words
RULE_PARAGRAPHS = 8  # goal, deal, who leads, a turn, the spinner, scoring, end of a hand, end of the game


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def rules_in(lang: str) -> tuple[list[str], tuple[str, ...]]:
    """The help's rule paragraphs in `lang`, and that language's end letters (W, E, N, S)."""
    with speaking(lang) if lang != "en" else nullcontext():
        return help_text().split("\n\n")[:RULE_PARAGRAPHS], tuple(end_letter(end) for end in "WENS")


def test_rules_md_states_the_facts_the_help_is_checked_against() -> None:
    found = [path for parent in Path(__file__).resolve().parents
             if (path := parent / "shared" / "RULES.md").exists()]
    if not found:
        pytest.skip("RULES.md (the shared rules reference) is not beside this checkout")
    rules = " ".join(found[0].read_text(encoding="utf-8").split())
    deal = re.search(r"standard: 2 seats → (\d+) tiles each, 3 seats → (\d+), 4 seats → (\d+)", rules)
    five = re.search(r"\*five each\*: (\d+) tiles", rules)
    seven = re.search(r"\*seven-five\*: 2 seats → (\d+) each, 3 or 4 seats → (\d+) each", rules)
    target = re.search(r"The target is (\d+) points with 2 seats and (\d+) with 3 or 4", rules)
    assert deal and five and seven and target
    assert [int(n) for n in deal.groups() + five.groups() + seven.groups()] == DEAL_SAID[4:]
    assert [int(n) for n in target.groups()] == TARGETS_SAID
    assert ROUNDED in rules
    assert "The first and second tiles played to the spinner go on its sides (W and E)" in rules


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_say_what_rules_md_says_in_every_language(lang: str) -> None:
    english, _letters = rules_in("en")
    said, (w, e, n, s) = rules_in(lang)
    goal, deal, _leads, _turn, spinner, scoring, hand_end, game_end = said
    # every number of every rule paragraph is kept, in order: a dropped or changed rule fails here
    assert [numbers(p) for p in said] == [numbers(p) for p in english]
    assert numbers(goal) == TARGETS_SAID
    assert numbers(deal) == DEAL_SAID  # 9/7/5, five each, seven-five
    assert ROUNDED in hand_end and numbers(hand_end)[:4] == [1, 2, 3, 4]  # remainders down, up
    assert numbers(scoring)[-3:] == [5, 10, 15]
    sides, ends = spinner.find(f"({w}, {e})"), spinner.find(f"({n}, {s})")
    assert FIRST_TWO[lang] in spinner.lower() and 0 <= sides < ends
    assert game_end.count("**") == 4  # the game's end and its mid-hand win stand out
    if lang != "en":
        assert [p.split("**")[1] for p in said] != [p.split("**")[1] for p in english]  # translated


def test_the_help_in_the_pseudo_language_has_no_unmarked_words() -> None:
    with pseudo_language():
        assert unmarked(help_text(Rules(seats=4, target=300))) == []


class HelpApp(App[None]):
    """Only the help, over nothing: what it draws is all the help's."""

    CSS_PATH = STYLESHEET

    def __init__(self) -> None:
        super().__init__()
        use_themes(self)

    def on_mount(self) -> None:
        self.push_screen(HelpScreen(Rules(seats=3)))


def screen_lines(app: App[None]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def read_every_page(pilot) -> tuple[list[str], str]:
    """Each page as the screen shows it, Space after Space to the last; and the help's text whole, read
    off those pages line by line (a page keeps the last line of the one before)."""
    pages: list[str] = []
    lines: dict[int, str] = {}
    await settle(pilot)
    while not pages or screen_lines(pilot.app) != pages[-1]:
        pages.append(screen_lines(pilot.app))
        assert len(pages) < 20
        scroller = pilot.app.screen.query_one("#help-text", VerticalScroll)
        region, strips = scroller.scrollable_content_region, pilot.app.screen._compositor.render_strips()
        for row in range(region.height):
            lines[round(scroller.scroll_y) + row] = strips[region.y + row].crop(region.x, region.right).text
        await pilot.press("space")
        await settle(pilot)
    return pages, "\n".join(lines[n] for n in sorted(lines))


async def test_every_page_of_the_help_in_the_pseudo_language_is_marked() -> None:
    with pseudo_language():
        app = HelpApp()
        async with app.run_test(size=(80, 24)) as pilot:
            pages, whole = await read_every_page(pilot)
            screen = app.screen
            foot = f"{screen.query_one('#close', Button).label} {screen.query_one('#help-page').render()}"
            assert len(pages) > 2 and "Muggins" in whole and unmarked(whole) == [] and unmarked(foot) == []


@pytest.mark.parametrize(("lang", "said"), [("nl", ("Sluiten (Esc)", "pagina 1 van", "Spelers en delen")),
                                            ("pt", ("Fechar (Esc)", "página 1 de", "cemitério")),
                                            ("sl", ("Zapri (Esc)", "stran 1 od", "boneyard")),
                                            ("fy", ("Slute (Esc)", "side 1 fan", "stiennen"))])
async def test_the_help_reads_page_by_page_at_80x24_in_each_language(lang: str, said: tuple[str, ...],
                                                                     ) -> None:
    with speaking(lang):
        app = HelpApp()
        async with app.run_test(size=(80, 24)) as pilot:
            pages, _whole = await read_every_page(pilot)
            assert all(words in pages[0] for words in said)
            paging = app.screen.query_one("#help-page", Static)
            shown = str(paging.render())
            assert shown in pages[-1] and paging.region.x + cell_len(shown) <= 80 - 2  # inside the box
            last = len(pages)
            assert _("page {page} of {pages}").format(page=last, pages=last) in pages[-1]


@pytest.mark.parametrize(("lang", "seats", "said"), [
    ("nl", 4, ["4 spelers, partners tegenover elkaar", "5 stenen per speler", "doel 200"]),
    ("pt", 3, ["3 jogadores", "7 peças cada", "meta 200"]),
    ("sl", 2, ["2 igralca", "po 9 ploščic", "cilj 250"]),  # the dual, and 5+ as "ploščic"
    ("sl", 3, ["3 igralci", "po 7 ploščic", "cilj 200"]),
    ("fy", 2, ["2 spilers", "9 stiennen per spiler", "doel 250"]),
])
def test_the_rules_are_described_in_the_players_words(lang: str, seats: int, said: list[str]) -> None:
    with speaking(lang):
        assert Rules(seats=seats).describe()[:3] == said
        assert f"{said[0]} · {said[1]}" in help_text(Rules(seats=seats))
