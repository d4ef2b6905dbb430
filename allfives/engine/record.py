"""Game records (RECORD.md, format 1): write a state out, read one back, replay and check it."""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from .core import IllegalMove
from .models import Move, Rules, Tile
from .state import Event, GameState, GameWon, HandResult, Played

FORMAT = "allfives-record/1"


class RecordError(ValueError):
    """A record that breaks the format or the rules; the message says where and why, on one line."""


def to_record(state: GameState, **extra: Any) -> dict[str, Any]:
    """The record of a game: rules, every deal, every move (plus `seed` and any extra fields)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": state.rules.model_dump(),
        "hands": [
            {"hands": [[str(t) for t in h] for h in hand.hands],
             "boneyard": [str(t) for t in hand.boneyard],
             "leader": hand.leader,
             "moves": [str(m) for m in hand.moves]}
            for hand in state.log
        ],
    }
    if state.seed is not None:
        record["seed"] = state.seed
    record.update(extra)
    return record


def dumps(state: GameState, **extra: Any) -> str:
    return json.dumps(to_record(state, **extra), indent=1)


def _first_error(e: ValidationError) -> str:
    err = e.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    msg = err["msg"].removeprefix("Value error, ")
    return f"{where}: {msg}" if where else msg


def _tile(value: Any, where: str) -> Tile:
    if not isinstance(value, str):
        raise RecordError(f"{where}: {json.dumps(value)} is not a tile (write it a-b, like 5-3)")
    try:
        return Tile.model_validate(value)
    except ValidationError as e:
        raise RecordError(f"{where}: {_first_error(e)}") from None


def _list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise RecordError(f"{where}: expected a list, found {type(value).__name__}")
    return value


def replay(data: Any) -> tuple[GameState, list[list[Event]]]:
    """Check a record move by move; return the final state and each hand's events.

    Raises RecordError naming the hand and move at fault.
    """
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, found {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise RecordError(f"format is {json.dumps(data.get('format'))}, expected \"{FORMAT}\"")
    raw_rules = data.get("rules", {})
    if not isinstance(raw_rules, dict):
        raise RecordError("rules: expected an object")
    try:
        rules = Rules.model_validate(raw_rules, strict=True)
    except ValidationError as e:
        where = "rules." if e.errors()[0]["loc"] else "rules: "
        raise RecordError(where + _first_error(e)) from None
    # `seed` is this project's own addition (it fixes the deals still to come); a record from
    # elsewhere may use the name for something else, so a value that is no seed is ignored.
    seed = data.get("seed")
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        seed = None
    hands = _list(data.get("hands"), "hands")
    state = GameState.empty(rules, seed)
    per_hand: list[list[Event]] = []
    for h, hand in enumerate(hands, start=1):
        where = f"hand {h}"
        if not isinstance(hand, dict):
            raise RecordError(f"{where}: expected an object")
        if state.phase == "game_over":
            raise RecordError(f"{where}: the game was already won")
        if state.phase == "playing":
            raise RecordError(f"{where}: hand {h - 1} has not ended")
        dealt = [[_tile(t, f"{where}, seat {s}") for t in _list(ts, f"{where}, seat {s}")]
                 for s, ts in enumerate(_list(hand.get("hands"), f"{where}: hands"))]
        boneyard = [_tile(t, f"{where}, boneyard") for t in _list(hand.get("boneyard"), f"{where}: boneyard")]
        leader = hand.get("leader")
        if not isinstance(leader, int) or isinstance(leader, bool):
            raise RecordError(f"{where}: leader must be a seat number")
        try:
            state, events = state.start_hand(dealt, boneyard, leader)
        except IllegalMove as e:
            raise RecordError(f"{where}: {e}") from None
        for m, text in enumerate(_list(hand.get("moves", []), f"{where}: moves"), start=1):
            at = f"{where}, move {m}"
            if not isinstance(text, str):
                raise RecordError(f"{at}: {json.dumps(text)} is not a move")
            if state.phase == "game_over":
                raise RecordError(f"{at}: the game was already won")
            if state.phase != "playing":
                raise RecordError(f"{at}: the hand is already over")
            try:
                move = Move.model_validate(text)
            except ValidationError as e:
                raise RecordError(f"{at}: {_first_error(e)}") from None
            try:
                state, new = state.apply(move)
            except IllegalMove as e:
                raise RecordError(f"{at}: {e}") from None
            events.extend(new)
        per_hand.append(events)
    return state, per_hand


def loads(text: str) -> GameState:
    """The state a record's text describes (RecordError when it is not a valid record)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:  # also a number too long or nesting too deep
        raise RecordError(f"not valid JSON: {e}") from None
    try:
        return replay(data)[0]
    except RecursionError:
        raise RecordError("the record is nested too deeply to be a game record") from None


def replay_document(data: Any) -> dict[str, Any]:
    """The `allfives replay --json` document of RECORD.md."""
    state, per_hand = replay(data)
    hands = []
    scores = [0] * state.rules.sides
    winner = None
    for events in per_hand:
        plays, result = [], None
        for ev in events:
            if isinstance(ev, Played):
                plays.append({"seat": ev.seat, "tile": str(ev.tile), "end": ev.end,
                              "total": ev.total, "points": ev.points})
                if ev.points:
                    scores[state.rules.side_of(ev.seat)] += ev.points
            elif isinstance(ev, HandResult):
                result = {"reason": ev.reason, "out_seat": ev.out_seat,
                          "remaining_pips": list(ev.remaining_pips), "deductions": list(ev.deductions)}
                scores = list(ev.scores)
            elif isinstance(ev, GameWon):
                winner = ev.side
                scores = list(ev.scores)
        hands.append({"plays": plays, "result": result, "scores": list(scores)})
    return {"hands": hands, "final_scores": list(state.scores), "winner": winner}
