"""A headless host ended by a signal (`kill`, a closed terminal, Ctrl+C) says goodbye to its guests as its
quit does, and saves: they are told the table closed and that they may come back, and the table opens
again where it was."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from allfives.net.cli import TABLE_NAME
from allfives.net.client import TableClient
from allfives.net.table import Table

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 60  # seconds: only stops a hung test


async def sit_until_told(address: str, code: str, pin: str, host: subprocess.Popen[str],
                         sig: signal.Signals) -> TableClient:
    """A guest sits, the game starts, the host is sent `sig`: the guest's run ends by itself."""
    guest = TableClient(address, code, "Ann", pin=pin)
    run = asyncio.create_task(guest.run())
    async with asyncio.timeout(LIMIT):
        await guest.wait_until(lambda: guest.view is not None)  # (the table starts once one person sits)
        host.send_signal(sig)
        await run  # told goodbye: it does not try to come back by itself
    return guest


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_headless_host_sent_a_quit_signal_says_goodbye_and_saves(tmp_path: Path,
                                                                   sig: signal.Signals) -> None:
    env = {**os.environ, "ALLFIVES_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    host = subprocess.Popen([sys.executable, "-u", "-m", "allfives", "host", "--headless", "--port", "0",
                             "--seats", "2", "--people", "1", "--bot-delay", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, cwd=ROOT, text=True)
    try:
        assert host.stdout is not None
        line = next(line for line in host.stdout if line.startswith("allfives join ")).split()
        guest = asyncio.run(sit_until_told(line[2], line[3], line[4], host, sig))
        out, err = host.communicate(timeout=LIMIT)
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate()
    assert guest.goodbye is not None and guest.goodbye.come_back and guest.refusal is None
    assert guest.goodbye_said == "The table was closed" and guest.connections == 1
    assert host.returncode == 128 + sig, err
    assert "The table is closed and saved: `allfives host` opens it again." in out
    saved = Table.load(tmp_path / TABLE_NAME)  # as far as it went: the host opens it again there
    assert saved.state is not None and saved.names[0] == "Ann" and saved.seats[0].token_hash is not None
