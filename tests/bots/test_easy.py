"""The easy bot takes the most points now, shedding the heaviest tile on a tie."""

from __future__ import annotations

from allfives.bots import make_bot
from allfives.bots.knowledge import legal_moves, seen_from_table
from allfives.bots.policy import points_after
from allfives.engine import GameState, Rules, Tile, core


def test_easy_takes_the_most_points_now(make_table) -> None:
    checked = 0
    for seed in range(40):
        table = make_table(seed, seats=2 + seed % 3, moves=seed % 9 + 1)
        seen = seen_from_table(table, table.turn)
        moves = legal_moves(seen)
        if moves[0][0] != core.PLAY:
            continue
        best = max(points_after(table.layout, t, e) for _, t, e in moves)
        kind, tile, end = make_bot("easy", seed=seed).choose_on_table(table, table.turn)
        assert points_after(table.layout, tile, end) == best
        # ties go to the heaviest tile
        tied = [t for _, t, e in moves if points_after(table.layout, t, e) == best]
        assert core.PIPS[tile] == max(core.PIPS[t] for t in tied)
        checked += 1
    assert checked > 20


def test_easy_prefers_fifteen_to_shedding() -> None:
    # lead 5-0 is down (ends W 5, E 0); seat 1 holds 6-6, 5-5 and 0-1
    state = GameState.empty(Rules(seats=2, hand_size=3))
    ids = [Tile.model_validate(x).id for x in ("5-0", "4-4", "3-3", "6-6", "5-5", "1-0")]
    bone = [t for t in range(28) if t not in ids]
    state, _ = state.start_hand([ids[:3], ids[3:]], bone, leader=0)
    state, _ = state.play("5-0")
    view = state.view(1)
    # 5-5 on W: spinner 10 + E 0 = 10 points; 1-0 on E: 5 + 1 = 6, nothing; 6-6 fits nowhere
    assert str(make_bot("easy").choose(view)) == "5-5 W"
