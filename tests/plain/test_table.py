"""The plain table in this process: every event said once, in order; one line for a wrong command; the
person's commands (hint, undo, hand, ends, score, repeat, quit, new, review); every word translated."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from allfives import i18n
from allfives.engine import HandResult, Passed, Played
from allfives.names import visible
from allfives.plain.commands import LONGEST, find
from allfives.plain.console import typed
from allfives.play.saving import SaveStore
from tests.ui.languages import speaking

from .helpers import Typing, expected, first_legal, said_in_order, sit

BOX = re.compile("[\u2500-\u259f]")  # box drawing and block elements: a screen's, never a sentence's


@pytest.mark.parametrize(("seed", "kind"), [(21, "blocked"), (52, "passed")])
def test_every_event_of_a_whole_game_is_said_once_and_in_order(tmp_path: Path, seed: int, kind: str) -> None:
    console = Typing(plan=first_legal)
    table = sit(tmp_path, console, seed=seed)  # (a game with a blocked hand; one where you pass)
    table.run()
    events = [e for hand in table.session.hands for e in hand]
    assert any(isinstance(e, HandResult) and e.reason == "blocked" if kind == "blocked"
               else isinstance(e, Passed) and e.seat == 0 for e in events), "another seed has what is wanted"
    assert table.session.state.phase == "game_over"
    names = [p.name for p in table.session.setup.players]
    said = console.said
    assert not said_in_order(said, [expected(e, names) for e in events])
    plays = [e for e in events if isinstance(e, Played)]
    played = [line for line in said if re.search(r"(play|plays|lead|leads) .+; the ends add up to", line)]
    assert len(played) == len(plays)  # each once
    if kind == "passed":
        assert "Nothing you hold fits and the boneyard is empty." in said
    assert not [line for line in said if BOX.search(line) or "\x1b" in line]


def test_a_wrong_command_gets_one_line_saying_what_is_possible(tmp_path: Path) -> None:
    wrong = ["fly", "\x1b[31mred", "[b]bold[/b]", "x" * 10_000, "\x00", "play 7-7", "p 50 up", "p 64 w e"]
    console = Typing(typed=wrong + ["quit"])
    sit(tmp_path, console).run()
    replies = [console.said[at:until] for at, until in zip(console.marks, console.marks[1:], strict=False)]
    assert [len(lines) for lines in replies] == [1] * len(wrong)
    fly, escape, markup, long, nul, tile, end, two = (lines[0] for lines in replies)
    assert fly == ("No command fly. Commands: play, draw, hand, ends, score, hint, undo, repeat, verbose, "
                   "help or quit.")
    assert escape.startswith("No command red.")  # (a control character is never said back, nor as \x1b)
    assert markup.startswith("No command [b]bold[/b].")
    assert long.startswith("That line is too long. Commands: play,")
    assert nul == "Type help for the commands."  # (nothing typed but a control character: an empty line)
    assert tile == "That is not a tile: name it as in six blank."  # (never `7-7`, "seven minus seven")
    assert end.startswith("up is not an end: say")
    assert two.startswith("e is not an end")


def test_the_game_over_has_its_own_commands_and_a_prefix_of_two_says_both(tmp_path: Path) -> None:
    at_end = iter(["re", "draw", "score", "quit"])
    console = Typing(plan=lambda table: first_legal(table) if table.session.waiting != "game_over" else
                     next(at_end))
    sit(tmp_path, console, target=30).run()
    said = console.said
    assert "re could be repeat or review." in said
    assert "draw is not for now. Commands: score, repeat, verbose, review, new, help or quit." in said
    assert any(line.startswith("Hand ") and ", first to 30 wins. Score: You " in line for line in said)


def test_a_hint_then_play_plays_it_and_undo_takes_it_back_as_practice(tmp_path: Path) -> None:
    console = Typing(typed=["hint", "play", "undo", "undo", "quit"])
    table = sit(tmp_path, console, seed=3)
    table.run()
    said = console.said
    hint = next(line for line in said if line.startswith("Hint: play "))
    led = next(line for line in said if line.startswith("You lead "))
    assert hint.removeprefix("Hint: play ").split(":")[0] in led  # the hinted tile was led
    practice = "A hint or a move taken back makes this game practice: it leaves your rating alone."
    assert said.count(practice) == 1
    assert "Taken back: 2 moves." in said and "Nothing to take back." in said
    assert sum(line.startswith("Your turn to lead.") for line in said) == 2  # the turn is said again
    assert table.session.setup.practice
    saved = SaveStore(tmp_path).load().game
    assert saved is not None and saved.setup.practice and not saved.state.log[-1].moves


def test_hand_ends_score_repeat_and_help_answer_without_a_move(tmp_path: Path) -> None:
    console = Typing(typed=["p 50", "hand", "ends", "score", "repeat", "help", "quit"])
    table = sit(tmp_path, console, seed=3)
    table.run()
    said = console.said
    answers = [said[at:until] for at, until in zip(console.marks[1:], console.marks[2:], strict=False)]
    hand, ends, score, repeat, help_ = answers
    assert hand[0].startswith("You hold double five, four three")
    option = r"on the (west|east|north|south) end scores (\d+|nothing)"
    each = rf"[A-Z][a-z]+ [a-z]+: {option}(; {option})*\."  # `Six blank: on the east end scores nothing.`
    assert hand[1:] and all(re.fullmatch(each, line) for line in hand[1:])
    assert ends[0].startswith("Open ends: West ") and "they add up to" in ends[0]
    assert score == ["Hand 1, first to 60 wins. Score: You 5, Ben 0.",
                     "Tiles in hand: Ben 8; in the boneyard: 10."]
    assert repeat == said[console.marks[0]:console.marks[1]]  # what happened since the move, again
    assert repeat[0] == "You lead five blank; the ends add up to 5."
    assert help_[0].startswith("play five blank west, or p 5 0 w:") and len(help_) == 11
    assert table.session.state.log[-1].moves[0].tile is not None  # (only the lead was a move)
    assert len(table.session.state.log[-1].moves) == 2


def test_the_end_of_the_input_quits_and_the_game_stays_saved(tmp_path: Path) -> None:
    console = Typing(typed=["p 50"])
    sit(tmp_path, console, seed=3).run()
    assert console.said[-1] == "The game is saved: allfives --plain picks it up where you left it."
    saved = SaveStore(tmp_path).load().game
    assert saved is not None and [str(m) for m in saved.state.log[0].moves][:1] == ["5-0"]


def test_after_the_game_a_new_one_and_the_review_says_mistakes_as_sentences(tmp_path: Path) -> None:
    at_end = iter(["review", "new", "quit"])
    console = Typing(plan=lambda table: first_legal(table) if table.session.waiting != "game_over" else
                     next(at_end))
    table = sit(tmp_path, console, target=30, review_samples=3)
    table.run()
    said = console.said
    start = said.index("Weighing the game's decisions; this takes a while.")
    review = said[start + 1:said.index("A new game: you against Ben (easy). First to 30 wins.", start)]
    mistakes = [line for line in review if line.startswith("Hand ")]
    mistake = r"Hand \d+, move \d+: you played .+, where .+ was worth [\d.]+ points more: .+\."
    assert all(re.fullmatch(mistake, line) for line in mistakes)
    assert any(line.startswith("You made ") and "accuracy" in line for line in review)
    assert any(re.match(r"You (won|lost|drew)", line) for line in review)
    assert not [line for line in review if re.search(r"\d-\d|\b[WENS]\b", line)]  # tiles and ends as words
    assert said.count("A new game: you against Ben (easy). First to 30 wins.") == 2
    kept = table.history.store().games() if table.history is not None else []
    assert len(kept) == 2 and all(game.status == "finished" for game in kept)  # both in the history


@pytest.mark.parametrize("verbose", [True, False], ids=["verbose", "brief"])
@pytest.mark.parametrize("lang", ["x-pseudo", "nl", "pt", "sl", "fy"])
def test_every_line_is_in_the_language_spoken(tmp_path: Path, lang: str, verbose: bool) -> None:
    """In the pseudo-language every line holds a translated mark; in each real one, no English sentence."""
    console = Typing(typed=["fly", "hand", "ends", "score", "help", "", "p sixx four", "p 7", "verbose", "v"],
                     plan=first_legal)
    if lang == i18n.PSEUDO:
        i18n.use(lang)
        sit(tmp_path, console, target=30, verbose=verbose).run()
        assert not [line for line in console.said if i18n.MARK_OPEN not in line]
        return
    with speaking(lang):
        sit(tmp_path, console, target=30, verbose=verbose).run()
    english = ("You hold", "the ends add up", "Your turn", "plays", "scores", "Commands:", "draw from",
               "; ends ", " in all.", "is not a tile", "Verbose:", "Brief:", "commands")
    assert not [line for line in console.said if any(word in line for word in english)]


TYPED = st.text(max_size=300) | st.sampled_from(["p", "p 50", "play 6-4 w", "d", "u", "r", "h", "e", "s", "?",
                                                 "p 5-0 north", "p e", "\x1b[2J", "[/]", "q"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(TYPED, min_size=1, max_size=4))
def test_anything_typed_is_a_command_or_one_line_and_never_steers_the_terminal(tmp_path: Path, lines) -> None:  # noqa: ANN001
    console = Typing(typed=lines)
    with tempfile.TemporaryDirectory(dir=tmp_path) as home:
        table = sit(Path(home), console, seed=3)
        table.do_hint = lambda rest, phase: table.reply("(a hint)")  # type: ignore[method-assign]  (quick)
        table.run()
    replies = [console.said[at:until] for at, until in zip(console.marks, console.marks[1:], strict=False)]
    for line, reply in zip(lines, replies, strict=False):
        if len(line) > LONGEST or find(typed(line).strip().partition(" ")[0], "turn").command is None:
            assert len(reply) == 1, (line, reply)  # a wrong command, or an empty line: one line
    assert all(visible(line) == line for line in console.said)  # (no control, format or line-break character)
