"""The flags that shape a game read the same way in the full-screen game and the line-by-line one: the
same setup for the same flags, the same refusal in the same words."""

from __future__ import annotations

import pytest

from allfives.plain import launch as plain
from allfives.play.deals import DealCode, DealCodeError
from allfives.play.setup import DEFAULT_BOT_DELAY
from allfives.ui import launch as ui


@pytest.mark.parametrize("argv", [
    ["--seats", "3", "--level", "hard", "--seed", "9"],
    ["--seats", "4", "--cut-throat", "--muggins", "--target", "100", "--bot-delay", "0"],
    ["--variant", "five_each", "--finish-hand", "--bot-delay", "2.5"],
])
def test_both_front_ends_make_the_same_game_of_the_same_flags(argv: list[str]) -> None:
    full = ui.setup_from(ui.parser().parse_args(argv))
    assert full is not None
    assert plain.setup_from(plain.parser().parse_args(argv), None) == full


@pytest.mark.parametrize(("argv", "said"), [
    (["--seats", "2", "--bot-delay", "11"], "--bot-delay must be between 0 and 10 seconds"),
    (["--bot-delay", "-1"], "--bot-delay must be between 0 and 10 seconds"),
    (["--deals", "ABC", "--bot-delay", "11"], "--bot-delay must be between 0 and 10 seconds"),
    (["--target", "0"], "--target must be between 1 and"),
    (["--deals", "ABC", "--seats", "2"], "--deals sets the whole game: leave out the flags that shape one."),
    (["--deals", "ABC", "--muggins"], "--deals sets the whole game: leave out the flags that shape one."),
    (["--deals", "not-a-code!"], "That is not a deal code"),
])
def test_both_front_ends_refuse_bad_flags_in_the_same_words(argv: list[str], said: str) -> None:
    args = ui.parser().parse_args(argv)
    with pytest.raises(ValueError) as full:
        if args.deals is not None:
            ui.deals_from(args)
        else:
            ui.setup_from(args)
    with pytest.raises(ValueError) as line_by_line:
        plain.setup_from(plain.parser().parse_args(argv), None)
    assert str(full.value) == str(line_by_line.value)
    assert str(full.value).startswith(said)


def test_humans_is_a_flag_of_the_full_screen_game_only() -> None:
    with pytest.raises(ValueError, match="--humans must be between 0 and 3"):
        ui.setup_from(ui.parser().parse_args(["--seats", "3", "--humans", "4"]))
    with pytest.raises(DealCodeError, match="--deals sets the whole game"):  # (--humans shapes a game too)
        ui.deals_from(ui.parser().parse_args(["--deals", "ABC", "--humans", "0"]))
    assert ui.setup_from(ui.parser().parse_args(["--humans", "2"])) is not None
    setup = plain.setup_from(plain.parser().parse_args([]), None)
    assert [p.kind for p in setup.players] == ["person", "bot"]


def test_no_shaping_flag_leaves_the_full_screen_game_to_ask_and_the_plain_one_to_play_two_seats() -> None:
    assert ui.setup_from(ui.parser().parse_args(["--bot-delay", "3"])) is None
    setup = plain.setup_from(plain.parser().parse_args([]), 4.0)  # (the pace remembered)
    assert (setup.rules.seats, setup.bot_delay) == (2, 4.0)
    assert plain.setup_from(plain.parser().parse_args(["--bot-delay", "1"]), 4.0).bot_delay == 1.0
    assert plain.setup_from(plain.parser().parse_args([]), None).bot_delay == DEFAULT_BOT_DELAY
    with pytest.raises(ValueError, match="--bot-delay must be between"):  # (a remembered pace is checked)
        plain.setup_from(plain.parser().parse_args([]), 12.0)


def test_a_deal_code_gives_both_front_ends_the_same_practice_game() -> None:
    from allfives.engine.models import Rules

    code = DealCode(Rules(seats=3), ("person", "hard", "easy"), 4321)
    full, earlier = ui.deals_from(ui.parser().parse_args(["--deals", code.text, "--bot-delay", "0"]))
    argv = ["--deals", code.text, "--bot-delay", "0"]
    line_by_line = plain.setup_from(plain.parser().parse_args(argv), None)
    assert earlier is None and full == line_by_line
    assert full.practice and full.deals == code and full.bot_delay == 0
