"""The board's cells: rectangles, a tile's two halves, and which cells are taken (bit masks per row)."""

from __future__ import annotations

Rect = tuple[int, int, int, int]  # x, y, width, height


def halves_of(rect: Rect, vertical: bool) -> tuple[Rect, Rect]:
    """The cells of a tile's two halves, left and right (top and bottom if it stands); a middle
    separator belongs to neither."""
    x, y, w, h = rect
    if vertical:
        hh = h // 2
        return (x, y, w, hh), (x, y + h - hh, w, hh)
    hw = w // 2
    return (x, y, hw, h), (x + w - hw, y, hw, h)


OWNER = {"W": 0, "E": 1, "N": 2, "S": 3}
ROOT = 4  # the root and the spinner: every chain may touch them


class Cells:
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
            own, root = self.owned[owner], self.owned[ROOT]
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
