"""The new-game form: its tick boxes say on or off at a glance, and partnership reads as n/a below 4 seats."""

from __future__ import annotations

from textual.widgets import Select

from allfives.ui.app import AllFivesApp
from allfives.ui.screens.new_game import NO_PARTNERS, PARTNERS, NewGameScreen
from allfives.ui.widgets.tick import Tick
from tests.hostile import REFUSED_NAMES


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


def test_people_are_named_and_told_apart() -> None:
    from allfives.play.setup import PERSON_NAMES
    from allfives.ui.screens.new_game import players_named

    alone = players_named(["person", "medium"], ["", ""])
    assert not isinstance(alone, str) and [p.name for p in alone] == ["You", "Ben"]
    together = players_named(["person", "person", "hard"], ["", "  Ann   Lee ", ""])
    assert not isinstance(together, str)
    assert [p.name for p in together] == [PERSON_NAMES[0], "Ann Lee", "Cleo"]
    assert len({p.name for p in players_named(["person"] * 4, [""] * 4)}) == 4  # type: ignore[union-attr]
    assert players_named(["person", "person"], ["Ben", "ben"]) == \
        "Seats 1 and 2 are both called ben: give each a name."
    assert players_named(["person", "medium"], ["Ben", ""]) == \
        "Seats 1 and 2 are both called Ben: give each a name."  # a bot's name is taken too
    assert "their own" in players_named(["person", "person"], ["You", ""])  # type: ignore[operator]
    twenty = players_named(["person", "medium"], ["A" * 20, ""])
    assert not isinstance(twenty, str) and twenty[0].name == "A" * 20
    for name, why in REFUSED_NAMES.items():  # the one name rule: a name no screen could show is refused
        if isinstance(name, str) and name.strip():
            refused = players_named(["person", "medium"], [name, ""])
            assert isinstance(refused, str) and refused.startswith("Seat 1: ") and why in refused, name


async def test_the_form_takes_names_for_people_only() -> None:
    from textual.widgets import Input

    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        name0, name1 = screen.query_one("#name-0", Input), screen.query_one("#name-1", Input)
        assert name0.display and not name1.display and name0.placeholder == "You"
        screen.query_one("#who-1", Select).value = "person"
        await pilot.pause()
        assert name1.display and name0.placeholder == "Kim" and name1.placeholder == "Lou"
        name0.value, name1.value = "Ada", "Bo"
        setup = screen.setup()
        assert not isinstance(setup, str) and [p.name for p in setup.players] == ["Ada", "Bo"]
        name1.value = "ada"
        await pilot.click("#start")
        await pilot.pause()
        assert app.screen is screen and "both called ada" in str(screen.query_one("#form-message").render())


async def test_team_headings_show_both_names_whole_at_80_columns() -> None:
    from allfives.engine import GameState, Rules
    from allfives.play.saving import SavedGame
    from allfives.play.setup import GameSetup, Player
    from allfives.ui.widgets.scoresheet import Scoresheet

    names = ("Christophe", "Maximilian", "Alexandria", "Bernadette")  # ten letters each, the most a name has
    setup = GameSetup(rules=Rules(seats=4), players=tuple(Player(n, "person") for n in names), bot_delay=0)
    app = AllFivesApp(saved=SavedGame(GameState.new(setup.rules, 3), setup))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        sheet = app.game_screen.query_one(Scoresheet)
        head = sheet.head_text()
        assert len(head) == 2
        assert head[0].split() == ["Christophe", "Maximilian"]
        assert head[1].split() == ["Alexandria", "Bernadette"]  # no room for "&": the names come first


async def test_the_hand_size_follows_the_seats() -> None:
    from textual.widgets._select import SelectCurrent

    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        shown = screen.query_one("#variant", Select).query_one(SelectCurrent).query_one("#label")
        assert str(shown.render()) == "standard (9 each)"
        screen.query_one("#seats", Select).value = 4
        await pilot.pause()
        assert str(shown.render()) == "standard (5 each)"


