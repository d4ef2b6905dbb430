"""The review screen: from the game-over screen to the last move, each step the engine's own state; keys
and clicks; a planted mistake on screen; the analysis stopped, taken up again and kept in the history."""

from __future__ import annotations

import random
import re
import threading
from pathlib import Path

import pytest
from textual.app import App

from allfives.bots.analysis import analyse_game
from allfives.engine import GameState, Rules, replay_game, to_record
from allfives.play.history_link import HistoryLink
from allfives.play.setup import GameSetup, default_players
from allfives.ui.model.review import Review, ReviewGame
from allfives.ui.model.sheet import build_sheet
from allfives.ui.model.view import LOG_LINES, game_log
from allfives.ui.review import screen as review_screen
from allfives.ui.review.panel import OpenBoneyard
from allfives.ui.review.screen import ReviewScreen
from allfives.ui.screens.game_over import GameOverScreen
from allfives.ui.themes import STYLESHEET, use_themes
from allfives.ui.widgets.board import Board
from allfives.ui.widgets.game_log import GameLog
from allfives.ui.widgets.hand import Hand
from allfives.ui.widgets.scoresheet import Scoresheet, _Rows
from allfives.ui.widgets.seats import Seats
from benchmarks.engine import long_record  # the benchmarks' long records: one maker of them
from tests.conftest import seeded_game

from .helpers import settle, until
from .scenes import PLANTED_SAMPLES, planted_game, review_app, seeded_app, to_the_mistake


def engine_steps(game: GameState):
    """Every moment of the game, replayed here move by move from its record: ((hand, move), state)."""
    record = to_record(game)
    state = GameState.empty(game.rules, game.seed)
    for h, hand in enumerate(record["hands"], start=1):
        state, _ = state.start_hand(hand["hands"], hand["boneyard"], hand["leader"])
        yield (h, 0), state
        for m, move in enumerate(hand["moves"], start=1):
            state, _ = state.apply(move)
            yield (h, m), state


def shown_state(screen: ReviewScreen) -> dict:
    """What the review's widgets show."""
    seats = [info for s in screen.query(Seats) for info in s.seats]
    return {"layout": screen.query_one(Board).board, "hand": screen.query_one(Hand).tiles,
            "others": {info.seat: info.faces for info in seats},
            "boneyard": screen.query_one(OpenBoneyard).tiles,
            "scores": screen.query_one(Scoresheet).totals()}


def engine_shown(state: GameState, viewer: int) -> dict:
    return {"layout": state.layout, "hand": state.hands[viewer],
            "others": {s: state.hands[s] for s in range(state.rules.seats) if s != viewer},
            "boneyard": state.boneyard, "scores": state.scores}


async def test_a_finished_game_is_reviewed_from_the_game_over_screen_to_its_last_move() -> None:
    app = seeded_app(2, 4, 60, last_hand=True)  # (sat down at its last hand: the game is the same)
    app.review_samples = 2
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, GameOverScreen)
        game = app.game_screen.session.state
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.step == (1, 0)
        viewer = screen.review.game.viewer
        steps = list(engine_steps(game))
        assert len(steps) == len(screen.review.steps) > 20
        for n, (step, state) in enumerate(steps):
            if n:
                await pilot.press("right")
            assert screen.step == step
            assert shown_state(screen) == engine_shown(state, viewer), step
        await pilot.press("right")
        assert screen.step == steps[-1][0]  # the last move stays the last
        assert "wins the game" in screen.query_one(GameLog).texts[-1]
        await settle(pilot)
        assert screen.analysis is not None and screen.analysis.seats == (0, 1)  # a bots' game: every seat
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


def multi_hand_review() -> ReviewGame:
    game = seeded_game(13, target=150)  # (hand 2's end: the third line from the top is a play's own)
    assert game.hand_number >= 3
    return ReviewGame.of(game, GameSetup(rules=game.rules, players=default_players(2)))


class Bare(App[None]):
    """Only the review (no save slot, no history of its own)."""

    CSS_PATH = STYLESHEET

    def __init__(self, screen: ReviewScreen) -> None:
        super().__init__()
        self.review = screen
        use_themes(self)

    def on_mount(self) -> None:
        self.push_screen(self.review)


