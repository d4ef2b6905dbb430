"""The hand's order: as dealt, by suit (the higher half), by pips; the steps read the hand as laid out."""

from __future__ import annotations

from allfives.engine import Tile
from allfives.ui.model import turn as steps
from allfives.ui.model.hand_order import HAND_ORDERS, arrange, arranged, next_order
from allfives.ui.model.turn import TurnState
from tests.ui.positions import position, tiles

HAND = tiles("2-0 6-1 5-5 6-4 3-2 6-6")


def test_each_order_lays_the_hand_out_its_way() -> None:
    assert arrange(HAND, "dealt") == tuple(HAND)
    assert [str(t) for t in arrange(HAND, "suit")] == ["6-6", "6-4", "6-1", "5-5", "3-2", "2-0"]
    # by pips, ties to the higher half: 6-4 before 5-5
    assert [str(t) for t in arrange(HAND, "pips")] == ["6-6", "6-4", "5-5", "6-1", "3-2", "2-0"]


def test_the_orders_go_round() -> None:
    assert [next_order(o) for o in HAND_ORDERS] == ["suit", "pips", "dealt"]


def test_the_steps_read_the_hand_as_laid_out() -> None:
    """Enter plays the tile under the cursor in the hand as shown, not as dealt."""
    state = position(["5-0 6-4 3-3 2-1 1-1", "4-0 0-0 4-4 2-2 4-1"])
    seat = arranged(state.view(0), "pips")
    assert seat.hand == tuple(tiles("6-4 3-3 5-0 2-1 1-1"))
    assert arranged(state.view(0), "dealt").hand[0] == Tile("5-0")
    step = steps.choose(TurnState(cursor=1), seat)  # a lead: any tile, played at once
    assert step.move is not None and step.move.tile == Tile("3-3")
