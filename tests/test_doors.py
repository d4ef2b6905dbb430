"""Any JSON value in any field of a record, a save or a saved table: refused in one short line, or
accepted within the bounds a game can use; never a traceback (the record reader, the save store and
the table server's loader, as an attacker would feed them)."""

from __future__ import annotations

import copy
import json
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from allfives.engine import GameState, RecordError, Rules, dumps, replay
from allfives.engine.core import MAX_TARGET, SEED_LIMIT
from allfives.net.table import Table
from allfives.play.saving import SAVED_AT_LENGTH, SaveStore
from allfives.play.setup import GameSetup, default_players

# What a hostile file holds: every JSON type, numbers far past any bound, long strings, nesting.
EDGES = [10**309, -(10**309), 10**4000, SEED_LIMIT, 2**63 - 1, MAX_TARGET + 1, 15, 3, 1, 0, -1,
         "x" * 5000, "5-0", "draw", "person", "bot", "hard"]
SCALARS = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
           | st.text(max_size=30) | st.sampled_from(EDGES) | st.sampled_from(EDGES))  # (edges twice as often)
# (recursive alone draws containers nine times in ten: a bare value is what most fields are refused for)
JSON_VALUES = SCALARS | st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                                     | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


def _base_state() -> GameState:
    state = GameState.new(Rules(seats=2, target=100), seed=5)
    for _ in range(4):
        state, _ = state.apply(state.legal_moves()[0])
    return state


STATE = _base_state()
SETUP = GameSetup(rules=STATE.rules, players=default_players(2, 1, "easy"), seed=5, bot_delay=0.5,
                  history_id="a1b2")
SAVE = json.loads(dumps(STATE, **SETUP.to_json(), saved_at="2024-05-01 12:30"))

RECORD_FIELDS: list[tuple] = [
    ("format",), ("rules",), ("hands",), ("seed",),
    *[("rules", f) for f in ("seats", "partnership", "hand_size", "target", "end_of_hand", "win_check")],
    ("hands", 0), ("hands", 0, "hands"), ("hands", 0, "hands", 1), ("hands", 0, "hands", 0, 3),
    ("hands", 0, "boneyard"), ("hands", 0, "boneyard", 0), ("hands", 0, "leader"), ("hands", 0, "moves"),
    ("hands", 0, "moves", 2),
]
SAVE_FIELDS = RECORD_FIELDS + [
    ("players",), ("players", 1), ("players", 1, "kind"), ("players", 1, "level"), ("players", 0, "name"),
    ("bot_delay",), ("seeded",), ("bots_seed",), ("history_id",), ("saved_at",),
]
TABLE_FIELDS = SAVE_FIELDS + [("table",), *[("table", f) for f in (
    "code", "level", "host_seat", "tokens", "away_timeout", "hand_pause", "start_when", "auto_cover")],
    ("table", "tokens", 0)]


def changed(base: dict, path: tuple, value: Any) -> dict:
    data = copy.deepcopy(base)
    here = data
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = value
    return data


def one_short_line(message: str, room: int) -> None:
    assert message and "\n" not in message and "Traceback" not in message, message
    assert len(message) <= room, message
    said = re.sub(r'"(?:[^"\\]|\\.)*"', '""', message)  # what it says, not the values it quotes
    assert not re.search(r"\b(NoneType|dict|int|str|float|bool|tuple)\b|<class", said), message


