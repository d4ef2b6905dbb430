"""The game as an immutable Pydantic state: actions return a new state and the events they caused."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from . import core
from .core import IllegalMove
from .deal import Deal, fresh_secret
from .models import END_OF, ENDS, EndName, Layout, Move, Rules, Tile

Phase = Literal["playing", "hand_over", "game_over"]
# A seat (or a side: a seat's own score, or a team's) wherever a model takes one: strict, so `true`
# is refused rather than read as seat 1; the methods below check theirs with `core.check_seat`.
Seat = Annotated[int, Field(strict=True, ge=0, le=3)]
# Scores come from the rules, never from outside, except in a table's messages (net/protocol.py):
# bounded there so a bot's float arithmetic on them never overflows. 10 million is a thousand
# times the largest target; a valid game of the largest record a file may hold stays far inside it.
MAX_SCORE = 10_000_000
Score = Annotated[int, Field(strict=True, ge=-MAX_SCORE, le=MAX_SCORE)]
_PHASES: tuple[Phase, ...] = ("playing", "hand_over", "game_over")


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)


_Made = TypeVar("_Made", bound=BaseModel)
_SET_FIELDS: dict[tuple[type, tuple[str, ...]], set[str]] = {}


def made(cls: type[_Made], **fields: Any) -> _Made:
    """A model of the game's own values, made without validation; every one made with the same fields
    shares one set of their names (Pydantic's `model_fields_set`), which would be most of each event's
    size: a long game keeps thousands of events. (Copies get their own set, so none is ever changed.)"""
    key = (cls, tuple(fields))
    names = _SET_FIELDS.get(key)
    if names is None:
        names = _SET_FIELDS[key] = set(fields)
    return cls.model_construct(names, **fields)


class HandDealt(_Event):
    kind: Literal["dealt"] = "dealt"
    hand_number: int  # 1-based
    leader: Seat


class Played(_Event):
    kind: Literal["played"] = "played"
    seat: Seat
    tile: Tile
    end: EndName | None  # None for the lead
    total: int  # open-end total after the play
    points: int


class Scored(_Event):
    kind: Literal["scored"] = "scored"
    seat: Seat
    side: Seat
    points: int
    score: Score  # the side's score after it


class Drew(_Event):
    """Only the drawing seat may see `tile`; `SeatView` hides it from the others."""

    kind: Literal["drew"] = "drew"
    seat: Seat
    tile: Tile | None


class Passed(_Event):
    kind: Literal["passed"] = "passed"
    seat: Seat


class HandResult(_Event):
    kind: Literal["hand_over"] = "hand_over"
    reason: Literal["domino", "blocked"]
    out_seat: Seat | None
    remaining: tuple[tuple[Tile, ...], ...]  # each seat's tiles left
    remaining_pips: tuple[int, ...]
    rounded: tuple[int, ...]  # each seat's pips rounded to five
    deductions: tuple[int, ...]  # per seat, taken from their side
    awards: tuple[int, ...]  # per side (Muggins)
    scores_before: tuple[Score, ...]
    scores: tuple[Score, ...]


class GameWon(_Event):
    kind: Literal["won"] = "won"
    side: Seat
    scores: tuple[Score, ...]


Event = Annotated[HandDealt | Played | Scored | Drew | Passed | HandResult | GameWon,
                  Field(discriminator="kind")]


class HandLog(BaseModel):
    """One hand as a record holds it: the deal and the moves made so far.

    `deal` is the secret the hand was dealt from and its commitment (RECORD.md's fair deals); None for
    a deal given from outside without one (a test's, an older record's). The secret is the table's
    own: a record shows it only once the hand is over, a seat never sees it before.
    """

    model_config = ConfigDict(frozen=True, defer_build=True)
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    leader: Seat
    moves: tuple[Move, ...] = ()
    deal: Deal | None = None


class HistoryEntry(BaseModel):
    """A move of the current hand as every seat saw it, with the ends it was made against."""

    model_config = ConfigDict(frozen=True, defer_build=True)
    seat: Seat
    move: Move
    open_before: dict[EndName, int]


class SeatView(BaseModel):
    """All that one seat may know: what a bot may think with and a hidden-hand UI may show."""

    model_config = ConfigDict(frozen=True, defer_build=True)
    seat: Seat
    rules: Rules
    hand: tuple[Tile, ...]
    layout: Layout
    tile_counts: tuple[Annotated[int, Field(ge=0, le=28)], ...]  # per seat
    boneyard_count: int = Field(ge=0, le=28)
    turn: Seat
    phase: Phase
    scores: tuple[Score, ...]
    history: tuple[HistoryEntry, ...]
    hand_number: int
    legal_moves: tuple[Move, ...]  # for this seat, when it is its turn

    def check(self, move: Move | str) -> Move:
        """`move` as the rules make it for this seat now: a play names the end it goes on (none for a
        lead). IllegalMove when this seat may not make it: AmbiguousMove when the tile fits several
        ends and none is named. The rules are the table's own (`core.check_move`), on what the seat
        may see."""
        if not isinstance(move, Move):
            move = Move.model_validate(move)
        if self.phase == "game_over":
            raise IllegalMove("the game is over")
        if self.phase != "playing":
            raise IllegalMove("the hand is over; deal the next hand first")
        if self.turn != self.seat:
            raise IllegalMove(f"it is seat {self.turn}'s turn, not seat {self.seat}'s")
        kind, tile, end = move.to_core()
        end = core.check_move(self.seat, _ids(self.hand), self.layout.to_core(), self.boneyard_count,
                              kind, tile, end)
        return Move.from_core(kind, tile, end)


def _ids(tiles: tuple[Tile, ...]) -> list[int]:
    return [t.id for t in tiles]


def _tiles(ids: list[int]) -> tuple[Tile, ...]:
    return tuple(Tile.of(i) for i in ids)


class GameState(BaseModel):
    """A whole game: rules, seed, every hand so far (deal and moves), and where play stands.

    `seed` is set only in a seeded game (practice, tests, pictures): each hand's secret then follows
    from it, so its deals are public to anyone who knows the seed. Without one every hand is dealt
    from a fresh secret.
    """

    model_config = ConfigDict(frozen=True, defer_build=True)
    rules: Rules
    seed: int | str | None = None
    log: tuple[HandLog, ...] = ()
    scores: tuple[Score, ...]
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    layout: Layout = Layout.model_construct()
    turn: Seat = 0
    phase: Phase = "hand_over"
    result: HandResult | None = None
    winner: Seat | None = None
    history: tuple[HistoryEntry, ...] = ()

    # -- building -------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules | None = None, seed: int | str | None = None,
            secret: bytes | None = None) -> GameState:
        """A new game with its first hand dealt: from `secret` if given (a deal code's first hand), else
        a fresh one, or the seed's if given (the seed then fixes every deal and random leader)."""
        rules = rules or Rules()
        table = core.Table(rules.to_core())
        state = cls._from_table(table, rules, seed, ())
        return state.next_hand(secret)[0]

    @classmethod
    def empty(cls, rules: Rules, seed: int | str | None = None) -> GameState:
        """A game with no hand dealt yet (records start from here)."""
        return cls._from_table(core.Table(rules.to_core()), rules, seed, ())

    # The table this state was snapshotted from, keyed by id(self): a copy made any other way
    # (model_copy, deepcopy) has another id and rebuilds its table from its own fields.
    _table: tuple[int, core.Table] | None = PrivateAttr(default=None)

    def __eq__(self, other: object) -> bool:
        """States are equal when their fields are; the cached table is not part of the game."""
        if not isinstance(other, GameState):
            return NotImplemented
        return self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]

    def to_table(self) -> core.Table:
        """The fast mutable form the rules run on (and bots search with); yours to change."""
        cached = self._table
        if cached is not None and cached[0] == id(self):
            return cached[1].copy()
        return self._build_table()

    def _build_table(self) -> core.Table:
        table = core.Table(self.rules.to_core())
        table.scores = list(self.scores)
        table.hands = [_ids(h) for h in self.hands]
        table.boneyard = _ids(self.boneyard)
        table.layout = self.layout.to_core()
        table.turn = self.turn
        table.leader = self.log[-1].leader if self.log else 0
        table.phase = _PHASES.index(self.phase)
        if self.result is not None:
            r = self.result
            table.result = core.HandResult(r.reason, r.out_seat, r.remaining_pips, r.deductions, r.awards)
        table.winner = -1 if self.winner is None else self.winner
        table.hand_index = len(self.log) - 1
        table.history = [(h.seat, *h.move.to_core(), tuple(h.open_before.get(e, -1) for e in ENDS))
                         for h in self.history]
        return table

    @classmethod
    def _from_table(cls, table: core.Table, rules: Rules, seed: int | str | None,
                    log: tuple[HandLog, ...], result: HandResult | None = None,
                    known: tuple[HistoryEntry, ...] = ()) -> GameState:
        """Snapshot a table; `known` is history already converted, so a move costs O(1) entries."""
        history = known + tuple(
            made(HistoryEntry,
                seat=seat, move=Move.from_core(kind, tile, end),
                open_before={ENDS[e]: p for e, p in enumerate(pips) if p >= 0})
            for seat, kind, tile, end, pips in table.history[len(known):])
        state = cls.model_construct(
            rules=rules, seed=seed, log=log, scores=tuple(table.scores),
            hands=tuple(_tiles(h) for h in table.hands), boneyard=_tiles(table.boneyard),
            layout=Layout.from_core(table.layout), turn=table.turn,
            phase=_PHASES[table.phase], result=result,
            winner=None if table.winner < 0 else table.winner, history=history)
        state._table = (id(state), table.copy())
        return state

    # -- questions ------------------------------------------------------

    @property
    def hand_number(self) -> int:
        """1-based number of the current (or last) hand; 0 before the first deal."""
        return len(self.log)

    @property
    def leader(self) -> int:
        return self.log[-1].leader if self.log else 0

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)  # (which checks the seat)

    def legal_moves(self) -> list[Move]:
        return [Move.from_core(*m) for m in self.to_table().legal_moves()]

    def ends_for(self, tile: Tile | str) -> list[str]:
        """The open ends that accept this tile; [] when it fits nowhere (or it is the lead)."""
        return self.layout.accepts(Tile.model_validate(tile))

    def playable(self, seat: int) -> list[Tile]:
        """Tiles of this seat that fit an open end now (any tile when leading)."""
        lay = self.layout.to_core()
        return [t for t in self.hands[core.check_seat(seat, self.rules.seats)] if lay.playable(t.id)]

    def why_not(self, move: Move | str) -> str | None:
        """The rule a move would break, or None when it is legal."""
        try:
            self.to_table().check(*Move.model_validate(move).to_core())
        except IllegalMove as e:
            return str(e)
        return None

    def view(self, seat: int) -> SeatView:
        """What `seat` may see: its own hand and the public table, nothing of other hands."""
        core.check_seat(seat, self.rules.seats)
        return SeatView.model_construct(
            seat=seat, rules=self.rules, hand=self.hands[seat], layout=self.layout,
            tile_counts=tuple(len(h) for h in self.hands), boneyard_count=len(self.boneyard),
            turn=self.turn, phase=self.phase, scores=self.scores, history=self.history,
            hand_number=self.hand_number,
            legal_moves=tuple(self.legal_moves()) if self.turn == seat else ())

    # -- actions --------------------------------------------------------

    def apply(self, move: Move | str, seat: int | None = None) -> tuple[GameState, list[Event]]:
        """Make a move for the player whose turn it is; IllegalMove leaves this state as it was."""
        if not isinstance(move, Move):
            move = Move.model_validate(move)
        if seat is not None:
            core.check_seat(seat, self.rules.seats, error=IllegalMove)
        if seat is not None and self.phase == "playing" and seat != self.turn:
            raise IllegalMove(f"it is seat {self.turn}'s turn, not seat {seat}'s")
        table = self.to_table()
        raw: list = []
        table.apply(*move.to_core(), events=raw)
        last = self.log[-1]
        recorded = move
        if move.kind == "play" and move.end is None and raw and raw[0][3] >= 0:
            recorded = Move.play(move.tile, ENDS[raw[0][3]])  # type: ignore[arg-type]
        log = self.log[:-1] + (last.model_copy(update={"moves": last.moves + (recorded,)}),)
        return self._after(table, log, raw)

    def play(self, tile: Tile | str, end: str | None = None, seat: int | None = None
             ) -> tuple[GameState, list[Event]]:
        return self.apply(Move.play(tile, end), seat)

    def draw(self, seat: int | None = None) -> tuple[GameState, list[Event]]:
        return self.apply(Move.draw(), seat)

    def pass_(self, seat: int | None = None) -> tuple[GameState, list[Event]]:
        return self.apply(Move.pass_(), seat)

    def next_hand(self, secret: bytes | None = None) -> tuple[GameState, list[Event]]:
        """Deal the next hand from a secret by RECORD.md's rule: the one given (a table that made it
        beforehand), else the seed's in a seeded game, else a fresh one. The leader is who went out,
        else the one the secret chooses. The hand's `deal` in the log keeps the secret."""
        if secret is None and self.seed is not None:
            secret = core.seeded_secret(self.seed, len(self.log) + 1)
        elif secret is None:
            secret = fresh_secret()
        table = self.to_table()
        table.deal_secret(secret)
        return self._dealt(table, Deal.of(secret))

    def start_hand(self, hands: Sequence[Sequence[int | str | Tile]], boneyard: Sequence[int | str | Tile],
                   leader: int,
                   deal: Deal | None = None) -> tuple[GameState, list[Event]]:
        """Begin a hand with a given deal (records do this); the deal and leader are checked, and so is
        `deal`'s secret when it has one (it must give this deal, and the leader where it is random).

        IllegalMove for a deal or leader the rules refuse (`leader=True` among them: not a seat)."""
        core.check_seat(leader, self.rules.seats, "leader", error=IllegalMove)
        hand_ids = [[t if isinstance(t, int) else Tile.model_validate(t).id for t in h] for h in hands]
        bone_ids = [t if isinstance(t, int) else Tile.model_validate(t).id for t in boneyard]
        table = self.to_table()
        random = table.next_leader_rule() is None
        table.start_dealt_hand(hand_ids, bone_ids, leader)
        secret = deal.secret_bytes if deal is not None else None
        if secret is not None:
            assert deal is not None
            try:
                core.check_secret(table.rules, secret, deal.commitment, hand_ids, bone_ids,
                                  leader if random else None)
            except core.DealMismatch as e:
                raise IllegalMove(f"the deal is not its secret's: {e}") from None
        return self._dealt(table, deal)

    def _dealt(self, table: core.Table, deal: Deal | None) -> tuple[GameState, list[Event]]:
        """The state once `table` has dealt its next hand (from `deal`'s secret, if it has one)."""
        log = self.log + (HandLog.model_construct(hands=tuple(_tiles(h) for h in table.hands),
                                                  boneyard=_tiles(table.boneyard), leader=table.leader,
                                                  deal=deal),)
        state = self._from_table(table, self.rules, self.seed, log)
        return state, [made(HandDealt, hand_number=len(log), leader=table.leader)]

    def _after(self, table: core.Table, log: tuple[HandLog, ...], raw: list
               ) -> tuple[GameState, list[Event]]:
        events, result = events_from_core(raw, self.rules, table)
        if result is None:
            result = self.result
        known = self.history if self.phase == "playing" else ()
        return (self._from_table(table, self.rules, self.seed, log, result if table.result else None, known),
                events)

    @classmethod
    def from_replayed(cls, table: core.Table, rules: Rules, seed: int | str | None,
                      log: tuple[HandLog, ...], result: HandResult | None) -> GameState:
        """The state a record's replay reached on `table` (records replay on the core: linear time)."""
        return cls._from_table(table, rules, seed, log, result if table.result else None)


def events_from_core(raw: list, rules: Rules, table: core.Table) -> tuple[list[Event], HandResult | None]:
    """The core's event tuples of one move as events, and the hand's result if the move ended it.

    `table` is the table right after the move (a result names the tiles left in each hand).
    """
    events: list[Event] = []
    result = None
    for ev in raw:
        kind = ev[0]
        if kind == "played":
            _, seat, tile, end, total, points = ev
            events.append(made(Played,
                seat=seat, tile=Tile.of(tile), end=ENDS[end] if end >= 0 else None,
                total=total, points=points))
        elif kind == "scored":
            _, seat, side, points, score = ev
            events.append(made(Scored, seat=seat, side=side, points=points, score=score))
        elif kind == "drew":
            events.append(made(Drew, seat=ev[1], tile=Tile.of(ev[2])))
        elif kind == "passed":
            events.append(made(Passed, seat=ev[1]))
        elif kind == "hand_over":
            r, scores = ev[1], ev[2]
            before = list(scores)
            for seat, d in enumerate(r.deductions):
                before[rules.side_of(seat)] += d
            for side, a in enumerate(r.awards):
                before[side] -= a
            result = made(HandResult,
                reason=r.reason, out_seat=r.out_seat,
                remaining=tuple(_tiles(h) for h in table.hands),
                remaining_pips=r.remaining_pips,
                rounded=tuple(core.round_to_five(p) for p in r.remaining_pips),
                deductions=r.deductions, awards=r.awards,
                scores_before=tuple(before), scores=scores)
            events.append(result)
        elif kind == "won":
            events.append(made(GameWon, side=ev[1], scores=ev[2]))
    return events, result


__all__ = ["Event", "GameState", "GameWon", "Drew", "HandDealt", "HandLog", "HandResult",
           "HistoryEntry", "IllegalMove", "Passed", "Played", "Scored", "SeatView", "END_OF"]
