"""The compiled core under the search: loaded off the player's clock, or not at all.

`compiled()` answers at once: the compiled module when it is ready, else None, and the caller searches
on the Python core (`engine/core.py`, the reference), which makes the very same decisions. The first
time, the kernels are compiled by numba in a child process at low priority into the user's cache folder
(`ALLFIVES_CACHE_DIR` overrides it); later runs load them from there in a thread. Without numba (a
Python too new for its wheels) or with `ALLFIVES_FAST=0`, the Python core plays, without a word.
"""

from __future__ import annotations

import atexit
import hashlib
import importlib.util
import os
import subprocess
import sys
import threading
from pathlib import Path
from types import ModuleType

_lock = threading.Lock()
_ready = threading.Event()  # set once the outcome is known: loaded, or not to be had
_kernels: ModuleType | None = None
_started = False
_child: subprocess.Popen[bytes] | None = None


def wanted() -> bool:
    """Whether the compiled core may be used here: numba installed, and not turned off."""
    if os.environ.get("ALLFIVES_FAST", "1") == "0":
        return False
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):
        return False


def cache_dir() -> Path:
    """Where the compiled code is kept: ALLFIVES_CACHE_DIR, else the platform's user cache folder."""
    env = os.environ.get("ALLFIVES_CACHE_DIR")
    if env:
        return Path(env) / "compiled"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("allfives")) / "compiled"


def fingerprint() -> str:
    """What the cached code was compiled from: the kernels' source, numba's and Python's versions."""
    from importlib.metadata import version

    source = (Path(__file__).parent / "kernels.py").read_bytes()
    what = b"|".join([source, version("numba").encode(), sys.version.encode(), os.uname().machine.encode()
                      if hasattr(os, "uname") else b""])
    return hashlib.sha256(what).hexdigest()[:16]


def _marker(folder: Path) -> Path:
    return folder / f"ready-{fingerprint()}"


def compiled() -> ModuleType | None:
    """The compiled kernels if they are ready now, else None (and they are made ready meanwhile)."""
    if _kernels is not None:
        return _kernels
    start()
    return _kernels


def start() -> None:
    """Begin making the compiled core ready, in the background; at most once a process."""
    global _started
    with _lock:
        if _started:
            return
        _started = True
    if not wanted():
        _ready.set()
        return
    threading.Thread(target=_prepare, name="allfives-compiled-core", daemon=True).start()


def wait(timeout: float | None = None) -> ModuleType | None:
    """Block until the compiled core is ready or known unavailable (benchmarks and tests only)."""
    start()
    _ready.wait(timeout)
    return _kernels


def load_now() -> ModuleType | None:
    """Load (compiling if need be) in this process and wait: for tests and benchmarks."""
    global _started
    with _lock:
        _started = True
    if wanted():
        _load(cache_dir())
    _ready.set()
    return _kernels


def _prepare() -> None:
    try:
        folder = cache_dir()
        if not _marker(folder).exists() and not _build_in_child(folder):
            return
        _load(folder)
    except Exception:  # noqa: BLE001 - any failure leaves the Python core playing, as it always can
        pass
    finally:
        _ready.set()


def _build_in_child(folder: Path) -> bool:
    """Compile in a child process at low priority, so nothing here waits or stutters meanwhile."""
    global _child
    env = dict(os.environ, NUMBA_CACHE_DIR=str(folder))
    try:
        _child = subprocess.Popen([sys.executable, "-m", "allfives.bots.fast.build", str(folder)],
                                  stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, env=env)
    except OSError:
        return False
    atexit.register(_stop_child)
    status = _child.wait()
    return status == 0 and _marker(folder).exists()


def _stop_child() -> None:
    if _child is not None and _child.poll() is None:
        _child.kill()


def _load(folder: Path) -> None:
    global _kernels
    folder.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("NUMBA_CACHE_DIR", str(folder))
    import numba

    numba.config.CACHE_DIR = str(folder)
    import importlib

    module = importlib.import_module("allfives.bots.fast.kernels")
    from .bridge import warm

    warm(module)
    _marker(folder).touch()
    _kernels = module


def _reset_for_tests(module: ModuleType | None) -> None:
    """Let a test choose the core: the compiled module, or None for the Python core."""
    global _kernels, _started
    _kernels = module
    _started = True
    _ready.set()
