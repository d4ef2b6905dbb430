"""Fair deals (RECORD.md): a hand dealt from a 32-byte secret, its commitment, and the check of a deal.

The rule itself lives in `core` (on tile ids, as the table deals); this is its public face, on tiles
and as a record holds it. A table makes a secret (`fresh_secret`, or `core.seeded_secret` for a seeded
game), shows every seat `commitment_of(secret)` before the hand and the secret once it is over; anyone
then checks what they saw with `check_dealt` (or re-runs RECORD.md's rule with `hashlib` and `hmac`).
"""

from __future__ import annotations

import hmac
import re
import secrets
from collections.abc import Sequence
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from allfives.i18n import _

from . import core
from .core import SECRET_BYTES, DealMismatch, commitment_of, seeded_secret
from .models import Rules, Tile
from .values import brief, describe

TileLike = Tile | int | str  # a tile, its id, or `a-b`
HEX_DIGITS = 2 * SECRET_BYTES
_HEX = re.compile(r"[0-9a-f]{64}", re.ASCII)


def fresh_secret() -> bytes:
    """A new deal's secret, from the operating system's cryptographic source: nothing any seat sees of
    one hand narrows down the rest of it, nor any other hand."""
    return secrets.token_bytes(SECRET_BYTES)


def hand_secret(game_secret: bytes, hand_number: int) -> bytes:
    """The secret of a game's `hand_number`-th hand (from 1), derived from the game's own secret (a deal
    code's): HMAC-SHA256(key = the game secret, message = `allfives hand N` in ASCII). Each hand's
    secret is still 32 bytes committed to and shown by RECORD.md's rule, so a record checks as before,
    and one hand's secret shown tells nothing of the next (HMAC is a pseudo-random function)."""
    if not isinstance(game_secret, bytes) or not game_secret:
        raise ValueError("a game's secret is some bytes")
    if hand_number < 1:
        raise ValueError("hands are counted from 1")
    return hmac.digest(game_secret, f"allfives hand {hand_number}".encode("ascii"), "sha256")


def derived_seed(game_secret: bytes, label: str) -> int:
    """A 63-bit seed that follows from a game's secret (the bots' stream of a deal code's game)."""
    digest = hmac.digest(game_secret, f"allfives {label}".encode("ascii"), "sha256")
    return int.from_bytes(digest[:8], "big") >> 1


class Dealt(NamedTuple):
    """What a secret deals: each seat's tiles, the boneyard in drawing order, and the leader it chooses
    where the rules leave the lead to chance."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    random_leader: int


def deal_from_secret(rules: Rules, secret: bytes) -> Dealt:
    """The deal RECORD.md's rule makes of `secret` at a table of these rules."""
    hands, boneyard = core.deal_from_secret(rules.to_core(), secret)
    return Dealt(tuple(tuple(Tile.of(t) for t in h) for h in hands), tuple(Tile.of(t) for t in boneyard),
                 core.random_leader(secret, rules.seats))


def _ids(tiles: Sequence[TileLike]) -> list[int]:
    return [t if isinstance(t, int) else Tile.model_validate(t).id for t in tiles]


def check_dealt(rules: Rules, secret: bytes, commitment: str, hands: Sequence[Sequence[TileLike]],
                boneyard: Sequence[TileLike], leader: int | None = None) -> None:
    """DealMismatch, saying what differs, unless `secret` is the one `commitment` commits to and deals
    these hands, this boneyard (in order) and, when given, this leader (one chosen at random)."""
    core.check_secret(rules.to_core(), secret, commitment, [_ids(h) for h in hands], _ids(boneyard), leader)


def hex_problem(value: Any) -> str | None:
    """Why a record's value is not a secret's or a commitment's hex digits, or None when it is."""
    if isinstance(value, str) and _HEX.fullmatch(value):
        return None
    shown = brief(value) if isinstance(value, str) else describe(value)
    return _("expected {n} lower-case hex digits, found {found}").format(n=HEX_DIGITS, found=shown)


class Deal(BaseModel):
    """A hand's fair deal as its record holds it: the commitment, and the secret (both in hex) once it
    may be shown. A deal given from outside (a record's, tests') has none."""

    model_config = ConfigDict(frozen=True, defer_build=True)
    commitment: str
    secret: str | None = Field(default=None, repr=False)  # (never in a log line by mistake)

    @classmethod
    def of(cls, secret: bytes) -> Deal:
        """The deal of this secret, with its commitment."""
        return cls.model_construct(commitment=commitment_of(secret), secret=secret.hex())

    @classmethod
    def read(cls, value: dict[str, Any]) -> Deal:
        """A record's `deal` object, a dict (ValueError, its message starting with the field at fault,
        when it is not one)."""
        commitment = value.get("commitment")
        if (problem := hex_problem(commitment)) is not None:
            raise ValueError(f"commitment: {problem}")
        secret = value.get("secret")
        if secret is not None and (problem := hex_problem(secret)) is not None:
            raise ValueError(f"secret: {problem}")
        return cls.model_construct(commitment=str(commitment), secret=secret)  # (hex_problem: it is text)

    @property
    def secret_bytes(self) -> bytes | None:
        return None if self.secret is None else bytes.fromhex(self.secret)

    def with_secret(self, secret: str) -> Deal:
        """This deal once its secret is known (ValueError when the secret is not the one committed to)."""
        if (problem := hex_problem(secret)) is not None:
            raise ValueError(problem)
        if commitment_of(bytes.fromhex(secret)) != self.commitment:
            raise ValueError(_("not the secret committed to (its SHA-256 is not the commitment)"))
        return Deal.model_construct(commitment=self.commitment, secret=secret)

    def to_json(self, reveal: bool = True) -> dict[str, str]:
        """As a record writes it; without the secret unless `reveal` (the hand is over)."""
        if reveal and self.secret is not None:
            return {"commitment": self.commitment, "secret": self.secret}
        return {"commitment": self.commitment}

    def check(self, rules: Rules, hands: Sequence[Sequence[TileLike]], boneyard: Sequence[TileLike],
              leader: int | None = None) -> None:
        """`check_dealt` with this deal's secret (DealMismatch; ValueError when it has none yet)."""
        secret = self.secret_bytes
        if secret is None:
            raise ValueError(_("the deal's secret is not shown yet"))
        check_dealt(rules, secret, self.commitment, hands, boneyard, leader)

    def checks(self, rules: Rules, hands: Sequence[Sequence[TileLike]], boneyard: Sequence[TileLike],
               leader: int | None = None) -> bool:
        """Whether the secret is shown and checks (what a review says as "deal checked")."""
        try:
            self.check(rules, hands, boneyard, leader)
        except ValueError:  # (DealMismatch among them)
            return False
        return True


__all__ = ["Deal", "DealMismatch", "Dealt", "check_dealt", "commitment_of", "deal_from_secret",
           "derived_seed", "fresh_secret", "hand_secret", "hex_problem", "seeded_secret"]
