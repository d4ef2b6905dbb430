"""How a deal code holds a game's rules and seats: one layout per version, made from the declarations
(engine/options.py's house rules, bots/levels.py's levels), so that a new rule or level either fits the
version it joins or makes a new one, and never changes how an older code reads.

A code's 95 data bits are a 60-bit field (the game's secret) and 35 bits: the version (3) and the
parameters (32), laid over with bits of the field's hash. The parameters are one mixed-radix number, its
digits the layout's slots, the first the most significant:

- version 0 (every code made before versions were used): seating 4 | hand size - 1 in 16 | target in
  16,384 | each house rule of version 0 in 2 | who sits where in 1,024 (a base-5 digit a seat, seat 0
  the lowest: a person or a level of version 0);
- version n > 0: the (seats, partners, hand size) a game can have, counted | target - 1 in 9,999 |
  each house rule with `code_since` <= n in 2 | who sits where: a digit a seat, in as many as the levels
  with `code_since` <= n have digits.

A version whose parameters need more than 32 bits takes the rest from the low bits of the 60-bit field,
the secret keeping what is left (MIN_SECRET_BITS at least: tests/play/test_code_layout.py holds every
version to it). A code is written in the lowest version that can say its game, so a game the older
versions know gets the code they would have made.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from allfives.bots import levels as bot_levels
from allfives.engine import options
from allfives.engine.core import MAX_HAND_SIZE, MAX_TARGET

if TYPE_CHECKING:
    from allfives.engine import Rules

SECRET_BITS = 60  # the field the secret lives in (all of it, but in a version that needs more room)
MIN_SECRET_BITS = 56  # what a version may leave the secret
VERSION_BITS = 3
PARAM_BITS = 32
SEATS = 4  # seats a code says: fewer are padded with a person's digit
PERSON = "person"
SEATINGS = ((2, False), (3, False), (4, True), (4, False))  # (seats, partnership), as version 0 counts them
# every (seats, partnership, hand size) a game can have: version 1 on counts them in one slot
SHAPES = tuple((seats, partners, size) for seats, partners in SEATINGS
               for size in range(1, min(MAX_HAND_SIZE, 28 // seats) + 1))


def latest() -> int:
    """The newest version: the latest any declared rule or level joined."""
    return max([0] + [rule.code_since for rule in options.HOUSE_RULES]
               + [level.code_since for level in bot_levels.LEVEL_TABLE if level.digit is not None])


def kinds(version: int) -> dict[int, str]:
    """What a seat's digit says in this version: 0 a person, each level its digit."""
    out = {0: PERSON}
    out.update({level.digit: level.name for level in bot_levels.LEVEL_TABLE
                if level.digit is not None and level.code_since <= version})
    return out


def house_rules(version: int) -> tuple[options.HouseRule, ...]:
    return tuple(rule for rule in options.HOUSE_RULES if rule.code_since <= version)


def _base(version: int) -> int:
    return max(kinds(version)) + 1


def radices(version: int) -> tuple[int, ...]:
    """The slots' sizes, the most significant first."""
    rules = (2,) * len(house_rules(version))
    if version == 0:
        return (len(SEATINGS), 16, 1 << 14, *rules, 1024)
    return (len(SHAPES), MAX_TARGET, *rules, _base(version) ** SEATS)


def capacity(version: int) -> int:
    total = 1
    for radix in radices(version):
        total *= radix
    return total


def extra_bits(version: int) -> int:
    """Bits of the 60-bit field the parameters take beyond their 32 (0 in every version so far)."""
    return max(0, (capacity(version) - 1).bit_length() - PARAM_BITS)


def secret_bits(version: int) -> int:
    return SECRET_BITS - extra_bits(version)


@dataclass(frozen=True)
class Params:
    """What a code says besides its secret: the rules it depends on and who sits where."""

    seats: int
    partnership: bool
    hand_size: int
    target: int
    switches: Mapping[str, bool]  # each house rule by key
    who: tuple[str, ...]  # per seat: "person" or a level


def params_of(rules: Rules, who: tuple[str, ...]) -> Params:
    return Params(rules.seats, rules.partnership, rules.hand_size, rules.target, options.switches_of(rules),
                  who)


