"""TLS for a table: the host's self-signed certificate, made once and kept, and the pin that checks it.

There is no certificate authority between friends: the host shares a fingerprint of the certificate
(the pin) with the code, and a joining client refuses any other certificate, so nobody on the way can
read the code or the seats' tokens, nor pose as the table. The pin is the first 128 bits of the
certificate's SHA-256 in base32 (26 letters and digits: the join line fits 80 columns); the whole
SHA-256 that earlier allfives printed (`SHA256:` and 43 characters) holds those bits too, and is taken.
"""

from __future__ import annotations

import base64
import contextlib
import datetime
import hashlib
import hmac
import os
import socket
import ssl
from collections.abc import Iterator
from pathlib import Path

from allfives.i18n import _
from allfives.userdata import write_atomically

CERT_NAME = "table-cert.pem"  # in the data dir, beside table.json
KEY_NAME = "table-key.pem"
LOCK_NAME = ".table-cert.lock"  # held while the pair is made or loaded: hosts started together share one
VALID_DAYS = 3650  # the pin stays the same for ten years: friends keep the join line that long
PIN_BYTES = 16  # 128 bits of the SHA-256: a second certificate with the same pin costs 2^128 tries
PIN_LENGTH = 26  # those bits in base32, unpadded
PIN_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz234567")
OLD_PIN_PREFIX = "SHA256:"  # an earlier allfives' pin: the whole SHA-256 in base64url, 43 characters
_BASE64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class PinMismatch(Exception):
    """The table showed another certificate than the one pinned: nothing was sent to it."""


def fingerprint(der: bytes) -> str:
    """The pin of a certificate (DER bytes): its SHA-256's first 128 bits in lower-case base32."""
    return _pin_of(hashlib.sha256(der).digest())


def _pin_of(digest: bytes) -> str:
    return base64.b32encode(digest[:PIN_BYTES]).decode("ascii").rstrip("=").lower()


def file_fingerprint(cert: Path) -> str:
    """The pin of a PEM certificate file (its first certificate: the server's own, before any chain).
    ValueError (one line) when the file holds none."""
    try:
        text = cert.read_text(encoding="ascii")
        start = text.index(ssl.PEM_HEADER)
        end = text.index(ssl.PEM_FOOTER, start) + len(ssl.PEM_FOOTER)
        return fingerprint(ssl.PEM_cert_to_DER_cert(text[start:end]))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        why = getattr(e, "strerror", None) or _("no PEM certificate in it")
        raise ValueError(_("cannot read the certificate {cert}: {why}").format(cert=cert, why=why)) from None


def clean_pin(given: str) -> str:
    """A pin as typed, in the form kept: either case, spaces and dashes left out; an earlier allfives'
    `SHA256:` pin as the first 128 bits it holds (anything else comes back as no pin: see `is_pin`)."""
    given = "".join(given.split())
    if given[:len(OLD_PIN_PREFIX)].upper() == OLD_PIN_PREFIX:
        body = given[len(OLD_PIN_PREFIX):]
        if len(body) != 43 or not set(body) <= _BASE64URL:
            return given
        return _pin_of(base64.urlsafe_b64decode(body + "="))
    return given.replace("-", "").lower()


def is_pin(given: str) -> bool:
    pin = clean_pin(given)
    return len(pin) == PIN_LENGTH and set(pin) <= PIN_LETTERS


def same_pin(given: str, pin: str) -> bool:
    return hmac.compare_digest(clean_pin(given).encode(), clean_pin(pin).encode())


def host_context(folder: Path) -> tuple[ssl.SSLContext, str]:
    """The host's own certificate in `folder` as the table serves with it, and the pin of that very pair.

    Made the first time (both files 0600), and made again if the pair there does not hold together
    (a key and a certificate of two hosts that raced before this lock): all under a lock on the folder,
    so hosts started together on an empty folder make one pair between them and show its pin.
    OSError when the folder cannot hold it."""
    cert, key = folder / CERT_NAME, folder / KEY_NAME
    folder.mkdir(parents=True, exist_ok=True)
    with _locked(folder / LOCK_NAME):
        if not (cert.exists() and key.exists()):
            make_certificate(cert, key)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        try:
            context.load_cert_chain(cert, key)
        except ssl.SSLError:  # not a pair (or not PEM): nobody could have joined with it; a new one
            make_certificate(cert, key)
            context.load_cert_chain(cert, key)
        return context, file_fingerprint(cert)


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold the lock file `path` (waiting for whoever holds it: making a certificate takes milliseconds)."""
    try:
        import fcntl
    except ImportError:  # Windows
        from filelock import FileLock

        with FileLock(path):
            yield
        return
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # (closing the descriptor lets go of its flock)


def make_certificate(cert: Path, key: Path, name: str | None = None) -> str:
    """A new self-signed certificate (ECDSA P-256) and its key, written 0600; its pin."""
    # cryptography is imported only here: making a certificate is rare, loading the library is not free
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    host = name or socket.gethostname() or "allfives"
    private = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"allfives table at {host}"[:64])])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject).issuer_name(subject)
        .public_key(private.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost")]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(private, hashes.SHA256())
    )
    key_pem = private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                    serialization.NoEncryption())
    cert_pem = certificate.public_bytes(serialization.Encoding.PEM)
    write_atomically(key, key_pem.decode("ascii"))  # (0600, as every file we write: mkstemp's mode)
    write_atomically(cert, cert_pem.decode("ascii"))
    return fingerprint(certificate.public_bytes(serialization.Encoding.DER))


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    """What the table serves with: TLS 1.2 or later, this certificate. ValueError (one line) if unusable."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as e:
        raise ValueError(_("cannot use the certificate {cert} with the key {key}: {why}").format(
            cert=cert, key=key, why=getattr(e, "strerror", None) or e)) from None
    return context


def pinned_context() -> ssl.SSLContext:
    """What a joining client connects with: encrypted, and no CA asked (the pin checks the table)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def check_pin(ssl_object: ssl.SSLObject | ssl.SSLSocket | None, pin: str) -> None:
    """Raise PinMismatch unless the peer's certificate is the pinned one (before anything is sent)."""
    der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
    if not der:
        raise PinMismatch(_("the table showed no certificate"))
    shown = fingerprint(der)
    if not same_pin(shown, pin):
        raise PinMismatch(_("its certificate is {shown}, not the pin in the join line; someone may be in "
                            "between, or the host made a new certificate: ask the host for the line again")
                          .format(shown=shown))
