"""`allfives match`: duplicate deals, every seating, and the summary it prints."""

from __future__ import annotations

import json

import pytest

from allfives.bots.match import main, seatings, wilson


def test_seatings_cover_every_order() -> None:
    assert seatings(["hard", "easy"], 2) == [["hard", "easy"], ["easy", "hard"]]
    assert seatings(["a", "b", "c"], 3) == [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]]
    assert seatings(["a", "b"], 3) == [["a", "b", "a"], ["b", "a", "a"], ["a", "a", "b"]]
    assert seatings(["a", "b"], 4) == [["a", "b", "a", "b"], ["b", "a", "b", "a"]]


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-9
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert 0.888 < wilson(95, 100)[0] < 0.889  # the textbook value, 0.8882


def test_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["easy", "random", "--games", "4", "--seed", "3", "--target", "100", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["games"] == 4
    assert set(doc["wins"]) == {"easy", "random"} and sum(doc["wins"].values()) == 4
    assert set(doc) >= {"games", "wins", "win_rate", "ci95", "points_per_hand", "games_per_second"}
    lo, hi = doc["ci95"]["easy"]
    assert 0 <= lo <= doc["win_rate"]["easy"] <= hi <= 1


def test_parallel_run_plays_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["medium", "easy", "--seats", "4", "--games", "4", "--seed", "5", "--target", "60", "--json"]
    main(args)
    one = json.loads(capsys.readouterr().out)
    main(args + ["--jobs", "2"])
    two = json.loads(capsys.readouterr().out)
    for key in ("wins", "points_per_hand", "hands"):
        assert one[key] == two[key]


def test_three_seats_and_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hard", "easy", "random", "--seats", "3", "--games", "3", "--sims", "1",
                 "--target", "60"]) == 0
    out = capsys.readouterr().out
    assert "hard" in out and "games/s" in out
    with pytest.raises(SystemExit):
        main(["hard", "easy", "random"])  # three levels need three seats
