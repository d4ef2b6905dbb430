"""Where allfives keeps the player's files (games in the data dir, preferences in the config dir),
writing one so it is either whole or not there at all, and where a record file's journal goes
(record_file.py reads the two)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def data_dir() -> Path:
    """ALLFIVES_DATA_DIR when set (tests use it), else the platform's user data directory."""
    env = os.environ.get("ALLFIVES_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("allfives"))


def config_dir() -> Path:
    """ALLFIVES_CONFIG_DIR when set (tests use it), else the platform's user config directory
    ($XDG_CONFIG_HOME/allfives, ~/.config/allfives on Linux): where the preferences live."""
    env = os.environ.get("ALLFIVES_CONFIG_DIR")
    if env:
        return Path(env)
    from platformdirs import user_config_dir

    return Path(user_config_dir("allfives"))


JOURNAL_SUFFIX = ".journal"
JOURNAL_FORMAT = "allfives-journal/1"  # its first line's "journal"
JOURNAL_ID = "journal_id"  # the record file's field naming the journal that goes on it (its "base")


def journal_path(path: str | os.PathLike[str]) -> Path:
    """Where the journal of the record file at `path` is: beside it, its name and `.journal`."""
    return Path(os.fspath(path) + JOURNAL_SUFFIX)


def write_atomically(path: Path, text: str, prefix: str | None = None) -> None:
    """Write a whole file or nothing: a crash mid-write leaves the old one in place.

    The text goes first to `<prefix>XXXXXXXX.tmp` beside it, prefix `.<its name>-` unless given, so
    a temporary file left by a kill says whose write it was (the save store cleans up its own).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=prefix or f".{path.stem}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
