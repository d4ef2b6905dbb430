"""Who may come in: the secret token, the page's own origin, a visitor's cookie and the sandbox it names.

Pure checks on strings (no web server here), so each is tested alone. A *visitor* is a browser: the
first page it loads gives it an id in a long-lived cookie, and that id names the folder its games,
history and statistics live in, so a returning visitor resumes their game. An id is a random part
signed with the server's own key (HMAC): one the server did not give is never used, so nobody can make
up ids to open games or folders.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from collections import Counter
from pathlib import Path
from typing import Generic, TypeVar
from urllib.parse import urlsplit

VISITOR_COOKIE = "allfives-visitor"
VISITOR_DAYS = 400  # the longest a browser keeps a cookie (Chromium caps Max-Age there)
# the random part (what `secrets.token_urlsafe(32)` makes), a dot, and its signature (as long)
_VISITOR_ID = re.compile(r"([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})")
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


def new_key() -> bytes:
    """A server's key for signing visitor ids: 256 random bits."""
    return secrets.token_bytes(32)


class VisitorIds:
    """The visitor ids one server gives, and the test that a cookie holds one of them: the random part's
    HMAC under the server's key, so only the server can make one (kept on disk, ids outlive a restart)."""

    def __init__(self, key: bytes) -> None:
        self._key = key

    def issue(self) -> str:
        part = new_secret()
        return f"{part}.{self._signature(part)}"

    def issued(self, value: str | None) -> bool:
        """Did this server give `value`? (In constant time; anything else is replaced, never used.)"""
        found = _VISITOR_ID.fullmatch(value) if value is not None else None
        return found is not None and hmac.compare_digest(found[2], self._signature(found[1]))

    def _signature(self, part: str) -> str:
        mac = hmac.new(self._key, part.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac).decode().rstrip("=")


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


def share_of_seats(most: int) -> int:
    """The seats one client may hold when not told: half of them, at least one."""
    return max(1, most // 2)


class TableFull(Exception):
    """As many visitors as the server takes are playing."""


class ShareTaken(TableFull):
    """As many visitors as one client may have are playing from its address."""


class Seats(Generic[Holder]):
    """Visitors at once, each with one game (a `Holder`: the connection playing it), and the client (the
    network address, see `limits.client_of`) each plays from. A visitor with a game open is let in again,
    a newer tab taking the game over; a new one only while fewer than `most` are playing. Either way a
    client holds at most `per_client` seats, so no one machine takes the whole table."""

    def __init__(self, most: int, per_client: int | None = None) -> None:
        self.most = most
        self.per_client = min(per_client or share_of_seats(most), most)
        self.held: dict[str, Holder] = {}
        self.client: dict[str, str] = {}  # the client each seated visitor plays from

    def __len__(self) -> int:
        return len(self.held)

    def refusal(self, visitor: str, client: str) -> TableFull | None:
        """Why `visitor`, from `client`, cannot sit now (None: they can)."""
        if visitor not in self.held and len(self.held) >= self.most:
            return TableFull(visitor)
        theirs = Counter(self.client.values())[client] - (self.client.get(visitor) == client)
        if theirs >= self.per_client:
            return ShareTaken(client)
        return None

    def has_room_for(self, visitor: str, client: str) -> bool:
        return self.refusal(visitor, client) is None

    def take(self, visitor: str, client: str, holder: Holder) -> Holder | None:
        """Seat `holder` for the visitor; returns the one it takes over from, if any (TableFull or
        ShareTaken: no room). Checked and taken at once, with no await between, so two at once cannot
        both get in."""
        refused = self.refusal(visitor, client)
        if refused is not None:
            raise refused
        previous = self.held.get(visitor)
        self.held[visitor] = holder
        self.client[visitor] = client
        return previous

    def leave(self, visitor: str, holder: Holder) -> None:
        """`holder`'s game is over; the seat is freed unless a newer tab holds it now."""
        if self.held.get(visitor) is holder:
            del self.held[visitor]
            del self.client[visitor]
