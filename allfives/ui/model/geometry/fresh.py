"""A whole board laid out anew: the plans, best first, and a bigger table to scroll over if none fits."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from allfives.engine import Layout

from .cells import ROOT, Cells, halves_of
from .chains import Port, Run, Tip, chains_of, double_to_come, spinner_tips, start_policy
from .picture import LARGE, SMALL, BoardPicture, Glyphs, TileSpot, in_end_order, in_table_order
from .search import ROOM, Job, lay
from .shapes import Shapes


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
    root, chains = chains_of(layout)
    cells = Cells(width, height, plan.spaced)
    standing = root.double
    rw, rh = (sw, sh) if standing else (lw, lh)
    rx = (width - rw) // 2 + plan.dx
    ry = (height - rh) // 2 + plan.dy
    root_rect = (rx, ry, rw, rh)
    if not cells.free(root_rect, ROOT, True):
        return None
    cells.mark(root_rect, ROOT)
    assert root.tile is not None  # (the root is the lead or the spinner: a tile on the table)
    root_spot = TileSpot(root.tile, root.arm, root.index, rx, ry, rw, rh, standing, (root.near, root.far),
                         layout.spinner is not None and root.double)
    left, right = halves_of(root_rect, standing)
    if standing:
        line_y = ry + sh - lh if plan.line_low else ry
        spinner = layout.spinner is not None
        ports = {"W": Port("W", rx - 1, line_y, root_rect, True, spinner),
                 "E": Port("E", rx + rw, line_y, root_rect, True, spinner)}
        ports.update({end: tip.port for end, tip in spinner_tips(root_rect, plan.clockwise).items()})
    else:
        ports = {"W": Port("W", rx - 1, ry, left, False), "E": Port("E", rx + rw, ry, right, False)}
    # short chains first: they claim the room by the root, and the long ones go round them
    jobs = [Job(c.end, Run(c.end, Tip(ports[c.end], start_policy(c.end, plan.clockwise))), c.links,
                c.pip, plan.spares, plan.spares > 0 and double_to_come(layout, c.pip))
            for c in sorted(chains, key=lambda c: len(c.links))]
    laid = lay(cells, Shapes(g), jobs, layout.spinner, plan.clockwise, _budget(plan))
    if laid is None:
        return None
    return BoardPicture(in_table_order([root_spot, *laid.tiles]), in_end_order(laid.ends), width, height,
                        True, g, tuple(laid.runs[c.end] for c in chains), in_end_order(laid.held),
                        plan.clockwise)


def fresh_picture(layout: Layout, width: int, height: int, largest: Glyphs,
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
