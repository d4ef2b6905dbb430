"""The game as played (`Game`, `SeenGame`, `Hands`) and `AmbiguousMove`, on random legal play.

The hosts of a table each folded a game's events by hand before `Game` (a list per hand, a move's
events added to the last, a deal opening the next); `folded` below is that fold, the oracle the
one type must agree with.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from allfives.engine import (
    AmbiguousMove,
    Drew,
    Event,
    Game,
    GameState,
    HandDealt,
    Hands,
    IllegalMove,
    Move,
    Rules,
    SeenGame,
    for_seat,
    replay,
)

FAST = settings(deadline=None, max_examples=30, suppress_health_check=[HealthCheck.too_slow])
RULES = st.builds(lambda seats, target, muggins: Rules(seats=seats, target=target,
                                                      end_of_hand="muggins" if muggins else "deduct"),
                  st.sampled_from([2, 3, 4]), st.integers(40, 150), st.booleans())


def folded(hands: list[list[Event]], events: list[Event]) -> None:
    """What every host did with a step's events: a deal opens a hand, the rest go on the last."""
    for ev in events:
        if isinstance(ev, HandDealt) or not hands:
            hands.append([])
        hands[-1].append(ev)


def random_game(rules: Rules, seed: int, steps: int
                ) -> tuple[Game, list[list[Event]], list[tuple[Game, list[Event]]]]:
    """`steps` random legal steps (moves and deals) through `Game`; the hosts' fold beside it, and
    each step's game and events."""
    rng = random.Random(seed)
    game = Game.new(rules, seed)
    hands: list[list[Event]] = [list(game.hands[0])]
    seen = [(game, list(game.hands[0]))]
    for _ in range(steps):
        if game.phase == "game_over":
            break
        if game.phase == "hand_over":
            game, events = game.next_hand()
        else:
            game, events = game.apply(rng.choice(game.state.legal_moves()))
        folded(hands, events)
        seen.append((game, events))
    return game, hands, seen


def truncated(record: dict, back: int) -> dict:
    moves = record["hands"][-1]["moves"]
    record["hands"][-1]["moves"] = moves[:len(moves) - back]
    return record


