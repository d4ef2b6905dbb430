"""Fixtures shared by every test folder: whole games played by quick bots from a seed."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from allfives.bots import make_bot
from allfives.engine import GameState, Rules, core


def seeded_game(seed: int, seats: int = 2, levels: Sequence[str] = ("easy", "medium"),
                stop_after: int | None = None, **rules: object) -> GameState:
    """A game played to its end (or `stop_after` moves) by bots of the given levels, seat after seat."""
    state = GameState.new(Rules(seats=seats, **rules), seed=seed)
    bots = [make_bot(levels[s % len(levels)], seed=seed * 10 + s) for s in range(seats)]
    moves = 0
    while state.phase != "game_over" and (stop_after is None or moves < stop_after):
        if state.phase == "hand_over":
            state, _ = state.next_hand()
            continue
        state, _ = state.apply(bots[state.turn].choose(state.view(state.turn)))
        moves += 1
    return state


def long_record(hands: int, seed: int = 1) -> dict:
    """A record of `hands` hands of seeded random play on the core (quick even for thousands), 2 seats,
    a target nobody reaches (as benchmarks/engine.py's)."""
    rules = Rules(seats=2, target=10**9)
    rng = random.Random(seed)
    table = core.Table(rules.to_core())
    written = []
    while len(written) < hands:
        table.deal_next(seed)
        hand = {"hands": [[core.tile_name(t) for t in h] for h in table.hands],
                "boneyard": [core.tile_name(t) for t in table.boneyard], "leader": table.leader, "moves": []}
        while table.phase == core.PLAYING:
            kind, tile, end = rng.choice(table.legal_moves())
            table.apply_unchecked(kind, tile, end)
            hand["moves"].append("draw" if kind == core.DRAW else "pass" if kind == core.PASS else
                                 core.tile_name(tile) + (f" {core.END_NAMES[end]}" if end >= 0 else ""))
        written.append(hand)
    return {"format": "allfives-record/1", "rules": rules.model_dump(), "hands": written}


@pytest.fixture
def play_game() -> Callable[..., GameState]:
    return seeded_game


@pytest.fixture(autouse=True)
def dialogs_answer_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dialogs ignore clicks and keys for a moment after they open (a click meant for the table must
    not answer them); tests press at once, so the moment is none here. tests/ui/test_guard.py puts it
    back, with a clock of its own."""
    monkeypatch.setattr("allfives.ui.screens.guard.GRACE", 0.0)
