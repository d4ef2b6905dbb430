"""No bot ever makes an illegal move, whatever the seats and options."""

from __future__ import annotations

import pytest

from allfives.bots import ALL_LEVELS, LEVELS, make_bot
from allfives.bots.match import play_game
from allfives.engine import GameState, Rules


def test_levels_offered_to_players() -> None:
    assert LEVELS == ("easy", "medium", "hard", "expert")
    assert set(LEVELS) < set(ALL_LEVELS) and not any(lv.startswith("oracle") for lv in LEVELS)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")


@pytest.mark.parametrize("rules", [
    Rules(seats=2, target=120),
    Rules(seats=3, target=100, end_of_hand="muggins"),
    Rules(seats=4, target=100, win_check="finish_hand"),
    Rules(seats=4, partnership=False, hand_size=7, target=80),
    Rules(seats=2, hand_size=5, target=80, end_of_hand="muggins", win_check="finish_hand"),
])
def test_every_level_plays_legally_through_the_public_interface(rules: Rules) -> None:
    """Whole games through SeatView and Move, the way the UI calls the bots."""
    levels = ["hard", "oracle", "medium", "easy"][: rules.seats]
    if rules.seats == 2:
        levels = ["hard", "random"] if rules.hand_size == 5 else ["oracle", "medium"]
    bots = [make_bot(lv, seed=seat, simulations=1) for seat, lv in enumerate(levels)]
    state = GameState.new(rules, seed=11)
    moves = 0
    while state.phase != "game_over" and moves < 600:
        if state.phase == "hand_over":
            state, _ = state.next_hand()
            continue
        view = state.view(state.turn)
        move = bots[state.turn].choose(view, state if levels[state.turn] == "oracle" else None)
        assert move in view.legal_moves
        state, _ = state.apply(move, seat=state.turn)
        moves += 1
    assert moves > 20


@pytest.mark.parametrize("seats,partnership", [(2, False), (3, False), (4, True), (4, False)])
def test_many_fast_games_stay_legal(seats: int, partnership: bool) -> None:
    """Many games on the match driver, whose every move goes through the core's checked `apply`."""
    rules = Rules(seats=seats, partnership=partnership, target=150).to_core()
    cast = ["random", "easy", "medium", "hard"]
    for game in range(6):
        seating = [cast[(game + s) % 4] for s in range(seats)]
        result = play_game(rules, seating, deal_seed=game, bot_seeds=[game * 10 + s for s in range(seats)],
                           sims=1, budget=1.0)
        assert result["winner"] in seating
        assert result["gains"]


def test_choose_refuses_when_it_is_not_the_seats_turn() -> None:
    state = GameState.new(Rules(seats=2), seed=3)
    idle = 1 - state.turn
    with pytest.raises(ValueError):
        make_bot("easy").choose(state.view(idle))


def test_oracle_needs_the_state_and_others_ignore_it() -> None:
    state = GameState.new(Rules(seats=2), seed=4)
    view = state.view(state.turn)
    with pytest.raises(ValueError):
        make_bot("oracle", simulations=1).choose(view)
    assert make_bot("oracle", simulations=1).choose(view, state) in view.legal_moves
    # a seat-view bot decides the same with or without the state: it never reads it
    hard = make_bot("hard", seed=2, simulations=2)
    assert hard.choose(view) == hard.choose(view, state)


def test_fast_view_matches_the_public_view() -> None:
    """The match driver's shortcut (`seen_from_table`) sees exactly what a SeatView shows."""
    from allfives.bots.knowledge import seen_from_table, seen_from_view

    state = GameState.new(Rules(seats=3), seed=9)
    for _ in range(12):
        if state.phase != "playing":
            break
        table = state.to_table()
        for seat in range(3):
            a, b = seen_from_view(state.view(seat)), seen_from_table(table, seat)
            assert a._replace(layout=None) == b._replace(layout=None)
            assert a.layout.pips == b.layout.pips and a.layout.total() == b.layout.total()
        state, _ = state.apply(make_bot("random", seed=1).choose(state.view(state.turn)))


def test_bots_cannot_tell_deals_apart_that_their_seat_cannot() -> None:
    """Two deals that differ only in the hidden tiles give seat 0 the same view, so the same move."""
    own = list(range(9))
    rest = list(range(9, 28))
    first = GameState.empty(Rules(seats=2)).start_hand([own, rest[:9]], rest[9:], leader=0)[0]
    second = GameState.empty(Rules(seats=2)).start_hand([own, rest[-9:]], rest[:-9], leader=0)[0]
    assert first.hands[1] != second.hands[1]
    for level in ("easy", "medium", "hard"):
        moves = {str(make_bot(level, seed=4, simulations=3).choose(s.view(0))) for s in (first, second)}
        assert len(moves) == 1
