"""`allfives --plain` as a reader uses it: a process at the other end of a pipe, driven by typed
commands chosen from what it said; a whole game, a saved game picked up again, the help, the review."""

from __future__ import annotations

import json
import re
import statistics
import sys
from pathlib import Path

import pytest

from allfives.cli import main
from allfives.engine import Game, to_record
from allfives.names import visible
from allfives.record_file import read_record
from allfives.reports import read_record as read_game
from tests.conftest import seeded_game

from .helpers import expected, said_in_order
from .reader import PlainGame, first_play, play_first

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")
BOX = re.compile("[\u2500-\u259f]")  # box drawing and block elements: a screen's, never a sentence's
TURN = ("Your turn", "The game is over")


def test_a_whole_verbose_two_seat_game_through_a_pipe_says_every_event_of_its_record(tmp_path: Path) -> None:
    game = PlainGame(tmp_path, "--seed", "7", "--level", "easy", "--bot-delay", "0", "--target", "60",
                     "--verbose")
    turn = game.until(lambda line: line.startswith(TURN))
    game.type("fly")  # a wrong command: one line says what is possible, and the turn waits
    game.type("ends")
    wrong, after = game.line(), game.line()
    assert wrong == ("No command fly. Commands: play, draw, hand, ends, score, hint, undo, repeat, verbose, "
                     "help or quit.")
    assert after is not None and after.startswith(("Open ends:", "The table is empty"))
    while not turn.startswith("The game is over"):
        game.type(first_play(turn, game.said))
        turn = game.until(lambda line: line.startswith(TURN))
    game.type("quit")
    status, errors = game.close()
    assert status == 0 and errors == ""
    data, _journal = read_record(tmp_path / "data" / "last-game.json")  # the finished game's record
    hands = Game.of(read_game(str(tmp_path / "data" / "last-game.json"))[0]).hands
    names = [p.get("name", "You") for p in data["players"]]  # (the person who gave no name has none)
    events = [e for hand in hands for e in hand]
    assert any(e.kind == "drew" for e in events) and len(hands) > 1  # (draws and two hands are said)
    assert not said_in_order(game.said, [expected(e, names) for e in events])
    assert not [line for line in game.said if BOX.search(line) or "\x1b" in line or visible(line) != line]


def test_a_saved_plain_game_is_picked_up_where_it_was_left(tmp_path: Path) -> None:
    flags = ("--seed", "4", "--level", "easy", "--bot-delay", "0")
    first = PlainGame(tmp_path, *flags)
    turn = first.until(lambda line: line.startswith("Your turn"))
    play_first(first, turn)
    left = first.until(lambda line: line.startswith("Your turn"))
    status, _errors = first.close()  # the input ends: the game stays saved
    assert status == 0
    assert first.said[-1] == "The game is saved: allfives --plain picks it up where you left it."
    again = PlainGame(tmp_path, *flags)
    assert again.line() is not None and again.said[0].startswith("A game is in progress, saved ")
    assert again.line() == "Type resume to go on with it, or new for a new game."
    again.type("maybe")
    assert again.line() == "Type resume or new; quit stops here."
    again.type("resume")
    back = again.line()
    assert back is not None and back.startswith("Back to the game: hand 1, score You ")
    assert again.until(lambda line: line.startswith("Your turn")) == left  # the same hand, the same ends
    again.type("quit")
    assert again.close()[0] == 0


def test_plain_help_says_how_to_play_with_a_screen_reader(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["--plain", "--help"])
    assert ended.value.code == 0
    said = " ".join(capsys.readouterr().out.split())
    assert said.startswith("usage: allfives --plain")
    for words in ("screen reader", "braille", "play five blank west (or p 5 0 w)", "verbose",
                  "allfives review FILE --plain", "saved after every move"):
        assert words in said


