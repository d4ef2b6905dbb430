"""Soft inference: how likely each guessed deal makes the other players' plays so far.

Card counting (`Voids`) rules deals in or out; this weighs the ones left. Players take
points when they can, so a deal in which an opponent passed up 15 points it held is less
likely than one in which it had nothing better: each point passed up costs a deal a factor
of exp(-strength).
"""

from __future__ import annotations

import math

from allfives.engine import core

from .knowledge import Seen, Voids
from .policy import points_after


def best_points(lay: core.Layout) -> list[int]:
    """For every tile, the most it would score played on this layout (0 if it fits nowhere)."""
    out = [0] * 28
    for t in range(28):
        for e in lay.accepts(t):
            p = points_after(lay, t, e)
            if p > out[t]:
                out[t] = p
    return out


class Evidence:
    """The other seats' plays this hand, as (seat, when, points taken, points each tile offered)."""

    def __init__(self, seen: Seen, voids: Voids, strength: float) -> None:
        self.strength = strength
        self.born = voids.born  # when each unseen tile's slot was filled, in the sampler's order
        self.plays: list[tuple[int, int, int, list[int]]] = []
        # per seat, the tiles played this hand: (when, tile, when its slot was filled)
        self.played: list[list[tuple[int, int, int]]] = [[] for _ in range(seen.rules.seats)]
        lay = core.Layout()
        for index, (seat, kind, tile, end, _) in enumerate(seen.history):
            if kind != core.PLAY:
                continue
            if seat != seen.seat:
                taken = points_after(lay, tile, end)
                offered = best_points(lay)
                if max(offered) > taken:  # a play that took the most on offer says nothing
                    self.plays.append((seat, index, taken, offered))
                self.played[seat].append((index, tile, voids.play_born.get(index, -1)))
            lay.place(tile, end)

    def __bool__(self) -> bool:
        return bool(self.plays)

    def passed_up(self, hands: list[list[int]]) -> int:
        """Points the other seats passed up, had they held these hands: summed over their plays."""
        total = 0
        for seat, when, taken, offered in self.plays:
            most = taken
            for tile, born in zip(hands[seat], self.born[seat], strict=False):
                if born < when and offered[tile] > most:
                    most = offered[tile]
            for played_at, tile, born in self.played[seat]:
                if played_at > when and born < when and offered[tile] > most:
                    most = offered[tile]
            total += most - taken
        return total

    def weight(self, hands: list[list[int]]) -> float:
        """The deal's weight: exp(-strength) per point passed up."""
        return math.exp(-self.strength * self.passed_up(hands))
