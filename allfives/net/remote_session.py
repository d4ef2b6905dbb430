"""A seat at a shared table as a `GameSession`: the screen sees the table move by move as the server tells it.

`RemoteSession` knows only what its seat may see. It keeps two pictures: the table as the server
last told it (the `TableClient`) and the table as the screen has shown it so far (a `SeenGame`, as
the client's is, folding each update the screen takes); updates wait in between until the screen
takes them, one move at a time, as it would take a local bot's move. So
`think()` (in the screen's worker thread) waits for the server's next update and returns the move it
made, and `apply()` either takes that update or sends the person's own move, whose answer comes back
the same way (a refusal makes the next `apply` of that move raise `IllegalMove` with the table's reason).
Once a hand is over the table shows its deal's secret: the seat checks it against every tile it
saw and says so ("deal checked", or loudly that it does not match), and the hands so checked are
the game a review can show (`state`). No Textual here: the screens hear of changes through `listeners`.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import assert_never

from allfives.bots.levels import ADVISER, level_word
from allfives.engine import (
    Drew,
    Event,
    GameState,
    HandDealt,
    Hands,
    IllegalMove,
    Move,
    Passed,
    Played,
    SeatView,
    SeenDeal,
    SeenGame,
)
from allfives.i18n import ENGLISH, N_, _, language
from allfives.net import reasons
from allfives.net.client import TableClient, deal_of, deal_said, seen_of
from allfives.net.protocol import (
    Cover,
    Error,
    Goodbye,
    Kick,
    LetBack,
    Moved,
    Ready,
    Refused,
    Release,
    Said,
    Say,
    Seating,
    SendMove,
    ServerMessage,
    Sit,
    Snapshot,
    Start,
    TableInfo,
    Update,
    Welcome,
)
from allfives.play.game_session import Waiting
from allfives.play.seat import not_now, refusal
from allfives.play.session import make_bot
from allfives.play.setup import GameSetup, Player

THINK_SLICE = 0.25  # seconds a waiting thread sleeps between looks at whether the session closed


@dataclass(frozen=True)
class TablePlayer(Player):
    """Another seat at a shared table: not a person at this terminal, whoever they are; `seen_as` is
    what the seat panel says of them (a person, away and for how long, a bot)."""

    seen_as: str = ""
    person: bool = False  # a person at another terminal: waited for, never "thinking…"

    @property
    def label(self) -> str:
        return self.seen_as or super().label

    @property
    def thinks(self) -> bool:
        return not self.person


def clock(seconds: float) -> str:
    """`1:05`: how long an away player's seat still waits."""
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


def move_of(update: Update) -> Move | None:
    """The move an update reports (None for a deal)."""
    made = made_by(update)
    return made[1] if made is not None else None


def made_by(update: Update) -> tuple[int, Move] | None:
    """Which seat made which move, as an update reports it (None for a deal)."""
    for ev in update.events:
        if isinstance(ev, Played):
            return ev.seat, Move.play(ev.tile, ev.end)
        if isinstance(ev, Drew):
            return ev.seat, Move.draw()
        if isinstance(ev, Passed):
            return ev.seat, Move.pass_()
    return None


SEEDED_TABLE = N_("This table deals from a seed its host gave: every deal is known to anyone who knows "
                  "the seed. Play it for practice, not for a result.")


