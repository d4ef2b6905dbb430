"""How much one client may take: connections, what counts as playing, a game's lifetime, log lines.

Pure bookkeeping (no web server here), so each limit is tested alone. A *client* is a network address
as the server sees it: an IPv4 address, or an IPv6 address's /64 network (what one home or machine is
given), so one machine cannot count as many.
"""

from __future__ import annotations

import re
from collections import Counter

from allfives.net.door import network_of

UNKNOWN_CLIENT = "?"  # a connection whose address is not known (not over IP): all such count as one

# A mouse report as a terminal sends it (SGR `ESC [ < b ; x ; y M|m`, or the old `ESC [ M` and three
# bytes): of these only a button's press or release is a click; motion (32) and the wheel (64) are not.
_MOUSE = re.compile(r"\x1b\[<(\d{1,4});\d{1,5};\d{1,5}[Mm]|\x1b\[M([\s\S])[\s\S]{2}")
_FOCUS = re.compile(r"\x1b\[[IO]")  # the terminal gaining or losing focus: not the player


def client_of(address: str | None) -> str:
    """The client behind a peer address: an IPv4 address as it is (also when written as IPv6), an IPv6
    address's /64 network (as the network table's door counts them)."""
    return network_of(address or "") or UNKNOWN_CLIENT


class Doors:
    """Connections open at once: at most `per_client` from one client and `most` in all, so no one
    client (nor a crowd of silent ones) leaves no way in for the others."""

    def __init__(self, most: int, per_client: int) -> None:
        self.most = most
        self.per_client = per_client
        self.open: Counter[str] = Counter()

    def enter(self, client: str) -> bool:
        """Let one more connection of `client` in, if there is room (it must `leave` once closed)."""
        if self.open.total() >= self.most or self.open[client] >= self.per_client:
            return False
        self.open[client] += 1
        return True

    def leave(self, client: str) -> None:
        self.open[client] -= 1
        if self.open[client] <= 0:
            del self.open[client]


def is_play(keys: str) -> bool:
    """Do these bytes from the page hold a key or a click? (Only those keep a game from idling: a page
    left open sends mouse motion, focus and resizes by itself, and a program could send them for ever.)"""
    for report in _MOUSE.finditer(keys):
        button = int(report[1]) if report[1] is not None else ord(report[2]) - 32
        if not button & (32 | 64):
            return True
    return bool(_FOCUS.sub("", _MOUSE.sub("", keys)))


def game_ends_at(started: float, last_play: float, idle: float, lifetime: float) -> float:
    """When a game ends, saved: after `idle` seconds without a key or a click, and `lifetime` seconds
    after it started however busy, so a seat is never held for ever."""
    return min(last_play + idle, started + lifetime)


class Budget:
    """Lines a log may write: `burst` at once, then one every `every` seconds. A line over the budget is
    left out and counted, and the next one written says how many were: a flood of refused requests
    costs the log a few short lines, not one each."""

    def __init__(self, burst: int = 20, every: float = 1.0) -> None:
        self.burst = burst
        self.every = every
        self.left = float(burst)
        self.since: float | None = None
        self.skipped = 0

    def spend(self, now: float) -> int | None:
        """A line at `now`: None if it is left out; else how many were left out before it."""
        if self.since is not None:
            self.left = min(self.burst, self.left + (now - self.since) / self.every)
        self.since = now
        if self.left < 1:
            self.skipped += 1
            return None
        self.left -= 1
        skipped, self.skipped = self.skipped, 0
        return skipped