def says(version: int, p: Params) -> bool:
    """Whether this version can say these parameters (its rules and levels, four seats at most)."""
    known = set(kinds(version).values())
    in_version = {rule.key for rule in house_rules(version)}
    return (len(p.who) <= SEATS and all(kind in known for kind in p.who)
            and all(key in in_version for key, on in p.switches.items() if on)
            and (p.seats, p.partnership) in SEATINGS and 1 <= p.target <= MAX_TARGET)


def lowest(p: Params) -> int | None:
    """The version a code of these parameters is written in (None: none can say them)."""
    return next((v for v in range(latest() + 1) if says(v, p)), None)


def _digits(version: int, p: Params) -> list[int]:
    digit_of = {name: digit for digit, name in kinds(version).items()}
    base = _base(version)
    seated = 0
    for kind in reversed(p.who + (PERSON,) * (SEATS - len(p.who))):
        seated = seated * base + digit_of[kind]
    rules = [int(p.switches.get(rule.key, False)) for rule in house_rules(version)]
    if version == 0:
        return [SEATINGS.index((p.seats, p.partnership)), p.hand_size - 1, p.target, *rules, seated]
    return [SHAPES.index((p.seats, p.partnership, p.hand_size)), p.target - 1, *rules, seated]


def _mask(field: int) -> int:
    """Bits laid over the version and parameters, from the secret's field: codes of like games look
    nothing alike."""
    digest = hashlib.sha256(b"allfives code " + field.to_bytes(8, "big")).digest()
    return int.from_bytes(digest[:8], "big") & ((1 << (VERSION_BITS + PARAM_BITS)) - 1)


def pack(version: int, p: Params, secret: int) -> int:
    """The code's 95-bit number for these parameters in this version, and the secret."""
    number = 0
    for radix, digit in zip(radices(version), _digits(version, p), strict=True):
        if not 0 <= digit < radix:
            raise ValueError(f"no room for {digit} in a slot of {radix}")
        number = number * radix + digit
    extra = extra_bits(version)
    field = secret << extra | number >> PARAM_BITS
    low = version << PARAM_BITS | number & ((1 << PARAM_BITS) - 1)
    return field << (VERSION_BITS + PARAM_BITS) | (low ^ _mask(field))


class Foreign(ValueError):
    """A number no version of the layout reads: a code this version of allfives does not make."""


def unpack(number: int) -> tuple[int, Params, int]:
    """(version, parameters, secret) of a code's 95-bit number; Foreign when no game is said."""
    field = number >> (VERSION_BITS + PARAM_BITS)
    low = (number ^ _mask(field)) & ((1 << (VERSION_BITS + PARAM_BITS)) - 1)
    version = low >> PARAM_BITS
    if version > latest():
        raise Foreign("a later version's code")
    extra = extra_bits(version)
    params = (field & ((1 << extra) - 1)) << PARAM_BITS | low & ((1 << PARAM_BITS) - 1)
    secret = field >> extra
    digits = []
    for radix in reversed(radices(version)):
        params, digit = divmod(params, radix)
        digits.append(digit)
    if params:
        raise Foreign("more than the layout holds")
    digits.reverse()
    rules = house_rules(version)
    seated = digits[-1]
    switches = {rule.key: bool(d) for rule, d in zip(rules, digits[-1 - len(rules):-1], strict=True)}
    if version == 0:
        seating, size, target = digits[:3]
        seats, partnership = SEATINGS[seating]
        hand_size = size + 1
    else:
        seats, partnership, hand_size = SHAPES[digits[0]]
        target = digits[1] + 1
    if not 1 <= target <= MAX_TARGET or hand_size > MAX_HAND_SIZE or hand_size * seats > 28:
        raise Foreign("no such game")
    said, base = kinds(version), _base(version)
    who = []
    for _seat in range(SEATS):
        seated, digit = divmod(seated, base)
        if digit not in said:
            raise Foreign("no such seat")
        who.append(said[digit])
    if seated or any(kind != PERSON for kind in who[seats:]):
        raise Foreign("no such seat")
    return version, Params(seats, partnership, hand_size, target, switches, tuple(who[:seats])), secret
