"""Game records (RECORD.md, format 1): write a state out, read one back, replay and check it."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError

from allfives.i18n import _, number

from . import core
from .core import IllegalMove
from .deal import Deal, hex_problem
from .models import Move, Rules, Tile, read_move, read_tile
from .state import Event, GameState, HandDealt, HandLog, HandResult, events_from_core, made
from .values import brief, describe, explain

FORMAT = "allfives-record/1"
# A save's own field (never a shared record's): the secret of the hand in play, so a table that
# resumes the game can still show it when the hand is over. See `private_fields`.
DEAL_SECRET = "deal_secret"


class RecordError(ValueError):
    """A record that breaks the format or the rules; the message says where and why, on one line."""


def to_record(state: GameState, **extra: Any) -> dict[str, Any]:
    """The record of a game: rules, every deal, every move (plus `seed`, `"seeded": true` for a seeded
    game, and any extra fields). Each hand dealt from a secret carries its `deal`: the commitment, and
    the secret once the hand is over; the hand in play's secret is never in it (`private_fields`)."""
    in_play = len(state.log) - 1 if state.phase == "playing" else -1
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": dict(state.rules),  # its fields are plain values: no serializer needs building
        "hands": [hand_record(hand, reveal=n != in_play) for n, hand in enumerate(state.log)],
    }
    if state.seed is not None:
        record["seed"] = state.seed
        record["seeded"] = True
    record.update(extra)
    return record


def record_head(state: GameState, **extra: Any) -> dict[str, Any]:
    """A record without its hands: the format, the rules, the seed and any extra fields. With
    `hand_record` it lets a save or the history write a long game hand by hand."""
    head: dict[str, Any] = {"format": FORMAT, "rules": dict(state.rules)}
    if state.seed is not None:
        head["seed"] = state.seed
        head["seeded"] = True
    head.update(extra)
    return head


def hand_record(hand: HandLog, reveal: bool = True) -> dict[str, Any]:
    """One element of a record's `hands`: the deal, the leader, the fair deal's commitment (and its
    secret if `reveal`: the hand is over) and the moves."""
    written: dict[str, Any] = {"hands": [[str(t) for t in h] for h in hand.hands],
                               "boneyard": [str(t) for t in hand.boneyard], "leader": hand.leader}
    if hand.deal is not None:
        written["deal"] = hand.deal.to_json(reveal)
    written["moves"] = [str(m) for m in hand.moves]
    return written


def private_fields(state: GameState) -> dict[str, str]:
    """What only a save holds beside the record: the hand in play's secret (`deal_secret`), which the
    record leaves out until the hand is over. A save on the player's own disk holds the whole deal
    anyway; a record that is shared (the history, an export) must not hold the secret before its time,
    so the save writer adds these and nothing else does. `replay` reads them back."""
    if state.phase != "playing" or not state.log:
        return {}
    deal = state.log[-1].deal
    return {DEAL_SECRET: deal.secret} if deal is not None and deal.secret is not None else {}


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
        raise RecordError(_("nested too deeply to be a game record")) from None
    except ValueError as e:  # JSONDecodeError, or an integer past Python's 4,300 digits
        if "digits" in str(e):
            raise RecordError(_("not valid JSON: a number longer than {digits} digits").format(
                digits=number(4300))) from None
        # (the parser's own words on where and what: data, as Python writes them)
        raise RecordError(_("not valid JSON: {why}").format(why=str(e).splitlines()[0][:100])) from None


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _v in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise RecordError(_("not valid JSON: the key {key} appears twice in one object").format(
            key=brief(twice)))
    return obj


def _constant(name: str) -> Any:
    raise RecordError(_("not valid JSON: {name} is not a number in JSON").format(name=name))


def _number(text: str) -> float:
    value = float(text)
    if value in (math.inf, -math.inf):
        shown = text if len(text) <= 40 else f"{text[:40]}… ({len(text):,} characters)"  # the value: data
        raise RecordError(_("not valid JSON: {value} is too large a number").format(value=shown))
    return value


