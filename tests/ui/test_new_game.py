"""The new-game form: its tick boxes say on or off at a glance, and partnership reads as n/a below 4 seats."""

from __future__ import annotations

from textual.widgets import Select

from allfives.ui.app import AllFivesApp
from allfives.ui.screens.new_game import NO_PARTNERS, PARTNERS, NewGameScreen
from allfives.ui.widgets.tick import Tick


def box(tick: Tick) -> str:
    """The three cells of the drawn box, e.g. "▐✓▌"."""
    return str(tick.render())[:3]


async def test_ticks_show_on_and_off_and_not_applicable() -> None:
    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        muggins, finish, partners = (screen.query_one(f"#{id_}", Tick)
                                     for id_ in ("muggins", "finish", "partnership"))
        assert not muggins.value and box(muggins)[1] == " "  # off: an empty box, no X
        assert "X" not in box(finish) and "✓" not in box(finish)
        await pilot.click("#muggins")
        await pilot.pause()
        assert muggins.value and box(muggins)[1] == "✓"
        assert muggins.has_class("-on")
        # 2 seats: partnership is greyed, dashed and says why
        assert partners.disabled and not partners.value
        assert box(partners)[1] == "–" and str(partners.label) == NO_PARTNERS
        screen.query_one("#seats", Select).value = 4
        await pilot.pause()
        assert not partners.disabled and partners.value
        assert box(partners)[1] == "✓" and str(partners.label) == PARTNERS
        setup = screen.setup()
        assert not isinstance(setup, str)
        assert setup.rules.partnership and setup.rules.end_of_hand == "muggins"
        assert setup.rules.win_check == "immediate"