@FAST
@given(rules=RULES, seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_a_game_holds_the_events_the_hosts_folded_and_its_record_replays_to_it(
        rules: Rules, seed: int, steps: int) -> None:
    game, hands, _ = random_game(rules, seed, steps)
    assert game.hands == hands and len(game.hands) == game.state.hand_number
    assert game.events == tuple(hands[-1]) and game.hands.last == game.hands[-1]
    state, per_hand = replay(game.to_record(private=True))  # (a save: the hand in play's secret too)
    assert state == game.state and game.hands == per_hand
    assert Game.from_record(game.to_record(private=True)) == game == Game.of(game.state)
    shared = replay(game.to_record())[0]  # a record to share: the hand in play's secret left out
    in_play = game.phase == "playing"
    assert shared.log[-1].deal == game.deal.model_copy(update={"secret": None} if in_play else {})
    assert shared.log[:-1] == game.state.log[:-1]


@FAST
@given(rules=RULES, seed=st.integers(0, 10_000), steps=st.integers(1, 120), data=st.data())
def test_undo_is_the_record_without_the_moves_and_the_moves_made_again_give_the_game_back(
        rules: Rules, seed: int, steps: int, data: st.DataObject) -> None:
    game, _, _ = random_game(rules, seed, steps)
    made_here = len(game.state.log[-1].moves)
    back = data.draw(st.integers(0, made_here))
    undone = game.undo(back)
    assert undone == Game.from_record(truncated(game.to_record(private=True), back))
    again = undone
    for move in game.state.log[-1].moves[made_here - back:]:
        again, _ = again.apply(move)
    assert again == game
    assert all(mine is theirs for mine, theirs in zip(undone.hands[:-1], game.hands[:-1], strict=True))
    with pytest.raises(ValueError, match="cannot be taken back"):
        game.undo(made_here + 1)


@FAST
@given(rules=RULES, seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_a_seat_never_sees_another_seats_drawn_tile_and_its_updates_fold_to_its_view(
        rules: Rules, seed: int, steps: int) -> None:
    game, _, seen = random_game(rules, seed, steps)
    for seat in range(rules.seats):
        remote: SeenGame | None = None
        client: list[list[Event]] = []  # what the client and the remote session folded before
        for step, events in seen:
            view = step.state.view(seat)
            remote = (SeenGame.from_snapshot(view) if remote is None else remote).with_update(
                for_seat(events, seat), view)
            folded(client, list(for_seat(events, seat)))
        whole = game.view(seat)
        assert remote == whole and whole.view == game.state.view(seat) and remote.hands == client
        assert whole.winner == game.state.winner and whole.result == game.state.result
        for hand, truth in zip(whole.hands, game.hands, strict=True):
            assert len(hand) == len(truth)
            for ev, true in zip(hand, truth, strict=True):
                if isinstance(ev, Drew):
                    assert ev.tile == (true.tile if ev.seat == seat else None)
                else:
                    assert ev is true


def fits(state: GameState, move: Move) -> list[str]:
    """The open ends a tile fits, worked out here from the layout (not by the engine)."""
    tile = move.tile
    assert tile is not None
    return [end for end, pip in state.layout.open_ends.items() if pip in (tile.high, tile.low)]


@FAST
@given(rules=RULES, seed=st.integers(0, 10_000), steps=st.integers(0, 80))
def test_ambiguous_exactly_when_a_tile_in_hand_fits_several_ends_and_none_is_named(
        rules: Rules, seed: int, steps: int) -> None:
    game, _, _ = random_game(rules, seed, steps)
    state = game.state
    if state.phase != "playing":
        return
    seat = state.view(state.turn)
    for tile in state.hands[state.turn]:
        move = Move.play(tile)
        ends = fits(state, move)
        several = not state.layout.empty and len(ends) > 1
        for check in (lambda m: state.apply(m), seat.check):
            try:
                check(move)
            except AmbiguousMove as e:
                assert several and set(e.ends) == set(ends) and e.tile == tile.id
            except IllegalMove:
                assert not several and not ends and not state.layout.empty
            else:
                assert not several
        for end in ends:  # an end named is never ambiguous
            assert seat.check(Move.play(tile, end)) == Move.play(tile, end)
    for other in range(rules.seats):
        if other != state.turn:
            with pytest.raises(IllegalMove, match="turn") as refused:
                state.view(other).check(state.legal_moves()[0])
            assert not isinstance(refused.value, AmbiguousMove)


def test_a_tile_fitting_both_sides_of_the_spinner_is_ambiguous_and_the_refusal_pickles(deal) -> None:
    dealt = deal(["5-0 3-1 4-2", "5-5 6-4 6-2"], leader=1)
    assert dealt.view(1).check("5-5") == Move.play("5-5")  # a lead takes no end
    state, _ = dealt.apply("5-5")
    with pytest.raises(AmbiguousMove) as refused:
        state.apply("5-0")
    assert refused.value.ends == ("W", "E")
    assert str(refused.value) == "5-0 fits more than one end (W E): name one"
    with pytest.raises(AmbiguousMove):
        state.view(0).check("5-0")
    assert state.view(0).check("5-0 E") == Move.play("5-0", "E")
    copy = pickle.loads(pickle.dumps(refused.value))
    assert (type(copy), copy.tile, copy.ends, str(copy)) == (AmbiguousMove, refused.value.tile, ("W", "E"),
                                                             str(refused.value))


def test_hands_share_the_finished_hands_and_equal_any_sequence_of_the_same_events() -> None:
    game, hands, _ = random_game(Rules(seats=2, target=100), 4, 60)
    assert len(game.hands) >= 2
    after, events = game.apply(game.state.legal_moves()[0]) if game.phase == "playing" else game.next_hand()
    finished = len(game.hands) - 1
    assert all(after.hands[n] is game.hands[n] for n in range(finished))  # shared, not copied
    assert game.hands == hands and game.hands == tuple(map(tuple, hands)) and game.hands != hands[:-1]
    assert game.hands != "hands" and Hands() == [] and Hands([[]]) == [[]] and len(Hands([[]])) == 1
    dealt = HandDealt(hand_number=1, leader=0)
    assert Hands().with_events([]) == [] and Hands().with_events([dealt]) == [[dealt]]
    assert Hands([[dealt]]).with_events([dealt, dealt]) == [[dealt], [dealt], [dealt]]
    assert game.hands[-2:] == tuple(map(tuple, hands[-2:])) and game.hands[-1] == tuple(hands[-1])
    with pytest.raises(IndexError):
        game.hands[len(hands)]
    with pytest.raises(TypeError):
        hash(game.hands)