def _tile(value: Any, where: str) -> int:
    if not isinstance(value, str):
        raise RecordError(_("{where}: expected a tile (write it a-b, like 5-3), found {found}").format(
            where=where, found=describe(value)))
    try:
        return read_tile(value).id
    except ValidationError as e:
        raise RecordError(f"{where}: {explain(e)}") from None
    except ValueError as e:
        raise RecordError(f"{where}: {e}") from None


def _list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise RecordError(_("{where}: expected a list, found {found}").format(
            where=where, found=describe(value)))
    return value


class _Replay:
    """A record checked move by move on the fast core table: linear in the record's length."""

    def __init__(self, data: Any, keep_log: bool = True) -> None:
        self.keep_log = keep_log  # the hands as a GameState's log holds them
        if not isinstance(data, dict):
            raise RecordError(_("a record is a JSON object, found {found}").format(found=describe(data)))
        if data.get("format") != FORMAT:
            found = data.get("format")
            shown = brief(found) if isinstance(found, str) else describe(found)
            raise RecordError(_("format is {found}, expected {format}").format(
                found=shown, format=f'"{FORMAT}"'))
        raw_rules = data.get("rules", {})
        if not isinstance(raw_rules, dict):
            raise RecordError(_("rules: expected an object, found {found}").format(found=describe(raw_rules)))
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
            raise RecordError(_("seed: {problem}, found {found}").format(
                problem=problem, found=describe(seed)))
        if data.get("seeded") is False:
            # An unseeded game saved before fair deals kept a seed drawn at random: its deals to come
            # are dealt from fresh secrets, not from that seed.
            self.seed = None
        self.hands = _list(data.get("hands"), "hands")
        # A save's secret of the hand in play (`private_fields`): checked with that hand's deal.
        self.deal_secret = data.get(DEAL_SECRET)
        if self.deal_secret is not None and (problem := hex_problem(self.deal_secret)):
            raise RecordError(f"{DEAL_SECRET}: {problem}")
        self.table = core.Table(self.rules.to_core())
        self.log: list[HandLog] = []
        # For each hand checked so far: True when its secret checked, False when it carries only a
        # commitment (in play, or never shown), None when it has no fair deal.
        self.checked: list[bool | None] = []

    def played(self) -> Iterator[list]:
        """Check hand after hand; yield each hand's core events once its moves are made.

        While the caller holds a hand's events, `self.table` is the table at the end of that hand.
        """
        table = self.table
        for h, hand in enumerate(self.hands, start=1):
            where = _("hand {n}").format(n=h)
            if not isinstance(hand, dict):
                raise RecordError(_("{where}: expected an object, found {found}").format(
                    where=where, found=describe(hand)))
            if table.phase == core.GAME_OVER:
                raise RecordError(_("{where}: the game was already won").format(where=where))
            if table.phase == core.PLAYING:
                raise RecordError(_("{where}: hand {n} has not ended").format(where=where, n=h - 1))
            seat_at = _("hand {n}, seat {seat}")
            dealt = [[_tile(t, seat_at.format(n=h, seat=s)) for t in _list(ts, seat_at.format(n=h, seat=s))]
                     for s, ts in enumerate(_list(hand.get("hands"), f"{where}: hands"))]
            at_boneyard = _("hand {n}, boneyard").format(n=h)
            boneyard = [_tile(t, at_boneyard) for t in _list(hand.get("boneyard"), f"{where}: boneyard")]
            leader = hand.get("leader")
            if not isinstance(leader, int) or isinstance(leader, bool):
                raise RecordError(_("{where}: leader must be a seat number, found {found}").format(
                    where=where, found=describe(leader)))
            if not 0 <= leader < self.rules.seats:  # said here: the value may have thousands of digits
                raise RecordError(_("{where}: leader {leader} is not a seat (0-{last})").format(
                    where=where, leader=brief(leader), last=self.rules.seats - 1))
            random = table.next_leader_rule() is None  # (before the deal: this hand's lead is random)
            try:
                table.start_dealt_hand(dealt, boneyard, leader)
            except IllegalMove as e:
                raise RecordError(f"{where}: {e}") from None
            deal = self._deal(hand, h, dealt, boneyard, leader if random else None)
            raw: list = [("dealt", h, leader)]
            moves: list[Move] = []
            move_at = _("hand {n}, move {m}")
            for m, text in enumerate(_list(hand.get("moves", []), f"{where}: moves"), start=1):
                at = move_at.format(n=h, m=m)
                if not isinstance(text, str):
                    # (the moves as a record writes them, whatever the language: 5-3 E, draw, pass)
                    raise RecordError(_("{where}: expected a move (5-3, 5-3 E, draw or pass), found {found}")
                                      .format(where=at, found=describe(text)))
                if table.phase == core.GAME_OVER:
                    raise RecordError(_("{where}: the game was already won").format(where=at))
                if table.phase != core.PLAYING:
                    raise RecordError(_("{where}: the hand is already over").format(where=at))
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
                    boneyard=tuple(Tile.of(t) for t in boneyard), leader=leader, moves=tuple(moves),
                    deal=deal))
            yield raw

    def _deal(self, hand: dict[str, Any], h: int, dealt: list[list[int]], boneyard: list[int],
              random_leader: int | None) -> Deal | None:
        """The hand's fair deal, checked when its secret is there: the commitment must be the secret's
        SHA-256, and the tiles dealt, the boneyard and (`random_leader`, where it was chosen at random)
        the leader the ones it derives."""
        where = _("hand {n}, deal").format(n=h)
        last = h == len(self.hands)
        raw = hand.get("deal")
        if raw is None:
            if last and self.deal_secret is not None:
                raise RecordError(_("{field}: hand {n} has no deal to be the secret of").format(
                    field=DEAL_SECRET, n=h))
            self.checked.append(None)
            return None
        if not isinstance(raw, dict):
            raise RecordError(_("{where}: expected an object with a commitment, found {found}").format(
                where=where, found=describe(raw)))
        try:
            deal = Deal.read(raw)
        except ValueError as e:
            raise RecordError(f"{where}.{e}") from None  # (it names the field)
        if last and self.deal_secret is not None:
            if deal.secret is not None and deal.secret != self.deal_secret:
                raise RecordError(_("{field}: not the secret hand {n}'s deal shows").format(
                    field=DEAL_SECRET, n=h))
            try:
                deal = deal.with_secret(self.deal_secret)
            except ValueError:
                raise RecordError(_("{field}: its SHA-256 is not hand {n}'s commitment").format(
                    field=DEAL_SECRET, n=h)) from None
        secret = deal.secret_bytes
        if secret is not None:
            try:
                core.check_secret(self.table.rules, secret, deal.commitment, dealt, boneyard, random_leader)
            except core.DealMismatch as e:
                raise RecordError(f"{where}: {e}") from None
        self.checked.append(secret is not None)
        return deal

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
        _dealt, hand_number, leader = raw[0]
        events, result = events_from_core(raw[1:], run.rules, run.table)
        per_hand.append([made(HandDealt, hand_number=hand_number, leader=leader), *events])
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
        raise RecordError(_("the record is nested too deeply to be a game record")) from None


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
        self.seeded = self._run.seed is not None  # its deals follow from its seed: public to who knows it

    def deal_checked(self, hand: int) -> bool | None:
        """For a hand already yielded (1-based): True when its fair deal's secret checked, False when it
        shows only the commitment (the hand in play), None when it has no fair deal (an older record)."""
        return self._run.checked[hand - 1]

    def unchecked_deals(self) -> int:
        """How many of the hands yielded so far carry no fair deal (an older record): their deals were not
        checked, and a reader of the replay is told so."""
        return self._run.checked.count(None)

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
                    _kind, seat, tile, end, total, points = ev
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
    hands = [hand for _leader, hand in doc.hands()]
    return {"hands": hands, "final_scores": doc.final_scores, "winner": doc.winner}
