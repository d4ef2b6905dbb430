"""Random legal games, for every seat count and option, checked against invariants computed here.

The oracles below (legal moves, open ends, the open-end total) are worked out afresh from
the public Pydantic state, not taken from the engine, so the two can disagree.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from allfives.engine import (
    GameState,
    GameWon,
    HandResult,
    IllegalMove,
    Layout,
    Move,
    Played,
    Rules,
    Scored,
    core,
    dumps,
    loads,
    private_fields,
    replay,
    replay_document,
    to_record,
)

SEAT_SETUPS = [(2, False, 9), (2, False, 7), (2, False, 5), (3, False, 7), (3, False, 5),
               (4, True, 5), (4, False, 5)]
COMBOS = [(seats, partnership, size, end, win)
          for seats, partnership, size in SEAT_SETUPS
          for end in ("deduct", "muggins") for win in ("immediate", "finish_hand")]
PHASES = ["playing", "hand_over", "game_over"]
MAX_HANDS = 6  # deductions can keep a game going; the invariants hold hand by hand

FAST = settings(deadline=None, max_examples=25, suppress_health_check=[HealthCheck.too_slow])


def make_rules(combo: tuple, target: int) -> Rules:
    seats, partnership, size, end, win = combo
    return Rules(seats=seats, partnership=partnership, hand_size=size, target=target,
                 end_of_hand=end, win_check=win)


rules_strategy = st.builds(make_rules, st.sampled_from(COMBOS), st.integers(30, 100))


# -- oracles ------------------------------------------------------------

def face(placed) -> int:
    """What the tile at the end of an arm adds: its outer half, both halves for a double."""
    return placed.outer * (2 if placed.is_double else 1)


def oracle_ends_and_total(lay: Layout) -> tuple[dict[str, int], int]:
    """Open ends and open-end total, from the arms as RULES.md describes them."""
    if lay.lead is None:
        return {}, 0
    if not any(lay.arms.values()):
        lead = lay.lead
        return {"W": lead.high, "E": lead.low}, lead.pips
    ends: dict[str, int] = {}
    total = 0
    exposed = 0
    for name, half in (("W", lay.lead.high), ("E", lay.lead.low)):
        arm = lay.arms[name]
        spinner_last = (lay.spinner_arm == "lead" and not arm) or (
            lay.spinner_arm == name and len(arm) == lay.spinner_index + 1)
        if spinner_last:
            assert lay.spinner is not None
            exposed += 1
            ends[name] = lay.spinner.high
        elif arm:
            ends[name] = arm[-1].outer
            total += face(arm[-1])
        else:
            ends[name] = half
            total += half
    if lay.spinner is not None and exposed == 0:
        for name in "NS":
            arm = lay.arms[name]
            ends[name] = arm[-1].outer if arm else lay.spinner.high
            total += face(arm[-1]) if arm else 0
    else:
        assert not lay.arms["N"] and not lay.arms["S"]
    if exposed:
        total += lay.spinner.pips
    return ends, total


def check_chain(lay: Layout) -> None:
    """Each arm joins the tile before it: inner half equals the previous outer half."""
    if lay.lead is None:
        return
    spinner = lay.spinner.high if lay.spinner else -1
    starts = {"W": lay.lead.high, "E": lay.lead.low, "N": spinner, "S": spinner}
    for name, arm in lay.arms.items():
        pip = starts[name]
        for placed in arm:
            assert placed.inner == pip, (name, arm)
            assert {placed.inner, placed.outer} == {placed.tile.high, placed.tile.low}
            pip = placed.outer
    doubles = [t for t in lay.tiles() if t.is_double]
    assert lay.spinner == (doubles[0] if doubles else None) or lay.spinner in doubles
    if lay.spinner is not None and lay.spinner_arm != "lead":
        assert lay.arms[lay.spinner_arm][lay.spinner_index].tile == lay.spinner


def oracle_legal(state: GameState) -> set[str]:
    hand = state.hands[state.turn]
    if state.layout.lead is None:
        return {str(t) for t in hand}
    plays = {f"{t} {e}" for t in hand for e, p in state.layout.open_ends.items() if p in (t.high, t.low)}
    if plays:
        return plays
    return {"draw"} if state.boneyard else {"pass"}


def can_anyone_play(state: GameState) -> bool:
    pips = set(state.layout.open_ends.values())
    return any(t.high in pips or t.low in pips for h in state.hands for t in h)


def check_tiles(state: GameState) -> None:
    everywhere = [t.id for h in state.hands for t in h] + [t.id for t in state.boneyard] + [
        t.id for t in state.layout.tiles()]
    assert sorted(everywhere) == list(range(28))


# -- playing a game -----------------------------------------------------

@dataclass
class Game:
    """A finished (or capped) random game and what was seen live."""

    state: GameState
    plays: list[list[dict]] = field(default_factory=list)  # per hand, as replay --json writes them
    hand_scores: list[list[int]] = field(default_factory=list)
    snapshots: list[GameState] = field(default_factory=list)


def play_game(rules: Rules, seed: int, rng: random.Random, snapshot_rate: float = 0.0) -> Game:
    """Play random legal moves, checking every invariant after every step."""
    state = GameState.new(rules, seed)
    game = Game(state)
    table = state.to_table()  # the fast core, driven in lockstep
    plays: list[dict] = []
    while True:
        check_tiles(state)
        if state.phase == "game_over" or (state.phase == "hand_over" and state.hand_number >= MAX_HANDS):
            break
        if state.phase == "hand_over":
            game.plays.append(plays)
            game.hand_scores.append(list(state.scores))
            plays = []
            game.snapshots.append(state)
            state, _ = state.next_hand()
            table = state.to_table()
            continue
        legal = state.legal_moves()
        assert {str(m) for m in legal} == oracle_legal(state)
        assert sorted(table.legal_moves()) == sorted(m.to_core() for m in legal)
        move = rng.choice(legal)
        stranger = rng.choice([Move.draw(), Move.pass_(), *(Move.play(t) for h in state.hands for t in h)])
        ok = oracle_allows(state, stranger)
        assert (state.why_not(stranger) is None) == ok, stranger
        if not ok:
            with pytest.raises(IllegalMove):
                state.apply(stranger)
        before = state
        state, events = state.apply(move)
        core_events: list = []
        table.apply_unchecked(*move.to_core(), core_events)
        assert list(table.scores) == list(state.scores)
        assert table.phase == [core.PLAYING, core.HAND_OVER, core.GAME_OVER][PHASES.index(state.phase)]
        check_step(before, move, state, events)
        plays += [{"seat": e.seat, "tile": str(e.tile), "end": e.end, "total": e.total, "points": e.points}
                  for e in events if isinstance(e, Played)]
        if rng.random() < snapshot_rate:
            game.snapshots.append(state)
    game.plays.append(plays)
    game.hand_scores.append(list(state.scores))
    game.snapshots.append(state)
    game.state = state
    return game


def oracle_allows(state: GameState, move: Move) -> bool:
    """Whether the rules allow this move now; a play with no end needs the lead or a single fitting end."""
    if move.kind != "play":
        return str(move) in oracle_legal(state)
    tile = move.tile
    assert tile is not None and move.end is None
    if tile not in state.hands[state.turn]:
        return False
    fits = [e for e, p in state.layout.open_ends.items() if p in (tile.high, tile.low)]
    return state.layout.lead is None or len(fits) == 1


def check_step(before: GameState, move: Move, after: GameState, events: list) -> None:
    rules = after.rules
    played = [e for e in events if isinstance(e, Played)]
    ends, total = oracle_ends_and_total(after.layout)
    check_chain(after.layout)
    assert dict(after.layout.open_ends) == ends
    assert after.layout.total == total
    scores = list(before.scores)
    if move.kind == "play":
        assert len(played) == 1
        play = played[0]
        assert play.total == total
        assert play.points == (total if total > 0 and total % 5 == 0 else 0)
        assert play.points % 5 == 0 and play.points >= 0
        scored = [e for e in events if isinstance(e, Scored)]
        assert [e.points for e in scored] == ([play.points] if play.points else [])
        scores[rules.side_of(play.seat)] += play.points
        assert before.hands[before.turn].count(play.tile) == 1
    else:
        assert played == []
        if move.kind == "draw":
            assert after.hands[before.turn][-1] == before.boneyard[0]
            assert after.boneyard == before.boneyard[1:]
    results = [e for e in events if isinstance(e, HandResult)]
    if results:
        result = results[0]
        assert after.phase in ("hand_over", "game_over") and after.result == result
        assert list(result.scores_before) == scores
        if result.reason == "domino":
            assert after.hands[result.out_seat] == ()
        else:
            assert after.boneyard == () and not can_anyone_play(after)
        assert result.remaining_pips == tuple(sum(t.pips for t in h) for h in after.hands)
        if rules.end_of_hand == "deduct":
            assert result.awards == (0,) * rules.sides
            for seat, pips in enumerate(result.remaining_pips):
                lost = result.rounded[seat] if seat != result.out_seat else 0
                assert result.deductions[seat] == lost
                scores[rules.side_of(seat)] -= lost
                assert result.rounded[seat] % 5 == 0 and abs(result.rounded[seat] - pips) <= 2
        else:
            assert result.deductions == (0,) * rules.seats
            scores = [s + a for s, a in zip(scores, result.awards, strict=True)]
    elif after.phase == "playing":
        assert after.boneyard or can_anyone_play(after)
    assert list(after.scores) == scores
    won = [e for e in events if isinstance(e, GameWon)]
    if won:
        assert after.phase == "game_over" and after.winner == won[0].side
        top = max(after.scores)
        assert after.scores[after.winner] == top >= rules.target and after.scores.count(top) == 1
        if not results:
            assert rules.win_check == "immediate"
    else:
        assert after.winner is None
        if rules.win_check == "immediate" and rules.end_of_hand == "deduct":
            assert max(after.scores) < rules.target


# -- the properties -----------------------------------------------------

@pytest.mark.parametrize("combo", COMBOS, ids=lambda c: "-".join(str(x) for x in c))
def test_every_option_combination_plays_by_the_rules(combo: tuple) -> None:
    rules = make_rules(combo, target=60)
    game = play_game(rules, seed=COMBOS.index(combo), rng=random.Random(str(combo)))
    assert game.state.hand_number >= 1


@FAST
@given(rules=rules_strategy, seed=st.integers(0, 2**31), rng=st.randoms(use_true_random=False))
def test_random_games_keep_every_invariant(rules: Rules, seed: int, rng: random.Random) -> None:
    play_game(rules, seed, rng)


@FAST
@given(rules=rules_strategy, seed=st.integers(0, 2**31), rng=st.randoms(use_true_random=False))
def test_a_record_replays_to_the_same_plays_and_scores(rules: Rules, seed: int, rng: random.Random) -> None:
    game = play_game(rules, seed, rng)
    record = to_record(game.state)
    doc = replay_document(record)
    assert [h["plays"] for h in doc["hands"]] == game.plays
    assert [h["scores"] for h in doc["hands"]] == game.hand_scores
    assert doc["final_scores"] == list(game.state.scores)
    assert doc["winner"] == game.state.winner
    replayed, per_hand = replay(record)
    assert replayed == game.state
    assert len(per_hand) == game.state.hand_number


@FAST
@given(rules=rules_strategy, seed=st.integers(0, 2**31), rng=st.randoms(use_true_random=False))
def test_loads_dumps_is_the_identity_at_random_points(rules: Rules, seed: int, rng: random.Random) -> None:
    game = play_game(rules, seed, rng, snapshot_rate=0.05)
    between = [s for s in game.snapshots if s.phase == "hand_over"][:1]
    mid = [s for s in game.snapshots if s.phase == "playing"]
    picked = between + rng.sample(mid, min(2, len(mid))) + [game.state]
    for state in picked:
        assert loads(dumps(state, **private_fields(state))) == state  # (as a save writes it)
    assert {s.phase for s in picked} >= {"hand_over"} or game.state.phase == "game_over"
