"""The layout as chains of tiles out of the root, and where a chain goes on: its port, tip and wheel."""

from __future__ import annotations

from dataclasses import dataclass

from allfives.engine import Layout, Tile
from allfives.engine.models import EndName

from .cells import Rect, halves_of


@dataclass(frozen=True)
class Link:
    tile: Tile | None  # None: a spare, room for a tile not played yet
    arm: str
    index: int
    near: int  # the half that touches the tile before it in the chain
    far: int

    @property
    def double(self) -> bool:
        return self.near == self.far


SPARE = Link(None, "", -2, 0, 1)


@dataclass(frozen=True)
class Port:
    """Where the next piece of a chain attaches.

    Going E/W: `x` is the first column of the next piece on the near side, `y` the top row of the
    line. Going N/S: `x` is the left column of the line, `y` the first row on the near side.
    `touch` is the outer half of the piece before; `double` forbids turning on that piece; `spinner`
    says that piece is the spinner, whose sides belong to its other arms (a marker goes only in line).
    """

    d: str
    x: int
    y: int
    touch: Rect
    double: bool
    spinner: bool = False


@dataclass(frozen=True)
class Policy:
    """How a chain wheels: its first turn, the way it advances while snaking, and its state."""

    first_turn: str
    advance: str
    turned: bool = False
    last_run: str | None = None  # the last horizontal direction it ran

    def after(self, d: str, new_d: str) -> Policy:
        horizontal = new_d in "EW"
        return Policy(self.first_turn, self.advance, self.turned or d != new_d,
                      new_d if horizontal else self.last_run)


@dataclass(frozen=True)
class Tip:
    """Where a chain goes on: the port the next piece attaches to, and how the chain wheels."""

    port: Port
    policy: Policy


@dataclass(frozen=True)
class Run:
    """A chain as drawn: where it leaves the root (or the spinner), its tiles, and its tip after each."""

    end: str
    start: Tip
    links: tuple[Link, ...] = ()
    tips: tuple[Tip, ...] = ()

    @property
    def tip(self) -> Tip:
        return self.tips[-1] if self.tips else self.start

    def upto(self, count: int) -> Run:
        return Run(self.end, self.start, self.links[:count], self.tips[:count])

    def then(self, link: Link, tip: Tip) -> Run:
        return Run(self.end, self.start, self.links + (link,), self.tips + (tip,))


@dataclass(frozen=True)
class Chain:
    """The tiles from the root out to one open end, in the order they are laid."""

    end: str  # the open end this chain leads to, and its first direction
    links: tuple[Link, ...]
    pip: int | None  # the open end's pip, None while closed


def chains_of(layout: Layout) -> tuple[Link, list[Chain]]:
    """The root tile (the spinner if there is one) and the chains growing out of it, listed outward."""
    assert layout.lead is not None
    lead, arms, ends = layout.lead, layout.arms, layout.open_ends

    def outward(arm: EndName, start: int = 0) -> list[Link]:
        return [Link(p.tile, arm, i, p.inner, p.outer) for i, p in enumerate(arms[arm]) if i >= start]

    def inward(arm: EndName, stop: int) -> list[Link]:
        return [Link(p.tile, arm, i, p.outer, p.inner) for i, p in reversed(list(enumerate(arms[arm])))
                if i < stop]

    where = layout.spinner_arm if layout.spinner is not None else None
    if where is None or where == "lead":
        root = Link(lead, "lead", -1, lead.high, lead.low)
        lines: dict[EndName, list[Link]] = {"W": outward("W"), "E": outward("E")}
    elif where == "W":
        k = layout.spinner_index
        p = arms["W"][k]
        root = Link(p.tile, "W", k, p.inner, p.outer)
        lines = {"W": outward("W", k + 1),
                 "E": inward("W", k) + [Link(lead, "lead", -1, lead.high, lead.low)] + outward("E")}
    else:
        k = layout.spinner_index
        p = arms["E"][k]
        root = Link(p.tile, "E", k, p.inner, p.outer)
        lines = {"E": outward("E", k + 1),
                 "W": inward("E", k) + [Link(lead, "lead", -1, lead.low, lead.high)] + outward("W")}
    if where is not None:  # N and S exist from the spinner on, open or not: they need room too
        lines["N"], lines["S"] = outward("N"), outward("S")
    return root, [Chain(end, tuple(links), ends.get(end)) for end, links in lines.items()]


OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
_WHEEL = {True: {"W": "N", "N": "E", "E": "S", "S": "W"},
          False: {"W": "S", "S": "E", "E": "N", "N": "W"}}


def start_policy(end: str, clockwise: bool) -> Policy:
    """How the chain to `end` wheels at first: all chains turn the same way round the root."""
    first = _WHEEL[clockwise][end]
    return Policy(first, first if end in "EW" else OPPOSITE[end])


def spinner_tips(rect: Rect, clockwise: bool) -> dict[str, Tip]:
    """Where the N and S arms leave a standing spinner."""
    x, y, _, h = rect
    top, bottom = halves_of(rect, True)
    return {"N": Tip(Port("N", x, y - 1, top, True, True), start_policy("N", clockwise)),
            "S": Tip(Port("S", x, y + h, bottom, True, True), start_policy("S", clockwise))}


def double_to_come(layout: Layout, pip: int | None) -> bool:
    """The double of this open end's pip is not on the table yet."""
    return pip is not None and all(t.high != pip or t.low != pip for t in layout.tiles())
