"""The player's rating: the exact posterior of one number over games against bots held at their levels."""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from allfives.bots.ratings import BETA, BOT_RATINGS, MU, SIGMA
from allfives.engine import GameState, Rules
from allfives.history import GameEntry, HistoryStore
from allfives.history.rating import (
    Belief,
    Rating,
    current,
    placed,
    rating_series,
    rating_words,
    standing_words,
    summary,
    why_unrated,
)
from allfives.history.store import MIGRATIONS, SCHEMA_VERSION

Game = Callable[..., GameState]


def game(n: int, won: bool, level: str = "hard", seats: int = 2, partnership: bool = True,
         practice: bool = False, seeded: bool = False, people: int = 1, abandoned: bool = False,
         **rules: object) -> GameEntry:
    """Game `n` of the person's at seat 0 against bots of `level` (in partnerships seat 2, their
    partner, is a bot of that level too); the person's side wins or loses 250-100 (or the like);
    `abandoned`: left at 100-100 for a new game."""
    rules_ = Rules(seats=seats, partnership=partnership and seats == 4, **rules)
    players = [{"name": "You", "kind": "person"}]
    players += [{"name": f"P{s}", "kind": "person"} if s < people
                else {"name": f"B{s}", "kind": "bot", "level": level} for s in range(1, seats)]
    scores = [100] * rules_.sides
    winner = None if abandoned else 0 if won else 1
    if winner is not None:
        scores[winner] = rules_.target
    stamp = f"2026-01-01T{n // 60:02d}:{n % 60:02d}:00.000+00:00"
    return GameEntry.model_validate({
        "id": f"g{n}", "started_at": stamp, "updated_at": stamp,
        "status": "abandoned" if abandoned else "finished", "rules": rules_, "players": players,
        "winner": winner, "scores": scores, "hands": [], "moves": 40, "seeded": seeded, "practice": practice})


def test_a_run_of_wins_against_a_level_raises_the_rating_toward_and_past_it() -> None:
    hard = BOT_RATINGS["hard"].mu
    series = rating_series([game(n, won=True) for n in range(30)])
    mus = [p.mu for p in series]
    assert mus == sorted(mus) and mus[0] > MU  # every win raises it
    assert mus[-1] > hard  # ... past hard's
    sigmas = [p.sigma for p in series]
    assert sigmas[-1] < sigmas[0] < SIGMA  # and the interval narrows as games are played


def test_losses_lower_it_below_the_level_and_an_even_record_settles_near_the_level() -> None:
    easy = BOT_RATINGS["easy"].mu
    assert current([game(n, won=False, level="easy") for n in range(30)]).mu < easy
    even = current([game(n, won=n % 2 == 0, level="medium") for n in range(60)])
    assert abs(even.mu - BOT_RATINGS["medium"].mu) < 2 * even.sigma


def test_the_belief_is_the_exact_posterior() -> None:
    """Without drift the belief is the prior times each result's chance, whatever the order: the same
    as that product integrated point by point, apart (a new computation, one point apart)."""
    results = [("easy", True), ("hard", False), ("medium", True), ("expert", True), ("hard", True),
               ("medium", False)]
    belief = Belief()
    for level, won in results:
        belief.play(BOT_RATINGS[level].mu, won, tau=0.0)

    def phi(z: float) -> float:
        return 0.5 * math.erfc(-z / math.sqrt(2))

    xs = [MU - 8 * SIGMA + k for k in range(int(16 * SIGMA) + 1)]
    weights = []
    for x in xs:
        w = math.exp(-0.5 * ((x - MU) / SIGMA) ** 2)
        for level, won in results:
            p = phi((x - BOT_RATINGS[level].mu) / (math.sqrt(2) * BETA))
            w *= p if won else 1 - p
        weights.append(w)
    total = sum(weights)
    mean = sum(w * x for w, x in zip(weights, xs, strict=True)) / total
    sd = math.sqrt(sum(w * (x - mean) ** 2 for w, x in zip(weights, xs, strict=True)) / total)
    assert belief.rating.mu == pytest.approx(mean, abs=0.5)
    assert belief.rating.sigma == pytest.approx(sd, abs=0.5)


