"""Deal codes: a short typeable code that makes a game's deals again, and the duplicate comparison of two
games played on them.

A code is 20 characters of Crockford's base 32 (0-9 and A-Z without I, L, O and U; read in either case,
with O read as 0 and I, L as 1), grouped `K7QM-2XPD-…`. Its 19 data characters hold 95 bits:

    the game's secret (60) | version (3) | seats and partners (2) | hand size - 1 (4) | target (14)
    | Muggins (1) | finish (1) | who sits where (10: a base-5 digit a seat, person or bot level)

(the first 35 laid over with bits of the secret's hash, so that codes of like games look nothing
alike), and the 20th is a check character: the sum over GF(32) of each character times α to the power of its
place from the end, so any one character mistyped and any two neighbours swapped are caught.

Each hand's secret follows from the game's secret (`engine.deal.hand_secret`), so every hand is still
dealt, committed to and shown by RECORD.md's "Fair deals" rule; the bots' seeds follow from it too
(`derived_seed`). The code says which deals a game had without showing them: a game keeps it private
(its save holds it; a record and the history get it once the game is over).
"""

from __future__ import annotations

import hashlib
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from allfives.bots import LEVELS
from allfives.engine.core import MAX_HAND_SIZE, MAX_TARGET
from allfives.engine.deal import derived_seed, hand_secret
from allfives.i18n import _
from allfives.names import given
from allfives.play.setup import BOT_NAMES, GameSetup, Player, person_name

