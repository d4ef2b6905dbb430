"""One table: its seats and their secret tokens, the game the engine runs, what each seat is shown, the save.

Pure and synchronous (no sockets, no clock of its own): the server feeds it messages and the time,
and sends what it returns. Every rule of who may do what lives here.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from allfives.bots import DEFAULT_LEVEL, LEVELS
from allfives.engine import (
    Event,
    Game,
    GameState,
    GameWon,
    HandDealt,
    HandResult,
    Hands,
    IllegalMove,
    Move,
    RecordError,
    Rules,
    for_seat,
)
from allfives.engine.core import check_seat
from allfives.engine.values import describe
from allfives.i18n import _
from allfives.names import NAME_LENGTH, player_name
from allfives.play.journal import RecordWriter
from allfives.play.saving import why_unsaved
from allfives.play.seat import not_now, refusal
from allfives.play.session import make_seat_bot
from allfives.play.setup import BOT_NAMES, GameSetup, Player
from allfives.record_file import read_record

from . import reasons as R
from .protocol import MAX_BANNED, DealShown, SeatInfo, Seating, Snapshot, TableInfo, Update

SaveJob = tuple[GameState, dict[str, Any]]  # a save to write: the game, and the record's other fields

# Crockford's base 32: no I, L, O, U, and the slips of reading out loud (O for 0, I or L for 1) forgiven.
CODE_LETTERS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 12  # 60 bits: shown as three groups of four, ABCD-EFGH-JKMN
CODE_GROUP = 4
_SLIPS = str.maketrans({"O": "0", "I": "1", "L": "1", "-": None, " ": None})


class TableError(Exception):
    """A message the table will not act on; `fatal` ones end the connection that sent it.

    Its words are for people, who count seats from 1 (the protocol counts from 0)."""

    def __init__(self, reason: str, fatal: bool = False) -> None:
        super().__init__(reason)
        self.fatal = fatal


def new_code() -> str:
    """A table's code, as kept: 12 characters of `CODE_LETTERS` (60 bits, from `secrets`)."""
    return "".join(secrets.choice(CODE_LETTERS) for _n in range(CODE_LENGTH))


def clean_code(given: str) -> str:
    """A code as typed, in the form kept: case, spaces, dashes and O/I/L for 0/1 do not matter."""
    return given.upper().translate(_SLIPS)


def shown_code(code: str) -> str:
    """The canonical form people read and type: groups of four joined by dashes."""
    code = clean_code(code)
    return "-".join(code[i:i + CODE_GROUP] for i in range(0, len(code), CODE_GROUP))


def is_code(value: object) -> bool:
    """A code as `new_code` makes them (older tables had 6 letters: too easy to guess)."""
    return isinstance(value, str) and len(value) == CODE_LENGTH and set(value) <= set(CODE_LETTERS)


def same_code(given: str, code: str) -> bool:
    """Codes are read out and typed: compared in their kept form, in constant time."""
    return hmac.compare_digest(clean_code(given).encode(), code.encode())


