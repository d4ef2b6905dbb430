"""Move heuristics on the fast core: points now (easy), one move ahead (medium), and the playout policy.

Scoring always goes through `core.Layout.place`/`total` on a scratch copy, so these
heuristics never restate a rule.
"""

from __future__ import annotations

import random

from allfives.engine import core

from .knowledge import Seen, Voids, hidden_tiles

Move = tuple[int, int, int]

NOISE = 3.0  # playout noise, in points: breaks ties among equal plays and varies the playouts


def scratch(lay: core.Layout) -> core.Layout:
    """A copy of the layout good for scoring one placement (the arms, only drawn on screen, left out)."""
    return lay.copy(arms=False)


points = core.play_points  # what a play leaving the ends at `total` scores


def after(lay: core.Layout, tile: int, end: int) -> core.Layout:
    c = scratch(lay)
    c.place(tile, end)
    return c


def points_after(lay: core.Layout, tile: int, end: int) -> int:
    """What playing `tile` on `end` scores at once."""
    return points(after(lay, tile, end).total())


def best_reply_points(lay: core.Layout, tiles: list[int]) -> list[int]:
    """For each tile, the most it would score played on this layout (0 if it fits nowhere)."""
    out = []
    for t in tiles:
        best = 0
        for e in lay.accepts(t):
            p = points_after(lay, t, e)
            if p > best:
                best = p
        out.append(best)
    return out


# -- easy ------------------------------------------------------------------

def easy_choice(lay: core.Layout, moves: list[Move], rng: random.Random | None = None) -> Move:
    """The most points now; ties go to the heaviest tile (shed pips), then to chance or the first."""
    if len(moves) == 1 or moves[0][0] != core.PLAY:
        return moves[0]
    best: list[Move] = []
    best_key = (-1, -1)
    for m in moves:
        key = (points_after(lay, m[1], m[2]), core.PIPS[m[1]])
        if key > best_key:
            best_key, best = key, [m]
        elif key == best_key:
            best.append(m)
    return best[0] if rng is None or len(best) == 1 else rng.choice(best)


# -- playouts -----------------------------------------------------------------

def playout_choice(table: core.Table, moves: list[Move], rng: random.Random) -> Move:
    """The playout policy: greedy for points, shedding heavy tiles, with a little noise."""
    if len(moves) == 1 or moves[0][0] != core.PLAY:
        return moves[0]
    lay = table.layout
    left = len(table.hands[table.turn])
    shed = 0.6 if left <= 3 else 0.25
    best = moves[0]
    best_v = -1e9
    for m in moves:
        v = points_after(lay, m[1], m[2]) + shed * core.PIPS[m[1]] + NOISE * rng.random()
        if v > best_v:
            best_v, best = v, m
    return best


def playout(table: core.Table, rng: random.Random) -> None:
    """Play the hand out (or the game, if someone reaches the target first) with the playout policy."""
    while table.phase == core.PLAYING:
        moves = table.legal_moves()
        m = playout_choice(table, moves, rng)
        table.apply_unchecked(*m)


# -- medium ----------------------------------------------------------------------

def _expected_max(values: list[int], p: float) -> float:
    """E[max] of the values a player scores, each tile held independently with chance p."""
    e = 0.0
    miss = 1.0
    for v in sorted(values, reverse=True):
        if v <= 0:
            break
        e += v * p * miss
        miss *= 1.0 - p
    return e


def medium_scores(seen: Seen, moves: list[Move]) -> list[float]:
    """One move ahead: points now, minus what the next opponent can score off the ends left,
    plus control of numbers this hand holds many of, plus shedding heavy tiles late in the hand."""
    rules = seen.rules
    lay = seen.layout
    hand = list(seen.hand)
    hidden = hidden_tiles(seen)
    voids = Voids(seen)
    nxt = (seen.seat + 1) % rules.seats
    opp_tiles = [t for t in hidden if voids.may_hold(nxt, t)]
    p_hold = min(1.0, seen.counts[nxt] / max(1, len(opp_tiles)))
    # how near the hand is to its end: the fewest tiles anyone holds
    fewest = min(seen.counts)
    late = 1.0 if fewest <= 2 else 0.5 if fewest <= 4 else 0.15
    suit = [0] * 7
    for t in hand:
        suit[core.HIGH[t]] += 1
        if core.LOW[t] != core.HIGH[t]:
            suit[core.LOW[t]] += 1
    out = []
    for _, t, e in moves:
        new = after(lay, t, e)
        pts = points(new.total())
        rest = [x for x in hand if x != t]
        if not rest:
            out.append(1000.0 + pts)  # going out ends the hand: nothing is deducted
            continue
        threat = _expected_max(best_reply_points(new, opp_tiles), p_hold)
        # control: ends I can follow on next turn, weighed by how many of that number I hold
        follow = sum(1 for x in rest if new.playable(x))
        control = 0.0
        for p in set(new.pips):
            if p >= 0:
                control += suit[p] - (1 if p in (core.HIGH[t], core.LOW[t]) else 0)
        stuck = 8.0 if follow == 0 else 0.0
        out.append(pts - 0.8 * threat + 1.5 * min(follow, 3) + 0.5 * control - stuck
                   + late * 0.8 * core.PIPS[t])
    return out


def medium_choice(seen: Seen, moves: list[Move], rng: random.Random | None = None) -> Move:
    if len(moves) == 1 or moves[0][0] != core.PLAY:
        return moves[0]
    scores = medium_scores(seen, moves)
    best = max(scores)
    top = [m for m, s in zip(moves, scores, strict=True) if s >= best - 1e-9]
    return top[0] if rng is None or len(top) == 1 else rng.choice(top)
