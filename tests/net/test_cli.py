"""`allfives host` and `allfives join` as a person types them: flags, resuming, refusals in one line."""

from __future__ import annotations

import json
import logging
import stat
from pathlib import Path

import pytest

from allfives.cli import main
from allfives.net.cli import (
    SEATS_NAME,
    host_parser,
    join_command,
    join_line,
    log_to_file,
    open_table,
    parse_host,
    parse_join,
    rejoin_line,
    remember_token,
    remembered_token,
    seat_key,
    short_address,
    wanted_seat,
)
from allfives.net.table import shown_code
from allfives.net.tls import CERT_NAME, clean_pin, file_fingerprint, is_pin
from tests.conftest import TableCertificate

from .helpers import four_seat_table

CODE = "K7QM-3XRT-9BHD"


def test_host_takes_the_game_flags_of_play_and_opens_a_new_table(tmp_path: Path) -> None:
    args = host_parser().parse_args(["--seats", "4", "--cut-throat", "--level", "hard", "--people", "2",
                                     "--away", "5", "--turn-clock", "90", "--auto-cover", "--bot-delay", "0"])
    table, note = open_table(args, tmp_path / "table.json")
    assert note == "" and table.phase == "lobby"
    assert table.setup.rules.seats == 4 and not table.setup.rules.partnership
    assert {p.level for p in table.setup.players} == {"hard"} and table.setup.bot_delay == 0
    assert table.options.start_when == 2 and table.options.away_timeout == 5 and table.options.auto_cover
    assert table.options.turn_clock == 90 and host_parser().parse_args([]).turn_clock == 60


def test_host_resumes_the_saved_table_unless_told_new_and_keeps_a_bad_save_aside(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    saved = four_seat_table(save=path)
    saved.sit("Ann")
    saved.start()
    table, note = open_table(host_parser().parse_args([]), path)
    assert table.code == saved.code and table.state == saved.state and "Resuming" in note
    table, _ = open_table(host_parser().parse_args(["--new"]), path)
    assert table.phase == "lobby" and table.code != saved.code
    path.write_text(json.dumps({"format": "allfives-record/1"}))
    table, note = open_table(host_parser().parse_args([]), path)
    assert table.phase == "lobby" and "was not resumed" in note
    assert not path.exists() and len(list(tmp_path.glob("table.*.json"))) == 1  # moved aside, not lost


def test_bad_host_and_join_commands_say_why(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(tmp_path))
    with pytest.raises(SystemExit) as exit_:
        main(["host", "--seats", "2", "--people", "3"])
    assert exit_.value.code == 2 and "--people must be between 1 and 2" in capsys.readouterr().err
    assert main(["join", "127.0.0.1:9", CODE, "--insecure", "--autoplay", "easy"]) == 2
    assert "cannot reach 127.0.0.1:9" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["join", "localhost:port", CODE, "--insecure"])
    assert "HOST or HOST:PORT" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["join", "localhost:1", CODE, "--insecure", "--name", "Bob\x1b[31m"])
    assert "--name: a name cannot hold a control character (U+001B)" in capsys.readouterr().err


def test_join_counts_seats_from_one_as_the_lobby_shows_them() -> None:
    assert wanted_seat(parse_join(["localhost:1", CODE, "--insecure", "--seat", "2"])) == 1
    assert wanted_seat(parse_join(["localhost:1", CODE, "--insecure"])) is None
    with pytest.raises(SystemExit):
        parse_join(["localhost:1", CODE, "--insecure", "--seat", "0"])


PIN = "a" * 26
OLD_PIN = "SHA256:" + "A" * 43  # an earlier allfives' pin: the whole SHA-256


