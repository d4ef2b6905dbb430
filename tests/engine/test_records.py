"""Game records (RECORD.md): round trips, the replay document, and hundreds of malformed records refused."""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from allfives.cli import main
from allfives.engine import (
    ALL_TILES,
    GameState,
    Move,
    RecordError,
    Rules,
    Tile,
    dumps,
    loads,
    private_fields,
    replay,
    replay_document,
    replay_game,
    to_record,
)

ROOT = Path(__file__).resolve().parents[2]


def record_of(hands: list[dict[str, Any]], rules: dict[str, Any] | None = None, **extra: Any) -> dict:
    """A format-1 record from hands written as people write them.

    Each hand is {"hands": "5-0 6-5 | 3-0 4-4", "boneyard": "1-0 ...", "leader": 0,
    "moves": "5-0, 3-0 E"}: seats split by `|`, moves by commas; the boneyard is drawn as
    written, then every tile not named anywhere, in id order.
    """
    out: dict[str, Any] = {"format": "allfives-record/1", "rules": rules or {}, "hands": []}
    for hand in hands:
        dealt = [h.split() for h in hand["hands"].split("|")]
        bones = hand.get("boneyard", "").split()
        named = {Tile.model_validate(t) for t in sum(dealt, []) + bones}
        out["hands"].append({
            "hands": dealt,
            "boneyard": bones + [str(t) for t in ALL_TILES if t not in named],
            "leader": hand.get("leader", 0),
            "moves": [m.strip() for m in hand.get("moves", "").split(",") if m.strip()],
        })
    out.update(extra)
    return out


# Two short hands (two tiles each): seat 0 goes out in hand 1; hand 2 is in progress.
TWO_HANDS = record_of([
    {"hands": "5-0 6-5 | 3-0 4-4", "moves": "5-0, 3-0 E, 6-5 W"},
    {"hands": "3-2 6-2 | 5-2 4-4", "boneyard": "1-0 1-1 4-0 6-6 5-1",
     "moves": "3-2, 5-2 E, draw, draw, draw, draw, draw, 5-1 E"},
], rules={"seats": 2, "hand_size": 2})

TWO_HANDS_DOC = {
    "hands": [
        {"plays": [{"seat": 0, "tile": "5-0", "end": None, "total": 5, "points": 5},
                   {"seat": 1, "tile": "3-0", "end": "E", "total": 8, "points": 0},
                   {"seat": 0, "tile": "6-5", "end": "W", "total": 9, "points": 0}],
         "result": {"reason": "domino", "out_seat": 0, "remaining_pips": [0, 8], "deductions": [0, 10]},
         "scores": [5, -10]},
        {"plays": [{"seat": 0, "tile": "3-2", "end": None, "total": 5, "points": 5},
                   {"seat": 1, "tile": "5-2", "end": "E", "total": 8, "points": 0},
                   {"seat": 0, "tile": "5-1", "end": "E", "total": 4, "points": 0}],
         "result": None,
         "scores": [10, -10]},
    ],
    "final_scores": [10, -10],
    "winner": None,
}

# Won on the lead: 5-0 reaches the target of 5 at once.
WON = record_of([{"hands": "5-0 6-5 | 3-0 4-4", "moves": "5-0"}],
                rules={"seats": 2, "hand_size": 2, "target": 5})

# Partnership, four seats of two tiles: team 0 goes out.
FOUR = record_of([{"hands": "5-0 5-2 | 3-0 1-1 | 5-3 6-6 | 5-5 4-4",
                   "moves": "5-0, 3-0 E, 5-3 E, 5-5 W, 5-2 E"}], rules={"seats": 4, "hand_size": 2})

# All 28 tiles dealt; ten plays put every blank on the table: blocked, then a hand led by anyone.
BLOCKED = record_of([
    {"hands": "0-0 2-1 3-0 4-0 6-5 1-1 3-1 4-1 5-1 6-1 2-2 3-2 4-2 5-2"
              " | 1-0 2-0 4-3 5-0 6-0 6-2 3-3 5-3 6-3 4-4 5-4 6-4 5-5 6-6",
     "moves": "0-0, 1-0 W, 2-1 W, 2-0 W, 3-0 E, 4-3 E, 4-0 E, 5-0 N, 6-5 N, 6-0 N"},
    {"hands": "6-6 6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4 5-3 5-2 5-1 5-0 4-4"
              " | 4-3 4-2 4-1 4-0 3-3 3-2 3-1 3-0 2-2 2-1 2-0 1-1 1-0 0-0",
     "leader": 1, "moves": "4-3"},
], rules={"seats": 2, "hand_size": 14, "end_of_hand": "muggins"})


