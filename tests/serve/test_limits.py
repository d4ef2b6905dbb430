"""How much one client may take, without a server: who a client is, connections, what counts as playing,
a game's lifetime, the log's budget; and the folders kept and deleted."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from allfives.serve.gate import VisitorIds, sandbox
from allfives.serve.limits import UNKNOWN_CLIENT, Budget, Doors, client_of, game_ends_at, is_play
from allfives.serve.sandboxes import KEY_FILE, open_sandbox, prune, to_prune, visitor_key


@pytest.mark.parametrize(("address", "client"), [
    ("192.168.1.5", "192.168.1.5"),
    ("::ffff:192.168.1.5", "192.168.1.5"),  # the same machine, written as IPv6
    ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
    ("2001:db8:1:2:ffff:1:2:3", "2001:db8:1:2::/64"),  # one network's addresses are one client
    ("fe80::1%eth0", "fe80::/64"),
    ("::1", "::/64"),
    (None, UNKNOWN_CLIENT),
    ("", UNKNOWN_CLIENT),
    ("not an address", UNKNOWN_CLIENT),
])
def test_a_client_is_an_address_or_an_ipv6_network(address: str | None, client: str) -> None:
    assert client_of(address) == client


def test_the_doors_let_each_client_its_share_of_connections_and_all_of_them_a_total() -> None:
    doors = Doors(most=5, per_client=3)
    assert all(doors.enter("a") for _ in range(3)) and not doors.enter("a")
    assert doors.enter("b") and doors.enter("c") and not doors.enter("d")  # five in all
    doors.leave("a")
    assert doors.enter("d") and not doors.enter("a")
    for client in ("a", "a", "b", "c", "d"):
        doors.leave(client)
    assert not doors.open and doors.enter("a")


@pytest.mark.parametrize(("keys", "play"), [
    ("r", True),
    ("\r", True),
    ("\x1b[A", True),  # an arrow key
    ("\x1b", True),  # escape
    ("\x1b[<0;10;5M", True),  # a left click: pressed...
    ("\x1b[<0;10;5m", True),  # ...and released
    ("\x1b[<2;1;1M", True),  # a right click
    ("\x1b[<16;3;4M", True),  # a click with Ctrl held
    ("\x1b[M !!", True),  # a click, the old way
    ("\x1b[<35;10;5M", False),  # the mouse moving over the page
    ("\x1b[<32;10;5M", False),  # dragged
    ("\x1b[<64;10;5M\x1b[<65;10;5M", False),  # the wheel
    ("\x1b[MC!!", False),  # moving, the old way
    ("\x1b[I\x1b[O", False),  # focus in and out
    ("\x1b[<35;1;1M" * 50 + "x", True),  # motion and then a key
    ("", False),
])
def test_only_keys_and_clicks_are_play(keys: str, play: bool) -> None:
    assert is_play(keys) is play


@given(st.lists(st.tuples(st.integers(0, 127).filter(lambda b: b & 96), st.integers(1, 999),
                          st.integers(1, 999), st.sampled_from("Mm")), max_size=20))
def test_the_mouse_moving_or_the_wheel_never_counts(reports: list[tuple[int, int, int, str]]) -> None:
    assert not is_play("".join(f"\x1b[<{b};{x};{y}{end}" for b, x, y, end in reports))


def test_a_game_ends_when_idle_or_at_its_lifetime_whichever_comes_first() -> None:
    assert game_ends_at(started=0, last_play=0, idle=1800, lifetime=14400) == 1800  # left alone
    assert game_ends_at(started=0, last_play=5000, idle=1800, lifetime=14400) == 6800  # played on
    assert game_ends_at(started=0, last_play=14000, idle=1800, lifetime=14400) == 14400  # played for ever


def test_the_log_budget_writes_a_burst_then_a_line_now_and_then_and_says_how_many_it_left_out() -> None:
    budget = Budget(burst=3, every=1.0)
    assert [budget.spend(0.0) for _ in range(5)] == [0, 0, 0, None, None]
    assert budget.spend(0.5) is None  # half a line's time
    assert budget.spend(1.0) == 3  # one more line, which says three were left out
    assert budget.spend(1.0) is None
    assert [budget.spend(100.0) for _ in range(4)] == [1, 0, 0, None]  # refilled to the burst, no more


@given(st.lists(st.floats(0, 1000), max_size=300))
def test_the_log_budget_never_writes_more_than_its_rate_allows(times: list[float]) -> None:
    budget = Budget(burst=5, every=2.0)
    times.sort()
    said = [budget.spend(t) for t in times]
    written = [left_out for left_out in said if left_out is not None]
    span = (times[-1] - times[0]) if times else 0.0
    assert len(written) <= 5 + span / 2.0 + 1e-9
    assert sum(written) + budget.skipped == said.count(None)  # every line left out is told of, or pending


def test_the_folders_to_delete_are_the_stale_then_the_oldest_unused_never_a_busy_one() -> None:
    day = 86400.0
    used = {"a": 0.0, "b": 10 * day, "c": 20 * day, "d": 30 * day, "e": 40 * day}
    now = 401 * day
    assert to_prune(used, now, keep_seconds=400 * day, most=10) == ["a"]  # unused for a cookie's life
    assert to_prune(used, now, keep_seconds=400 * day, most=2) == ["a", "b", "c"]  # and the oldest unused
    assert to_prune(used, now, keep_seconds=400 * day, most=2, busy={"a", "b"}) == ["c", "d", "e"]
    assert to_prune(used, now, keep_seconds=400 * day, most=5) == ["a"]
    assert to_prune({}, now, keep_seconds=1, most=0) == []


def test_only_sandboxes_are_ever_deleted_and_the_key_stays(tmp_path: Path) -> None:
    root = tmp_path / "serve"
    root.mkdir()
    key = visitor_key(root)
    assert visitor_key(root) == key and len(key) == 32  # kept: ids outlive a restart
    assert stat.S_IMODE((root / KEY_FILE).stat().st_mode) == 0o600  # for the server's user alone
    ids = VisitorIds(key)
    old, new = sandbox(root, ids.issue()), sandbox(root, ids.issue())
    for folder in (old, new):
        open_sandbox(folder)
        (folder / "save.json").write_text("{}")
    assert stat.S_IMODE(old.stat().st_mode) == 0o700
    os.utime(old, (0, 0))  # unused since 1970
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (root / ("f" * 32)).symlink_to(elsewhere)  # a link named like a sandbox: never followed, never deleted
    (root / ("e" * 32)).write_text("a file named like one")
    (root / "notes").mkdir()
    os.utime(root / "notes", (0, 0))
    assert prune(root, now=1e9, keep_seconds=3600, most=100) == [old.name]
    assert sorted(p.name for p in root.iterdir()) == sorted([KEY_FILE, new.name, "e" * 32, "f" * 32, "notes"])
    assert elsewhere.exists()
    assert prune(root, now=1e9, keep_seconds=3600, most=0, busy={new.name}) == []  # a game plays there
    assert prune(root, now=1e9, keep_seconds=3600, most=0) == [new.name]
    assert prune(tmp_path / "missing", now=1e9, keep_seconds=1, most=0) == []
