"""Who may come in, without a server: the token, the page's own origin, visitor ids and sandboxes, the cap
and each client's share of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from allfives.serve.gate import (
    Seats,
    ShareTaken,
    TableFull,
    VisitorIds,
    new_key,
    new_secret,
    own_origin,
    same_secret,
    sandbox,
    share_of_seats,
    token_cookie,
)
from allfives.serve.pages import no_token_page, notice_page, share_taken_page, table_full_page


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


def test_a_visitor_id_is_one_this_server_gave_and_names_its_sandbox_and_nothing_else(tmp_path: Path) -> None:
    key = new_key()
    ids = VisitorIds(key)
    one, two = ids.issue(), ids.issue()
    assert one != two and ids.issued(one) and ids.issued(two)
    assert VisitorIds(key).issued(one)  # the same key (kept on disk) knows its ids after a restart
    part, signature = one.split(".")
    made_up = [
        new_secret(),  # what any id used to be: 43 random characters are no longer enough
        f"{new_secret()}.{signature}",  # another random part with a real signature
        f"{part}.{new_secret()}",  # a real part with a made-up signature
        f"{part}.{signature[:-1]}{'A' if signature[-1] != 'A' else 'B'}",  # one character changed
        VisitorIds(new_key()).issue(),  # another server's id
        one + "x", one[:-1], " " + one, one.replace(".", "/"), one.upper(),
        None, "", "../../etc", "a" * 42 + "/", "é" * 43, ".", "." * 87,
    ]
    for bad in made_up:
        assert not ids.issued(bad), bad
    assert sandbox(tmp_path, one) == sandbox(tmp_path, one) != sandbox(tmp_path, two)
    folder = sandbox(tmp_path, one)
    assert folder.parent == tmp_path and len(folder.name) == 32 and part not in str(folder)


def test_the_cap_counts_visitors_and_a_newer_tab_takes_its_seat_over() -> None:
    seats: Seats[str] = Seats(2, per_client=2)
    assert seats.take("ann", "home", "ann's tab") is None and seats.take("bea", "work", "bea's tab") is None
    assert not seats.has_room_for("cy", "cafe")
    with pytest.raises(TableFull):
        seats.take("cy", "cafe", "cy's tab")
    assert seats.has_room_for("ann", "home")  # a visitor playing is let in again...
    assert seats.take("ann", "home", "ann's new tab") == "ann's tab"  # ...the newer tab taking the game over
    assert len(seats) == 2
    seats.leave("ann", "ann's tab")  # the older tab going frees nothing: the newer one plays
    assert not seats.has_room_for("cy", "cafe")
    seats.leave("ann", "ann's new tab")
    assert seats.take("cy", "cafe", "cy's tab") is None and len(seats) == 2


def test_one_client_holds_at_most_its_share_of_the_seats() -> None:
    assert [share_of_seats(n) for n in (1, 2, 3, 8, 9)] == [1, 1, 1, 4, 4]  # half, at least one
    seats: Seats[int] = Seats(8)
    assert seats.per_client == 4
    for n in range(4):  # one machine opens tab after tab, each with a visitor id of its own
        seats.take(f"bot{n}", "10.0.0.66", n)
    for n in range(4, 8):
        refused = seats.refusal(f"bot{n}", "10.0.0.66")
        assert isinstance(refused, ShareTaken)
        with pytest.raises(ShareTaken):
            seats.take(f"bot{n}", "10.0.0.66", n)
    assert len(seats) == 4  # the other half of the table is still there for everyone else
    for n, client in enumerate(("10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4")):
        assert seats.take(f"guest{n}", client, 10 + n) is None
    assert isinstance(seats.refusal("late", "10.0.0.5"), TableFull)
    assert not isinstance(seats.refusal("late", "10.0.0.5"), ShareTaken)  # the table is full, not its share

    assert seats.take("bot0", "10.0.0.66", 99) == 0  # its own seat taken over from the same machine: fine
    seats.leave("guest0", 10)
    with pytest.raises(ShareTaken):  # a seat of its own taken over from elsewhere is still one of its share
        seats.take("guest0", "10.0.0.66", 11)
    assert seats.take("bot0", "10.0.0.9", 100) == 99  # a seated visitor moving to another address
    assert seats.take("guest0", "10.0.0.66", 11) is None  # ...frees one of the first address's share
    assert Seats(1).per_client == 1 and Seats(4, per_client=9).per_client == 4


def test_the_refusals_say_what_to_do_in_plain_text() -> None:
    assert "?token=" in no_token_page() and "cookies" in no_token_page()
    full = table_full_page(8)
    assert "The table is full" in full and "8 visitors are playing" in full
    assert '<meta http-equiv="refresh" content="30">' in full  # it lets you in once there is room
    assert "1 visitor is playing" in table_full_page(1)
    share = share_taken_page(4)
    assert "4 browsers at your network address are playing" in share and 'content="30"' in share
    assert "&lt;b&gt;" in notice_page("t", "<b>") and "<b>" not in notice_page("t", "<b>")
