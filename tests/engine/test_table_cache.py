"""The table a state caches for speed must be exactly the table its fields describe."""

import copy
import random

import pytest

from allfives.engine import GameState, Rules
from allfives.engine.core import Layout, Table


def _fields(table: Table) -> dict:
    out = {f: getattr(table, f) for f in Table.__slots__ if f != "layout"}
    out["layout"] = {f: getattr(table.layout, f) for f in Layout.__slots__}
    return out


@pytest.mark.parametrize("rules", [Rules(seats=2, target=80), Rules(seats=3, target=60),
                                   Rules(seats=4, target=60, end_of_hand="muggins")])
def test_cached_table_matches_a_rebuilt_one_at_every_step(rules: Rules) -> None:
    rng = random.Random(7)
    state = GameState.new(rules, seed=27)  # (a seed whose games run past 50 steps at all three tables)
    steps = 0
    while state.phase != "game_over" and steps < 600:
        assert _fields(state.to_table()) == _fields(state._build_table())
        if state.phase == "hand_over":
            state, _ = state.next_hand()
        else:
            state, _ = state.apply(rng.choice(state.legal_moves()))
        steps += 1
    assert steps > 50


def test_a_changed_copy_does_not_use_the_originals_table() -> None:
    state = GameState.new(Rules(), seed=3)
    changed = state.model_copy(update={"scores": (40, 0)})
    assert changed.to_table().scores == [40, 0]
    assert copy.deepcopy(state) == state


def test_to_table_hands_out_a_private_copy() -> None:
    state = GameState.new(Rules(), seed=3)
    table = state.to_table()
    table.apply_unchecked(*table.legal_moves()[0])
    assert _fields(state.to_table()) == _fields(state._build_table())
