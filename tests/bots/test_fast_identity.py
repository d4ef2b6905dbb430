"""The compiled core against the Python one (`engine/core.py`, the reference): the same rules step by
step, the same playouts for the same random numbers, the same searches and the same bots' moves."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from allfives.bots import fast, make_bot
from allfives.bots.expert import ExpertSearch, Knobs
from allfives.bots.fast import bridge
from allfives.bots.inference import Evidence
from allfives.bots.knowledge import Sampler, legal_moves, seen_from_table, table_for
from allfives.bots.players import ExpertBot
from allfives.bots.playout import DEFAULT_STYLE, styled_playout
from allfives.bots.policy import playout
from allfives.bots.search import EndgameSolver, SearchAborted, evaluate_moves, points_utility, winning_utility
from allfives.engine import core


@pytest.fixture(scope="module")
def k(compiled_core: ModuleType | None) -> ModuleType:
    if compiled_core is None:
        pytest.skip("numba is not installed here: the Python core plays alone")
    return compiled_core


@st.composite
def rule_sets(draw: st.DrawFn) -> core.CoreRules:
    seats = draw(st.integers(2, 4))
    variant = draw(st.sampled_from(core.VARIANTS))
    return core.CoreRules(seats, seats == 4 and draw(st.booleans()), core.variant_hand_size(seats, variant),
                          draw(st.sampled_from([core.TARGETS[seats], 60, 9999])), draw(st.booleans()),
                          draw(st.booleans()))


def _moves(k: ModuleType, state: np.ndarray) -> list[tuple[int, int, int]]:
    buf = np.zeros((k.MAX_MOVES, 3), dtype=np.int64)
    n = k.legal_moves(state, buf)
    return [tuple(int(x) for x in row) for row in buf[:n]]


def _fields(k: ModuleType, state: np.ndarray) -> dict[str, list[int]]:
    hands = [state[k.H + 28 * s:k.H + 28 * s + state[k.HL + s]].tolist() for s in range(state[k.SEATS])]
    return {"hands": hands, "boneyard": state[k.B + state[k.BS]:k.B + state[k.BS] + state[k.BL]].tolist(),
            "layout": state[k.L:k.L + k.LSIZE].tolist(), "scores": state[k.SC:k.SC + state[k.SIDES]].tolist(),
            "turn, phase, winner": [state[k.TURN], state[k.PHASE], state[k.WIN]]}


def _same(k: ModuleType, state: np.ndarray, table: core.Table) -> None:
    """Every field the rules keep, compared between the two cores."""
    assert _fields(k, state) == _fields(k, bridge.table_array(k, table))


def _positions(seed: int, rules: core.CoreRules, every: float = 0.3) -> list[core.Table]:
    """Positions from a game played at random under these rules (whole hands, scores that move)."""
    rng = random.Random(seed)
    table = core.Table(rules)
    out = []
    while table.phase != core.GAME_OVER and len(out) < 12:
        if table.phase == core.HAND_OVER:
            table.deal_next(seed)
            continue
        if rng.random() < every:
            out.append(table.copy())
        table.apply_unchecked(*rng.choice(table.legal_moves()))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rules=rule_sets(), seed=st.integers(0, 2**31))
def test_the_rules_step_by_step(k: ModuleType, rules: core.CoreRules, seed: int) -> None:
    """Random games of every rule set: the same legal moves, points, draws, blocks, hand ends and
    winners at every step, to the end of the game."""
    rng = random.Random(seed)
    table = core.Table(rules)
    scratch = np.zeros(k.LSIZE, dtype=np.int64)
    hands = 0
    while table.phase != core.GAME_OVER and hands < 6:
        table.deal_next(seed)
        hands += 1
        state = bridge.table_array(k, table)
        while table.phase == core.PLAYING:
            assert _moves(k, state) == table.legal_moves()
            move = rng.choice(table.legal_moves())
            table.apply_unchecked(*move)
            k.apply_move(state, *move, scratch)
            _same(k, state, table)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rules=rule_sets(), seed=st.integers(0, 2**31))
def test_playouts_for_the_same_random_numbers(k: ModuleType, rules: core.CoreRules, seed: int) -> None:
    """Hard's greedy playout and the expert's defending one end in the same place, fed the same numbers,
    and leave the generator in the same state."""
    for table in _positions(seed, rules):
        for styled in (False, True):
            python = table.copy()
            rng = random.Random(seed)
            if styled:
                styled_playout(python, rng, DEFAULT_STYLE)
            else:
                playout(python, rng)
            state = bridge.table_array(k, table)
            mt = bridge.mt_of(random.Random(seed))
            buf = np.zeros((k.MAX_MOVES, 3), dtype=np.int64)
            scratch = [np.zeros(k.LSIZE, dtype=np.int64) for _ in range(3)]
            if styled:
                k.styled_playout(state, mt, buf, np.array(DEFAULT_STYLE, dtype=np.float64), *scratch)
            else:
                k.greedy_playout(state, mt, buf, scratch[0])
            _same(k, state, python)
            assert tuple(mt) == rng.getstate()[1]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rules=rule_sets(), seed=st.integers(0, 2**31))
def test_a_decisions_search(k: ModuleType, rules: core.CoreRules, seed: int) -> None:
    """Hard's, the review's and the oracle's sums over guessed deals, and the expert's with its
    weighed deals, are the Python search's to the last bit."""
    for table in _positions(seed, rules, every=0.15)[:4]:
        seen = seen_from_table(table, table.turn)
        moves = legal_moves(seen)
        if len(moves) < 2:
            continue
        r1, r2 = random.Random(seed), random.Random(seed)
        sampler = Sampler(seen)
        points, win = points_utility(seen.side, seen.scores), winning_utility(seen.side)

        def deal(sampler: Sampler = sampler, seen: object = seen, r1: random.Random = r1) -> core.Table:
            hands, boneyard = sampler.sample(r1)
            return table_for(seen, hands, boneyard)

        python = evaluate_moves(deal, moves, lambda t, p=points, w=win: complex(p(t), w(t)), r1, 6, 0.0)
        wins, gains = bridge.evaluate(k, seen, moves, r2, 6, points=True)
        assert [(v.real, v.imag) for v in python] == list(zip(gains, wins, strict=True))
        assert r1.getstate() == r2.getstate()

        root = table.copy()
        root.history = []
        assert evaluate_moves(root.copy, moves, win, random.Random(1), 3, 0.0) == \
            bridge.evaluate(k, seen, moves, random.Random(1), 3, root=root)[0]

        knobs = Knobs()
        r1, r2 = random.Random(seed + 1), random.Random(seed + 1)
        python = _on(None, ExpertSearch(seen, moves, r1, knobs).values, 5, 0.0)
        sampler = Sampler(seen)
        evidence = Evidence(seen, sampler.voids, knobs.infer)
        pick = knobs.candidates if evidence else 1
        compiled = bridge.evaluate(k, seen, moves, r2, knobs.deals(5, rules.seats), sampler=sampler,
                                   style=tuple(knobs.style), pick=pick, evidence=evidence,
                                   strength=knobs.infer)[0]
        assert python == compiled
        assert r1.getstate() == r2.getstate()

        # the expert solving each guessed deal, within a node cap that bites
        knobs = Knobs(solve_from=1, solve_nodes=3000, solve_sims=4, solve_seats=(2, 3, 4),
                      solve_on_python=True)
        r1, r2 = random.Random(seed + 2), random.Random(seed + 2)
        python = _on(None, ExpertSearch(seen, moves, r1, knobs).values, 5, 0.0)
        assert python == _on(k, ExpertSearch(seen, moves, r2, knobs).values, 5, 0.0)
        assert r1.getstate() == r2.getstate()