HOSTILE = settings(max_examples=20, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("path", RECORD_FIELDS, ids=lambda p: ".".join(map(str, p)))
@HOSTILE
@given(value=JSON_VALUES)
def test_any_value_in_any_record_field(path: tuple, value: Any) -> None:
    try:
        state, _ = replay(changed(SAVE, path, value))
    except RecordError as e:
        one_short_line(str(e), 160)
        return
    assert 1 <= state.rules.target <= MAX_TARGET and state.rules.hand_size * state.rules.seats <= 28
    assert state.seed is None or isinstance(state.seed, str) or -SEED_LIMIT <= state.seed < SEED_LIMIT
    assert all(0 <= hand.leader < state.rules.seats and type(hand.leader) is int for hand in state.log)


@pytest.mark.parametrize("path", SAVE_FIELDS, ids=lambda p: ".".join(map(str, p)))
@HOSTILE
@given(value=JSON_VALUES)
def test_any_value_in_any_save_field(path: tuple, value: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(Path(folder))
        store.path.write_text(json.dumps(changed(SAVE, path, value)))
        outcome = store.load()  # never raises
        if outcome.problem is not None:
            one_short_line(outcome.problem, 230 + 2 * len(folder))
            assert outcome.game is None and not store.path.exists()  # moved aside, never lost
            return
    if outcome.game is None:  # a finished game: not offered
        return
    setup = outcome.game.setup
    assert 0 <= setup.bot_delay <= 10 and len(outcome.game.saved_at) <= SAVED_AT_LENGTH
    assert setup.bots_seed is None or 0 <= setup.bots_seed < SEED_LIMIT
    assert setup.seed is None or type(setup.seed) is int


def _table_save() -> dict:
    table = Table.new(Rules(seats=2, target=100), level="easy", seed=3)
    table.sit("Ann")
    table.start()
    for _ in range(3):
        state = table.state
        assert state is not None
        table.apply(state.turn, state.legal_moves()[0])
    return table.record()


TABLE_SAVE = _table_save()


@pytest.mark.parametrize("path", TABLE_FIELDS, ids=lambda p: ".".join(map(str, p)))
@HOSTILE
@given(value=JSON_VALUES)
def test_any_value_in_any_field_of_a_saved_table(path: tuple, value: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        saved = Path(folder) / "table.json"
        saved.write_text(json.dumps(changed(TABLE_SAVE, path, value)))
        try:
            table = Table.load(saved)
        except ValueError as e:
            one_short_line(str(e), 230 + len(folder))
            return
    assert table.host_seat is None or type(table.host_seat) is int and 0 <= table.host_seat < 2
    start_when = table.options.start_when
    assert start_when is None or type(start_when) is int and 1 <= start_when <= 2


@pytest.mark.parametrize("field, value, words", [
    (("table", "host_seat"), True, "the host seat must be a seat number (0-1), found true"),
    (("table", "start_when"), 10**4000, "start_when must be a number of people from 1 to 4, found 1000"),
    (("table", "start_when"), 3, "start_when must be a number of people from 1 to 2, found 3"),
    (("table", "level"), "x" * 10_000, 'unknown bot level the string "xxxx'),
    (("bots_seed",), 2**63, "bots_seed must be a whole number from 0 to 2**63-1, found 9223372036854775808"),
    (("bot_delay",), None, "bot_delay must be a number of seconds from 0 to 10, found null"),
    (("players",), {}, "players: expected a list of 2, found an empty object"),
    (("rules", "target"), 10**309, "rules.target: must be at most 9,999, found 1000"),
], ids=lambda v: ".".join(map(str, v)) if isinstance(v, tuple) else "")
def test_a_saved_table_says_what_it_found(tmp_path: Path, field: tuple, value: Any, words: str) -> None:
    saved = tmp_path / "table.json"
    saved.write_text(json.dumps(changed(TABLE_SAVE, field, value)))
    with pytest.raises(ValueError) as refused:
        Table.load(saved)
    message = str(refused.value)
    assert message.startswith(f"{saved}: {words}") and len(message) < 200 + len(str(saved)), message


@pytest.mark.parametrize("flags, words", [
    (["--target", "10000"], "--target must be between 1 and 9999"),
    (["--seed", str(2**63)], "--seed: a seed is a whole number from -2**63 to 2**63-1"),
])
def test_the_flags_keep_the_same_bounds(flags: list[str], words: str, capsys: pytest.CaptureFixture) -> None:
    """What a flag starts, a save must load again: a game the record reader would refuse never begins."""
    from allfives.ui.launch import main

    with pytest.raises(SystemExit) as ended:
        main(flags)
    assert ended.value.code == 2 and capsys.readouterr().err.strip().endswith(words)
