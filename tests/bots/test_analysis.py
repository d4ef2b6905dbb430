"""Game review: a planted blunder is found, forced moves never are, endgames are exact, results repeat."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from allfives.bots.analysis import (
    ENDGAME_TILES,
    MISTAKE_POINTS,
    AnalysisStopped,
    analyse_game,
    count_decisions,
    iter_decisions,
    judge,
)
from allfives.bots.knowledge import legal_moves, seen_from_table
from allfives.bots.policy import after, best_reply_points, points_after
from allfives.bots.search import brute_force, points_utility, winning_utility
from allfives.engine import GameState, Move, Rules, core
from allfives.engine.positions import hand_ends, walk

# Seat 0 leads the 6-6, seat 1 plays 6-0 on W. Seat 0 then holds 3-0, which on W makes the
# spinner's 12 and 3 = 15, and plays 1-0 instead: 13 scores nothing and leaves 3-1 (in seat 1's
# hand) a 15.
BLUNDER_DEAL = (["1-1 5-2 5-0 6-1 3-0 1-0 6-6 2-1 2-0", "2-2 6-0 3-1 6-2 5-4 4-0 5-1 4-2 6-3"],
                "3-2 5-3 5-5 6-5 4-4 3-3 4-1 4-3 6-4 0-0")


def dealt(hands: list[str], boneyard: str, leader: int = 0, **rules: object) -> GameState:
    state = GameState.empty(Rules(seats=len(hands), **rules), seed=1)
    state, _ = state.start_hand([h.split() for h in hands], boneyard.split(), leader)
    return state


def played(state: GameState, *moves: str) -> GameState:
    for m in moves:
        state, _ = state.apply(m)
    return state


def test_a_planted_blunder_is_found_with_the_reason_the_numbers_give() -> None:
    before = played(dealt(*BLUNDER_DEAL), "6-6", "6-0 W")
    lay = before.layout.to_core()
    three, one = Move.model_validate("3-0 W").to_core(), Move.model_validate("1-0 W").to_core()
    assert points_after(lay, three[1], three[2]) == 15 and points_after(lay, one[1], one[2]) == 0
    assert max(best_reply_points(after(lay, one[1], one[2]), [t.id for t in before.hands[1]])) == 15

    analysis = analyse_game(played(before, "1-0 W"), seats=[0], samples=60)
    blunder = analysis.decision(1, 3)
    assert blunder is not None and blunder.played == "1-0 W"
    assert blunder.mistake and blunder.best == "3-0 W" and blunder.cost >= MISTAKE_POINTS
    assert blunder.cost == pytest.approx(blunder.best_points - blunder.played_points, abs=0.011)
    assert blunder.reason == ("scored 0 where 3-0 W scored 15, "
                              "and let the next player score 15 (ends at 13)")
    assert not blunder.exact and len(blunder.judgements) == len(before.legal_moves())
    assert analysis.game[0].mistakes >= 1 and analysis.game[0].lost_to_mistakes >= blunder.cost


def test_the_analysis_uses_only_what_the_seat_could_see() -> None:
    """Another deal of the tiles seat 0 cannot see gives the same judgement of its first decision."""
    hands, boneyard = BLUNDER_DEAL
    other_hand, bones = hands[1].split(), boneyard.split()
    swapped = [" ".join(bones[:9]), " ".join(other_hand + bones[9:])]
    first = [next(iter_decisions(played(dealt([hands[0], h], b), "6-6"), [0], samples=20))
             for h, b in ((hands[1], boneyard), tuple(swapped))]
    assert first[0] == first[1]


def test_forced_moves_are_never_marked(play_game: Callable[..., GameState]) -> None:
    game = play_game(3, levels=("random", "easy"), target=80)
    analysis = analyse_game(game, seats=[0, 1], samples=4)
    legal = {(h, m): len(table.legal_moves()) for h, m, table, _ in walk(game)}
    assert len(analysis.decisions) == len(legal)
    forced = [d for d in analysis.decisions if d.forced]
    assert forced and all(legal[d.hand, d.move] == 1 for d in forced)
    assert all(d.cost == 0 and d.win_drop == 0 and not d.mistake and d.exact for d in forced)
    assert all(legal[d.hand, d.move] > 1 for d in analysis.decisions if not d.forced)


def endgame_record(seed: int) -> tuple[GameState, core.Table, int]:
    """A 2-seat hand with an empty boneyard and few tiles left, the seat to move holding a real choice,
    and the record going on with that seat's worst move (so its cost is not 0)."""
    state = GameState.new(Rules(seats=2, hand_size=7), seed=seed)
    while True:
        table = state.to_table()
        if state.phase != "playing":
            raise AssertionError(f"seed {seed} reaches no endgame")
        moves = table.legal_moves()
        if not table.boneyard and sum(map(len, table.hands)) <= 8 and len(moves) > 1:
            break
        # lowest pips first: the hands drain the boneyard before either runs out
        state, _ = state.apply(Move.from_core(*min(moves, key=lambda m: core.PIPS[m[1]] if m[1] >= 0 else 0)))
    side = table.turn
    utility = points_utility(side, table.scores)
    worst = min(moves, key=lambda m: brute_force(_after(table, m), side, utility))
    return played(state, str(Move.from_core(*worst))), table, side


def _after(table: core.Table, move: tuple[int, int, int]) -> core.Table:
    child = table.copy()
    child.apply_unchecked(*move)
    return child


