"""The guided first hand against the engine, with no screen: its deal is a legal one, its script a legal
hand from the lead to the person going out, every idea the issue names is reached where the coach
speaks of it, and the session makes only the step's move (anything else is refused, kindly, and nothing
changes)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from allfives.engine import Drew, GameState, IllegalMove, Move, Played, Tile, variant_hand_size
from allfives.learn.first_hand import FIRST_HAND
from allfives.learn.lesson import GO_ON, what_it_makes
from allfives.learn.session import LessonSession, OffLesson


def played_through() -> list[tuple[GameState, str, GameState, list]]:
    """Every move of the script as (state before, move, state after, events)."""
    state, _ = FIRST_HAND.dealt()
    out = []
    for move in FIRST_HAND.script:
        after, events = state.apply(move)
        out.append((state, move, after, events))
        state = after
    return out


def test_the_deal_is_a_legal_deal_of_five_each() -> None:
    state, _ = FIRST_HAND.dealt()  # (the engine checks every tile once and the hand sizes)
    rules = FIRST_HAND.rules
    assert rules.seats == 2 and rules.target == 250
    assert rules.hand_size == variant_hand_size(2, "five_each") == 5  # one of the rules' own variants
    assert len({*state.boneyard, *(t for hand in state.hands for t in hand)}) == 28
    assert state.turn == FIRST_HAND.leader == 0 and FIRST_HAND.who == ("person", "easy")
    broken = replace(FIRST_HAND, boneyard=FIRST_HAND.boneyard.replace("6-1", "6-4"))
    with pytest.raises(IllegalMove):
        broken.dealt()  # a tile twice (and one missing) is no deal


def test_the_script_is_a_legal_hand_that_the_person_ends_by_going_out() -> None:
    moves = played_through()
    final = moves[-1][2]
    assert final.phase == "hand_over" and final.result is not None
    assert final.result.reason == "domino" and final.result.out_seat == 0
    # (each move was legal: `apply` would have raised) and the steps account for the person's every move
    person = [move for before, move, _after, _events in moves if before.turn == 0]
    assert person == [step.do for step in FIRST_HAND.steps if step.do != GO_ON]
    assert [s.do for s in FIRST_HAND.steps[-2:]] == [GO_ON, GO_ON]  # the deduction, then the target


def test_every_idea_is_reached_where_the_coach_speaks_of_it() -> None:
    moves = played_through()
    by_step: dict[str, tuple[GameState, GameState, list]] = {}
    for before, move, after, events in moves:
        if before.turn == 0:
            by_step[move] = (before, after, events)

    def points(move: str) -> int:
        return next(ev.points for ev in by_step[move][2] if isinstance(ev, Played))

    # the ends added up, a multiple of five scoring: the lead makes 10 and scores it
    assert points("5-5") == 10
    # the spinner: the first double, and matching an end: 5-2 fits only the spinner's free side
    assert by_step["5-5"][1].layout.spinner == Tile("5-5")
    assert by_step["5-2 E"][0].ends_for("5-2") == ["E"] and points("5-2 E") == 5
    # its four arms: once both sides are covered N and S open, and 5-4 on S scores with all four
    before, after, _ = by_step["5-4 S"]
    assert set(before.layout.open_ends) == {"W", "E", "N", "S"} and points("5-4 S") == 10
    assert all(after.layout.arms[arm] for arm in "WENS")
    # drawing: nothing in the person's hand fits, and the boneyard's next tile does
    before, after, events = by_step["draw"]
    assert before.legal_moves() == [Move.draw()] and isinstance(events[0], Drew)
    assert after.playable(0) == [Tile("6-2")]
    # blocking: after 6-2 on S every end shows a number Ben holds none of, so he must draw (three times)
    after = by_step["6-2 S"][1]
    assert after.turn == 1 and after.legal_moves() == [Move.draw()]
    assert not {n for t in after.hands[1] for n in (t.high, t.low)} & set(after.layout.open_ends.values())
    draws = [m for b, m, _a, _e in moves if b.turn == 1 and m == "draw"]
    assert len(draws) == 5  # once before, three after the block, once more
    # a double laid crosswise at the end of an arm counts both halves: 4-4 makes 8 of the 15
    before, after, _ = by_step["4-4 N"]
    assert after.layout.end_counts["N"] == 8 and points("4-4 N") == 15 and after.layout.spinner == Tile("5-5")
    # going out, and the deduction rounded to five: Ben's 34 pips cost him 35
    result = moves[-1][2].result
    assert result is not None and result.remaining_pips == (0, 34) and result.deductions == (0, 35)
    assert result.rounded[1] != result.remaining_pips[1]


def walk(session: LessonSession) -> list[str]:
    """Play the lesson through as the screen does: the person's step, the others' script, going on."""
    said = []
    for _ in range(100):
        if session.over:
            return said
        said.append(session.coaching().text)
        if session.reading:
            assert session.go_on()
        elif session.waiting == "bot":
            session.apply(session.think())
        else:
            move = session.expected()
            assert move is not None
            session.apply(move)
    raise AssertionError("the lesson never ended")


def test_the_session_plays_the_lesson_to_its_end() -> None:
    session = LessonSession(FIRST_HAND, bot_delay=0)
    said = walk(session)
    for step in FIRST_HAND.steps:  # every step's words were said, the end's with the engine's numbers
        assert any(line.startswith(step.say.split("{")[0][:30]) for line in said), step.say
    assert "Ben holds 34 pips, so 35 comes off his score" in said[-2]
    assert "250 points" in said[-1]
    assert session.state.scores == (50, -35)
    assert session.setup.players[1].name == "Ben" and session.setup.players[1].level == "easy"


@pytest.mark.parametrize("at", [n for n, step in enumerate(FIRST_HAND.steps) if step.do != GO_ON])
def test_any_other_move_is_refused_kindly_and_nothing_changes(at: int) -> None:
    session = LessonSession(FIRST_HAND, bot_delay=0)
    while session.at < at or session.waiting == "bot":
        session.apply(session.think() if session.waiting == "bot" else session.expected())
    step = FIRST_HAND.steps[at]
    wanted = Move.model_validate(step.do)
    others = [m for m in session.state.legal_moves() if m != wanted]
    before = session.state
    for move in others:
        with pytest.raises(OffLesson) as refused:
            session.apply(move)
        words = str(refused.value)
        assert words.endswith(step.otherwise) and what_it_makes(before, move) in words
        assert session.state is before and session.coaching().tone == "nudge"
    assert bool(others) == (step.do in ("5-5", "5-2 E", "6-2 S", "4-4 N"))  # a choice where one matters
    assert session.hint(0) == wanted and session.coaching().text == step.otherwise
    session.apply(wanted)
    assert session.at == at + 1 and session.coaching().tone != "nudge"


def test_the_kind_words_say_what_the_tried_move_would_make() -> None:
    session = LessonSession(FIRST_HAND, bot_delay=0)
    assert session.refusal(Move.model_validate("4-4")) == (
        "4-4 to lead would make 8: no points. Lead 5-5: 5 + 5 = 10, so it scores 10.")
    session.apply(Move.model_validate("5-5"))
    session.apply(session.think())
    assert session.refusal(Move.model_validate("5-4 E")).startswith(
        "5-4 on E would make the ends add up to 7: no points.")


def test_the_others_play_the_script_and_nothing_else() -> None:
    session = LessonSession(FIRST_HAND, bot_delay=0)
    session.apply(Move.model_validate("5-5"))
    assert session.think() == Move.model_validate("5-3 W")
    with pytest.raises(IllegalMove):
        session.apply(Move.model_validate("5-1 W"))  # legal at the table, but not the lesson's
    with pytest.raises(IllegalMove):
        session.next_hand()
    assert not session.go_on()  # nothing to read yet
