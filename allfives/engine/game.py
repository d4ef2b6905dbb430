"""The game as played: the state and every hand's events in one frozen value, the one every table holds.

`Game` is what a table plays on, as python-chess's `Board` is with its move stack: `apply` a move,
deal the `next_hand`, `undo` moves of the hand in play, give a seat its `view`, write the record
and read it back. `SeenGame` is the same game as one seat knows it (its `SeatView`, the events
with the others' drawn tiles hidden, and each hand's fair deal as shown: the commitment, then the
secret once the hand is over, checked against every tile the seat saw by `check_seen`): a seat at a
remote table folds the table's updates into one.
Both are values whose steps return a new value sharing every finished hand, so a move costs the
same at hand 500 as at hand 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from . import core
from .core import DealMismatch, IllegalMove
from .deal import Deal, deal_from_secret
from .models import Move, Rules, Tile
from .record import private_fields, replay, to_record
from .state import (
    Drew,
    Event,
    GameState,
    GameWon,
    HandDealt,
    HandResult,
    Passed,
    Played,
    SeatView,
    events_from_core,
    made,
)

HandEvents = tuple[Event, ...]


class Hands(Sequence[HandEvents]):
    """Every hand's events, `HandDealt` first; the last is the hand in play.

    Immutable. `with_events` makes a new one that shares the finished hands and copies only the hand
    in play, so adding a move's events costs the same late in a long game as early. Equal to any
    sequence holding the same hands' events (a list of lists too), as `PlayedHands` is.
    """

    __slots__ = ("_done", "_last")

    def __init__(self, hands: Iterable[Iterable[Event]] = ()) -> None:
        every = tuple(tuple(hand) for hand in hands)
        self._done: tuple[HandEvents, ...] = every[:-1]
        self._last: HandEvents | None = every[-1] if every else None

    @classmethod
    def _of(cls, done: tuple[HandEvents, ...], last: HandEvents | None) -> Hands:
        hands = cls.__new__(cls)
        hands._done, hands._last = done, last
        return hands

    @property
    def last(self) -> HandEvents:
        """The hand in play's events (none before the first deal)."""
        return self._last or ()

    def with_events(self, events: Iterable[Event]) -> Hands:
        """These events after the last: a `HandDealt` opens a hand (and so does the very first event)."""
        done, last = self._done, self._last
        added: list[Event] = []
        for ev in events:
            if isinstance(ev, HandDealt) or (last is None and not added):
                if last is not None:
                    done += (last + tuple(added),)
                last, added = (), [ev]
            else:
                added.append(ev)
        if last is None:
            return self
        return Hands._of(done, last + tuple(added) if added else last)

    def with_last(self, events: Iterable[Event]) -> Hands:
        """The hand in play's events replaced by these (a move taken back)."""
        return Hands._of(self._done, tuple(events))

    def __len__(self) -> int:
        return len(self._done) + (self._last is not None)

    @overload
    def __getitem__(self, i: int) -> HandEvents: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[HandEvents, ...]: ...

    def __getitem__(self, i: int | slice) -> HandEvents | tuple[HandEvents, ...]:
        if isinstance(i, slice):
            return tuple(self)[i]
        n = len(self)
        at = i + n if i < 0 else i
        if not 0 <= at < n:
            raise IndexError(f"hand {i} is not played")
        return self._done[at] if at < len(self._done) else self.last

    def __iter__(self) -> Iterator[HandEvents]:
        yield from self._done
        if self._last is not None:
            yield self._last

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)) or len(other) != len(self):
            return False
        return all(mine == tuple(theirs) for mine, theirs in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Hands({list(self)!r})"


def for_seat(events: Iterable[Event], seat: int) -> HandEvents:
    """The events as `seat` may see them: another seat's drawn tile is not named."""
    return tuple(ev.model_copy(update={"tile": None}) if isinstance(ev, Drew) and ev.seat != seat
                 and ev.tile is not None else ev for ev in events)


def _result(events: Sequence[Event]) -> HandResult | None:
    return next((ev for ev in reversed(events) if isinstance(ev, HandResult)), None)


@dataclass(frozen=True)
class Game:
    """A game as played: its state, and every hand's events (for the scoresheet and the log)."""

    state: GameState
    hands: Hands

    # -- building -------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules | None = None, seed: int | str | None = None,
            secret: bytes | None = None) -> Game:
        """A new game with its first hand dealt (`GameState.new`: from `secret`, a fresh one, or the
        seed's)."""
        state = GameState.new(rules, seed, secret)
        return cls(state, Hands([[made(HandDealt, hand_number=1, leader=state.leader)]]))

    @classmethod
    def from_record(cls, data: Any) -> Game:
        """The game a record holds, checked move by move (RecordError names the hand and move at fault)."""
        state, per_hand = replay(data)
        return cls(state, Hands(per_hand))

    @classmethod
    def of(cls, state: GameState) -> Game:
        """The game a state has reached, every hand's events made again by replaying its record (with
        the hand in play's secret, which the record alone leaves out)."""
        return cls.from_record(to_record(state, **private_fields(state)))

    def to_record(self, private: bool = False, **extra: Any) -> dict[str, Any]:
        """The record of the game (RECORD.md), with any extra fields; `private`: with the hand in play's
        secret too (`private_fields`), for a save that the table resumes from, never to share."""
        if private:
            extra = {**private_fields(self.state), **extra}
        return to_record(self.state, **extra)

    # -- questions ------------------------------------------------------

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def events(self) -> HandEvents:
        """The hand in play's events."""
        return self.hands.last

    @property
    def deal(self) -> Deal | None:
        """The hand in play's fair deal: its commitment, shown to every seat before the hand, and its
        secret, shown once the hand is over (None: a hand dealt from outside without one)."""
        return self.state.log[-1].deal if self.state.log else None

    def view(self, seat: int) -> SeenGame:
        """What `seat` may know: its `SeatView`, and every hand's events with the others' drawn tiles
        hidden (all of them: a player joining; `for_seat` hides one move's)."""
        return SeenGame(self.state.view(seat), Hands(for_seat(hand, seat) for hand in self.hands),
                        self.state.winner)

    # -- actions --------------------------------------------------------

    def apply(self, move: Move | str, seat: int | None = None) -> tuple[Game, list[Event]]:
        """Make a move for the seat to move (IllegalMove, and AmbiguousMove for a tile that fits several
        ends with none named, leave this game as it was); the new game and what the move caused."""
        state, events = self.state.apply(move, seat)
        return Game(state, self.hands.with_events(events)), events

    def next_hand(self, secret: bytes | None = None) -> tuple[Game, list[Event]]:
        """Deal the next hand from a secret: the one given, else the seed's or a fresh one
        (`GameState.next_hand`)."""
        state, events = self.state.next_hand(secret)
        return Game(state, self.hands.with_events(events)), events

    def undo(self, moves: int = 1) -> Game:
        """The game with the last `moves` moves of the hand in play never made: the hand is dealt again
        and the moves before them replayed on the fast core (the deal is the record's, so the same
        tiles are drawn); the finished hands are shared as they are. ValueError when the hand in play
        has fewer moves."""
        state = self.state
        made_here = len(state.log[-1].moves) if state.log else 0
        if not 0 <= moves <= made_here:
            raise ValueError(f"the hand in play has {made_here} moves: {moves} cannot be taken back")
        if moves == 0:
            return self
        dealt = state.log[-1]
        kept = dealt.moves[:made_here - moves]
        table = core.Table(state.rules.to_core())
        table.scores = list(self._opening_scores())
        table.hand_index = len(state.log) - 2  # dealing makes it this hand's
        table.start_hand([_ids(hand) for hand in dealt.hands], _ids(dealt.boneyard), dealt.leader)
        raw: list = []
        for move in kept:
            kind, tile, end = move.to_core()
            if kind == core.PLAY and end == -1 and not table.layout.empty:
                end = table.layout.accepts(tile)[0]  # a record may leave out the only end
            table.apply_unchecked(kind, tile, end, raw)
        events, result = events_from_core(raw, state.rules, table)
        log = state.log[:-1] + (dealt.model_copy(update={"moves": kept}),)
        after = GameState.from_replayed(table, state.rules, state.seed, log, result)
        opened = made(HandDealt, hand_number=len(log), leader=dealt.leader)
        return Game(after, self.hands.with_last((opened, *events)))

    def _opening_scores(self) -> tuple[int, ...]:
        """Each side's score as the hand in play was dealt: what the hand before it ended with."""
        hand = len(self.state.log)
        if hand < 2:
            return (0,) * self.state.rules.sides
        result = _result(self.hands[hand - 2])
        if result is None:
            raise ValueError(f"hand {hand - 1} has no result among its events")
        return result.scores


