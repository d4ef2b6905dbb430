"""The statistics screen: after a few seeded games played through sessions (as the app plays them), what it
shows matches counts made independently from the games' records; past games open in review or export."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from textual.widgets import DataTable

from allfives.bots import make_bot
from allfives.engine import Rules, replay, replay_document
from allfives.history import HistoryStore
from allfives.play.history_link import HistoryLink
from allfives.play.session import Session
from allfives.play.setup import GameSetup, Player
from allfives.ui import export
from allfives.ui.app import AllFivesApp
from allfives.ui.review.screen import ReviewScreen
from allfives.ui.screens.stats import StatsScreen

from .helpers import play_on, settle

# (seats, the bots' level, seed, target, who plays for you): you sit at seat 0
GAMES = [(2, "easy", 1, 100, "medium"), (2, "medium", 2, 100, "random"), (2, "random", 3, 80, "medium"),
         (3, "easy", 4, 80, "random"), (2, "medium", 5, 90, "easy")]


def play_session(link: HistoryLink, seats: int, level: str, seed: int, target: int, you: str) -> Session:
    """A game played to its end through a `Session`, as the app plays it (kept in the history by it)."""
    players = (Player("You", "person"),) + tuple(Player(f"Bot {s}", "bot", level) for s in range(1, seats))
    session = Session.new(GameSetup(rules=Rules(seats=seats, target=target), players=players, seed=seed),
                          history=link)
    bots = [make_bot(you if s == 0 else level, seed=seed * 10 + s) for s in range(seats)]
    play_on(session, choose=lambda state: bots[state.turn].choose(state.view(state.turn)))
    return session


@pytest.fixture
def played(data_dir: Path) -> list[Session]:
    link = HistoryLink(data_dir)
    sessions = [play_session(link, *game) for game in GAMES]
    link.close()
    return sessions


def shown_text(screen, selector: str) -> str:
    """A widget's lines as drawn on screen."""
    widget = screen.query_one(selector)
    return "\n".join(widget.render_line(y).text for y in range(widget.size.height))


async def open_statistics(pilot) -> StatsScreen:
    await settle(pilot)
    await pilot.press("ctrl+t")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen) and screen.stats is not None
    return screen


async def test_the_statistics_shown_match_counts_from_the_records(data_dir: Path, played: list[Session]
                                                                  ) -> None:
    expected: dict[tuple[int, str], list[int]] = {}
    wins = 0
    store = HistoryStore(data_dir)
    for session, (seats, level, *_) in zip(played, GAMES, strict=True):
        doc = replay_document(store.record(session.setup.history_id))  # the record, replayed on its own
        won = doc["winner"] == 0
        wins += won
        counts = expected.setdefault((seats, level), [0, 0])
        counts[0] += won
        counts[1] += 1
    async with AllFivesApp(bot_delay=0).run_test(size=(100, 30)) as pilot:
        screen = await open_statistics(pilot)
        headline = shown_text(screen, "#headline")
        assert f"won {wins} of {len(GAMES)}" in headline and 0 < wins < len(GAMES)
        opponents = shown_text(screen, "#opponents")
        lines = {tuple(line.split()[:3]) for line in opponents.splitlines()[1:] if line.strip()}
        assert lines == {(str(seats), level, f"{won}/{games}")
                         for (seats, level), (won, games) in expected.items()}
        table = screen.query_one("#games", DataTable)
        assert table.row_count == len(GAMES)
        rows = [[str(cell) for cell in table.get_row_at(n)] for n in range(table.row_count)]
        newest_first = played[::-1]
        for row, session in zip(rows, newest_first, strict=True):
            result = "won" if session.state.winner == 0 else "lost"
            assert row[3] == result and row[4] == " – ".join(map(str, session.state.scores))


async def notices(pilot, title: str, count: int) -> list[str]:
    """The notices of this title once there are `count` of them (deliveries end in a thread: bounded wait)."""
    for _ in range(200):
        shown = [n.message for n in pilot.app._notifications if n.title == title]
        if len(shown) >= count:
            return shown
        await pilot.pause(0.01)
    raise AssertionError(f"{count} {title!r} notices never came; there are: {shown}")