def random_first_hand(seats: int, seed: int) -> dict:
    """The record of one seeded random hand (first hand only, so replays stay short)."""
    rng = random.Random(seed)
    state = GameState.new(Rules(seats=seats), seed=seed)
    while state.phase == "playing":
        state, _ = state.apply(rng.choice(state.legal_moves()))
    return to_record(state)


# -- writing and reading records ----------------------------------------

def test_dumps_then_loads_gives_the_same_state() -> None:
    state = GameState.new(Rules(seats=3, target=60), seed=5)
    state, _ = state.play(state.legal_moves()[0].tile)
    text = dumps(state, players=["ann", "bob", "cy"], **private_fields(state))
    data = json.loads(text)
    assert data["format"] == "allfives-record/1" and data["seed"] == 5 and data["players"][0] == "ann"
    assert data["seeded"] is True
    assert data["rules"] == {"seats": 3, "partnership": False, "hand_size": 7, "target": 60,
                             "end_of_hand": "deduct", "win_check": "immediate"}
    assert loads(text) == state


def test_a_record_writes_the_end_even_when_the_player_left_it_out() -> None:
    state, _ = replay(TWO_HANDS)
    assert to_record(state)["hands"][0]["moves"] == ["5-0", "3-0 E", "6-5 W"]
    unnamed = copy.deepcopy(TWO_HANDS)
    unnamed["hands"][0]["moves"] = ["5-0", "3-0", "6-5"]  # each fits one end only
    assert replay(unnamed)[0] == state


@pytest.mark.parametrize("rules, expected", [
    ({}, (2, False, 9, 250)),
    ({"seats": 3}, (3, False, 7, 200)),
    ({"seats": 4}, (4, True, 5, 200)),
    ({"seats": 4, "partnership": False}, (4, False, 5, 200)),
    ({"seats": 2, "target": 100}, (2, False, 9, 100)),
])
def test_rules_left_out_take_their_defaults(rules: dict, expected: tuple) -> None:
    record = {"format": "allfives-record/1", "rules": rules, "hands": []}
    r = replay(record)[0].rules
    assert (r.seats, r.partnership, r.hand_size, r.target) == expected
    assert (r.end_of_hand, r.win_check) == ("deduct", "immediate")
    del record["rules"]
    assert replay(record)[0].rules == Rules()


def test_a_tile_written_low_first_reads_high_first() -> None:
    flipped = copy.deepcopy(TWO_HANDS)
    flipped["hands"][0]["hands"][0] = ["0-5", "5-6"]
    flipped["hands"][0]["moves"] = ["0-5", "0-3 E", "5-6 W"]
    state, _ = replay(flipped)
    assert state == replay(TWO_HANDS)[0]
    assert to_record(state)["hands"][0]["hands"][0] == ["5-0", "6-5"]


def test_unknown_fields_are_ignored() -> None:
    extra = copy.deepcopy(TWO_HANDS)
    extra["players"] = ["ann", "bot:hard"]
    extra["saved_at"] = "2024-05-01T12:00:00Z"
    extra["rules"]["clock"] = 30
    extra["hands"][0]["comment"] = "a quick one"
    assert replay_document(extra) == replay_document(TWO_HANDS)


def test_a_record_may_stop_with_a_hand_dealt_but_not_played() -> None:
    dealt = copy.deepcopy(TWO_HANDS)
    del dealt["hands"][1]["moves"]
    state, per_hand = replay(dealt)
    assert state.phase == "playing" and state.hand_number == 2 and len(per_hand) == 2
    assert replay_document(dealt)["hands"][1] == {"plays": [], "result": None, "scores": [5, -10]}


# -- the replay document ------------------------------------------------

def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# RECORD.md's fair deals are optional: a record without them replays, and says its deals were not checked
UNCHECKED = "deals not checked: 2 hands carry no deal commitment (a record from before fair deals)"


