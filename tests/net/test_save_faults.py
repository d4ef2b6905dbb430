"""A hosted table that cannot save says so at once, on the host's terminal and at the table, keeps
trying at each move, and ends with a non-zero status if it never could; one whose disk has room again
says that too, and ends as usual."""

from __future__ import annotations

import argparse
import asyncio
import errno
import logging
from pathlib import Path

import pytest

from allfives.engine import Rules
from allfives.net import table as table_module
from allfives.net.cli import _host
from allfives.net.client import AutoPlayer, TableClient
from allfives.net.table import Table, TableOptions

from .helpers import easy_player

LIMIT = 60  # seconds: only stops a hung test
UNSAVED = "the table could not be saved: disk full; the game goes on but will not resume"


@pytest.mark.parametrize("room_again", [False, True])
async def test_a_hosted_table_on_a_full_disk_says_so_at_once_and_ends_non_zero(
        room_again: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture) -> None:
    tries: list[bool] = []
    write = table_module.RecordWriter.write

    def full_disk(self, *job) -> None:  # noqa: ANN001  (the writer as a full disk answers it)
        tries.append(True)
        if not room_again or len(tries) < 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        write(self, *job)

    monkeypatch.setattr(table_module.RecordWriter, "write", full_disk)
    path = tmp_path / "table.json"
    table = Table.new(Rules(seats=2), level="easy", seed=5, bot_delay=0.0,
                      options=TableOptions(start_when=1, hand_pause=0.0), save_path=path)
    args = argparse.Namespace(bind="127.0.0.1", port=0, tls=None, pin=None, anywhere=False, servers=None)
    with caplog.at_level(logging.INFO, "allfives.net"):
        async with asyncio.timeout(LIMIT):
            host = asyncio.create_task(_host(table, args))
            while not (line := next((w for w in capsys.readouterr().out.splitlines()
                                     if w.startswith("allfives join ")), None)):
                await asyncio.sleep(0.01)
            address, code = line.split()[2:4]
            ann = TableClient(address, code, "Ann", stop_when_over=True)
            AutoPlayer(ann, easy_player(0))
            await ann.run()  # the whole game: a bot plays Ann's seat, the other is the table's
            status = await host
    err = capsys.readouterr().err
    said = [r.getMessage() for r in caplog.records if "saved" in r.getMessage()]
    assert len(tries) > 10 and table.state.phase == "game_over"  # (tried at every move)
    if room_again:
        assert said == [UNSAVED, "the table is saved again: it will resume where it stands"]
        assert ann.errors == said and status == 0 and err == ""
        assert path.exists()  # (the finished game's table: kept, not to be opened again)
    else:
        assert said == [UNSAVED]  # at once (the first save), once, whatever the moves after it
        assert ann.errors == [UNSAVED]  # at the table: Ann sat first, so she hosts it
        assert status == 1 and err == f"allfives host: {UNSAVED}\n" and not path.exists()


def test_a_seat_token_that_cannot_be_kept_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from allfives.net import seats  # (the seats' tokens: net/seats.py)

    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(tmp_path))

    def full_disk(*_args, **_kwargs) -> None:  # noqa: ANN002, ANN003
        raise OSError(errno.ENOSPC, "No space left on device")

    assert seats.remember_token("host K7QM3XRT9BHD", "a-token") is None  # (room: kept)
    assert seats.remembered_token("host K7QM3XRT9BHD") == "a-token"
    monkeypatch.setattr(seats, "write_atomically", full_disk)
    assert seats.remember_token("host K7QM3XRT9BHD", "another") == "disk full"  # (said, not swallowed)
    assert seats.remember_token("host K7QM3XRT9BHD", "a-token") is None  # (kept already: nothing to write)
