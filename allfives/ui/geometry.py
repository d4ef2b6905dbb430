"""Where every tile of the layout sits on screen: arms from the spinner, corners, crosswise doubles.

A pure function of the engine's `Layout` and the board area; the board widget only draws what it
returns. The line W–E and the spinner's N and S arms each grow as a *chain* from the root (the
spinner, or the lead while there is none). A chain goes straight until the edge or another arm is in
the way, then turns a corner and snakes back, like a real table. A small depth-first search tries
the candidate places for each tile; a handful of plans (root position, which way the arms wheel,
spacing, glyph size) are tried in turn and the first that fits wins. The boxed tiles are tried
before the compact ones, so a board shows the largest tiles it has room for; the board widget passes
`largest` to keep a hand from switching back and forth between the two as it grows.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from allfives.engine import Layout, Tile

Rect = tuple[int, int, int, int]  # x, y, width, height


@dataclass(frozen=True)
class Glyphs:
    """Sizes of the drawn pieces: a lying tile, a standing tile and an open-end marker."""

    lying: tuple[int, int]
    standing: tuple[int, int]
    marker: tuple[int, int]


SMALL = Glyphs(lying=(5, 1), standing=(3, 2), marker=(3, 1))  # [5|3]   ┌5┐/└3┘
LARGE = Glyphs(lying=(9, 3), standing=(5, 5), marker=(5, 3))  # boxed tiles for roomy boards


@dataclass(frozen=True)
class TileSpot:
    """One tile on screen; `halves` are its pips in screen order, (left, right) or (top, bottom)."""

    tile: Tile
    arm: str  # "lead", "W", "E", "N", "S"
    index: int  # index in the arm, -1 for the lead
    x: int
    y: int
    width: int
    height: int
    vertical: bool  # standing (halves top/bottom) rather than lying (halves left/right)
    halves: tuple[int, int]
    spinner: bool

    @property
    def rect(self) -> Rect:
        return (self.x, self.y, self.width, self.height)

    def half_rects(self) -> tuple[Rect, Rect]:
        """The cells of each half, in the order of `halves`; a middle separator belongs to neither."""
        return _halves_of(self.rect, self.vertical)


@dataclass(frozen=True)
class EndSpot:
    """The clickable marker of an open end, where the next tile on that end would go."""

    end: str  # "W", "E", "N", "S"
    pip: int  # the value this end accepts
    x: int
    y: int
    width: int
    height: int

    @property
    def rect(self) -> Rect:
        return (self.x, self.y, self.width, self.height)

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height


@dataclass(frozen=True)
class BoardPicture:
    """The whole layout placed in a `width` x `height` area; `fits` is False if it overflowed."""

    tiles: tuple[TileSpot, ...]
    ends: tuple[EndSpot, ...]
    width: int
    height: int
    fits: bool
    glyphs: Glyphs  # the tile style it is drawn in

    def end_at(self, x: int, y: int) -> EndSpot | None:
        """The open-end marker under the cell (x, y), if any."""
        return next((end for end in self.ends if end.contains(x, y)), None)


def _halves_of(rect: Rect, vertical: bool) -> tuple[Rect, Rect]:
    x, y, w, h = rect
    if vertical:
        hh = h // 2
        return (x, y, w, hh), (x, y + h - hh, w, hh)
    hw = w // 2
    return (x, y, hw, h), (x + w - hw, y, hw, h)


# ---------------------------------------------------------------------------- chains from the root

@dataclass(frozen=True)
class _Link:
    tile: Tile
    arm: str
    index: int
    near: int  # the half that touches the tile before it in the chain
    far: int

    @property
    def double(self) -> bool:
        return self.near == self.far


@dataclass(frozen=True)
class _Chain:
    end: str  # the open end this chain leads to, and its first direction
    links: tuple[_Link, ...]
    pip: int | None  # the open end's pip, None if closed


def _chains(layout: Layout) -> tuple[_Link, list[_Chain]]:
    """The root tile and the chains growing out of it, each listed outward from the root."""
    assert layout.lead is not None
    lead, arms, ends = layout.lead, layout.arms, layout.open_ends

    def outward(arm: str, start: int = 0) -> list[_Link]:
        return [_Link(p.tile, arm, i, p.inner, p.outer) for i, p in enumerate(arms[arm]) if i >= start]

    def inward(arm: str, stop: int) -> list[_Link]:
        return [_Link(p.tile, arm, i, p.outer, p.inner) for i, p in reversed(list(enumerate(arms[arm])))
                if i < stop]

    where = layout.spinner_arm if layout.spinner is not None else None
    if where is None or where == "lead":
        root = _Link(lead, "lead", -1, lead.high, lead.low)
        lines = {"W": outward("W"), "E": outward("E")}
    elif where == "W":
        k = layout.spinner_index
        p = arms["W"][k]
        root = _Link(p.tile, "W", k, p.inner, p.outer)
        lines = {"W": outward("W", k + 1),
                 "E": inward("W", k) + [_Link(lead, "lead", -1, lead.high, lead.low)] + outward("E")}
    else:
        k = layout.spinner_index
        p = arms["E"][k]
        root = _Link(p.tile, "E", k, p.inner, p.outer)
        lines = {"E": outward("E", k + 1),
                 "W": inward("E", k) + [_Link(lead, "lead", -1, lead.low, lead.high)] + outward("W")}
    if where is not None:
        lines["N"], lines["S"] = outward("N"), outward("S")
    chains = [_Chain(end, tuple(links), ends.get(end)) for end, links in lines.items()
              if links or end in ends]
    # short chains first: they claim the room by the root, and the long ones go round them
    return root, sorted(chains, key=lambda chain: len(chain.links))


# ---------------------------------------------------------------------------- placing, step by step

_OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


@dataclass(frozen=True)
class _Port:
    """Where the next piece of a chain attaches.

    Going E/W: `x` is the first column of the next piece on the near side, `y` the top row of the
    line. Going N/S: `x` is the left column of the line, `y` the first row on the near side.
    `touch` is the outer half of the piece before; `double` forbids turning on that piece.
    """

    d: str
    x: int
    y: int
    touch: Rect
    double: bool


@dataclass(frozen=True)
class _Policy:
    """How a chain wheels: its first turn, the way it advances while snaking, and its state."""

    first_turn: str
    advance: str
    turned: bool = False
    last_run: str | None = None  # the last horizontal direction it ran

    def after(self, d: str, new_d: str) -> _Policy:
        horizontal = new_d in "EW"
        return _Policy(self.first_turn, self.advance, self.turned or d != new_d,
                       new_d if horizontal else self.last_run)


@dataclass(frozen=True)
class _Move:
    rect: Rect
    vertical: bool
    halves: tuple[int, int]
    port: _Port
    turn: str  # the direction the chain leaves this tile by


class _Placer:
    def __init__(self, glyphs: Glyphs, width: int, height: int, spaced: bool, budget: int) -> None:
        self.g = glyphs
        self.width, self.height = width, height
        self.spaced = spaced
        self.budget = budget
        self.grid = [[-1] * width for _ in range(height)]

    # -- the cells
    def free(self, rect: Rect, owner: int, near_root: bool) -> bool:
        x, y, w, h = rect
        if x < 0 or y < 0 or x + w > self.width or y + h > self.height:
            return False
        grid = self.grid
        for row in grid[y:y + h]:
            for cell in row[x:x + w]:
                if cell != -1:
                    return False
        if self.spaced:  # keep a blank cell between different arms (corners may meet, as at the root)
            rim = [(xx, yy) for yy in (y - 1, y + h) for xx in range(x, x + w)]
            rim += [(xx, yy) for xx in (x - 1, x + w) for yy in range(y, y + h)]
            for xx, yy in rim:
                if 0 <= xx < self.width and 0 <= yy < self.height:
                    cell = grid[yy][xx]
                    if cell not in (-1, owner) and not (near_root and cell == _ROOT):
                        return False
        return True

    def mark(self, rect: Rect, owner: int) -> None:
        x, y, w, h = rect
        for row in self.grid[y:y + h]:
            row[x:x + w] = [owner] * w

    # -- candidate places for the next tile of a chain
    def moves(self, port: _Port, link: _Link, policy: _Policy) -> Iterator[_Move]:
        d = port.d
        if link.double:
            yield from self._double(port, link, policy)
            return
        if d in "EW":
            order = [(d, "straight"), (policy.advance, "beside"), (_OPPOSITE[policy.advance], "beside")]
        elif not policy.turned:
            t = policy.first_turn
            order = [(d, "straight"), (t, "below"), (_OPPOSITE[t], "below")]
        else:
            back = _OPPOSITE[policy.last_run or policy.first_turn]
            order = [(back, "below"), (d, "straight"), (_OPPOSITE[back], "below")]
        for new_d, _how in order:
            yield self._single(port, link, new_d)

    def _single(self, port: _Port, link: _Link, new_d: str) -> _Move:
        (lw, lh), (sw, sh) = self.g.lying, self.g.standing
        d, x, y = port.d, port.x, port.y
        near, far = link.near, link.far
        if d in "EW":
            if new_d == d:  # lying on, in line
                rect = (x, y, lw, lh) if d == "E" else (x - lw + 1, y, lw, lh)
                halves = (near, far) if d == "E" else (far, near)
                outer = _halves_of(rect, False)[1 if d == "E" else 0]
                return _Move(rect, False, halves, _Port(d, x + lw if d == "E" else x - lw, y, outer, False),
                             d)
            # a corner: standing beside the last tile, leaving up or down
            tx = x if d == "E" else x - sw + 1
            if new_d == "S":
                rect = (tx, y, sw, sh)
                bottom = _halves_of(rect, True)[1]
                return _Move(rect, True, (near, far), _Port("S", tx, y + sh, bottom, False), "S")
            rect = (tx, y + lh - sh, sw, sh)
            top = _halves_of(rect, True)[0]
            return _Move(rect, True, (far, near), _Port("N", tx, rect[1] - 1, top, False), "N")
        if new_d == d:  # standing on, in line
            rect = (x, y, sw, sh) if d == "S" else (x, y - sh + 1, sw, sh)
            halves = (near, far) if d == "S" else (far, near)
            outer = _halves_of(rect, True)[1 if d == "S" else 0]
            return _Move(rect, True, halves, _Port(d, x, y + sh if d == "S" else y - sh, outer, False), d)
        # a corner: lying across the line's end ("below") or beside the last tile's outer half
        ry = y if d == "S" else y - lh + 1
        rect = (x + sw - lw if new_d == "W" else x, ry, lw, lh)
        return self._lying_turn(rect, link, new_d)

    def _lying_turn(self, rect: Rect, link: _Link, new_d: str) -> _Move:
        left, right = _halves_of(rect, False)
        if new_d == "W":
            return _Move(rect, False, (link.far, link.near),
                         _Port("W", rect[0] - 1, rect[1], left, False), "W")
        return _Move(rect, False, (link.near, link.far),
                     _Port("E", rect[0] + rect[2], rect[1], right, False), "E")

    def beside_turn(self, port: _Port, link: _Link, new_d: str) -> _Move:
        (lw, lh), (sw, _) = self.g.lying, self.g.standing
        tx, ty, _, th = port.touch
        ry = ty + th - lh if port.d == "S" else ty
        rect = (port.x - lw, ry, lw, lh) if new_d == "W" else (port.x + sw, ry, lw, lh)
        return self._lying_turn(rect, link, new_d)

    def _double(self, port: _Port, link: _Link, policy: _Policy) -> Iterator[_Move]:
        (lw, lh), (sw, sh) = self.g.lying, self.g.standing
        d, x, y, p = port.d, port.x, port.y, link.near
        if d in "EW":
            tx = x if d == "E" else x - sw + 1
            rows = [y, y + lh - sh, y + (lh - sh) // 2]
            if policy.advance == "S":
                rows.reverse()
            for ty in dict.fromkeys(rows):
                rect = (tx, ty, sw, sh)
                yield _Move(rect, True, (p, p), _Port(d, x + sw if d == "E" else x - sw, y, rect, True), d)
            return
        rect = (x - (lw - sw) // 2, y if d == "S" else y - lh + 1, lw, lh)
        yield _Move(rect, False, (p, p), _Port(d, x, y + lh if d == "S" else y - lh, rect, True), d)

    # -- candidate places for an open-end marker
    def marker_rects(self, port: _Port) -> Iterator[Rect]:
        (_, lh), (sw, _), (mw, mh) = self.g.lying, self.g.standing, self.g.marker
        d, x, y = port.d, port.x, port.y
        tx, ty, tw, th = port.touch
        if d in "EW":
            my = y + (lh - mh) // 2
            yield (x, my, mw, mh) if d == "E" else (x - mw + 1, my, mw, mh)
            mx = tx + tw - mw if d == "E" else tx
            yield (mx, ty - mh, mw, mh)
            yield (mx, ty + th, mw, mh)
        else:
            mx = x + (sw - mw) // 2
            yield (mx, y, mw, mh) if d == "S" else (mx, y - mh + 1, mw, mh)
            my = ty + (th - mh) // 2
            yield (tx - mw, my, mw, mh)
            yield (tx + tw, my, mw, mh)


_ROOT = 9


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True)
class _Plan:
    glyphs: Glyphs
    spaced: bool
    clockwise: bool
    dx: int
    dy: int
    line_low: bool  # the W–E line runs along the spinner's lower half rather than its upper


_WHEEL = {True: {"W": "N", "N": "E", "E": "S", "S": "W"},
          False: {"W": "S", "S": "E", "E": "N", "N": "W"}}


def _place(layout: Layout, plan: _Plan, width: int, height: int, budget: int
           ) -> tuple[list[TileSpot], list[EndSpot]] | None:
    """One attempt: the spots for every tile and open end, or None if this plan does not fit."""
    g = plan.glyphs
    (lw, lh), (sw, sh) = g.lying, g.standing
    root, chains = _chains(layout)
    placer = _Placer(g, width, height, plan.spaced, budget)
    standing_root = root.double
    rw, rh = (sw, sh) if standing_root else (lw, lh)
    rx = (width - rw) // 2 + plan.dx
    ry = (height - rh) // 2 + plan.dy
    root_rect = (rx, ry, rw, rh)
    if not placer.free(root_rect, _ROOT, True):
        return None
    placer.mark(root_rect, _ROOT)
    root_spot = TileSpot(root.tile, root.arm, root.index, rx, ry, rw, rh, standing_root,
                         (root.near, root.far), layout.spinner is not None and root.double)
    top, bottom = _halves_of(root_rect, standing_root)
    if standing_root:
        line_y = ry + sh - lh if plan.line_low else ry
        ports = {"W": _Port("W", rx - 1, line_y, root_rect, True),
                 "E": _Port("E", rx + rw, line_y, root_rect, True),
                 "N": _Port("N", rx, ry - 1, top, True),
                 "S": _Port("S", rx, ry + rh, bottom, True)}
    else:
        ports = {"W": _Port("W", rx - 1, ry, top, False), "E": _Port("E", rx + rw, ry, bottom, False)}
    wheel = _WHEEL[plan.clockwise]
    tiles: list[TileSpot] = [root_spot]
    ends: list[EndSpot] = []
    nodes = 0

    def policy_for(end: str) -> _Policy:
        first = wheel[end]
        return _Policy(first, first if end in "EW" else _OPPOSITE[end])

    def grow(ci: int, li: int, port: _Port, policy: _Policy) -> bool:
        nonlocal nodes
        if ci == len(chains):
            return True
        chain = chains[ci]
        if li == len(chain.links):
            if chain.pip is None:
                return start(ci + 1)
            for rect in placer.marker_rects(port):
                nodes += 1
                if nodes > budget:
                    raise _OutOfBudget
                if placer.free(rect, ci, li == 0):
                    placer.mark(rect, ci)
                    ends.append(EndSpot(chain.end, chain.pip, *rect))
                    if start(ci + 1):
                        return True
                    ends.pop()
                    placer.mark(rect, -1)
            return False
        link = chain.links[li]
        candidates = list(placer.moves(port, link, policy))
        if port.d in "NS" and not link.double and not port.double and not plan.spaced:
            candidates = _with_beside(candidates, placer, port, link, policy)
        for move in candidates:
            nodes += 1
            if nodes > budget:
                raise _OutOfBudget
            if not placer.free(move.rect, ci, li == 0):
                continue
            placer.mark(move.rect, ci)
            tiles.append(TileSpot(link.tile, link.arm, link.index, *move.rect, move.vertical, move.halves,
                                  False))
            if grow(ci, li + 1, move.port, policy.after(port.d, move.turn)):
                return True
            tiles.pop()
            placer.mark(move.rect, -1)
        return False

    def start(ci: int) -> bool:
        if ci == len(chains):
            return True
        end = chains[ci].end
        return grow(ci, 0, ports[end], policy_for(end))

    try:
        return (tiles, ends) if start(0) else None
    except _OutOfBudget:
        return None


def _with_beside(candidates: list[_Move], placer: _Placer, port: _Port, link: _Link,
                 policy: _Policy) -> list[_Move]:
    """Tight boards also turn a vertical line beside its last tile, saving a row."""
    out: list[_Move] = []
    for move in candidates:
        out.append(move)
        if move.turn in "EW" and move.turn != port.d:
            out.append(placer.beside_turn(port, link, move.turn))
    return out


_CRAMPED_SHIFTS = 3  # root shifts tried for boxed tiles without spacing before going compact


def _plans(layout: Layout, largest: Glyphs) -> Iterator[_Plan]:
    arms = layout.arms
    # lean the root away from the longer of W and E
    lean = (len(arms["W"]) - len(arms["E"])) * 2
    shifts = sorted({0, lean, lean // 2, 5, -5, 10, -10, 15, -15, 20, -20},
                    key=lambda s: (abs(s - lean), abs(s)))
    sizes = [LARGE, SMALL] if largest is LARGE else [SMALL]
    for glyphs in sizes:
        for spaced in (True, False):
            # spacing and boxed tiles are a luxury: only a few tries before the next, tighter kind.
            # When spacing fits at all it fits at once; a cramped boxed board gets a short search
            # (the root near the middle), since the compact tiles always fit and cost far less.
            few = spaced
            cramped = glyphs is LARGE and not spaced
            for dy in (0,) if few or cramped else (0, -1, 1, -2, 2):
                for clockwise in (True, False):
                    for dx in shifts[:1] if few else shifts[:_CRAMPED_SHIFTS] if cramped else shifts:
                        for line_low in (False, True):
                            yield _Plan(glyphs, spaced, clockwise, dx, dy, line_low)


def _budget(plan: _Plan) -> int:
    return 300 if plan.spaced or plan.glyphs is LARGE else 600


def layout_board(layout: Layout, width: int, height: int, largest: Glyphs = LARGE) -> BoardPicture:
    """Place every tile of `layout` and a marker for each open end inside a width x height area.

    The tiles are as large as fits, but never larger than `largest`: pass SMALL to keep a board
    that has gone compact from going back to boxed tiles (and forth again) a move later.
    """
    if layout.lead is None:
        return BoardPicture((), (), width, height, True, largest)
    if width > 0 and height > 0:
        for plan in _plans(layout, largest):
            placed = _place(layout, plan, width, height, budget=_budget(plan))
            if placed is not None:
                tiles, ends = placed
                return BoardPicture(tuple(tiles), _in_end_order(ends), width, height, True, plan.glyphs)
    # it does not fit: lay it out in compact tiles on a bigger table, centred on this one, and say so
    for grow in range(1, 20):
        big_w, big_h = max(width, 1) + 10 * grow, max(height, 1) + 4 * grow
        for plan in _plans(layout, SMALL):
            placed = _place(layout, plan, big_w, big_h, budget=600)
            if placed is not None:
                tiles, ends = placed
                ox, oy = (big_w - width) // 2, (big_h - height) // 2
                return BoardPicture(
                    tuple(_moved(t, -ox, -oy) for t in tiles),
                    _in_end_order([EndSpot(e.end, e.pip, e.x - ox, e.y - oy, e.width, e.height)
                                   for e in ends]),
                    width, height, False, SMALL)
    raise AssertionError("a layout of at most 28 tiles always fits a big enough table")


def _moved(spot: TileSpot, dx: int, dy: int) -> TileSpot:
    return TileSpot(spot.tile, spot.arm, spot.index, spot.x + dx, spot.y + dy, spot.width, spot.height,
                    spot.vertical, spot.halves, spot.spinner)


def _in_end_order(ends: list[EndSpot]) -> tuple[EndSpot, ...]:
    order = "WENS"
    return tuple(sorted(ends, key=lambda e: order.index(e.end)))