def test_review_plain_says_mistakes_as_sentences(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = to_record(seeded_game(31, stop_after=30, target=60))
    record["players"] = [{"name": "You", "kind": "person", "level": "medium"},
                         {"name": "Ben", "kind": "bot", "level": "easy"}]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["review", str(path), "--plain", "--samples", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    mistakes = [line for line in lines if line.startswith("Hand ")]
    mistake = r"Hand \d+, move \d+: you played .+, where .+ was worth [\d.]+ points more: .+\."
    assert mistakes and all(re.fullmatch(mistake, line) for line in mistakes)
    assert any(line.startswith("You made ") for line in lines)
    assert not [line for line in lines if re.search(r"\d-\d|\b[WENS]\b", line)]  # tiles and ends as words


# -- in brief, for the ear ------------------------------------------------------------------------------

DIGIT_TILE = re.compile(r"(?<![\d-])[0-6]-[0-6](?![\d-])")  # `5-0`: a synthesizer reads "five minus zero"


def brief_game_code() -> str:
    """A deal code: you against an easy bot, to 150 (tests/ui/scenes.py's duplicate's secret: four hands)."""
    from allfives.engine import Rules
    from allfives.play.deals import DealCode

    return DealCode(Rules(seats=2, target=150), ("person", "easy"), 0x2C5B7E19A4D3F06).text


def test_a_whole_brief_game_through_a_pipe_says_what_changed_in_few_words(tmp_path: Path) -> None:
    code = brief_game_code()
    game = PlainGame(tmp_path, "--deals", code, "--bot-delay", "0")
    turn = game.until(lambda line: line.startswith(TURN))
    game.type("hand")  # (asked for: the hand, and what each tile scores where)
    assert game.line() == ("You hold double five, five two, four two, five three, four one, double four, "
                           "six blank, one blank and six four.")
    game.type("")
    game.until(lambda line: line == "Type help for the commands.")
    for typed, answer in (("", "Type help for the commands."),  # an empty line gets one line back
                          ("\x01\x07\x1b[A", "Type help for the commands."),  # keys a pipe cannot edit
                          ("fl\x07y\x1b[D", "No command fly. Commands: play, draw, hand, ends, score, hint, "
                                            "undo, repeat, verbose, help or quit."),
                          ("p sixx four", "sixx four is not a tile: name it as in six blank.")):
        game.type(typed)
        assert game.line() == answer
    words = []  # from the person's move to their next turn, said in words
    while not turn.startswith("The game is over"):
        start = play_first(game, turn)
        turn = game.until(lambda line: line.startswith(TURN))
        words.append(sum(len(line.split()) for line in game.said[start:]))
        assert not [line for line in game.said[start:-1] if line.startswith("Your turn")]
    game.type("quit")
    status, errors = game.close()
    assert status == 0 and errors == ""
    assert len(words) > 30 and statistics.median(words) <= 30, words
    turns = [line for line in game.said if line.startswith("Your turn")]
    assert turns and not [line for line in turns if "You hold" in line]  # the hand is its own line, when new
    holds = [line for line in game.said if line.startswith("You hold ")]
    hands = [line for line in game.said if re.fullmatch(r"Hand \d+\. .+", line)]
    assert len(holds) <= len(hands) + 1 + 1  # a deal's hand once (and the `hand` asked for), never each turn
    assert [line for line in game.said if code in line] == [
        f"Deal code {code}: allfives --deals with it plays these deals again."]
    assert not [line for line in game.said if DIGIT_TILE.search(line)]
    assert not [line for line in game.said if any(c in line for c in "\x01\x07\x1b\\")
                or visible(line) != line]


def test_verbose_is_a_command_kept_for_the_next_game(tmp_path: Path) -> None:
    game = PlainGame(tmp_path, "--seed", "4", "--level", "easy", "--bot-delay", "0")
    turn = game.until(lambda line: line.startswith("Your turn"))
    assert "You hold" not in turn
    game.type("verbose")
    assert game.line() == "Verbose: every event in full, and your hand at every turn."
    play_first(game, turn)
    turn = game.until(lambda line: line.startswith("Your turn"))
    assert turn.startswith("Your turn. You hold ") and "Playable: " in turn
    game.type("quit")
    assert game.close()[0] == 0
    again = PlainGame(tmp_path, "--seed", "4", "--level", "easy", "--bot-delay", "0", "--new")
    turn = again.until(lambda line: line.startswith("Your turn"))
    assert "You hold " in turn  # (remembered)
    again.type("v off")
    assert again.line() == "Brief: what changed since your move, and the tiles you may play."
    again.type("quit")
    assert again.close()[0] == 0


def test_tab_completes_tiles_and_ends_in_words() -> None:
    from allfives.plain.commands import completions

    tiles = ["six four", "double one", "five blank"]
    ends = {"six four": ["W", "E"]}
    assert completions("", "p ", "turn", tiles, lambda tile: ["W", "E"]) == [t + " " for t in tiles]
    assert completions("f", "play six f", "turn", tiles, lambda tile: ends["six four"]) == ["four "]
    assert completions("", "play six four ", "turn", tiles, lambda tile: ["W", "E"]) == ["west", "east"]
    found = completions("", "p ", "turn", tiles, lambda tile: ["W"]) + completions("", "p 64 ", "turn", tiles,
                                                                                   lambda tile: ["W"])
    assert not [word for word in found if any(c.isdigit() for c in word)]