def test_drift_widens_the_belief_by_exactly_tau() -> None:
    for tau in (1.0, 3.0, 5.0, 12.0):
        before, after = Belief(1500, 80), Belief(1500, 80)
        after._spread(tau)
        added = after.rating.sigma ** 2 - before.rating.sigma ** 2
        assert added == pytest.approx(tau ** 2, rel=0.03, abs=0.2)
        assert after.rating.mu == pytest.approx(before.rating.mu, abs=1e-6)


def test_practice_and_seeded_games_change_nothing_and_are_marked() -> None:
    played = [game(n, won=n % 3 != 0) for n in range(8)]
    practice = [game(100 + n, won=True, practice=True) for n in range(5)]
    seeded = [game(200 + n, won=True, seeded=True) for n in range(3)]
    assert current(played + practice + seeded) == current(played)
    marks = {p.game_id: p.unrated for p in rating_series(played + practice + seeded)}
    assert {marks[g.id] for g in practice} == {"practice"} and {marks[g.id] for g in seeded} == {"seeded"}
    assert {marks[g.id] for g in played} == {None}


def test_hot_seat_games_and_unmeasured_bots_are_not_rated() -> None:
    assert why_unrated(game(1, True, people=2)) == "people"
    assert why_unrated(game(2, True, level="random")) == "level"
    assert current([game(1, True, people=2), game(2, True, level="oracle")]) == Rating()


@pytest.mark.parametrize(("seats", "partnership"), [(3, False), (4, True), (4, False)])
def test_three_and_four_seat_games_are_not_rated_until_they_are_measured(seats: int, partnership: bool
                                                                         ) -> None:
    table = game(1, True, seats=seats, partnership=partnership)
    assert why_unrated(table) == "seats"
    assert current([table]) == Rating()
    assert summary([table]).unmeasured == 1


@pytest.mark.parametrize("rules", [{"target": 150}, {"end_of_hand": "muggins"}, {"win_check": "finish_hand"},
                                   {"hand_size": 5}])
def test_two_seat_games_on_other_rules_than_the_measured_are_not_rated(rules: dict) -> None:
    assert why_unrated(game(1, True, **rules)) == "rules"
    assert why_unrated(game(1, True)) is None


def test_an_abandoned_game_counts_as_lost() -> None:
    """A new game over a losing one must not hide the loss: abandoned is lost, and marked so."""
    won = [game(n, won=True) for n in range(3)]
    left = game(3, won=False, abandoned=True)
    lost = game(3, won=False)
    series = rating_series([*won, left])
    assert series[-1].rating == current([*won, lost]) and series[-1].abandoned
    assert series[-1].mu < series[-2].mu
    assert summary([*won, left]).abandoned == 1 and summary([*won, left]).rated == 4
    practice = game(4, won=False, abandoned=True, practice=True)  # ... unless it would not have rated
    assert current([*won, practice]) == current(won)


def test_the_standing_is_never_finer_than_the_interval() -> None:
    levels = {lv: r.mu for lv, r in BOT_RATINGS.items()}
    ordered = sorted(levels, key=levels.__getitem__)

    def words(mu: float, sigma: float) -> str:
        s = summary([]).model_copy(update={"now": Rating(mu=mu, sigma=sigma)})
        below, above = placed(s.now)
        return standing_words(s.model_copy(update={"below": below, "above": above}))

    assert words(MU, SIGMA) == "not placed among the levels yet"  # a new player
    assert words(levels[ordered[0]] - 300, 50) == f"below {ordered[0]}"
    assert words(levels[ordered[-1]] + 300, 50) == f"above {ordered[-1]}"
    assert words(levels["medium"], 20) == "around medium"
    between = (levels["easy"] + levels["medium"]) / 2
    assert words(between, 10) == "between easy and medium"
    # an interval holding medium and hard but neither easy nor expert: no finer than that
    wide = (levels["medium"] + levels["hard"]) / 2
    sigma = (levels["hard"] - levels["medium"]) / 2 + 5
    if levels["expert"] > wide + 2 * sigma and levels["easy"] < wide - 2 * sigma:
        assert words(wide, sigma / 2) == "between easy and expert"


def test_figures_are_shown_to_the_nearest_ten() -> None:
    assert rating_words(Rating(mu=1993.4, sigma=389.7)) == "1,990 ± 780"


# -- kept in the history --------------------------------------------------------------------------


def unseeded(extra: dict | None = None) -> dict:
    return {"seeded": False, **(extra or {})}  # (the test games are dealt from seeds: rate them anyway)