async def test_keys_step_by_move_and_by_hand() -> None:
    screen = ReviewScreen(multi_hand_review(), analyse=False)
    timeline = screen.review.timeline
    async with Bare(screen).run_test(size=(80, 24)) as pilot:
        await pilot.press("pagedown")
        assert screen.step == (2, 0)
        await pilot.press("end")
        assert screen.step == (2, timeline.moves_in(2))
        await pilot.press("right")
        assert screen.step == (3, 0)
        await pilot.press("left", "left")
        assert screen.step == (2, timeline.moves_in(2) - 1)
        await pilot.press("home")
        assert screen.step == (2, 0)
        await pilot.press("pageup")
        assert screen.step == (1, 0)
        await pilot.press("left", "pageup")
        assert screen.step == (1, 0)
        assert "Hand 1" in screen.query_one("#status").text and "leads" in screen.query_one("#status").text


async def test_a_click_on_a_log_line_or_a_sheet_row_goes_to_its_moment() -> None:
    screen = ReviewScreen(multi_hand_review(), analyse=False)
    async with Bare(screen).run_test(size=(80, 24)) as pilot:
        await pilot.press("pagedown", "end")  # the end of hand 2
        await pilot.pause()
        log = screen.query_one(GameLog)
        top = len(log._drawn) - log.size.height
        y = 2
        clicked = log._owners[top + y]
        text = log.texts[clicked]
        await pilot.click(log, offset=(3, y))
        await pilot.pause()
        assert screen.step == screen.review.step_of_log_line(clicked) != (2, 0)
        assert log.texts[clicked] == text and len(log.texts) <= clicked + 2  # written by the move shown

        await pilot.press("end")
        await pilot.pause()
        rows = screen.query_one(_Rows)
        y = 1
        index = y + rows.scroll_offset.y
        row = rows.rows[index]
        await pilot.click(rows, offset=(3, y))
        await pilot.pause()
        assert screen.step == screen.review.step_of_sheet_row(index)
        assert rows.rows[index] == row and len(rows.rows) <= index + 4  # a hand's end adds a few rows


