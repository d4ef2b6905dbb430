"""Values from outside, at the engine's doors: JSON's words for what was found, bounds on every number,
and a bool never taken for a seat."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from allfives.engine import GameState, HandLog, IllegalMove, RecordError, Rules, SeatView, replay, to_record
from allfives.engine.core import MAX_HAND_SIZE, MAX_TARGET, SEED_LIMIT
from allfives.engine.values import brief, describe, quoted


@pytest.mark.parametrize("value, words", [
    (None, "null"), (True, "true"), (False, "false"), (12, "12"), (2.5, "2.5"),
    ("abc", 'the string "abc"'), ("", "an empty string"), ([], "an empty list"), ({}, "an empty object"),
    ([1, "a"], 'a list [1, "a"]'), ({"a": None}, 'an object {"a": null}'),
])
def test_a_value_is_described_in_json_words(value: object, words: str) -> None:
    assert describe(value) == words


def test_a_huge_value_is_described_in_a_few_dozen_characters() -> None:
    assert describe(10**3999) == "1" + "0" * 39 + "… (4,000 digits)"
    assert describe("x" * 5_000_000).endswith('…" (5,000,000 characters)') and len(describe("x" * 10**6)) < 90
    assert len(describe([[[[[[]]]]]] * 1000)) < 60 and len(describe({str(n): n for n in range(10**4)})) < 60


def test_a_quoted_string_does_nothing_to_the_terminal() -> None:
    assert quoted('a"b\\c') == '"a\\"b\\\\c"'
    for sneaky in ("\x1b[2J", "\u202eevil", "zero\u200bwidth", "line\nbreak", "\U000e0041tag", "\u3000"):
        shown = quoted(sneaky)
        assert shown.isprintable(), shown
        assert not any(c in shown for c in sneaky if not c.isprintable())
    assert quoted("Zoë 🂡") == '"Zoë 🂡"'  # what prints is left as it is


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner), max_leaves=50))
def test_brief_is_short_and_one_line_for_any_json(value: object) -> None:
    shown = brief(value)
    assert len(shown) <= 71 and shown.isprintable()


# -- bounds -------------------------------------------------------------------------------------


def a_record(**rules: object) -> dict:
    state = GameState.new(Rules(seats=2), seed=4)
    record = to_record(state)
    record["rules"].update(rules)
    return record


@pytest.mark.parametrize("field, top", [("target", MAX_TARGET), ("hand_size", MAX_HAND_SIZE)])
def test_rules_stop_at_what_a_game_can_use(field: str, top: int) -> None:
    fields = {field: top, "hand_size": MAX_HAND_SIZE}
    assert getattr(Rules.model_validate(fields, strict=True), field) == top
    for over in (top + 1, 10**309, 10**3999):
        with pytest.raises(RecordError, match=f"^rules.{field}: must be at most {top:,}, found ") as refused:
            replay(a_record(**{field: over}))
        assert len(str(refused.value)) < 100


def test_a_record_whose_target_is_10_to_the_309_is_refused_by_review_too(tmp_path, capsys) -> None:
    """It used to replay, then crash the review's analysis (an int too large for a float)."""
    import json

    from allfives.cli import main

    path = tmp_path / "huge.json"
    path.write_text(json.dumps(a_record(target=10**309)))
    for argv in (["review", str(path), "--json"], ["review", str(path), "--text"], ["replay", str(path)]):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1
        assert err.startswith("rules.target: must be at most 9,999, found 1000")


@pytest.mark.parametrize("seed, fine", [(-SEED_LIMIT, True), (SEED_LIMIT - 1, True), (SEED_LIMIT, False),
                                        (-SEED_LIMIT - 1, False), (10**4000, False), ("s" * 64, True),
                                        ("s" * 65, False)])
def test_a_seed_is_bounded_too(seed: int | str, fine: bool) -> None:
    record = a_record() | {"seed": seed}
    if fine:
        assert replay(record)[0].seed == seed
    else:
        with pytest.raises(RecordError, match="^seed: a seed is ") as refused:
            replay(record)
        assert len(str(refused.value)) < 130


# -- a bool is never a seat ---------------------------------------------------------------------


def test_start_hand_refuses_a_bool_leader_as_the_record_reader_does() -> None:
    state = GameState.new(Rules(seats=2), seed=1)
    empty = GameState.empty(state.rules, state.seed)
    deal = [list(h) for h in state.hands], list(state.boneyard)
    for leader in (True, False, 1.0, "1", None):
        with pytest.raises(IllegalMove, match="^leader must be a seat number"):
            empty.start_hand(*deal, leader=leader)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match=r"^leader 2 is not a seat \(0-1\)$"):
        empty.start_hand(*deal, leader=2)
    dealt, _ = empty.start_hand(*deal, leader=1)
    assert replay(to_record(dealt))[0] == dealt  # what it accepts, a record of it replays


def test_no_seat_parameter_of_the_api_takes_a_bool() -> None:
    state = GameState.new(Rules(seats=2), seed=1)
    with pytest.raises(IllegalMove, match="seat must be a seat number"):
        state.apply(state.legal_moves()[0], seat=state.turn == 1)  # the right seat, as a bool
    for question in (state.view, state.playable, state.side_of, state.rules.side_of, state.rules.seats_of):
        with pytest.raises(ValueError, match="must be a seat number .*found true"):
            question(True)
    assert state.view(1).seat == 1 and state.rules.seats_of(1) == (1,)


def test_models_that_hold_seats_take_them_strictly() -> None:
    state = GameState.new(Rules(seats=2), seed=1)
    log = state.log[0].model_dump()
    assert HandLog.model_validate(log).leader == log["leader"]
    with pytest.raises(ValidationError):
        HandLog.model_validate(log | {"leader": True})
    view = state.view(0).model_dump()
    for field, value in (("seat", True), ("turn", False), ("scores", [10**400, 0])):
        with pytest.raises(ValidationError):
            SeatView.model_validate(view | {field: value})
    with pytest.raises(ValidationError):
        Rules(seats=True)  # type: ignore[arg-type]
