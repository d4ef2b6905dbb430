"""Game records (RECORD.md, format 1): write a state out, read one back, replay and check it."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError

from . import core
from .core import IllegalMove
from .models import Move, Rules, Tile, read_move, read_tile
from .state import Event, GameState, HandDealt, HandLog, HandResult, events_from_core, made
from .values import brief, describe, explain

FORMAT = "allfives-record/1"


class RecordError(ValueError):
    """A record that breaks the format or the rules; the message says where and why, on one line."""


def to_record(state: GameState, **extra: Any) -> dict[str, Any]:
    """The record of a game: rules, every deal, every move (plus `seed` and any extra fields)."""
    record: dict[str, Any] = {"format": FORMAT, "rules": dict(state.rules),  # (plain values: no serializer)
                              "hands": [hand_record(hand) for hand in state.log]}
    if state.seed is not None:
        record["seed"] = state.seed
    record.update(extra)
    return record


def record_head(state: GameState, **extra: Any) -> dict[str, Any]:
    """A record without its hands: the format, the rules, the seed and any extra fields. With
    `hand_record` it lets a save or the history write a long game hand by hand."""
    head: dict[str, Any] = {"format": FORMAT, "rules": dict(state.rules)}
    if state.seed is not None:
        head["seed"] = state.seed
    head.update(extra)
    return head


def hand_record(hand: HandLog) -> dict[str, Any]:
    """One element of a record's `hands`: the deal, the leader and the moves."""
    return {"hands": [[str(t) for t in h] for h in hand.hands], "boneyard": [str(t) for t in hand.boneyard],
            "leader": hand.leader, "moves": [str(m) for m in hand.moves]}


def dumps(state: GameState, **extra: Any) -> str:
    return json.dumps(to_record(state, **extra), indent=1)


def parse_json(text: str) -> Any:
    """JSON as RFC 8259 writes it: no duplicate keys, no NaN or Infinity (RecordError otherwise).

    Python's own parser takes both silently (the last duplicate wins), so a record could say
    one thing to us and another to any other reader.
    """
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_constant, parse_float=_number)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError("nested too deeply to be a game record") from None
    except ValueError as e:  # JSONDecodeError, or an integer past Python's 4,300 digits
        if "digits" in str(e):
            raise RecordError("not valid JSON: a number longer than 4,300 digits") from None
        raise RecordError(f"not valid JSON: {str(e).splitlines()[0][:100]}") from None


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise RecordError(f"not valid JSON: the key {brief(twice)} appears twice in one object")
    return obj


def _constant(name: str) -> Any:
    raise RecordError(f"not valid JSON: {name} is not a number in JSON")


def _number(text: str) -> float:
    value = float(text)
    if value in (math.inf, -math.inf):
        shown = text if len(text) <= 40 else f"{text[:40]}… ({len(text):,} characters)"
        raise RecordError(f"not valid JSON: {shown} is too large a number")
    return value


def _tile(value: Any, where: str) -> int:
    if not isinstance(value, str):
        raise RecordError(f"{where}: expected a tile (write it a-b, like 5-3), found {describe(value)}")
    try:
        return read_tile(value).id
    except ValidationError as e:
        raise RecordError(f"{where}: {explain(e)}") from None
    except ValueError as e:
        raise RecordError(f"{where}: {e}") from None


def _list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise RecordError(f"{where}: expected a list, found {describe(value)}")
    return value


