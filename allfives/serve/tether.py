"""Each visitor's game process tied to the server: on Linux the kernel sends it SIGTERM the moment the
server dies, however it dies (even SIGKILL), and the game then saves and quits as a closed terminal
window makes it do. No game outlives its server with nobody to play it.

The tie is `prctl(PR_SET_PDEATHSIG)`, made in the game's process between fork and exec.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections.abc import Callable

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def tie_to_this_process() -> Callable[[], None] | None:
    """A `preexec_fn` for a child process that ends it (SIGTERM) when this process dies; None where the
    kernel cannot (not Linux): there the server's orderly stop is all that ends its games."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl  # (looked up here: the child only calls it)
    except (OSError, AttributeError):
        return None
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    prctl.restype = ctypes.c_int
    parent = os.getpid()

    def tie() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        if os.getppid() != parent:  # the server died before the tie was made: end as if after
            os.kill(os.getpid(), signal.SIGTERM)

    return tie
