"""The expert bot: legal, fair (never reads hidden tiles), repeatable for a seed, exact in small endgames."""

from __future__ import annotations

import itertools
import random

import pytest

from allfives.bots import make_bot
from allfives.bots.inference import Evidence
from allfives.bots.knowledge import Sampler, Seen, Voids
from allfives.bots.playout import DEFAULT_STYLE, best_reply, style_values, styled_playout
from allfives.bots.policy import points_after
from allfives.bots.search import brute_force, winning_utility
from allfives.engine import GameState, Rules, core

from .test_search import endgames

T = core.TILE_ID
PLAY, DRAW = core.PLAY, core.DRAW


def expert(seed: int = 3, sims: int = 6):
    return make_bot("expert", seed=seed, simulations=sims)


@pytest.mark.parametrize("seats,partnership", [(2, False), (3, False), (4, True), (4, False)])
def test_expert_plays_legal_moves_whatever_the_table(make_table, seats: int, partnership: bool) -> None:
    for seed in range(8):
        table = make_table(seed, seats=seats, moves=seed * 3, partnership=partnership)
        move = expert(seed).choose_on_table(table, table.turn)
        assert move in table.legal_moves()


def shuffled_hidden(table: core.Table, seat: int, rng: random.Random) -> core.Table:
    """The same table with the tiles this seat cannot see dealt out again among the others."""
    other = table.copy()
    slots = [(s, i) for s in range(table.rules.seats) if s != seat for i in range(len(table.hands[s]))]
    hidden = [table.hands[s][i] for s, i in slots] + table.boneyard
    rng.shuffle(hidden)
    for (s, i), t in zip(slots, hidden, strict=False):
        other.hands[s][i] = t
    other.boneyard = hidden[len(slots):]
    return other


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_expert_never_reads_the_hidden_tiles(make_table, seats: int) -> None:
    rng = random.Random(seats)
    for seed in range(6):
        table = make_table(seed + 40, seats=seats, moves=4 + seed * 2)
        seat = table.turn
        first = expert(seed).choose_on_table(table, seat)
        for _ in range(3):
            other = shuffled_hidden(table, seat, rng)
            assert other.hands != table.hands or other.boneyard != table.boneyard or seats == 2
            assert expert(seed).choose_on_table(other, seat) == first


def test_expert_is_repeatable_for_a_seed_and_ignores_the_state() -> None:
    state = GameState.new(Rules(seats=3), seed=21)
    for _ in range(6):
        state, _ = state.apply(make_bot("easy", seed=0).choose(state.view(state.turn)))
    view = state.view(state.turn)
    bot = expert(7)
    first = bot.choose(view)
    assert bot.choose(view) == first  # a decision never depends on earlier calls
    assert expert(7).choose(view, state) == first
    assert first in view.legal_moves


def test_expert_plays_two_seat_endgames_perfectly_to_the_end() -> None:
    """One bot for every seat and position: its endgame memory, kept from move to move, stays exact."""
    bot = expert(1, sims=2)
    for table in endgames(5, 8):
        while table.phase == core.PLAYING:
            seat = table.turn
            utility = winning_utility(seat)
            best = brute_force(table, seat, utility)
            move = bot.choose_on_table(table, seat)
            table.apply_unchecked(*move)
            assert abs(brute_force(table, seat, utility) - best) < 1e-9


def small_endings(count: int, tiles: int) -> list[core.Table]:
    """Seeded 2-seat positions with an empty boneyard and at most `tiles` tiles in hand."""
    found = []
    for seed in itertools.count(1):
        rng = random.Random(seed)
        table = core.Table(Rules(seats=2, hand_size=7).to_core())
        table.deal_next(seed)
        while table.phase == core.PLAYING:
            if not table.boneyard and sum(map(len, table.hands)) <= tiles:
                found.append(table.copy())
                break
            table.apply_unchecked(*rng.choice(table.legal_moves()))
        if len(found) == count:
            return found
    return found


# -- the playout style --------------------------------------------------------------

def test_best_reply_is_the_most_a_hand_scores() -> None:
    for table in small_endings(10, 14):
        lay = table.layout
        for hand in table.hands:
            want = max([points_after(lay, t, e) for t in hand for e in lay.accepts(t)], default=0)
            assert best_reply(lay, hand) == want


def test_simulated_players_go_out_and_defend() -> None:
    rules = Rules(seats=2, hand_size=2).to_core()
    table = core.Table(rules)
    # seat 0 holds 5-0 and 2-1 against a lead of 5-5; seat 1 holds 0-0 and 6-4
    table.start_hand([[T[5, 0], T[2, 1]], [T[0, 0], T[6, 4], T[5, 5]]], [], leader=1)
    table.apply(PLAY, T[5, 5], core.LEAD)
    moves = table.legal_moves()
    values = dict(zip(moves, style_values(table, moves, DEFAULT_STYLE, None), strict=True))
    # 5-0 on W scores 10 (spinner 10 + 0) but leaves a 0 for seat 1's 0-0: 10 + 0 = 10 for it
    assert values[(PLAY, T[5, 0], core.W)] < points_after(table.layout, T[5, 0], core.W)
    last = core.Table(rules)
    last.start_hand([[T[1, 0]], [T[6, 6], T[0, 0]]], [], leader=1)
    last.apply(PLAY, T[6, 6], core.LEAD)
    styled_playout(last, random.Random(1))
    assert last.phase != core.PLAYING and last.result is not None


# -- soft inference ----------------------------------------------------------------

def test_voids_know_when_each_tile_came_in() -> None:
    history = (
        (0, PLAY, T[6, 6], core.LEAD, (-1, -1, -1, -1)),
        (1, DRAW, -1, -1, (6, 6, -1, -1)),
        (1, PLAY, T[6, 1], core.E, (6, 6, -1, -1)),
        (0, PLAY, T[6, 3], core.W, (6, 1, -1, -1)),
        (1, DRAW, -1, -1, (3, 1, -1, -1)),
    )
    rules = Rules(seats=2, hand_size=3).to_core()
    seen = Seen(0, rules, (T[2, 0],), core.Layout(), (1, 4), 28 - 5 - 5, (0, 0), history, 0, 0)
    voids = Voids(seen)
    assert voids.play_born[2] == 1  # 6-1 was the tile just drawn
    assert voids.born[1] == [-1, -1, -1, 4]  # three dealt tiles, one drawn at move 4


def test_deals_where_a_player_passed_up_points_weigh_less() -> None:
    # seat 1 answered a 5-0 lead with 0-1 for nothing; had it held 5-5 it could have taken 10
    rules = Rules(seats=2, hand_size=3).to_core()
    history = (
        (0, PLAY, T[5, 0], core.LEAD, (-1, -1, -1, -1)),
        (1, PLAY, T[1, 0], core.E, (5, 0, -1, -1)),
    )
    lay = core.Layout()
    lay.place(T[5, 0], core.LEAD)
    lay.place(T[1, 0], core.E)
    seen = Seen(0, rules, (T[3, 2], T[4, 2]), lay, (2, 2), 28 - 6, (0, 0), history, 0, 0)
    sampler = Sampler(seen)
    evidence = Evidence(seen, sampler.voids, strength=0.1)
    assert evidence.passed_up([[T[3, 2], T[4, 2]], [T[5, 5], T[6, 6]]]) == 10
    assert evidence.passed_up([[T[3, 2], T[4, 2]], [T[6, 6], T[3, 3]]]) == 0
    assert evidence.weight([[], [T[5, 5], T[6, 6]]]) < evidence.weight([[], [T[6, 6], T[3, 3]]])