def test_replay_json_is_the_document_of_record_md(tmp_path: Path, capsys) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(TWO_HANDS))
    code, out, err = run(capsys, "replay", "--json", str(path))
    assert (code, err) == (0, UNCHECKED + "\n")  # (beside the document, which stays RECORD.md's own)
    assert json.loads(out) == TWO_HANDS_DOC


def test_replay_json_of_a_won_game_and_a_partnership() -> None:
    assert replay_document(WON) == {
        "hands": [{"plays": [{"seat": 0, "tile": "5-0", "end": None, "total": 5, "points": 5}],
                   "result": None, "scores": [5, 0]}],
        "final_scores": [5, 0], "winner": 0}
    doc = replay_document(FOUR)
    assert [p["points"] for p in doc["hands"][0]["plays"]] == [5, 0, 10, 15, 0]
    assert doc["hands"][0]["result"] == {"reason": "domino", "out_seat": 0,
                                         "remaining_pips": [0, 2, 12, 8], "deductions": [0, 0, 10, 10]}
    assert doc["final_scores"] == [5, 5] and doc["winner"] is None


def test_replay_json_of_a_blocked_hand_under_muggins() -> None:
    doc = replay_document(BLOCKED)
    first = doc["hands"][0]
    assert first["result"] == {"reason": "blocked", "out_seat": None, "remaining_pips": [46, 80],
                               "deductions": [0, 0]}
    assert first["scores"] == [35, 5]  # 5 in play; the award 80 - 46 = 34 -> 35 shows in the scores
    assert doc["hands"][1]["plays"] == [{"seat": 1, "tile": "4-3", "end": None, "total": 7, "points": 0}]


def test_replay_prints_a_readable_summary(tmp_path: Path, capsys) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(TWO_HANDS))
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, "")
    assert out.splitlines() == [  # (seats count from 1, as on every screen)
        "2 seats, 2 tiles each, target 250, deduct, immediate",
        "hand 1: seat 1 leads (deal not checked: no commitment), 3 tiles played, 5 points scored in play",
        "  seat 1 went out; remaining pips [0, 8], deductions [0, 10]",
        "  scores: seat 1 5, seat 2 -10",
        "hand 2: seat 1 leads (deal not checked: no commitment), 3 tiles played, 5 points scored in play",
        "  in progress",
        "  scores: seat 1 10, seat 2 -10",
        "no winner yet",
        UNCHECKED,
    ]
    path.write_text(json.dumps({**TWO_HANDS, "players": [{"name": "You", "kind": "person"},
                                                         {"name": "Ben", "kind": "bot", "level": "hard"}]}))
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, "")
    assert out.splitlines()[1:4] == ["hand 1: You lead (deal not checked: no commitment), 3 tiles played, "
                                     "5 points scored in play",
                                     "  You went out; remaining pips [0, 8], deductions [0, 10]",
                                     "  scores: You 5, Ben -10"]


def test_a_report_names_seats_only_by_names_that_keep_the_rule() -> None:
    from allfives.names import count, seat_labels

    named = [{"name": "Ada"}, {"name": "Ben"}]
    assert seat_labels(named, 2) == ("Ada", "Ben")
    for players in ([{"name": "Ada"}, {"name": "ada"}], [{"name": "Ada"}, {"name": "Eve\x1b[2J"}],
                    [{"name": "Ada"}], [{"name": "Ada"}, "Ben"], {"0": "Ada"}, None):
        assert seat_labels(players, 2) == ("seat 1", "seat 2"), players
    assert (count(1, "tile"), count(0, "hand"), count(2, "hand")) == ("1 tile", "0 hands", "2 hands")


def test_replay_summary_names_the_winner_and_teams(tmp_path: Path, capsys) -> None:
    path = tmp_path / "won.json"
    path.write_text(json.dumps(WON))
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert out.splitlines()[-4:-1] == ["  cut short: the game was won", "  scores: seat 1 5, seat 2 0",
                                       "winner: seat 1 with 5"]
    path.write_text(json.dumps(FOUR))
    code, out, _ = run(capsys, "replay", str(path))
    assert "  scores: team 1 5, team 2 5" in out.splitlines()
    path.write_text(json.dumps({**FOUR, "players": [{"name": n} for n in ("Ada", "Ben", "Cleo", "Dan")]}))
    assert "  scores: Ada & Cleo 5, Ben & Dan 5" in run(capsys, "replay", str(path))[1].splitlines()
    assert out.splitlines()[0] == "4 seats, 2 tiles each, target 200, deduct, immediate, partnership"


