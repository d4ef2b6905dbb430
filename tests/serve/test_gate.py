"""Who may come in, without a server: the token, the page's own origin, visitor ids and sandboxes, the cap."""

from __future__ import annotations

from pathlib import Path

import pytest

from allfives.serve.gate import (
    Seats,
    TableFull,
    is_visitor_id,
    new_secret,
    own_origin,
    same_secret,
    sandbox,
    token_cookie,
)
from allfives.serve.pages import no_token_page, notice_page, table_full_page


def test_only_the_token_itself_is_the_token() -> None:
    token = new_secret()
    assert len(token) >= 43 and token != new_secret()  # 256 random bits, new every time
    assert same_secret(token, token)
    for guess in (None, "", token[:-1], token + "x", token.upper(), " " + token, token[:-1] + "é"):
        assert not same_secret(token, guess)  # (a non-ASCII guess is refused, not an error)
    assert token_cookie(8000) != token_cookie(8001)  # browsers share a host's cookies across its ports


@pytest.mark.parametrize(("origin", "host", "own"), [
    ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
    ("http://localhost:8000", "LOCALHOST:8000", True),
    ("http://[::1]:8000", "[::1]:8000", True),
    ("http://192.168.1.5", "192.168.1.5", True),
    ("http://evil.example", "127.0.0.1:8000", False),
    ("http://127.0.0.1:9999", "127.0.0.1:8000", False),  # another page on this machine
    ("https://127.0.0.1:8000", "127.0.0.1:8000", False),
    ("http://127.0.0.1:8000/x", "127.0.0.1:8000", False),
    ("null", "127.0.0.1:8000", False),  # a sandboxed frame or a file:// page
    (None, "127.0.0.1:8000", False),  # no browser: a program
    ("", "127.0.0.1:8000", False),
    ("http://a b", "a b", False),  # a Host we could not write back into the page
    ("http://127.0.0.1:8000", None, False),
])
def test_the_websocket_is_only_for_our_own_page(origin: str | None, host: str | None, own: bool) -> None:
    assert own_origin(origin, host) is own


def test_a_visitor_id_names_its_sandbox_and_nothing_else(tmp_path: Path) -> None:
    one, two = new_secret(), new_secret()
    assert is_visitor_id(one) and is_visitor_id(two)
    for bad in (None, "", "../../etc", one[:-1], one + "A", "a" * 42 + "/", "é" * 43):
        assert not is_visitor_id(bad)
    assert sandbox(tmp_path, one) == sandbox(tmp_path, one) != sandbox(tmp_path, two)
    folder = sandbox(tmp_path, one)
    assert folder.parent == tmp_path and len(folder.name) == 32 and one not in str(folder)


def test_the_cap_counts_visitors_and_a_newer_tab_takes_its_seat_over() -> None:
    seats: Seats[str] = Seats(2)
    assert seats.take("ann", "ann's tab") is None and seats.take("bea", "bea's tab") is None
    assert not seats.has_room_for("cy")
    with pytest.raises(TableFull):
        seats.take("cy", "cy's tab")
    assert seats.has_room_for("ann")  # a visitor playing is always let in again...
    assert seats.take("ann", "ann's new tab") == "ann's tab"  # ...the newer tab taking the game over
    assert len(seats) == 2
    seats.leave("ann", "ann's tab")  # the older tab going frees nothing: the newer one plays
    assert not seats.has_room_for("cy")
    seats.leave("ann", "ann's new tab")
    assert seats.take("cy", "cy's tab") is None and len(seats) == 2


def test_the_refusals_say_what_to_do_in_plain_text() -> None:
    assert "?token=" in no_token_page() and "cookies" in no_token_page()
    full = table_full_page(8)
    assert "The table is full" in full and "8 visitors are playing" in full
    assert '<meta http-equiv="refresh" content="30">' in full  # it lets you in once there is room
    assert "1 visitor is playing" in table_full_page(1)
    assert "&lt;b&gt;" in notice_page("t", "<b>") and "<b>" not in notice_page("t", "<b>")
