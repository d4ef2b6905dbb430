"""The table's door: wrong codes from one address are slowed down, growing waits, bounded memory.

Pure (the clock is given): the server asks `wait()` before an address's handshake and again before
its hello is acted on, and tells `wrong()` or `right()` once the code is checked. An honest friend
at another address is never held up by a stranger's guesses.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class DoorRules:
    """How patient the door is with one address."""

    free: int = 3  # wrong codes an address may try in a row before it must wait
    first_wait: float = 20.0  # seconds, after the free ones; each further wrong code doubles it
    longest_wait: float = 900.0  # the wait grows no longer than this
    forget_after: float = 3600.0  # an address with no wrong code for this long starts afresh
    addresses: int = 4096  # remembered at most (the longest quiet forgotten first): memory stays bounded


@dataclass
class _Tries:
    wrong: int = 0  # wrong codes in a row
    last: float = 0.0  # when the last one came
    until: float = 0.0  # no code is heard from this address before then


def network_of(host: str) -> str | None:
    """The one machine or home behind an IP address: an IPv4 address as it is (also written as IPv6),
    an IPv6 one's /64 (a home has a whole /64, and would otherwise count as many); None for what is
    no IP address. The door's, the gate's and `allfives serve`'s way to count a client."""
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def address_key(host: str) -> str:
    """Whose guesses these are: the address's network (`network_of`), else the address as given."""
    return network_of(host) or host


class Door:
    """The wrong codes of each address lately, and how long it must wait before trying again."""

    def __init__(self, rules: DoorRules | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.rules = rules or DoorRules()
        self.clock = clock
        self._tries: OrderedDict[str, _Tries] = OrderedDict()  # the longest quiet first

    def __len__(self) -> int:
        return len(self._tries)

    def wait(self, address: str) -> int:
        """Whole seconds before `address` may try a code (0: now)."""
        tries = self._tries.get(address_key(address))
        if tries is None:
            return 0
        return max(0, math.ceil(tries.until - self.clock()))

    def wrong(self, address: str) -> int:
        """A wrong code from `address`: the seconds it must now wait (0 while its free tries last)."""
        rules, now, key = self.rules, self.clock(), address_key(address)
        self._forget_quiet(now)
        tries = self._tries.pop(key, None) or _Tries()
        if now - tries.last >= rules.forget_after:
            tries = _Tries()
        tries.wrong += 1
        tries.last = now
        over = tries.wrong - rules.free
        if over > 0:
            wait = min(rules.first_wait * 2 ** min(over - 1, 32), rules.longest_wait)
            tries.until = now + wait
        self._tries[key] = tries  # now the most recent
        while len(self._tries) > rules.addresses:
            self._tries.popitem(last=False)
        return self.wait(address)

    def right(self, address: str) -> None:
        """The right code: this address starts afresh."""
        self._tries.pop(address_key(address), None)

    def wrong_in_a_row(self, address: str) -> int:
        tries = self._tries.get(address_key(address))
        return tries.wrong if tries is not None else 0

    def _forget_quiet(self, now: float) -> None:
        """Drop the addresses quiet for long enough (the oldest come first)."""
        while self._tries:
            key, tries = next(iter(self._tries.items()))
            if now - tries.last < self.rules.forget_after or tries.until > now:
                break
            del self._tries[key]