def test_a_record_saved_with_a_byte_order_mark_is_read(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(TWO_HANDS).encode())
    code, out, err = run(capsys, "replay", "--json", str(path))
    assert (code, err) == (0, UNCHECKED + "\n") and json.loads(out) == TWO_HANDS_DOC


# -- malformed records --------------------------------------------------

class Mutant(NamedTuple):
    name: str
    content: bytes
    where: str = ""  # how the one-line message must begin, when it is known


def _bytes(record: Any) -> bytes:
    return json.dumps(record).encode()


def _set(record: dict, path: tuple, value: Any) -> dict:
    out = copy.deepcopy(record)
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


def _drop(record: dict, path: tuple) -> dict:
    out = copy.deepcopy(record)
    node = out
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return out


WRONG_TILES = [50, [5, 0], None, True, {"high": 5, "low": 0}, "5_0", "5-7", "50", "5-0-1", "", " ",
               "five-zero", "5-", "-5", "7-7", "5.0-1", "\u00b2-1", "\u0663-5"]
WRONG_MOVES = [50, None, ["5-0"], True, {"tile": "5-0"}, "", "5-0 E W", "5-0 X", "5-0 e", "Draw", "PASS",
               "play 5-0", "5-0E", "draw 1", "5-0 north", "5-9"]


def type_mutants() -> list[Mutant]:
    """Wrong values and types in every field of a good record."""
    base = TWO_HANDS
    out: list[Mutant] = []
    fields: dict[tuple, list] = {
        ("format",): [1, None, [], True, {"v": 1}, "allfives-record/2", "", "allfives-record/1 ",
                      "ALLFIVES-RECORD/1", "allfives-record"],
        ("rules",): [[], "2", 2, None, True],
        ("rules", "seats"): ["2", 2.0, True, None, [2], 5, 1, 0, -2, 3, 4],
        ("rules", "partnership"): ["false", 0, None, [], True],
        ("rules", "hand_size"): ["2", 2.5, True, None, 0, 15, -1, 3, 1],
        ("rules", "target"): ["250", None, 0, -5, 250.5, True, [250]],
        ("rules", "end_of_hand"): ["Deduct", "", None, 1, "both"],
        ("rules", "win_check"): ["now", None, True, "finish"],
        ("hands",): [None, {}, "x", 3, [[]], [None], [3], ["hand"], True],
    }
    for h in (0, 1):
        fields[("hands", h)] = [None, [], 3, "hand", True]
        fields[("hands", h, "hands")] = [None, {}, "5-0 6-5", [["5-0", "6-5"]], 3,
                                         [["5-0", "6-5"], ["3-0", "4-4"], []],
                                         [[["5-0", "6-5"]], [["3-0", "4-4"]]]]
        fields[("hands", h, "boneyard")] = [None, "x", {}, 3, [["1-0"]]]
        fields[("hands", h, "leader")] = ["0", 0.0, True, None, [0], -1, 2, 1]
        fields[("hands", h, "moves")] = [None, "5-0", {}, 3]
        for seat in (0, 1):
            for i in (0, 1):
                fields[("hands", h, "hands", seat, i)] = WRONG_TILES
        fields[("hands", h, "boneyard", 0)] = WRONG_TILES[:8]
        for m in (0, 1):
            fields[("hands", h, "moves", m)] = WRONG_MOVES
    for path, values in fields.items():
        where = f"hand {path[1] + 1}" if len(path) > 1 and path[0] == "hands" else ""
        if len(path) == 5 and path[2] == "moves":
            where = f"hand {path[1] + 1}, move {path[4] + 1}"
        for value in values:
            out.append(Mutant(f"{'.'.join(map(str, path))}={json.dumps(value)}",
                              _bytes(_set(base, path, value)), where))
    for key in ("format", "hands"):
        out.append(Mutant(f"no {key}", _bytes(_drop(base, (key,)))))
    for h in (0, 1):
        for key in ("hands", "boneyard", "leader"):
            out.append(Mutant(f"hand {h + 1} without {key}", _bytes(_drop(base, ("hands", h, key))),
                              f"hand {h + 1}"))
    return out


