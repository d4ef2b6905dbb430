"""Who may come in: the secret token, the page's own origin, a visitor's cookie and the sandbox it names.

Pure checks on strings (no web server here), so each is tested alone. A *visitor* is a browser: the
first page it loads gives it a random id in a long-lived cookie, and that id names the folder its
games, history and statistics live in, so a returning visitor resumes their game.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from pathlib import Path
from typing import Generic, TypeVar
from urllib.parse import urlsplit

VISITOR_COOKIE = "allfives-visitor"
VISITOR_DAYS = 400  # the longest a browser keeps a cookie (Chromium caps Max-Age there)
_VISITOR_ID = re.compile(r"[A-Za-z0-9_-]{43}")  # what `secrets.token_urlsafe(32)` makes
Holder = TypeVar("Holder")
_HOST = re.compile(r"[A-Za-z0-9.-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?")


def new_secret() -> str:
    """A token or a visitor id: 256 random bits, URL- and cookie-safe."""
    return secrets.token_urlsafe(32)


def token_cookie(port: int) -> str:
    """The cookie holding the token (one per port: browsers share cookies between a host's ports)."""
    return f"allfives-token-{port}"


def same_secret(expected: str, given: str | None) -> bool:
    """Is `given` the secret? In constant time, so no timing tells how much of a guess was right."""
    return given is not None and hmac.compare_digest(expected.encode(), given.encode("utf-8", "replace"))


def is_visitor_id(value: str | None) -> bool:
    """A cookie that could be one we gave (anything else is replaced, never used to name a folder)."""
    return value is not None and _VISITOR_ID.fullmatch(value) is not None


def sandbox(root: Path, visitor: str) -> Path:
    """The visitor's own data folder under `root`: named by a hash of the id, so neither the folder's
    name nor a listing of `root` gives anyone a visitor's cookie."""
    return root / hashlib.sha256(visitor.encode()).hexdigest()[:32]


def is_host(host: str | None) -> bool:
    """A Host header that can be written back into the page's addresses as it is."""
    return host is not None and _HOST.fullmatch(host) is not None


def own_origin(origin: str | None, host: str | None) -> bool:
    """Was the websocket opened by our own page? Its Origin must be the address the page was loaded
    from: `http://` and the host (and port) the request was sent to. A page of any other origin
    (another site, another port of this machine) is refused, and so is a request with no Origin:
    every browser sends one, so it comes from a program, which has no business here."""
    if not origin or not is_host(host):
        return False
    parts = urlsplit(origin)
    return (parts.scheme == "http" and not parts.path and not parts.query
            and parts.netloc.lower() == str(host).lower())


class TableFull(Exception):
    """As many visitors as the server takes are playing."""


class Seats(Generic[Holder]):
    """Visitors at once, each with one game (a `Holder`: the connection playing it). A visitor with a
    game open is always let in again, a newer tab taking the game over; a new one only while fewer than
    `most` are playing."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.held: dict[str, Holder] = {}

    def __len__(self) -> int:
        return len(self.held)

    def has_room_for(self, visitor: str) -> bool:
        return visitor in self.held or len(self.held) < self.most

    def take(self, visitor: str, holder: Holder) -> Holder | None:
        """Seat `holder` for the visitor; returns the one it takes over from, if any (TableFull: no
        room). Checked and taken at once, with no await between, so two at once cannot both get in."""
        if not self.has_room_for(visitor):
            raise TableFull(visitor)
        previous = self.held.get(visitor)
        self.held[visitor] = holder
        return previous

    def leave(self, visitor: str, holder: Holder) -> None:
        """`holder`'s game is over; the seat is freed unless a newer tab holds it now."""
        if self.held.get(visitor) is holder:
            del self.held[visitor]
