"""What a seat's view says for the person at it: here, the count of each number's tiles still unseen."""

from __future__ import annotations

from allfives.play.seat import unseen_counts
from tests.ui.positions import position


def test_unseen_counts_leave_out_the_hand_and_the_table_and_count_what_others_drew() -> None:
    state = position(["6-6 6-2 3-3 1-1 5-5", "6-0 4-4 5-4 4-1 3-1"], "6-6, 6-0 E, 6-2 W, draw")
    mine, theirs = state.view(0), state.view(1)
    # seat 0 holds 3-3 1-1 5-5 and sees 6-6 6-0 6-2 on the table; seat 1's draw it never saw
    assert unseen_counts(mine) == (6, 6, 6, 6, 7, 6, 4)
    assert unseen_counts(theirs)[4] == 7 - 3  # seat 1 holds 4-4 5-4 4-1: seen by it, not by seat 0
