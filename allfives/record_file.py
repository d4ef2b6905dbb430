"""Opening a game record or save from anywhere: a regular file, of a sane size, read without blocking,
with the journal of moves beside it.

The engine reads a record's text; what counts as a file worth reading is decided here, once, for
everything that opens one (`allfives replay`, the save store, and any command that takes a FILE).

A save is written whole only now and then (at each hand's end, at least); the moves made since are
appended to its journal, `<file>.journal`, so a move costs the same however long the game. The
journal is JSON lines: first `{"journal": "allfives-journal/1", "base": ID}`, naming the record it
goes on (the record file holds the same ID as `journal_id`), then one change a line:
- `{"hand": N, "at": K, "moves": [...]}`: hand N (the last) keeps its first K moves, then these;
- `{"hand": N, "dealt": {"hands": ..., "boneyard": ..., "leader": ...}, "moves": [...]}`: hand N is dealt;
- `{"set": {...}}`: fields of the record beside its hands (the players, `saved_at`...) are now these.
`read_record` reads both and returns the record as it stands. A line cut short (a write killed
half-way) ends the journal and is ignored; a journal of another ID is older than its record (which
was written whole since) and is ignored; anything else wrong in it is a bad record.
"""

from __future__ import annotations

import json
import os
import stat
from typing import Any

from allfives import i18n
from allfives.engine import RecordError, parse_json
from allfives.engine.values import brief, describe
from allfives.i18n import N_, _, ngettext
from allfives.names import NameRefused, check_players
from allfives.userdata import JOURNAL_FORMAT, JOURNAL_ID, journal_path

# What a journal may not change: the record's own fields, and the tie between the two files.
_FIXED = frozenset({"format", "rules", "hands", "seed", "seeded", JOURNAL_ID})

# A 1,000-hand game takes about 0.75 MB as the app writes it, and a game to 250 rarely runs past
# 30 hands: anything bigger is not a game record, and is refused before it is read.
MAX_RECORD_BYTES = 8 * 1024 * 1024
_CHUNK = 1 << 16


def shown_path(path: str | os.PathLike[str]) -> str:
    """The path as a one-line message shows it (every RecordError here begins with it and a colon): a very
    long one keeps only its end."""
    text = os.fsdecode(path).replace("\n", "\\n")
    return text if len(text) <= 80 else "…" + text[-79:]