if TYPE_CHECKING:
    from allfives.engine import GameState, Rules
    from allfives.history import HistoryStore

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {c: n for n, c in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
LENGTH = 20  # characters, the check character among them
GROUP = 4
SECRET_BITS = 60
_PARAM_BITS = 5 * (LENGTH - 1) - SECRET_BITS  # version, rules and seats: 35
VERSION = 0
_SEATINGS = ((2, False), (3, False), (4, True), (4, False))  # (seats, partnership)
_WHO = ("person", *LEVELS)  # a seat's digit
_MAX_TYPED = 64  # anything longer is not a code mistyped: refused before it is read
FIELD = "deal_code"  # the record's and the save's field


class DealCodeError(ValueError):
    """A text that is no deal code; its message says why in the player's words (never quoting the text)."""


def _mask(secret: int) -> int:
    """Bits laid over the rules and seats, from the secret: codes of like games look nothing alike."""
    digest = hashlib.sha256(b"allfives code " + secret.to_bytes(8, "big")).digest()
    return int.from_bytes(digest[:8], "big") & ((1 << _PARAM_BITS) - 1)


def _times_alpha(x: int) -> int:
    """x times α in GF(32) = GF(2)[α]/(α⁵ + α² + 1)."""
    x <<= 1
    return x ^ 0b100101 if x & 0b100000 else x


def _check_value(values: Sequence[int]) -> int:
    """Σ values[i]·α^(n-i) over GF(32) (Horner's rule): nonzero weights, all different, so one wrong
    character or two neighbours swapped always change it."""
    total = 0
    for v in values:
        total = _times_alpha(total ^ v)
    return total


@dataclass(frozen=True)
class DealCode:
    """What makes a game's deals: the rules they depend on, who sits where, and the game's secret."""

    rules: Rules
    who: tuple[str, ...]  # per seat: "person" or a bot's level
    secret: int = field(repr=False)  # SECRET_BITS bits (never in a log line by mistake)

    # -- making ---------------------------------------------------------

    @classmethod
    def fresh(cls, setup: GameSetup) -> DealCode:
        """A new code for this setup, its secret from the operating system's cryptographic source."""
        return cls(setup.rules, tuple("person" if p.is_person else p.level for p in setup.players),
                   secrets.randbits(SECRET_BITS))

    @classmethod
    def fits(cls, setup: GameSetup) -> bool:
        """Whether a code can say this setup (levels offered to players, at most four seats)."""
        return all(p.is_person or p.level in LEVELS for p in setup.players)

    @property
    def text(self) -> str:
        """The code as a person types it: `K7QM-2XPD-…`."""
        r = self.rules
        number = VERSION
        number = number << 2 | _SEATINGS.index((r.seats, r.partnership))
        number = number << 4 | (r.hand_size - 1)
        number = number << 14 | r.target
        number = number << 1 | (r.end_of_hand == "muggins")
        number = number << 1 | (r.win_check == "finish_hand")
        seated = 0
        for kind in reversed(self.who + ("person",) * (4 - len(self.who))):
            seated = seated * 5 + _WHO.index(kind)
        number = self.secret << _PARAM_BITS | ((number << 10 | seated) ^ _mask(self.secret))
        values = [number >> (5 * i) & 31 for i in reversed(range(LENGTH - 1))]
        chars = "".join(ALPHABET[v] for v in (*values, _check_value(values)))
        return "-".join(chars[i:i + GROUP] for i in range(0, LENGTH, GROUP))

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, typed: str) -> DealCode:
        """The code a person typed (spaces and dashes anywhere, either case); DealCodeError saying why
        it is none: too short or long, a character no code has, the check failing, a game it cannot be."""
        if not isinstance(typed, str) or len(typed) > _MAX_TYPED:
            raise DealCodeError(_("That is not a deal code: it is far too long."))
        chars = [c for c in typed.upper() if c not in " -\t"]
        if any(c not in _VALUE for c in chars):
            raise DealCodeError(_("That is not a deal code: a code has only the digits and the letters "
                                  "A to Z without U."))
        if len(chars) != LENGTH:
            raise DealCodeError(_("A deal code has {length} letters and digits; that one has {n}.")
                                .format(length=LENGTH, n=len(chars)))
        values = [_VALUE[c] for c in chars]
        if _check_value(values[:-1]) != values[-1]:
            raise DealCodeError(_("That deal code has a typo: its last character does not check."))
        number = 0
        for v in values[:-1]:
            number = number << 5 | v
        return cls._unpack(number)

    @classmethod
    def _unpack(cls, number: int) -> DealCode:
        from allfives.engine import Rules

        secret = number >> _PARAM_BITS
        number = (number ^ _mask(secret)) & ((1 << _PARAM_BITS) - 1)
        seated, number = number & 1023, number >> 10
        finish, number = number & 1, number >> 1
        muggins, number = number & 1, number >> 1
        target, number = number & 0x3FFF, number >> 14
        hand_size, number = (number & 15) + 1, number >> 4
        seats, partnership = _SEATINGS[number & 3]
        version = number >> 2
        who = []
        for _seat in range(4):
            seated, digit = divmod(seated, 5)
            who.append(digit)
        foreign = DealCodeError(_("That deal code is not one this version of allfives makes."))
        if version != VERSION or seated or not 1 <= target <= MAX_TARGET or hand_size > MAX_HAND_SIZE:
            raise foreign
        if hand_size * seats > 28 or any(d >= len(_WHO) for d in who) or any(who[seats:]):
            raise foreign
        rules = Rules(seats=seats, partnership=partnership, hand_size=hand_size, target=target,
                      end_of_hand="muggins" if muggins else "deduct",
                      win_check="finish_hand" if finish else "immediate")
        return cls(rules, tuple(_WHO[d] for d in who[:seats]), secret)

    # -- what it makes --------------------------------------------------

    @property
    def game_secret(self) -> bytes:
        """The key every hand's secret and the bots' seeds are derived from."""
        return b"allfives deals " + self.secret.to_bytes(8, "big")

    def hand_secret(self, hand_number: int) -> bytes:
        """The secret of the game's `hand_number`-th hand (from 1), dealt by RECORD.md's rule."""
        return hand_secret(self.game_secret, hand_number)

    @property
    def bots_seed(self) -> int:
        """The seed of the bots' own stream: the same bots play the same way on the same moves."""
        return derived_seed(self.game_secret, "bots")

    def setup(self, name: str | None = None, bot_delay: float | None = None) -> GameSetup:
        """A new game on these deals: people and bots in the same seats, the same rules and bots' seeds;
        `name`: the (first) person's, else the stand-in."""
        people = self.who.count("person")
        players = []
        for seat, kind in enumerate(self.who):
            if kind == "person":
                first = seat == self.who.index("person")
                players.append(Player(name if first and name else person_name(seat, people), "person"))
            else:
                players.append(Player(BOT_NAMES[seat], "bot", kind))
        extra = {} if bot_delay is None else {"bot_delay": bot_delay}
        return GameSetup(rules=self.rules, players=tuple(players), deals=self, **extra)


def of_setup(setup: GameSetup) -> DealCode | None:
    """The code a new local game gets: none for a seeded game (its seed says its deals) or one a code
    cannot say."""
    if setup.seed is not None or setup.deals is not None or not DealCode.fits(setup):
        return setup.deals
    return DealCode.fresh(setup)