def deal_mutants() -> list[Mutant]:
    """Deals that break the set: duplicates, missing tiles, wrong sizes and numbers of hands."""
    out: list[Mutant] = []
    for name, base in (("two", TWO_HANDS), ("four", FOUR), ("blocked", BLOCKED)):
        for h, hand in enumerate(base["hands"]):
            where = f"hand {h + 1}"
            dealt, bones = hand["hands"], hand["boneyard"]
            for seat in range(len(dealt)):
                for i in range(2):
                    other = bones[0] if bones else dealt[(seat + 1) % len(dealt)][0]
                    dup = copy.deepcopy(base)
                    dup["hands"][h]["hands"][seat][i] = dealt[(seat + 1) % len(dealt)][-1]
                    out.append(Mutant(f"{name} h{h + 1} s{seat} t{i} duplicated", _bytes(dup), where))
                    grown = copy.deepcopy(base)
                    grown["hands"][h]["hands"][seat].insert(i, other)
                    if bones:
                        grown["hands"][h]["boneyard"].remove(other)
                    out.append(Mutant(f"{name} h{h + 1} s{seat} t{i} hand too big", _bytes(grown), where))
                shrunk = copy.deepcopy(base)
                moved = shrunk["hands"][h]["hands"][seat].pop()
                shrunk["hands"][h]["boneyard"].append(moved)
                out.append(Mutant(f"{name} h{h + 1} s{seat} hand too small", _bytes(shrunk), where))
                gone = copy.deepcopy(base)
                gone["hands"][h]["hands"][seat].pop()
                out.append(Mutant(f"{name} h{h + 1} s{seat} tile missing", _bytes(gone), where))
            if bones:
                for i in (0, len(bones) - 1):
                    missing = copy.deepcopy(base)
                    del missing["hands"][h]["boneyard"][i]
                    out.append(Mutant(f"{name} h{h + 1} boneyard {i} missing", _bytes(missing), where))
                    twice = copy.deepcopy(base)
                    twice["hands"][h]["boneyard"][i] = dealt[0][0]
                    out.append(Mutant(f"{name} h{h + 1} boneyard {i} twice", _bytes(twice), where))
                extra = copy.deepcopy(base)
                extra["hands"][h]["boneyard"].append(bones[0])
                out.append(Mutant(f"{name} h{h + 1} boneyard extra", _bytes(extra), where))
            fewer = copy.deepcopy(base)
            fewer["hands"][h]["boneyard"] += fewer["hands"][h]["hands"].pop()
            out.append(Mutant(f"{name} h{h + 1} one hand fewer", _bytes(fewer), where))
            more = copy.deepcopy(base)
            more["hands"][h]["hands"].append([])
            out.append(Mutant(f"{name} h{h + 1} one hand more", _bytes(more), where))
    return out


