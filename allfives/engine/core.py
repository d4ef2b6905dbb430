"""The rules of All Fives on plain ints: the single source of truth, fast enough for bot search.

The Pydantic models in `state.py` are validated snapshots of a `Table`; every
rule (the deal from a secret, legal moves, placement, scoring, the end of a hand,
winning) lives here.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import NamedTuple

from allfives.i18n import _, end_letter, ngettext

from .values import describe

W, E, N, S = 0, 1, 2, 3
END_NAMES = "WENS"
LEAD = -1  # the "end" of the lead play

PLAY, DRAW, PASS = 0, 1, 2

PLAYING, HAND_OVER, GAME_OVER = 0, 1, 2

# Tile ids 0..27; HIGH[t] >= LOW[t].
TILES: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(7) for b in range(a + 1))
HIGH: tuple[int, ...] = tuple(a for a, _b in TILES)
LOW: tuple[int, ...] = tuple(b for _a, b in TILES)
PIPS: tuple[int, ...] = tuple(a + b for a, b in TILES)
TILE_ID: dict[tuple[int, int], int] = {}
for _i, (_a, _b) in enumerate(TILES):
    TILE_ID[(_a, _b)] = TILE_ID[(_b, _a)] = _i


def tile_name(t: int) -> str:
    return f"{HIGH[t]}-{LOW[t]}"


def play_points(total: int) -> int:
    """What a play scores when it leaves the open ends adding up to `total`: a positive multiple of
    five scores itself, anything else nothing (RULES.md)."""
    return total if total > 0 and total % 5 == 0 else 0


def round_to_five(pips: int) -> int:
    """Remainders 1 and 2 round down, 3 and 4 round up (RULES.md)."""
    r = pips % 5
    return pips - r if r <= 2 else pips + 5 - r


HAND_SIZES = {2: 9, 3: 7, 4: 5}
TARGETS = {2: 250, 3: 200, 4: 200}
# The most a game can use, so a record or save is refused beyond them (and the bots' arithmetic on
# scores, done in floats, never meets a number past 1e308). Two hands of 14 are all 28 tiles. A target
# of 9,999 is the new-game screen's four digits: a game to it runs a few hundred hands, well inside
# the 8 MB a record file may hold (record_file.py).
MAX_HAND_SIZE = 14
MAX_TARGET = 9999
# A seed is a 64-bit signed integer (what any other tool's seed fits in; the app draws 31 bits) or a
# short string: a record's 4,000-digit "seed" is no seed.
SEED_LIMIT = 2**63
SEED_CHARACTERS = 64


def seed_problem(seed: int | str) -> str | None:
    """Why an int or str cannot be a game's seed, or None when it can."""
    if isinstance(seed, str):
        if len(seed) <= SEED_CHARACTERS:
            return None
        return ngettext("a seed is at most {n} character", "a seed is at most {n} characters",
                        SEED_CHARACTERS).format(n=SEED_CHARACTERS)
    if -SEED_LIMIT <= seed < SEED_LIMIT:
        return None
    return _("a seed is a whole number from -2**63 to 2**63-1")
VARIANTS = ("standard", "five_each", "seven_five")


def variant_hand_size(seats: int, variant: str) -> int:
    """Hand sizes for the standard deal and the two variants of the source texts."""
    if variant == "standard":
        return HAND_SIZES[seats]
    if variant == "five_each":
        return 5
    if variant == "seven_five":
        return 7 if seats == 2 else 5
    raise ValueError(f"unknown hand-size variant {variant!r} (choose {', '.join(VARIANTS)})")


class IllegalMove(ValueError):
    """An action the rules do not allow; the state it was tried on is unchanged."""


