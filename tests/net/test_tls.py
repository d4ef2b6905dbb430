"""wss:// with a pinned certificate: the right pin sits down, a substituted certificate hears nothing."""

from __future__ import annotations

import asyncio
import base64
import stat
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization

from allfives.net.client import NotTheTable, TableClient
from allfives.net.tls import (
    PIN_PREFIX,
    clean_pin,
    file_fingerprint,
    fingerprint,
    host_certificate,
    is_pin,
    make_certificate,
    server_context,
)
from tests.conftest import TableCertificate

from .helpers import four_seat_table, serving

LIMIT = 30


def test_the_host_certificate_is_made_once_kept_0600_and_its_pin_is_its_sha256(tmp_path: Path) -> None:
    cert, key = host_certificate(tmp_path)
    pin = file_fingerprint(cert)
    assert host_certificate(tmp_path) == (cert, key) and file_fingerprint(cert) == pin  # kept, not made again
    assert {stat.S_IMODE(p.stat().st_mode) for p in (cert, key)} == {0o600}
    loaded = x509.load_pem_x509_certificate(cert.read_bytes())
    assert pin == fingerprint(loaded.public_bytes(serialization.Encoding.DER))
    digest = loaded.fingerprint(hashes.SHA256())  # the library's own reckoning
    assert pin == PIN_PREFIX + base64.urlsafe_b64encode(digest).decode().rstrip("=")
    assert is_pin(pin) and len(pin) == 50 and clean_pin(pin[len(PIN_PREFIX):]) == pin
    assert clean_pin("sha256:" + pin[len(PIN_PREFIX):]) == pin and not is_pin(pin[:-1])


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
            with pytest.raises(NotTheTable, match="it may serve wss://: join with the host's line, --pin"):
                await TableClient(server.address, server.table.code, "Ann").run()
        async with serving(four_seat_table()) as server:
            with pytest.raises(NotTheTable, match="did not answer with TLS .*joined with --insecure"):
                await TableClient(server.address, server.table.code, "Ann", pin=table_certificate.pin).run()
