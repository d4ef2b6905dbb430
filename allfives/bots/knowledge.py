"""What one seat knows, on plain ints: its hand, the table, and what every draw and pass revealed.

`Seen` is the fast form of a `SeatView`; `Voids` does the card counting (which hidden
tile each opponent could still hold); `Sampler` deals the hidden tiles in a way that
respects it, for the hard bot's determinized search.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from allfives.engine import SeatView, core
from allfives.engine.models import ENDS

# Bit mask of the two pip values on each tile.
TILE_MASK: tuple[int, ...] = tuple((1 << core.HIGH[t]) | (1 << core.LOW[t]) for t in range(28))

History = tuple[tuple[int, int, int, int, tuple[int, ...]], ...]


class Seen(NamedTuple):
    """All one seat may know, as ints; built from a SeatView or (in matches) straight from a Table."""

    seat: int
    rules: core.CoreRules
    hand: tuple[int, ...]
    layout: core.Layout
    counts: tuple[int, ...]  # tiles per seat
    boneyard_count: int
    scores: tuple[int, ...]  # per side
    history: History  # this hand: (seat, kind, tile, end, open pips before); draws carry tile -1
    turn: int
    hand_index: int  # 0-based

    @property
    def side(self) -> int:
        return self.rules.side_of(self.seat)


def seen_from_view(view: SeatView) -> Seen:
    history = tuple((h.seat, *h.move.to_core(), tuple(h.open_before.get(e, -1) for e in ENDS))
                    for h in view.history)
    return Seen(view.seat, view.rules.to_core(), tuple(t.id for t in view.hand), view.layout.to_core(),
                tuple(view.tile_counts), view.boneyard_count, tuple(view.scores), history,
                view.turn, view.hand_number - 1)


def seen_from_table(table: core.Table, seat: int) -> Seen:
    """The seat's view of a live table, without the Pydantic round trip (for matches)."""
    history = tuple((s, k, t if k == core.PLAY else -1, e, p) for s, k, t, e, p in table.history)
    return Seen(seat, table.rules, tuple(table.hands[seat]), table.layout.copy(),
                tuple(len(h) for h in table.hands), len(table.boneyard), tuple(table.scores), history,
                table.turn, table.hand_index)


def legal_moves(seen: Seen) -> list[tuple[int, int, int]]:
    """The seat's legal moves, asked of the core rules with the hidden parts left blank."""
    table = table_for(seen, [list(seen.hand) if s == seen.seat else [] for s in range(seen.rules.seats)],
                      [-1] * seen.boneyard_count)
    return table.legal_moves()


def table_for(seen: Seen, hands: list[list[int]], boneyard: list[int]) -> core.Table:
    """A playable Table for one guess at the hidden tiles (no history or arms: search needs neither)."""
    table = core.Table(seen.rules)
    table.scores = list(seen.scores)
    table.hands = hands
    table.boneyard = boneyard
    table.layout = seen.layout.copy(arms=False)
    table.turn = seen.turn
    table.leader = seen.history[0][0] if seen.history else seen.turn
    table.phase = core.PLAYING
    table.hand_index = seen.hand_index
    return table


def played_tiles(seen: Seen) -> list[int]:
    return [t for _, kind, t, _, _ in seen.history if kind == core.PLAY]


def hidden_tiles(seen: Seen) -> list[int]:
    """Tiles this seat cannot see: in other hands or the boneyard."""
    known = set(seen.hand) | set(played_tiles(seen))
    return [t for t in range(28) if t not in known]


def _pip_mask(pips: tuple[int, ...]) -> int:
    m = 0
    for p in pips:
        if p >= 0:
            m |= 1 << p
    return m