class AmbiguousMove(IllegalMove):
    """A play of a tile that fits several open ends, none named: legal once an end is chosen.

    `tile` is the tile's id and `ends` the names of the ends it fits, in W, E, N, S order, so a
    table can offer them rather than work them out again.
    """

    def __init__(self, tile: int, ends: Sequence[int]) -> None:
        self.tile = tile
        self.ends = tuple(END_NAMES[e] for e in ends)
        super().__init__(f"{tile_name(tile)} fits more than one end ({' '.join(self.ends)}): name one")

    def __reduce__(self) -> tuple[type[AmbiguousMove], tuple[int, tuple[int, ...]]]:
        return AmbiguousMove, (self.tile, tuple(END_NAMES.index(e) for e in self.ends))


def check_seat(value: object, seats: int, what: str = "seat", error: type[ValueError] = ValueError) -> int:
    """`value` if it is a seat at a table of `seats`, else `error`: a bool is never a seat.

    Python counts True as 1, so without this `leader=True` would deal a hand that no record of it
    replays (a record's `true` is not a seat number).
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(_("{what} must be a seat number (0-{last}), found {found}").format(
            what=what, last=seats - 1, found=describe(value)))  # (`what`: the field's name, data)
    if not 0 <= value < seats:
        raise error(_("{what} {found} is not a seat (0-{last})").format(
            what=what, found=describe(value), last=seats - 1))
    return value


class CoreRules(NamedTuple):
    seats: int
    partnership: bool
    hand_size: int
    target: int
    muggins: bool
    finish_hand: bool

    @property
    def sides(self) -> int:
        return 2 if self.partnership else self.seats

    def side_of(self, seat: int) -> int:
        """The side (team, or the player alone) a seat scores for: partners sit opposite."""
        return seat % 2 if self.partnership else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that score for a side, in turn order."""
        return tuple(seat for seat in range(self.seats) if self.side_of(seat) == side)

    def side_totals(self, per_seat: Sequence[int]) -> tuple[int, ...]:
        """Per-seat amounts (pips, deductions) added up per side."""
        totals = [0] * self.sides
        for seat, amount in enumerate(per_seat):
            totals[self.side_of(seat)] += amount
        return tuple(totals)


class Layout:
    """The tiles on the table, reduced to what the rules need plus the arms for drawing them.

    `pips[e]` is the value an end accepts (-1 while closed); `counts[e]` is what
    that end adds to the open-end total (0 while the spinner itself is the end,
    since the spinner is counted once, separately, while a side is uncovered).
    """

    __slots__ = ("lead", "pips", "counts", "spinner", "sides_open", "exposed", "arms", "spinner_at")

    def __init__(self) -> None:
        self.lead = -1
        self.pips = [-1, -1, -1, -1]
        self.counts = [0, 0, 0, 0]
        self.spinner = -1
        self.sides_open = 0
        self.exposed = [False, False]  # W/E side of the spinner is the end of its arm
        self.arms: list[list[tuple[int, int]]] = [[], [], [], []]  # (inner, outer) halves, outward
        self.spinner_at = (-2, -1)  # (LEAD, 0) for a lead spinner, (end, index) in an arm, (-2,-1) none

    def copy(self, arms: bool = True) -> Layout:
        """A copy; `arms=False` leaves the arms (only drawn on screen) empty, for scoring in search."""
        c = Layout.__new__(Layout)
        c.lead = self.lead
        c.pips = self.pips[:]
        c.counts = self.counts[:]
        c.spinner = self.spinner
        c.sides_open = self.sides_open
        c.exposed = self.exposed[:]
        c.arms = [a[:] for a in self.arms] if arms else [[], [], [], []]
        c.spinner_at = self.spinner_at
        return c

    @property
    def empty(self) -> bool:
        return self.lead < 0

    def accepts(self, t: int) -> list[int]:
        """The ends tile `t` may go on: [LEAD] on an empty table."""
        if self.lead < 0:
            return [LEAD]
        a, b = HIGH[t], LOW[t]
        p = self.pips
        return [e for e in (W, E, N, S) if p[e] == a or p[e] == b]

    def playable(self, t: int) -> bool:
        if self.lead < 0:
            return True
        p = self.pips
        a, b = HIGH[t], LOW[t]
        return a in p or b in p

    def total(self) -> int:
        c = self.counts
        t = c[0] + c[1] + c[2] + c[3]
        if self.sides_open > 0:
            t += 2 * self.spinner
        return t

    def points_after(self, t: int, end: int) -> int:
        """What laying tile `t` on `end` would score, on a scratch copy (the caller has checked that
        `end` accepts it): the rule a player's "+10" by an end and the bots' "points now" both ask."""
        c = self.copy(arms=False)
        c.place(t, end)
        return play_points(c.total())

    def open_ends(self) -> list[tuple[int, int]]:
        """(end, pip) for every open end, in W E N S order."""
        return [(e, p) for e, p in enumerate(self.pips) if p >= 0]

    def place(self, t: int, end: int) -> None:
        """Lay tile `t` on `end`; the caller has checked that `end` accepts it."""
        a, b = HIGH[t], LOW[t]
        pips, counts = self.pips, self.counts
        if self.lead < 0:
            self.lead = t
            pips[W], pips[E] = a, b
            if a == b:
                self.spinner, self.sides_open, self.exposed = a, 2, [True, True]
                self.spinner_at = (LEAD, 0)
            else:
                counts[W], counts[E] = a, b
            return
        p = pips[end]
        outer = b if a == p else a
        arm = self.arms[end]
        arm.append((p, outer))
        if end < 2 and self.exposed[end]:
            # this tile covers one side of the spinner
            self.exposed[end] = False
            self.sides_open -= 1
            if self.sides_open == 0:
                pips[N] = pips[S] = self.spinner
        if a == b and self.spinner < 0:
            # the first double is the spinner; the tile it joins covers its other side
            self.spinner, self.sides_open = a, 1
            self.exposed[end] = True
            self.spinner_at = (end, len(arm) - 1)
            pips[end], counts[end] = a, 0
            return
        pips[end] = outer
        counts[end] = 2 * outer if a == b else outer


