"""Wormhole codes as people type them, and which servers a wormhole goes through: light (no Twisted).

A wormhole code is a nameplate number and words, `7-guitarist-revenge`; typed with spaces or capitals
(`7 Guitarist Revenge`) it is the same code. The mailbox server (rendezvous) and the transit relay are
magic-wormhole's public ones unless `--mailbox`/`--transit`, `ALLFIVES_MAILBOX`/`ALLFIVES_TRANSIT` or
prefs.toml's `[anywhere]` say otherwise.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

from allfives.i18n import _

APP_ID = "allfives.example/anywhere/v1"  # our own: a mailbox server keeps each app's nameplates apart
# magic-wormhole's public servers (wormhole/cli/public_relay.py; a test checks they still agree)
PUBLIC_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
PUBLIC_TRANSIT = "transit.magic-wormhole.io:4001"
CODE_WORDS = 2  # words after the nameplate: 16 bits to guess, and one guess per code (SPAKE2)

_SHAPE = re.compile(r"[0-9]+(?:[\s-]+[A-Za-z]+)+")
_CODE = re.compile(r"[0-9]+(?:-[a-z]+)+")
_MAILBOX = re.compile(r"wss?://[A-Za-z0-9.\-\[\]:]+(?::[0-9]{1,5})?(?:/[A-Za-z0-9._~/\-]*)?")
_TRANSIT = re.compile(r"(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.\-]+):[0-9]{1,5}")


def looks_like_code(text: str) -> bool:
    """Whether `text` is shaped like a wormhole code (a number, then words), in any case and spacing."""
    return bool(_SHAPE.fullmatch(text.strip()))


def clean_code(text: str) -> str:
    """`7 Guitarist  Revenge` -> `7-guitarist-revenge`; ValueError (one line) for what is no code."""
    text = text.strip()
    if len(text) > 100 or not looks_like_code(text):
        raise ValueError(_("not a wormhole code: a code is a number and words, like 7-guitarist-revenge"))
    code = "-".join(part for part in re.split(r"[\s-]+", text.lower()) if part)
    assert _CODE.fullmatch(code)
    return code


def code_from_argv(argv: list[str]) -> tuple[str, list[str]] | None:
    """The wormhole code at the start of `allfives join`'s arguments (maybe typed as several words: they
    are gathered) and the arguments after it; None when they start with something else (HOST:PORT).
    What starts like a code but is none comes back too, for `clean_code` to say why."""
    if not argv or ":" in argv[0] or not re.match(r"\s*[0-9]+(?:[\s-]|$)", argv[0]):
        return None
    words, rest = [argv[0]], argv[1:]
    while rest and re.fullmatch(r"[A-Za-z]+(?:[\s-]+[A-Za-z]+)*", rest[0].strip()):
        words.append(rest.pop(0))
    return " ".join(words), rest


@dataclass(frozen=True)
class Servers:
    """The mailbox server (a websocket URL) and the transit relay (HOST:PORT) a wormhole goes through."""

    mailbox: str = PUBLIC_MAILBOX
    transit: str = PUBLIC_TRANSIT

    @property
    def transit_hint(self) -> str:
        """The relay as magic-wormhole names it (`tcp:HOST:PORT`)."""
        host, port = self.transit.rsplit(":", 1)
        return f"tcp:{host}:{port}"


def mailbox_url(value: str) -> str:
    """A mailbox server's address, checked; ValueError (one line) otherwise."""
    if not isinstance(value, str) or not _MAILBOX.fullmatch(value.strip()):
        raise ValueError(_("a mailbox server is a ws:// or wss:// URL, like {example}").format(
            example=PUBLIC_MAILBOX))
    return value.strip()


def transit_address(value: str) -> str:
    """A transit relay's HOST:PORT (a `tcp:` before it is taken too), checked; ValueError otherwise."""
    text = value.strip().removeprefix("tcp:") if isinstance(value, str) else ""
    if not _TRANSIT.fullmatch(text) or not 0 < int(text.rsplit(":", 1)[1]) < 65536:
        raise ValueError(_("a transit relay is HOST:PORT, like {example}").format(example=PUBLIC_TRANSIT))
    return text


def servers_from(mailbox: str | None = None, transit: str | None = None,
                 env: Mapping[str, str] | None = None, prefs: Mapping[str, str] | None = None) -> Servers:
    """The servers to use: a flag, else the environment (ALLFIVES_MAILBOX, ALLFIVES_TRANSIT), else
    prefs.toml's [anywhere], else magic-wormhole's public ones. ValueError names the bad one."""
    env = os.environ if env is None else env
    prefs = prefs or {}
    chosen = {}
    for key, flag, check in (("mailbox", mailbox, mailbox_url), ("transit", transit, transit_address)):
        where, value = next(((w, v) for w, v in ((f"--{key}", flag), (f"ALLFIVES_{key.upper()}", env.get(
            f"ALLFIVES_{key.upper()}")), (f"prefs.toml [anywhere] {key}", prefs.get(key))) if v), ("", None))
        if value is None:
            continue
        try:
            chosen[key] = check(value)
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None
    return Servers(**chosen)
