"""The scoresheet adds up its own totals from the events; checked against scores worked out here from
the game record's replay document by RULES.md (no Textual)."""

from __future__ import annotations

import random

import pytest

from allfives.engine import Drew, Event, Game, GameState, HandDealt, Rules, Tile, replay_document, to_record
from allfives.play.setup import GameSetup, default_players
from allfives.ui.model.sheet import HandMemo, build_sheet


def random_game(rules: Rules, seed: int) -> tuple[GameState, list[list[Event]]]:
    """A whole game of random legal moves, with its events hand by hand as a session keeps them."""
    rng = random.Random(seed)
    state = GameState.empty(rules, seed)
    hands: list[list[Event]] = []
    while state.phase != "game_over":
        if state.phase == "hand_over" or not hands:
            state, events = state.next_hand()
            hands.append(list(events))
            continue
        state, events = state.apply(rng.choice(state.legal_moves()))
        hands[-1].extend(events)
    return state, hands


def rounded(pips: int) -> int:
    """RULES.md: remainders 1 and 2 round down, 3 and 4 up."""
    return pips - pips % 5 + (5 if pips % 5 >= 3 else 0)


def scores_by_the_rules(document: dict, rules: Rules) -> tuple[list[int], list[list[int]]]:
    """Final scores, and the totals after each finished hand, from the plays and the pips left."""
    def side(seat: int) -> int:
        return seat % 2 if rules.partnership else seat

    sides = 2 if rules.partnership else rules.seats
    scores = [0] * sides
    after_hands = []
    for hand in document["hands"]:
        for play in hand["plays"]:
            total = play["total"]
            scores[side(play["seat"])] += total if total > 0 and total % 5 == 0 else 0
        result = hand["result"]
        if result is None:
            continue
        pips = result["remaining_pips"]
        if rules.end_of_hand == "deduct":
            for seat, p in enumerate(pips):
                scores[side(seat)] -= rounded(p)
        else:
            held = [0] * sides
            for seat, p in enumerate(pips):
                held[side(seat)] += p
            if result["out_seat"] is not None:
                out = side(result["out_seat"])
                scores[out] += rounded(sum(held) - held[out])
            elif held.count(min(held)) == 1:
                low = held.index(min(held))
                scores[low] += rounded(sum(held) - 2 * held[low])
        after_hands.append(list(scores))
    return scores, after_hands


@pytest.mark.parametrize(("seats", "extra", "seed"), [
    (2, {}, 1), (3, {}, 2), (4, {}, 3), (4, {"partnership": False}, 4),
    (2, {"end_of_hand": "muggins"}, 5), (4, {"end_of_hand": "muggins"}, 6),
    (3, {"win_check": "finish_hand"}, 7), (2, {"target": 60}, 8),
])
def test_sheet_totals_agree_with_the_rules(seats: int, extra: dict, seed: int) -> None:
    rules = Rules(seats=seats, **({"target": 150} | extra))
    state, hands = random_game(rules, seed)
    setup = GameSetup(rules=rules, players=default_players(seats, 0))
    sheet = build_sheet(setup, hands)
    expected, after_hands = scores_by_the_rules(replay_document(to_record(state)), rules)
    assert list(sheet.scores) == expected
    assert tuple(expected) == state.scores  # and the engine agrees with both
    totals = [[int(c) for c in row.cells] for row in sheet.rows if row.kind == "total"]
    if state.result is None:  # won in the middle of a hand: one more total row, for the win
        totals = totals[:-1]
    assert totals == after_hands


def test_each_scoring_play_is_a_row_in_its_side_column() -> None:
    rules = Rules(seats=4)
    state, hands = random_game(rules, 11)
    sheet = build_sheet(GameSetup(rules=rules, players=default_players(4, 0)), hands)
    document = replay_document(to_record(state))
    scored = [p for hand in document["hands"] for p in hand["plays"] if p["points"]]
    rows = [row for row in sheet.rows if row.kind == "play"]
    assert len(rows) == len(scored)
    for row, play in zip(rows, scored, strict=True):
        assert row.label.endswith(play["tile"])
        assert row.cells[play["seat"] % 2] == f"+{play['points']}"


@pytest.mark.parametrize("sides", [2, 3, 4])
def test_sheet_columns_line_up_in_cells_with_the_longest_and_widest_names(sides: int) -> None:
    """20 characters, full-width ones, emoji, combining marks: each line is the sheet's width in terminal
    cells, and every column ends where it ends on every line (a wide name is cut, never pushes)."""
    from rich.cells import cell_len

    from allfives.ui.widgets.scoresheet import _cell_width, sheet_line

    names = ["Ｆｕｌｌｗｉｄｔｈ" * 2, "A" * 20, "🐉" * 20, "e\u0301" * 10][:sides]
    for width in (31, 40):  # the sheet's width at 80x24, and a wider terminal's
        widest = max(cell_len(n) for n in names)
        lines = [sheet_line(label, cells, width, widest=widest).plain for label, cells in (
            ("", names), ("李小龍李小龍 6-4", ["+10"] * sides), ("to 200", ["5"] * sides))]
        assert {cell_len(line) for line in lines} == {width}
        label_room = width - sides * _cell_width(sides, width, widest)
        ends = [{cell_len(line[:i + 1]) for i, ch in enumerate(line) if ch != " " and (
            i + 1 == len(line) or line[i + 1] == " ")} - set(range(label_room + 1)) for line in lines[1:]]
        assert ends[0] == ends[1] and len(ends[0]) == sides  # the +10s end where the totals do


def test_the_memo_recalls_a_hand_by_its_events_not_by_which_objects_hold_them() -> None:
    """A hand worked out once is recalled for equal events (a remote seat's snapshot rebuilds them),
    and never for other events of the same length ending the same way (a move taken back and another
    made)."""
    setup = GameSetup(rules=Rules(seats=2), players=default_players(2))
    game = Game.from_record(to_record(random_game(Rules(seats=2), 5)[0]))
    memo = HandMemo()
    sheet = build_sheet(setup, game.hands, memo)
    rebuilt = [[type(ev).model_validate(ev.model_dump()) for ev in hand] for hand in game.hands]
    assert all(memo.recall("sheet", n, hand) is not None for n, hand in enumerate(rebuilt))
    assert build_sheet(setup, rebuilt, memo) == sheet == build_sheet(setup, rebuilt)
    dealt, drew = HandDealt(hand_number=1, leader=0), Drew(seat=1, tile=Tile("6-6"))
    memo.keep("log", 0, (dealt, Drew(seat=0, tile=Tile("5-5")), drew), "one")
    assert memo.recall("log", 0, [dealt, Drew(seat=0, tile=Tile("5-5")), drew]) == "one"
    assert memo.recall("log", 0, (dealt, Drew(seat=0, tile=Tile("4-4")), drew)) is None
