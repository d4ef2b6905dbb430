"""Help at 80x24: the rules get the screen, and are read page by page (Space/PgDn, PgUp, Home, End)."""

from __future__ import annotations

from textual.containers import VerticalScroll

from allfives.ui.screens.help import HelpScreen, page_of

from .helpers import settle
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