class HandResult(NamedTuple):
    reason: str  # "domino" or "blocked"
    out_seat: int | None
    remaining_pips: tuple[int, ...]  # per seat
    deductions: tuple[int, ...]  # per seat, subtracted from their side
    awards: tuple[int, ...]  # per side (muggins)


# -- fair deals (RECORD.md): a hand's deal follows from a 32-byte secret -----------------

SECRET_BYTES = 32
_TILE_TEXTS = tuple(tile_name(t).encode("ascii") for t in range(28))  # `a-b`, higher half first
# HMAC-SHA256 (RFC 2104) of a key shorter than SHA-256's 64-byte block: the key padded with zeros and
# xored with these. Done by hand with the two hashes' states kept, it costs a third of 28 calls of
# `hmac.digest` (which sets OpenSSL's HMAC up again for every tile); tests check it against `hmac`.
_INNER_PAD = bytes(b ^ 0x36 for b in range(256))
_OUTER_PAD = bytes(b ^ 0x5C for b in range(256))


class DealMismatch(ValueError):
    """A dealt hand that is not the one its secret makes, or a secret that is not the one committed to."""


def _check_secret(secret: bytes) -> None:
    if not isinstance(secret, bytes) or len(secret) != SECRET_BYTES:
        raise ValueError(f"a deal's secret is {SECRET_BYTES} bytes")


def commitment_of(secret: bytes) -> str:
    """The SHA-256 of a deal's secret, in hex: what every seat is shown before the hand."""
    _check_secret(secret)
    return hashlib.sha256(secret).hexdigest()


def deal_order(secret: bytes) -> list[int]:
    """The 28 tiles in the order the secret deals them: by HMAC-SHA256(secret, "a-b"), smallest first."""
    _check_secret(secret)
    key = secret.ljust(64, b"\0")
    inner = hashlib.sha256(key.translate(_INNER_PAD)).copy
    outer = hashlib.sha256(key.translate(_OUTER_PAD)).copy
    digests = []
    for text in _TILE_TEXTS:
        h = inner()
        h.update(text)
        mac = outer()
        mac.update(h.digest())
        digests.append(mac.digest())
    return sorted(range(28), key=digests.__getitem__)


