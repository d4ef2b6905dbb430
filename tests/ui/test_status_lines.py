"""Nothing cut at 80x24: every status line the game can show fits the status bar, or wraps to a second
line, never losing its end (the model's Notice texts, walked from the source, names the longest the
name rule allows), in English and in each language (the walk reads a text marked for the catalogue in
the language spoken)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import allfives
from allfives import i18n
from allfives.engine import Rules
from allfives.names import NAME_LENGTH
from allfives.play.setup import GameSetup, Player
from allfives.ui.model.turn import Notice
from allfives.ui.model.view import game_over_line
from allfives.ui.screens.game import ASIDE
from allfives.ui.widgets.status import Status

from .helpers import settle
from .languages import compiled
from .scenes import board_app

MODULES = ("ui/model/turn.py", "ui/model/view.py", "ui/model/review.py", "ui/shared_table/screen.py")
LONGEST = "W" * NAME_LENGTH  # a name (or any value put in a line) as long as the name rule allows


SHORT = "6-6"  # a tile, or a short name


PLACE = re.compile(r"\{\w*\}")  # `{}`, `{0}` or `{name}`: a value put in a line


def spelled(node: ast.expr, fill: str) -> str | None:
    """A Notice's text: a literal as it is (one marked for the catalogue, `_("…")`, in the language
    spoken), each value put in it `fill`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else fill for part in node.values)
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_" and node.args:
        literal = spelled(node.args[0], fill)
        return i18n._(literal) if literal is not None else None
    if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "format":  # `_("… {name}").format(…)`
        template = spelled(node.func.value, fill)  # type: ignore[attr-defined]
        return PLACE.sub(fill, template) if template is not None else None
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "styled" and node.args:
        template = spelled(node.args[0], fill)
        return PLACE.sub(fill, re.sub(r"\[/?\w+\]", "", template)) if template else None
    return None


def notice_texts(fill: str = LONGEST) -> dict[str, str]:
    """Where each line is made, and the line with `fill` for each value in it."""
    root = Path(allfives.__file__).parent
    found = {}
    for module in MODULES:
        for node in ast.walk(ast.parse((root / module).read_text())):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name in ("Notice", "told") and (text := spelled(node.args[0], fill)) is not None:
                found[f"{module}:{node.lineno}"] = text
    return found


def test_the_walk_finds_the_lines() -> None:
    texts = notice_texts()
    assert len(texts) >= 20
    assert any("click the boneyard, or d" in t for t in texts.values())
    assert any(t.startswith(LONGEST + " is away") for t in texts.values())


@pytest.fixture(params=["en", "nl", "sl"])
def spoken(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    """English, Dutch (long words) and Slovenian (long words, four plurals)."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", compiled())
    assert i18n.use(request.param) == request.param
    yield request.param
    i18n.use(i18n.ENGLISH)


async def test_every_status_line_fits_or_wraps_at_80_columns(spoken: str) -> None:
    app = board_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.game_screen
        undo, aside = table.buttons
        status = table.query_one("#status", Status)

        async def shown(text: str) -> int:
            """The lines the text takes, once it is on the status line: every one of them shown."""
            status.view = Notice(text, "prompt")
            needed = status.lines_needed(status.content_size.width)
            assert status.styles.height is not None and status.styles.height.value == needed  # all asked for
            if needed not in laid_out:  # (and the status line is laid out as tall as it asks: seen once
                await pilot.pause()  # for each height, not for every line)
                assert status.size.height == needed
                laid_out.add(needed)
            return needed

        laid_out: set[int] = set()

        # in play (Undo beside it), with short names and tiles: every line one line, the table never moves
        undo.display, aside.display = True, False
        await settle(pilot)
        for where, text in notice_texts(SHORT).items():
            if spoken == "en":
                assert await shown(text) == 1, (where, text)
            else:  # a language's longest say more than English in words of their own: they may wrap
                assert await shown(text) <= Status.MOST_LINES, (where, text)
        # names (and every other value) the longest the name rule allows: two lines at most
        for where, text in notice_texts(LONGEST).items():
            assert await shown(text) <= Status.MOST_LINES, (where, text)
        # the narrowest it gets, a dialog put aside (both buttons): what it says then
        aside.display = True
        await settle(pilot)
        assert 40 <= status.content_size.width < 60
        for where, text in ASIDE.items():
            assert await shown(i18n._(text)) <= (1 if spoken == "en" else Status.MOST_LINES), (where, text)
        names = [LONGEST[:-1] + str(n) for n in range(4)]
        people = tuple(Player(n, "person") for n in names)
        teams = GameSetup(rules=Rules(seats=4, partnership=True), players=people)
        for setup in (teams, GameSetup(rules=Rules(seats=3), players=people[:3])):
            assert await shown(game_over_line(setup, 0)) <= Status.MOST_LINES, setup.rules.seats
        assert await shown("short") == 1  # and back to one line


async def test_the_review_says_its_lines_whole_at_80_columns() -> None:
    from .scenes import review_app, to_the_mistake

    app = review_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_mistake(pilot)
        status = app.screen.query_one(Status)
        assert status.lines_needed(status.content_size.width) == status.size.height <= Status.MOST_LINES


async def test_the_review_progress_keeps_its_words_with_three_digit_counts() -> None:
    """It read `(x      ━━━` once the count had two digits: the words and the bar both fit at 80x24."""
    from textual.widgets import ProgressBar

    from allfives.ui.review.panel import AnalysisPanel, PanelText

    from .scenes import review_app, to_the_mistake

    app = review_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_mistake(pilot)
        review = app.screen
        panel = review.query_one(AnalysisPanel)
        lines = review.review.panel(review.step, review.weighed, review.analysis, (123, 456), review.seats)
        panel.show(lines, (123, 456))
        await pilot.pause()
        summary = panel.query_one("#summary", PanelText)
        words = summary.plain[0]
        assert "123 of 456" in words and words.endswith("(x stops)")
        assert summary.content_size.width >= len(words)
        bar = panel.query_one(ProgressBar)
        assert bar.region.width >= 10 and bar.region.right <= panel.region.right


async def test_the_four_seat_strip_says_partner_whole_at_80_columns() -> None:
    from textual.geometry import Region

    from allfives.ui.widgets.seats import Seats

    from .scenes import four_seat_app

    app = four_seat_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        strip = app.game_screen.query_one("#seats", Seats)
        drawn = [line.text for line in strip.render_lines(Region(0, 0, *strip.size))]
        assert "partner" in drawn[0] and "…" not in drawn[0], drawn[0]
