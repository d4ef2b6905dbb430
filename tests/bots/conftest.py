"""Helpers for the bot tests: seeded positions reached by quick random play."""

from __future__ import annotations

import random

import pytest

from allfives.engine import core


def random_table(seed: int, seats: int = 2, moves: int = 10, **rules) -> core.Table:
    """A table a few random moves into its first hand (never past it)."""
    from allfives.engine import Rules

    rng = random.Random(seed)
    table = core.Table(Rules(seats=seats, **rules).to_core())
    table.deal_next(seed)
    for _ in range(moves):
        legal = table.legal_moves()
        if not legal:
            break
        nxt = table.copy()
        nxt.apply(*rng.choice(legal))
        if nxt.phase != core.PLAYING:
            break
        table = nxt
    return table


@pytest.fixture
def make_table():
    return random_table
