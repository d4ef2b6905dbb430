"""When allfives fails: the traceback goes to a log in the data dir, the person gets one line naming it."""

from __future__ import annotations

import contextlib
import os
import platform
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import Any

from allfives import __version__
from allfives.i18n import _
from allfives.userdata import data_dir

CRASH_STATUS = 1  # a crash never looks like success (bad flags and records are 2, signals 128 + n)
KEEP_LOGS = 5  # crash logs kept: the newest few, so a crash at every launch never fills the disk
LOG_PREFIX = "crash-"
STALL_PREFIX = "stall-"  # the watchdog had to end a process whose orderly exit stalled: where it stood
MAX_DETAILS = 200_000  # characters of extra details kept in a log (the UI's own report, with locals)


def log_text(error: BaseException | None, details: str = "") -> str:
    """What a crash log holds: where it happened (version, Python, command), the traceback, details."""
    lines = [f"allfives {__version__} crashed at {time.strftime('%Y-%m-%d %H:%M:%S')}",
             f"Python {platform.python_version()} on {platform.platform()}",
             "command: " + " ".join(sys.argv), ""]
    if error is not None:
        lines.append("".join(traceback.format_exception(error)).rstrip())
    if details:
        lines += ["", "As the screen reported it:", details[:MAX_DETAILS].rstrip()]
    return "\n".join(lines) + "\n"


def stall_text(signum: int, waited: float, tasks: list[str] | None = None) -> str:
    """What a stall log holds: every thread's stack when a quit signal's orderly exit had not ended,
    and what the event loop's tasks were waiting on (`tasks`, as `loop_tasks` tells them)."""
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    lines = [f"allfives {__version__}: signal {signum} came {waited:.1f} s ago and the process had not "
             f"ended; it was ended at {time.strftime('%Y-%m-%d %H:%M:%S')}", "command: " + " ".join(sys.argv)]
    for ident, frame in sys._current_frames().items():
        lines += ["", f"thread {names.get(ident, ident)}:", "".join(traceback.format_stack(frame)).rstrip()]
    if tasks:
        lines += ["", "event loop tasks:", *tasks]
    return "\n".join(lines) + "\n"


def loop_tasks(loop: Any) -> list[str]:
    """Each task of an asyncio loop and where it waits (read from another thread: a best guess)."""
    import asyncio

    told = []
    try:
        for task in list(asyncio.all_tasks(loop)):
            frames = task.get_stack()
            where = "; ".join(f"{f.f_code.co_filename.rsplit('/', 2)[-1]}:{f.f_lineno} {f.f_code.co_name}"
                              for f in frames)
            told.append(f"  {task.get_name()}: {where or 'not started'}")
    except RuntimeError:  # (the loop's tasks changed as they were read)
        told.append("  (changing as they were read)")
    return told


def write_log(text: str, directory: Path | None = None, prefix: str = LOG_PREFIX) -> Path:
    """Write a new crash log (the data dir, else the temp dir) and remove all but the newest few.

    Raises OSError when neither place takes it.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    places = [directory] if directory is not None else [data_dir(), Path(tempfile.gettempdir())]
    problem: OSError | None = None
    for place in places:
        try:
            place.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(dir=place, prefix=f"{prefix}{stamp}-", suffix=".log", text=True)
            with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as f:
                f.write(text)
        except OSError as e:
            problem = e
            continue
        prune_logs(place, prefix)
        return Path(name)
    assert problem is not None
    raise problem


def prune_logs(directory: Path, prefix: str = LOG_PREFIX, keep: int = KEEP_LOGS) -> None:
    """Keep only the newest `keep` logs of this kind in `directory` (their names sort by time)."""
    try:
        logs = sorted(p for p in directory.glob(f"{prefix}*.log") if p.is_file() and not p.is_symlink())
        for old in logs[:-keep]:
            old.unlink(missing_ok=True)
    except OSError:
        pass  # an old log left over is no reason to fail again


def one_line(error: BaseException | None) -> str:
    """`ValueError: the message`, on one line and cut short."""
    if error is None:
        return _("an error")
    text = " ".join(str(error).split())
    what = type(error).__name__ + (f": {text}" if text else "")
    return what if len(what) <= 120 else what[:119] + "…"


def report(error: BaseException | None, details: str = "") -> int:
    """Log a crash, tell the person in one line on stderr where the log is; the exit status to use."""
    try:
        where = _("the details are in {path}").format(path=write_log(log_text(error, details)))
    except OSError as e:
        where = _("no log could be written ({why})").format(why=e.strerror or e)
    with contextlib.suppress(OSError, ValueError):  # stderr is gone too: the status still says it
        print(_("allfives: crashed ({error}); {where}").format(error=one_line(error), where=where),
              file=sys.stderr, flush=True)
    return CRASH_STATUS
