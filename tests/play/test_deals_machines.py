"""The same deal code gives the same deals on two machines: two processes, each with its own data
directory (ALLFIVES_DATA_DIR), play `--deals CODE` to the end; a third plays `--deals FILE` on the first's
record and finds its score hand by hand beside the first game's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from allfives.engine import Rules
from allfives.play.deals import DealCode

ROOT = Path(__file__).resolve().parents[2]
CODE = DealCode(Rules(seats=3, target=60), ("easy", "person", "easy"), 0x9E3779B97F4A7C1).text


def play(given: str, data_dir: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "ALLFIVES_DATA_DIR": str(data_dir), "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "tests.play.deals_player", given], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                            text=True)


def finished(proc: subprocess.Popen[str]) -> dict:
    try:
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    return json.loads(out)


def test_two_machines_deal_the_same_game_from_a_code_and_again_from_its_record(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    here, there = finished(play(CODE, one)), finished(play(CODE, two))
    assert here["code"] == there["code"] == CODE
    assert len(here["deals"]) >= 2
    assert here["deals"] == there["deals"] and here["commitments"] == there["commitments"]
    assert here["scores"] == there["scores"]  # the same bots on the same seeds: the same game
    assert here["duplicate"] is None  # (nothing on these deals before, on that machine)
    assert Path(here["record"]).parent == one
    again = finished(play(here["record"], two))  # `--deals FILE`, on the other machine
    assert again["deals"] == here["deals"]
    scores = again["duplicate"]
    assert scores is not None and len(scores) == len(here["deals"])
    assert all(now == then for now, then in scores)  # the same play on the same cards