def test_the_stored_rating_is_the_one_worked_out_again_from_the_games(
        store: HistoryStore, play_game: Game, players: Callable[..., list[dict]]) -> None:
    for n in range(4):
        assert store.save_game(f"g{n}", play_game(30 + n), players("hard"), extra=unseeded())
    store.save_game("p", play_game(40), players("hard"), extra=unseeded({"practice": True}))
    store.save_game("open", play_game(41, stop_after=5), players("hard"), extra=unseeded())
    games = store.games()
    stored = {g.id: g.rating for g in games}
    worked = {p.game_id: (p.mu, p.sigma) for p in rating_series(games)}
    assert stored == {**worked, "open": None} and len(worked) == 5
    assert next(g for g in games if g.id == "p").practice
    assert stored["p"] == stored["g3"]  # (started after g3: practice carries the rating on unchanged)
    assert current(games) != Rating()
    store.delete("g0")  # the games after it rate again without it
    games = store.games()
    assert {g.id: g.rating for g in games} == {**{p.game_id: (p.mu, p.sigma) for p in rating_series(games)},
                                               "open": None}


def test_a_schema_4_history_opens_and_rates(data_dir: Path, play_game: Game,
                                             players: Callable[..., list[dict]]) -> None:
    data_dir.mkdir(parents=True)
    seats = players("medium")
    with sqlite3.connect(data_dir / "history.sqlite3") as db:  # the file as version 4 left it
        for migration in MIGRATIONS[:4]:
            if isinstance(migration, str):
                db.executescript(migration)
            else:
                migration(db)
        db.execute("PRAGMA user_version = 4")
        for n in range(3):
            state = play_game(50 + n)
            head = {"format": 1, "rules": dict(state.rules), "players": seats, "seeded": False}
            stamp = f"2025-01-0{n + 1}T10:00:00.000+00:00"
            db.execute("INSERT INTO games (id, started_at, updated_at, status, rules, players, winner,"
                       " scores, moves, head, seeded) VALUES (?, ?, ?, 'finished', ?, ?, ?, ?, 0, ?, 0)",
                       (f"old{n}", stamp, stamp, state.rules.model_dump_json(), json.dumps(seats),
                        state.winner, json.dumps(list(state.scores)), json.dumps(head)))
    db.close()
    store = HistoryStore()
    games = store.games()
    assert [g.id for g in games] == ["old0", "old1", "old2"] and store.take_problem() is None
    assert all(g.rating is not None and not g.practice for g in games)
    assert games[-1].rating == (current(games).mu, current(games).sigma) != (MU, SIGMA)
    with sqlite3.connect(data_dir / "history.sqlite3") as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    db.close()


def test_a_game_abandoned_in_the_history_is_rated_lost(store: HistoryStore, play_game: Game,
                                                       players: Callable[..., list[dict]]) -> None:
    assert store.save_game("g0", play_game(30), players("hard"), extra=unseeded())
    assert store.save_game("open", play_game(41, stop_after=5), players("hard"), extra=unseeded())
    before = {g.id: g.rating for g in store.games()}
    assert before["open"] is None
    store.abandon("open")
    games = {g.id: g for g in store.games()}
    point = rating_series(games.values())[-1]
    assert games["open"].status == "abandoned" and point.game_id == "open" and point.abandoned
    assert games["open"].rating == (point.mu, point.sigma)
    assert point.mu < games["g0"].rating[0]  # (lost)


def test_a_setup_knows_whether_its_game_moves_the_rating() -> None:
    """What the new-game question and the resume prompt say (left for a new game, it is lost) follows
    the rule the history rates by."""
    from dataclasses import replace

    from allfives.play.setup import GameSetup, default_players
    from allfives.ui.screens.confirm import abandon_question

    rated = GameSetup(rules=Rules(seats=2), players=default_players(2, 1, "hard"))
    assert rated.rated
    assert not replace(rated, practice=True).rated and not replace(rated, seed=4).rated
    assert not GameSetup(rules=Rules(seats=2), players=default_players(2, 2, "hard")).rated
    assert not GameSetup(rules=Rules(seats=3), players=default_players(3, 1, "hard")).rated
    assert not GameSetup(rules=Rules(seats=2, target=100), players=default_players(2, 1, "hard")).rated
    assert "counts as lost" in str(abandon_question(True).text) and "lost" not in str(abandon_question().text)