def random_leader(secret: bytes, seats: int) -> int:
    """The leader the secret chooses where the rules leave it to chance (the first hand, and after a
    blocked hand): HMAC-SHA256(secret, "leader") as a big-endian number, modulo the seats."""
    _check_secret(secret)
    return int.from_bytes(hmac.digest(secret, b"leader", "sha256"), "big") % seats


def deal_from_secret(rules: CoreRules, secret: bytes) -> tuple[list[list[int]], list[int]]:
    """Each seat's tiles (seat 0 takes the first hand-size tiles of the secret's order, and so on) and
    the boneyard, the rest in that order."""
    order = deal_order(secret)
    n = rules.hand_size
    return [order[i * n:(i + 1) * n] for i in range(rules.seats)], order[rules.seats * n:]


def seeded_secret(seed: int | str, hand_number: int) -> bytes:
    """A seeded game's secret for its `hand_number`-th hand (from 1): anyone who knows the seed knows
    every deal, which is what practice, tests and pictures want and a real game must not have."""
    label = f"allfives seeded deal {hand_number} {seed}"  # (a seed read from JSON may hold a lone surrogate)
    return hashlib.sha256(label.encode("utf-8", "surrogatepass")).digest()


def check_secret(rules: CoreRules, secret: bytes, commitment: str, hands: Sequence[Sequence[int]],
                 boneyard: Sequence[int], leader: int | None = None) -> None:
    """Raise DealMismatch unless `secret` is the committed one and deals these hands (each as a set of
    tiles), this boneyard (in its order) and, when given (it was chosen at random), this leader."""
    if commitment_of(secret) != commitment:
        raise DealMismatch(_("the secret is not the one committed to (its SHA-256 is not the commitment)"))
    dealt, rest = deal_from_secret(rules, secret)
    if len(hands) != len(dealt):
        raise DealMismatch(ngettext("{hands} hand for {seats} seats", "{hands} hands for {seats} seats",
                                    len(hands)).format(hands=len(hands), seats=len(dealt)))
    for seat, (held, due) in enumerate(zip(hands, dealt, strict=True)):
        extra = [t for t in held if t not in due]
        if extra or len(held) != len(due):
            missing = [t for t in due if t not in held]
            # (one whole sentence for each case: word order differs by language)
            if extra and missing:
                said = _("seat {seat} holds {tile}, where the secret deals it {due}").format(
                    seat=seat, tile=tile_name(extra[0]), due=tile_name(missing[0]))
            elif extra:
                said = _("seat {seat} holds {tile}").format(seat=seat, tile=tile_name(extra[0]))
            elif missing:
                said = ngettext("seat {seat} holds {n} tile, where the secret deals it {due}",
                                "seat {seat} holds {n} tiles, where the secret deals it {due}",
                                len(held)).format(seat=seat, n=len(held), due=tile_name(missing[0]))
            else:
                said = ngettext("seat {seat} holds {n} tile", "seat {seat} holds {n} tiles",
                                len(held)).format(seat=seat, n=len(held))
            raise DealMismatch(said)
    for place, (tile, due_tile) in enumerate(zip(boneyard, rest, strict=False), start=1):
        if tile != due_tile:
            raise DealMismatch(_("boneyard tile {place} is {tile}, where the secret puts {due}").format(
                place=place, tile=tile_name(tile), due=tile_name(due_tile)))
    if len(boneyard) != len(rest):
        raise DealMismatch(ngettext("the boneyard has {n} tile, the secret deals {due}",
                                    "the boneyard has {n} tiles, the secret deals {due}",
                                    len(boneyard)).format(n=len(boneyard), due=len(rest)))
    if leader is not None and leader != (chosen := random_leader(secret, rules.seats)):
        raise DealMismatch(_("seat {seat} leads, where the secret chooses seat {chosen}").format(
            seat=leader, chosen=chosen))


