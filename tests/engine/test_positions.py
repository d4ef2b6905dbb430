"""The review's positions: every step equals the engine's state replayed to that move, built only when
visited and few kept."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from allfives.engine import GameState, HandResult, Rules, replay, to_record
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


def random_game(seed: int, rules: Rules, moves: int) -> GameState:
    """A game of seeded random legal moves through the public API, stopped after `moves` moves (or won)."""
    rng = random.Random(seed)
    state = GameState.new(rules, seed=seed)
    for _ in range(moves):
        if state.phase == "game_over":
            break
        if state.phase == "hand_over":
            state, _ = state.next_hand()
            continue
        state, _ = state.apply(rng.choice(state.legal_moves()))
    return state


def eager_positions(game: GameState) -> Iterator[tuple[tuple[int, int], GameState, tuple]]:
    """Every step built the slow way, state after state through the public API: (step, state, events)."""
    state = GameState.empty(game.rules, game.seed)
    done: list[tuple] = []
    for h, log in enumerate(game.log, start=1):
        state, events = state.start_hand(list(log.hands), list(log.boneyard), log.leader, log.deal)
        yield (h, 0), state, (*done, tuple(events))
        for m, move in enumerate(log.moves, start=1):
            state, new = state.apply(move)
            events.extend(new)
            yield (h, m), state, (*done, tuple(events))
        done.append(tuple(events))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.sampled_from([2, 3, 4]), muggins=st.booleans(),
       finish=st.booleans(), moves=st.integers(1, 160))
def test_positions_built_lazily_equal_the_eager_ones(seed: int, seats: int, muggins: bool, finish: bool,
                                                   moves: int) -> None:
    rules = Rules(seats=seats, target=60, end_of_hand="muggins" if muggins else "deduct",
                  win_check="finish_hand" if finish else "immediate")
    game = random_game(seed, rules, moves)
    timeline = Timeline(game, kept=3)
    eager = list(eager_positions(game))
    assert list(timeline.steps) == [step for step, _, _ in eager] == list(timeline.steps[:])
    order = list(range(len(eager)))
    random.Random(seed).shuffle(order)  # visited in any order, against a cache of three
    for i in order:
        step, state, events = eager[i]
        position = timeline.at(*step)
        assert position.state == state, step
        assert position.events == events and len(position.events) == step[0]
        assert tuple(position.events[:-1]) == events[:-1] and position.events[-1] == events[-1]
        assert timeline.hand_events(*step) == events[-1]  # a hand's events up to a move, on their own
        assert timeline.steps[i] == step and timeline.index(*step) == i
        assert timeline.kept <= 3
    assert timeline.at(*timeline.steps[-1]).state == game


def test_the_cache_of_positions_stays_bounded(play_game: Callable[..., GameState]) -> None:
    game = play_game(14, seats=3, target=80)
    timeline = Timeline(game, kept=5)
    for step in timeline.steps:
        timeline.at(*step)
        assert timeline.kept <= 5
    assert timeline.built == len(timeline.steps)
    again = timeline.steps[-3:]
    for step in again:  # the latest are kept: visiting them again builds nothing
        timeline.at(*step)
    assert timeline.built == len(timeline.steps)
    timeline.at(1, 0)
    assert timeline.built == len(timeline.steps) + 1 and timeline.kept == 5


def test_steps_are_found_by_arithmetic(play_game: Callable[..., GameState]) -> None:
    game = play_game(12, target=150)
    steps = Timeline(game).steps
    listed = [(h, m) for h, log in enumerate(game.log, 1) for m in range(len(log.moves) + 1)]
    assert len(steps) == len(listed) and steps[-1] == listed[-1] and steps[-len(listed)] == listed[0]
    assert steps[3:40:5] == tuple(listed[3:40:5]) and steps[::-1] == tuple(reversed(listed))
    assert all(steps.index(step) == i for i, step in enumerate(listed))
    for outside in [(0, 0), (1, len(game.log[0].moves) + 1), (len(game.log) + 1, 0), (1, -1), "1", (True, 0)]:
        assert outside not in steps
        with pytest.raises(ValueError):
            steps.index(outside)
    with pytest.raises(IndexError):
        steps[len(listed)]