class RemoteSession:
    """One seat at a table served elsewhere (or by this process), as the game screen sees it."""

    def __init__(self, client: TableClient) -> None:
        self.client = client
        client.on_message = self._heard
        client.on_link = self._link
        self.listeners: list[Callable[[ServerMessage | None], None]] = []  # told of every change
        self.notices: deque[tuple[str, str]] = deque()  # (text, severity) for this player only
        self._cond = threading.Condition()  # `think` waits on it in a worker thread
        self._pending: deque[Update] = deque()  # told by the server, not yet shown
        self._shown: SeenGame | None = None  # the game as shown so far (None in the lobby)
        self._sent: Move | None = None  # our move, on its way to the table
        self._refused: tuple[Move, str] | None = None  # our move the table would not make, and why
        self._ready_sent = False  # told the table we have seen the end of this hand
        self._setup: tuple[tuple, GameSetup] | None = None
        self._known: GameState | None = None  # the game as far as every tile was known when last asked
        self.resets = 0  # how many times the whole table was sent again (joining, coming back)
        self.closed = False

    # -- the table as the lobby sees it --------------------------------------------------

    @property
    def info(self) -> TableInfo | None:
        return self.client.info

    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def connected(self) -> bool:
        return self.client.connected

    @property
    def is_host(self) -> bool:
        return self.client.is_host

    @property
    def code(self) -> str:
        return self.client.code

    @property
    def in_game(self) -> bool:
        """The game has started (the screen shows the table rather than the lobby)."""
        return self._shown is not None

    @property
    def _view(self) -> SeatView | None:
        return self._shown.view if self._shown is not None else None

    def away_left(self, seat: int) -> float | None:
        """Seconds until the host may let a bot play an away seat (0 once they may); None if not away."""
        until = self.client.away_until.get(seat)
        return None if until is None else max(0.0, until - time.monotonic())

    def turn_left(self, seat: int) -> float | None:
        """Seconds left on a person's turn clock (0 once the host may let a bot play the move); None
        when it is not running."""
        until = self.client.turn_until.get(seat)
        return None if until is None else max(0.0, until - time.monotonic())

    def coverable(self) -> list[int]:
        """Seats a bot may be let play now: away ones, and a person's whose turn clock ran out."""
        info = self.info
        if info is None:
            return []
        return [s.seat for s in info.seats
                if (s.status == "away" and self.away_left(s.seat) == 0)
                or (s.status == "here" and s.seat != self.seat and self.turn_left(s.seat) == 0)]

    def people(self) -> list[int]:
        """The other seats people hold (connected or away): those the host may kick or release."""
        info = self.info
        if info is None:
            return []
        return [s.seat for s in info.seats if s.status != "bot" and s.seat != self.seat]

    def sit(self, seat: int) -> None:
        """Move to another free seat (in the lobby)."""
        self.client.send_soon(Sit(seat=seat))

    def start(self) -> None:
        """Start the game (the host's)."""
        self.client.send_soon(Start())

    def cover(self, seat: int) -> None:
        """Let a bot play an away player's seat until they come back (the host's)."""
        self.client.send_soon(Cover(seat=seat))

    def kick(self, seat: int) -> None:
        """Send a person away for good: their seat goes to a bot (the host's)."""
        self.client.send_soon(Kick(seat=seat))

    def release(self, seat: int) -> None:
        """Give a person's seat back to a bot (the host's); in the lobby the seat is free again."""
        self.client.send_soon(Release(seat=seat))

    @property
    def banned(self) -> tuple[str, ...]:
        """The people the host sent away (the host's seat is told them; anyone else, none)."""
        return self.info.banned if self.info is not None else ()

    def let_back(self, name: str) -> None:
        """Let a person sent away sit at the table again (the host's)."""
        self.client.send_soon(LetBack(name=name))

    @property
    def goodbye(self) -> Goodbye | None:
        """The table said goodbye: closed by its host, or our seat taken back."""
        return self.client.goodbye

    def say(self, text: str) -> None:
        """A canned table message (`CANNED`) to everyone."""
        self.client.send_soon(Say(text=text))

    # -- GameSession ------------------------------------------------------------------------

    @property
    def setup(self) -> GameSetup:
        """Who sits where as this terminal sees it: only our own seat is a person here ("You")."""
        info = self.info
        assert info is not None and self.seat is not None, "not seated yet"
        clocks = tuple(int(left + 0.999) if (left := self.away_left(s.seat)) is not None else None
                       for s in info.seats)
        turns = tuple(int(left + 0.999) if (left := self.turn_left(s.seat)) is not None else None
                      for s in info.seats)
        key = (id(info.seats), self.seat, clocks, turns)
        if self._setup is None or self._setup[0] != key:
            players: list[Player] = []
            for s, left, turn in zip(info.seats, clocks, turns, strict=True):
                if s.seat == self.seat:
                    players.append(Player("You", "person", s.level))
                    continue
                if s.status == "bot":
                    seen_as = _("bot · {level}").format(level=level_word(s.level))
                elif s.status == "here":
                    seen_as = (_("person") if turn is None
                               else _("person · {clock}").format(clock=clock(turn)) if turn
                               else _("person · time up"))
                elif s.status == "covered":
                    seen_as = _("away · bot plays")
                else:
                    seen_as = _("away {clock}").format(clock=clock(left)) if left else _("away · time up")
                players.append(TablePlayer(s.name, "bot", s.level, seen_as=seen_as,
                                           person=s.status in ("here", "away")))
            setup = GameSetup(rules=info.rules, players=tuple(players), bot_delay=0.0,
                              deals_public=info.seeded)
            self._setup = (key, setup)
        return self._setup[1]

    @property
    def waiting(self) -> Waiting:
        view = self._view
        if view is None or self._sent is not None or self._refused is not None:
            return "bot"  # the table answers (think() hears it)
        if view.phase == "playing":
            return "person" if view.turn == view.seat else "bot"
        return "hand_over" if view.phase == "hand_over" else "game_over"

    @property
    def hands(self) -> Hands:
        """Every hand's public events as shown so far."""
        return self._shown.hands if self._shown is not None else Hands()

    def seat_view(self, seat: int) -> SeatView:
        """Our own seat's view, whichever seat is asked about: it is all this session knows."""
        assert self._view is not None, "the game has not started"
        return self._view

    @property
    def sending(self) -> bool:
        """Our move is on its way to the table."""
        return self._sent is not None

    @property
    def deal_waiting(self) -> bool:
        """The next hand is dealt at the table and not yet shown."""
        return bool(self._pending) and move_of(self._pending[0]) is None

    @property
    def next_deal(self) -> SeatView | None:
        """The hand the table has dealt and the screen not yet shown (its number, who leads), if any."""
        with self._cond:
            return self._pending[0].view if self.deal_waiting else None

    def think(self) -> Move:
        """The move the table made next (blocking: the screen calls it in a worker thread).

        Our own refused move comes back as itself: `apply` then raises the table's reason.
        """
        with self._cond:
            while not self.closed:
                if self._refused is not None:
                    return self._refused[0]
                if self._pending and (move := move_of(self._pending[0])) is not None:
                    return move
                self._cond.wait(THINK_SLICE)
        return Move.pass_()  # the table is gone: nobody will take this

    def apply(self, move: Move) -> list[Event]:
        """Show the table's next move, or send the person's own (its answer comes as the next update)."""
        if self.closed:
            raise IllegalMove(_("you have left the table"))
        with self._cond:
            if self._refused is not None and self._refused[0] == move:
                reason = self._refused[1]
                self._refused = None
                raise IllegalMove(reason)
            if self._pending and move_of(self._pending[0]) == move:
                update = self._pending.popleft()
                made = made_by(update)
                if made is not None and made[0] == update.view.seat:
                    self._sent = None  # the table's answer to our move
                return self._show(update)
        view = self._view
        if view is None:
            raise IllegalMove(_("the game has not started"))
        if (idle := not_now(view, tuple(self.name(s) for s in range(view.rules.seats)))) is not None:
            raise IllegalMove(idle)
        if self._sent is not None:
            raise IllegalMove(_("your last move is still on its way to the table"))
        self._sent = move
        self.client.send_soon(SendMove(move=move, at=len(view.history)))
        return []

    def next_hand(self) -> list[Event]:
        """The next hand once the table has dealt it; until then the table hears that we are ready."""
        if self.deal_waiting:
            with self._cond:
                return self._show(self._pending.popleft())
        if not self._ready_sent:
            self._ready_sent = True
            self.client.send_soon(Ready())
        return []

    def hint(self, seat: int) -> Move:
        """What the hard bot would play in our place, from our own view (blocking)."""
        return make_bot(ADVISER).choose(self.seat_view(seat))

    def take_notice(self) -> str | None:
        return None  # the table keeps the game; what this player is told comes through `notices`

    def flush(self, timeout: float = 30.0) -> None:
        """Nothing to write here: the table saves the game."""

    def close(self) -> None:
        """Leave the table: waiting threads return, nothing more is shown or sent."""
        with self._cond:
            self.closed = True
            self._cond.notify_all()
        self.client.stop()

    # -- what the table says --------------------------------------------------------------

    def _show(self, update: Update) -> list[Event]:
        """Take one update into what is shown (called with the lock held)."""
        events = list(update.events)
        if any(isinstance(ev, HandDealt) for ev in events) or self._shown is None:
            self._ready_sent = False
        shown = self._shown or SeenGame.from_snapshot(update.view)
        self._shown = shown.with_update(events, update.view, deal_of(update))
        self._say_deal(shown)
        return events

    def _say_deal(self, before: SeenGame) -> None:
        """Once a hand's secret is shown, tell the player what checking it found."""
        after = self._shown
        if after is None:
            return
        n = len(after.hands) - 1
        seen = after.deal_of(n)
        if seen is None or seen.secret is None:
            return
        if (was := before.deal_of(n)) is not None and was.secret is not None:
            return  # told already
        self.notices.append(deal_said(n + 1, seen))
        self._tell(None)  # (the screen took this move itself: no message from the table brings it)

    @property
    def deal(self) -> SeenDeal | None:
        """The shown hand's deal: its commitment, and once the hand is over its secret and its check."""
        shown = self._shown
        return shown.deal_of(len(shown.hands) - 1) if shown is not None else None

    @property
    def state(self) -> GameState | None:
        """The game as far as every tile of it is known here: the finished hands whose secrets are
        shown and check (`SeenGame.known_game`), for the review; None before the first is over."""
        if self._shown is None:
            return None
        known = self._shown.known_game(self._known)  # (the hands known before are not played again)
        self._known = known
        return known

    def _heard(self, message: ServerMessage) -> None:
        """Take a message from the table: one case a kind (the type checker fails on a kind left out)."""
        with self._cond:
            match message:
                case Welcome() | Snapshot():
                    table = message.table if isinstance(message, Welcome) else message
                    if isinstance(message, Welcome) and self.resets == 0:
                        self._named(table.info.seats[message.seat].name)
                        if table.info.seeded:
                            self.notices.append((_(SEEDED_TABLE), "warning"))
                    self._reset(table)
                case Update():
                    self._pending.append(message)
                case Refused():
                    if self._sent is not None:
                        self._refused, self._sent = (self._sent, self._why(self._sent, message.reason)), None
                    else:
                        self.notices.append((_("Not made: {reason}").format(
                            reason=reasons.read(message.reason)), "warning"))
                case Error() | Said() | Moved() | Seating() | Goodbye():
                    pass  # (said below, outside the lock; the seating and a goodbye are the client's)
                case _:
                    assert_never(message)
            self._cond.notify_all()
        match message:
            case Error(fatal=False):
                self.notices.append((reasons.read(message.reason), "warning"))
            case Said():
                said = _("{name}: {said}").format(name=self.name(message.seat), said=_(message.text))
                self.notices.append((said, "information"))
            case Moved():
                self._setup = None
        self._tell(message)

    def _named(self, name: str) -> None:
        """The table numbered our name ("Bea 2"): someone there has it already. Say so once."""
        if name.casefold() != " ".join(self.client.name.split()).casefold():
            self.notices.append((_("{name} is already at this table: you sit as {seated}.").format(
                name=self.client.name, seated=name), "information"))

    def _why(self, move: Move, reason: str) -> str:
        """Why the table refused our move, in our language: a table reason read as such, else the
        refusal said again from our own view (the table said it in English from the same view, with
        play/seat.py's words)."""
        if reasons.template_of(reason) is not None:
            return reasons.read(reason)
        view = self.client.view
        if view is None or language() == ENGLISH:  # (the table speaks English: its words stand)
            return reason
        return refusal(move, view, tuple(self.name(s) for s in range(view.rules.seats)))

    def _reset(self, table: Snapshot) -> None:
        """The whole table again (joined, came back, the game started): shown as it is now."""
        self._pending.clear()
        self._sent = self._refused = None
        self._shown = seen_of(table)
        self._known = None
        self._ready_sent = False
        self.resets += 1

    def _link(self, connected: bool) -> None:
        self._tell(None)

    def _tell(self, message: ServerMessage | None) -> None:
        for listener in list(self.listeners):
            listener(message)

    def name(self, seat: int) -> str:
        """A seat's name as the table knows it (ours too)."""
        info = self.info
        if info is not None and 0 <= seat < len(info.seats):
            return info.seats[seat].name
        return _("Seat {seat}").format(seat=seat + 1)  # (people count seats from 1)