def read_record_text(path: str | os.PathLike[str], limit: int = MAX_RECORD_BYTES) -> str:
    """The text of a record file; RecordError, with one line naming the file, for anything else.

    Never blocks and never reads more than `limit` bytes: a FIFO, a device such as /dev/zero, a
    directory or a symlink to any of them is refused after one non-blocking open and an fstat.
    """
    name = shown_path(path)
    flags = os.O_RDONLY
    for extra in ("O_NONBLOCK", "O_NOCTTY", "O_CLOEXEC"):  # not every platform has them
        flags |= getattr(os, extra, 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise RecordError(_("{file}: cannot read: {why}").format(file=name, why=e.strerror or e)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise RecordError(_("{file}: not a regular file ({kind}), so not a game record").format(
                file=name, kind=_(_kind(info.st_mode))))
        if info.st_size > limit:
            raise RecordError(_("{file}: {size} bytes, {too_big}").format(
                file=name, size=i18n.number(info.st_size), too_big=_too_big(limit)))
        chunks: list[bytes] = []
        size = 0
        while size <= limit:  # the file may grow while we read: stop one byte past the limit
            chunk = os.read(fd, min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise RecordError(_("{file}: more than {size} bytes, {too_big}").format(
                file=name, size=i18n.number(limit), too_big=_too_big(limit)))
    except OSError as e:
        raise RecordError(_("{file}: cannot read: {why}").format(file=name, why=e.strerror or e)) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    try:
        return data.decode("utf-8-sig")  # a byte-order mark is not an error
    except UnicodeDecodeError as e:
        byte = data[e.start]
        raise RecordError(_("{file}: not UTF-8 text (byte {byte} at offset {offset})").format(
            file=name, byte=f"0x{byte:02x}", offset=e.start)) from None


def _too_big(limit: int) -> str:
    most = (_("{n} MB").format(n=limit // (1024 * 1024)) if limit >= 1024 * 1024
            else _("{n} bytes").format(n=i18n.number(limit)))
    why = _("too big for a game record (at most {most} is read; a {hands}-hand game takes under 1 MB)")
    return why.format(most=most, hands=i18n.number(1000))


def _kind(mode: int) -> str:
    for test, what in ((stat.S_ISDIR, N_("a directory")), (stat.S_ISFIFO, N_("a FIFO")),
                       (stat.S_ISCHR, N_("a device")), (stat.S_ISBLK, N_("a device")),
                       (stat.S_ISSOCK, N_("a socket"))):
        if test(mode):
            return what
    return N_("not a file")


def read_record(path: str | os.PathLike[str], limit: int = MAX_RECORD_BYTES, *,
                names: bool = True) -> tuple[Any, str]:
    """The JSON data of a record file, its journal's changes made, and its text; RecordError (one
    line, naming the file) if neither can be read, or if a player it names breaks the name rule
    (`names.check_players`: every command refuses the same names; `names=False` only to look up a
    field of a file already set aside)."""
    text = read_record_text(path, limit)
    try:
        data = parse_json(text)
    except RecordError as e:
        raise RecordError(f"{shown_path(path)}: {e}") from None
    if isinstance(data, dict) and JOURNAL_ID in data:
        journal = journal_path(path)
        base = data.pop(JOURNAL_ID)
        if os.path.lexists(journal) and apply_journal(data, base, read_record_text(journal, limit),
                                                      shown_path(journal)):
            text = json.dumps(data, indent=1)
    if names and isinstance(data, dict):
        try:
            check_players(data.get("players"))
        except NameRefused as e:
            raise RecordError(f"{shown_path(path)}: {e}") from None
    return data, text


def unchecked_deals(hands: int) -> str:
    """What `allfives replay` and `review` say of a record whose hands carry no fair deal's commitment
    (RECORD.md's older format): those deals could not be checked, so the command says so, not nothing."""
    return ngettext(
        "deals not checked: {n} hand carries no deal commitment (a record from before fair deals)",
        "deals not checked: {n} hands carry no deal commitment (a record from before fair deals)",
        hands).format(n=hands)


def apply_journal(data: dict[str, Any], base: object, text: str, name: str = "the journal") -> bool:
    """Make the changes of a journal's `text` to the record `data` whose `journal_id` is `base`;
    False when there were none for it (RecordError, naming the line, for a journal that is wrong)."""
    lines = text.split("\n")
    lines.pop()  # after the last newline: nothing, or a line a kill cut short (ignored)
    if not lines:
        return False
    try:
        head = parse_json(lines[0])
    except RecordError as e:
        raise RecordError(_("{file}, line {n}: {why}").format(file=name, n=1, why=e)) from None
    if not isinstance(head, dict) or head.get("journal") != JOURNAL_FORMAT:
        raise RecordError(_("{file}, line {n}: not a journal of {format}").format(
            file=name, n=1, format=JOURNAL_FORMAT))
    if head.get("base") != base:
        return False  # the journal of an older record: this one was written whole since
    for number, line in enumerate(lines[1:], start=2):
        try:
            _change(data, parse_json(line))
        except RecordError as e:
            raise RecordError(_("{file}, line {n}: {why}").format(file=name, n=number, why=e)) from None
    return len(lines) > 1


def _change(data: dict[str, Any], entry: Any) -> None:
    """One line of a journal made on the record (the record's replay checks every move and deal)."""
    if not isinstance(entry, dict):
        raise RecordError(_("expected an object, found {found}").format(found=describe(entry)))
    if "set" in entry:
        fields = entry["set"]
        if not isinstance(fields, dict):
            raise RecordError(_("{field}: expected an object, found {found}").format(
                field="set", found=describe(fields)))
        if fixed := sorted(_FIXED & fields.keys()):
            raise RecordError(_("{field}: a journal cannot change {name}").format(field="set", name=fixed[0]))
        data.update(fields)
        return
    if "hand" not in entry:
        raise RecordError(_("neither moves nor fields: not a journal line"))
    number, moves, hands = entry["hand"], entry.get("moves", []), data.get("hands")
    if not isinstance(hands, list):
        raise RecordError(_("{field}: expected a list, found {found}").format(
            field="hands", found=describe(hands)))
    if not isinstance(moves, list):
        raise RecordError(_("{field}: expected a list, found {found}").format(
            field="moves", found=describe(moves)))
    if not isinstance(number, int) or isinstance(number, bool):
        raise RecordError(_("{field}: expected a hand number, found {found}").format(
            field="hand", found=describe(number)))
    if "dealt" in entry:
        dealt = entry["dealt"]
        if number != len(hands) + 1:
            raise RecordError(_("hand {n} is dealt after hand {last}").format(
                n=brief(number), last=len(hands)))
        if not isinstance(dealt, dict):
            raise RecordError(_("{field}: expected an object, found {found}").format(
                field="dealt", found=describe(dealt)))
        hands.append({**dealt, "moves": moves})
        return
    if not hands or number != len(hands):
        raise RecordError(_("hand {n} is not the last hand (hand {last})").format(
            n=brief(number), last=len(hands)))
    hand, at = hands[-1], entry.get("at")
    kept = hand.get("moves", []) if isinstance(hand, dict) else None
    if not isinstance(kept, list):
        raise RecordError(_("hand {n}: its moves are not a list").format(n=number))
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= len(kept):
        raise RecordError(ngettext("at {at}: hand {n} has {count} move",
                                   "at {at}: hand {n} has {count} moves", len(kept)).format(
            at=brief(at), n=number, count=len(kept)))
    hand["moves"] = kept[:at] + moves


__all__ = ["JOURNAL_FORMAT", "JOURNAL_ID", "MAX_RECORD_BYTES", "apply_journal", "journal_path", "read_record",
           "read_record_text", "shown_path", "unchecked_deals"]
