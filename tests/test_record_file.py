"""Hostile files given to `allfives replay`: each refused at once, in one short line, by the real command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from allfives.engine import RecordError, parse_json, replay
from allfives.record_file import MAX_RECORD_BYTES, read_record, read_record_text

ROOT = Path(__file__).resolve().parents[1]
TILES = ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0", "5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4",
         "4-3", "4-2", "4-1", "4-0", "3-3", "3-2", "3-1", "3-0", "2-2", "2-1", "2-0", "1-1", "1-0", "0-0"]
# a good one-hand record: seat 0 leads 5-0 and seat 1 answers 3-0 on E
GOOD = {"format": "allfives-record/1", "rules": {"seats": 2, "hand_size": 2},
        "hands": [{"hands": [["5-0", "6-5"], ["3-0", "4-4"]],
                   "boneyard": [t for t in TILES if t not in ("5-0", "6-5", "3-0", "4-4")],
                   "leader": 0, "moves": ["5-0", "3-0 E"]}]}


def record_text(**changes: object) -> str:
    """GOOD as JSON text with fields of its hand replaced, e.g. moves=["5-0", "3-0\\tE"]."""
    data = json.loads(json.dumps(GOOD))
    data["hands"][0].update(changes)
    return json.dumps(data)


def hand_text(old: str, new: str) -> str:
    """GOOD as JSON text with one exact piece of its text replaced (for what json.dumps can't write)."""
    text = json.dumps(GOOD)
    assert old in text
    return text.replace(old, new, 1)


def hostile_files(folder: Path) -> dict[str, tuple[Path, str]]:
    """name -> (path, a word the refusal must contain)."""
    files: dict[str, tuple[Path, str]] = {}

    def write(name: str, text: str, why: str) -> None:
        path = folder / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        files[name] = (path, why)

    fifo = folder / "fifo.json"
    os.mkfifo(fifo)  # no writer: a blocking open would wait for ever
    files["fifo"] = (fifo, "FIFO")
    files["dev-zero"] = (Path("/dev/zero"), "device")
    (folder / "zero.json").symlink_to("/dev/zero")
    files["symlink to /dev/zero"] = (folder / "zero.json", "device")
    (folder / "fifo-link.json").symlink_to(fifo)
    files["symlink to a FIFO"] = (folder / "fifo-link.json", "FIFO")
    (folder / "a-folder.json").mkdir()
    files["directory"] = (folder / "a-folder.json", "directory")
    big = folder / "big.json"
    with open(big, "wb") as f:
        f.truncate(MAX_RECORD_BYTES + 1)  # sparse: costs no disk
    files["too big"] = (big, "too big")
    write("5 MB tile", record_text(hands=[["5" * 5_000_000, "6-5"], ["3-0", "4-4"]]), "not a tile")
    write("4,000-digit leader", hand_text('"leader": 0', '"leader": ' + "9" * 4000), "leader")
    write("4,000-digit tile", record_text(hands=[[10**3999, "6-5"], ["3-0", "4-4"]]), "expected a tile")
    write("nested tile", hand_text('"5-0", "6-5"', "[" * 800 + "]" * 800 + ', "6-5"'), "expected a tile")
    write("duplicate key", hand_text('"leader": 0', '"leader": 99, "leader": 0'), "twice")
    write("NaN", hand_text('"leader": 0', '"leader": 0, "note": NaN'), "NaN")
    write("Infinity", hand_text('"leader": 0', '"leader": 0, "note": -Infinity'), "Infinity")
    write("1e999", hand_text('"leader": 0', '"leader": 0, "note": 1e999'), "too large")
    return files


def test_hostile_files_are_refused_by_the_command_in_one_short_line(tmp_path: Path) -> None:
    files = hostile_files(tmp_path)
    (tmp_path / "good.json").write_text(json.dumps(GOOD))
    files["good"] = (tmp_path / "good.json", "")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # `allfives review` opens records with the same reader: a few of the worst through it too
    for name in ("dev-zero", "symlink to a FIFO", "too big", "duplicate key"):
        files[f"review: {name}"] = files[name]
    def start(name: str, path: Path) -> subprocess.Popen:
        command = "review" if name.startswith("review:") else "replay"
        return subprocess.Popen([sys.executable, "-m", "allfives", command, str(path)], cwd=tmp_path, env=env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)

    running = {name: start(name, path) for name, (path, _) in files.items()}
    try:
        for name, proc in running.items():
            out, err = proc.communicate(timeout=60)  # a hang or a read without end fails here
            if name == "good":
                assert proc.returncode == 0 and err == "", err
                continue
            why = files[name][1]
            assert proc.returncode == 2, (name, err[:300])
            assert out == "", name
            assert err.count("\n") == 1 and err.endswith("\n"), (name, err[:300])
            assert len(err) < 250, (name, err[:300])  # never the value itself, whatever its size
            assert why in err and "Traceback" not in err, (name, err)
    finally:
        for proc in running.values():
            proc.kill()
            proc.wait()


def test_a_file_that_reads_past_its_size_stops_at_the_limit() -> None:
    """/proc files say they hold 0 bytes and then give more: the read stops at the limit all the same."""
    if not Path("/proc/self/maps").exists():
        pytest.skip("needs /proc")
    with pytest.raises(RecordError, match="more than 64 bytes, too big for a game record"):
        read_record_text("/proc/self/maps", limit=64)


def test_a_byte_order_mark_is_read_and_bad_utf8_is_named(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(GOOD).encode())
    data, _ = read_record(path)
    assert replay(data)[0].scores == (5, 0)
    path.write_bytes(b'{"format": "allfives-r\xe9cord/1"}')
    with pytest.raises(RecordError, match=r"bom.json: not UTF-8 text \(byte 0xe9 at offset 22\)$"):
        read_record(path)


@pytest.mark.parametrize("text, why", [
    ('{"a": 1, "a": 1}', 'the key "a" appears twice in one object'),
    ('{"a": {"b": [{"c": 1, "c": 2}]}}', 'the key "c" appears twice'),
    ('{"a": NaN}', "NaN is not a number in JSON"),
    ('{"a": Infinity}', "Infinity is not a number in JSON"),
    ("[1e400]", "JSON: 1e400 is too large a number"),
    ("9" * 5000, "a number longer than 4,300 digits"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
])
def test_json_is_read_as_rfc_8259_writes_it(text: str, why: str) -> None:
    with pytest.raises(RecordError, match=why):
        parse_json(text)
    assert parse_json('{"a": [1, 2.5, "x", null, true], "b": {"a": 1}}') == {"a": [1, 2.5, "x", None, True],
                                                                              "b": {"a": 1}}


@pytest.mark.parametrize("changes, message", [
    ({"moves": ["0000005-0", "3-0 E"]}, 'hand 1, move 1: "0000005-0" is not a move'),
    ({"hands": [["0000005-0", "6-5"], ["3-0", "4-4"]]}, 'hand 1, seat 0: "0000005-0" is not a tile'),
    ({"hands": [[" 5 - 0 ", "6-5"], ["3-0", "4-4"]]}, 'hand 1, seat 0: " 5 - 0 " is not a tile'),
    ({"boneyard": ["\t6-6"] + TILES[1:]}, 'hand 1, boneyard: "\\t6-6" is not a tile'),
    ({"moves": ["5-0", "3-0\tE"]}, 'hand 1, move 2: "3-0\\tE" is not a move'),
    ({"moves": ["5-0", "3-0\nE"]}, 'hand 1, move 2: "3-0\\nE" is not a move'),
    ({"moves": ["5-0", "3-0\u3000E"]}, 'hand 1, move 2: "3-0\\u3000E" is not a move'),
    ({"moves": ["5-0", "3-0  E"]}, 'hand 1, move 2: "3-0  E" is not a move'),
    ({"moves": ["5-0 ", "3-0 E"]}, 'hand 1, move 1: "5-0 " is not a move'),
    ({"moves": [" draw"]}, 'hand 1, move 1: " draw" is not a move'),
])
def test_tiles_and_moves_are_read_only_as_record_md_writes_them(changes: dict, message: str, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture) -> None:
    from allfives.cli import main

    path = tmp_path / "loose.json"
    path.write_text(record_text(**changes))
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(message) and err.count("\n") == 1, err
