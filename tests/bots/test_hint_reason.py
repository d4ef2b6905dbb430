"""Hints that say why: one line in the review's words, backed by the numbers one move ahead."""

from __future__ import annotations

from allfives.bots.analysis import hint_reason
from allfives.bots.knowledge import seen_from_view
from allfives.engine import GameState, Move, Tile
from tests.ui.positions import position

# Seat 1 led 2-1 (W 2, E 1); seat 0 holds both the 5-5 and the 5-2.
AFTER_THE_LEAD = position(["3-2 5-3 0-0 4-4 5-2 2-0 5-5 3-0 1-1", "4-2 6-3 6-0 2-2 5-0 3-3 2-1 6-2 6-5"],
                          "2-1", leader=1, boneyard="4-0 5-4 1-0 6-1 3-1 4-1 6-4 5-1 6-6 4-3")
# Eight plays in: 5-1 on E would score 5, and open a 10 for seat 1; 1-1 scores nothing and leaves less.
TEMPTED = position(["6-4 1-1 5-1 1-0 6-5 6-1 2-2 4-3 3-2", "3-1 4-0 3-0 2-0 6-3 0-0 5-5 4-2 6-0"],
                   "4-3, 4-2 W, 3-2 W, 3-0 E, 1-0 E, 3-1 W, 6-1 W, 6-0 W",
                   boneyard="5-2 2-1 5-4 5-3 6-2 4-4 5-0 3-3 6-6 4-1")


# After the lead 6-6 and 6-3 on E: 6-1 on W lets the next player score 5, every other play 10 or more.
SAFER = position(["4-4 4-0 1-0 4-1 2-2 6-1 4-2 6-5 6-6", "2-0 6-4 3-1 6-3 2-1 5-4 5-5 4-3 3-0"], "6-6, 6-3 E",
                 boneyard="5-1 6-0 5-3 6-2 0-0 3-3 5-2 1-1 3-2 5-0")
# After 5-3 and 6-5 on W: the 6-6 on W scores 15 and leaves nothing; no other play scores more than 10.
RICHER = position(["2-2 5-0 5-3 2-0 5-4 6-6 5-1 6-2 4-3", "0-0 3-2 4-2 6-5 6-1 6-3 4-0 3-1 6-0"],
                  "5-3, 6-5 W", boneyard="2-1 3-0 4-1 1-0 5-2 5-5 1-1 3-3 6-4 4-4")

# Two plays later: 4-2 on S scores 10 and lets 15; another scores more or lets less, but none does both.
TRADED = position(["4-4 4-0 1-0 4-1 2-2 6-1 4-2 6-5 6-6", "2-0 6-4 3-1 6-3 2-1 5-4 5-5 4-3 3-0"],
                  "6-6, 6-3 E, 6-5 W, 6-4 S", boneyard="5-1 6-0 5-3 6-2 0-0 3-3 5-2 1-1 3-2 5-0")


def why(state: GameState, move: str) -> str | None:
    return hint_reason(seen_from_view(state.view(state.turn)), Move.model_validate(move).to_core())


def test_a_play_that_scores_says_so_and_what_it_leaves_the_next_player() -> None:
    assert why(TEMPTED, "5-1 E") == "scores 5 and lets the next player score 10"


def test_a_hint_that_passes_up_points_says_what_the_points_would_cost() -> None:
    assert why(TEMPTED, "1-1 E") == "5-1 E scores 5 but lets the next player score 10"


def test_a_hint_says_what_it_gains_against_every_other_play() -> None:
    """The newcomer learns why this move and not another: its numbers, then the others' (issue 33)."""
    assert why(SAFER, "6-1 W") == ("lets the next player score 5; "
                                   "the others let the next player score 10 or more")
    assert why(RICHER, "6-6 W") == "scores 15 and gives the next player nothing; the others score at most 10"
    # better on neither count alone: the next best play's numbers, to set beside its own
    assert why(TRADED, "4-2 S") == ("scores 10 and lets the next player score 15; "
                                    "4-0 S scores 0 and lets the next player score 10")


def test_a_play_that_keeps_a_double_playable_says_it_keeps_it_safe() -> None:
    assert why(AFTER_THE_LEAD, "5-2 W") == "keeps the 5-5 safe"
    assert why(AFTER_THE_LEAD, "3-2 W") == "lets the next player score 5"


def test_a_draw_gives_no_reason_and_the_last_tile_goes_out() -> None:
    assert why(AFTER_THE_LEAD, "draw") is None
    last = position(["5-0 5-5", "0-0 6-6"], "5-0, 0-0 E")
    points = last.layout.points_for(Tile("5-5"))["W"]
    assert why(last, "5-5 W") == "goes out" + (f" and scores {points}" if points else "")
