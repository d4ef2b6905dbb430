"""Bots' pace must not give away a forced move: hard thinks no longer than the delay every move waits."""

import pytest

from allfives.engine import GameState, Rules
from allfives.ui.session import Session, thinking_budget
from allfives.ui.setup import DEFAULT_BOT_DELAY, GameSetup, default_players


@pytest.mark.parametrize("delay", [0.3, 0.5, DEFAULT_BOT_DELAY, 1.0])
def test_hard_thinks_within_the_delay_every_move_waits(delay: float) -> None:
    assert thinking_budget(delay) <= delay


def test_hard_never_thinks_past_a_second_nor_for_nothing() -> None:
    assert thinking_budget(5.0) == 1.0
    assert thinking_budget(0.0) == 0.3


def test_an_unseeded_hard_bot_gets_the_delay_as_its_budget() -> None:
    rules = Rules(seats=2)
    setup = GameSetup(rules=rules, players=default_players(2, 1, "hard"), seed=None, bot_delay=0.5)
    session = Session(setup, GameState.new(rules, seed=1), [])
    assert session.bot(1).time_budget == 0.5
