"""Games played in the app go into the history: after every move, one row per game (a resumed game too),
abandoned when replaced; a damaged history is moved aside with a notification and play goes on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from allfives.engine import GameState, replay, to_record
from allfives.history import HistoryStore
from allfives.play.history_link import HistoryLink
from allfives.play.saving import SaveStore
from allfives.play.session import Session
from allfives.play.setup import GameSetup, default_players
from allfives.ui.app import AllFivesApp
from allfives.ui.screens.new_game import NewGameScreen
from allfives.ui.screens.resume import ResumeScreen

from .helpers import game, on_disk, play_by_mouse, play_on, settle


def shared(state: GameState) -> GameState:
    """The game as a shared record holds it (the history's): the hand in play's secret left out."""
    return replay(to_record(state))[0]


def a_setup(seed: int = 3, target: int = 100) -> GameSetup:
    from allfives.engine import Rules

    return GameSetup(rules=Rules(seats=2, target=target), players=default_players(2, 1, "easy"), seed=seed,
                     bot_delay=0)


def test_a_session_keeps_its_game_in_one_row_after_every_move_and_when_resumed(data_dir: Path) -> None:
    link = HistoryLink(data_dir)
    store = SaveStore(data_dir)
    session = Session.new(a_setup(), store, history=link)
    history_id = session.setup.history_id
    assert history_id and json.loads(store.path.read_text())["history_id"] == history_id
    for _ in range(6):
        session.apply(session.state.legal_moves()[0])
    [row] = HistoryStore(data_dir).games()
    assert (row.id, row.status, row.moves) == (history_id, "playing", 6)
    assert [p.label for p in row.players] == ["person", "easy"]

    saved = store.load().game
    assert saved is not None and saved.setup.history_id == history_id
    resumed = Session.resume(saved, store, history=link)
    resumed.apply(resumed.state.legal_moves()[0])
    [row] = HistoryStore(data_dir).games()
    assert row.moves == 7 and HistoryStore(data_dir).load(history_id) == shared(resumed.state)
    kept = HistoryStore(data_dir).record(history_id)
    assert kept is not None and "deal_secret" not in kept  # the history's record is one to share
    assert kept["hands"][-1]["deal"] == {"commitment": resumed.state.log[-1].deal.commitment}


def test_background_saves_keep_the_history_too_and_a_finished_game_is_marked(data_dir: Path) -> None:
    link = HistoryLink(data_dir)
    session = Session.new(a_setup(target=40), SaveStore(data_dir), background=True, history=link)
    play_on(session, choose=lambda state: state.legal_moves()[-1])
    session.flush()
    [row] = HistoryStore(data_dir).games()
    assert row.status == "finished" and row.winner == session.state.winner
    assert HistoryStore(data_dir).record(row.id)["bot_delay"] == 0  # the setup rides along: it resumes


async def test_a_new_game_over_one_in_play_leaves_it_abandoned(data_dir: Path) -> None:
    app = AllFivesApp(a_setup(), ask_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = game(app).session.setup.history_id
        await play_by_mouse(pilot, game(app).session.state.legal_moves()[0])
        await settle(pilot)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.click("#start")
        await settle(pilot)
        await pilot.press("y")  # yes, leave the game in play for a new one
        await settle(pilot)
        second = game(app).session.setup.history_id
    statuses = {g.id: g.status for g in HistoryStore(data_dir).games()}
    assert first != second and statuses == {first: "abandoned", second: "playing"}


async def test_declining_to_resume_abandons_the_saved_game(data_dir: Path) -> None:
    store = SaveStore(data_dir)
    old = Session.new(a_setup(), store, history=HistoryLink(data_dir))
    old.apply(old.state.legal_moves()[0])
    app = AllFivesApp(store=SaveStore(data_dir))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        await pilot.click("#new")
        await settle(pilot)
        await pilot.click("#start")
        await settle(pilot)
        new = game(app).session.setup.history_id
    statuses = {g.id: g.status for g in HistoryStore(data_dir).games()}
    assert statuses == {old.setup.history_id: "abandoned", new: "playing"}


async def test_starting_anew_over_a_saved_game_abandons_it_once_the_history_opens(data_dir: Path) -> None:
    """`allfives --new` over a game in progress: the game is set aside at once, and marked abandoned in the
    history when that opens (the first move of the new game), or as the app closes: never before the
    first screen."""
    store = SaveStore(data_dir)
    old = Session.new(a_setup(), store, history=HistoryLink(data_dir))
    old.apply(old.state.legal_moves()[0])
    app = AllFivesApp(store=SaveStore(data_dir), ask_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.history.opened is None
        assert not store.path.exists() and len(list(data_dir.glob("save.previous-*.json"))) == 1
    assert {g.id: g.status for g in HistoryStore(data_dir).games()} == {old.setup.history_id: "abandoned"}

    again = Session.new(a_setup(), store, history=HistoryLink(data_dir))
    again.apply(again.state.legal_moves()[0])
    link = HistoryLink(data_dir)
    link.abandon_saved(SaveStore(data_dir).set_aside())  # type: ignore[arg-type]
    new = Session.new(a_setup(), SaveStore(data_dir), history=link)
    assert link.opened is None  # just dealt: the history waits for the first move...
    new.apply(new.state.legal_moves()[0])
    statuses = {g.id: g.status for g in HistoryStore(data_dir).games()}  # ...and then marks the old game
    assert statuses[again.setup.history_id] == "abandoned" and statuses[new.setup.history_id] == "playing"
    link.close()


async def test_a_corrupt_history_is_moved_aside_and_play_goes_on(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "history.sqlite3").write_bytes(b"not a database at all " * 300)
    app = AllFivesApp(a_setup(), ask_resume=False)
    told: list[str] = []
    original = app.notify
    app.notify = lambda message, *a, **k: (told.append(message), original(message, *a, **k))[1]  # type: ignore
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        table = game(app)
        for _ in range(2):  # a move of yours, the bot's reply: play goes on
            await play_by_mouse(pilot, table.session.state.legal_moves()[0])
            await settle(pilot)
        await pilot.pause(0.6)  # the table tells what the save thread found every half second
        state = table.session.state
        assert sum(len(h.moves) for h in state.log) >= 2
    assert any("moved to" in m and "history" in m for m in told)
    [aside] = data_dir.glob("history.corrupt-*.sqlite3")
    assert aside.read_bytes().startswith(b"not a database")
    assert HistoryStore(data_dir).load(table.session.setup.history_id) == shared(state)
    assert on_disk(SaveStore(data_dir).path) == state  # the save stands apart


def test_the_first_screen_loads_no_history_review_statistics_or_charts() -> None:
    # (the bots package itself only declares the levels offered, in bots/levels.py: no bot's module is
    # loaded)
    code = ("import sys; import allfives.ui.launch, allfives.ui.app; "
            "print(sorted(m for m in sys.modules if m.startswith(('allfives.history', 'allfives.bots.', "
            "'allfives.ui.review.screen', 'allfives.ui.screens.stats', 'allfives.ui.model.review', "
            "'textual_plotext', 'plotext', 'sqlite3')) and m != 'allfives.bots.levels'))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == "[]", run.stdout + run.stderr
