"""The expert's playout policy: every simulated player defends, keeps its numbers, sheds late.

Medium's one-move-ahead judgement, made fast enough to play whole hands thousands of times
a second on the core. In a determinized deal every hand is known, so the simulated player
weighs what the next seat can really score off the ends it leaves.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from allfives.engine import core

from .policy import Move, points

GOING_OUT = 200.0  # going out ends the hand and costs the player nothing: always worth it


class Style(NamedTuple):
    """How a simulated player weighs a play, in points."""

    defend: float = 0.8  # per point the next seat can score off the ends left
    follow: float = 1.0  # per own tile that still fits after the play (up to 3)
    stuck: float = 6.0  # when no own tile fits after the play
    shed_early: float = 0.2  # per pip shed while every hand is still long
    shed_late: float = 0.6  # per pip shed once someone is down to three tiles or fewer
    noise: float = 2.0  # random points added, so playouts differ and ties break


DEFAULT_STYLE = Style()


def best_reply(lay: core.Layout, hand: list[int]) -> int:
    """The most points any tile of `hand` scores played on `lay` (0 when none scores or fits)."""
    best = 0
    pips = lay.pips
    for x in hand:
        a, b = core.HIGH[x], core.LOW[x]
        if a not in pips and b not in pips:
            continue
        for e in lay.accepts(x):
            c = lay.copy(arms=False)
            c.place(x, e)
            p = points(c.total())
            if p > best:
                best = p
    return best


def style_values(table: core.Table, moves: list[Move], style: Style, rng: random.Random | None
                 ) -> list[float]:
    """How the player to move values each play, by the style (noise included when `rng` is given)."""
    seat = table.turn
    hands = table.hands
    hand = hands[seat]
    nxt = hands[(seat + 1) % table.rules.seats]
    lay = table.layout
    fewest = min(len(h) for h in hands)
    shed = style.shed_late if fewest <= 3 else style.shed_early
    out = []
    for _, t, e in moves:
        c = lay.copy(arms=False)
        c.place(t, e)
        v = float(points(c.total()))
        if len(hand) == 1:
            out.append(v + GOING_OUT)
            continue
        if nxt:
            v -= style.defend * best_reply(c, nxt)
        pips = c.pips
        fits = 0
        for x in hand:
            if x != t and (core.HIGH[x] in pips or core.LOW[x] in pips):
                fits += 1
        v += style.follow * min(fits, 3) if fits else -style.stuck
        v += shed * core.PIPS[t]
        if rng is not None:
            v += style.noise * rng.random()
        out.append(v)
    return out


def styled_choice(table: core.Table, moves: list[Move], style: Style, rng: random.Random) -> Move:
    if len(moves) == 1 or moves[0][0] != core.PLAY:
        return moves[0]
    values = style_values(table, moves, style, rng)
    return moves[max(range(len(moves)), key=values.__getitem__)]


def styled_playout(table: core.Table, rng: random.Random, style: Style = DEFAULT_STYLE) -> None:
    """Play the hand out (or the game, if someone reaches the target first), every player by the style."""
    while table.phase == core.PLAYING:
        moves = table.legal_moves()
        table.apply_unchecked(*styled_choice(table, moves, style, rng))
