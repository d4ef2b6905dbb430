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
    log_to_file,
    open_table,
    parse_host,
    parse_join,
    rejoin_line,
    remember_token,
    remembered_token,
    seat_key,
    wanted_seat,
)
from allfives.net.table import shown_code
from allfives.net.tls import CERT_NAME, file_fingerprint
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
    assert main(["join", "127.0.0.1:9", "--code", CODE, "--insecure", "--autoplay", "easy"]) == 2
    assert "cannot reach 127.0.0.1:9" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["join", "localhost", "--code", CODE, "--insecure"])
    assert "HOST:PORT" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["join", "localhost:1", "--code", CODE, "--insecure", "--name", "Bob\x1b[31m"])
    assert "--name: a name cannot hold a control character (U+001B)" in capsys.readouterr().err


def test_join_counts_seats_from_one_as_the_lobby_shows_them() -> None:
    assert wanted_seat(parse_join(["localhost:1", "--code", CODE, "--insecure", "--seat", "2"])) == 1
    assert wanted_seat(parse_join(["localhost:1", "--code", CODE, "--insecure"])) is None
    with pytest.raises(SystemExit):
        parse_join(["localhost:1", "--code", CODE, "--insecure", "--seat", "0"])


PIN = "SHA256:" + "A" * 43


@pytest.mark.parametrize(("argv", "why"), [
    (["table.example:7625", "--code", CODE, "--insecure"], "--insecure sends the code where anyone"),
    (["192.168.1.5:7625", "--code", CODE, "--insecure"], "not to 192.168.1.5"),
    (["table.example:7625", "--code", CODE], "--pin is missing: use the whole line"),
    (["table.example:7625", "--code", CODE, "--pin", "SHA256:short"], "--pin: a pin is SHA256: and 43"),
    (["[::1]:7625", "--code", CODE, "--insecure", "--pin", PIN], "no --pin to check"),
    (["table.example:7625", "--code", "ABCDEF", "--pin", PIN], "--code: a table code is 12 letters"),
])
def test_join_refuses_plain_ws_off_loopback_and_a_missing_pin_or_code_in_one_line(
        argv: list[str], why: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse_join(argv)
    last = capsys.readouterr().err.splitlines()[-1]  # after the usage: the one line saying why
    assert exit_.value.code == 2 and last.startswith("allfives join: error: ") and why in last


def test_join_takes_the_host_s_line_as_printed_and_loopback_may_go_plain() -> None:
    args = parse_join(["table.example:7625", "--code", "k7qm-3xrt-9bhd", "--pin", "sha256:" + "A" * 43])
    assert args.pin == PIN
    assert rejoin_line(args) == f"allfives join table.example:7625 --code K7QM-3XRT-9BHD --pin {PIN}"
    for address in ("127.0.0.1:7625", "localhost:7625", "[::1]:7625", "127.0.0.2:1"):
        assert parse_join([address, "--code", CODE, "--insecure"]).pin is None


def test_host_serves_wss_with_the_certificate_it_keeps_and_plain_ws_only_on_loopback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        table_certificate: TableCertificate) -> None:
    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(tmp_path))
    args, table = parse_host(["--headless"])
    assert args.tls is not None and args.pin == file_fingerprint(tmp_path / CERT_NAME)
    again, _ = parse_host(["--headless"])
    assert again.pin == args.pin  # the same certificate: the join line friends keep stays right
    line = join_command("127.0.0.1", 7625, table.code, args.pin)
    assert line == f"allfives join 127.0.0.1:7625 --code {shown_code(table.code)} --pin {args.pin}"
    assert parse_join(line.split()[2:]).pin == args.pin  # what the host prints, join takes
    given, _ = parse_host(["--headless", "--tls-cert", str(table_certificate.cert),
                           "--tls-key", str(table_certificate.key)])
    assert given.pin == table_certificate.pin
    plain, _ = parse_host(["--headless", "--insecure"])
    assert plain.tls is None and plain.pin is None
    assert join_command("127.0.0.1", 7625, "K7QM3XRT9BHD", None).endswith("--code K7QM-3XRT-9BHD --insecure")
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
