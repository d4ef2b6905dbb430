"""The review in every language: no word on it outside the catalogue (the pseudo-language), its lines
whole at 80 columns in English and in the longest translation (issue 22), `review --text` in Portuguese."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from rich.console import Console
from rich.text import Text

from allfives import i18n
from allfives.bots.analysis import analyse_game
from allfives.bots.luck import luck_of, verdict, verdict_error
from allfives.bots.reasons import Why, tell
from allfives.engine import GameState
from allfives.names import NAME_LENGTH
from allfives.play.setup import GameSetup, Player, default_players
from allfives.reports import _review_text
from allfives.ui.model.review import PanelLine, Review, ReviewGame
from allfives.ui.review.panel import AnalysisPanel, OpenBoneyard, PanelText
from allfives.ui.review.screen import ReviewScreen
from allfives.ui.widgets.status import Status
from scripts.catalogues import compile_all
from tests.conftest import seeded_game
from tests.i18n_check import pseudo_language, unmarked

from .helpers import settle
from .scenes import PLANTED_SAMPLES, planted_game, review_app, to_the_mistake

LANGUAGES = ("nl", "pt", "sl", "fy")
LONG = ("A" * NAME_LENGTH, "B" * (NAME_LENGTH - 1) + "s")  # the longest names the name rule allows


@pytest.fixture(scope="module", autouse=True)
def catalogues() -> Iterator[None]:
    """The compiled catalogues (the package build makes them; a checkout may not have them yet)."""
    compile_all()
    yield
    i18n.use(i18n.ENGLISH)


@pytest.fixture(scope="module")
def weighed() -> tuple[GameState, object, object]:
    """A seeded game of two hands or so, every seat weighed (few deals: the words, not the numbers)."""
    game = seeded_game(5, stop_after=36)
    analysis = analyse_game(game, seats=(0, 1), samples=6)
    return game, analysis, luck_of(game, analysis.decisions, 3, (0, 1))


def every_panel(game: GameState, analysis, luck, names: tuple[str, ...]) -> list[tuple[PanelLine, ...]]:  # noqa: ANN001
    """The panel at every step of the review, and the status lines as one-line panels."""
    setup = GameSetup(rules=game.rules, players=(Player(names[0], "person"), Player(names[1], "bot", "hard")))
    review = Review(ReviewGame(game, setup, None, (0, 1)))
    decisions = {(d.hand, d.move): d for d in analysis.decisions}
    out = []
    for step in review.steps:
        out.append(review.panel(step, decisions, analysis, None, (0, 1), luck))
        out.append((PanelLine(review.status(step).text),))
    return out


def test_every_reason_is_told_in_each_language_with_the_english_places() -> None:
    """Each kind of reason, in each language: whole, its numbers there, nothing left of the English."""
    why = (Why(kind="scored_less", move="3-0 E", points=0, other=15),
           Why(kind="let_score", points=15, other=13),
           Why(kind="kept", move="6-6", points=10), Why(kind="cut_chance", points=0.62, other=0.4),
           Why(kind="exact", move="5-0 S", points=7), Why(kind="average", move="draw", points=6.5))
    english = tell(why, english=True)
    assert english == ("scored 0 where 3-0 E scored 15, and let the next player score 15 (ends at 13), and "
                       "kept the 6-6 to the end: -10, and cut the chance of winning from 62% to 40%, and "
                       "5-0 S makes 7 more points against any defence, and draw is worth 6.5 more points on "
                       "average")
    i18n.use("nl")
    dutch = tell(why)
    assert "3-0 O" in dutch and "5-0 Z" in dutch and "(uiteinden op 13)" in dutch and "6,5" in dutch
    for lang in LANGUAGES:
        i18n.use(lang)
        told = tell(why)
        assert all(n in told for n in ("15", "13", "-10", "7")), lang
        assert not re.search(r"\b(where|next player|the end|against any)\b", told), (lang, told)
    i18n.use(i18n.ENGLISH)
    assert tell(why) == english


async def test_the_review_speaks_only_through_the_catalogue() -> None:
    """In the pseudo-language every word of the status line, the panel and the boneyard is marked, at
    the start, at the mistake (the reason told) and at the end of the hand, the luck weighed."""
    with pseudo_language():
        app = review_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await to_the_mistake(pilot)
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            await _until_luck(pilot, screen)
            seen = []
            for step in ((1, 0), (1, 2), screen.review.steps[-1]):
                screen.go(step)
                await pilot.pause()
                seen.append(" ".join(screen.panel.plain))
                seen.append(screen.query_one("#status", Status).view.text.plain)
                seen.append(OpenBoneyard.render(screen.query_one(OpenBoneyard)).plain)
            shown = "\n".join(seen)
            assert "⟦Mistake: ⟦⟦scored 0 where 3-0 ⟦W⟧ scored 15⟧" in shown  # the reason, told
            assert unmarked(shown, data=("You", "Ben")) == []


async def _until_luck(pilot, screen: ReviewScreen, limit: int = 400) -> None:  # noqa: ANN001
    for _n in range(limit):
        if screen.luck is not None:
            return
        await pilot.pause(0.02)
    raise AssertionError("the luck was never weighed")


def _rows(line: PanelLine, width: int) -> int:
    return len(Text(line.text.plain).wrap(Console(width=width), width))


def _longest(panels: list[tuple[PanelLine, ...]], count: int = 4) -> list[tuple[PanelLine, ...]]:
    """The panels (and status lines) with the longest lines: the ones 80 columns could cut."""
    return sorted(panels, key=lambda p: -max(len(line.text.plain) for line in p))[:count]


def longest_language(weighed) -> str:  # noqa: ANN001
    """The language whose review lines run longest over the seeded game."""
    def length(lang: str) -> int:
        i18n.use(lang)
        try:
            return sum(len(line.text.plain) for p in every_panel(*weighed, LONG) for line in p)
        finally:
            i18n.use(i18n.ENGLISH)
    return max(LANGUAGES, key=length)


@pytest.mark.parametrize("language", ["en", "longest"])
async def test_every_review_line_fits_or_wraps_at_80_columns(weighed, language: str) -> None:  # noqa: ANN001
    """Every line the review's panel and status show over a seeded game, with the longest names, in
    English and in the longest translation: at 80x24 each is shown whole (wrapped, never cut), and the
    hand and the footer stay on the screen."""
    lang = longest_language(weighed) if language == "longest" else "en"
    i18n.use(lang)
    try:
        panels = every_panel(*weighed, LONG)
        game = weighed[0]
        setup = GameSetup(rules=game.rules, players=default_players(2, 1, "hard"))
        from allfives.ui.review.app import ReviewApp

        app = ReviewApp(ReviewGame(game, setup, None, (0,)), analyse=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            panel = screen.query_one(AnalysisPanel)
            status = screen.query_one("#status", Status)
            mistakes = [p for p in panels if any(line.kind == "mistake" for line in p)]
            assert mistakes  # (the seeded game has some)
            for lines in _longest(panels) + mistakes[:4]:
                if len(lines) == 1:  # a status line
                    status.view = status.view.__class__(lines[0].text, "info")
                    await pilot.pause()
                    assert status.size.height == status.lines_needed(status.content_size.width), lines
                    continue
                panel.show(lines, None)
                await pilot.pause()
                for widget in panel.query(PanelText):
                    width = widget.content_size.width
                    needed = sum(_rows(line, width) for line in widget.lines)
                    assert widget.size.height == needed, widget.lines
                    assert panel.region.contains_region(widget.region)
                assert screen.region.contains_region(screen.query_one("#hand").region)
    finally:
        i18n.use(i18n.ENGLISH)


def test_review_text_in_portuguese_tells_the_verdict_in_portuguese() -> None:
    """`allfives review FILE --text` read in Portuguese: the summaries, the mistake with its reason and the
    end by Portuguese letter (West is O), the verdict; the --json data stays English (`Decision.reason`)."""
    game = planted_game()
    setup = GameSetup(rules=game.rules, players=default_players(2, 1, "hard"))
    analysis = analyse_game(game, seats=(0,), samples=PLANTED_SAMPLES)
    luck = luck_of(game, analysis.decisions, PLANTED_SAMPLES // 2, (0,))
    i18n.use("pt")
    try:
        text = _review_text(game, analysis, luck, setup, [{"name": "You"}, {"name": "Ben"}])
        mine = verdict(luck.game[0], 2, setup.side_title(0), finished=False, you=True,
                       error=verdict_error(luck.game[0], analysis))
    finally:
        i18n.use(i18n.ENGLISH)
    assert "mão 1" in text and "jogo" in text and "precisão" in text
    assert "1-0 O" in text and "em vez de 3-0 O" in text
    assert "fez 0 quando 3-0 O fazia 15" in text  # the reason, told in Portuguese
    assert re.search(r"Você (lidera por \d+|está \d+ atrás|está empatado) até agora: as distribuições e "
                     r"compras (deram|custaram) \d+ a você, seu jogo (ganhou|custou)( a você)? \d+( a você)? "
                     r"\(± \d+\)", mine), mine
    assert mine in text
    blunder = analysis.decision(1, 3)
    assert blunder is not None and blunder.reason is not None
    assert blunder.reason.startswith("scored 0 where 3-0 W")


async def test_the_review_in_dutch_names_the_ends_by_dutch_letters() -> None:
    """At the planted mistake in Dutch: the status, the judged move and its reason in Dutch, East as O."""
    i18n.use("nl")
    try:
        app = review_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await to_the_mistake(pilot)
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            status = screen.query_one("#status", Status).view.text.plain
            panel = screen.panel.plain
            screen.go(screen.review.steps[-1])
            await pilot.pause()
            last = screen.query_one("#status", Status).view.text.plain
            screen.go((1, 5))
            await pilot.pause()
            east = screen.query_one("#status", Status).view.text.plain
    finally:
        i18n.use(i18n.ENGLISH)
    assert status == "Hand 1 van 1 · zet 3 van 6: Jij aan zet · na 6-0 op W van Ben"
    assert panel[0].startswith("Je speelde 1-0 W ") and "; beste 3-0 W " in panel[0]
    assert panel[1] == ("Fout: scoorde 0 waar 3-0 W 15 scoorde, en liet de volgende speler 15 scoren "
                        "(uiteinden op 13)")
    assert last.startswith("Hand 1 van 1 · zet 6 van 6 · Ben speelde 6-2 op N")
    assert east.endswith(": Ben aan zet · na jouw 6-1 op O")
