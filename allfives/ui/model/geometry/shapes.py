"""The candidate places of a chain's next piece (in line, round a corner, a double across) and its marker."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .cells import Rect, halves_of
from .chains import OPPOSITE, Link, Policy, Port
from .picture import Glyphs


@dataclass(frozen=True)
class Move:
    """A candidate place of a piece: where it lies, its pips in screen order, where the chain goes on."""

    rect: Rect
    vertical: bool
    halves: tuple[int, int]
    port: Port
    turn: str  # the direction the chain leaves this tile by


class Shapes:
    """The candidate places of the next piece of a chain, for one tile style."""

    def __init__(self, glyphs: Glyphs) -> None:
        self.g = glyphs

    def moves(self, port: Port, link: Link, policy: Policy, spinner: bool, tight: bool) -> Iterator[Move]:
        """Straight on first, then the corners in the order the chain wheels. The spinner only stands
        across a W–E line (its N and S arms go up and down); `tight` adds corners beside the last tile."""
        d = port.d
        if link.double:
            if not (spinner and d in "NS"):
                yield from self._double(port, link, policy, spinner)
            return
        if d in "EW":
            order = (d, policy.advance, OPPOSITE[policy.advance])
        elif not policy.turned:
            order = (d, policy.first_turn, OPPOSITE[policy.first_turn])
        else:  # along the edge it turned at, then back the way it came
            back = OPPOSITE[policy.last_run or policy.first_turn]
            order = (d, back, OPPOSITE[back])
        for new_d in order:
            yield self._single(port, link, new_d)
            if tight and d in "NS" and not port.double and new_d in "EW":
                yield self._beside_turn(port, link, new_d)

    def _single(self, port: Port, link: Link, new_d: str) -> Move:
        (lw, lh), (sw, sh) = self.g.lying, self.g.standing
        d, x, y = port.d, port.x, port.y
        near, far = link.near, link.far
        if d in "EW":
            if new_d == d:  # lying on, in line
                rect = (x, y, lw, lh) if d == "E" else (x - lw + 1, y, lw, lh)
                halves = (near, far) if d == "E" else (far, near)
                outer = halves_of(rect, False)[1 if d == "E" else 0]
                return Move(rect, False, halves, Port(d, x + lw if d == "E" else x - lw, y, outer, False),
                            d)
            # a corner: standing beside the last tile, leaving up or down
            tx = x if d == "E" else x - sw + 1
            if new_d == "S":
                rect = (tx, y, sw, sh)
                bottom = halves_of(rect, True)[1]
                return Move(rect, True, (near, far), Port("S", tx, y + sh, bottom, False), "S")
            rect = (tx, y + lh - sh, sw, sh)
            top = halves_of(rect, True)[0]
            return Move(rect, True, (far, near), Port("N", tx, rect[1] - 1, top, False), "N")
        if new_d == d:  # standing on, in line
            rect = (x, y, sw, sh) if d == "S" else (x, y - sh + 1, sw, sh)
            halves = (near, far) if d == "S" else (far, near)
            outer = halves_of(rect, True)[1 if d == "S" else 0]
            return Move(rect, True, halves, Port(d, x, y + sh if d == "S" else y - sh, outer, False), d)
        # a corner: lying across the line's end
        ry = y if d == "S" else y - lh + 1
        rect = (x + sw - lw if new_d == "W" else x, ry, lw, lh)
        return self._lying_turn(rect, link, new_d)

    def _lying_turn(self, rect: Rect, link: Link, new_d: str) -> Move:
        left, right = halves_of(rect, False)
        if new_d == "W":
            return Move(rect, False, (link.far, link.near),
                        Port("W", rect[0] - 1, rect[1], left, False), "W")
        return Move(rect, False, (link.near, link.far),
                    Port("E", rect[0] + rect[2], rect[1], right, False), "E")

    def _beside_turn(self, port: Port, link: Link, new_d: str) -> Move:
        """Lying beside the last tile's outer half rather than across the line's end: saves a row."""
        (lw, lh), (sw, _) = self.g.lying, self.g.standing
        tx, ty, _, th = port.touch
        ry = ty + th - lh if port.d == "S" else ty
        rect = (port.x - lw, ry, lw, lh) if new_d == "W" else (port.x + sw, ry, lw, lh)
        return self._lying_turn(rect, link, new_d)

    def _double(self, port: Port, link: Link, policy: Policy, spinner: bool) -> Iterator[Move]:
        (lw, lh), (sw, sh) = self.g.lying, self.g.standing
        d, x, y, p = port.d, port.x, port.y, link.near
        if d in "EW":
            tx = x if d == "E" else x - sw + 1
            rows = [y, y + lh - sh, y + (lh - sh) // 2]
            if policy.advance == "S":
                rows.reverse()
            for ty in dict.fromkeys(rows):
                rect = (tx, ty, sw, sh)
                after = Port(d, x + sw if d == "E" else x - sw, y, rect, True, spinner)
                yield Move(rect, True, (p, p), after, d)
            return
        rect = (x - (lw - sw) // 2, y if d == "S" else y - lh + 1, lw, lh)
        yield Move(rect, False, (p, p), Port(d, x, y + lh if d == "S" else y - lh, rect, True), d)

    def marker_rects(self, port: Port) -> Iterator[Rect]:
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
