"""`allfives host --anywhere` and `allfives join CODE` as people type them: codes with spaces or capitals,
the servers chosen by flag, environment or prefs.toml, and bad input in one line."""

from __future__ import annotations

import asyncio
import tomllib
from pathlib import Path

import pytest

from allfives.cli import main
from allfives.net.anywhere.cli import invitation_line, open_invitations, parse_join
from allfives.net.anywhere.codes import (
    PUBLIC_MAILBOX,
    PUBLIC_TRANSIT,
    Servers,
    clean_code,
    code_from_argv,
    servers_from,
)
from allfives.net.cli import parse_host
from allfives.play.prefs import PrefsStore, prefs_from, to_toml

from ..helpers import four_seat_table, serving
from .servers import LoopbackServers

LOOPBACK = "ws://127.0.0.1:4000/v1"


@pytest.fixture(autouse=True)
def no_servers_in_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ALLFIVES_MAILBOX", raising=False)
    monkeypatch.delenv("ALLFIVES_TRANSIT", raising=False)


def test_a_code_typed_with_spaces_or_capitals_is_the_same_code() -> None:
    assert clean_code("  7 Guitarist  Revenge ") == clean_code("7-GUITARIST-revenge") == "7-guitarist-revenge"
    assert code_from_argv(["7", "Guitarist", "Revenge", "--name", "Bea"]) == ("7 Guitarist Revenge",
                                                                              ["--name", "Bea"])
    args = parse_join(["7", "Guitarist", "revenge", "--name", "Bea", "--seat", "3"])
    assert (args.code, args.name, args.seat, args.servers) == ("7-guitarist-revenge", "Bea", 3, Servers())
    assert code_from_argv(["127.0.0.1:7625", "--code", "K7QM-3XRT-9BHD"]) is None  # the LAN's line
    assert code_from_argv(["localhost:7625"]) is None


@pytest.mark.parametrize("typed", ["7", "7-gu1tarist-revenge", "7-[b]guitarist[/b]", "7-" + "a" * 200,
                                   "7-guitarist-\x1b[31m"])
def test_what_is_no_wormhole_code_is_refused_in_one_line(typed: str, capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["join", typed])
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert err.strip().splitlines()[-1] == ("allfives join: error: not a wormhole code: a code is a number "
                                            "and words, like 7-guitarist-revenge")


def test_the_servers_come_from_the_flags_then_the_environment_then_prefs_then_magic_wormholes_own() -> None:
    from wormhole.cli.public_relay import MAILBOX_RELAY, TRANSIT_RELAY

    assert (PUBLIC_MAILBOX, f"tcp:{PUBLIC_TRANSIT}") == (MAILBOX_RELAY, TRANSIT_RELAY)
    assert servers_from(env={}) == Servers(PUBLIC_MAILBOX, PUBLIC_TRANSIT)
    prefs = {"mailbox": "ws://prefs.example:4000/v1", "transit": "prefs.example:4001"}
    env = {"ALLFIVES_MAILBOX": "wss://env.example/v1", "ALLFIVES_TRANSIT": "tcp:env.example:4001"}
    assert servers_from(env={}, prefs=prefs) == Servers("ws://prefs.example:4000/v1", "prefs.example:4001")
    assert servers_from(env=env, prefs=prefs) == Servers("wss://env.example/v1", "env.example:4001")
    assert servers_from(LOOPBACK, "[::1]:4001", env=env, prefs=prefs) == Servers(LOOPBACK, "[::1]:4001")
    assert Servers(LOOPBACK, "127.0.0.1:4001").transit_hint == "tcp:127.0.0.1:4001"


@pytest.mark.parametrize(("flags", "said"), [
    (["--mailbox", "http://relay.example/v1"], "--mailbox: a mailbox server is a ws:// or wss:// URL"),
    (["--mailbox", "ws://[b]x[/b]"], "--mailbox: a mailbox server is a ws:// or wss:// URL"),
    (["--transit", "relay.example"], "--transit: a transit relay is HOST:PORT"),
    (["--transit", "relay.example:99999"], "--transit: a transit relay is HOST:PORT"),
])
def test_bad_servers_are_refused_in_one_line_naming_the_flag(flags: list[str], said: str,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse_join(["7-guitarist-revenge", *flags])
    assert exit_.value.code == 2 and said in capsys.readouterr().err


def test_prefs_keep_the_anywhere_servers_and_refuse_what_they_cannot_use(
        config_dir: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    prefs, refused = prefs_from({"anywhere": {"mailbox": LOOPBACK, "transit": "127.0.0.1:4001"}})
    assert refused == [] and prefs.anywhere == (("mailbox", LOOPBACK), ("transit", "127.0.0.1:4001"))
    assert prefs_from(tomllib.loads(to_toml(prefs)))[0] == prefs  # written back as read
    _, refused = prefs_from({"anywhere": {"mailbox": 7, "relay": "x", "transit": "a\nb"}})
    assert refused == ["anywhere.mailbox: must be a server's address, found 7",
                       "anywhere.relay: must be one of mailbox, transit",
                       'anywhere.transit: must be a server\'s address, found the string "a\\nb"']
    assert prefs_from({"anywhere": "x"})[1] == ['anywhere: must be a table, found the string "x"']

    config_dir.mkdir(parents=True, exist_ok=True)
    written = '[anywhere]\nmailbox = "ws://relay.example/v1"\ntransit = "nope"\n'
    (config_dir / "prefs.toml").write_text(written)
    assert PrefsStore().load().prefs.anywhere == (("mailbox", "ws://relay.example/v1"), ("transit", "nope"))
    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(tmp_path))
    with pytest.raises(SystemExit):  # checked where used: one line naming where it came from
        parse_host(["--anywhere", "--insecure"])
    assert "prefs.toml [anywhere] transit: a transit relay is HOST:PORT" in capsys.readouterr().err
    args, _table = parse_host(["--anywhere", "--insecure", "--transit", "127.0.0.1:4001"])
    assert args.anywhere and args.servers == Servers("ws://relay.example/v1", "127.0.0.1:4001")


def test_join_with_no_mailbox_server_to_reach_says_so_in_one_line(wormhole_servers: LoopbackServers,
                                                                   capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(tmp_path))
    nowhere = f"ws://127.0.0.1:{wormhole_servers.closed_port}/v1"
    assert main(["join", "7", "guitarist", "revenge", "--autoplay", "easy", "--mailbox", nowhere]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"allfives join: cannot reach the mailbox server {nowhere}: ") and "\n" not in err


async def test_a_headless_host_prints_a_line_to_send_for_each_free_seat_and_how_each_stands(
        wormhole_servers: LoopbackServers) -> None:
    said: list[str] = []
    async with asyncio.timeout(30), serving(four_seat_table()) as server:
        door = open_invitations(server, wormhole_servers.servers, 2, say=said.append)
        try:
            for invitation in door.all:
                await door.until(invitation, lambda i: i.status == "waiting")
        finally:
            await door.close()
    codes = [i.code for i in door.all]
    assert sorted(said[:2]) == [f"Invitation {n}: send a friend this line:  allfives join {code}"
                                for n, code in enumerate(codes, start=1)]  # (whichever code came first)
    assert said[2:] == ["Invitation 1: closed", "Invitation 2: closed"]
    assert invitation_line(door.all[0]) == "Invitation 1: closed"