def token_hash(token: str) -> str:
    """Only a hash of each token is kept (and saved), so a shared record lets nobody take a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def _is_hash(value: object) -> bool:
    """A saved token hash is what `token_hash` writes: 64 lower-case hex digits."""
    return isinstance(value, str) and len(value) == 64 and set(value) <= set("0123456789abcdef")


@dataclass(frozen=True)
class TableOptions:
    """The pace and manners of a table, chosen by the host."""

    away_timeout: float = 60.0  # an away player's seat waits this long before a bot may play it
    turn_clock: float = 60.0  # a connected person's turn waits this long before a bot may play it
    auto_cover: bool = False  # a bot takes an away seat by itself once the wait is over
    hand_pause: float = 30.0  # the end of a hand shows this long at most before the next deal
    start_when: int | None = None  # start by itself once this many people sit (else the host starts)

    def to_json(self) -> dict[str, Any]:
        return {"away_timeout": self.away_timeout, "turn_clock": self.turn_clock,
                "auto_cover": self.auto_cover, "hand_pause": self.hand_pause, "start_when": self.start_when}

    @classmethod
    def from_json(cls, data: Any) -> TableOptions:
        if not isinstance(data, dict):
            return cls()
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        options = cls(**known)
        for name in ("away_timeout", "turn_clock", "hand_pause"):
            value = getattr(options, name)
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value <= 86400:
                said = _("{name} must be a number of seconds from 0 to 86400 (a day), found {value}")
                raise ValueError(said.format(name=name, value=describe(value)))
        if not isinstance(options.auto_cover, bool):
            raise ValueError(_("auto_cover must be true or false, found {value}").format(
                value=describe(options.auto_cover)))
        people = options.start_when
        if people is not None and (not isinstance(people, int) or isinstance(people, bool)
                                   or not 1 <= people <= 4):
            said = _("start_when must be a number of people from 1 to {most}, found {value}")
            raise ValueError(said.format(most=4, value=describe(people)))
        return options


@dataclass
class Seat:
    """What the table knows of one seat beyond the player: the token and where its holder is."""

    token_hash: str | None = None  # a person's seat; None while a bot holds it
    connected: bool = False
    away_since: float | None = None  # when its person left (the server's clock)
    covered: bool = False  # a bot plays it while its person is away
    ready: bool = False  # has seen the end of this hand
    address: str | None = None  # where its person last came from (the door's `address_key`; not saved)


@dataclass(frozen=True)
class Ban:
    """A person the host sent away: neither their name nor their address sits at this table again
    (until the host lets them back). The address is the door's `address_key` (an IPv6 home's /64)."""

    name: str
    address: str | None = None
    token_hash: str | None = None  # the seat's token they were sent away from: it sits again if let back

    def holds(self, name: str, address: str | None) -> bool:
        return _same_name(name, self.name) or (address is not None and address == self.address)


def _same_name(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


@dataclass
class Table:
    """A table from the lobby to the winner; the server owns one and drives it."""

    setup: GameSetup
    code: str = field(default_factory=new_code)
    options: TableOptions = TableOptions()
    level: str = DEFAULT_LEVEL
    host_seat: int | None = None  # the first person to sit hosts a headless table
    seats: list[Seat] = field(default_factory=list)
    game: Game | None = None  # the state and every hand's events, from the first deal
    turn_since: float | None = None  # when the turn of the connected person to move began (their clock)
    bot_turn: tuple[int, int] | None = None  # (hand, moves made): a bot plays this one move for its person
    # Hashes of the tokens whose seats the host took back: True if kicked (never to sit again), False if
    # the seat was given to a bot (in the lobby, its holder may sit again as anyone may)
    unseated: dict[str, bool] = field(default_factory=dict)
    bans: list[Ban] = field(default_factory=list)  # the people kicked, for the table's life (and its saves)
    _clocked: tuple[int, int] | None = field(default=None, repr=False, compare=False)  # the turn clocked
    save_path: Path | None = None
    save_error: str | None = None
    # Given each save to write (the game and the record's other fields), instead of writing it here:
    # the server's `SaveWriter` puts it, and it is written in a thread.
    saver: Callable[[SaveJob], None] | None = None
    _writer: RecordWriter | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [Seat() for _n in range(self.setup.rules.seats)]

    @classmethod
    def new(cls, rules: Rules, level: str = DEFAULT_LEVEL, seed: int | None = None, bot_delay: float = 0.8,
            options: TableOptions | None = None, save_path: Path | None = None) -> Table:
        """An open table: every seat a bot of the host's level until a person sits in it."""
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r} (choose {', '.join(LEVELS)})")
        players = tuple(Player(BOT_NAMES[s], "bot", level) for s in range(rules.seats))
        setup = GameSetup(rules=rules, players=players, seed=seed, bot_delay=bot_delay)
        return cls(setup=setup, options=options or TableOptions(), level=level, save_path=save_path)

    # -- questions ------------------------------------------------------

    @property
    def state(self) -> GameState | None:
        return self.game.state if self.game is not None else None

    @property
    def hands(self) -> Hands:
        """Every hand's events, `HandDealt` first (none in the lobby)."""
        return self.game.hands if self.game is not None else Hands()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(player.name for player in self.setup.players)

    @property
    def phase(self) -> str:
        return "lobby" if self.state is None else self.state.phase

    def seat_of(self, token: str) -> int | None:
        wanted = token_hash(token)
        for n, seat in enumerate(self.seats):
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, wanted):
                return n
        return None

    def is_bot_played(self, seat: int) -> bool:
        """A bot moves for the seat: a bot's seat, an away person's covered one, or this one turn of a
        person whose clock ran out (the host let a bot play it)."""
        s = self.seats[seat]
        return s.token_hash is None or s.covered or (self.bot_turn is not None
                                                     and self.bot_turn == self._moment(seat))

    def _moment(self, seat: int) -> tuple[int, int] | None:
        """(hand, moves made) while it is `seat`'s turn: what a turn clock and a bot's one move are for."""
        state = self.state
        if state is None or state.phase != "playing" or state.turn != seat:
            return None
        return state.hand_number, len(state.history)

    def clock_turn(self, now: float) -> bool:
        """Start the turn clock if a connected person's turn has just begun (True then: tell everyone);
        it stops when anyone else is to move. The server calls this after every change."""
        state = self.state
        seat = state.turn if state is not None else None
        moment = self._moment(seat) if seat is not None else None
        if (seat is None or moment is None or self.is_bot_played(seat) or not self.seats[seat].connected):
            self._clocked = self.turn_since = None
            return False
        if self._clocked == moment:
            return False
        self._clocked, self.turn_since = moment, now
        return True

    def turn_left(self, seat: int, now: float) -> float | None:
        """Seconds left on `seat`'s turn clock (0 once a bot may play it); None if it is not running."""
        if self.turn_since is None or self._clocked is None or self._clocked != self._moment(seat):
            return None
        return round(max(0.0, self.turn_since + self.options.turn_clock - now), 1)

    def bot_to_move(self) -> int | None:
        """The seat a bot must move for now, if any."""
        state = self.state
        if state is None or state.phase != "playing" or not self.is_bot_played(state.turn):
            return None
        return state.turn

    def people_here(self) -> list[int]:
        return [n for n, s in enumerate(self.seats) if s.token_hash is not None and s.connected]

    def all_ready(self) -> bool:
        """Every person at the table has seen the end of the hand (bots and absentees do not hold it up)."""
        return all(self.seats[n].ready for n in self.people_here())

    def bot(self, seat: int):
        """The bot for this seat's next move: the seat's level, seeded like local play when the game is."""
        assert self.state is not None
        return make_seat_bot(self.setup, self.state, seat)

    def seat_info(self, now: float) -> tuple[SeatInfo, ...]:
        out = []
        for n, (player, seat) in enumerate(zip(self.setup.players, self.seats, strict=True)):
            wait_left = None
            if seat.token_hash is None:
                status = "bot"
            elif seat.connected:
                status = "here"
                wait_left = self.turn_left(n, now)
            elif seat.covered:
                status = "covered"
            else:
                status = "away"
                if seat.away_since is not None:
                    wait_left = round(max(0.0, seat.away_since + self.options.away_timeout - now), 1)
            out.append(SeatInfo(seat=n, name=player.name, kind=player.kind, level=player.level,
                                status=status, host=n == self.host_seat, wait_left=wait_left))
        return tuple(out)

    def info(self, now: float, seat: int | None = None) -> TableInfo:
        """The table's standing facts as `seat` is told them (the host's seat is told whom it sent away)."""
        banned = tuple(b.name for b in self.bans) if seat is not None and seat == self.host_seat else ()
        return TableInfo(rules=self.setup.rules, seats=self.seat_info(now), phase=self.phase,
                         bot_level=self.level, away_timeout=self.options.away_timeout,
                         turn_clock=self.options.turn_clock, hand_pause=self.options.hand_pause,
                         seeded=self.setup.seeded, banned=banned)

    def snapshot(self, seat: int, now: float) -> Snapshot:
        """Everything `seat` may see, for a player joining or coming back."""
        if self.game is None:
            return Snapshot(info=self.info(now, seat))
        seen = self.game.view(seat)
        deals = tuple(self.deal_shown(n) for n in range(len(self.game.state.log)))
        return Snapshot(info=self.info(now, seat), view=seen.view, hands=tuple(seen.hands),
                        winner=seen.winner, deals=deals)

    def update(self, seat: int, events: list[Event]) -> Update:
        """What a move or a deal shows `seat`; a deal brings its commitment, a hand's end (a domino, a
        block, or the game won within it) its secret."""
        assert self.state is not None
        opens_or_ends = any(isinstance(ev, (HandDealt, HandResult, GameWon)) for ev in events)
        deal = self.deal_shown(len(self.state.log) - 1) if opens_or_ends else None
        return Update(events=for_seat(events, seat), view=self.state.view(seat), deal=deal)

    def deal_shown(self, n: int) -> DealShown | None:
        """Hand `n`'s deal (from 0) as every seat may see it: its commitment, and its secret once that
        hand is over, never before (RECORD.md's fair deals); None for a hand dealt without one."""
        assert self.state is not None
        log = self.state.log
        deal = log[n].deal
        if deal is None:
            return None
        over = n < len(log) - 1 or self.state.phase != "playing"
        return DealShown(commitment=deal.commitment, secret=deal.secret if over else None)

    def seating(self, now: float) -> Seating:
        return Seating(seats=self.seat_info(now))

    # -- seating ----------------------------------------------------------

    def sit(self, name: str, wanted: int | None = None, address: str | None = None) -> tuple[int, str]:
        """A new person takes a seat a bot holds (in the lobby only); returns the seat and its token.
        `address` is where they come from (the door's `address_key`): a kicked person's is refused."""
        if any(ban.holds(name, address) for ban in self.bans):
            raise TableError(R.said(R.KICKED, host=self._host_name()), fatal=True)
        if self.state is not None:
            raise TableError(R.said(R.STARTED), fatal=True)
        free = [n for n, s in enumerate(self.seats) if s.token_hash is None]
        if wanted is not None:
            if wanted >= len(self.seats):
                raise TableError(R.said(R.SEATS, seats=len(self.seats)), fatal=True)
            if wanted not in free:
                raise TableError(R.said(R.TAKEN, seat=wanted + 1, name=self.names[wanted]), fatal=True)
        elif not free:
            raise TableError(R.said(R.FULL), fatal=True)
        seat = wanted if wanted is not None else free[0]
        token = secrets.token_urlsafe(18)
        self.seats[seat] = Seat(token_hash=token_hash(token), connected=True, address=address)
        self._set_player(seat, Player(self.unused_name(name, seat), "person", self.level))
        if self.host_seat is None:
            self.host_seat = seat
        return seat, token

    def unused_name(self, name: str, seat: int) -> str:
        """`name`, or "Bea 2" if someone at the table already has it: two people with one name could not
        be told apart in the log and the scores. Numbering rather than refusing lets the friend in with
        the command they were given (their screen says the name they sit as)."""
        taken = {n.casefold() for s, n in enumerate(self.names) if s != seat}
        if name.casefold() not in taken:
            return name
        number = 2
        while True:
            suffix = f" {number}"
            numbered = name[:NAME_LENGTH - len(suffix)].rstrip() + suffix
            if numbered.casefold() not in taken:
                return numbered
            number += 1

    def move_to(self, seat: int, wanted: int) -> None:
        """In the lobby, a person moves from `seat` to `wanted`, a seat a bot holds; the bot takes the
        seat left (a host stays the host)."""
        if self.state is not None:
            raise TableError(R.said(R.SEATS_KEPT))
        if not 0 <= wanted < len(self.seats):
            raise TableError(R.said(R.SEATS, seats=len(self.seats)))
        if wanted == seat:
            return
        if self.seats[wanted].token_hash is not None:
            raise TableError(R.said(R.TAKEN, seat=wanted + 1, name=self.names[wanted]))
        person = self.setup.players[seat]
        self.seats[wanted], self.seats[seat] = self.seats[seat], Seat()
        self._set_player(wanted, person)
        self._set_player(seat, Player(BOT_NAMES[seat], "bot", self.level))
        if self.host_seat == seat:
            self.host_seat = wanted

    def _set_player(self, seat: int, player: Player) -> None:
        players = list(self.setup.players)
        players[seat] = player
        self.setup = replace(self.setup, players=tuple(players))

    def arrive(self, seat: int, address: str | None = None) -> None:
        """The seat's person is (back) at the table, from `address`: no bot plays for them any more."""
        s = self.seats[seat]
        s.connected, s.away_since, s.covered = True, None, False
        s.address = address if address is not None else s.address

    def leave(self, seat: int, now: float) -> bool:
        """The seat's person left: in play the seat waits for them; in the lobby it is free again (True),
        so that people who came and went do not fill the table (the host's seat waits for the host)."""
        s = self.seats[seat]
        if s.token_hash is None or not s.connected:
            return False
        if self.state is None and seat != self.host_seat:
            self._give_to_bot(seat)
            return True
        s.connected, s.away_since = False, now
        return False

    def _give_to_bot(self, seat: int) -> None:
        """A bot takes the seat for good: in the lobby a free seat (a bot's name), in play the seat keeps
        its name in the scores and the record and a bot of the table's level plays it."""
        self.seats[seat] = Seat()
        name = self.names[seat] if self.state is not None else BOT_NAMES[seat]
        self._set_player(seat, Player(name, "bot", self.level))

    def _hosts(self, by: int | None, refused: str) -> None:
        """Only the host may: `refused` (one of net/reasons.py's) says so to anyone else."""
        if by is not None and by != self.host_seat:
            raise TableError(R.said(refused))

    def unseat(self, seat: int, by: int | None, *, kick: bool) -> str:
        """The host gives a person's seat back to a bot (`release`), or sends them away for good
        (`kick`: their token never seats again, nor their name or address until the host lets them
        back); the seat's token stops working either way. Returns the person's name (they are told,
        and their connection closes: the server's part)."""
        self._hosts(by, R.HOST_ONLY_KICK if kick else R.HOST_ONLY_RELEASE)
        if not 0 <= seat < len(self.seats):
            raise TableError(R.said(R.SEATS, seats=len(self.seats)))
        s, name = self.seats[seat], self.names[seat]
        if seat == self.host_seat:
            raise TableError(R.said(R.HOSTS_OWN_KICK if kick else R.HOSTS_OWN_RELEASE, seat=seat + 1))
        if s.token_hash is None:
            raise TableError(R.said(R.BOTS_ALREADY, seat=seat + 1, name=name))
        self.unseated[s.token_hash] = kick
        if kick:
            self.bans = [*(b for b in self.bans if not _same_name(b.name, name)),
                         Ban(name, s.address, s.token_hash)]
            del self.bans[:-MAX_BANNED]
        self._give_to_bot(seat)
        if self.state is not None:
            self.save()
        return name

    def let_back(self, name: str, by: int | None) -> None:
        """The host lets a person they sent away sit again (by the name they were sent away as)."""
        self._hosts(by, R.HOST_ONLY_LET_BACK)
        kept = [b for b in self.bans if not _same_name(b.name, name)]
        if len(kept) == len(self.bans):
            raise TableError(R.said(R.NOT_BANNED, name=name))
        for ban in self.bans:  # the token they kept (`allfives join` remembers it) seats them as anyone
            if ban not in kept and ban.token_hash is not None:
                self.unseated.pop(ban.token_hash, None)
        self.bans = kept
        self.save()

    def _host_name(self) -> str:
        return self.names[self.host_seat] if self.host_seat is not None else "?"  # (a table has a host)

    def why_unseated(self, token: str) -> str | None:
        """Why a token that once held a seat holds none now, if the host took it back (a refusal to the
        holder); None if it did not, or it was given to a bot in the lobby (they may sit again)."""
        kicked = self.unseated.get(token_hash(token))
        if kicked:
            return R.said(R.KICKED, host=self._host_name())
        if kicked is False and self.state is not None:
            return R.said(R.RELEASED, host=self._host_name())
        return None

    def cover(self, seat: int, now: float, by: int | None = None) -> None:
        """Let a bot play an away seat (until its person is back), or the one turn of a connected person
        whose turn clock ran out; `by` is the seat asking (the host), None for the table's own timer."""
        self._hosts(by, R.HOST_ONLY_COVER)
        if not 0 <= seat < len(self.seats):
            raise TableError(R.said(R.SEATS, seats=len(self.seats)))
        s = self.seats[seat]
        name = self.names[seat]
        if s.token_hash is not None and s.connected:
            left = self.turn_left(seat, now)
            if left is None:
                raise TableError(R.said(R.NOT_THEIR_TURN, seat=seat + 1, name=name))
            if left > 0:
                raise TableError(R.said(R.CLOCK_RUNS, name=name, left=f"{left:.0f}"))
            self.bot_turn = self._moment(seat)
            return
        if s.token_hash is None or s.connected or s.away_since is None:
            raise TableError(R.said(R.NOT_AWAY, seat=seat + 1, name=name))
        if s.covered:
            return
        left = s.away_since + self.options.away_timeout - now
        if left > 0:
            raise TableError(R.said(R.AWAY_WAITS, seat=seat + 1, left=f"{left:.0f}", name=name))
        s.covered = True

    def should_start(self) -> bool:
        wanted = self.options.start_when
        return self.state is None and wanted is not None and len(self.people_here()) >= wanted

    # -- play -------------------------------------------------------------

    def start(self, by: int | None = None) -> list[Event]:
        """Deal the first hand; `by` is the seat asking (only the host may), None for the table itself."""
        self._hosts(by, R.HOST_ONLY_START)
        if self.state is not None:
            raise TableError(R.said(R.STARTED_ALREADY))
        self.game = Game.new(self.setup.rules, self.setup.seed)
        self.save()
        return list(self.game.events)

    def apply(self, seat: int, move: Move, at: int | None = None) -> list[Event]:
        """Make a move for `seat` (a person's, or a bot's for a bot-played seat); TableError if refused."""
        game = self.game
        if game is None:
            raise TableError(R.said(R.NOT_STARTED))
        state = game.state
        with R.in_english():  # (what goes on the wire is English: each reader's client translates)
            idle = not_now(state.view(seat), self.names)
        if idle is not None:  # said as a local game says it
            raise TableError(idle)
        if at is not None and at != len(state.history):
            raise TableError(R.said(R.STALE))
        try:
            self.game, events = game.apply(move, seat)
        except IllegalMove as e:
            with R.in_english():
                why = refusal(Move.model_validate(move), state.view(seat), self.names, e)
            raise TableError(why) from None
        if self.game.phase != "playing":
            for s in self.seats:
                s.ready = False
        self.save()
        return events

    def ready(self, seat: int) -> None:
        self.seats[seat].ready = True

    def next_hand(self) -> list[Event]:
        assert self.game is not None and self.game.phase == "hand_over"
        self.game, events = self.game.next_hand()
        self.save()
        return events

    # -- saving -------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The table's save: the game record (RECORD.md) with the seating (players, token hashes, host,
        code, pace) and the hand in play's deal secret (`private_fields`: the host's alone)."""
        assert self.game is not None
        return self.game.to_record(private=True, **self.record_extra())

    def save(self) -> None:
        """Saved after every move (a line of the save's journal, mostly: see play/journal.py); a
        server's `saver` is given the save instead and writes it off its loop."""
        if self.save_path is None or self.state is None:
            return
        job = (self.state, self.record_extra())
        if self.saver is not None:
            self.saver(job)
        else:
            self.write(job)

    def record_extra(self) -> dict[str, Any]:
        """The record's fields beside the game: the setup and the seating (players, token hashes...)."""
        table = {"code": self.code, "level": self.level, "host_seat": self.host_seat,
                 "tokens": [s.token_hash for s in self.seats], **self.options.to_json(),
                 "unseated": dict(self.unseated),
                 "bans": [{"name": b.name, "address": b.address, "token": b.token_hash} for b in self.bans]}
        return {**self.setup.to_json(), "table": table}

    def write(self, job: SaveJob) -> None:
        """Write a save; a disk that refuses is noted (`save_error`: the server says it to the host) and
        play goes on (each move tries again)."""
        assert self.save_path is not None
        if self._writer is None or self._writer.path != self.save_path:
            self._writer = RecordWriter(self.save_path)
        try:
            self._writer.write(*job)
        except OSError as e:
            self.save_error = R.said(R.UNSAVED, why=why_unsaved(e))
        else:
            self.save_error = None

    @classmethod
    def load(cls, path: Path) -> Table:
        """A saved table, to be played on; ValueError (one line) when it cannot be."""
        try:
            data, _journal = read_record(path)  # never blocks nor reads without end (a FIFO, /dev/zero)
        except RecordError as e:
            raise ValueError(str(e)) from None  # the message names the file already
        try:
            if not isinstance(data, dict) or not isinstance(data.get("table"), dict):
                raise ValueError(_("not a saved table"))
            game = Game.from_record(data)
            state = game.state
            setup = GameSetup.from_record(state.rules, data.get("seed"), data)
            extra = data["table"]
            tokens = extra.get("tokens")
            if (not isinstance(tokens, list) or len(tokens) != state.rules.seats
                    or not all(t is None or _is_hash(t) for t in tokens)):
                raise ValueError(_("the seats' tokens do not match the seats"))
            code, level, host = extra.get("code"), extra.get("level", DEFAULT_LEVEL), extra.get("host_seat")
            if isinstance(code, str) and len(code) == 6:
                raise ValueError(_("its table code is an older allfives' 6 letters, too easy to guess; "
                                   "open a new table"))
            if not is_code(code):
                raise ValueError(_("the table code is missing"))
            if level not in LEVELS:
                raise ValueError(_("unknown bot level {level}").format(level=describe(level)))
            if host is not None:
                check_seat(host, state.rules.seats, "the host seat")
            options = TableOptions.from_json(extra)
            unseated, bans = _unseated_of(extra.get("unseated", {})), _bans_of(extra.get("bans", []))
            if options.start_when is not None and options.start_when > state.rules.seats:
                raise ValueError(_("start_when must be a number of people from 1 to {most}, found {value}")
                                 .format(most=state.rules.seats, value=options.start_when))
        except (OSError, UnicodeDecodeError, RecordError, RecursionError, TypeError, ValueError) as e:
            why = str(e).splitlines()[0][:200] if str(e) else _("not a saved table")
            raise ValueError(f"{path}: {why}") from None
        if state.phase == "game_over":
            raise ValueError(_("{path}: that table's game is over").format(path=path))
        if state.hand_number == 0:
            game, _events = game.next_hand()
        seats = [Seat(token_hash=t) for t in tokens]  # everyone is away until they rejoin
        return cls(setup=setup, code=code, options=options, level=level, host_seat=host, seats=seats,
                   game=game, unseated=unseated, bans=bans, save_path=path)


MAX_UNSEATED = 4096  # token hashes a saved table may hold of seats taken back (four seats, many lobbies)


def _unseated_of(data: Any) -> dict[str, bool]:
    """The saved hashes of the tokens whose seats the host took back (True: kicked); ValueError if not."""
    if (not isinstance(data, dict) or len(data) > MAX_UNSEATED
            or not all(_is_hash(k) and isinstance(v, bool) for k, v in data.items())):
        raise ValueError(_("the seats taken back are not token hashes"))
    return dict(data)


def _bans_of(data: Any) -> list[Ban]:
    """The saved people sent away (a name, an address or none, a token hash or none); ValueError if not."""
    def ban(item: Any) -> Ban:
        if not isinstance(item, dict) or set(item) - {"name", "address", "token"}:
            raise ValueError
        address, token = item.get("address"), item.get("token")
        if not (address is None or (isinstance(address, str) and 0 < len(address) <= 64)):
            raise ValueError
        if not (token is None or _is_hash(token)):
            raise ValueError
        return Ban(player_name(item.get("name")), address, token)

    try:
        if not isinstance(data, list) or len(data) > MAX_BANNED:
            raise ValueError
        return [ban(item) for item in data]
    except ValueError:
        raise ValueError(_("the people sent away are not names and addresses")) from None