def _seat(seat: int) -> str:
    return f"seat {seat + 1}"  # (people count seats from 1)


def check_seen(rules: Rules, secret: bytes, commitment: str, events: Sequence[Event], seat: int,
               dealt: Sequence[Tile] | None = None, random_leader: bool = False) -> None:
    """DealMismatch, saying what differs, unless `secret` is the one `commitment` commits to and gives
    every tile `seat` saw of one finished hand: its own tiles as it was dealt them (`dealt`, when it
    was shown them), every play, the draws in the boneyard's order (its own draws by name; everyone's
    by the tiles left in each hand once they are turned up; a game won within the hand turns up none)
    and the leader where it was left to chance. RECORD.md's rule, from one seat's side of the table."""
    if core.commitment_of(secret) != commitment:
        raise DealMismatch("the secret is not the one committed to (its SHA-256 is not the commitment)")
    hands, boneyard, chosen = deal_from_secret(rules, secret)
    if dealt is not None and set(dealt) != set(hands[seat]):
        odd = sorted(set(dealt) ^ set(hands[seat]), key=str)[0]
        raise DealMismatch(f"{_seat(seat)} was dealt {', '.join(map(str, dealt))}, where the secret "
                           f"says otherwise ({odd})")
    holding = [set(hand) for hand in hands]
    drawn = iter(boneyard)
    for ev in events:
        named = ev.leader if isinstance(ev, HandDealt) else getattr(ev, "seat", 0)
        if not 0 <= named < rules.seats:  # (what a table sends is checked, whoever serves it)
            raise DealMismatch(f"the table names {_seat(named)} at a table of {rules.seats} seats")
        if isinstance(ev, HandDealt):
            if random_leader and ev.leader != chosen:
                raise DealMismatch(f"{_seat(ev.leader)} led, where the secret chooses {_seat(chosen)}")
        elif isinstance(ev, Drew):
            due = next(drawn, None)
            if due is None:
                raise DealMismatch(f"{_seat(ev.seat)} drew from a boneyard the secret leaves empty")
            if ev.tile is not None and ev.tile != due:
                raise DealMismatch(f"{_seat(ev.seat)} drew {ev.tile}, where the secret puts {due} next in "
                                   "the boneyard")
            holding[ev.seat].add(due)
        elif isinstance(ev, Played):
            if ev.tile not in holding[ev.seat]:
                raise DealMismatch(f"{_seat(ev.seat)} played {ev.tile}, which the secret never gave them")
            holding[ev.seat].discard(ev.tile)
        elif isinstance(ev, HandResult):
            if len(ev.remaining) != rules.seats:
                raise DealMismatch(f"{len(ev.remaining)} hands were turned up at a table of {rules.seats} "
                                   "seats")
            for n, (left, held) in enumerate(zip(ev.remaining, holding, strict=True)):
                if set(left) != held:
                    odd = sorted(set(left) ^ held, key=str)[0]
                    shown = ", ".join(map(str, left)) or "nothing"
                    raise DealMismatch(f"{_seat(n)} was left holding {shown}, where the secret says "
                                       f"otherwise ({odd})")
            return
    if not any(isinstance(ev, GameWon) for ev in events):  # (a game won within a hand ends it there)
        raise DealMismatch("the hand is not over: its tiles are not all turned up yet")