class Table:
    """A game in progress: the current hand and the running scores. Mutable; `copy()` for search."""

    __slots__ = ("rules", "scores", "hands", "boneyard", "layout", "turn", "leader", "phase",
                 "result", "winner", "hand_index", "history")

    def __init__(self, rules: CoreRules) -> None:
        self.rules = rules
        self.scores = [0] * rules.sides
        self.hands: list[list[int]] = [[] for _seat in range(rules.seats)]
        self.boneyard: list[int] = []
        self.layout = Layout()
        self.turn = 0
        self.leader = 0
        self.phase = HAND_OVER
        self.result: HandResult | None = None
        self.winner = -1
        self.hand_index = -1
        # this hand's moves: (seat, kind, tile, end, open pips before the move)
        self.history: list[tuple[int, int, int, int, tuple[int, ...]]] = []

    def copy(self) -> Table:
        c = Table.__new__(Table)
        c.rules = self.rules
        c.scores = self.scores[:]
        c.hands = [h[:] for h in self.hands]
        c.boneyard = self.boneyard[:]
        c.layout = self.layout.copy()
        c.turn, c.leader, c.phase = self.turn, self.leader, self.phase
        c.result, c.winner, c.hand_index = self.result, self.winner, self.hand_index
        c.history = self.history[:]
        return c

    # -- starting hands -------------------------------------------------

    def start_hand(self, hands: list[list[int]], boneyard: list[int], leader: int) -> None:
        """Begin the next hand with this deal; the caller vouches for the deal (see `check_deal`)."""
        if self.phase == GAME_OVER:
            raise IllegalMove(_("the game is over"))
        if self.phase == PLAYING:
            raise IllegalMove(_("the current hand has not ended"))
        self.hands = [list(h) for h in hands]
        self.boneyard = list(boneyard)
        self.layout = Layout()
        self.leader = self.turn = leader
        self.phase = PLAYING
        self.result = None
        self.hand_index += 1
        self.history = []

    def start_dealt_hand(self, hands: list[list[int]], boneyard: list[int], leader: int) -> None:
        """Begin the next hand with a deal from outside (a record): check the deal and who must lead."""
        try:
            check_deal(self.rules, hands, boneyard, leader)
        except ValueError as e:
            raise IllegalMove(str(e)) from None
        must = self.next_leader_rule() if self.hand_index >= 0 else None
        if must is not None and leader != must:
            raise IllegalMove(_("seat {must} went out last hand and must lead, not seat {seat}").format(
                must=must, seat=leader))
        self.start_hand(hands, boneyard, leader)

    def next_leader_rule(self) -> int | None:
        """The seat that must lead the next hand, or None when it is chosen at random."""
        if self.result is not None and self.result.reason == "domino":
            return self.result.out_seat
        return None

    def deal_secret(self, secret: bytes) -> None:
        """Deal the next hand from a secret (RECORD.md's rule); the leader is who went out last hand,
        else the one the secret chooses."""
        hands, boneyard = deal_from_secret(self.rules, secret)
        leader = self.next_leader_rule()
        if leader is None:
            leader = random_leader(secret, self.rules.seats)
        self.start_hand(hands, boneyard, leader)

    def deal_next(self, seed: int | str) -> None:
        """Deal the next hand of a seeded game (a match's duplicate deals, tests): from the seed's secret."""
        self.deal_secret(seeded_secret(seed, self.hand_index + 2))

    # -- questions ------------------------------------------------------

    def can_play(self, seat: int) -> bool:
        lay = self.layout
        return any(lay.playable(t) for t in self.hands[seat])

    def legal_moves(self) -> list[tuple[int, int, int]]:
        """(kind, tile, end) for the player to move; empty when no hand is in play."""
        if self.phase != PLAYING:
            return []
        lay = self.layout
        moves = [(PLAY, t, e) for t in self.hands[self.turn] for e in lay.accepts(t)]
        if moves:
            return moves
        return [(DRAW, -1, -1)] if self.boneyard else [(PASS, -1, -1)]

    def blocked(self) -> bool:
        if self.boneyard or self.layout.empty:
            return False
        return not any(self.can_play(s) for s in range(self.rules.seats))

    # -- actions --------------------------------------------------------

    def check(self, kind: int, tile: int = -1, end: int = -1) -> int:
        """Raise IllegalMove, naming the rule, unless the move is legal now; return the end a play
        goes on (the one it fits when none is named; LEAD for a lead, -1 for a draw or pass)."""
        if self.phase == GAME_OVER:
            raise IllegalMove(_("the game is over"))
        if self.phase != PLAYING:
            raise IllegalMove(_("the hand is over; deal the next hand first"))
        seat = self.turn
        return check_move(seat, self.hands[seat], self.layout, len(self.boneyard), kind, tile, end)

    def describe_ends(self) -> str:
        return ends_text(self.layout)

    def apply(self, kind: int, tile: int = -1, end: int = -1, events: list | None = None) -> None:
        """Check and make a move for the player whose turn it is.

        `events`, when given, receives tuples describing what happened:
        ("played", seat, tile, end, total, points), ("scored", seat, side, points, score),
        ("drew", seat, tile), ("passed", seat), ("hand_over", HandResult, scores),
        ("won", side, scores).
        """
        self.apply_unchecked(kind, tile, self.check(kind, tile, end), events)

    def apply_unchecked(self, kind: int, tile: int, end: int, events: list | None = None) -> None:
        """`apply` for moves taken from `legal_moves()`: no checking, for search."""
        seat = self.turn
        lay = self.layout
        self.history.append((seat, kind, tile, end, tuple(lay.pips)))
        if kind == PLAY:
            hand = self.hands[seat]
            hand.remove(tile)
            lay.place(tile, end)
            total = lay.total()
            points = play_points(total)
            if events is not None:
                events.append(("played", seat, tile, end, total, points))
            rules = self.rules
            if points:
                side = rules.side_of(seat)
                self.scores[side] += points
                if events is not None:
                    events.append(("scored", seat, side, points, self.scores[side]))
                if not rules.finish_hand and self.scores[side] >= rules.target:
                    self.winner = side
                    self.phase = GAME_OVER
                    if events is not None:
                        events.append(("won", side, tuple(self.scores)))
                    return
            if not hand:
                self._end_hand(seat, events)
                return
            self.turn = (seat + 1) % rules.seats
        elif kind == DRAW:
            t = self.boneyard.pop(0)
            self.hands[seat].append(t)
            if events is not None:
                events.append(("drew", seat, t))
        else:
            if events is not None:
                events.append(("passed", seat))
            self.turn = (seat + 1) % self.rules.seats
        if not self.boneyard and self.blocked():
            self._end_hand(None, events)

    def _end_hand(self, out_seat: int | None, events: list | None) -> None:
        rules = self.rules
        pips = tuple(sum(PIPS[t] for t in h) for h in self.hands)
        deductions = [0] * rules.seats
        awards = [0] * rules.sides
        if not rules.muggins:
            for seat, p in enumerate(pips):
                deductions[seat] = round_to_five(p)
                self.scores[rules.side_of(seat)] -= deductions[seat]
        else:
            side_pips = list(rules.side_totals(pips))
            if out_seat is not None:
                out_side = rules.side_of(out_seat)
                awards[out_side] = round_to_five(sum(side_pips) - side_pips[out_side])
            else:
                fewest = min(side_pips)
                if side_pips.count(fewest) == 1:
                    low = side_pips.index(fewest)
                    awards[low] = round_to_five(sum(side_pips) - 2 * fewest)
            for side, a in enumerate(awards):
                self.scores[side] += a
        self.result = HandResult("domino" if out_seat is not None else "blocked", out_seat,
                                 pips, tuple(deductions), tuple(awards))
        self.phase = HAND_OVER
        if events is not None:
            events.append(("hand_over", self.result, tuple(self.scores)))
        # The single highest score at or above the target wins; a tie for highest plays on.
        top = max(self.scores)
        if top >= rules.target and self.scores.count(top) == 1:
            self.winner = self.scores.index(top)
            self.phase = GAME_OVER
            if events is not None:
                events.append(("won", self.winner, tuple(self.scores)))


