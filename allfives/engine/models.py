"""Pydantic models for the things of the game: tiles, moves, rules, the layout."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, model_serializer, model_validator

from allfives.i18n import _, ngettext

from . import core
from .core import (  # noqa: F401 (they live in core: no Pydantic)
    HAND_SIZES,
    MAX_HAND_SIZE,
    MAX_TARGET,
    TARGETS,
    VARIANTS,
    variant_hand_size,
)
from .options import HOUSE_RULES, EndOfHand, WinCheck, switches_of
from .values import brief

EndName = Literal["W", "E", "N", "S"]
SpinnerArm = Literal["lead", "W", "E"] | None
ENDS: tuple[EndName, ...] = ("W", "E", "N", "S")  # ENDS, as records write them
END_OF = {name: i for i, name in enumerate(ENDS)}

# RECORD.md writes a tile `a-b` and a play `a-b` or `a-b E`: nothing looser is read.
_TILE_TEXT = re.compile(r"([0-9])-([0-9])", re.ASCII)
_PLAY_TEXT = re.compile(r"([0-9]-[0-9])(?: ([WENS]))?", re.ASCII)


class Tile(BaseModel):
    """A domino, written `a-b` with the higher half first; `3-5` reads as `5-3`."""

    model_config = ConfigDict(frozen=True, defer_build=True)
    high: int = Field(ge=0, le=6)
    low: int = Field(ge=0, le=6)

    def __init__(self, text: str | tuple[int, int] | None = None, /, **fields: Any) -> None:
        """`Tile("5-3")` and `Tile((3, 5))` as well as `Tile(high=5, low=3)`."""
        if text is not None:
            fields = self._parse(text)  # type: ignore[operator]  # (Pydantic's proxy: callable at run time)
        super().__init__(**fields)

    @model_validator(mode="before")
    @classmethod
    def _parse(cls, value: Any) -> Any:
        if isinstance(value, Tile):
            return value
        given = value
        if isinstance(value, str):
            halves = _TILE_TEXT.fullmatch(value.strip())  # records are stricter: see `read_tile`
            if halves is None:
                raise ValueError(_("{value} is not a tile (write it a-b, like 5-3)").format(
                    value=brief(value)))
            value = (int(halves[1]), int(halves[2]))
        if isinstance(value, (tuple, list)) and len(value) == 2:
            a, b = value
            if not (isinstance(a, int) and isinstance(b, int)) or isinstance(a, bool) or isinstance(b, bool):
                raise ValueError(_("{value} is not a tile").format(value=brief(value)))
            if not (0 <= a <= 6 and 0 <= b <= 6):
                raise ValueError(_("{value} is not a tile (halves run from 0 to 6)").format(
                    value=brief(given)))
            return {"high": max(a, b), "low": min(a, b)}
        if isinstance(value, dict):
            a, b = value.get("high"), value.get("low")
            if isinstance(a, int) and isinstance(b, int):
                return {"high": max(a, b), "low": min(a, b)}
            return value
        raise ValueError(_("{value} is not a tile (write it a-b, like 5-3)").format(value=brief(value)))

    @model_serializer
    def _write(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile('{self}')"

    @property
    def id(self) -> int:
        return core.TILE_ID[(self.high, self.low)]

    @property
    def pips(self) -> int:
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @classmethod
    def of(cls, tile_id: int) -> Tile:
        return _TILE_OBJECTS[tile_id]


# Models are built on first validation (defer_build): the game's own values are made without it, so
# the table can show before any validator exists.
_TILE_OBJECTS = tuple(Tile.model_construct(high=a, low=b) for a, b in core.TILES)
ALL_TILES: tuple[Tile, ...] = _TILE_OBJECTS


def parse_tile(text: str) -> Tile:
    return Tile.model_validate(text)


_TILE_READ: dict[str, Tile] = {}


def read_tile(text: str) -> Tile:
    """A tile exactly as a record writes it, `a-b` (ValueError otherwise); each text is parsed once."""
    tile = _TILE_READ.get(text)
    if tile is None:
        if not _TILE_TEXT.fullmatch(text):
            raise ValueError(_("{value} is not a tile (write it a-b, like 5-3)").format(value=brief(text)))
        tile = Tile.model_validate(text)
        if len(_TILE_READ) < 100:  # only good texts get here, and there are 49 of them
            _TILE_READ[text] = tile
    return tile


class Move(BaseModel):
    """One turn's action, written as in a game record: `5-3`, `5-3 E`, `draw`, `pass`."""

    model_config = ConfigDict(frozen=True, defer_build=True)
    kind: Literal["play", "draw", "pass"]
    tile: Tile | None = None
    end: EndName | None = None

    @model_validator(mode="before")
    @classmethod
    def _parse(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        if value in ("draw", "pass"):
            return {"kind": value}
        play = _PLAY_TEXT.fullmatch(value)
        if play is None:
            raise ValueError(_("{value} is not a move (write 5-3, 5-3 E, draw or pass)").format(
                value=brief(value)))
        return {"kind": "play", "tile": play[1], "end": play[2]}

    @model_validator(mode="after")
    def _consistent(self) -> Move:
        if self.kind == "play" and self.tile is None:
            raise ValueError(_("a play needs a tile"))
        if self.kind != "play" and (self.tile is not None or self.end is not None):
            raise ValueError(_("{kind} takes no tile or end").format(kind=self.kind))  # (the kind: data)
        return self

    @model_serializer
    def _write(self) -> str:
        return str(self)

    def __str__(self) -> str:
        if self.kind != "play":
            return self.kind
        return f"{self.tile} {self.end}" if self.end else str(self.tile)

    @classmethod
    def play(cls, tile: Tile | str, end: str | None = None) -> Move:
        return cls(kind="play", tile=Tile.model_validate(tile), end=end)

    @classmethod
    def draw(cls) -> Move:
        return _DRAW  # (moves are frozen: one of each, made without building a validator)

    @classmethod
    def pass_(cls) -> Move:
        return _PASS

    def to_core(self) -> tuple[int, int, int]:
        if self.kind == "draw":
            return core.DRAW, -1, -1
        if self.kind == "pass":
            return core.PASS, -1, -1
        assert self.tile is not None
        return core.PLAY, self.tile.id, END_OF[self.end] if self.end else -1

    @classmethod
    def from_core(cls, kind: int, tile: int, end: int) -> Move:
        if kind == core.DRAW:
            return _DRAW
        if kind == core.PASS:
            return _PASS
        move = _PLAYS.get((tile, end))
        if move is None:  # moves are frozen: each of the 28 x 5 plays is built once and shared
            move = _PLAYS[(tile, end)] = cls.model_construct(kind="play", tile=Tile.of(tile),
                                                             end=ENDS[end] if end >= 0 else None)
        return move


_DRAW = Move.model_construct(kind="draw")
_PASS = Move.model_construct(kind="pass")
_PLAYS: dict[tuple[int, int], Move] = {}
_READ: dict[str, Move] = {}


def read_move(text: str) -> Move:
    """A move written as a record writes it (ValidationError if it is not one); each text is parsed once."""
    move = _READ.get(text)
    if move is None:
        move = Move.model_validate(text)
        if len(_READ) < 1000:  # only good texts get here, and there are ~250 of them
            _READ[text] = move
    return move

class Rules(BaseModel):
    """The rules in force; every field left out takes its RULES.md default for the seat count."""

    model_config = ConfigDict(frozen=True, extra="ignore", defer_build=True)
    # Strict: `true` is not a seat count nor `2.0` a hand size, from a record or from the API.
    seats: int = Field(default=2, ge=2, le=4, strict=True)
    partnership: bool = Field(default=False, strict=True)
    hand_size: int = Field(default=9, ge=1, le=MAX_HAND_SIZE, strict=True)
    target: int = Field(default=250, ge=1, le=MAX_TARGET, strict=True)
    # The house rules (engine/options.py declares each: its flag, words and switch)
    end_of_hand: EndOfHand = "deduct"
    win_check: WinCheck = "immediate"

    @model_validator(mode="before")
    @classmethod
    def _defaults(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        seats = data.get("seats", 2)
        if not isinstance(seats, int) or isinstance(seats, bool) or seats not in HAND_SIZES:
            return data  # the field validator explains
        filled = dict(data)
        filled.setdefault("partnership", seats == 4)
        filled.setdefault("hand_size", HAND_SIZES[seats])
        filled.setdefault("target", TARGETS[seats])
        return filled

    @model_validator(mode="after")
    def _fits(self) -> Rules:
        if self.partnership and self.seats != 4:
            raise ValueError(_("partnership needs 4 seats"))
        if self.hand_size * self.seats > 28:
            raise ValueError(_("{seats} hands of {size} need more than 28 tiles").format(
                seats=self.seats, size=self.hand_size))
        return self

    @property
    def sides(self) -> int:
        """Scores kept: one per team in a partnership, else one per seat."""
        return 2 if self.partnership else self.seats

    def side_of(self, seat: int) -> int:
        """The side a seat scores for (the engine's rule: partners sit opposite)."""
        return self.to_core().side_of(core.check_seat(seat, self.seats))

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that score for a side, in turn order: the player alone, or both partners."""
        return self.to_core().seats_of(core.check_seat(side, self.sides, "side"))

    def side_totals(self, per_seat: Sequence[int]) -> tuple[int, ...]:
        """Per-seat amounts (pips left, deductions) added up per side."""
        return self.to_core().side_totals(per_seat)

    def to_core(self) -> core.CoreRules:
        return core.CoreRules(self.seats, self.partnership, self.hand_size, self.target, **switches_of(self))

    def describe(self) -> list[str]:
        """Every option in play, in the player's words (score panel, help, new-game screen)."""
        seats = (ngettext("{n} seat, partners sit opposite", "{n} seats, partners sit opposite", self.seats)
                 if self.partnership else ngettext("{n} seat", "{n} seats", self.seats))
        lines = [seats.format(n=self.seats),
                 ngettext("{n} tile each", "{n} tiles each", self.hand_size).format(n=self.hand_size),
                 _("target {points}").format(points=self.target)]
        lines += [_(rule.said_on if rule.is_on(self) else rule.said_off) for rule in HOUSE_RULES]
        return lines


class PlacedTile(BaseModel):
    """A tile in an arm, with the half that touches the tile before it and the outer half."""

    model_config = ConfigDict(frozen=True, defer_build=True)
    tile: Tile
    inner: int
    outer: int

    @property
    def is_double(self) -> bool:
        return self.inner == self.outer


# Every (inner, outer) pair once: placing tiles never pays for validation.
_PLACED = {(i, o): PlacedTile.model_construct(tile=Tile.of(core.TILE_ID[(i, o)]), inner=i, outer=o)
           for i in range(7) for o in range(7)}


def _placed(inner: int, outer: int) -> PlacedTile:
    return _PLACED[(inner, outer)]


def _no_arms() -> dict[EndName, tuple[PlacedTile, ...]]:
    return {"W": (), "E": (), "N": (), "S": ()}


class Layout(BaseModel):
    """The tiles on the table: the lead, four arms going outward from it, and the spinner."""

    model_config = ConfigDict(frozen=True, defer_build=True)
    lead: Tile | None = None
    arms: dict[EndName, tuple[PlacedTile, ...]] = Field(default_factory=lambda: _no_arms())
    spinner: Tile | None = None
    spinner_arm: SpinnerArm = None  # where the spinner lies
    spinner_index: int = 0  # its index in that arm
    open_ends: dict[EndName, int] = Field(default_factory=dict)  # end -> pip it accepts
    end_counts: dict[EndName, int] = Field(default_factory=dict)  # end -> what it adds
    exposed: tuple[bool, bool] = (False, False)  # spinner's W, E side is an end
    sides_open: int = 0
    total: int = 0

    def to_core(self) -> core.Layout:
        lay = core.Layout()
        if self.lead is None:
            return lay
        lay.lead = self.lead.id
        lay.pips = [self.open_ends.get(e, -1) for e in ENDS]
        lay.counts = [self.end_counts.get(e, 0) for e in ENDS]
        lay.spinner = self.spinner.high if self.spinner else -1
        lay.sides_open = self.sides_open
        lay.exposed = list(self.exposed)
        lay.arms = [[(p.inner, p.outer) for p in self.arms[e]] for e in ENDS]
        if self.spinner_arm == "lead":
            lay.spinner_at = (core.LEAD, 0)
        elif self.spinner_arm is not None:
            lay.spinner_at = (END_OF[self.spinner_arm], self.spinner_index)
        return lay

    @classmethod
    def from_core(cls, lay: core.Layout) -> Layout:
        if lay.lead < 0:
            return _NO_LAYOUT
        arms = {name: tuple(_placed(i, o) for i, o in lay.arms[e]) for e, name in enumerate(ENDS)}
        arm_at, index = lay.spinner_at
        arm = None if arm_at == -2 else ("lead" if arm_at == core.LEAD else ENDS[arm_at])
        spinner_arm = cast("SpinnerArm", arm)  # (the spinner lies in the lead, W or E only)
        return cls.model_construct(
            lead=Tile.of(lay.lead), arms=arms,
            spinner=Tile.of(core.TILE_ID[(lay.spinner, lay.spinner)]) if lay.spinner >= 0 else None,
            spinner_arm=spinner_arm, spinner_index=index if spinner_arm not in (None, "lead") else 0,
            open_ends={ENDS[e]: p for e, p in lay.open_ends()},
            end_counts={ENDS[e]: c for e, c in enumerate(lay.counts) if lay.pips[e] >= 0},
            exposed=(lay.exposed[0], lay.exposed[1]), sides_open=lay.sides_open, total=lay.total())

    @property
    def empty(self) -> bool:
        return self.lead is None

    def accepts(self, tile: Tile) -> list[str]:
        """The ends this tile may go on (empty for the lead: any tile leads)."""
        return [ENDS[e] for e in self.to_core().accepts(tile.id) if e >= 0]

    def points_for(self, tile: Tile) -> dict[str, int]:
        """What playing `tile` scores on each end it fits (`{"W": 10, "E": 0}`; empty for a lead or a
        tile that fits nowhere): the engine's word, so the board never adds up the ends itself."""
        lay = self.to_core()
        return {ENDS[e]: lay.points_after(tile.id, e) for e in lay.accepts(tile.id) if e >= 0}

    def tiles(self) -> list[Tile]:
        if self.lead is None:
            return []
        return [self.lead] + [p.tile for arm in self.arms.values() for p in arm]


_NO_LAYOUT = Layout.model_construct()  # the empty table
