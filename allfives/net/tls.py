"""TLS for a table: the host's self-signed certificate, made once and kept, and the pin that checks it.

There is no certificate authority between friends: the host shares the certificate's SHA-256
fingerprint (the pin) with the code, and a joining client refuses any other certificate, so
nobody on the way can read the code or the seats' tokens, nor pose as the table.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import hmac
import socket
import ssl
from pathlib import Path

from allfives.i18n import _
from allfives.userdata import write_atomically

PIN_PREFIX = "SHA256:"
CERT_NAME = "table-cert.pem"  # in the data dir, beside table.json
KEY_NAME = "table-key.pem"
VALID_DAYS = 3650  # the pin stays the same for ten years: friends keep the join line that long


class PinMismatch(Exception):
    """The table showed another certificate than the one pinned: nothing was sent to it."""


def fingerprint(der: bytes) -> str:
    """The pin of a certificate (DER bytes): `SHA256:` and its hash in base64url, 43 characters."""
    digest = hashlib.sha256(der).digest()
    return PIN_PREFIX + base64.urlsafe_b64encode(digest).decode().rstrip("=")


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
    """A pin as typed: the prefix in any case, or left out."""
    given = given.strip()
    if given[:len(PIN_PREFIX)].upper() == PIN_PREFIX:
        given = given[len(PIN_PREFIX):]
    return PIN_PREFIX + given


def is_pin(given: str) -> bool:
    body = clean_pin(given)[len(PIN_PREFIX):]
    alphabet = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    return len(body) == 43 and set(body) <= alphabet


def same_pin(given: str, pin: str) -> bool:
    return hmac.compare_digest(clean_pin(given).encode(), clean_pin(pin).encode())


def host_certificate(folder: Path) -> tuple[Path, Path]:
    """The host's certificate and key in `folder`, made the first time (both kept 0600)."""
    cert, key = folder / CERT_NAME, folder / KEY_NAME
    if not (cert.exists() and key.exists()):
        make_certificate(cert, key)
    return cert, key


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
