"""The lesson at the table (`allfives --learn`, "Learn to play", the first launch's offer): walked to its
end by keys and by mouse in English and Dutch, a move it does not ask for refused kindly, `q` leaving at
once, the offer made once, and every coach line whole at 80x24 in every language."""

from __future__ import annotations

from pathlib import Path

import pytest

from allfives import i18n
from allfives.engine import Move
from allfives.learn.first_hand import FIRST_HAND
from allfives.learn.session import Coaching, LessonSession
from allfives.play.prefs import PrefsStore
from allfives.play.setup import GameSetup, default_players
from allfives.ui.app import AllFivesApp
from allfives.ui.learn.coach import Coach
from allfives.ui.learn.door import LearnOffer
from allfives.ui.learn.screen import LessonScreen
from allfives.ui.screens.confirm import ConfirmScreen
from allfives.ui.screens.new_game import NewGameScreen

from .helpers import click_end, click_tile, settle
from .languages import speaking
from .lessons import by_keys, by_mouse, go_on_by_keys, go_on_by_mouse, lesson, lesson_app, to_step

END = len(FIRST_HAND.steps)
NUMBERS = {"pips": 34, "rounded": 35, "target": 250}  # what the hand's end says (tests/learn checks them)


def every_step_said() -> list[str]:
    """Each step's words in the language spoken, as the coach says them."""
    return [i18n._(step.say).format(**NUMBERS) for step in FIRST_HAND.steps]


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("way", ["keys", "mouse"])
async def test_the_lesson_is_walked_to_its_end(language: str, way: str) -> None:
    make, go_on = (by_keys, go_on_by_keys) if way == "keys" else (by_mouse, go_on_by_mouse)
    with speaking(language):
        app = lesson_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            session = lesson(pilot).lesson
            said = await to_step(pilot, END - 1, make, go_on)  # to the last words: the target
            assert session.state.scores == (50, -35) and lesson(pilot).coach.view.last
            said += await to_step(pilot, END, make, go_on)  # and on, out of the lesson: a real game
            await settle(pilot)
            assert [line for line in every_step_said() if line not in said] == []
            assert session.over
            a_real_game_at_once(app)


def a_real_game_at_once(app: AllFivesApp) -> None:
    """The lesson's last Enter ("Play a real game") sat the person down at one: two seats, against an
    easy bot as in the lesson, at the window's pace, no form and no lesson left on the way."""
    table = app.game_screen
    assert table is not None and app.screen is table and not isinstance(table, LessonScreen)
    assert not any(isinstance(s, (LessonScreen, NewGameScreen)) for s in app.screen_stack)
    setup = table.session.setup
    assert setup.rules.seats == 2 and setup.rules.target == 250 and setup.bot_delay == 0
    assert [(p.kind, p.level) for p in setup.players][1] == ("bot", "easy") and setup.players[0].is_person
    assert app.prefs.last_game is not None and app.prefs.last_game.who[1] == "easy"  # kept as any game


async def test_a_move_the_step_does_not_ask_for_is_not_made_and_the_coach_says_why() -> None:
    app = lesson_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = lesson(pilot)
        before = screen.lesson.state
        await by_keys(pilot, Move.model_validate("5-2"))  # by keys...
        await settle(pilot)
        assert screen.lesson.state is before and screen.coach.view.tone == "nudge"
        assert screen.coach.text == ("5-2 to lead would make 7: no points. "
                                     "Lead 5-5: 5 + 5 = 10, so it scores 10.")
        assert screen.status.startswith("Your lead")  # the turn goes on: no refusal on the status line
        await click_tile(pilot, Move.model_validate("4-4").tile)  # ...and by mouse
        await settle(pilot)
        assert screen.lesson.state is before and screen.coach.text.startswith("4-4 to lead would make 8")
        await by_keys(pilot, Move.model_validate("5-5"))
        await settle(pilot)
        assert screen.lesson.at == 1 and screen.coach.view.tone == "say"  # the next step's words
        await to_step(pilot, 4)  # 6-2 fits two ends: the wrong one, by mouse
        await click_tile(pilot, Move.model_validate("6-2").tile)
        await settle(pilot)
        await click_end(pilot, "E")
        await settle(pilot)
        assert screen.lesson.at == 4 and screen.turn.chosen is None  # not made; the tile is back
        assert screen.coach.text.startswith("6-2 on E would make the ends add up to 16: no points. "
                                            "Put 6-2 on S")


async def test_h_has_the_coach_say_how() -> None:
    app = lesson_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert lesson(pilot).coach.text == "Lead 5-5: 5 + 5 = 10, so it scores 10."


async def test_q_leaves_the_lesson_at_once_and_no_new_game_starts_from_it() -> None:
    app = lesson_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_step(pilot, 3)
        await pilot.press("ctrl+n")  # (no new game over a lesson: q leaves it first)
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)  # no question: a lesson keeps nothing
        assert not any(isinstance(s, (LessonScreen, ConfirmScreen)) for s in app.screen_stack)
        assert app.is_running and app.game_screen is None


