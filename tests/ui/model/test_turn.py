"""The person's turn: the pure steps (choose a tile, an end, draw, put back, hint) without Textual."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from allfives.engine import ALL_TILES, GameState, Move, Rules, SeatView, Tile
from allfives.ui.model import turn as steps
from allfives.ui.model.turn import TurnState
from tests.ui.positions import position

# Seat 0 (having led 6-4) to move with ends W 6, E 1: 6-1 fits both, 3-3 2-0 5-5 fit none.
TWO_ENDS = position(["6-4 6-1 3-3 2-0 5-5", "4-1 0-0 1-1 2-2 4-4"], "6-4, 4-1 E")
# Seat 0 to move with the spinner 6-6 open on W (6) and 6-0 on E (0): 6-2 fits W only.
ONE_END = position(["6-6 6-2 3-3 1-1 5-5", "6-0 0-0 4-4 2-2 4-1"], "6-6, 6-0 E")
# The spinner 5-5 led, its W arm back to 5 (5-3, 3-2, 2-5) and its E side bare: both ends take a 5, but
# the 5-0 scores 10 on W (the spinner still counts) and 5 on E (covering it): not the same play.
SAME_PIPS = position(["4-4 5-5 2-0 3-2 1-0 6-2 4-3 0-0 5-0", "6-6 6-4 5-3 2-2 5-2 1-1 5-1 6-3 6-0"],
                     "5-5, 5-3 W, 3-2 W, 5-2 W", boneyard="4-0 3-3 3-1 4-1 4-2 5-4 6-1 2-1 3-0 6-5")
# Seat 0 to move and nothing fits: it must draw.
MUST_DRAW = position(["6-6 1-1 2-2 3-3 1-0", "6-5 4-4 5-5 4-2 5-2"], "6-6, 6-5 E")


def me(state: GameState) -> SeatView:
    return state.view(state.turn)


def tiles_named(text: str) -> set[str]:
    return set(re.findall(r"\b\d-\d\b", text))


def test_a_tile_that_fits_nothing_is_refused_in_the_players_words() -> None:
    step = steps.choose_tile(TurnState(), me(TWO_ENDS), Tile("3-3"))
    assert step.move is None and step.turn.chosen is None
    text = step.turn.notice.plain
    assert "3-3 can't be played" in text and "W 6, E 1" in text
    assert "seat" not in text and tiles_named(text) == {"3-3"}
    assert step.turn.cursor == TWO_ENDS.hands[0].index(Tile("3-3"))


def test_a_tile_that_fits_two_ends_is_picked_up_then_placed() -> None:
    view = me(TWO_ENDS)
    step = steps.choose_tile(TurnState(), view, Tile("6-1"))
    assert step.move is None and step.turn.chosen == Tile("6-1") and step.turn.end == "W"
    placed = steps.choose_end(step.turn, view, "E")
    assert placed.move == Move.play("6-1", "E")
    assert placed.turn.chosen is None and placed.turn.notice is None
    assert placed.turn.cursor == step.turn.cursor  # the cursor stays where it was


def test_two_ends_that_take_the_same_pip_are_a_choice_too() -> None:
    """One click plays only a tile that fits one end: two ends with the same pip can differ (the spinner's
    bare side, the points), so the tile is picked up and both ends lit with what each scores."""
    view = me(SAME_PIPS)
    assert view.layout.open_ends == {"W": 5, "E": 5}
    step = steps.choose_tile(TurnState(), view, Tile("5-0"))
    assert step.move is None and step.turn.chosen == Tile("5-0")
    assert view.layout.points_for(Tile("5-0")) == {"W": 10, "E": 5}


def test_choosing_the_chosen_tile_again_plays_it_on_the_focused_end() -> None:
    view = me(TWO_ENDS)
    turn = steps.choose_tile(TurnState(), view, Tile("6-1")).turn
    turn = steps.cycle_end(turn, view, 1)
    assert turn.end == "E"
    assert steps.cycle_end(turn, view, 1).end == "W"  # round the lit ends
    assert steps.choose_tile(turn, view, Tile("6-1")).move == Move.play("6-1", "E")
    assert steps.choose(turn, view).move == Move.play("6-1", "E")  # Enter: the tile under the cursor


def test_an_end_that_is_not_open_is_refused() -> None:
    view = me(TWO_ENDS)
    turn = steps.choose_tile(TurnState(), view, Tile("6-1")).turn
    step = steps.choose_end(turn, view, "N")
    assert step.move is None and step.turn.chosen == Tile("6-1")
    assert "Not there" in step.turn.notice.plain and "no open N end" in step.turn.notice.plain


def test_an_end_the_tile_does_not_fit_is_refused() -> None:
    view = me(ONE_END)
    assert steps.ends_for(view, Tile("6-2")) == ("W",)
    turn = TurnState(chosen=Tile("6-2"), end="W")  # picked up (as a hint may leave it)
    step = steps.choose_end(turn, view, "E")
    assert step.move is None and "6-2 does not fit end E, which takes a 0" in step.turn.notice.plain


def test_an_end_before_a_tile_asks_for_the_tile_first() -> None:
    step = steps.choose_end(TurnState(), me(TWO_ENDS), "W")
    assert step.move is None and "Choose a tile from your hand first" in step.turn.notice.plain


def test_a_tile_that_fits_one_end_is_played_at_once() -> None:
    assert steps.choose_tile(TurnState(), me(ONE_END), Tile("6-2")).move == Move.play("6-2", "W")


def test_any_tile_leads() -> None:
    lead = position(["6-4 6-1 3-3 2-0 5-5", "4-1 0-0 1-1 2-2 4-4"])
    assert steps.choose_tile(TurnState(), me(lead), Tile("3-3")).move == Move.play("3-3")


def test_put_back() -> None:
    view = me(TWO_ENDS)
    turn = steps.choose_tile(TurnState(), view, Tile("6-1")).turn
    step = steps.deselect(turn, view)
    assert step.move is None and step.turn.chosen is None and step.turn.end is None


def test_drawing_while_a_tile_fits_is_refused_without_naming_it() -> None:
    step = steps.draw(TurnState(), me(TWO_ENDS))
    assert step.move is None
    text = step.turn.notice.plain
    assert "you may not draw" in text and not tiles_named(text) and "seat" not in text


def test_with_nothing_to_play_the_person_draws() -> None:
    view = me(MUST_DRAW)
    assert steps.must_draw(view)
    refused = steps.choose_tile(TurnState(), view, Tile("1-1"))
    assert refused.move is None and "draw" in refused.turn.notice.plain
    assert steps.draw(TurnState(), view).move == Move.draw()
    assert steps.choose(TurnState(), view).move == Move.draw()  # Enter draws, as the prompt says


def test_the_cursor_wraps_round_the_hand() -> None:
    view = me(TWO_ENDS)
    last = len(view.hand) - 1
    assert steps.move_cursor(TurnState(cursor=last), view, 1).cursor == 0
    assert steps.move_cursor(TurnState(cursor=0), view, -1).cursor == last


def test_a_hint_picks_up_its_tile_and_enter_plays_it_where_it_said() -> None:
    view = me(TWO_ENDS)
    turn = steps.hint_arrived(TurnState(), view, Move.play("6-1", "E"))
    assert turn.chosen == Tile("6-1") and turn.end == "E" and turn.hint == Move.play("6-1", "E")
    assert turn.cursor == TWO_ENDS.hands[0].index(Tile("6-1"))
    assert "Hint: play 6-1 on E" in turn.notice.plain
    assert steps.choose(turn, view).move == Move.play("6-1", "E")


def test_a_hint_with_a_reason_says_it_in_one_line() -> None:
    view = me(TWO_ENDS)
    why = "scores 10 and lets the next player score 5"
    turn = steps.hint_arrived(TurnState(), view, Move.play("6-1", "E"), why)
    assert turn.notice.plain == f"Hint: 6-1 on E — {why}."
    assert turn.chosen == Tile("6-1") and steps.choose(turn, view).move == Move.play("6-1", "E")


def test_a_hint_to_draw() -> None:
    turn = steps.hint_arrived(TurnState(), me(MUST_DRAW), Move.draw())
    assert turn.hint == Move.draw() and "draw" in turn.notice.plain


def take(action: str, n: int, turn: TurnState, view: SeatView, tile: Tile) -> steps.Step:
    """One click or key of the person, as a step."""
    if action == "tile":
        return steps.choose_tile(turn, view, tile)
    if action == "end":
        return steps.choose_end(turn, view, "WENS"[n % 4])
    if action == "draw":
        return steps.draw(turn, view)
    if action == "enter":
        return steps.choose(turn, view)
    if action == "back":
        return steps.deselect(turn, view)
    if action == "miss":
        return steps.missed_end(turn, view)
    if action == "cycle":
        return steps.Step(steps.cycle_end(turn, view, 1 if n % 2 else -1))
    return steps.Step(steps.move_cursor(turn, view, 1 if n % 2 else -1))


ACTIONS = st.lists(st.tuples(st.sampled_from(["tile", "end", "draw", "enter", "back", "cycle", "cursor",
                                              "miss"]), st.integers(0, 8)), max_size=12)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), plays=st.integers(0, 30), actions=ACTIONS)
def test_steps_only_make_legal_moves_and_name_only_the_chosen_tile(seed: int, plays: int, actions) -> None:
    rng = random.Random(seed)
    state = GameState.new(Rules(seats=rng.choice([2, 3, 4])), seed)
    for _ in range(plays):
        if state.phase != "playing":
            break
        state, _ = state.apply(rng.choice(state.legal_moves()))
    if state.phase != "playing":
        return
    view = me(state)
    turn = TurnState()
    chosen_ever: set[str] = set()  # a notice may name only a tile the person chose (clicked, Enter)
    for action, n in actions:
        hand = view.hand
        tile = hand[n % len(hand)]
        step = take(action, n, turn, view, tile)
        if action == "tile":
            chosen_ever.add(str(tile))
        elif action == "enter":
            chosen_ever.add(str(hand[min(turn.cursor, len(hand) - 1)]))
        if step.move is not None:
            assert step.move in view.legal_moves or (step.move.end is None and view.layout.empty)
            return
        turn = step.turn
        if turn.notice is not None:
            assert "seat" not in turn.notice.plain
            assert tiles_named(turn.notice.plain) <= chosen_ever, (action, turn.notice.plain)
        assert 0 <= turn.cursor < len(hand)
        assert turn.chosen is None or turn.end in steps.ends_for(view, turn.chosen)


MOVES = st.one_of(st.just(Move.draw()), st.just(Move.pass_()),
                  st.builds(lambda t, e: Move.play(ALL_TILES[t], e), st.integers(0, 27),
                            st.sampled_from([None, "W", "E", "N", "S"])))


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10_000), plays=st.integers(0, 30), move=MOVES)
def test_a_refused_move_is_told_in_the_players_words(seed: int, plays: int, move: Move) -> None:
    """The local session refuses with the person's reasons: no seat numbers, no tile but the one tried."""
    from allfives.engine import Game, Hands, IllegalMove
    from allfives.play.session import Session
    from allfives.play.setup import GameSetup, default_players

    rng = random.Random(seed)
    state = GameState.new(Rules(seats=rng.choice([2, 3, 4])), seed)
    for _ in range(plays):
        if state.phase != "playing":
            break
        state, _ = state.apply(rng.choice(state.legal_moves()))
    session = Session(GameSetup(rules=state.rules, players=default_players(state.rules.seats)),
                      Game(state, Hands([[]])))
    if state.why_not(move) is None:
        return
    try:
        session.apply(move)
    except IllegalMove as e:
        reason = str(e)
    else:
        raise AssertionError(f"{move} was made")
    assert "seat" not in reason and session.state is state
    assert tiles_named(reason) <= ({str(move.tile)} if move.tile is not None else set()), reason
