"""Where every tile of the layout sits on screen, and how the board grows without moving what is down.

A pure function of the engine's `Layout`, the board area and the picture drawn before it; the board
widget only draws what it returns. The line W–E and the spinner's N and S arms each grow as a *chain*
from the root (the lead, or the spinner). A chain goes straight until the edge or another arm is in
the way, then turns a corner, runs along the edge and snakes back, like a real table; doubles lie
across it.

A tile on the table stays where it is. Given the picture before the play, `layout_board` only finds a
place for the new tile at the tip of its chain, keeping room there for `ROOM` more tiles (and for the
double of the end's pip, if it is still to come) when it can: that room is reserved, not drawn, so a
chain turns its corner before it runs into a wall. Only if the tile cannot go on does it lay out
again, as little as possible: the last tiles of that chain, then every chain around the root where it
stands, then the whole board; compact tiles when boxed ones would leave no room to grow. A spinner that
cannot go on where its chain ends has the board laid out afresh round it. Each step is a small
depth-first search over the candidate places of each tile. A new hand or a new size starts afresh; a
play taken back finds the picture it had.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field

from allfives.engine import Layout, Tile

Rect = tuple[int, int, int, int]  # x, y, width, height


@dataclass(frozen=True)
class Glyphs:
    """Sizes of the drawn pieces: a lying tile, a standing tile and an open-end marker."""

    lying: tuple[int, int]
    standing: tuple[int, int]
    marker: tuple[int, int]


SMALL = Glyphs(lying=(5, 1), standing=(3, 2), marker=(4, 1))  # ▐5│3▌   ▗5▖/▝3▘   ‹W5›
LARGE = Glyphs(lying=(9, 3), standing=(5, 5), marker=(5, 3))  # boxed tiles for roomy boards

ROOM = 2  # tiles' worth of room kept free at the tip of a chain being laid, while there is any


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

    @property
    def key(self) -> tuple[str, int]:
        return (self.arm, self.index)

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


# ---------------------------------------------------------------------------- chains from the root

@dataclass(frozen=True)
class _Link:
    tile: Tile | None  # None: a spare, room for a tile not played yet
    arm: str
    index: int
    near: int  # the half that touches the tile before it in the chain
    far: int

    @property
    def double(self) -> bool:
        return self.near == self.far


_SPARE = _Link(None, "", -2, 0, 1)


@dataclass(frozen=True)
class _Port:
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
class _Tip:
    """Where a chain goes on: the port the next piece attaches to, and how the chain wheels."""

    port: _Port
    policy: _Policy


@dataclass(frozen=True)
class _Run:
    """A chain as drawn: where it leaves the root (or the spinner), its tiles, and its tip after each."""

    end: str
    start: _Tip
    links: tuple[_Link, ...] = ()
    tips: tuple[_Tip, ...] = ()

    @property
    def tip(self) -> _Tip:
        return self.tips[-1] if self.tips else self.start

    def upto(self, count: int) -> _Run:
        return _Run(self.end, self.start, self.links[:count], self.tips[:count])

    def then(self, link: _Link, tip: _Tip) -> _Run:
        return _Run(self.end, self.start, self.links + (link,), self.tips + (tip,))


@dataclass(frozen=True)
class BoardPicture:
    """The whole layout placed in a `width` x `height` area; `fits` is False if it overflowed.

    `runs` and `clockwise` say how each chain was drawn, so the next play can go on from its tip;
    `held` keeps room for the spinner's closed ends; `before` is the picture this one grew from (an
    undone play finds its picture again there).
    """

    tiles: tuple[TileSpot, ...]
    ends: tuple[EndSpot, ...]
    width: int
    height: int
    fits: bool
    glyphs: Glyphs  # the tile style it is drawn in
    runs: tuple[_Run, ...] = ()
    held: tuple[EndSpot, ...] = ()  # room kept for the markers of N and S while they are closed
    clockwise: bool = True
    before: BoardPicture | None = field(default=None, compare=False, repr=False)

    def end_at(self, x: int, y: int) -> EndSpot | None:
        """The open-end marker under the cell (x, y), if any."""
        return next((end for end in self.ends if end.contains(x, y)), None)

    def moved_from(self, other: BoardPicture) -> bool:
        """Some tile of `other` is drawn elsewhere here (moved, turned or resized)."""
        spots = {t.key: t for t in self.tiles}
        return any(spots.get(t.key) != t for t in other.tiles)

    def reshaped_from(self, other: BoardPicture) -> bool:
        """The tiles of `other` are not all where they were, shifted alike: the board changed shape."""
        spots = {t.key: t for t in self.tiles}
        if not other.tiles or any(t.key not in spots for t in other.tiles):
            return True
        first = other.tiles[0]
        dx, dy = spots[first.key].x - first.x, spots[first.key].y - first.y
        return any(spots[t.key] != _moved(t, dx, dy) for t in other.tiles)


def _halves_of(rect: Rect, vertical: bool) -> tuple[Rect, Rect]:
    x, y, w, h = rect
    if vertical:
        hh = h // 2
        return (x, y, w, hh), (x, y + h - hh, w, hh)
    hw = w // 2
    return (x, y, hw, h), (x + w - hw, y, hw, h)


@dataclass(frozen=True)
class _Chain:
    end: str  # the open end this chain leads to, and its first direction
    links: tuple[_Link, ...]
    pip: int | None  # the open end's pip, None while closed


def _chains(layout: Layout) -> tuple[_Link, list[_Chain]]:
    """The root tile (the spinner if there is one) and the chains growing out of it, listed outward."""
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
    if where is not None:  # N and S exist from the spinner on, open or not: they need room too
        lines["N"], lines["S"] = outward("N"), outward("S")
    return root, [_Chain(end, tuple(links), ends.get(end)) for end, links in lines.items()]


# ---------------------------------------------------------------------------- the cells of the board

_OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
_OWNER = {"W": 0, "E": 1, "N": 2, "S": 3}
_ROOT = 4  # the root and the spinner: every chain may touch them


class _Cells:
    """Which cells are taken, as a bit mask per row: all of them, per owner (a chain or the root), and
    the open-end markers (a chain's spare room may lie over its own marker)."""

    def __init__(self, width: int, height: int, spaced: bool) -> None:
        self.width, self.height = width, height
        self.spaced = spaced  # keep a blank cell between different chains (corners may meet)
        self.taken = [0] * height
        self.owned = [[0] * height for _ in range(5)]
        self.markers = [[0] * height for _ in range(5)]

    def free(self, rect: Rect, owner: int, near_root: bool, spare: bool = False) -> bool:
        x, y, w, h = rect
        if x < 0 or y < 0 or x + w > self.width or y + h > self.height:
            return False
        bits = ((1 << w) - 1) << x
        taken = self.taken
        mine = self.markers[owner]
        for row in range(y, y + h):
            if taken[row] & bits & ~(mine[row] if spare else 0):
                return False
        if self.spaced:
            own, root = self.owned[owner], self.owned[_ROOT]
            sides = ((bits << 1) | (bits >> 1)) & ~bits
            for row in range(max(y - 1, 0), min(y + h + 1, self.height)):
                others = taken[row] & ~own[row]
                if near_root:
                    others &= ~root[row]
                if others & (bits if row in (y - 1, y + h) else sides):
                    return False
        return True

    def mark(self, rect: Rect, owner: int, marker: bool = False) -> None:
        x, y, w, h = rect
        bits = ((1 << w) - 1) << x
        for row in range(y, y + h):
            self.taken[row] |= bits
            self.owned[owner][row] |= bits
            if marker:
                self.markers[owner][row] |= bits

    def clear(self, rect: Rect, owner: int) -> None:
        x, y, w, h = rect
        bits = ~(((1 << w) - 1) << x)
        for row in range(y, y + h):
            self.taken[row] &= bits
            self.owned[owner][row] &= bits
            self.markers[owner][row] &= bits

    def reserve(self, rect: Rect, owner: int) -> list[tuple[int, int]]:
        """Take the free cells of `rect` as spare room; returns what was taken, for `release`."""
        x, y, w, h = rect
        bits = ((1 << w) - 1) << x
        taken = []
        for row in range(y, y + h):
            new = bits & ~self.taken[row]
            self.taken[row] |= new
            self.owned[owner][row] |= new
            taken.append((row, new))
        return taken

    def release(self, taken: list[tuple[int, int]], owner: int) -> None:
        for row, bits in taken:
            self.taken[row] &= ~bits
            self.owned[owner][row] &= ~bits


# ---------------------------------------------------------------------------- candidate places

@dataclass(frozen=True)
class _Move:
    rect: Rect
    vertical: bool
    halves: tuple[int, int]
    port: _Port
    turn: str  # the direction the chain leaves this tile by


class _Shapes:
    """The candidate places of the next piece of a chain, for one tile style."""

    def __init__(self, glyphs: Glyphs) -> None:
        self.g = glyphs

    def moves(self, port: _Port, link: _Link, policy: _Policy, spinner: bool, tight: bool) -> Iterator[_Move]:
        """Straight on first, then the corners in the order the chain wheels. The spinner only stands
        across a W–E line (its N and S arms go up and down); `tight` adds corners beside the last tile."""
        d = port.d
        if link.double:
            if not (spinner and d in "NS"):
                yield from self._double(port, link, policy, spinner)
            return
        if d in "EW":
            order = (d, policy.advance, _OPPOSITE[policy.advance])
        elif not policy.turned:
            order = (d, policy.first_turn, _OPPOSITE[policy.first_turn])
        else:  # along the edge it turned at, then back the way it came
            back = _OPPOSITE[policy.last_run or policy.first_turn]
            order = (d, back, _OPPOSITE[back])
        for new_d in order:
            yield self._single(port, link, new_d)
            if tight and d in "NS" and not port.double and new_d in "EW":
                yield self._beside_turn(port, link, new_d)

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
        # a corner: lying across the line's end
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

    def _beside_turn(self, port: _Port, link: _Link, new_d: str) -> _Move:
        """Lying beside the last tile's outer half rather than across the line's end: saves a row."""
        (lw, lh), (sw, _) = self.g.lying, self.g.standing
        tx, ty, _, th = port.touch
        ry = ty + th - lh if port.d == "S" else ty
        rect = (port.x - lw, ry, lw, lh) if new_d == "W" else (port.x + sw, ry, lw, lh)
        return self._lying_turn(rect, link, new_d)

    def _double(self, port: _Port, link: _Link, policy: _Policy, spinner: bool) -> Iterator[_Move]:
        (lw, lh), (sw, sh) = self.g.lying, self.g.standing
        d, x, y, p = port.d, port.x, port.y, link.near
        if d in "EW":
            tx = x if d == "E" else x - sw + 1
            rows = [y, y + lh - sh, y + (lh - sh) // 2]
            if policy.advance == "S":
                rows.reverse()
            for ty in dict.fromkeys(rows):
                rect = (tx, ty, sw, sh)
                after = _Port(d, x + sw if d == "E" else x - sw, y, rect, True, spinner)
                yield _Move(rect, True, (p, p), after, d)
            return
        rect = (x - (lw - sw) // 2, y if d == "S" else y - lh + 1, lw, lh)
        yield _Move(rect, False, (p, p), _Port(d, x, y + lh if d == "S" else y - lh, rect, True), d)

    def marker_rects(self, port: _Port) -> Iterator[Rect]:
        """Where an open end's marker may go: where the next tile would, or beside the outer half."""
        (_, lh), (sw, _), (mw, mh) = self.g.lying, self.g.standing, self.g.marker
        d, x, y = port.d, port.x, port.y
        tx, ty, tw, th = port.touch
        if d in "EW":
            my = y + (lh - mh) // 2
            yield (x, my, mw, mh) if d == "E" else (x - mw + 1, my, mw, mh)
            if port.spinner:
                return
            mx = tx + tw - mw if d == "E" else tx
            yield (mx, ty - mh, mw, mh)
            yield (mx, ty + th, mw, mh)
        else:
            mx = x + (sw - mw) // 2
            yield (mx, y, mw, mh) if d == "S" else (mx, y - mh + 1, mw, mh)
            if port.spinner:
                return
            my = ty + (th - mh) // 2
            yield (tx - mw, my, mw, mh)
            yield (tx + tw, my, mw, mh)


_WHEEL = {True: {"W": "N", "N": "E", "E": "S", "S": "W"},
          False: {"W": "S", "S": "E", "E": "N", "N": "W"}}


def _start_policy(end: str, clockwise: bool) -> _Policy:
    first = _WHEEL[clockwise][end]
    return _Policy(first, first if end in "EW" else _OPPOSITE[end])


def _spinner_tips(rect: Rect, clockwise: bool) -> dict[str, _Tip]:
    """Where the N and S arms leave a standing spinner."""
    x, y, _, h = rect
    top, bottom = _halves_of(rect, True)
    return {"N": _Tip(_Port("N", x, y - 1, top, True, True), _start_policy("N", clockwise)),
            "S": _Tip(_Port("S", x, y + h, bottom, True, True), _start_policy("S", clockwise))}


# ---------------------------------------------------------------------------- laying chains

class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True)
class _Job:
    """A chain to lay: from the end of `run` (None: from a spinner laid in the same search) go on with
    `links`, then put the end's marker (if it is open) and keep room for `spares` more tiles."""

    end: str
    run: _Run | None
    links: tuple[_Link, ...]
    pip: int | None
    spares: int
    double: bool = False  # the double of `pip` is still to come: keep room for it to lie across


@dataclass
class _Laid:
    tiles: list[TileSpot]
    ends: list[EndSpot]
    held: list[EndSpot]
    runs: dict[str, _Run]


def _lay(cells: _Cells, shapes: _Shapes, jobs: list[_Job], spinner: Tile | None, clockwise: bool,
         budget: int) -> _Laid | None:
    """Every job's tiles and markers first, then their spare room; None if they do not all fit."""
    spinner_id = spinner.id if spinner is not None else -1
    laid = _Laid([], [], [], {})
    spawned: dict[str, _Tip] = {}
    nodes = 0
    tight = not cells.spaced

    def tick() -> None:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise _OutOfBudget

    def near_root(run: _Run) -> bool:
        return not run.links or (run.links[-1].tile is not None and run.links[-1].tile.id == spinner_id)

    def chain(ji: int) -> bool:
        if ji == len(jobs):
            return room(0)
        job = jobs[ji]
        return grow(ji, 0, job.run if job.run is not None else _Run(job.end, spawned[job.end]))

    def grow(ji: int, li: int, run: _Run) -> bool:
        job = jobs[ji]
        owner = _OWNER[job.end]
        tip = run.tip
        near = near_root(run)
        if li == len(job.links):
            laid.runs[job.end] = run
            markers = laid.ends if job.pip is not None else laid.held  # a closed end: room for it
            for rect in shapes.marker_rects(tip.port):
                tick()
                if cells.free(rect, owner, near):
                    cells.mark(rect, owner, marker=True)
                    markers.append(EndSpot(job.end, -1 if job.pip is None else job.pip, *rect))
                    if chain(ji + 1):
                        return True
                    markers.pop()
                    cells.clear(rect, owner)
            return False
        link = job.links[li]
        assert link.tile is not None
        is_spinner = link.tile.id == spinner_id
        for move in shapes.moves(tip.port, link, tip.policy, is_spinner, tight):
            tick()
            if not cells.free(move.rect, owner, near):
                continue
            cells.mark(move.rect, _ROOT if is_spinner else owner)
            laid.tiles.append(TileSpot(link.tile, link.arm, link.index, *move.rect, move.vertical,
                                       move.halves, is_spinner))
            if is_spinner:
                spawned.update(_spinner_tips(move.rect, clockwise))
            if grow(ji, li + 1, run.then(link, _Tip(move.port, tip.policy.after(tip.port.d, move.turn)))):
                return True
            laid.tiles.pop()
            cells.clear(move.rect, _ROOT if is_spinner else owner)
        return False

    def room(ji: int) -> bool:
        if ji == len(jobs):
            return True
        job = jobs[ji]
        run = laid.runs[job.end]
        if job.double and not double_fits(job, run.tip, near_root(run)):
            return False
        return spare(ji, job.spares, run.tip, near_root(run))

    def double_fits(job: _Job, tip: _Tip, near: bool) -> bool:
        """The end's double could lie across its tip with the chain going on past it (and, were it the
        spinner, its N and S arms starting)."""
        owner = _OWNER[job.end]
        assert job.pip is not None
        double = _Link(None, "", -2, job.pip, job.pip)
        for move in shapes.moves(tip.port, double, tip.policy, spinner is None, tight):
            tick()
            if not cells.free(move.rect, owner, near, spare=True):
                continue
            after = [next(shapes.marker_rects(move.port))]
            if spinner is None:
                arms = _spinner_tips(move.rect, clockwise).values()
                after += [next(shapes.marker_rects(t.port)) for t in arms]
            if all(cells.free(rect, owner, True, spare=True) for rect in after):
                return True
        return False

    def spare(ji: int, left: int, tip: _Tip, near: bool) -> bool:
        if left == 0:
            return room(ji + 1)
        owner = _OWNER[jobs[ji].end]
        for move in shapes.moves(tip.port, _SPARE, tip.policy, False, tight):
            tick()
            if not cells.free(move.rect, owner, near, spare=True):
                continue
            taken = cells.reserve(move.rect, owner)
            if spare(ji, left - 1, _Tip(move.port, tip.policy.after(tip.port.d, move.turn)), False):
                return True
            cells.release(taken, owner)
        return False

    try:
        return laid if chain(0) else None
    except _OutOfBudget:
        return None


def _in_end_order(ends: list[EndSpot]) -> tuple[EndSpot, ...]:
    order = "WENS"
    return tuple(sorted(ends, key=lambda e: order.index(e.end)))


def _in_table_order(tiles: list[TileSpot]) -> tuple[TileSpot, ...]:
    order = ("lead", "W", "E", "N", "S")
    return tuple(sorted(tiles, key=lambda t: (order.index(t.arm), t.index)))


# ---------------------------------------------------------------------------- a fresh board

@dataclass(frozen=True)
class _Plan:
    glyphs: Glyphs
    spaced: bool
    clockwise: bool
    dx: int
    dy: int
    line_low: bool  # the W–E line runs along the spinner's lower half rather than its upper
    spares: int


_CRAMPED_SHIFTS = 3  # root shifts tried for boxed tiles without spacing before going compact
_OVERFLOW_PLANS = 12  # plans tried on each size of table bigger than the board's area


def _plans(layout: Layout, largest: Glyphs, growing: bool = False) -> Iterator[_Plan]:
    """The plans for a whole board, best first: the largest tiles that fit, with room to grow if they can.

    A board laid out again while its hand is `growing` rather takes compact tiles with room to grow
    than boxed ones packed tight: those would soon need laying out again.
    """
    arms = layout.arms
    # lean the root away from the longer of W and E
    lean = (len(arms["W"]) - len(arms["E"])) * 2
    shifts = sorted({0, lean, lean // 2, 5, -5, 10, -10, 15, -15, 20, -20},
                    key=lambda s: (abs(s - lean), abs(s)))

    def roomy(glyphs: Glyphs, spares: int) -> Iterator[_Plan]:  # a few tries: room is there or not
        for spaced, clockwise in ((True, True), (True, False), (False, True))[:3 if spares == ROOM else 1]:
            yield _Plan(glyphs, spaced, clockwise, shifts[0], 0, False, spares)

    def tight(glyphs: Glyphs) -> Iterator[_Plan]:
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
                            yield _Plan(glyphs, spaced, clockwise, dx, dy, line_low, 0)

    if largest is LARGE:
        yield from roomy(LARGE, ROOM)
        yield from roomy(LARGE, 1)
        if not growing:
            yield from tight(LARGE)
    yield from roomy(SMALL, ROOM)
    yield from tight(SMALL)


def _budget(plan: _Plan) -> int:
    return 200 if plan.spares else 300 if plan.spaced or plan.glyphs is LARGE else 600


def _fresh_attempt(layout: Layout, plan: _Plan, width: int, height: int) -> BoardPicture | None:
    """One plan for a whole board: the picture, or None if it does not fit."""
    g = plan.glyphs
    (lw, lh), (sw, sh) = g.lying, g.standing
    root, chains = _chains(layout)
    cells = _Cells(width, height, plan.spaced)
    standing = root.double
    rw, rh = (sw, sh) if standing else (lw, lh)
    rx = (width - rw) // 2 + plan.dx
    ry = (height - rh) // 2 + plan.dy
    root_rect = (rx, ry, rw, rh)
    if not cells.free(root_rect, _ROOT, True):
        return None
    cells.mark(root_rect, _ROOT)
    root_spot = TileSpot(root.tile, root.arm, root.index, rx, ry, rw, rh, standing, (root.near, root.far),
                         layout.spinner is not None and root.double)
    left, right = _halves_of(root_rect, standing)
    if standing:
        line_y = ry + sh - lh if plan.line_low else ry
        spinner = layout.spinner is not None
        ports = {"W": _Port("W", rx - 1, line_y, root_rect, True, spinner),
                 "E": _Port("E", rx + rw, line_y, root_rect, True, spinner)}
        ports.update({end: tip.port for end, tip in _spinner_tips(root_rect, plan.clockwise).items()})
    else:
        ports = {"W": _Port("W", rx - 1, ry, left, False), "E": _Port("E", rx + rw, ry, right, False)}
    # short chains first: they claim the room by the root, and the long ones go round them
    jobs = [_Job(c.end, _Run(c.end, _Tip(ports[c.end], _start_policy(c.end, plan.clockwise))), c.links,
                 c.pip, plan.spares, plan.spares > 0 and _double_to_come(layout, c.pip))
            for c in sorted(chains, key=lambda c: len(c.links))]
    laid = _lay(cells, _Shapes(g), jobs, layout.spinner, plan.clockwise, _budget(plan))
    if laid is None:
        return None
    return BoardPicture(_in_table_order([root_spot, *laid.tiles]), _in_end_order(laid.ends), width, height,
                        True, g, tuple(laid.runs[c.end] for c in chains), _in_end_order(laid.held),
                        plan.clockwise)


def _fresh(layout: Layout, width: int, height: int, largest: Glyphs,
           before: BoardPicture | None) -> BoardPicture:
    """The whole board laid out anew, in the largest tiles that fit (never larger than `largest`)."""
    if width > 0 and height > 0:
        for plan in _plans(layout, largest, growing=before is not None):
            picture = _fresh_attempt(layout, plan, width, height)
            if picture is not None:
                return _with_before(picture, before)
    # it does not fit: lay it out in compact tiles on the smallest bigger table that holds it, and say so
    # (the board scrolls over it)
    for grow in range(1, 20):
        big_w, big_h = max(width, 1) + 10 * grow, max(height, 1) + 4 * grow
        for plan in itertools.islice(_plans(layout, SMALL), _OVERFLOW_PLANS):
            picture = _fresh_attempt(layout, plan, big_w, big_h)
            if picture is not None:
                return BoardPicture(picture.tiles, picture.ends, big_w, big_h, False, SMALL)
    raise AssertionError("a layout of at most 28 tiles always fits a big enough table")


def _with_before(picture: BoardPicture, before: BoardPicture | None) -> BoardPicture:
    return BoardPicture(picture.tiles, picture.ends, picture.width, picture.height, picture.fits,
                        picture.glyphs, picture.runs, picture.held, picture.clockwise, before)


def _moved(spot: TileSpot, dx: int, dy: int) -> TileSpot:
    return TileSpot(spot.tile, spot.arm, spot.index, spot.x + dx, spot.y + dy, spot.width, spot.height,
                    spot.vertical, spot.halves, spot.spinner)


# ---------------------------------------------------------------------------- growing a board

def _placed(layout: Layout) -> dict[tuple[str, int], int]:
    """Tile id by (arm, index) for every tile on the table."""
    assert layout.lead is not None
    placed = {("lead", -1): layout.lead.id}
    for arm, tiles in layout.arms.items():
        for i, p in enumerate(tiles):
            placed[(arm, i)] = p.tile.id
    return placed


def _new_links(picture: BoardPicture, layout: Layout) -> dict[str, tuple[_Link, ...]] | None:
    """The tiles `layout` has beyond the picture's, by arm; None if it is not the picture's layout grown."""
    placed = _placed(layout)
    drawn = {t.key: t.tile.id for t in picture.tiles}
    if any(placed.get(key) != tile for key, tile in drawn.items()):
        return None
    new: dict[str, tuple[_Link, ...]] = {}
    for arm, tiles in layout.arms.items():
        links = tuple(_Link(p.tile, arm, i, p.inner, p.outer) for i, p in enumerate(tiles)
                      if (arm, i) not in drawn)
        if links:
            new[arm] = links
    return new


_Try = tuple[dict[str, int], int, bool, bool, bool]  # chains laid again, spares, doubles, markers, spaced


def _grow(previous: BoardPicture, layout: Layout, new: dict[str, tuple[_Link, ...]]) -> BoardPicture | None:
    """The new tiles laid on, moving as little as can be; None if only a fresh board will do."""
    runs = {run.end: run for run in previous.runs}
    if any(end not in runs for end in new):
        return None
    # Each group of tries runs from the most wished for (room to grow, room for a double still to come,
    # markers left alone, a blank cell between chains) to the least; the least goes first, to see
    # whether the group can work at all.
    groups: list[list[_Try]] = [[({}, spares, doubles, markers, spaced)  # the new tile only
                                 for doubles in (True, False) for spares in range(ROOM, -1, -1)
                                 for markers in (False, True) for spaced in (True, False)]]
    # the spinner that cannot go on where its chain ends gathers the board round it afresh: squeezed in
    # elsewhere, its arms would soon run out of room
    if not (layout.spinner is not None
            and any(link.tile == layout.spinner for links in new.values() for link in links)):
        if len(new) == 1:  # then the last tiles of its chain, as few as will do
            (end,) = new
            # (boxed tiles only if that leaves room to grow: else compact ones will hold still better)
            for kept in reversed(range(len(runs[end].links))):
                groups.append([({end: kept}, spares, spares > 0, True, spaced)
                               for spares in ((ROOM,) if previous.glyphs is LARGE else (ROOM, 0))
                               for spaced in (True, False)])
        # then every chain around the root where it stands, if that leaves them room to grow
        groups.append([({end: 0 for end in runs}, ROOM, True, True, spaced) for spaced in (True, False)])
    for group in groups:
        loosest = _regrow(previous, layout, runs, new, *group[-1])
        if loosest is None:
            continue
        for wish in group[:-1]:
            picture = _regrow(previous, layout, runs, new, *wish)
            if picture is not None:
                return picture
        return loosest
    return None


def _regrow(previous: BoardPicture, layout: Layout, runs: dict[str, _Run], new: dict[str, tuple[_Link, ...]],
            kept: dict[str, int], spares: int, doubles: bool, markers: bool,
            spaced: bool) -> BoardPicture | None:
    """One try: each chain in `kept` laid again after its first `kept[end]` tiles, the new tiles added
    at their chains' tips, everything else where it was (markers too, unless `markers`)."""
    spinner = layout.spinner
    spinner_id = spinner.id if spinner is not None else -1
    relaid: dict[str, int | None] = dict(kept)
    for end in new:
        relaid.setdefault(end, len(runs[end].links))

    def to_lay(end: str) -> tuple[_Link, ...]:
        start = relaid[end] or 0
        return (runs[end].links[start:] if end in runs else ()) + new.get(end, ())

    if any(link.tile is not None and link.tile.id == spinner_id
           for end in list(relaid) for link in to_lay(end)):
        relaid["N"] = relaid["S"] = None  # a spinner laid now takes its N and S arms with it
    old_ends = {e.end: e for e in previous.ends}
    jobs: list[_Job] = []
    for end in "WENS":
        pip = layout.open_ends.get(end)
        if end in relaid:
            count = relaid[end]
            run = None if count is None else runs[end].upto(count)
            jobs.append(_Job(end, run, to_lay(end), pip, spares, doubles and _double_to_come(layout, pip)))
        elif end in runs and pip is not None and (markers or end not in old_ends or old_ends[end].pip != pip):
            jobs.append(_Job(end, runs[end], (), pip, 0))
    jobs.sort(key=lambda job: (job.run is None, len(job.links)))
    moving = {(link.arm, link.index) for job in jobs for link in job.links}
    owner = {(link.arm, link.index): _ROOT if link.tile is not None and link.tile.id == spinner_id
             else _OWNER[run.end] for run in previous.runs for link in run.links}
    cells = _Cells(previous.width, previous.height, spaced)
    fixed = [t for t in previous.tiles if t.key not in moving]
    for spot in fixed:
        cells.mark(spot.rect, owner.get(spot.key, _ROOT))
    working = {job.end for job in jobs}
    fixed_ends = [e for e in previous.ends if e.end not in working]
    fixed_held = [e for e in previous.held if e.end not in working]
    for spot in fixed_ends + fixed_held:
        cells.mark(spot.rect, _OWNER[spot.end], marker=True)
    laid = _lay(cells, _Shapes(previous.glyphs), jobs, spinner, previous.clockwise, 400)
    if laid is None:
        return None
    runs_now = {**runs, **laid.runs}
    return BoardPicture(_in_table_order(fixed + laid.tiles), _in_end_order(fixed_ends + laid.ends),
                        previous.width, previous.height, True, previous.glyphs,
                        tuple(runs_now[end] for end in "WENS" if end in runs_now),
                        _in_end_order(fixed_held + laid.held), previous.clockwise, previous)


def _double_to_come(layout: Layout, pip: int | None) -> bool:
    """The double of this open end's pip is not on the table yet."""
    return pip is not None and all(t.high != pip or t.low != pip for t in layout.tiles())


def _known(picture: BoardPicture, layout: Layout) -> BoardPicture | None:
    """The picture of exactly this layout among `picture` and those it grew from (a play taken back)."""
    placed = _placed(layout)
    seen: BoardPicture | None = picture
    while seen is not None:
        if len(seen.tiles) == len(placed) and all(placed.get(t.key) == t.tile.id for t in seen.tiles):
            return seen
        seen = seen.before
    return None


def layout_board(layout: Layout, width: int, height: int, previous: BoardPicture | None = None,
                 largest: Glyphs = LARGE) -> BoardPicture:
    """Place every tile of `layout` and a marker for each open end inside a width x height area.

    With `previous`, the picture of this board a play ago at the same size, the tiles already down
    stay where they are whenever the new ones can be fitted around them. Tiles are as large as fits,
    never larger than `largest` nor than `previous` had them (a hand that has gone compact stays so).
    """
    if layout.lead is None:
        return BoardPicture((), (), width, height, True, largest)
    if width <= 0 or height <= 0:  # no room at all (a board not laid out yet)
        return BoardPicture((), (), width, height, False, SMALL)
    before = None
    if previous is not None and previous.runs and (previous.width, previous.height) == (width, height):
        known = _known(previous, layout)
        if known is not None:
            return known
        new = _new_links(previous, layout)
        if new is not None:
            grown = _grow(previous, layout, new)
            if grown is not None:
                return grown
            before = previous
            if previous.glyphs is SMALL:
                largest = SMALL
    return _fresh(layout, width, height, largest, before)
