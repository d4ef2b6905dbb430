"""Every rule, option and worked example of RULES.md, played through the public engine API."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from allfives.engine import (
    ALL_TILES,
    Drew,
    GameState,
    GameWon,
    HandResult,
    IllegalMove,
    Move,
    Passed,
    Played,
    Rules,
    Scored,
    Tile,
    round_to_five,
    variant_hand_size,
)


def totals(events: list) -> list[tuple[int, int]]:
    """(open-end total, points) of every play, in order."""
    return [(e.total, e.points) for e in events if isinstance(e, Played)]


def ends(state: GameState) -> dict[str, int]:
    return dict(state.layout.open_ends)


# -- equipment, seats, the deal -----------------------------------------

def test_the_set_is_the_28_tiles_of_a_double_six_each_once() -> None:
    names = [str(t) for t in ALL_TILES]
    assert len(names) == len(set(names)) == 28
    assert {(t.high, t.low) for t in ALL_TILES} == {(a, b) for a in range(7) for b in range(a + 1)}
    assert [Tile.of(i).id for i in range(28)] == list(range(28))
    assert sum(t.is_double for t in ALL_TILES) == 7


def test_a_tile_reads_either_way_round_and_writes_high_first() -> None:
    assert Tile.model_validate("3-5") == Tile.model_validate("5-3") == Tile.model_validate((3, 5))
    assert str(Tile.model_validate("3-5")) == "5-3"
    assert Tile.model_validate("6-4").pips == 10
    with pytest.raises(ValidationError):
        Tile.model_validate("7-1")


@pytest.mark.parametrize("seats, partnership, size, target",
                         [(2, False, 9, 250), (3, False, 7, 200), (4, True, 5, 200)])
def test_defaults_for_each_number_of_seats(seats: int, partnership: bool, size: int, target: int) -> None:
    rules = Rules(seats=seats)
    assert (rules.partnership, rules.hand_size, rules.target) == (partnership, size, target)
    assert rules.end_of_hand == "deduct" and rules.win_check == "immediate"


@pytest.mark.parametrize("variant, sizes", [("standard", (9, 7, 5)), ("five_each", (5, 5, 5)),
                                            ("seven_five", (7, 5, 5))])
def test_hand_size_variants_deal_that_many_tiles(variant: str, sizes: tuple[int, int, int]) -> None:
    for seats, size in zip((2, 3, 4), sizes, strict=True):
        assert variant_hand_size(seats, variant) == size
        state = GameState.new(Rules(seats=seats, hand_size=size), seed=3)
        assert [len(h) for h in state.hands] == [size] * seats
        assert len(state.boneyard) == 28 - seats * size
        every = [t for h in state.hands for t in h] + list(state.boneyard)
        assert sorted(t.id for t in every) == list(range(28))


def test_an_unknown_variant_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown hand-size variant"):
        variant_hand_size(2, "six_each")


@pytest.mark.parametrize("fields, why", [
    ({"seats": 5}, "less than or equal to 4"),
    ({"seats": 1}, "greater than or equal to 2"),
    ({"seats": 2, "partnership": True}, "partnership needs 4 seats"),
    ({"seats": 3, "partnership": True}, "partnership needs 4 seats"),
    ({"seats": 3, "hand_size": 10}, "need more than 28 tiles"),
    ({"seats": 2, "end_of_hand": "double"}, "'deduct' or 'muggins'"),
])
def test_impossible_rules_are_refused(fields: dict, why: str) -> None:
    with pytest.raises(ValidationError, match=why):
        Rules(**fields)


def test_four_seats_may_play_cut_throat() -> None:
    rules = Rules(seats=4, partnership=False)
    assert rules.sides == 4 and [rules.side_of(s) for s in range(4)] == [0, 1, 2, 3]
    team = Rules(seats=4)
    assert team.sides == 2 and [team.side_of(s) for s in range(4)] == [0, 1, 0, 1]


def test_the_same_seed_deals_the_same_game() -> None:
    rules = Rules(seats=3)
    assert GameState.new(rules, seed=42) == GameState.new(rules, seed=42)
    deals = {GameState.new(rules, seed=s).hands for s in range(5)}
    assert len(deals) == 5


# -- leading ------------------------------------------------------------

def test_the_leader_may_lead_any_tile(deal) -> None:
    state = deal(["5-3 6-6 1-0 4-4 2-1", "6-5 6-4 6-3 6-2 6-1"])
    assert sorted(str(m) for m in state.legal_moves()) == ["1-0", "2-1", "4-4", "5-3", "6-6"]
    assert all(state.why_not(str(t)) is None for t in state.hands[0])


def test_the_lead_lies_with_its_high_half_toward_w(deal, play) -> None:
    state = deal(["3-5 6-6", "6-5 6-4"])
    after, events = play(state, "3-5")
    assert ends(after) == {"W": 5, "E": 3}
    assert after.layout.lead == Tile.model_validate("5-3")
    assert totals(events) == [(8, 0)]


def test_a_lone_first_tile_counts_both_halves(deal, play) -> None:
    _, events = play(deal(["6-4 0-0", "3-3 2-2"]), "6-4")
    assert totals(events) == [(10, 10)]


# -- worked examples of RULES.md ----------------------------------------

def test_example_lead_5_0_scores_5(deal, play) -> None:
    state, events = play(deal(["5-0 6-6", "3-3 2-2"]), "5-0")
    assert totals(events) == [(5, 5)]
    assert state.scores == (5, 0)
    assert events[-1] == Scored(seat=0, side=0, points=5, score=5)


def test_example_lead_spinner_5_5(deal, play) -> None:
    state = deal(["5-5 5-4 0-0", "5-0 5-1 6-6"])
    state, events = play(state, "5-5", "5-0 E", "5-4 W")
    assert totals(events) == [(10, 10), (10, 10), (4, 0)]
    assert ends(state) == {"W": 4, "E": 0, "N": 5, "S": 5}  # both sides covered: N and S open
    state, events = play(state, "5-1 N")
    assert totals(events) == [(5, 5)]
    assert state.scores == (10, 15)
    assert state.layout.spinner == Tile.model_validate("5-5") and state.layout.spinner_arm == "lead"


def test_example_spinner_played_onto_the_line_on_e(deal, play) -> None:
    state = deal(["4-2 5-5 0-0", "5-2 5-6 1-1"])
    state, events = play(state, "4-2", "5-2 E")
    assert ends(state) == {"W": 4, "E": 5}
    state, events = play(state, "5-5 E")
    assert totals(events) == [(14, 0)]
    assert state.layout.spinner_arm == "E" and state.layout.spinner_index == 1
    assert ends(state) == {"W": 4, "E": 5}  # the line covers its W side: only one side is covered
    state, events = play(state, "5-6 E")
    assert totals(events) == [(10, 10)]
    assert ends(state) == {"W": 4, "E": 6, "N": 5, "S": 5}
    assert state.scores == (0, 10)


def test_spinner_played_onto_the_line_on_w(deal, play) -> None:
    state = deal(["4-2 5-5 3-5", "5-4 5-6 1-1"])
    state, _ = play(state, "4-2", "5-4 W")
    state, events = play(state, "5-5 W")
    assert totals(events) == [(12, 0)]  # E 2 + the spinner's 10
    assert (state.layout.spinner_arm, state.layout.spinner_index) == ("W", 1)
    assert "N" not in ends(state)
    state, events = play(state, "5-6 W")
    assert totals(events) == [(8, 0)]  # the spinner now counts nothing
    assert ends(state) == {"W": 6, "E": 2, "N": 5, "S": 5}
    state, events = play(state, "5-3 N")
    assert totals(events) == [(11, 0)]


def test_example_lead_6_6_and_a_later_double(deal, play) -> None:
    state = deal(["6-6 6-4 1-1", "6-2 4-4 0-0"], leader=0)
    state, events = play(state, "6-6", "6-2 E", "6-4 W", "4-4 W")
    assert totals(events) == [(12, 0), (14, 0), (6, 0), (10, 10)]
    assert state.scores == (0, 10)
    # the 4-4 is an ordinary tile of the W arm: no new ends, still the 6-6 is the spinner
    assert ends(state) == {"W": 4, "E": 2, "N": 6, "S": 6}
    assert state.layout.spinner == Tile.model_validate("6-6")
    assert [str(p.tile) for p in state.layout.arms["W"]] == ["6-4", "4-4"]


def test_a_later_double_at_the_end_of_n_counts_both_halves(deal, play) -> None:
    state = deal(["6-6 6-4 3-3 1-1", "6-2 6-3 0-0 1-0"])
    state, events = play(state, "6-6", "6-2 E", "6-4 W", "6-3 N", "3-3 N")
    # W 4 + E 2 + N 3, then the 3-3 crosswise at the end of N: 4 + 2 + 6
    assert totals(events)[-2:] == [(9, 0), (12, 0)]
    assert ends(state) == {"W": 4, "E": 2, "N": 3, "S": 6}


def test_the_lead_double_is_the_spinner_and_n_s_wait_for_both_sides(deal, play) -> None:
    state, _ = play(deal(["5-5 0-0", "5-0 1-1"]), "5-5")
    assert state.layout.spinner_arm == "lead" and ends(state) == {"W": 5, "E": 5}
    state, _ = play(state, "5-0 E")
    assert ends(state) == {"W": 5, "E": 0}
    assert state.why_not("0-0 N") is not None


def test_only_the_first_double_is_the_spinner(deal, play) -> None:
    state = deal(["5-3 3-3 1-1", "5-5 0-0 2-2"])
    state, events = play(state, "5-3", "5-5 W", "3-3 E")
    assert state.layout.spinner == Tile.model_validate("5-5")
    assert state.layout.spinner_arm == "W"
    # the 3-3 lies crosswise on E: counts 6, plus the spinner's 10 (its W side open)
    assert totals(events)[-1] == (16, 0)
    assert ends(state) == {"W": 5, "E": 3}


# -- drawing and passing ------------------------------------------------

DRAW_DEAL = ["6-6 6-5 6-4 6-3 6-2 5-5 5-4 5-3 5-2", "4-4 4-3 4-2 4-1 3-3 3-2 3-1 2-2 2-1"]


def test_draw_until_a_playable_tile_which_must_then_be_played(deal, play) -> None:
    state, _ = play(deal(DRAW_DEAL, boneyard="0-0 1-0 6-1"), "6-6")
    assert state.legal_moves() == [Move.draw()]
    state, events = play(state, "draw")
    assert events == [Drew(seat=1, tile=Tile.model_validate("0-0"))]
    assert state.turn == 1 and state.legal_moves() == [Move.draw()]
    state, _ = play(state, "draw", "draw")
    assert state.turn == 1 and state.hands[1][-1] == Tile.model_validate("6-1")
    assert state.legal_moves() == [Move.play("6-1", "W"), Move.play("6-1", "E")]
    for move, rule in [("draw", "seat 1 holds a playable tile (6-1) and may not draw"),
                       ("pass", "seat 1 holds a playable tile (6-1) and may not pass")]:
        with pytest.raises(IllegalMove) as err:
            state.apply(move)
        assert str(err.value) == rule
    state, events = play(state, "6-1 E")
    assert totals(events) == [(13, 0)] and state.turn == 0
    assert len(state.boneyard) == 7


def test_a_player_holding_a_playable_tile_may_not_draw(deal, play) -> None:
    state, _ = play(deal(DRAW_DEAL, boneyard="0-0 1-0 6-1"), "6-6", "draw", "draw", "draw", "6-1 W")
    assert state.turn == 0
    assert state.why_not("draw") == "seat 0 holds a playable tile (6-5) and may not draw"


PASS_DEAL = ["6-6 6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4 5-3 5-2 5-1 5-0 4-4",
             "4-3 4-2 4-1 4-0 3-3 3-2 3-1 3-0 2-2 2-1 2-0 1-1 1-0 0-0"]


def test_pass_only_with_no_playable_tile_and_an_empty_boneyard(deal, play) -> None:
    state, _ = play(deal(PASS_DEAL), "6-6")
    assert state.boneyard == ()
    assert state.legal_moves() == [Move.pass_()]
    assert state.why_not("draw") == "the boneyard is empty: nothing to draw, the player must pass"
    state, events = play(state, "pass")
    assert events == [Passed(seat=1)]
    assert state.turn == 0 and state.phase == "playing"
    assert state.why_not("pass") == "seat 0 holds a playable tile (6-5) and may not pass"


def test_no_pass_while_the_boneyard_holds_tiles(deal, play) -> None:
    state, _ = play(deal(DRAW_DEAL), "6-6")
    assert state.why_not("pass") == "the boneyard is not empty: seat 1 must draw, not pass"


# -- the end of a hand --------------------------------------------------

BLOCK_MOVES = ("0-0", "1-0 W", "2-1 W", "2-0 W", "3-0 E", "4-3 E", "4-0 E", "5-0 N", "6-5 N", "6-0 N")
LOW_HAND = "1-1 3-1 4-1 5-1 6-1 2-2 3-2 4-2 5-2"  # 46 pips
HIGH_HAND = "6-2 3-3 5-3 6-3 4-4 5-4 6-4 5-5 6-6"  # 80 pips


def blocked_deal(deal, low: str = LOW_HAND, high: str = HIGH_HAND, **rules) -> GameState:
    """All 28 tiles dealt (14 each); ten plays put every blank on the table and block the hand."""
    return deal(["0-0 2-1 3-0 4-0 6-5 " + low, "1-0 2-0 4-3 5-0 6-0 " + high], seed=11, **rules)


def test_a_hand_is_blocked_the_moment_nobody_can_play(deal, play) -> None:
    state, events = play(blocked_deal(deal), *BLOCK_MOVES[:-1])
    assert state.phase == "playing"
    state, events = play(state, BLOCK_MOVES[-1])
    assert totals(events) == [(0, 0)]
    assert ends(state) == {"W": 0, "E": 0, "N": 0, "S": 0}
    assert state.phase == "hand_over"  # no passes round the table first
    assert state.log[-1].moves[-1] == Move.play("6-0", "N")
    result = state.result
    assert result is not None and result.reason == "blocked" and result.out_seat is None
    assert result.remaining_pips == (46, 80)
    assert result.rounded == (45, 80) and result.deductions == (45, 80)
    assert state.scores == (-45, 5 - 80)
    assert isinstance(events[-1], HandResult)
    assert state.legal_moves() == []


def test_the_block_totals_along_the_way(deal, play) -> None:
    _, events = play(blocked_deal(deal), *BLOCK_MOVES)
    assert totals(events) == [(0, 0), (1, 0), (2, 0), (0, 0), (3, 0), (4, 0), (0, 0), (5, 5), (6, 0),
                              (0, 0)]


@pytest.mark.parametrize("leftover, deduction", [("1-1", 0), ("4-3", 5), ("4-4", 10), ("6-6", 10)])
def test_going_out_costs_each_other_player_their_rounded_pips(deal, play, leftover: str,
                                                             deduction: int) -> None:
    state, events = play(deal(["5-0 6-5", f"3-0 {leftover}"]), "5-0", "3-0 E", "6-5 W")
    assert totals(events) == [(5, 5), (8, 0), (9, 0)]
    result = state.result
    assert result is not None and result.reason == "domino" and result.out_seat == 0
    assert result.deductions == (0, deduction)
    assert state.scores == (5, -deduction)  # below zero is fine
    assert result.scores_before == (5, 0)


@pytest.mark.parametrize("pips, rounded", [(0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (5, 5), (7, 5),
                                           (8, 10), (12, 10), (13, 15), (46, 45), (80, 80)])
def test_rounding_to_five(pips: int, rounded: int) -> None:
    assert round_to_five(pips) == rounded


def test_scores_may_go_below_zero(deal, play) -> None:
    state, _ = play(blocked_deal(deal), *BLOCK_MOVES)
    assert min(state.scores) < 0


# -- who leads the next hand --------------------------------------------

def test_who_went_out_leads_the_next_hand(deal, play) -> None:
    state = deal(["3-0 1-1", "5-0 6-5"], leader=1)
    state, _ = play(state, "5-0", "3-0 E", "6-5 W")
    assert state.result is not None and state.result.out_seat == 1
    for seed in range(6):
        nxt, events = state.model_copy(update={"seed": seed}).next_hand()
        assert nxt.turn == 1 and events[0].leader == 1 and nxt.hand_number == 2
    hands = [list(h) for h in nxt.hands]
    with pytest.raises(IllegalMove, match="seat 1 went out last hand and must lead, not seat 0"):
        state.start_hand(hands, list(nxt.boneyard), 0)


def test_after_a_block_the_leader_is_random_but_seeded(deal, play) -> None:
    state, _ = play(blocked_deal(deal), *BLOCK_MOVES)
    again, _ = play(blocked_deal(deal), *BLOCK_MOVES)
    assert state.next_hand() == again.next_hand()
    leaders = {state.model_copy(update={"seed": s}).next_hand()[0].turn for s in range(12)}
    assert leaders == {0, 1}
    nxt = state.next_hand()[0]
    for leader in (0, 1):  # a record may name either seat
        assert state.start_hand([list(h) for h in nxt.hands], list(nxt.boneyard), leader)[0].turn == leader


def test_the_first_leader_is_random_but_seeded() -> None:
    rules = Rules(seats=4)
    leaders = [GameState.new(rules, seed=s).turn for s in range(20)]
    assert leaders == [GameState.new(rules, seed=s).turn for s in range(20)]
    assert set(leaders) == {0, 1, 2, 3}


# -- partnership and cut-throat -----------------------------------------

FOUR = ["5-0 5-2", "3-0 1-1", "5-3 6-6", "5-5 4-4"]
FOUR_MOVES = ("5-0", "3-0 E", "5-3 E", "5-5 W", "5-2 E")


def test_partners_share_one_score(deal, play) -> None:
    state = deal(FOUR)
    assert state.rules.partnership and state.scores == (0, 0)
    state, events = play(state, *FOUR_MOVES[:3])
    assert totals(events) == [(5, 5), (8, 0), (10, 10)]
    assert events[-1] == Scored(seat=2, side=0, points=10, score=15)
    state, events = play(state, *FOUR_MOVES[3:])
    assert totals(events) == [(15, 15), (12, 0)]
    assert events[1] == Scored(seat=3, side=1, points=15, score=15)
    result = state.result
    assert result is not None and result.out_seat == 0
    assert result.remaining_pips == (0, 2, 12, 8) and result.deductions == (0, 0, 10, 10)
    assert state.scores == (15 - 10, 15 - 10)


def test_cut_throat_four_seats_score_alone(deal, play) -> None:
    state, _ = play(deal(FOUR, partnership=False), *FOUR_MOVES)
    assert state.result is not None and state.result.deductions == (0, 0, 10, 10)
    assert state.scores == (5, 0, 10 - 10, 15 - 10)


# -- winning ------------------------------------------------------------

def test_immediate_win_ends_the_game_at_the_play(deal, play) -> None:
    state, events = play(deal(FOUR, target=15), *FOUR_MOVES[:3])
    assert state.phase == "game_over" and state.winner == 0
    assert state.scores == (15, 0) and state.result is None  # no end-of-hand deduction
    assert events[-1] == GameWon(side=0, scores=(15, 0))
    assert not any(isinstance(e, HandResult) for e in events)
    assert len(state.hands[2]) == 1
    with pytest.raises(IllegalMove, match="^the game is over$"):
        state.apply("5-5 W")
    with pytest.raises(IllegalMove, match="^the game is over$"):
        state.next_hand()


def test_going_out_with_the_winning_play_wins_before_any_deduction(deal, play) -> None:
    state, events = play(deal(["5-0", "4-4"], target=5), "5-0")
    assert (state.phase, state.winner, state.scores, state.result) == ("game_over", 0, (5, 0), None)
    assert not any(isinstance(e, HandResult) for e in events)


def test_immediate_win_on_the_lead(deal, play) -> None:
    state, _ = play(deal(["5-0 6-5", "3-0 4-4"], target=5), "5-0")
    assert (state.phase, state.winner, state.scores) == ("game_over", 0, (5, 0))


def test_finish_hand_plays_the_hand_out(deal, play) -> None:
    state = deal(FOUR, target=15, win_check="finish_hand")
    state, _ = play(state, *FOUR_MOVES[:3])
    assert state.phase == "playing" and state.scores == (15, 0)
    state, _ = play(state, *FOUR_MOVES[3:])
    # both teams reached 15 in play; the deductions take both back below the target
    assert state.scores == (5, 5) and state.phase == "hand_over" and state.winner is None


def test_finish_hand_a_tie_for_highest_plays_another_hand(deal, play) -> None:
    state, _ = play(deal(FOUR, target=5, win_check="finish_hand"), *FOUR_MOVES)
    assert state.scores == (5, 5) and state.phase == "hand_over" and state.winner is None
    nxt, _ = state.next_hand()
    assert nxt.phase == "playing" and nxt.turn == 0


def test_finish_hand_the_single_highest_at_the_target_wins(deal, play) -> None:
    state, events = play(deal(["5-0 6-5", "3-0 4-4"], target=5, win_check="finish_hand"),
                         "5-0", "3-0 E", "6-5 W")
    assert state.phase == "game_over" and state.winner == 0 and state.scores == (5, -10)
    assert state.result is not None  # the hand was scored first
    assert isinstance(events[-2], HandResult) and events[-1] == GameWon(side=0, scores=(5, -10))


def test_cut_throat_finish_hand_tie_plays_on(deal, play) -> None:
    state, _ = play(deal(FOUR, partnership=False, target=5, win_check="finish_hand"), *FOUR_MOVES)
    assert state.scores == (5, 0, 0, 5) and state.winner is None and state.phase == "hand_over"


# -- Muggins ------------------------------------------------------------

def test_muggins_going_out_scores_the_opponents_pips(deal, play) -> None:
    state, _ = play(deal(["5-0 6-5", "3-0 4-4"], end_of_hand="muggins"), "5-0", "3-0 E", "6-5 W")
    result = state.result
    assert result is not None and result.deductions == (0, 0) and result.awards == (10, 0)
    assert state.scores == (15, 0)


def test_muggins_rounds_the_total_of_all_opponents(deal, play) -> None:
    state = deal(["5-0 3-1", "3-0 4-4", "5-1 2-2"], end_of_hand="muggins")
    state, events = play(state, "5-0", "3-0 E", "5-1 W", "3-1 W")
    assert totals(events) == [(5, 5), (8, 0), (4, 0), (6, 0)]
    assert state.result is not None and state.result.awards == (10, 0, 0)  # 8 + 4 = 12 -> 10
    assert state.scores == (15, 0, 0)


def test_muggins_partnership_scores_the_other_team_pips(deal, play) -> None:
    state, _ = play(deal(FOUR, end_of_hand="muggins"), *FOUR_MOVES)
    assert state.result is not None and state.result.awards == (10, 0)  # seats 1 and 3: 2 + 8
    assert state.scores == (25, 15)


def test_muggins_cut_throat(deal, play) -> None:
    state, _ = play(deal(FOUR, partnership=False, end_of_hand="muggins"), *FOUR_MOVES)
    assert state.result is not None and state.result.awards == (20, 0, 0, 0)  # 2 + 12 + 8 = 22
    assert state.scores == (25, 0, 10, 15)


def test_muggins_after_a_block_the_fewest_pips_scores_the_difference(deal, play) -> None:
    state, _ = play(blocked_deal(deal, end_of_hand="muggins"), *BLOCK_MOVES)
    result = state.result
    assert result is not None and result.reason == "blocked"
    assert result.awards == (35, 0) and result.deductions == (0, 0)  # 80 - 46 = 34 -> 35
    assert state.scores == (35, 5)


def test_muggins_after_a_block_a_tie_for_fewest_scores_nothing(deal, play) -> None:
    low, high = "1-1 3-1 4-1 5-1 6-1 5-2 6-4 5-5 6-6", "2-2 3-2 4-2 6-2 3-3 5-3 6-3 4-4 5-4"
    state, _ = play(blocked_deal(deal, low, high, end_of_hand="muggins"), *BLOCK_MOVES)
    assert state.result is not None and state.result.remaining_pips == (63, 63)
    assert state.result.awards == (0, 0) and state.scores == (0, 5)


def test_a_muggins_award_can_win_under_immediate(deal, play) -> None:
    state, events = play(deal(FOUR, target=20, end_of_hand="muggins"), *FOUR_MOVES)
    assert state.scores == (25, 15) and state.winner == 0 and state.phase == "game_over"
    assert state.result is not None
    assert events[-1] == GameWon(side=0, scores=(25, 15))


# -- illegal actions ----------------------------------------------------

def illegal_cases(deal, play) -> list[tuple[GameState, str, str]]:
    lead_55, _ = play(deal(["5-5 0-0 6-2", "5-0 1-1 4-3"]), "5-5")
    line_53, _ = play(deal(["5-3 6-2 1-0", "4-4 6-6 3-0"]), "5-3")
    over, _ = play(deal(["5-0 6-5", "3-0 4-4"]), "5-0", "3-0 E", "6-5 W")
    won, _ = play(deal(["5-0 6-5", "3-0 4-4"], target=5), "5-0")
    fresh = deal(["5-0 6-5", "3-0 4-4"])
    return [
        (line_53, "6-2", "seat 1 does not hold 6-2"),
        (line_53, "4-4", "4-4 matches no open end (W 5, E 3)"),
        (line_53, "3-0 W", "3-0 does not fit end W (W 5, E 3)"),
        (line_53, "3-0 N", "3-0 does not fit end N (W 5, E 3)"),
        (lead_55, "5-0", "5-0 fits more than one end (W E): name one"),
        (lead_55, "1-1", "1-1 matches no open end (W 5, E 5)"),
        (fresh, "5-0 W", "5-0 is the lead: it takes no end"),
        (fresh, "3-0", "seat 0 does not hold 3-0"),
        (fresh, "draw", "seat 0 holds a playable tile (5-0) and may not draw"),
        (fresh, "pass", "seat 0 holds a playable tile (5-0) and may not pass"),
        (over, "3-0 W", "the hand is over; deal the next hand first"),
        (won, "3-0 E", "the game is over"),
    ]


def test_illegal_moves_raise_naming_the_rule_and_leave_the_state_alone(deal, play) -> None:
    for state, move, rule in illegal_cases(deal, play):
        before = state.model_copy(deep=True)
        assert state.why_not(move) == rule
        with pytest.raises(IllegalMove) as err:
            state.apply(move)
        assert str(err.value) == rule
        assert state == before
        assert move not in [str(m) for m in state.legal_moves()]


def test_moving_out_of_turn_is_illegal(deal) -> None:
    state = deal(["5-0 6-5", "3-0 4-4"])
    before = state.model_copy(deep=True)
    with pytest.raises(IllegalMove, match="^it is seat 0's turn, not seat 1's$"):
        state.apply("3-0", seat=1)
    assert state == before
    assert state.apply("5-0", seat=0)[0].turn == 1


def test_a_hand_cannot_start_before_the_last_one_ends(deal) -> None:
    state = deal(["5-0 6-5", "3-0 4-4"])
    with pytest.raises(IllegalMove, match="the current hand has not ended"):
        state.next_hand()


def test_a_bad_deal_is_refused(deal) -> None:
    state = GameState.empty(Rules(seats=2, hand_size=2))
    bones = [t for t in ALL_TILES if str(t) not in ("5-0", "6-5", "3-0", "4-4")]
    with pytest.raises(IllegalMove, match="tile 4-4 is dealt twice"):
        state.start_hand([["5-0", "4-4"], ["3-0", "4-4"]], bones + [Tile.model_validate("6-5")], 0)
    with pytest.raises(IllegalMove, match="seat 1 is dealt 1 tile, not 2"):
        state.start_hand([["5-0", "6-5"], ["3-0"]], bones + [Tile.model_validate("4-4")], 0)
    with pytest.raises(IllegalMove, match=r"leader 2 is not a seat \(0-1\)"):
        state.start_hand([["5-0", "6-5"], ["3-0", "4-4"]], bones, 2)



def test_each_end_says_what_a_tile_would_score_there(deal, play) -> None:
    """The "+10" by a lit end is the engine's: the total the play would leave, when a multiple of five."""
    state = deal(["5-5 5-4 6-1 0-0", "5-1 2-2 3-3 4-4"])
    assert state.layout.points_for(Tile("5-4")) == {}  # nothing on the table: a lead names no end
    state, _ = play(state, "5-5", "5-1 E")  # the spinner's W side open: 10 + E 1
    assert state.layout.points_for(Tile("5-4")) == {"W": 5}  # covers the spinner: 4 + 1
    assert state.layout.points_for(Tile("6-1")) == {"E": 0}  # 6 + 10
    assert state.layout.points_for(Tile("0-0")) == {}  # fits nowhere


def test_what_an_end_says_it_scores_is_what_the_play_scores() -> None:
    """Over whole seeded hands, every play scores what `points_for` said it would, end by end."""
    for seed in range(6):
        state = GameState.new(Rules(seats=2 + seed % 3), seed=seed)
        rng = random.Random(seed)
        while state.phase == "playing":
            move = rng.choice(state.legal_moves())
            said = state.layout.points_for(move.tile) if move.kind == "play" and move.tile else {}
            state, events = state.apply(move)
            played = next((ev for ev in events if isinstance(ev, Played)), None)
            if played is not None and played.end is not None:
                assert said[played.end] == played.points
