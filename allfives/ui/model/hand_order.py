"""How the person likes their hand laid out: as dealt, by suit or by pips (a pure function, no Textual).

The order only moves tiles along the bottom of the screen: every step of the turn (the cursor, Enter)
reads the hand as it is laid out, so the screen hands them the seat's view with its hand arranged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal

from allfives.i18n import N_

if TYPE_CHECKING:  # (the window's choices name the orders before any game, or the engine, is loaded)
    from allfives.engine import SeatView, Tile

HandOrder = Literal["dealt", "suit", "pips"]
HAND_ORDERS: tuple[HandOrder, ...] = ("dealt", "suit", "pips")  # the order `o` goes round them
# the hand's control says these (English marked for the catalogue: translated where drawn)
ORDER_LABELS: dict[HandOrder, str] = {"dealt": N_("as dealt"), "suit": N_("by suit"), "pips": N_("by pips")}


def arrange(tiles: Iterable[Tile], order: HandOrder) -> tuple[Tile, ...]:
    """The tiles in `order`: as dealt (drawn tiles last), by suit (the higher half, highest first:
    6-6 6-4 6-1 5-5 5-2...), or by pips (the heaviest first, the higher half breaking ties)."""
    tiles = tuple(tiles)
    if order == "suit":
        return tuple(sorted(tiles, key=lambda t: (-t.high, -t.low)))
    if order == "pips":
        return tuple(sorted(tiles, key=lambda t: (-t.pips, -t.high)))
    return tiles


def arranged(seat: SeatView, order: HandOrder) -> SeatView:
    """The seat's view with its hand in `order` (the same view when dealt order is asked for)."""
    if order == "dealt":
        return seat
    return seat.model_copy(update={"hand": arrange(seat.hand, order)})


def next_order(order: HandOrder) -> HandOrder:
    """The order after `order`, round the three."""
    return HAND_ORDERS[(HAND_ORDERS.index(order) + 1) % len(HAND_ORDERS)]
