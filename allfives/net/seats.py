"""The tokens of the seats this machine sits at (seats.json), kept to come back after a restart: one file
for both joins, a LAN table's seat under its address and code, a wormhole table's under its code."""

from __future__ import annotations

import json
from pathlib import Path

from allfives.play.saving import data_dir, why_unsaved
from allfives.userdata import write_atomically

from .table import clean_code

SEATS_NAME = "seats.json"  # the tokens of the tables this machine sits at, to come back after a restart
ANYWHERE_KEY = "anywhere {code}"  # under what a wormhole table's seat is kept: the table's code


def seat_key(address: str, code: str) -> str:
    """Under what a LAN table's seat token is kept in seats.json."""
    return f"{address} {clean_code(code)}"


def anywhere_key(table_code: str) -> str:
    """Under what a wormhole table's seat token is kept."""
    return ANYWHERE_KEY.format(code=table_code)


def remembered_token(key: str) -> str | None:
    return _remembered(data_dir() / SEATS_NAME).get(key)


def remember_token(key: str, token: str) -> str | None:
    """Keep a seat's token in seats.json; why it could not be kept (a full disk), or None."""
    if remembered_token(key) != token:
        return _remember(data_dir() / SEATS_NAME, key, token)
    return None


def _remembered(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} \
        if isinstance(data, dict) else {}


def _remember(path: Path, key: str, token: str) -> str | None:
    """Why the token could not be kept, or None: coming back after a restart needs it; playing on does
    not (so a guest plays on; the host is told, as its seat is the one the table resumes with)."""
    seats = _remembered(path)
    seats[key] = token
    try:
        write_atomically(path, json.dumps(seats, indent=1))  # 0600, like table.json: tokens hold seats
    except OSError as e:
        return why_unsaved(e)
    return None
