"""Snapshots of the table, the score panel, the review and the help at 80x24 in each of the four languages.

The pictures are made in the language and must show nothing cut off; the English pictures are in
test_snapshots.py (update with --snapshot-update).
"""

from __future__ import annotations

import pytest

from allfives.ui.screens.help import HelpScreen
from allfives.ui.screens.score_panel import ScorePanel

from .helpers import settle, until
from .languages import speaking as speaking_in
from .scenes import board_app, review_app, seeded_app, to_the_mistake
from .test_snapshots import choose_a_two_end_tile

LANGUAGES = ["nl", "pt", "sl", "fy"]


@pytest.fixture(params=LANGUAGES)
def speaking(request: pytest.FixtureRequest):
    """The game in one language for the test (the catalogues compiled from the sources), English after."""
    with speaking_in(request.param):
        yield request.param


def test_table(snap_compare, speaking) -> None:
    assert snap_compare(board_app(), terminal_size=(80, 24), run_before=choose_a_two_end_tile)


def test_score_panel(snap_compare, speaking) -> None:
    async def to_panel(pilot) -> None:
        await until(pilot, ScorePanel)

    assert snap_compare(seeded_app(3, 12, 900), terminal_size=(80, 24), run_before=to_panel)


def test_review(snap_compare, speaking) -> None:
    assert snap_compare(review_app(), terminal_size=(80, 24), run_before=to_the_mistake)


def test_help(snap_compare, speaking) -> None:
    async def to_help(pilot) -> None:
        await settle(pilot)
        await pilot.press("question_mark")
        await until(pilot, HelpScreen)
        await settle(pilot)

    assert snap_compare(board_app(), terminal_size=(80, 24), run_before=to_help)