@pytest.mark.parametrize("seed", [1, 47])
def test_costs_are_exact_in_a_two_seat_endgame(seed: int) -> None:
    game, table, seat = endgame_record(seed)
    hand, move = game.hand_number, len(game.log[-1].moves)
    decision = analyse_game(game, seats=[seat], samples=3).decision(hand, move)
    assert decision is not None and decision.exact and not decision.forced
    truth = {}
    for m in table.legal_moves():
        child = _after(table, m)
        truth[str(Move.from_core(*m))] = (brute_force(child, seat, points_utility(seat, table.scores)),
                                         brute_force(child, seat, winning_utility(seat)))
    assert {j.move: (j.points, j.win) for j in decision.judgements} == pytest.approx(
        {k: (round(p, 2), round(w, 4)) for k, (p, w) in truth.items()})
    best = max(p for p, _ in truth.values())
    assert decision.cost == pytest.approx(best - truth[decision.played][0]) and decision.cost > 0
    assert decision.best_points == best


def test_an_endgame_too_big_to_solve_is_sampled_and_says_so(play_game: Callable[..., GameState]) -> None:
    for seed in range(1, 60):
        game = play_game(seed, levels=("medium", "easy"))
        big = [(table.copy(), table.turn) for _, _, table, _ in walk(game)
               if not table.boneyard and not table.layout.empty and len(table.legal_moves()) > 1
               and sum(map(len, table.hands)) > ENDGAME_TILES]
        if big:
            break
    table, seat = big[0]
    seen = seen_from_table(table, seat)
    moves = legal_moves(seen)
    values, exact = judge(seen, moves, 2, random.Random(1))
    assert not exact and len(values) == len(moves)


def test_the_same_record_and_samples_give_the_same_analysis(play_game: Callable[..., GameState]) -> None:
    game = play_game(5, stop_after=40)
    first = analyse_game(game, seats=[0, 1], samples=6)
    assert analyse_game(game, seats=[1, 0], samples=6) == first
    assert any(not d.forced and not d.exact for d in first.decisions)


def test_progress_is_told_and_a_stop_is_heard(play_game: Callable[..., GameState]) -> None:
    game = play_game(6, stop_after=30)
    total = count_decisions(game, [0])
    seen: list[tuple[int, int]] = []
    analysis = analyse_game(game, [0], samples=2, progress=lambda done, of: seen.append((done, of)))
    assert seen == [(k, total) for k in range(1, total + 1)] and len(analysis.decisions) == total
    told: list[int] = []
    with pytest.raises(AnalysisStopped):
        analyse_game(game, [0], samples=2, progress=lambda done, _: told.append(done),
                     stop=lambda: len(told) >= 3)
    assert told == [1, 2, 3]


def test_summaries_add_up(play_game: Callable[..., GameState]) -> None:
    game = play_game(8, stop_after=60)
    analysis = analyse_game(game, seats=[0], samples=4)
    whole = analysis.game[0]
    hands = [h.summaries[0] for h in analysis.hands]
    assert whole.decisions == sum(h.decisions for h in hands) == len(analysis.decisions)
    assert whole.mistakes == sum(h.mistakes for h in hands) == len(analysis.mistakes())
    assert whole.lost == pytest.approx(sum(h.lost for h in hands), abs=0.05)
    choices = [d for d in analysis.decisions if not d.forced]
    assert whole.accuracy == pytest.approx(sum(d.cost <= 2.0 for d in choices) / len(choices), abs=1e-4)
    assert all((d.reason is not None) == d.mistake for d in analysis.decisions)


def test_every_reason_is_backed_by_the_position(play_game: Callable[..., GameState]) -> None:
    """Each claim a reason makes is checked against the game itself, not against the analysis."""
    game = play_game(14, levels=("random", "medium"))
    analysis = analyse_game(game, seats=[0, 1], samples=8)
    tables = {(h, m): (table.copy(), move) for h, m, table, move in walk(game)}
    ends = hand_ends(game)
    claims: list[str] = []
    for d in analysis.mistakes():
        table, _ = tables[d.hand, d.move]
        lay = table.layout
        for part in d.reason.split(", and "):
            if found := re.fullmatch(r"scored (\d+) where (.+) scored (\d+)", part):
                mine, best = Move.model_validate(d.played).to_core(), Move.model_validate(found[2]).to_core()
                assert found[2] == d.best
                assert (points_after(lay, mine[1], mine[2]), points_after(lay, best[1], best[2])) == (
                    int(found[1]), int(found[3]))
            elif found := re.fullmatch(r"let the next player score (\d+) \(ends at (\d+)\)", part):
                mine = Move.model_validate(d.played).to_core()
                unseen = [t for t in range(28) if t not in table.hands[d.seat]
                          and t not in {x[2] for x in table.history if x[1] == core.PLAY}]
                assert int(found[1]) in best_reply_points(after(lay, mine[1], mine[2]), unseen)
                assert int(found[2]) == after(lay, mine[1], mine[2]).total()
            elif found := re.fullmatch(r"kept the (\d-\d) to the end: -(\d+)", part):
                kept = Move.model_validate(found[1]).tile.id
                left = ends[d.hand - 1].hands[d.seat]
                pips = sum(core.PIPS[t] for t in left)
                assert kept in left and d.best.startswith(found[1])
                assert core.round_to_five(pips) - core.round_to_five(pips - core.PIPS[kept]) == int(found[2])
            else:
                continue
            claims.append(part.split()[0])
    assert {"scored", "let", "kept"} <= set(claims)
