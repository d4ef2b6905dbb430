"""Fixtures for the engine tests: deals and moves written as readable strings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from allfives.engine import ALL_TILES, Event, GameState, Rules, Tile


def parse_tiles(text: str) -> list[Tile]:
    """`"5-5 5-0 4-2"` -> three tiles, in that order."""
    return [Tile.model_validate(t) for t in text.split()]


def deal_state(hands: list[str], *, leader: int = 0, boneyard: str = "", seed: int | str = 7,
               rules: Rules | None = None, **rule_fields: Any) -> GameState:
    """A game whose first hand is dealt as written: one string per seat.

    The boneyard is drawn in the order written, then every tile not named anywhere, in
    id order. Rules come from `rules` or from keyword fields (seats default to the number
    of hands, hand_size to the size of the first hand).
    """
    dealt = [parse_tiles(h) for h in hands]
    if rules is None:
        rule_fields.setdefault("seats", len(dealt))
        rule_fields.setdefault("hand_size", len(dealt[0]))
        rules = Rules(**rule_fields)
    named = parse_tiles(boneyard)
    used = {t for h in dealt for t in h} | set(named)
    bones = named + [t for t in ALL_TILES if t not in used]
    state, _ = GameState.empty(rules, seed).start_hand(dealt, bones, leader)
    return state


def play_moves(state: GameState, *moves: str) -> tuple[GameState, list[Event]]:
    """Apply moves written as in a record (`"5-3"`, `"5-3 E"`, `"draw"`, `"pass"`); all events."""
    events: list[Event] = []
    for move in moves:
        state, new = state.apply(move)
        events.extend(new)
    return state, events


@pytest.fixture
def deal() -> Callable[..., GameState]:
    return deal_state


@pytest.fixture
def play() -> Callable[..., tuple[GameState, list[Event]]]:
    return play_moves
