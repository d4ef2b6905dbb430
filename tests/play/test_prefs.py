"""The preferences file: written and read back the same, hostile values refused one by one, a damaged
file set aside with a message, and never a reason for start-up to fail."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from allfives.names import player_name
from allfives.play.prefs import MAX_PREFS_BYTES, LastGame, Prefs, PrefsStore, prefs_from, to_toml, toml_value
from allfives.userdata import config_dir
from tests.hostile import HOSTILE_NAMES, REFUSED_NAMES

FULL = Prefs(name="Alexandra", theme="allfives-light", bot_delay=0.25, hand_order="suit",
             last_game=LastGame(seats=4, who=("person", "person", "expert", "easy"),
                                names=("Alexandra", 'Bea "B" \\', "", ""), partnership=False,
                                variant="five_each", target=300,
                                house_rules=frozenset({"muggins", "finish_hand"})))


def test_config_dir_is_the_env_override_or_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ALLFIVES_CONFIG_DIR", str(tmp_path / "mine"))
    assert config_dir() == tmp_path / "mine"
    monkeypatch.delenv("ALLFIVES_CONFIG_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    if os.name == "posix" and os.uname().sysname != "Darwin":
        assert config_dir() == tmp_path / "xdg" / "allfives"


def test_preferences_round_trip_through_the_file(tmp_path: Path) -> None:
    store = PrefsStore(tmp_path)
    assert store.load().prefs == Prefs() and store.load().problem is None  # no file yet: defaults, quietly
    for key, value in vars(FULL).items():
        assert store.update(**{key: value}) is None
    assert PrefsStore(tmp_path).load().prefs == FULL
    assert [p.name for p in tmp_path.iterdir()] == ["prefs.toml"]  # written atomically: no temporary left


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=1, max_size=25))
def test_any_name_the_rule_allows_comes_back_as_it_was(raw: str) -> None:
    try:
        name = player_name(raw)
    except ValueError:
        return
    kept = None if name == "You" else name  # (the old English stand-in reads as no name)
    assert prefs_from(tomllib.loads(to_toml(Prefs(name=name))))[0].name == kept


def test_hostile_names_are_written_as_plain_strings() -> None:
    for name in HOSTILE_NAMES:
        assert tomllib.loads(f"name = {toml_value(name)}")["name"] == name
    assert toml_value("a\x1b[2Jb\n") == '"a\\u001B[2Jb\\u000A"'  # (no control character reaches the file)
    with pytest.raises(ValueError):
        toml_value(float("nan"))


def test_hostile_values_are_refused_one_by_one_and_the_rest_kept() -> None:
    data = tomllib.loads(
        'name = "Eve\\u001b[31m"\ntheme = "x; rm -rf /"\nbot_delay = 1e308\nhand_order = 7\n'
        "[last_game]\nseats = 3\nseat_1 = \"person\"\nname_1 = \"" + "A" * 500 + "\"\nseat_2 = \"oracle\"\n"
        'seat_3 = "hard"\ntarget = 99999999999999999999\nvariant = "huge"\nmuggins = "yes"\n'
        "finish_hand = true\n")
    prefs, refused = prefs_from(data)
    assert prefs.name is None and prefs.theme is None and prefs.bot_delay is None and prefs.hand_order is None
    assert prefs.last_game == LastGame(seats=3, who=("person", "medium", "hard"), names=("", "", ""),
                                       variant="standard", target=None,
                                       house_rules=frozenset({"finish_hand"}))
    fields = sorted(line.split(":")[0] for line in refused)
    assert fields == sorted(["name", "theme", "bot_delay", "hand_order"] + [
        f"last_game.{key}" for key in ("seat_2", "name_1", "variant", "target", "muggins")])
    assert "control character" in refused[0]


@pytest.mark.parametrize("seats", [True, 2.0, 5, "4", [4]])
def test_seats_must_be_2_3_or_4_as_a_whole_number(seats: object) -> None:
    prefs, refused = prefs_from({"last_game": {"seats": seats}})
    assert prefs.last_game is None and refused[0].startswith("last_game.seats:")


def test_every_refused_name_is_refused_here_too() -> None:
    for raw in REFUSED_NAMES:
        prefs, refused = prefs_from({"name": raw})
        assert prefs.name is None and refused, raw


def test_a_store_tells_what_it_ignored(tmp_path: Path) -> None:
    (tmp_path / "prefs.toml").write_text('name = "Bea"\nbot_delay = -1\n', encoding="utf-8")
    outcome = PrefsStore(tmp_path).load()
    assert outcome.prefs == Prefs(name="Bea")
    assert outcome.problem is not None and "bot_delay" in outcome.problem and "ignored" in outcome.problem
    assert (tmp_path / "prefs.toml").exists()  # readable TOML: kept, the bad value dropped at the next write


@pytest.mark.parametrize("content", [b"name = \"Bea\n", b"\xff\xfe not text", b"a = " + b"9" * 5000,
                                     b"x" * (MAX_PREFS_BYTES + 1), b"a = [" * 10_000])
def test_a_damaged_file_is_set_aside_with_a_message(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "prefs.toml").write_bytes(content)
    store = PrefsStore(tmp_path)
    outcome = store.load()
    assert outcome.prefs == Prefs() and outcome.problem is not None
    assert "could not be read" in outcome.problem and "moved to" in outcome.problem
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("prefs.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == content and str(aside[0]) in outcome.problem
    assert store.update(theme="allfives-light") is None  # a fresh file takes its place
    assert PrefsStore(tmp_path).load().prefs == Prefs(theme="allfives-light")


def test_a_fifo_or_a_folder_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "prefs.toml")
    outcome = PrefsStore(tmp_path).load()
    assert outcome.problem is not None and "not a regular file" in outcome.problem


def test_a_file_that_cannot_be_moved_aside_is_never_written_over(tmp_path: Path) -> None:
    (tmp_path / "prefs.toml").write_bytes(b"\xff")
    tmp_path.chmod(0o500)  # (the folder takes no new names)
    try:
        if os.access(tmp_path, os.W_OK):
            pytest.skip("running as a user that writes anywhere")
        store = PrefsStore(tmp_path)
        outcome = store.load()
        assert outcome.problem is not None and "nor moved aside" in outcome.problem
        assert store.update(name="Bea") is None and store.prefs.name == "Bea"  # kept for this run only
        assert (tmp_path / "prefs.toml").read_bytes() == b"\xff"
    finally:
        tmp_path.chmod(0o700)


def test_a_file_that_cannot_be_written_says_why(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    problem = PrefsStore(blocked / "allfives").update(name="Bea")  # (its folder would be inside a file)
    assert problem is not None and problem.startswith("Your preferences could not be saved")


def test_the_old_english_stand_in_reads_as_no_name_and_no_name_is_written() -> None:
    """Older versions kept "You" for a person who gave no name: it reads as none (the language's word is
    said where it shows), without a word of complaint, and a person with no name writes none."""
    last = {"seats": 2, "seat_1": "person", "name_1": "You"}
    prefs, refused = prefs_from({"name": "You", "last_game": last})
    assert refused == [] and prefs.name is None
    assert prefs.last_game is not None and prefs.last_game.names == ("", "")
    assert "name" not in to_toml(Prefs(last_game=LastGame()))