async def test_learn_to_play_is_on_the_new_game_screen_with_no_game_underneath() -> None:
    app = AllFivesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen) and app.screen.query("#learn")
        await pilot.click("#learn")
        await settle(pilot)
        assert lesson(pilot).lesson.at == 0
        await pilot.press("q")
        await settle(pilot)
        await pilot.press("ctrl+l")  # the key too
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)


async def test_no_lesson_over_a_game_in_progress() -> None:
    setup = GameSetup(rules=FIRST_HAND.rules, players=default_players(2), seed=3, bot_delay=0)
    app = AllFivesApp(setup, ask_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen) and not app.screen.query("#learn")
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)


async def test_the_first_launch_offers_the_lesson_once(config_dir: Path) -> None:
    app = AllFivesApp()  # nothing chosen, nothing played: a first launch
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LearnOffer)
        assert app.screen.query_one("#yes").has_focus  # Enter learns
        await pilot.press("enter")
        await settle(pilot)
        assert lesson(pilot).lesson.at == 0
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
    assert PrefsStore(config_dir).load().prefs.learn_offered is True
    again = AllFivesApp()
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, NewGameScreen)  # offered once: never again


async def test_not_now_and_a_launch_that_is_no_first_one(config_dir: Path, data_dir: Path) -> None:
    app = AllFivesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # not now
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen) and not isinstance(app.screen, ConfirmScreen)
    (config_dir / "prefs.toml").unlink()
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "history.sqlite3").write_bytes(b"")  # games played here before: no first launch
    later = AllFivesApp()
    async with later.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(later.screen, NewGameScreen)


def test_learn_takes_no_flags_that_shape_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    from allfives.ui.launch import main, parser

    assert parser().parse_args(["--learn"]).learn
    with pytest.raises(SystemExit) as ended:
        main(["--learn", "--seats", "3"])
    assert ended.value.code == 2 and "--learn plays its own hand" in capsys.readouterr().err


def every_coach_line() -> dict[str, Coaching]:
    """Every line the lesson can say, in the language spoken: each step's words, the kind words for
    every other move the rules allow at each step (what it would make, then how), the praise."""
    session = LessonSession(FIRST_HAND, bot_delay=0)
    lines: dict[str, Coaching] = {}
    for _ in range(100):
        if session.over:
            return lines
        coaching = session.coaching()
        lines[f"step {session.at + 1} {coaching.tone}"] = coaching
        if session.reading:
            session.go_on()
        elif session.waiting == "bot":
            session.apply(session.think())
        else:
            wanted = session.expected()
            for move in session.state.legal_moves():
                if move != wanted:
                    lines[f"step {session.at + 1} not {move}"] = Coaching(session.kind_words(move), "nudge")
            lines[f"step {session.at + 1} hint"] = Coaching(session.nudge(), "nudge")
            session.apply(wanted)
    raise AssertionError("the lesson never ended")


@pytest.mark.parametrize("language", ["en", *i18n.LANGUAGES[1:]])
async def test_every_coach_line_is_whole_at_80x24(language: str) -> None:
    with speaking(language):
        lines = every_coach_line()
        assert len(lines) >= 20
        app = lesson_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            coach = lesson(pilot).query_one(Coach)
            for where, coaching in lines.items():
                coach.view = coaching
                await pilot.pause()
                assert coach.lines_needed() <= Coach.MOST_LINES, (where, coaching.text)
                assert coach.content_size.height >= coach.lines_needed(), (where, coaching.text)  # all shown


def test_the_offer_is_remembered_as_true_or_false_and_nothing_else() -> None:
    """A preferences file is data: anything but true/false there is refused, said, and the offer stands."""
    import tomllib

    from allfives.play.prefs import Prefs, prefs_from, to_toml

    assert prefs_from(tomllib.loads(to_toml(Prefs(learn_offered=True))))[0].learn_offered is True
    for hostile in ('"yes"', "1", "[true]", '"\\u001b[2J"'):
        prefs, refused = prefs_from(tomllib.loads(f"learn_offered = {hostile}"))
        assert prefs.learn_offered is None and refused and refused[0].startswith("learn_offered: ")


async def test_over_the_resume_question_the_lessons_end_leaves_the_saved_game_to_the_person(
        data_dir: Path) -> None:
    """`--learn` with a game saved: the lesson opens over the resume question, and its end comes back
    there (no game is started over the saved one without the person's say)."""
    from allfives.engine import GameState, Rules
    from allfives.play.saving import SaveStore
    from allfives.ui.screens.resume import ResumeScreen

    setup = GameSetup(rules=Rules(seats=2, target=500), players=default_players(2), seed=9, bot_delay=0)
    SaveStore(data_dir).save(GameState.new(setup.rules, 9), setup)
    app = AllFivesApp(bot_delay=0, learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert lesson(pilot) and isinstance(app.screen_stack[-2], ResumeScreen)
        await to_step(pilot, END)
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen) and app.game_screen is None
