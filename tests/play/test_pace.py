"""Bots' pace must not give away a forced move: a searching bot thinks within the pause every move waits."""

import pytest

from allfives.engine import Game, Rules
from allfives.play.session import INSTANT_SIMULATIONS, MIN_PAUSE, Session, bot_pause, thinking_budget
from allfives.play.setup import (
    DEFAULT_BOT_DELAY,
    SEEDED_SIMULATIONS,
    SEEDED_SIMULATIONS_FOR,
    GameSetup,
    default_players,
)

DELAYS = [0.01, 0.05, 0.1, 0.19, 0.2, 0.25, 0.3, 0.5, DEFAULT_BOT_DELAY, 1.0, 2.5, 10.0]


@pytest.mark.parametrize("delay", DELAYS)
def test_a_searching_bot_thinks_within_the_pause_every_move_waits(delay: float) -> None:
    budget = thinking_budget(delay)
    assert budget is not None and 0 < budget <= bot_pause(delay)
    assert bot_pause(delay) >= delay  # the pause never cuts the delay asked for


@pytest.mark.parametrize("delay", [0.01, 0.05, 0.1, 0.19])
def test_below_the_shortest_pause_moves_wait_for_the_thinking(delay: float) -> None:
    # a forced move waits as long as a considered one may think: MIN_PAUSE, not the bare delay
    assert bot_pause(delay) == MIN_PAUSE
    assert thinking_budget(delay) == MIN_PAUSE


def test_thinking_never_runs_past_a_second() -> None:
    assert thinking_budget(5.0) == 1.0
    assert bot_pause(5.0) == 5.0


def test_at_no_delay_nothing_waits_and_bots_search_a_fixed_size() -> None:
    assert bot_pause(0.0) == 0.0
    assert thinking_budget(0.0) is None
    session = session_for("expert", delay=0.0)
    bot = session.bot(1)
    assert bot.simulations == INSTANT_SIMULATIONS


def session_for(level: str, delay: float, seed: int | None = None) -> Session:
    rules = Rules(seats=2)
    setup = GameSetup(rules=rules, players=default_players(2, 1, level), seed=seed, bot_delay=delay)
    return Session(setup, Game.new(rules, seed=1))


@pytest.mark.parametrize("level", ["hard", "expert"])
@pytest.mark.parametrize("delay", [0.05, 0.5])
def test_an_unseeded_bot_is_given_the_budget(level: str, delay: float) -> None:
    session = session_for(level, delay)
    bot = session.bot(1)
    assert bot.simulations is None and bot.time_budget == thinking_budget(delay)


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.8])
def test_a_seeded_bot_searches_a_fixed_size_at_every_delay(delay: float) -> None:
    for level in ("hard", "expert"):
        bot = session_for(level, delay, seed=3).bot(1)
        assert bot.simulations == SEEDED_SIMULATIONS_FOR.get(level, SEEDED_SIMULATIONS)


@pytest.mark.parametrize("level", ["hard", "expert"])
@pytest.mark.parametrize("delay", [0.0, 0.05, 0.8])
def test_a_deal_codes_bot_searches_the_games_size_at_every_pace(level: str, delay: float) -> None:
    """Every local game has a deal code: the same code meets the same replies at any pace, and a rated
    game meets the bots at the effort the rating table was measured at (bots.game_simulations)."""
    from allfives.bots import game_simulations
    from allfives.play.setup import DealCode

    rules = Rules(seats=2)
    setup = GameSetup(rules=rules, players=default_players(2, 1, level), bot_delay=delay)
    setup = GameSetup(rules=rules, players=setup.players, bot_delay=delay, deals=DealCode.fresh(setup))
    bot = Session(setup, Game.new(rules, seed=1)).bot(1)
    assert bot.simulations == game_simulations(level) == SEEDED_SIMULATIONS_FOR.get(level, SEEDED_SIMULATIONS)