async def test_a_past_game_opens_in_review_and_exports_as_a_record(data_dir: Path, played: list[Session],
                                                                   tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    downloads = tmp_path / "Downloads"
    downloads.mkdir()
    monkeypatch.setattr(export, "export_folder", lambda: downloads)
    app = AllFivesApp(bot_delay=0)
    app.review_samples = 2
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_statistics(pilot)
        await pilot.press("down", "enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert review.review.game.game == played[-2].state and review.review.game.history_id == \
            played[-2].setup.history_id
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen

        await pilot.press("x")  # straight to the downloads folder, and the notice says where
        first = await notices(pilot, "Exported", 1)
        await pilot.press("x")  # again: beside it, never over it
        second = (await notices(pilot, "Exported", 2))[-1]
        assert app.screen is screen
        files = sorted(downloads.iterdir(), key=lambda f: len(f.name))
        assert re.fullmatch(r"allfives-\d{4}-\d\d-\d\d-\d{4}\.json", files[0].name)
        assert [f.name for f in files] == [files[0].name, files[0].name.replace(".json", "-2.json")]
        assert first == [f"The game's record is in {files[0]}."]
        assert second == f"The game's record is in {files[1]}."
        monkeypatch.setattr(export, "export_folder", lambda: files[0])  # a file where a folder should be
        await pilot.press("x")
        failed = await notices(pilot, "Export", 1)
        assert failed == ["The game's record could not be written: Not a directory"]
    for file in files:
        data = json.loads(file.read_text())
        assert replay(data)[0] == played[-2].state and data["players"][0]["kind"] == "person"


async def test_no_games_yet_is_said_plainly(data_dir: Path) -> None:
    async with AllFivesApp(bot_delay=0).run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(pilot)
        assert "no finished game yet" in shown_text(screen, "#headline")
        assert "No games yet" in shown_text(screen, "#games-title")
        await pilot.press("r", "x")  # nothing chosen: nothing happens
        assert app_screen_is(pilot, StatsScreen)
    assert not (data_dir / "history.sqlite3").exists()  # looking at no history makes none


def app_screen_is(pilot, kind: type) -> bool:
    return isinstance(pilot.app.screen, kind)


# -- the rating -------------------------------------------------------------------------------------


@pytest.fixture
def rated(data_dir: Path) -> list[str]:
    from .scenes import fill_rated_history

    return fill_rated_history(data_dir)


def screen_words(screen: StatsScreen) -> str:
    """Everything the statistics screen draws of its own (the footer and palette are the shell's)."""
    parts = [shown_text(screen, f"#{name}") for name in ("headline", "rating", "opponents", "figures",
                                                           "games-title", "rating-chart")]
    table = screen.query_one("#games", DataTable)
    parts += [str(column.label) for column in table.columns.values()]
    parts += [str(cell) for n in range(table.row_count) for cell in table.get_row_at(n)]
    return "\n".join(parts)


async def test_the_rating_shows_with_its_interval_and_the_chart_follows_it(data_dir: Path, rated: list[str]
                                                                           ) -> None:
    from allfives.history.rating import current, rounded
    from allfives.ui.widgets.charts import ResultsChart
    from allfives.ui.widgets.rating_chart import RatingChart

    now = current(HistoryStore(data_dir).games())
    async with AllFivesApp(bot_delay=0).run_test(size=(120, 40)) as pilot:
        screen = await open_statistics(pilot)
        words = " ".join(shown_text(screen, "#rating").split())  # (however it wraps)
        assert words.startswith(f"Rating {rounded(now.mu):,} ± {rounded(2 * now.sigma):,}, ")
        assert any(f", {where}" in words for where in ("between", "above", "below", "around", "not placed"))
        assert words.endswith(f"95%: {rounded(now.low):,}–{rounded(now.high):,} · 8 rated · 1 abandoned: "
                              "lost · 1 practice · 2 not rated (3-4 seats, other rules)")
        table = screen.query_one("#games", DataTable)
        practice = [str(cell) for n in range(table.row_count) for cell in table.get_row_at(n)
                    if "practice" in str(cell)]
        assert practice == ["medium · practice"]
        assert screen.query_one(ResultsChart).display and not screen.query_one(RatingChart).display
        await pilot.press("g")
        await settle(pilot)
        assert screen.query_one(RatingChart).display and not screen.query_one(ResultsChart).display
        chart = shown_text(screen, "#rating-chart")
        assert "Rating · 95% band" in chart and "game (x: not rated)" in chart and "medium" in chart
        await pilot.press("g")
        assert screen.query_one(ResultsChart).display


async def test_every_word_of_the_statistics_comes_through_the_catalogue(data_dir: Path, rated: list[str]
                                                                        ) -> None:
    from tests.i18n_check import pseudo_language, unmarked

    with pseudo_language():
        async with AllFivesApp(bot_delay=0).run_test(size=(120, 40)) as pilot:
            screen = await open_statistics(pilot)
            await pilot.press("g")
            await settle(pilot)
            words = screen_words(screen)
            assert unmarked(words) == [] and words.count("⟦") > 50


async def test_the_statistics_in_dutch(data_dir: Path, rated: list[str]) -> None:
    """A few of the rating's words as a Dutch player reads them (the catalogue compiled from the parts)."""
    from .languages import speaking

    with speaking("nl"):
        async with AllFivesApp(bot_delay=0).run_test(size=(120, 40)) as pilot:
            screen = await open_statistics(pilot)
            rating = " ".join(shown_text(screen, "#rating").split())
            assert rating.startswith("Rating ") and "8 geteld · 1 verlaten: verloren · 1 oefenspel" in rating
            assert any(w in rating for w in ("tussen", "boven", "onder", "rond", "nog niet"))
            assert "gemiddeld · oefenen" in screen_words(screen)
