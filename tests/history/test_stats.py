"""Statistics: after a few seeded games they match counts made independently from the games' records."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from allfives.engine import GameState, replay_document, to_record
from allfives.history import HistoryStore
from allfives.history.stats import compute, record_of, score_series, streaks

Game = Callable[..., GameState]

# (seats, the bots' level, seed, target): you are seat 0, played here by a medium bot
TABLES = [(2, "easy", 1, 120), (2, "easy", 2, 120), (2, "random", 3, 80), (3, "easy", 4, 90),
          (4, "medium", 5, 90), (2, "easy", 6, 120), (2, "medium", 7, 100)]


def test_statistics_match_counts_made_from_the_records(store: HistoryStore, play_game: Game,
                                                       players: Callable[..., list[dict]]) -> None:
    expected_tables: dict[tuple[int, bool, str], list[int]] = {}
    outcomes, gains, deductions, best = [], [], [], None
    for n, (seats, level, seed, target) in enumerate(TABLES):
        game = play_game(seed, seats=seats, levels=("medium",) + (level,) * (seats - 1), target=target)
        store.save_game(f"g{n}", game, players(*[level] * (seats - 1)))
        doc = replay_document(to_record(game))
        won = doc["winner"] == 0  # seat 0's side is side 0 at every table
        outcomes.append(won)
        games_wins = expected_tables.setdefault((seats, seats == 4, level), [0, 0])
        games_wins[0] += 1
        games_wins[1] += won
        before = 0
        for h, hand in enumerate(doc["hands"], start=1):
            gains.append(hand["scores"][0] - before)
            before = hand["scores"][0]
            if hand["result"] is not None:
                deductions.append(hand["result"]["deductions"][0])
            if best is None or gains[-1] > best[2]:
                best = (f"g{n}", h, gains[-1])
    store.save_game("left", play_game(8, stop_after=30), players("easy"))
    store.abandon("left")
    store.save_game("now", play_game(9, stop_after=10), players("easy"))
    store.save_game("bots", play_game(10, target=60), [{"kind": "bot", "level": "easy"}] * 2)

    stats = compute(store.games())
    assert stats.overall.games == len(TABLES) and stats.overall.wins == sum(outcomes)
    found = {(t.seats, t.partnership, t.opponents): [t.games, t.wins] for t in stats.by_table}
    assert found == expected_tables
    assert stats.abandoned == 1 and stats.playing == 1
    # the abandoned game's hands that ended count too
    left = replay_document(to_record(store.load("left")))
    ended = [h for h in left["hands"] if h["result"] is not None]
    before = 0
    for hand in ended:
        gains.append(hand["scores"][0] - before)
        before = hand["scores"][0]
        deductions.append(hand["result"]["deductions"][0])
    assert stats.hands == len(gains)
    assert stats.points_per_hand == pytest.approx(sum(gains) / len(gains), abs=0.005)
    assert stats.average_deduction == pytest.approx(sum(deductions) / len(deductions), abs=0.005)
    assert best is not None and max(gains) == best[2]
    assert stats.best_hand is not None and stats.best_hand.gain == best[2]
    assert [r.won for r in stats.results] == outcomes and True in outcomes and False in outcomes
    assert stats.results[-1].win_rate == pytest.approx(sum(outcomes) / len(outcomes), abs=1e-4)
    assert stats.streaks == streaks(outcomes)


def test_streaks_count_runs_oldest_first() -> None:
    s = streaks([True, True, False, True, True, True, False, False])
    assert (s.current, s.longest_wins, s.longest_losses) == (-2, 3, 2)
    assert streaks([]).current == 0 and streaks([True]).current == 1


def test_win_rates_carry_a_wilson_interval() -> None:
    r = record_of(5, 10)
    assert r.win_rate == 0.5 and r.ci95 == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert record_of(0, 0).win_rate is None and record_of(0, 0).ci95 == (0.0, 1.0)
    assert record_of(10, 10).ci95[1] == 1.0 and record_of(10, 10).ci95[0] > 0.69


def test_the_score_series_follows_the_scoresheet(play_game: Game) -> None:
    game = play_game(12, seats=3, target=90)
    series = score_series(game)
    doc = replay_document(to_record(game))
    running = [0, 0, 0]
    seen = {tuple(running)}
    for hand in doc["hands"]:
        for p in hand["plays"]:
            running[p["seat"]] += p["points"]
            seen.add(tuple(running))
        running = list(hand["scores"])
        seen.add(tuple(running))
    assert {p.scores for p in series} <= seen
    assert series[0].scores == (0, 0, 0) and series[-1].scores == game.scores == tuple(doc["final_scores"])
    assert [p.step for p in series] == sorted(p.step for p in series)
    assert {p.hand for p in series} == set(range(1, game.hand_number + 1))
