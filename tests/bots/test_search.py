"""The hard bot's search: deterministic for a seed and simulation count, exact in 2-player endgames."""

from __future__ import annotations

import random

from allfives.bots import make_bot
from allfives.bots.players import HardBot
from allfives.bots.search import EndgameSolver, brute_force, points_utility, win_chance, winning_utility
from allfives.engine import GameState, Rules, core


def test_fixed_simulations_are_deterministic() -> None:
    state = GameState.new(Rules(seats=3), seed=21)
    for _ in range(5):  # a few moves in, so the history has something to count
        state, _ = state.apply(make_bot("easy", seed=0).choose(state.view(state.turn)))
    view = state.view(state.turn)
    first = make_bot("hard", seed=7, simulations=4).choose(view)
    again = make_bot("hard", seed=7, simulations=4)
    assert again.choose(view) == first
    assert again.choose(view) == first  # a decision never depends on earlier calls
    assert first in view.legal_moves


def endgames(count: int, max_tiles: int) -> list[core.Table]:
    """2-player positions with an empty boneyard and few tiles left, from seeded random play."""
    found: list[core.Table] = []
    seed = 0
    while len(found) < count:
        seed += 1
        rng = random.Random(seed)
        table = core.Table(Rules(seats=2, hand_size=7).to_core())
        table.scores = [rng.randrange(0, 200, 5), rng.randrange(0, 200, 5)]
        table.deal_next(seed)
        while table.phase == core.PLAYING:
            if not table.boneyard and sum(map(len, table.hands)) <= max_tiles:
                found.append(table.copy())
                break
            moves = table.legal_moves()
            # lowest-pip plays first, so the hands drain the boneyard before running out
            table.apply_unchecked(*min(moves, key=lambda m: core.PIPS[m[1]] if m[1] >= 0 else 0))
    return found


def test_endgame_solver_agrees_with_brute_force() -> None:
    for table in endgames(12, 7):
        side = table.turn
        for utility in (points_utility(side, table.scores), winning_utility(side)):
            value, move = EndgameSolver(side, utility).solve(table)
            assert abs(value - brute_force(table, side, utility)) < 1e-9
            assert move in table.legal_moves()
            after = table.copy()
            after.apply_unchecked(*move)
            assert abs(brute_force(after, side, utility) - value) < 1e-9  # the move it names gets it


def test_win_chance_values_reaching_the_target() -> None:
    rules = Rules(seats=2).to_core()
    assert win_chance([250, 100], 0, rules, winner=0) == 1.0
    assert win_chance([100, 100], 0, rules) == 0.5
    assert win_chance([200, 100], 0, rules) > win_chance([150, 100], 0, rules) > 0.5
    # 10 points matter more near the target than far from it
    near = win_chance([240, 230], 0, rules) - win_chance([230, 230], 0, rules)
    far = win_chance([40, 30], 0, rules) - win_chance([30, 30], 0, rules)
    assert near > far
    three = Rules(seats=3).to_core()
    chances = [win_chance([150, 100, 50], s, three) for s in range(3)]
    assert abs(sum(chances) - 1) < 1e-9 and chances[0] > chances[1] > chances[2]


def test_hard_plays_endgames_perfectly() -> None:
    """With the boneyard empty in a 2-player hand the hard bot's move keeps the exact minimax value."""
    from allfives.bots.knowledge import seen_from_table

    for table in endgames(6, 9):
        seat = table.turn
        utility = winning_utility(seat)
        best = brute_force(table, seat, utility)
        move = make_bot("hard", seed=1, simulations=2).choose_on_table(table, seat)
        after = table.copy()
        after.apply_unchecked(*move)
        assert abs(brute_force(after, seat, utility) - best) < 1e-9
        assert seen_from_table(table, seat).boneyard_count == 0


def test_hard_searches_the_deals_it_guesses_and_they_keep_what_the_seat_sees(make_table) -> None:
    guessed: list[core.Table] = []

    class Watched(HardBot):
        def guesses(self, seen, rng):
            deal = super().guesses(seen, rng)

            def watched() -> core.Table:
                guessed.append(deal())
                return guessed[-1]
            return watched

    table = next(t for seed in range(1, 50)
                 if len((t := make_table(seed, seats=3, moves=6)).legal_moves()) > 1)
    seat = table.turn
    assert Watched(seed=3, simulations=6).choose_on_table(table, seat) in table.legal_moves()
    assert len(guessed) == 6  # one guessed deal a simulation, all through the hook
    tiles = sorted(sum(table.hands, []) + table.boneyard)
    for deal in guessed:
        assert deal.hands[seat] == table.hands[seat]
        assert [len(h) for h in deal.hands] == [len(h) for h in table.hands]
        assert len(deal.boneyard) == len(table.boneyard)
        assert sorted(sum(deal.hands, []) + deal.boneyard) == tiles
    assert any(deal.hands != table.hands for deal in guessed)  # guesses, not the true deal