@pytest.mark.parametrize(("argv", "why"), [
    (["table.example:7625", CODE, "--insecure"], "--insecure sends the code where anyone"),
    (["192.168.1.5", CODE, "--insecure"], "not to 192.168.1.5"),
    (["table.example:7625", CODE], "the pin is missing: use the whole line"),
    (["table.example:7625"], "the table code is missing"),
    (["table.example", CODE, "SHA256:short"], "SHA256:short is not a pin: a pin is 26 letters"),
    (["table.example", CODE, "a" * 25], "is not a pin"),
    (["table.example", CODE, "\x1b[31m" + "a" * 21], "\\x1b[31m"),  # (shown, never obeyed)
    (["[::1]:7625", CODE, "--insecure", "--pin", PIN], "no pin to check"),
    (["table.example:7625", "ABCDEF", PIN], "a table code is 12 letters"),
    (["table.example", CODE, PIN, "--pin", PIN], "two pins given"),
    (["table.example:0", CODE, PIN], "the address is HOST or HOST:PORT"),
])
def test_join_refuses_plain_ws_off_loopback_and_a_missing_pin_or_code_in_one_line(
        argv: list[str], why: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse_join(argv)
    last = capsys.readouterr().err.splitlines()[-1]  # after the usage: the one line saying why
    assert exit_.value.code == 2 and last.startswith("allfives join: error: ") and why in last


def test_join_takes_the_host_s_line_as_printed_an_earlier_allfives_line_and_loopback_plain() -> None:
    args = parse_join(["table.example", "k7qm-3xrt-9bhd", PIN.upper()])
    assert (args.address, args.code, args.pin) == ("table.example:7625", "k7qm-3xrt-9bhd", PIN)
    assert rejoin_line(args) == f"allfives join table.example K7QM-3XRT-9BHD {PIN}"
    older = parse_join(["table.example:7625", "--code", "k7qm-3xrt-9bhd", "--pin", "sha256:" + "A" * 43])
    assert older.address == args.address and older.pin == clean_pin(OLD_PIN) and is_pin(older.pin)
    assert rejoin_line(older) == f"allfives join table.example K7QM-3XRT-9BHD {older.pin}"  # the short form
    for address in ("127.0.0.1:7625", "localhost:7625", "[::1]:7625", "127.0.0.2:1", "::1", "[::1]"):
        assert parse_join([address, CODE, "--insecure"]).pin is None
    assert parse_join(["[2001:db8::7]:8000", CODE, PIN]).address == "[2001:db8::7]:8000"
    assert parse_join(["2001:db8::7", CODE, PIN]).address == "[2001:db8::7]:7625"


@pytest.mark.parametrize(("host", "port", "fits"), [
    ("255.255.255.255", 65535, True),  # any IPv4 address, any port
    ("192.168.178.100", 7625, True),
    ("a-twenty-four-char-name1", 7625, True),  # a name of up to 24 characters on the usual port
    ("an-eighteen-chars1", 65535, True),  # or of up to 18 on any other
    ("[2001:db8::1]", 7625, True),  # a short IPv6 address
    ("bobs-macbook-pro.fritz.box", 7625, False),  # longer names and IPv6 addresses: longer, one line
    ("[2a02:8070:a1b2:c3d4:e5f6:7a8b:9c0d:1e2f]", 7625, False),
])
def test_the_join_line_fits_80_columns_for_any_ipv4_address_and_names_up_to_24(host: str, port: int,
                                                                                fits: bool) -> None:
    line = join_line(f"{host}:{port}", CODE, PIN)
    assert (len(line) <= 80) == fits and "\n" not in line, (len(line), line)
    args = parse_join(line.split()[2:])  # what the host prints, join takes
    assert (short_address(args.address), args.code, args.pin) == (line.split()[2], CODE, PIN)


def test_host_serves_wss_with_the_certificate_it_keeps_and_plain_ws_only_on_loopback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        table_certificate: TableCertificate) -> None:
    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(tmp_path))
    args, table = parse_host(["--headless"])
    assert args.tls is not None and args.pin == file_fingerprint(tmp_path / CERT_NAME)
    again, _ = parse_host(["--headless"])
    assert again.pin == args.pin  # the same certificate: the join line friends keep stays right
    line = join_command("127.0.0.1", 7625, table.code, args.pin)
    assert line == f"allfives join 127.0.0.1 {shown_code(table.code)} {args.pin}"
    assert parse_join(line.split()[2:]).pin == args.pin  # what the host prints, join takes
    given, _ = parse_host(["--headless", "--tls-cert", str(table_certificate.cert),
                           "--tls-key", str(table_certificate.key)])
    assert given.pin == table_certificate.pin
    plain, _ = parse_host(["--headless", "--insecure"])
    assert plain.tls is None and plain.pin is None
    assert join_command("127.0.0.1", 9000, "K7QM3XRT9BHD", None) == \
        "allfives join 127.0.0.1:9000 K7QM-3XRT-9BHD --insecure"
    for flags, why in ((["--insecure", "--bind", "0.0.0.0"], "--insecure serves plain ws://"),
                       (["--tls-cert", str(table_certificate.cert)], "--tls-cert and --tls-key go together"),
                       (["--tls-cert", str(tmp_path / "none.pem"), "--tls-key", str(tmp_path / "none.key")],
                        "cannot use the certificate")):
        with pytest.raises(SystemExit):
            parse_host(["--headless", *flags])
        assert why in capsys.readouterr().err


def test_remembered_seats_are_written_0600_like_the_table(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(tmp_path))
    remember_token(seat_key("table.example:7625", "k7qm-3xrt-9bhd"), "secret-token")
    assert stat.S_IMODE((tmp_path / SEATS_NAME).stat().st_mode) == 0o600
    assert remembered_token(seat_key("table.example:7625", "K7QM3XRT9BHD")) == "secret-token"


def test_a_host_playing_at_its_terminal_logs_the_table_to_a_file_not_over_the_game(tmp_path: Path) -> None:
    table_log = logging.getLogger("allfives.net")
    before = (table_log.handlers[:], table_log.level, table_log.propagate)
    try:
        path = log_to_file(tmp_path)
        table_log.warning("wrong table code from %s (4 in a row): it waits 20 s", "10.0.0.9")
        for handler in table_log.handlers:
            handler.flush()
        assert path is not None and "wrong table code from 10.0.0.9" in path.read_text(encoding="utf-8")
        assert not table_log.propagate  # (the root's stderr would draw over the screen)
    finally:
        for handler in table_log.handlers[len(before[0]):]:
            handler.close()
        table_log.handlers[:], table_log.level, table_log.propagate = before
