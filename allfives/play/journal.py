"""A game's save on disk at a cost per move that does not grow with the game: the record written whole
now and then, the moves made since appended to its journal (record_file.py says what each file holds).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from allfives.engine import GameState, HandLog, Rules, hand_record, private_fields, record_head
from allfives.userdata import JOURNAL_FORMAT, JOURNAL_ID, journal_path, write_atomically

# Bytes of journal past which the record is written whole again. A hand's moves take one or two KB:
# this bound is only ever reached by a hand taken back and played again over and over.
JOURNAL_LIMIT = 64 * 1024


@dataclass(frozen=True)
class _OnDisk:
    """What the record file and its journal hold together, as this writer left them."""

    base: str  # the record file's journal_id, which the journal's first line names
    rules: Rules
    seed: int | str | None
    log: tuple[HandLog, ...]
    extra: dict[str, Any]
    journal: int  # bytes in the journal (0: there is none yet)


class RecordWriter:
    """Writes one game's save at `path`, each time as the game stands.

    A move of the hand in play is a line appended to the journal. The record is written whole (and
    the journal removed) when a hand has ended (so the record file alone is the whole game at each
    hand's end), when the game is not the one written last, when the journal has grown past `limit`,
    after a write that failed, and at this writer's first write: a journal left by another process
    may end in a line a kill cut short, and nothing is ever appended after one.

    Writing whole costs little more than the disk's time: each hand's JSON is kept from the last
    time, so only hands not seen before are turned into text. One thread writes at a time (the
    session's or the table's `SaveWriter`).
    """

    def __init__(self, path: Path, prefix: str | None = None, limit: int = JOURNAL_LIMIT) -> None:
        self.path = path
        self.journal = journal_path(path)
        self.prefix = prefix  # of temporary files, as `write_atomically` takes it
        self.limit = limit
        self._disk: _OnDisk | None = None  # None: not known, so the next write is whole
        self._texts: list[tuple[HandLog, str, bool]] = []  # each hand's JSON as last written (secret or not)

    def write(self, state: GameState, extra: dict[str, Any]) -> None:
        """Save `state`, with `extra` as the record's fields beside the game (the players...), and the
        hand in play's deal secret, which a save must hold to deal on from: in the record file as
        `private_fields` (its hands show that hand's commitment only, as any shared record does), in
        the journal within the deal of the hand it deals (the journal is never shared).

        Raises OSError when the disk refuses; what is on disk is then the game as it was written
        last (a journal line cut short is ignored by every reader), and the next write is whole."""
        entries = self._changes(state, extra)
        if entries is None:
            self.write_whole(state, extra)
        elif entries:
            try:
                size = self._append(entries)
            except OSError:
                self.write_whole(state, extra)  # (raises if the disk refuses that too)
                return
            assert self._disk is not None
            self._disk = replace(self._disk, log=state.log, extra=dict(extra), journal=size)

    def write_whole(self, state: GameState, extra: dict[str, Any]) -> None:
        """Write the record whole, tied to no journal yet, and remove the journal it replaces."""
        self._disk = None
        base = secrets.token_hex(8)
        write_atomically(self.path, self.text(state, {**extra, JOURNAL_ID: base}), self.prefix)
        # An older journal left behind names another record, so every reader ignores it.
        with contextlib.suppress(OSError):
            self.journal.unlink(missing_ok=True)
        self._disk = _OnDisk(base, state.rules, state.seed, state.log, dict(extra), 0)

    def forget(self) -> None:
        """The files were moved or removed by someone else: the next write is whole."""
        self._disk = None

    def text(self, state: GameState, extra: dict[str, Any]) -> str:
        """The game's record as JSON text, one hand a line (a save's: with `private_fields`)."""
        head = json.dumps(record_head(state, **{**extra, **private_fields(state)}), indent=1)
        in_play = len(state.log) - 1 if state.phase == "playing" else -1  # its secret: `private_fields`
        hands = ",\n  ".join(self._hand_texts(state.log, in_play))
        hands = f"[\n  {hands}\n ]" if hands else "[]"
        return f'{head[:-2]},\n "hands": {hands}\n}}\n'

    def _hand_texts(self, log: tuple[HandLog, ...], in_play: int) -> list[str]:
        texts = self._texts
        for n, hand in enumerate(log):
            reveal = n != in_play
            if n < len(texts) and texts[n][2] == reveal and (texts[n][0] is hand or texts[n][0] == hand):
                texts[n] = (hand, texts[n][1], reveal)  # (the same hand: `is` finds it next time)
                continue
            text = json.dumps(hand_record(hand, reveal=reveal))
            if n < len(texts):
                texts[n] = (hand, text, reveal)
            else:
                texts.append((hand, text, reveal))
        del texts[len(log):]
        return [text for _, text, _ in texts]

    def _changes(self, state: GameState, extra: dict[str, Any]) -> list[dict[str, Any]] | None:
        """The journal lines from what is on disk to `state` ([]: nothing changed), or None when the
        record is to be written whole. Only the last hand of a game ever changes (its moves go on, or
        are taken back); what comes before it is compared at its end only, so this costs the same
        however many hands there are."""
        disk = self._disk
        if disk is None or state.phase != "playing" or disk.journal > self.limit:
            return None
        if state.rules != disk.rules or state.seed != disk.seed or not disk.extra.keys() <= extra.keys():
            return None
        old, new = disk.log, state.log
        if not old or not new or not _same_deal(old[0], new[0]):
            return None  # another game
        entries: list[dict[str, Any]] = []
        if len(new) == len(old):
            if (len(new) > 1 and not _same(old[-2], new[-2])) or not _same_deal(old[-1], new[-1]):
                return None
            was, now = old[-1].moves, new[-1].moves
            at = min(len(was), len(now))
            at = next((n for n in range(at) if was[n] is not now[n] and was[n] != now[n]), at)  # they part
            if at < len(was) or at < len(now):
                entries.append({"hand": len(new), "at": at, "moves": [str(m) for m in now[at:]]})
        elif len(new) == len(old) + 1 and _same(old[-1], new[-2]):
            dealt = hand_record(new[-1])  # (with its secret: see `write`)
            moves = dealt.pop("moves")
            entries.append({"hand": len(new), "dealt": dealt, "moves": moves})
        else:
            return None
        changed = {k: v for k, v in extra.items() if k not in disk.extra or disk.extra[k] != v}
        if changed:
            entries.append({"set": changed})
        return entries

    def _append(self, entries: list[dict[str, Any]]) -> int:
        """Add the lines to the journal (made whole with its first line if there is none); its size."""
        assert self._disk is not None
        data = "".join(json.dumps(entry) + "\n" for entry in entries).encode()
        if not self._disk.journal:
            first = json.dumps({"journal": JOURNAL_FORMAT, "base": self._disk.base}).encode() + b"\n"
            write_atomically(self.journal, (first + data).decode(), self.prefix)
            return len(first) + len(data)
        size = self._disk.journal
        # (O_NONBLOCK: a FIFO put in its place is refused at once rather than waited on; no O_CREAT:
        # a journal that went is no longer the one on disk, and the record is written whole instead)
        flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        fd = os.open(self.journal, flags)
        try:
            done = 0
            while done < len(data):
                done += os.write(fd, data[done:])
            os.fsync(fd)
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, size)  # no line cut short stays behind, if the disk lets us
            raise
        finally:
            os.close(fd)
        return size + len(data)


def _same(a: HandLog, b: HandLog) -> bool:
    return a is b or a == b


def _same_deal(a: HandLog, b: HandLog) -> bool:
    return a is b or (a.leader == b.leader and a.hands == b.hands and a.boneyard == b.boneyard)