def check_move(seat: int, hand: Sequence[int], lay: Layout, boneyard: int,
               kind: int, tile: int = -1, end: int = -1) -> int:
    """The rules of one turn: raise IllegalMove unless `seat`, holding `hand`, may make this move on
    `lay` with `boneyard` tiles left to draw (AmbiguousMove for a play that fits several ends with
    none named); return the end a play goes on (LEAD for a lead; `end` itself for a draw or pass).

    What a seat may see is enough to ask this, so a seat's own view checks a move the same way
    (`SeatView.check`) as the table that makes it.
    """
    if kind == PLAY:
        if tile not in hand:
            raise IllegalMove(_("seat {seat} does not hold {tile}").format(seat=seat, tile=tile_name(tile)))
        ends = lay.accepts(tile)
        if not ends:
            raise IllegalMove(_("{tile} matches no open end ({ends})").format(
                tile=tile_name(tile), ends=ends_text(lay)))
        if end == -1 and ends != [LEAD]:
            if len(ends) > 1:
                raise AmbiguousMove(tile, ends)
            return ends[0]
        if end not in ends:
            if end == LEAD or ends == [LEAD]:
                raise IllegalMove(_("{tile} is the lead: it takes no end").format(tile=tile_name(tile)))
            raise IllegalMove(_("{tile} does not fit end {end} ({ends})").format(
                tile=tile_name(tile), end=end_letter(END_NAMES[end]), ends=ends_text(lay)))
        return end
    playable = [t for t in hand if lay.playable(t)]
    if playable:
        said = (_("seat {seat} holds a playable tile ({tile}) and may not draw") if kind == DRAW
                else _("seat {seat} holds a playable tile ({tile}) and may not pass"))
        raise IllegalMove(said.format(seat=seat, tile=tile_name(playable[0])))
    if kind == DRAW and not boneyard:
        raise IllegalMove(_("the boneyard is empty: nothing to draw, the player must pass"))
    if kind == PASS and boneyard:
        raise IllegalMove(_("the boneyard is not empty: seat {seat} must draw, not pass").format(seat=seat))
    return end


