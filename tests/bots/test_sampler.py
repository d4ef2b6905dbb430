"""Card counting: the deals the hard bot imagines never give a player a tile its draws or passes ruled out."""

from __future__ import annotations

import random

from allfives.bots.knowledge import TILE_MASK, Sampler, Seen, Voids, seen_from_table
from allfives.engine import Rules, core

T = core.TILE_ID
PLAY, DRAW, PASS = core.PLAY, core.DRAW, core.PASS
RULES = Rules(seats=2, hand_size=3).to_core()


def ends(*pips: int) -> tuple[int, ...]:
    return tuple(pips) + (-1,) * (4 - len(pips))


def seen_after(history: list, hand: list[int], counts: tuple[int, int], boneyard: int) -> Seen:
    """Seat 0's knowledge after a made-up history (the sampler reads only history and counts)."""
    return Seen(0, RULES, tuple(hand), core.Layout(), counts, boneyard, (0, 0), tuple(history), 0, 0)


def has(tile: int, pip: int) -> bool:
    return bool(TILE_MASK[tile] & (1 << pip))


# Seat 1 is void in 6 from the start, then in 3 and 1, then in 4 and 1: the tiles it was dealt
# (and the one it kept from its first draws) can only be made of 0, 2 and 5; the tile kept from
# the second draws is barred from 3, 1, 4 only, the one from the third from 4 and 1 only.
CORNERED = [
    (0, PLAY, T[6, 6], core.LEAD, ends()),
    (1, DRAW, -1, -1, ends(6, 6)),
    (1, DRAW, -1, -1, ends(6, 6)),
    (1, PLAY, T[6, 1], core.E, ends(6, 6)),
    (0, PLAY, T[6, 3], core.W, ends(6, 1)),
    (1, DRAW, -1, -1, ends(3, 1)),
    (1, DRAW, -1, -1, ends(3, 1)),
    (1, PLAY, T[3, 4], core.W, ends(3, 1)),
    (0, PLAY, T[4, 4], core.W, ends(4, 1)),
    (1, DRAW, -1, -1, ends(4, 1)),
    (1, DRAW, -1, -1, ends(4, 1)),
    (1, PLAY, T[1, 1], core.E, ends(4, 1)),
]


BARRED = [(1 << 6) | (1 << 3) | (1 << 1) | (1 << 4)] * 4 + [
    (1 << 3) | (1 << 1) | (1 << 4), (1 << 4) | (1 << 1)]


def test_voids_bar_every_tile_held_at_the_time() -> None:
    seen = seen_after(CORNERED, [T[6, 0], T[6, 2]], (2, 6), 28 - 6 - 2 - 6)
    voids = Voids(seen)
    assert voids.slots[1] == BARRED
    assert voids.void_mask(1) == (1 << 4) | (1 << 1)


def test_samples_respect_the_voids_exactly() -> None:
    seen = seen_after(CORNERED, [T[6, 0], T[6, 2]], (2, 6), 28 - 6 - 2 - 6)
    sampler = Sampler(seen)
    only = {T[a, b] for a in (0, 2, 5) for b in (0, 2, 5) if a >= b}
    rng = random.Random(1)
    late: set[int] = set()
    for _ in range(100):
        hands, boneyard = sampler.sample(rng)
        assert len(only & set(hands[1])) >= 4
        assert _fits(hands[1], BARRED)
        late.update(set(hands[1]) - only)
        assert sorted(hands[0]) == sorted(seen.hand)
        assert len(boneyard) == seen.boneyard_count
        assert sorted(hands[1] + boneyard + hands[0] + [T[6, 6], T[6, 1], T[6, 3], T[3, 4], T[4, 4],
                                                         T[1, 1]]) == list(range(28))
    assert any(has(t, 6) for t in late)  # the tile drawn after the 6 void may be a 6


# Seat 1 is void in 6 from the deal; much later it draws a tile against 2 and 4 and keeps it:
# that tile may well be a 6 (drawn after the void) but cannot hold a 2 or a 4.
LATE_DRAW = [
    (0, PLAY, T[6, 6], core.LEAD, ends()),
    (1, DRAW, -1, -1, ends(6, 6)),
    (1, PLAY, T[6, 5], core.E, ends(6, 6)),
    (0, PLAY, T[6, 2], core.W, ends(6, 5)),
    (1, PLAY, T[5, 4], core.E, ends(2, 5)),
    (0, PLAY, T[4, 0], core.E, ends(2, 4)),
    (1, DRAW, -1, -1, ends(2, 0)),
    (1, DRAW, -1, -1, ends(2, 0)),
    (1, PLAY, T[2, 3], core.W, ends(2, 0)),
]


def test_a_tile_drawn_after_a_void_is_not_bound_by_it() -> None:
    seen = seen_after(LATE_DRAW, [T[1, 1]], (1, 3), 28 - 7 - 1 - 3)
    voids = Voids(seen)
    # the dealt tile still held: void in 6 (first draw) and in 2 and 0 (second turn of draws)
    # the tile kept from the later draws: void only in 2 and 0
    assert sorted(voids.slots[1]) == sorted([(1 << 6) | (1 << 2) | 1] * 2 + [(1 << 2) | 1])
    sampler = Sampler(seen)
    rng = random.Random(5)
    sixes = []
    for _ in range(300):
        hands, _ = sampler.sample(rng)
        assert not any(has(t, 2) or has(t, 0) for t in hands[1])
        sixes.append(sum(has(t, 6) for t in hands[1]))
    assert max(sixes) == 1  # at most the late tile
    assert 0 < sixes.count(1) < 300  # and sometimes it is one


def test_a_pass_bars_the_whole_hand() -> None:
    history = [
        (0, PLAY, T[5, 5], core.LEAD, ends()),
        (1, PLAY, T[5, 0], core.E, ends(5, 5)),
        (0, PLAY, T[5, 3], core.W, ends(5, 0)),
        (1, PASS, -1, -1, ends(3, 0, 5, 5)),
    ]
    seen = seen_after(history, [T[6, 6]], (1, 2), 0)
    sampler = Sampler(seen)
    rng = random.Random(2)
    for _ in range(50):
        hands, boneyard = sampler.sample(rng)
        assert not boneyard
        assert not any(has(t, p) for t in hands[1] for p in (3, 0, 5))


def _fits(tiles: list[int], slots: list[int]) -> bool:
    """Whether the tiles can be matched one to one with slots they are not barred from."""
    owner: dict[int, int] = {}

    def place(t: int, tried: set[int]) -> bool:
        for i, m in enumerate(slots):
            if TILE_MASK[t] & m or i in tried:
                continue
            tried.add(i)
            if i not in owner or place(owner[i], tried):
                owner[i] = t
                return True
        return False

    return len(tiles) == len(slots) and all(place(t, set()) for t in tiles)


def test_the_true_deal_always_fits_the_card_counting() -> None:
    """Over real games with many draws and passes, the hands as dealt never break what was inferred."""
    checked = 0
    for seed in range(25):
        seats = 2 + seed % 3
        rng = random.Random(seed)
        table = core.Table(Rules(seats=seats).to_core())
        table.deal_next(seed)
        while table.phase == core.PLAYING:
            for seat in range(seats):
                voids = Voids(seen_from_table(table, seat))
                for other in range(seats):
                    if other != seat:
                        assert _fits(table.hands[other], voids.slots[other])
                        checked += 1
            moves = table.legal_moves()
            # mostly the first listed move, so hands keep low numbers and draw often
            table.apply(*(moves[0] if rng.random() < 0.7 else rng.choice(moves)))
    assert checked > 1000