@dataclass(frozen=True)
class SeenDeal:
    """A hand's fair deal as a seat is shown it: the commitment before the hand, the secret once it is
    over, and what the seat's check (`check_seen`) found then."""

    commitment: str
    secret: str | None = field(default=None, repr=False)
    dealt: tuple[Tile, ...] | None = None  # the seat's own tiles as first shown (None: it came later)
    problem: str | None = None  # why the secret does not give what the seat saw

    @property
    def checked(self) -> bool:
        """The secret is shown and gives every tile the seat saw ("deal checked")."""
        return self.secret is not None and self.problem is None

    @property
    def deal(self) -> Deal:
        return Deal.model_construct(commitment=self.commitment, secret=self.secret)


@dataclass(frozen=True)
class SeenGame:
    """A game as one seat knows it: its `SeatView`, and every hand's events as it may see them
    (another seat's drawn tile unnamed), and each hand's deal as shown (`deals`, beside `hands`; None,
    or left out at the end, for a hand whose deal was not shown: `deal_of`). A seat at a remote
    table holds one and folds each of the table's updates into it; once a hand's secret comes, the
    deal is checked against all the seat saw."""

    view: SeatView
    hands: Hands
    winner: int | None = None  # the winning side, once the game is won
    deals: tuple[SeenDeal | None, ...] = ()

    @classmethod
    def from_snapshot(cls, view: SeatView, hands: Iterable[Iterable[Event]] = (),
                      winner: int | None = None, deals: Iterable[Deal | None] = ()) -> SeenGame:
        """The whole table as the seat was sent it (joining, coming back, the game starting), with each
        hand's deal: the commitment, and the secret of every hand that is over (checked here)."""
        seen = cls(view, hands if isinstance(hands, Hands) else Hands(hands), winner)
        deals = tuple(deals)
        shown = tuple(None if d is None else SeenDeal(d.commitment) for d in deals)[:len(seen.hands)]
        seen = SeenGame(view, seen.hands, winner, shown)
        for n, deal in enumerate(deals):
            if deal is not None and deal.secret is not None and n < len(seen.hands):
                seen = seen._shown_secret(n, deal)
        return seen

    def with_update(self, events: Iterable[Event], view: SeatView, deal: Deal | None = None) -> SeenGame:
        """After a move or a deal at the table: its events (as this seat may see them; a `HandDealt`
        opens a hand), the seat's view after it, and the hand's deal if the table told it: the
        commitment with the deal, the secret with the hand's end (then checked here)."""
        events = tuple(events)
        winner = next((ev.side for ev in events if isinstance(ev, GameWon)), self.winner)
        hands = self.hands.with_events(events)
        if deal is None or not hands:
            return SeenGame(view, hands, winner, self.deals)
        n = len(hands) - 1
        deals = self.deals[:n + 1] + (None,) * (n + 1 - len(self.deals))
        seen = SeenGame(view, hands, winner, deals)
        known = deals[n]
        if known is None:
            fresh = len(hands) > len(self.hands) and not view.history and view.hand_number == len(hands)
            known = SeenDeal(deal.commitment, dealt=view.hand if fresh else None)
            seen = SeenGame(view, hands, winner, deals[:n] + (known,))
        return seen._shown_secret(n, deal) if deal.secret is not None else seen

    def _shown_secret(self, n: int, deal: Deal) -> SeenGame:
        """Hand `n` (from 0) with its secret shown, and what checking it against the seat's view found."""
        known = self.deal_of(n) or SeenDeal(deal.commitment)
        over = any(isinstance(ev, (HandResult, GameWon)) for ev in self.hands[n])
        if known.secret is not None or deal.secret is None or not over:
            return self  # (a secret shown before the hand's end is not checked: it comes again at the end)
        problem = None
        if deal.commitment != known.commitment:
            problem = "the table showed another commitment for this hand than the one it dealt with"
        else:
            blocked = n > 0 and any(isinstance(ev, HandResult) and ev.reason == "blocked"
                                    for ev in self.hands[n - 1])
            try:
                check_seen(self.view.rules, bytes.fromhex(deal.secret), known.commitment, self.hands[n],
                           self.seat, known.dealt, random_leader=n == 0 or blocked)
            except ValueError as e:  # (DealMismatch among them)
                problem = str(e)
        settled = SeenDeal(known.commitment, deal.secret, known.dealt, problem)
        deals = self.deals + (None,) * (n + 1 - len(self.deals))
        return SeenGame(self.view, self.hands, self.winner, deals[:n] + (settled,) + deals[n + 1:])

    def deal_of(self, n: int) -> SeenDeal | None:
        """Hand `n`'s deal (from 0) as shown, if the table showed one."""
        return self.deals[n] if 0 <= n < len(self.deals) else None

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def phase(self) -> str:
        return self.view.phase

    @property
    def events(self) -> HandEvents:
        """The hand in play's events."""
        return self.hands.last

    @property
    def result(self) -> HandResult | None:
        """The hand in play's result, once it is over."""
        return _result(self.hands.last)

    def known_game(self, since: GameState | None = None) -> GameState | None:
        """The game as far as every tile of it is known: each finished hand whose secret is shown and
        checks, dealt again from the secret and played move by move as the seat saw it (stopping at
        the first hand that is not; None when there is none). What a review of a remote table shows.
        `since`: this game's known game of before, whose hands are not played again."""
        state = since or GameState.empty(self.view.rules)
        done = len(state.log)
        for events, seen in zip(self.hands[done:], self.deals[done:], strict=False):
            if seen is None or not seen.checked or not events or not isinstance(events[0], HandDealt):
                break
            secret = bytes.fromhex(seen.secret or "")
            dealt, before = deal_from_secret(state.rules, secret), state
            try:
                state, _ = state.start_hand(list(dealt.hands), list(dealt.boneyard), events[0].leader,
                                            deal=seen.deal)
                for ev in events:
                    if isinstance(ev, Played):
                        state, _ = state.apply(Move.play(ev.tile, ev.end), ev.seat)
                    elif isinstance(ev, Drew):
                        state, _ = state.apply(Move.draw(), ev.seat)
                    elif isinstance(ev, Passed):
                        state, _ = state.apply(Move.pass_(), ev.seat)
            except (IllegalMove, ValueError):
                state = before
                break
        return state if state.log else None


def _ids(tiles: Iterable[Tile]) -> list[int]:
    return [t.id for t in tiles]


__all__ = ["Game", "HandEvents", "Hands", "SeenDeal", "SeenGame", "check_seen", "for_seat"]