async def test_a_planted_mistake_shows_in_the_analysis_on_screen(data_dir: Path) -> None:
    app = review_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_mistake(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.analysis is not None
        assert screen.step == (1, 2)  # before the third move: seat 0 to play, 3-0 in hand
        panel = screen.panel.plain
        assert panel[0].startswith("You played 1-0 W") and "best 3-0 W" in panel[0]
        assert panel[1] == ("Mistake: scored 0 where 3-0 W scored 15, "
                            "and let the next player score 15 (ends at 13)")
        # the line above the panel names the move it judges: the one about to be made from here
        assert screen.query_one("#status").text.endswith("move 3 of 6: You to play · after Ben's 6-0 on W")
        hand = screen.query_one(Hand).view
        assert (str(hand.chosen), str(hand.hint)) == ("1-0", "3-0")  # played raised, the best lit
        assert "2 mistakes" in panel[2] and "0% of choices within 2 points of the best" in panel[2]
        await pilot.press("right")
        assert screen.panel.plain[0].startswith("Next: Ben plays 3-1 W (not weighed)")
    assert not data_dir.exists()  # a review of a file (`allfives review FILE`) makes no history, no folder


async def test_a_review_on_its_own_in_a_small_terminal_says_so_and_moves_nowhere() -> None:
    """`allfives review` has the game's too-small guard (its screen always carried the notice)."""
    from allfives.ui.widgets.too_small import TooSmall

    app = review_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        notice = screen.query_one(TooSmall)
        assert notice.display and "needs 80x24, now 70x20" in str(notice.render())
        step = screen.step
        await pilot.press("right")
        assert screen.step == step
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not notice.display
        await pilot.press("right")
        assert screen.step != step


def test_every_line_of_the_log_and_sheet_leads_to_the_moment_it_was_written() -> None:
    review = Review(multi_hand_review())
    last = review.timeline.at(*review.steps[-1]).events
    from allfives.ui.model.sheet import build_sheet
    from allfives.ui.model.view import game_log

    everyone = frozenset({0, 1})
    lines = game_log(review.setup, last, everyone)
    rows = build_sheet(review.setup, last).rows
    def shown(step: tuple[int, int]) -> tuple[tuple, tuple]:
        events = review.timeline.at(*step).events
        return game_log(review.setup, events, everyone), build_sheet(review.setup, events).rows

    for index in range(0, len(lines), 3):
        step = review.step_of_log_line(index)
        assert shown(step)[0][index] == lines[index]  # the line is there at its step...
        if step != review.first:  # ...and was not a step before
            assert len(shown(review.timeline.step(*step, -1))[0]) <= index
    for index in range(len(rows)):
        step = review.step_of_sheet_row(index)
        assert shown(step)[1][index] == rows[index]
        if step != review.first:
            assert len(shown(review.timeline.step(*step, -1))[1]) <= index


def test_the_view_names_the_move_and_shows_every_hand() -> None:
    review = Review(multi_hand_review())
    view = review.view((1, 3))
    state = review.timeline.at(1, 3).state
    assert view.hand.tiles == state.hands[0] and not view.hand.active
    assert view.seats.top[0].faces == state.hands[1] and not view.seats.top[0].thinking
    assert view.status.plain.startswith("Hand 1 of ") and "move 4 of" in view.status.plain  # (the next)
    mover = review.setup.players[review.mover(1, 3)].name
    assert f"after {'your' if mover == 'You' else mover + chr(39) + 's'} " in view.status.plain  # (the last)


async def test_the_analysis_stops_goes_on_and_is_kept_for_the_next_review(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = planted_game()
    setup = GameSetup(rules=game.rules, players=default_players(2))
    link = HistoryLink(tmp_path)
    link.store().save_game("g", game, [p.to_json() for p in setup.players])
    go_on = threading.Event()
    real = review_screen.iter_decisions

    def held(*args, **kwargs):
        for n, decision in enumerate(real(*args, **kwargs)):
            yield decision
            if n == 0:
                go_on.wait(10)  # one decision, then wait for the test

    monkeypatch.setattr(review_screen, "iter_decisions", held)
    screen = ReviewScreen(ReviewGame.of(game, setup, "g"), link, samples=8, analyse=False)
    async with Bare(screen).run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        for _ in range(200):
            await pilot.pause(0.01)
            if screen.weighed:
                break
        assert len(screen.weighed) == 1 and screen.analysing
        await pilot.press("x")
        go_on.set()
        await settle(pilot)
        assert not screen.analysing and screen.analysis is None and len(screen.weighed) == 1
        assert "Stopped" in screen.panel.plain[-1]
        go_on.clear()
        go_on.set()
        await pilot.press("a")
        await settle(pilot)
        assert screen.analysis == analyse_game(game, [0], samples=8)  # taken up again: the same numbers
    assert link.store().analysis("g", 8, [0], game) == screen.analysis

    again = ReviewScreen(ReviewGame.of(game, setup, "g"), link, samples=8)
    monkeypatch.setattr(review_screen, "iter_decisions", None)  # nothing may be weighed now
    async with Bare(again).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert again.analysis == screen.analysis


async def test_a_game_without_people_weighs_every_seat_and_every_seat_on_request() -> None:
    game = planted_game()
    screen = ReviewScreen(ReviewGame.of(game, GameSetup(rules=Rules(seats=2), players=default_players(2, 0))),
                          samples=2, analyse=False)
    async with Bare(screen).run_test(size=(80, 24)) as pilot:
        assert screen.seats == (0, 1)
        await pilot.press("a")
        await settle(pilot)
        assert screen.analysis is not None and {d.seat for d in screen.analysis.decisions} == {0, 1}
    mine = ReviewScreen(ReviewGame.of(game, GameSetup(rules=Rules(seats=2), players=default_players(2))),
                        samples=2, analyse=False)
    async with Bare(mine).run_test(size=(80, 24)) as pilot:
        await pilot.press("A")
        await settle(pilot)
        assert mine.seats == (0, 1) and mine.analysis is not None and mine.analysis.seats == (0, 1)
        assert PLANTED_SAMPLES > 2  # the scenes weigh more deals than these quick checks


def test_the_sheet_kept_hand_by_hand_is_the_sheet_of_each_steps_events() -> None:
    review = Review(multi_hand_review())
    steps = list(review.steps)
    random.Random(5).shuffle(steps)  # any order: a click can jump anywhere
    for step in steps:
        assert review.sheet(step) == build_sheet(review.setup, review.timeline.at(*step).events), step


def test_a_line_of_a_long_games_log_leads_to_its_moment() -> None:
    """Past LOG_LINES the log keeps only the latest hands: a line is found in the log as the step shown
    has it."""
    game = replay_game(long_record(40))
    setup = GameSetup(rules=game.rules, players=default_players(game.rules.seats))
    review = Review(ReviewGame.of(game, setup))
    everyone = frozenset(range(game.rules.seats))
    at = (38, 7)
    lines = game_log(review.setup, review.timeline.at(*at).events, everyone)
    heads = [i for i, line in enumerate(lines) if line.kind == "hand"]

    def of_hand(hand: int, moves: int) -> tuple:
        return game_log(review.setup, (review.timeline.hand_events(hand, moves),), everyone)

    # the first hands left it
    assert len(lines) >= LOG_LINES and not re.search(r"Hand 1\b", lines[0].text.plain)
    for index in range(0, len(lines), 7):
        hand, move = review.step_of_log_line(index, at)
        head = max(i for i in heads if i <= index)
        assert re.search(rf"Hand {hand}\b", lines[head].text.plain)  # the line's own hand...
        within = index - head
        assert of_hand(hand, move)[within] == lines[index]  # ...at the move that wrote it
        assert move == 0 or len(of_hand(hand, move - 1)) <= within


async def test_a_long_record_opens_without_building_every_position() -> None:
    game = replay_game(long_record(2000))
    setup = GameSetup(rules=game.rules, players=default_players(game.rules.seats))
    screen = ReviewScreen(ReviewGame.of(game, setup), analyse=False)
    async with Bare(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        timeline = screen.review.timeline
        assert len(timeline.steps) > 40_000 and timeline.built == 1  # the first position, nothing more
        assert "Hand 1 of 2000" in screen.query_one("#status").text
        rows = screen.query_one(_Rows).rows
        assert rows and [row.label for row in rows if row.kind == "hand"] == ["Hand 1"]
        await pilot.press("pagedown", "end", "right")
        assert screen.step == (3, 0) and timeline.built <= 5  # each position shown, and one before


def test_the_status_says_deal_checked_at_a_hand_whose_secret_checks() -> None:
    setup = GameSetup(rules=Rules(seats=2, target=150), players=default_players(2))
    game = seeded_game(13, target=150)
    review = Review(ReviewGame.of(game, setup))
    assert game.hand_number >= 3
    for hand in range(1, game.hand_number + 1):
        assert re.search(r": (You lead|Ben leads) · deal checked$", review.status((hand, 0)).plain), hand
    assert "deal checked" not in review.status((1, 1)).plain  # said where the hand is dealt
    bare = to_record(game)
    for hand in bare["hands"]:
        del hand["deal"]  # a record from before fair deals
    assert Review(ReviewGame.from_record(bare)).status((1, 0)).plain.endswith(" · deal not checked")
    in_play = seeded_game(13, target=150, stop_after=40)
    assert in_play.phase == "playing" and in_play.hand_number >= 2
    shared = Review(ReviewGame.from_record(to_record(in_play)))  # the hand in play's secret not shown yet
    last = in_play.hand_number
    assert "deal checked" in shared.status((last - 1, 0)).plain
    assert "checked" not in shared.status((last, 0)).plain  # (committed to: not checked, nor unchecked)


async def test_the_luck_is_told_at_each_draw_and_l_jumps_to_the_luckiest_moments() -> None:
    from allfives.bots.luck import LUCKY_POINTS
    from allfives.ui.review.app import ReviewApp
    from tests.bots.test_luck import lucky_game

    game = lucky_game()  # many draws
    setup = GameSetup(rules=game.rules, players=default_players(2, 1, "hard"))
    app = ReviewApp(ReviewGame.of(game, setup), samples=8)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.luck is not None
        luck = screen.luck
        assert screen.step == (1, 0)
        deal = luck.chance(1, 0)
        assert deal is not None
        assert screen.panel.plain[1].startswith(f"The deal: luck {deal.luck[0]:+.1f} for you")
        mine, whole = luck.hands[0].sides[0], luck.game[0]
        foot = screen.panel.plain[2]
        assert foot.startswith("You · hand 1: ") and f", luck {mine.luck:+.0f} · game: " in foot
        assert foot.endswith(f"of choices within 2 points of the best, luck {whole.luck:+.0f}")
        marked = screen.review.marked_chances(luck)
        draws = [s for s in marked if s > (1, 0)]
        assert draws, "a hand of many draws has a lucky or unlucky one"
        await pilot.press("l")
        assert screen.step == draws[0]
        drawn = luck.chance(draws[0][0], draws[0][1] + 1)
        assert drawn is not None and max(abs(x) for x in drawn.luck) >= LUCKY_POINTS
        line = screen.panel.plain[0]
        assert f" drew {drawn.tile}: luck {drawn.luck[0]:+.1f} for you — " in line
        assert line.endswith(" lucky") or line.endswith(" unlucky")
        await pilot.press("L")
        assert screen.step == ((1, 0) if (1, 0) in marked else draws[0])


async def test_a_review_closed_before_it_is_first_shown_leaves_the_table_as_it_was() -> None:
    from .scenes import board_app

    app = board_app()
    app.review_samples = 1
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.action_review()  # (opened, and closed again before its first frame: a quick Escape)
        await app.pop_screen()
        await settle(pilot)
        assert app.is_running and app.screen is app.game_screen
    assert app.return_code in (None, 0)