def _on(k: ModuleType | None, work: Callable[..., list[float]], *args: object) -> list[float]:
    """`work` run on the compiled core, or on the Python core for None (the search asks
    `fast.compiled()` itself)."""
    saved = fast._kernels
    fast._kernels = k
    try:
        return work(*args)
    finally:
        fast._kernels = saved


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31), muggins=st.booleans(), finish=st.booleans(),
       limit=st.sampled_from([50, 400, 5000]))
def test_the_exact_endgame(k: ModuleType, seed: int, muggins: bool, finish: bool, limit: int) -> None:
    """The alpha-beta solver: the same value, move, and the same node count at which it gives up, by
    points and by the chance of winning, its table kept from one solve to the next."""
    rules = core.CoreRules(2, False, 9, 250, muggins, finish)
    for table in _positions(seed, rules, every=0.5)[:5]:
        seen = seen_from_table(table, table.turn)
        solid = table_for(seen, [list(h) for h in table.hands], [])
        for by_points in (False, True):
            utility = points_utility(seen.side, seen.scores) if by_points else winning_utility(seen.side)
            python = EndgameSolver(seen.side, utility, node_limit=limit)
            compiled = bridge.Solver(k, seen.side, by_points, seen.scores, limit)
            for _again in range(2):
                try:
                    expected: object = python.solve(solid)
                except SearchAborted:
                    expected = None
                assert compiled.solve(solid) == expected
            assert len(compiled.memory.table) == len(python.tt)