def sequence_mutants() -> list[Mutant]:
    """Records whose hands and moves come in an order the rules do not allow."""
    out: list[Mutant] = []
    for move in ("pass", "draw", "4-4", "4-4 E"):
        out.append(Mutant(f"after domino: {move}", _bytes(_set(TWO_HANDS, ("hands", 0, "moves"),
                                                                ["5-0", "3-0 E", "6-5 W", move])),
                          "hand 1, move 4: the hand is already over"))
        out.append(Mutant(f"after block: {move}", _bytes(_set(BLOCKED, ("hands", 0, "moves"),
                                                              BLOCKED["hands"][0]["moves"] + [move])),
                          "hand 1, move 11: the hand is already over"))
        out.append(Mutant(f"after win: {move}", _bytes(_set(WON, ("hands", 0, "moves"), ["5-0", move])),
                          "hand 1, move 2: the game was already won"))
    won_twice = copy.deepcopy(WON)
    won_twice["hands"].append(copy.deepcopy(TWO_HANDS["hands"][1]))
    out.append(Mutant("hand after a win", _bytes(won_twice), "hand 2: the game was already won"))
    won_empty = copy.deepcopy(won_twice)
    won_empty["hands"][1]["moves"] = []
    out.append(Mutant("dealt after a win", _bytes(won_empty), "hand 2: the game was already won"))
    for keep in range(3):
        early = _set(TWO_HANDS, ("hands", 0, "moves"), TWO_HANDS["hands"][0]["moves"][:keep])
        out.append(Mutant(f"hand 2 after {keep} moves of hand 1", _bytes(early),
                          "hand 2: hand 1 has not ended"))
    early = _set(BLOCKED, ("hands", 0, "moves"), BLOCKED["hands"][0]["moves"][:-1])
    out.append(Mutant("hand 2 before the block", _bytes(early), "hand 2: hand 1 has not ended"))
    out.append(Mutant("wrong leader after a domino", _bytes(_set(TWO_HANDS, ("hands", 1, "leader"), 1)),
                      "hand 2: seat 0 went out last hand and must lead, not seat 1"))
    four_next = copy.deepcopy(FOUR)
    four_next["hands"].append(copy.deepcopy(FOUR["hands"][0]) | {"moves": []})
    for leader in (1, 2, 3):
        out.append(Mutant(f"four: seat {leader} leads after seat 0 went out",
                          _bytes(_set(four_next, ("hands", 1, "leader"), leader)),
                          f"hand 2: seat 0 went out last hand and must lead, not seat {leader}"))
    return out


def oracle_fits(layout: Any, tile: Tile) -> list[str]:
    return [e for e, p in layout.open_ends.items() if p in (tile.high, tile.low)]


def move_mutants(name: str, record: dict, hand: int, limit: int) -> list[Mutant]:
    """Replace single moves of a good hand with moves the rules forbid at that point."""
    out: list[Mutant] = []
    state = GameState.empty(Rules.model_validate(record["rules"]))
    for h in range(hand):
        state, _ = state.start_hand(*(record["hands"][h][k] for k in ("hands", "boneyard", "leader")))
        if h < hand - 1:
            for move in record["hands"][h]["moves"]:
                state, _ = state.apply(move)
    moves = record["hands"][hand - 1]["moves"]

    def put(i: int, kind: str, text: str) -> None:
        bad = copy.deepcopy(record)
        bad["hands"][hand - 1]["moves"][i] = text
        out.append(Mutant(f"{name} h{hand} m{i + 1} {kind}: {text}", _bytes(bad),
                          f"hand {hand}, move {i + 1}: "))

    for i, good in enumerate(moves[:limit]):
        seat, lay = state.turn, state.layout
        held = state.hands[seat]
        fitting = [t for t in held if lay.lead is None or oracle_fits(lay, t)]
        if fitting:
            put(i, "draw holding a playable tile", "draw")
            put(i, "pass holding a playable tile", "pass")
        elif state.boneyard:
            put(i, "pass with tiles in the boneyard", "pass")
        unheld = [t for h in state.hands for t in h if t not in held] + list(lay.tiles())
        for t in unheld[:2]:
            put(i, "unheld tile", str(t))
        if lay.lead is not None:
            for t in [t for t in held if not oracle_fits(lay, t)][:2]:
                put(i, "matches no end", str(t))
            for t in fitting[:2]:
                fits = oracle_fits(lay, t)
                wrong = [e for e in "WENS" if e not in fits]
                for e in wrong[:2]:
                    put(i, "wrong end", f"{t} {e}")
                if len(fits) > 1:
                    put(i, "ambiguous end left out", str(t))
        else:
            put(i, "lead with an end", f"{held[0]} W")
        state, _ = state.apply(good)
    return out


NESTED = json.loads("[" * 500 + "]" * 500)


