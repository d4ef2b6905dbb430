"""The review's positions: every step equals the engine's state replayed to that move."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from allfives.engine import GameState, HandResult, replay, to_record
from allfives.engine.positions import Timeline, hand_ends, walk


def cut(game: GameState, hand: int, move: int) -> dict:
    """The game's record stopped after `move` moves of `hand`."""
    record = to_record(game)
    record["hands"] = record["hands"][:hand]
    record["hands"][-1]["moves"] = record["hands"][-1]["moves"][:move]
    return record


@pytest.mark.parametrize("seats", [2, 4])
def test_every_position_is_the_record_replayed_to_it(play_game: Callable[..., GameState], seats: int) -> None:
    game = play_game(11, seats=seats, target=60 if seats == 2 else 40)
    timeline = Timeline(game)
    assert len(timeline.steps) == sum(len(h.moves) + 1 for h in game.log)
    for hand, move in timeline.steps[::7] + (timeline.steps[-1],):
        position = timeline.at(hand, move)
        state, events = replay(cut(game, hand, move))
        assert position.state == state
        assert position.events == tuple(tuple(e) for e in events)
        assert position.last_move == (game.log[hand - 1].moves[move - 1] if move else None)
    assert timeline.at(*timeline.steps[-1]).state == game


def test_stepping_stops_at_the_ends_of_the_game(play_game: Callable[..., GameState]) -> None:
    timeline = Timeline(play_game(12, target=150))
    assert timeline.hands >= 3
    first, last = timeline.steps[0], timeline.steps[-1]
    assert timeline.step(*first, -1) == first and timeline.step(*last, 1) == last
    assert timeline.step(1, timeline.moves_in(1), 1) == (2, 0)
    assert timeline.step(2, 0, -1) == (1, timeline.moves_in(1))
    assert timeline.hand_step(1, 1) == (2, 0)
    assert timeline.hand_step(1, -1, at_end=True) == (1, timeline.moves_in(1))
    assert timeline.hand_step(timeline.hands, 5) == (timeline.hands, 0)
    with pytest.raises(IndexError):
        timeline.at(1, timeline.moves_in(1) + 1)


def test_the_fast_replay_agrees_with_the_engine(play_game: Callable[..., GameState]) -> None:
    game = play_game(13, seats=3, target=60)
    _, per_hand = replay(to_record(game))
    results = [next((e for e in events if isinstance(e, HandResult)), None) for events in per_hand]
    for end, result in zip(hand_ends(game), results, strict=True):
        if result is None:
            assert end.result is None
        else:
            assert tuple(end.scores) == result.scores and end.result.deductions == result.deductions
    assert tuple(hand_ends(game)[-1].scores) == game.scores
    counted = [(h, m) for h, m, _, _ in walk(game)]
    assert counted == [(h, m) for h, log in enumerate(game.log, 1) for m in range(1, len(log.moves) + 1)]