class Voids:
    """Card counting: for each other seat, one forbidden-pip mask per tile it still holds.

    A seat holds "slots": the tiles dealt to it and one per draw. A seat that drew or
    passed against ends showing pips P held nothing matching P *at that moment*, so
    every slot it held then is barred from P; a slot filled by a later draw is not.
    A tile played straight after a draw is the drawn one; any other play is matched to
    the oldest slot it fits, which leaves the newest (least barred) slots in hand.
    """

    def __init__(self, seen: Seen) -> None:
        seats = seen.rules.seats
        self.slots: list[list[int]] = [[0] * seen.rules.hand_size for _ in range(seats)]
        # when each slot was filled: -1 for the deal, else the history index of its draw
        self.born: list[list[int]] = [[-1] * seen.rules.hand_size for _ in range(seats)]
        self.play_born: dict[int, int] = {}  # history index of a play -> when its slot was filled
        last: tuple[int, int] | None = None  # (seat, kind) of the previous move
        for index, (seat, kind, tile, _end, pips) in enumerate(seen.history):
            slots = self.slots[seat]
            born = self.born[seat]
            if kind == core.PLAY:
                if last == (seat, core.DRAW):
                    slots.pop()  # the tile just drawn
                    self.play_born[index] = born.pop()
                else:
                    tm = TILE_MASK[tile]
                    at = next((i for i, m in enumerate(slots) if not m & tm), len(slots) - 1)
                    if slots:
                        slots.pop(at)
                        self.play_born[index] = born.pop(at)
            else:
                bar = _pip_mask(pips)
                for i in range(len(slots)):
                    slots[i] |= bar
                if kind == core.DRAW:
                    slots.append(0)
                    born.append(index)
            last = (seat, kind)
        self.slots[seen.seat] = []
        self.born[seen.seat] = []
        for s in range(seats):
            # the counts are the truth; trim or pad (only an inconsistent history could need it)
            want = 0 if s == seen.seat else seen.counts[s]
            for sl, pad in ((self.slots[s], 0), (self.born[s], -1)):
                del sl[want:]
                sl.extend([pad] * (want - len(sl)))

    def may_hold(self, seat: int, tile: int) -> bool:
        tm = TILE_MASK[tile]
        return any(not m & tm for m in self.slots[seat])

    def void_mask(self, seat: int) -> int:
        """Pips the seat surely holds none of (barred in every slot)."""
        m = 0x7F
        for s in self.slots[seat]:
            m &= s
        return m if self.slots[seat] else 0


class Sampler:
    """Deals the hidden tiles to the other hands and the boneyard, never against the card counting."""

    def __init__(self, seen: Seen) -> None:
        self.seen = seen
        self.hidden = hidden_tiles(seen)
        self.voids = Voids(seen)
        owners: list[int] = []
        masks: list[int] = []
        for s, sl in enumerate(self.voids.slots):
            owners.extend([s] * len(sl))
            masks.extend(sl)
        owners.extend([-1] * seen.boneyard_count)
        masks.extend([0] * seen.boneyard_count)
        self.owners = owners
        self.masks = masks
        # which hidden tiles each slot may take, most constrained slots first
        self.allowed = [[t for t in self.hidden if not TILE_MASK[t] & m] for m in masks]
        self.order = sorted(range(len(masks)), key=lambda i: len(self.allowed[i]))

    def sample(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """(hands, boneyard) for one guess; own hand as it is, the boneyard in random order."""
        n = len(self.masks)
        slot_of: dict[int, int] = {}  # tile -> slot
        tile_at = [-1] * n
        choices = [a[:] for a in self.allowed]
        for c in choices:
            rng.shuffle(c)

        def augment(i: int, seen_tiles: set[int]) -> bool:
            for t in choices[i]:
                if t in seen_tiles:
                    continue
                seen_tiles.add(t)
                j = slot_of.get(t)
                if j is None or augment(j, seen_tiles):
                    slot_of[t] = i
                    tile_at[i] = t
                    return True
            return False

        for i in self.order:
            free = [t for t in choices[i] if t not in slot_of]
            if free:
                t = free[0]
                slot_of[t] = i
                tile_at[i] = t
            elif not augment(i, set()):
                # no deal fits every void (only an inconsistent history): take any tile left
                t = next(t for t in self.hidden if t not in slot_of)
                slot_of[t] = i
                tile_at[i] = t
        seats = self.seen.rules.seats
        hands: list[list[int]] = [[] for _ in range(seats)]
        hands[self.seen.seat] = list(self.seen.hand)
        boneyard = []
        for i, owner in enumerate(self.owners):
            if owner < 0:
                boneyard.append(tile_at[i])
            else:
                hands[owner].append(tile_at[i])
        rng.shuffle(boneyard)
        return hands, boneyard
