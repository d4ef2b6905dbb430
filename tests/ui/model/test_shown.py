"""Shown text (`allfives.ui.model.shown`): our own bold and dim around outside text, which is never markup."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from allfives.ui.model.shown import Shown, styled
from allfives.ui.widgets.shown import content, rich_text
from tests.hostile import OUTSIDE_TEXT

markupish = st.text(alphabet=st.sampled_from(list("[]/\\$@=#{}bdimX ")), max_size=16) \
    | st.sampled_from(OUTSIDE_TEXT)


def test_a_template_gives_its_looks_and_the_values_none() -> None:
    line = styled("[b]Hand {}[/b] — {} leads [dim]· {}[/dim]", 3, "[/b]Eve", "[dim]")
    assert line.runs == (("Hand 3", "bold"), (" — [/b]Eve leads ", ""), ("· [dim]", "dim"))
    assert line.plain == "Hand 3 — [/b]Eve leads · [dim]"


def test_a_str_is_plain_text_and_runs_merge() -> None:
    assert Shown.of("[b]x[/b]").runs == (("[b]x[/b]", ""),)
    assert styled("a{}b", "") == Shown.of("ab")  # empty runs go, neighbours of one look merge
    assert styled("[b]a[/b][b]b[/b]") == styled("[b]ab[/b]")
    assert Shown.of("x") + styled("[b]y[/b]") == styled("x[b]y[/b]")
    assert "x" + styled("[dim]y[/dim]") == styled("x[dim]y[/dim]")
    assert Shown.of(" | ").join(["a", styled("[b]b[/b]")]) == styled("a | [b]b[/b]")


def test_a_shown_value_keeps_its_looks_inside_the_template() -> None:
    assert styled("[dim]{}[/dim]", styled("a[b]b[/b]")).runs == (("a", "dim"), ("b", "bold dim"))


@pytest.mark.parametrize("template", ["[b]open", "close[/b]", "[b]x[/dim]"])
def test_a_broken_template_of_ours_is_refused(template: str) -> None:
    with pytest.raises(ValueError):
        styled(template)


def test_values_must_fill_the_template_exactly() -> None:
    with pytest.raises(ValueError):
        styled("{} and {}", "one")


@given(markupish, markupish)
def test_outside_text_draws_as_it_is_in_textual_and_in_rich(a: str, b: str) -> None:
    line = styled("[b]{}[/b] — {} [dim]·[/dim]", a, b)
    assert line.plain == f"{a} — {b} ·"
    assert content(line).plain == line.plain
    assert rich_text(line).plain == line.plain
    assert content(a).plain == a and rich_text(a).plain == a


async def test_every_notice_is_plain_text_and_textuals_ctrl_c_hint_reads_without_markup() -> None:
    from allfives.ui.app import AllFivesApp

    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.screen.notify("[/] [@click=app.quit]y", title="[b]x")  # (a screen passes markup=True on)
        await pilot.press("ctrl+c")
        await pilot.pause()
        told = [(n.title, n.message, n.markup) for n in app._notifications]
        assert told == [("[b]x", "[/] [@click=app.quit]y", False),
                        ("Do you want to quit?", "Press q to quit the app", False)]