def text_mutants() -> list[Mutant]:
    """Files that are not JSON records at all."""
    good = json.dumps(TWO_HANDS, indent=1)
    out = [Mutant(f"truncated at {n}", good[:n].encode()) for n in (0, 1, 10, 40, 100, 200, len(good) // 2,
                                                                    len(good) - 1)]
    out += [
        Mutant("empty file", b""),
        Mutant("whitespace", b"  \n\t\n"),
        Mutant("latin-1 byte", good.replace("allfives", "allfiv\u00e9s").encode("latin-1")),
        Mutant("leading 0xff", b"\xff" + good.encode()),
        Mutant("utf-16", good.encode("utf-16")),
        Mutant("invalid continuation", good.encode()[:50] + b"\xc3\x28" + good.encode()[50:]),
        Mutant("top-level list", b"[]"),
        Mutant("top-level string", b'"allfives-record/1"'),
        Mutant("top-level number", b"3"),
        Mutant("top-level null", b"null"),
        Mutant("NaN format", b'{"format": NaN, "hands": []}'),
        Mutant("two documents", (good + good).encode()),
        Mutant("single quotes", good.replace('"', "'").encode()),
        Mutant("trailing comma", good[:-2].encode() + b",}"),
        Mutant("deeply nested", b"[" * 100_000 + b"]" * 100_000),
        Mutant("nested tile", _bytes(_set(TWO_HANDS, ("hands", 0, "hands", 0, 0), NESTED)), "hand 1"),
        Mutant("an enormous number", b'{"format": "allfives-record/1", "hands": [], "x": ' + b"9" * 5000
               + b"}"),
    ]
    return out


def build_mutants() -> dict[bytes, Mutant]:
    found = (sequence_mutants() + text_mutants() + type_mutants() + deal_mutants()
             + move_mutants("two", TWO_HANDS, 1, 3) + move_mutants("two", TWO_HANDS, 2, 8)
             + move_mutants("four", FOUR, 1, 5) + move_mutants("blocked", BLOCKED, 1, 10))
    for seats in (2, 3, 4):
        found += move_mutants(f"random{seats}", random_first_hand(seats, seed=seats), 1, 6)
    distinct: dict[bytes, Mutant] = {}
    for mutant in found:
        distinct.setdefault(mutant.content, mutant)
    return distinct


MUTANTS = build_mutants()


def test_there_are_at_least_200_distinct_malformed_records() -> None:
    assert len(MUTANTS) >= 200
    assert len({m.name for m in MUTANTS.values()}) == len(MUTANTS)


@pytest.mark.parametrize("mutant", list(MUTANTS.values()), ids=lambda m: m.name)
def test_a_malformed_record_is_refused_in_one_line(mutant: Mutant, tmp_path: Path, capsys) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(mutant.content)
    for argv in (["replay", str(path)], ["replay", "--json", str(path)]):
        code, out, err = run(capsys, *argv)
        assert code == 2, err
        assert out == ""
        assert "Traceback" not in err
        assert err.endswith("\n") and err.count("\n") == 1 and err.strip(), repr(err)
        assert err.startswith(mutant.where), err


def test_the_base_records_are_good(tmp_path: Path, capsys) -> None:
    """The mutants are bad because of the mutation, not because the record was bad already."""
    for record in (TWO_HANDS, WON, FOUR, BLOCKED) + tuple(random_first_hand(s, seed=s) for s in (2, 3, 4)):
        replay(record)
        path = tmp_path / "good.json"
        path.write_text(json.dumps(record))
        assert run(capsys, "replay", "--json", str(path))[0] == 0


