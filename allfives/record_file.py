"""Opening a game record or save from anywhere: a regular file, of a sane size, read without blocking.

The engine reads a record's text; what counts as a file worth reading is decided here, once, for
everything that opens one (`allfives replay`, the save store, and any command that takes a FILE).
"""

from __future__ import annotations

import os
import stat
from typing import Any

from allfives.engine import RecordError, parse_json

# A 1,000-hand game takes about 0.75 MB as the app writes it, and a game to 250 rarely runs past
# 30 hands: anything bigger is not a game record, and is refused before it is read.
MAX_RECORD_BYTES = 8 * 1024 * 1024
_CHUNK = 1 << 16


def _name(path: str | os.PathLike[str]) -> str:
    """The path as a one-line message shows it: a very long one keeps only its end."""
    text = os.fsdecode(path).replace("\n", "\\n")
    return text if len(text) <= 80 else "…" + text[-79:]


def read_record_text(path: str | os.PathLike[str], limit: int = MAX_RECORD_BYTES) -> str:
    """The text of a record file; RecordError, with one line naming the file, for anything else.

    Never blocks and never reads more than `limit` bytes: a FIFO, a device such as /dev/zero, a
    directory or a symlink to any of them is refused after one non-blocking open and an fstat.
    """
    name = _name(path)
    flags = os.O_RDONLY
    for extra in ("O_NONBLOCK", "O_NOCTTY", "O_CLOEXEC"):  # not every platform has them
        flags |= getattr(os, extra, 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise RecordError(f"{name}: cannot read: {e.strerror or e}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise RecordError(f"{name}: not a regular file ({_kind(info.st_mode)}), so not a game record")
        if info.st_size > limit:
            raise RecordError(f"{name}: {info.st_size:,} bytes, {_too_big(limit)}")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:  # the file may grow while we read: stop one byte past the limit
            chunk = os.read(fd, min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise RecordError(f"{name}: more than {limit:,} bytes, {_too_big(limit)}")
    except OSError as e:
        raise RecordError(f"{name}: cannot read: {e.strerror or e}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    try:
        return data.decode("utf-8-sig")  # a byte-order mark is not an error
    except UnicodeDecodeError as e:
        byte = data[e.start]
        raise RecordError(f"{name}: not UTF-8 text (byte 0x{byte:02x} at offset {e.start})") from None


def _too_big(limit: int) -> str:
    mb = f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit:,} bytes"
    return f"too big for a game record (at most {mb} is read; a 1,000-hand game takes under 1 MB)"


def _kind(mode: int) -> str:
    for test, what in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return what
    return "not a file"


def read_record(path: str | os.PathLike[str], limit: int = MAX_RECORD_BYTES) -> tuple[Any, str]:
    """The JSON data of a record file and its text; RecordError (one line, naming the file) if neither."""
    text = read_record_text(path, limit)
    try:
        return parse_json(text), text
    except RecordError as e:
        raise RecordError(f"{_name(path)}: {e}") from None


__all__ = ["MAX_RECORD_BYTES", "read_record", "read_record_text"]