async def test_rows_for_more_seats_come_when_asked_and_keep_what_was_chosen() -> None:
    """The form opens with a row per seat chosen (two); more come with more seats, fewer only hide them."""
    from textual.widgets import Input

    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert [row.id for row in screen.query(".seat-row")] == ["seat-row-0", "seat-row-1"]
        screen.query_one("#seats", Select).value = 4
        await pilot.pause()
        rows = list(screen.query(".seat-row"))
        assert [row.id for row in rows] == [f"seat-row-{n}" for n in range(4)]
        assert all(row.display for row in rows)
        assert str(screen.query_one("#partnership", Tick).label) == PARTNERS
        screen.query_one("#who-3", Select).value = "person"
        await pilot.pause()
        name = screen.query_one("#name-3", Input)
        assert name.display and name.placeholder == "Nia"
        screen.query_one("#seats", Select).value = 2
        await pilot.pause()
        assert not screen.query_one("#seat-row-3").display and not screen.query_one("#seat-row-2").display
        setup = screen.setup()
        assert not isinstance(setup, str) and [p.kind for p in setup.players] == ["person", "bot"]
        screen.query_one("#seats", Select).value = 4
        await pilot.pause()
        assert screen.query_one("#who-3", Select).value == "person"
        setup = screen.setup()
        assert not isinstance(setup, str)
        assert [p.kind for p in setup.players] == ["person", "bot", "bot", "person"]


async def test_a_name_is_weighed_as_it_is_typed() -> None:
    """The field takes 20 characters and says so when they are all used; a character no name may hold
    is explained at once; a good name again clears the message."""
    from textual.widgets import Input, Static

    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        field, message = screen.query_one("#name-0", Input), screen.query_one("#form-message", Static)
        await pilot.click(field)
        await pilot.press(*"A" * 25)  # typed past the limit: the field stops at 20
        await pilot.pause()
        assert field.value == "A" * 20
        assert str(message.render()) == "Seat 1: a name holds at most 20 characters."
        field.value = "Eve\u202eevil"  # (pasted)
        await pilot.pause()
        assert "U+202E" in str(message.render()) and message.has_class("error-text")
        field.value = "Eve"
        await pilot.pause()
        assert str(message.render()) == "" and not message.has_class("error-text")


async def test_the_focused_control_stands_out_and_typing_goes_where_it_shows() -> None:
    """Focus was a 5% tint: typed text went into a dropdown meant for the name box. Now the focused
    dropdown or box is lit (delta E from its unfocused self far past what an eye needs)."""
    from textual.widgets import Input
    from textual.widgets._select import SelectCurrent

    from .test_themes import seen_apart

    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        who, name = screen.query_one("#who-0", Select), screen.query_one("#name-0", Input)
        current = who.query_one(SelectCurrent)
        idle_select, idle_name = current.rich_style.bgcolor, name.rich_style.bgcolor
        who.focus()
        await pilot.pause()
        assert seen_apart(current.rich_style.bgcolor, idle_select) > 25
        assert seen_apart(current.query_one("Static").rich_style.color, current.rich_style.bgcolor) > 40
        name.focus()
        await pilot.pause()
        assert seen_apart(name.rich_style.bgcolor, idle_name) > 10 and name.rich_style.bold
        assert seen_apart(current.rich_style.bgcolor, idle_select) < 1  # the dropdown is back to idle
        await pilot.press("A", "d", "a")
        assert name.value == "Ada" and who.value == "person"


async def test_the_name_box_is_a_box_and_a_click_beside_it_opens_no_dropdown() -> None:
    from textual.widgets import Input

    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        who, name = screen.query_one("#who-0", Select), screen.query_one("#name-0", Input)
        assert name.styles.border_left[0] and name.styles.border_right[0]  # edges drawn in its one row
        assert name.region.height == 1 and name.region.width >= 20 + 2  # the longest name fits inside
        gap = name.region.x - who.region.right
        assert gap >= 2  # room between the dropdown and the box
        await pilot.click(offset=(name.region.x - 1, name.region.y))
        await pilot.pause()
        assert not who.expanded and app.focused is not who
        await pilot.click(name)
        await pilot.pause()
        assert app.focused is name