@pytest.mark.parametrize("change, message", [
    ((("hands", 1, "moves", 6), "6-2"), "hand 2, move 7: 6-2 matches no open end (W 3, E 5)"),
    ((("hands", 0, "hands", 1, 0), "4-4"), "hand 1: tile 4-4 is dealt twice"),
    ((("hands", 0, "hands", 1, 0), "5-0"), "hand 1: tile 5-0 is dealt twice"),
    ((("hands", 1, "moves", 2), "pass"),
     "hand 2, move 3: the boneyard is not empty: seat 0 must draw, not pass"),
    ((("hands", 1, "moves", 1), "draw"),
     "hand 2, move 2: seat 1 holds a playable tile (5-2) and may not draw"),
    ((("hands", 1, "moves", 1), "3-0 E"), "hand 2, move 2: seat 1 does not hold 3-0"),
    ((("hands", 1, "moves", 0), "3-2 W"), "hand 2, move 1: 3-2 is the lead: it takes no end"),
    ((("hands", 0, "moves", 1), "3-0 W"), "hand 1, move 2: 3-0 does not fit end W (W 5, E 0)"),
    ((("hands", 0, "moves", 1), "3-0 Q"),
     'hand 1, move 2: "3-0 Q" is not a move (write 5-3, 5-3 E, draw or pass)'),
    ((("hands", 0, "hands", 0, 0), 50), "hand 1, seat 0: expected a tile (write it a-b, like 5-3), found 50"),
    ((("hands", 0, "leader"), "0"), 'hand 1: leader must be a seat number, found the string "0"'),
    ((("hands", 0, "leader"), 2), "hand 1: leader 2 is not a seat (0-1)"),
    ((("hands", 0, "hands", 1), ["3-0"]), "hand 1: seat 1 is dealt 1 tile, not 2"),
    ((("rules", "seats"), 5), "rules.seats: must be at most 4, found 5"),
    ((("rules", "partnership"), True), "rules: partnership needs 4 seats"),
    ((("rules", "hand_size"), 15), "rules.hand_size: must be at most 14, found 15"),
    ((("hands", 0, "hands", 0, 1), "5-7"), 'hand 1, seat 0: "5-7" is not a tile (halves run from 0 to 6)'),
    ((("hands", 0, "moves", 0), "9-5"), 'hand 1, move 1: tile: "9-5" is not a tile (halves run from 0 to 6)'),
    ((("format",), "allfives-record/2"), 'format is "allfives-record/2", expected "allfives-record/1"'),
])
def test_some_messages_word_for_word(change: tuple, message: str, tmp_path: Path, capsys) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_set(TWO_HANDS, *change)))
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out, err) == (2, "", message + "\n")
    with pytest.raises(RecordError, match="^" + message.replace("(", r"\(").replace(")", r"\)") + "$"):
        replay(_set(TWO_HANDS, *change))


@pytest.mark.parametrize("stop_after", [None, 37])
def test_replay_game_reaches_replays_state_and_refuses_what_it_refuses(play_game, stop_after) -> None:
    game = play_game(21, seats=3, target=80, stop_after=stop_after)  # won, or stopped mid-hand
    record = to_record(game, **private_fields(game))
    assert replay_game(record) == replay(record)[0] == game
    bad = _set(TWO_HANDS, ("hands", 0, "moves", 1), "6-6 W")
    with pytest.raises(RecordError) as refused:
        replay(bad)
    with pytest.raises(RecordError, match="^" + re.escape(str(refused.value)) + "$"):
        replay_game(bad)


def test_ambiguous_end_must_be_named() -> None:
    lead_double = record_of([{"hands": "5-5 0-0 | 5-0 1-1", "moves": "5-5, 5-0"}], rules={"hand_size": 2})
    with pytest.raises(RecordError, match=r"^hand 1, move 2: 5-0 fits more than one end \(W E\): name one$"):
        replay(lead_double)


@pytest.mark.parametrize("name", ["an enormous number", "deeply nested", "leading 0xff", "after win: pass",
                                  "wrong leader after a domino"])
def test_the_command_exits_2_end_to_end(name: str, tmp_path: Path) -> None:
    mutant = next(m for m in MUTANTS.values() if m.name == name)
    path = tmp_path / "bad.json"
    path.write_bytes(mutant.content)
    run_ = subprocess.run([sys.executable, "-m", "allfives", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert run_.returncode == 2 and run_.stdout == ""
    assert run_.stderr.count("\n") == 1 and "Traceback" not in run_.stderr
    assert run_.stderr.startswith(mutant.where)


def test_loads_refuses_text_that_is_not_a_record() -> None:
    for text in ("", "[" * 100_000, '{"format": "allfives-record/1", "x": ' + "9" * 5000 + "}", "{"):
        with pytest.raises(RecordError):
            loads(text)


def test_a_played_move_is_written_as_the_record_reads_it() -> None:
    for text in ("5-3", "5-3 E", "draw", "pass"):
        assert str(Move.model_validate(text)) == text
    assert str(Move.model_validate("3-5 N")) == "5-3 N"


@pytest.mark.parametrize("seed", [True, [1], 1.5, {}, None])
def test_a_seed_of_another_kind_is_ignored_like_any_unknown_field(seed) -> None:
    data = json.loads(json.dumps(TWO_HANDS))
    data["seed"] = seed
    state, _ = replay(data)
    assert state.seed is None
    assert replay_document(data) == replay_document(TWO_HANDS)