def ends_text(lay: Layout) -> str:
    """`W 5, E 3`: the open ends and the pip each takes (each end by this language's letter)."""
    return ", ".join(f"{end_letter(END_NAMES[e])} {p}" for e, p in lay.open_ends())


def check_deal(rules: CoreRules, hands: list[list[int]], boneyard: list[int], leader: int) -> None:
    """Raise ValueError unless the deal holds each tile once with the right hand sizes."""
    if len(hands) != rules.seats:
        raise ValueError(ngettext("{n} hand dealt for {seats} seats", "{n} hands dealt for {seats} seats",
                                  len(hands)).format(n=len(hands), seats=rules.seats))
    for seat, h in enumerate(hands):
        if len(h) != rules.hand_size:
            raise ValueError(ngettext("seat {seat} is dealt {n} tile, not {size}",
                                      "seat {seat} is dealt {n} tiles, not {size}", len(h)).format(
                seat=seat, n=len(h), size=rules.hand_size))
    seen: set[int] = set()
    for t in [t for h in hands for t in h] + list(boneyard):
        if t in seen:
            raise ValueError(_("tile {tile} is dealt twice").format(tile=tile_name(t)))
        seen.add(t)
    missing = [tile_name(t) for t in range(28) if t not in seen]
    if missing:
        raise ValueError(_("tile {tile} is missing from the deal").format(tile=missing[0]))
    check_seat(leader, rules.seats, "leader")
