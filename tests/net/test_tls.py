"""wss:// with a pinned certificate: the right pin sits down, a substituted certificate hears nothing; the
host's own pair is made once, by one of many hosts started together, and its pin is the pair's."""

from __future__ import annotations

import asyncio
import base64
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization

from allfives.net.client import NotTheTable, TableClient
from allfives.net.tls import (
    CERT_NAME,
    KEY_NAME,
    clean_pin,
    file_fingerprint,
    fingerprint,
    host_context,
    is_pin,
    make_certificate,
    same_pin,
    server_context,
)
from tests.conftest import TableCertificate

from .helpers import four_seat_table, serving

LIMIT = 30
ROOT = Path(__file__).resolve().parents[2]


def test_the_host_certificate_is_made_once_kept_0600_and_its_pin_is_128_bits_of_its_sha256(
        tmp_path: Path) -> None:
    _context, pin = host_context(tmp_path)
    cert, key = tmp_path / CERT_NAME, tmp_path / KEY_NAME
    assert host_context(tmp_path)[1] == pin == file_fingerprint(cert)  # kept, not made again
    assert {stat.S_IMODE(p.stat().st_mode) for p in (cert, key)} == {0o600}
    loaded = x509.load_pem_x509_certificate(cert.read_bytes())
    assert pin == fingerprint(loaded.public_bytes(serialization.Encoding.DER))
    digest = loaded.fingerprint(hashes.SHA256())  # the library's own reckoning
    assert pin == base64.b32encode(digest[:16]).decode().rstrip("=").lower()
    assert is_pin(pin) and len(pin) == 26 and not is_pin(pin[:-1]) and not is_pin(pin + "a")
    assert clean_pin(f" {pin.upper()[:13]}-{pin.upper()[13:]} ") == pin  # typed in capitals, in two
    old = "SHA256:" + base64.urlsafe_b64encode(digest).decode().rstrip("=")  # an earlier allfives' pin
    assert is_pin(old) and clean_pin(old) == pin and same_pin(old, pin) and same_pin("sha256:" + old[7:], pin)
    assert not is_pin("SHA256:" + old[8:]) and not is_pin("SHA256:" + "A" * 26)


def test_a_pair_left_mismatched_is_made_again_and_served_with_its_own_pin(tmp_path: Path) -> None:
    host_context(tmp_path)
    make_certificate(tmp_path / "other.pem", tmp_path / KEY_NAME)  # another host's key over ours
    context, pin = host_context(tmp_path)
    assert pin == file_fingerprint(tmp_path / CERT_NAME)
    server_context(tmp_path / CERT_NAME, tmp_path / KEY_NAME)  # a pair again


# A host as `allfives host` starts: ready, then (all at once, on a line from the test) its certificate
# and the pin it shows.
HOST_STARTS = textwrap.dedent("""
    import sys
    from cryptography.hazmat.primitives.asymmetric import ec  # (loaded before the start: all race)
    from allfives.net.cli import parse_host
    print("ready", flush=True)
    sys.stdin.readline()
    args, _table = parse_host(["--headless"])
    print(args.pin, flush=True)
""")


def test_five_hosts_started_together_on_an_empty_folder_show_one_pin_the_pair_on_disk(tmp_path: Path) -> None:
    env = {**os.environ, "ALLFIVES_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    hosts = [subprocess.Popen([sys.executable, "-c", HOST_STARTS], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT, text=True)
             for _ in range(5)]
    try:
        for host in hosts:
            assert host.stdout is not None and host.stdout.readline() == "ready\n"
        for host in hosts:  # all five at once
            assert host.stdin is not None
            host.stdin.write("go\n")
            host.stdin.flush()
        shown = []
        for host in hosts:
            out, err = host.communicate(timeout=LIMIT)
            assert host.returncode == 0, err
            shown.append(out.strip())
    finally:
        for host in hosts:
            host.kill()
            host.wait()
    folder = tmp_path / "data"
    assert len(set(shown)) == 1 and shown[0] == file_fingerprint(folder / CERT_NAME), shown
    server_context(folder / CERT_NAME, folder / KEY_NAME)  # the key is the certificate's


def test_a_chain_file_pins_its_first_certificate_and_a_bad_file_says_why(tmp_path: Path,
                                                                          table_certificate: TableCertificate
                                                                          ) -> None:
    other = tmp_path / "other.pem"
    make_certificate(other, tmp_path / "other-key.pem")
    chain = tmp_path / "chain.pem"
    chain.write_text(table_certificate.cert.read_text() + other.read_text())
    assert file_fingerprint(chain) == table_certificate.pin
    (tmp_path / "junk.pem").write_text("not a certificate")
    with pytest.raises(ValueError, match="no PEM certificate"):
        file_fingerprint(tmp_path / "junk.pem")
    with pytest.raises(ValueError, match="cannot use the certificate"):
        server_context(table_certificate.cert, tmp_path / "other-key.pem")  # a key of another certificate


async def test_a_pinned_join_sits_down_and_a_substituted_certificate_is_refused_before_the_hello(
        tmp_path: Path, table_certificate: TableCertificate) -> None:
    good = server_context(table_certificate.cert, table_certificate.key)
    fake_pin = make_certificate(tmp_path / "fake.pem", tmp_path / "fake-key.pem")
    fake = server_context(tmp_path / "fake.pem", tmp_path / "fake-key.pem")
    assert fake_pin != table_certificate.pin
    async with asyncio.timeout(LIMIT):
        table = four_seat_table()
        async with serving(table, tls=good) as server:
            friend = TableClient(server.address, table.code, "Ann", pin=table_certificate.pin)
            assert friend.uri.startswith("wss://")
            run = asyncio.create_task(friend.run())
            await friend.wait_until(lambda: friend.seat is not None)
            assert friend.ws is not None and friend.ws.transport.get_extra_info("ssl_object") is not None
            assert table.setup.players[friend.seat].name == "Ann"
            friend.stop()
            await run
        impostor = four_seat_table()  # someone in between, with a certificate of their own
        async with serving(impostor, tls=fake) as server:
            fooled = TableClient(server.address, table.code, "Ann", pin=table_certificate.pin)
            with pytest.raises(NotTheTable, match="not the host.s table: its certificate is") as why:
                await fooled.run()
            assert fake_pin in str(why.value) and "ask the host for the line again" in str(why.value)
            assert all(seat.token_hash is None for seat in impostor.seats)  # never heard a hello
            assert fooled.connections == 0


async def test_a_plain_join_to_a_wss_table_and_a_pinned_join_to_a_plain_one_say_what_to_do(
        table_certificate: TableCertificate) -> None:
    tls = server_context(table_certificate.cert, table_certificate.key)
    async with asyncio.timeout(LIMIT):
        async with serving(four_seat_table(), tls=tls) as server:
            with pytest.raises(NotTheTable, match="it may serve wss://: join with the host's whole line"):
                await TableClient(server.address, server.table.code, "Ann").run()
        async with serving(four_seat_table()) as server:
            with pytest.raises(NotTheTable, match="did not answer with TLS .*joined with --insecure"):
                await TableClient(server.address, server.table.code, "Ann", pin=table_certificate.pin).run()
