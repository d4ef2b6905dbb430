"""The player's rating: openskill over finished games against bots held at their measured levels."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from allfives.bots.ratings import BOT_RATINGS, MU, SIGMA, standing
from allfives.engine import GameState, Rules
from allfives.history import GameEntry, HistoryStore
from allfives.history.rating import Rating, current, ranks_of, rate_game, rating_series, why_unrated
from allfives.history.store import MIGRATIONS, SCHEMA_VERSION

Game = Callable[..., GameState]


def game(n: int, won: bool, level: str = "hard", seats: int = 2, partnership: bool = True,
         practice: bool = False, seeded: bool = False, people: int = 1) -> GameEntry:
    """Game `n` of the person's at seat 0 against bots of `level` (in partnerships seat 2, their
    partner, is a bot of that level too); the person's side wins or loses 250-100 (or the like)."""
    rules = Rules(seats=seats, partnership=partnership and seats == 4)
    players = [{"name": "You", "kind": "person"}]
    players += [{"name": f"P{s}", "kind": "person"} if s < people
                else {"name": f"B{s}", "kind": "bot", "level": level} for s in range(1, seats)]
    scores = [100] * rules.sides
    winner = 0 if won else 1
    scores[winner] = rules.target
    stamp = f"2026-01-01T{n // 60:02d}:{n % 60:02d}:00.000+00:00"
    return GameEntry.model_validate({
        "id": f"g{n}", "started_at": stamp, "updated_at": stamp, "status": "finished", "rules": rules,
        "players": players, "winner": winner, "scores": scores, "hands": [], "moves": 40,
        "seeded": seeded, "practice": practice})


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


@pytest.mark.parametrize(("seats", "partnership"), [(2, False), (3, False), (4, True), (4, False)])
def test_two_three_and_four_seat_games_all_rate(seats: int, partnership: bool) -> None:
    start = Rating()
    won, lost = rate_game(start, game(1, True, seats=seats, partnership=partnership)), \
        rate_game(start, game(2, False, seats=seats, partnership=partnership))
    assert won.mu > start.mu > lost.mu and won.sigma < start.sigma


def test_a_partnership_win_with_a_strong_partner_counts_for_less() -> None:
    """The team is the person and their partner bot at its fixed rating: a win beside expert against
    easy says less about the person than a win beside easy against expert."""
    def won_beside(partner: str, against: str) -> Rating:
        table = game(1, True, level=against, seats=4)
        players = list(table.players)
        players[2] = players[2].model_copy(update={"level": partner})
        return rate_game(start, table.model_copy(update={"players": tuple(players)}))

    start = Rating(mu=1500, sigma=200)
    carried, carrying = won_beside("expert", "easy"), won_beside("easy", "expert")
    assert carrying.mu - start.mu > carried.mu - start.mu > 0


def test_ranks_put_the_winner_first_and_the_rest_by_score() -> None:
    three = game(1, False, seats=3).model_copy(update={"scores": (120, 200, 150), "winner": 1})
    assert ranks_of(three) == [2, 0, 1]
    tied = three.model_copy(update={"scores": (150, 200, 150)})
    assert ranks_of(tied) == [1, 0, 1]


def test_standing_among_the_levels() -> None:
    ordered = sorted(BOT_RATINGS, key=lambda lv: BOT_RATINGS[lv].mu)
    lowest, highest = BOT_RATINGS[ordered[0]].mu, BOT_RATINGS[ordered[-1]].mu
    assert standing(lowest - 1) == (None, ordered[0])
    assert standing(highest + 1) == (ordered[-1], None)
    between = (BOT_RATINGS["medium"].mu + BOT_RATINGS["hard"].mu) / 2
    assert standing(between) == ("medium", "hard")


# -- kept in the history --------------------------------------------------------------------------


def unseeded(extra: dict | None = None) -> dict:
    return {"seeded": False, **(extra or {})}  # (the test games are dealt from seeds: rate them anyway)


def test_the_stored_rating_is_the_one_worked_out_again_from_the_games(
        store: HistoryStore, play_game: Game, players: Callable[..., list[dict]]) -> None:
    for n in range(4):
        assert store.save_game(f"g{n}", play_game(30 + n, target=60), players("hard"), extra=unseeded())
    store.save_game("p", play_game(40, target=60), players("hard"), extra=unseeded({"practice": True}))
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
            state = play_game(50 + n, target=60)
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
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5
    db.close()