def read_code(value: Any) -> DealCode | None:
    """A record's or save's `deal_code` field (None when absent; ValueError when it is no code)."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"{FIELD}: not a deal code")
    try:
        return DealCode.parse(value)
    except DealCodeError:
        raise ValueError(f"{FIELD}: not a deal code") from None


# -- the duplicate comparison ---------------------------------------------

@dataclass(frozen=True)
class Duplicate:
    """Your side's points hand by hand against the earlier game's same seat, on the same deals."""

    earlier: str  # who played the seat then: their name, or "" when it was you (or a stand-in)
    hands: tuple[tuple[int | None, int | None], ...]  # per hand: (yours, theirs); None: not played

    @property
    def totals(self) -> tuple[int, int]:
        return (sum(a or 0 for a, _b in self.hands), sum(b or 0 for _a, b in self.hands))


@dataclass(frozen=True)
class EarlierGame:
    """A finished game on a code's deals: its hands' gains per side and who sat where."""

    code: str
    gains: tuple[tuple[int, ...], ...]  # per hand, per side
    names: tuple[str | None, ...]  # per seat: the name given (None: a person who gave none)
    people: tuple[int, ...]  # seats of people

    @classmethod
    def of(cls, code: str, state: GameState, players: Sequence[Any]) -> EarlierGame:
        """From a finished game's state and its players (`Player`s or history `Seat`s)."""
        from allfives.history.games import hand_scores

        return cls(code, tuple(h.gains for h in hand_scores(state)), tuple(_given(p) for p in players),
                   tuple(s for s, p in enumerate(players) if p.is_person))

    def against(self, state: GameState, setup: GameSetup) -> Duplicate | None:
        """This game's person (the first) against whoever sat in that seat in the earlier game."""
        from allfives.history.games import hand_scores

        if not setup.people:
            return None
        seat = setup.people[0]
        side = state.rules.side_of(seat)
        now = [h.gains[side] for h in hand_scores(state)]
        then = [g[side] for g in self.gains]
        rows = tuple((now[n] if n < len(now) else None, then[n] if n < len(then) else None)
                     for n in range(max(len(now), len(then))))
        name = self.names[seat] if seat < len(self.names) else None
        same = name in (None, setup.players[seat].given, person_name(seat, len(self.people)))
        return Duplicate("" if same or seat not in self.people or name is None else name, rows)


def _given(player: Any) -> str | None:
    """The name a player (a `Player`, or a history `Seat`) gave; None for none, or one that breaks the
    rule (a history is data too)."""
    try:
        return given(getattr(player, "given", getattr(player, "name", None)))
    except ValueError:
        return None


def earlier_in_history(store: HistoryStore, code: str, not_id: str | None) -> EarlierGame | None:
    """The latest finished game on this code in the history, other than `not_id`."""
    found = store.finished_on_deals(code, not_id)
    if found is None:
        return None
    entry, state = found
    return EarlierGame.of(code, state, entry.players)


class DealsFileError(ValueError):
    """A record that cannot give its deals again; its message says why in the player's words."""


def read_deals_file(path: str | os.PathLike[str]) -> tuple[DealCode, EarlierGame]:
    """A finished game's record: its code (checked against every hand's commitment) and its scores."""
    from allfives.engine import RecordError, replay
    from allfives.record_file import read_record

    try:
        data, _text = read_record(path)
        if not isinstance(data, dict):
            raise RecordError("not a game record")
        state, _events = replay(data)
    except (OSError, RecordError, ValueError, RecursionError) as e:
        why = str(e).splitlines()[0][:120] if str(e) else "not a game record"
        raise DealsFileError(_("No deals to play again: {why}").format(why=why)) from None
    if state.phase != "game_over":
        raise DealsFileError(_("That game is not over yet: its deals are not all shown."))
    try:
        code = read_code(data.get(FIELD))
    except ValueError:
        raise DealsFileError(_("That record's deal code is damaged.")) from None
    if code is None:
        raise DealsFileError(_("That record has no deal code (a seeded game, a shared table's, or one "
                               "played before deal codes)."))
    from allfives.engine import commitment_of

    for n, hand in enumerate(state.log, start=1):
        if hand.deal is None or hand.deal.commitment != commitment_of(code.hand_secret(n)):
            raise DealsFileError(_("That record's deal code does not give its deals (hand {n}).")
                                 .format(n=n))
    players = data.get("players")
    try:
        seated = [Player.from_json(p, seat) for seat, p in enumerate(players or [])]
    except ValueError:
        seated = []
    if len(seated) != state.rules.seats:
        seated = list(code.setup().players)
    return code, EarlierGame.of(code.text, state, seated)


@dataclass(frozen=True)
class DealsOver:
    """What the game-over screen says of a finished game's deals: its code, and how to find the game
    played on them before (`find`, run in a worker thread: it may read the history)."""

    code: str
    setup: GameSetup
    state: GameState
    earlier: EarlierGame | None = None  # given with --deals FILE
    history: Any = None  # a HistoryLink, or None

    def find(self) -> Duplicate | None:
        """The comparison with the record given, else with the latest earlier game on the code kept in
        the history; None when there is none."""
        earlier = self.earlier if self.earlier is not None and self.earlier.code == self.code else None
        if earlier is None and self.history is not None:
            earlier = earlier_in_history(self.history.store(), self.code, self.setup.history_id)
        return earlier.against(self.state, self.setup) if earlier is not None else None


def deals_over(setup: GameSetup, state: GameState, history: Any = None,
               earlier: EarlierGame | None = None) -> DealsOver | None:
    """The deals part of a finished game's screen; None for a game without a code (seeded, shared)."""
    deals = getattr(setup, "deals", None)
    if deals is None or state.phase != "game_over":
        return None
    return DealsOver(deals.text, setup, state, earlier, history)
