"""The visitors' folders on disk: the key their ids are signed with, a folder made for a game, and the
folders nobody uses any more deleted (those unused for a visitor cookie's life, and the oldest unused
past a cap), so a server left running never fills its disk.

A folder's last use is its modification time: the server touches it whenever a game starts or ends in it.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from collections.abc import Collection, Mapping
from pathlib import Path

from .gate import new_key

KEY_FILE = "visitors.key"  # beside the sandboxes; no sandbox is ever named like it
_SANDBOX = re.compile(r"[0-9a-f]{32}")  # what `gate.sandbox` names: nothing else here is ever deleted


def visitor_key(root: Path) -> bytes:
    """The server's key for visitor ids, kept in `root` (only the server's user may read it), made the
    first time: returning visitors keep their ids across restarts."""
    path = root / KEY_FILE
    with contextlib.suppress(OSError):
        key = path.read_bytes()
        if len(key) == 32:
            return key
    key = new_key()
    handle, made = tempfile.mkstemp(dir=root, prefix=".key-")  # (mode 0600)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(key)
        os.replace(made, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(made)
        raise
    return key


def open_sandbox(folder: Path) -> None:
    """A game is about to play in `folder`: make it (for the server's user alone) or mark it used."""
    folder.mkdir(mode=0o700, exist_ok=True)
    os.utime(folder)


def mark_used(folder: Path) -> None:
    """A game in `folder` has ended: its last use is now."""
    with contextlib.suppress(OSError):
        os.utime(folder)


def to_prune(last_used: Mapping[str, float], now: float, keep_seconds: float, most: int,
             busy: Collection[str] = ()) -> list[str]:
    """The sandboxes to delete, oldest first: every one unused for `keep_seconds`, then the oldest unused
    until at most `most` are left. A busy one (a game plays in it) is never deleted."""
    idle = sorted((when, name) for name, when in last_used.items() if name not in busy)
    stale = [name for when, name in idle if now - when >= keep_seconds]
    over = max(0, len(last_used) - len(stale) - most)
    rest = [name for when, name in idle if now - when < keep_seconds]
    return stale + rest[:over]


def prune(root: Path, now: float, keep_seconds: float, most: int, busy: Collection[str] = ()) -> list[str]:
    """Delete the sandboxes under `root` that `to_prune` picks; returns their names. Only folders named as
    sandboxes are, never a link nor anything else there."""
    last_used: dict[str, float] = {}
    with contextlib.suppress(OSError), os.scandir(root) as entries:
        for entry in entries:
            with contextlib.suppress(OSError):
                if _SANDBOX.fullmatch(entry.name) and entry.is_dir(follow_symlinks=False):
                    last_used[entry.name] = entry.stat(follow_symlinks=False).st_mtime
    gone = []
    for name in to_prune(last_used, now, keep_seconds, most, busy):
        with contextlib.suppress(OSError):
            shutil.rmtree(root / name)
            gone.append(name)
    return gone
