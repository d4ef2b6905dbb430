"""How the review's cost grows with the game: time to its first frame and peak memory, 100 to 10,000 hands.

    python benchmarks/review.py                     # 100, 1,000 and 10,000 hands
    python benchmarks/review.py --hands 100 1000    # other sizes
    python benchmarks/review.py --runs 3            # the median of 3 launches per size

Each record is `engine.long_record(hands)` (four seats each for themselves, seeded random play, a
target nobody reaches).
`allfives review FILE` is launched in a pseudo-terminal, a fresh process per size so its peak RSS
(VmHWM) is that size's own, and timed from the launch until the review's first frame is on the
screen (the status line's "Hand 1 of N" and the footer); the analysis starts at once, as it does for
a person. A process that grows past `--cap` MB is stopped and shown as over it. Then
`allfives review FILE --json` is timed from its launch to its first line of progress on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from engine import long_record  # benchmarks/engine.py, beside this script
from ui import first_screen

SIZE = (120, 40)


def status_kb(pid: int, field: str) -> int:
    """A field of /proc/PID/status in kB (VmHWM: the peak RSS so far; VmRSS: now)."""
    with open(f"/proc/{pid}/status") as f:
        return int(next(line for line in f if line.startswith(field)).split()[1])


def first_frame(path: str, hands: int, env: dict[str, str], cap_mb: int) -> tuple[float | None, float]:
    """(seconds to the first frame or None if it grew past the cap, peak MB) of `allfives review`."""
    peak = 0.0

    def watch(pid: int) -> bool:  # called while the screen is read: False stops the wait
        nonlocal peak
        try:
            peak = max(peak, status_kb(pid, "VmHWM") / 1024)
        except (OSError, StopIteration):
            return True
        return peak < cap_mb

    took = first_screen(["-m", "allfives", "review", path], (f"Hand 1 of {hands}", "Weigh"), env,
                        size=SIZE, timeout=300.0, watch=watch)
    return took, peak


def first_progress(path: str, env: dict[str, str], timeout: float = 60.0) -> tuple[float | None, str]:
    """(seconds, the line) from launching `allfives review FILE --json` to its first line on stderr;
    None if none came within `timeout` seconds."""
    started = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "allfives", "review", path, "--json"], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        assert child.stderr is not None
        if not select.select([child.stderr], [], [], timeout)[0]:
            return None, ""
        line = os.read(child.stderr.fileno(), 200).decode(errors="replace")
        return time.perf_counter() - started, line.strip().splitlines()[0] if line.strip() else ""
    finally:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait(timeout=60)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[100, 1000, 10_000])
    parser.add_argument("--runs", type=int, default=1, help="launches per size (the median is shown)")
    parser.add_argument("--cap", type=int, default=3000, help="MB past which a review is stopped")
    args = parser.parse_args(argv)
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    print(f"allfives review of long records (2 seats, random play) in a {SIZE[0]}x{SIZE[1]} pseudo-terminal, "
          f"Python {platform.python_version()}, median of {args.runs}")
    print(f"{'hands':>7} {'moves':>8} {'file MB':>8} {'first frame s':>14} {'peak MB':>8} "
          f"{'--json to progress s':>21}")
    with tempfile.TemporaryDirectory() as tmp:
        env = {**base, "TERM": "xterm-256color", "ALLFIVES_DATA_DIR": os.path.join(tmp, "data")}
        for hands in args.hands:
            record = long_record(hands)
            path = os.path.join(tmp, f"long-{hands}.json")
            with open(path, "w") as f:
                json.dump(record, f, indent=1)
            frames = [first_frame(path, hands, env, args.cap) for _ in range(args.runs)]
            times = [t for t, _ in frames if t is not None]
            peak = max(p for _, p in frames)
            shown = f"{statistics.median(times):>14.2f}" if len(times) == len(frames) else f"{'over cap':>14}"
            progress, line = first_progress(path, env)
            moves = sum(len(h["moves"]) for h in record["hands"])
            told = f"{progress:>21.2f}   {line[:40]}" if progress is not None else f"{'none in 60 s':>21}"
            print(f"{hands:>7,} {moves:>8,} {os.path.getsize(path) / 2**20:>8.1f} {shown} "
                  f"{peak:>8.0f} {told}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