def test_random_numbers_are_pythons(k: ModuleType) -> None:
    """The kernels' generator is CPython's: seeded by an int or a float (by its hash) and drawn from."""
    rng = random.Random(11)
    for _n in range(200):
        x = rng.random()
        mt = np.zeros(625, dtype=np.int64)
        k.mt_seed_float(mt, x)
        assert k.float_hash(x) == hash(x)
        assert tuple(mt) == random.Random(x).getstate()[1]
        seed = rng.getrandbits(40)
        k.mt_seed_int(mt, seed)
        python = random.Random(seed)
        assert [k.mt_random(mt) for _ in range(3)] == [python.random() for _ in range(3)]
        assert k.mt_below(mt, 27) == python.randrange(27)


@pytest.mark.parametrize("level,seats", [("hard", 2), ("expert", 2), ("hard", 4), ("expert", 3),
                                         ("oracle", 2)])
def test_bots_make_the_same_moves_on_either_core(k: ModuleType, level: str, seats: int,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole hands played by a bot at every seat on the compiled core and again on the Python core:
    the same moves, endgames included (a fixed effort, as every game's bots search; the expert told to
    solve its deals on the Python core too, which it does not do for a player)."""
    monkeypatch.setattr(ExpertBot, "knobs", Knobs(solve_on_python=True, solve_nodes=4000))
    rules = core.CoreRules(seats, seats == 4, core.HAND_SIZES[seats], core.TARGETS[seats], False, False)

    def play(module: ModuleType | None) -> list[tuple[int, int, int]]:
        monkeypatch.setattr(fast, "_kernels", module)
        bots = [make_bot(level, seed=seat, simulations=12) for seat in range(seats)]
        table = core.Table(rules)
        made = []
        for hand in range(2):
            table.deal_next(40 + hand)
            while table.phase == core.PLAYING:
                move = bots[table.turn].choose_on_table(table, table.turn)
                made.append(move)
                table.apply(*move)
        return made

    assert play(k) == play(None)


def test_on_the_python_core_the_expert_plays_its_deals_out(k: ModuleType) -> None:
    """Until the compiled core is ready (or without numba) an expert told to solve deals does not, which
    would cost seconds a move there: it values them as it would without solving, and says nothing."""
    rules = core.CoreRules(2, False, 9, 250, False, False)
    late = []
    rng = random.Random(3)
    table = core.Table(rules)
    while len(late) < 6:  # positions with 12 tiles or fewer left in the hands and the boneyard
        if table.phase != core.PLAYING:
            table = core.Table(rules)
            table.deal_next(len(late))
        if sum(map(len, table.hands)) + len(table.boneyard) <= 12:
            late.append(table.copy())
        table.apply_unchecked(*rng.choice(table.legal_moves()))
    differs = 0
    for table in late:
        seen = seen_from_table(table, table.turn)
        moves = legal_moves(seen)
        if len({tile for _kind, tile, _end in moves}) < 2:
            continue
        knobs = Knobs(solve_from=4)
        solving = _on(None, ExpertSearch(seen, moves, random.Random(2), knobs).values, 20, 0.0)
        before = _on(None, ExpertSearch(seen, moves, random.Random(2), Knobs(solve_from=0)).values, 20, 0.0)
        assert solving == before
        differs += _on(k, ExpertSearch(seen, moves, random.Random(2), knobs).values, 20, 0.0) != before
    assert differs  # (the compiled core does solve them)