class _Replay:
    """A record checked move by move on the fast core table: linear in the record's length."""

    def __init__(self, data: Any, keep_log: bool = True) -> None:
        self.keep_log = keep_log  # the hands as a GameState's log holds them
        if not isinstance(data, dict):
            raise RecordError(f"a record is a JSON object, found {describe(data)}")
        if data.get("format") != FORMAT:
            found = data.get("format")
            shown = brief(found) if isinstance(found, str) else describe(found)
            raise RecordError(f"format is {shown}, expected \"{FORMAT}\"")
        raw_rules = data.get("rules", {})
        if not isinstance(raw_rules, dict):
            raise RecordError(f"rules: expected an object, found {describe(raw_rules)}")
        try:
            self.rules = Rules.model_validate(raw_rules, strict=True)
        except ValidationError as e:
            where = "rules." if e.errors()[0]["loc"] else "rules: "
            raise RecordError(where + explain(e)) from None
        # `seed` is this project's own addition (it fixes the deals still to come); a record from
        # elsewhere may use the name for something else, so a value that is no seed is ignored.
        # (An int or a string is a seed, though: one no game can have is refused, not quietly dropped.)
        seed = data.get("seed")
        self.seed = seed if isinstance(seed, (int, str)) and not isinstance(seed, bool) else None
        if self.seed is not None and (problem := core.seed_problem(self.seed)):
            raise RecordError(f"seed: {problem}, found {describe(seed)}")
        self.hands = _list(data.get("hands"), "hands")
        self.table = core.Table(self.rules.to_core())
        self.log: list[HandLog] = []

    def played(self) -> Iterator[list]:
        """Check hand after hand; yield each hand's core events once its moves are made.

        While the caller holds a hand's events, `self.table` is the table at the end of that hand.
        """
        table = self.table
        for h, hand in enumerate(self.hands, start=1):
            where = f"hand {h}"
            if not isinstance(hand, dict):
                raise RecordError(f"{where}: expected an object, found {describe(hand)}")
            if table.phase == core.GAME_OVER:
                raise RecordError(f"{where}: the game was already won")
            if table.phase == core.PLAYING:
                raise RecordError(f"{where}: hand {h - 1} has not ended")
            dealt = [[_tile(t, f"{where}, seat {s}") for t in _list(ts, f"{where}, seat {s}")]
                     for s, ts in enumerate(_list(hand.get("hands"), f"{where}: hands"))]
            boneyard = [_tile(t, f"{where}, boneyard")
                        for t in _list(hand.get("boneyard"), f"{where}: boneyard")]
            leader = hand.get("leader")
            if not isinstance(leader, int) or isinstance(leader, bool):
                raise RecordError(f"{where}: leader must be a seat number, found {describe(leader)}")
            if not 0 <= leader < self.rules.seats:  # said here: the value may have thousands of digits
                raise RecordError(f"{where}: leader {brief(leader)} is not a seat (0-{self.rules.seats - 1})")
            try:
                table.start_dealt_hand(dealt, boneyard, leader)
            except IllegalMove as e:
                raise RecordError(f"{where}: {e}") from None
            raw: list = [("dealt", h, leader)]
            moves: list[Move] = []
            for m, text in enumerate(_list(hand.get("moves", []), f"{where}: moves"), start=1):
                at = f"{where}, move {m}"
                if not isinstance(text, str):
                    raise RecordError(f"{at}: expected a move (5-3, 5-3 E, draw or pass), "
                                      f"found {describe(text)}")
                if table.phase == core.GAME_OVER:
                    raise RecordError(f"{at}: the game was already won")
                if table.phase != core.PLAYING:
                    raise RecordError(f"{at}: the hand is already over")
                try:
                    move = read_move(text)
                except ValidationError as e:
                    raise RecordError(f"{at}: {explain(e)}") from None
                first = len(raw)
                kind, tile, end = move.to_core()
                try:
                    table.apply(kind, tile, end, events=raw)
                except IllegalMove as e:
                    raise RecordError(f"{at}: {e}") from None
                if self.keep_log:
                    if kind == core.PLAY and end < 0:  # the log names the end the rules chose
                        move = Move.from_core(kind, tile, raw[first][3])
                    moves.append(move)
            if self.keep_log:
                self.log.append(HandLog.model_construct(
                    hands=tuple(tuple(Tile.of(t) for t in ts) for ts in dealt),
                    boneyard=tuple(Tile.of(t) for t in boneyard), leader=leader, moves=tuple(moves)))
            yield raw

    def state(self, result: HandResult | None) -> GameState:
        return GameState.from_replayed(self.table, self.rules, self.seed, tuple(self.log), result)


def replay(data: Any) -> tuple[GameState, list[list[Event]]]:
    """Check a record move by move; return the final state and each hand's events.

    Raises RecordError naming the hand and move at fault.
    """
    run = _Replay(data)
    per_hand: list[list[Event]] = []
    result = None
    for raw in run.played():
        _, number, leader = raw[0]
        events, result = events_from_core(raw[1:], run.rules, run.table)
        per_hand.append([made(HandDealt, hand_number=number, leader=leader), *events])
    return run.state(result), per_hand


def replay_game(data: Any) -> GameState:
    """`replay`'s final state alone: the record checked move by move in the same way (RecordError), but
    only the last hand's events made, which is most of the time of a long record."""
    run = _Replay(data)
    last = None
    for raw in run.played():
        last = raw
    result = events_from_core(last[1:], run.rules, run.table)[1] if last is not None else None
    return run.state(result)


def loads(text: str) -> GameState:
    """The state a record's text describes (RecordError when it is not a valid record)."""
    data = parse_json(text)
    try:
        return replay(data)[0]
    except RecursionError:
        raise RecordError("the record is nested too deeply to be a game record") from None


class ReplayDocument:
    """The `--json` document of RECORD.md, hand by hand as the record is checked.

    Iterating `hands()` checks the record (RecordError at the first fault) and yields each hand's
    leader and document entry; nothing else is kept, so a long record costs little memory.
    `final_scores` and `winner` are known once every hand has been yielded.
    """

    def __init__(self, data: Any) -> None:
        self._run = _Replay(data, keep_log=False)
        self.rules = self._run.rules
        self.winner: int | None = None

    @property
    def final_scores(self) -> list[int]:
        return list(self._run.table.scores)

    def hands(self) -> Iterator[tuple[int, dict[str, Any]]]:
        scores = [0] * self.rules.sides
        for raw in self._run.played():
            plays: list[dict[str, Any]] = []
            result = None
            for ev in raw[1:]:
                kind = ev[0]
                if kind == "played":
                    _, seat, tile, end, total, points = ev
                    plays.append({"seat": seat, "tile": _TILE_NAMES[tile],
                                  "end": core.END_NAMES[end] if end >= 0 else None,
                                  "total": total, "points": points})
                elif kind == "scored":
                    scores[ev[2]] = ev[4]
                elif kind == "hand_over":
                    r = ev[1]
                    result = {"reason": r.reason, "out_seat": r.out_seat,
                              "remaining_pips": list(r.remaining_pips), "deductions": list(r.deductions)}
                    scores = list(ev[2])
                elif kind == "won":
                    self.winner = ev[1]
                    scores = list(ev[2])
            yield raw[0][2], {"plays": plays, "result": result, "scores": list(scores)}


_TILE_NAMES = tuple(core.tile_name(t) for t in range(28))


def replay_document(data: Any) -> dict[str, Any]:
    """The `allfives replay --json` document of RECORD.md."""
    doc = ReplayDocument(data)
    hands = [hand for _, hand in doc.hands()]
    return {"hands": hands, "final_scores": doc.final_scores, "winner": doc.winner}
