"""What plain mode says and reads, piece by piece: tiles and moves as words, the review's lines with their
tiles said, commands found by word, letter, prefix or the language's own word, a play's words, Tab's
completions, and lines read bounded and said safe."""

from __future__ import annotations

import io

import pytest

from allfives.engine import ALL_TILES, Tile
from allfives.plain.commands import completions, find, play_words
from allfives.plain.console import Console
from allfives.plain.words import say_move, say_tile, spoken
from tests.ui.languages import speaking


def test_every_tile_has_words_of_its_own() -> None:
    said = {say_tile(tile) for tile in ALL_TILES}
    assert len(said) == 28 and not any(ch.isdigit() or ch == "-" for words in said for ch in words)
    assert say_tile(Tile("6-4")) == "six four" and say_tile(Tile("0-5")) == "five blank"
    assert say_tile(Tile("6-6")) == "double six" and say_tile(Tile("0-0")) == "double blank"


def test_moves_and_the_reviews_lines_say_their_tiles_and_ends_as_words() -> None:
    assert say_move("6-4 E") == "six four on the east end" and say_move("5-3") == "five three"
    assert say_move("draw") == "a draw" and say_move("pass") == "a pass"
    assert spoken("scored 0 where 3-0 W scored 15, and let the next player score 10 (ends at 13)") == (
        "scored 0 where three blank on the west end scored 15, and let the next player score 10 (ends at 13)")
    assert spoken("kept the 6-6 to the end: -10") == "kept the double six to the end: -10"
    assert spoken("6-4 Every 12-3 5-55") == "six four Every 12-3 5-55"  # (a tile alone; no end in a word)
    with speaking("nl"):
        assert spoken("3-0 O scoorde 15") == "drie blank aan de oostkant scoorde 15"  # (O: oost, in Dutch)
    with speaking("pt"):
        assert spoken("3-0 O") == "três branco na ponta oeste"  # (O: oeste, in Portuguese)


@pytest.mark.parametrize(("typed", "phase", "command"), [
    ("p", "turn", "play"), ("PLAY", "turn", "play"), ("pla", "turn", "play"), ("d", "turn", "draw"),
    ("hi", "turn", "hint"), ("ha", "turn", "hand"), ("?", "turn", "help"), ("q", "over", "quit"),
    ("r", "saved", "resume"), ("rev", "over", "review"), ("n", "saved", "new"),
])
def test_a_command_by_its_letter_its_word_or_the_start_of_one(typed: str, phase, command: str) -> None:  # noqa: ANN001
    found = find(typed, phase)
    assert found.command is not None and found.command.name == command


def test_a_prefix_of_two_commands_or_one_not_for_now_is_said_so() -> None:
    assert [c.name for c in find("re", "over").several] == ["repeat", "review"]
    assert find("he", "turn").several == () and find("he", "turn").command.name == "help"  # type: ignore[union-attr]
    wrong = find("draw", "over")
    assert wrong.command is None and wrong.elsewhere is not None and wrong.elsewhere.name == "draw"
    assert find("fly", "turn") == find("", "turn") == type(find("", "turn"))()


def test_the_languages_own_words_work_with_or_without_accents() -> None:
    with speaking("pt"):
        assert find("mao", "turn").command.name == "hand"  # type: ignore[union-attr]  (mão)
        assert find("jogar", "turn").command.name == "play"  # type: ignore[union-attr]
        assert find("play", "turn").command.name == "play"  # type: ignore[union-attr]  (English always works)
    with speaking("sl"):
        assert find("pomoc", "turn").command.name == "help"  # type: ignore[union-attr]  (pomoč)
    with speaking("nl"):
        assert [c.name for c in find("st", "turn").several] == ["score", "quit"]  # stand, stop


@pytest.mark.parametrize(("words", "tile", "end"), [
    ("5-0 east", "5-0", "E"), ("50 e", "5-0", "E"), ("05 W", "5-0", "W"), ("5 0 north", "5-0", "N"),
    ("6/6", "6-6", None), ("east", None, "E"), ("", None, None), ("  4-3   s ", "4-3", "S"),
])
def test_a_plays_tile_and_end(words: str, tile: str | None, end: str | None) -> None:
    found = play_words(words)
    assert (str(found.tile) if found.tile else None, found.end) == (tile, end)
    assert found.not_a_tile is None and found.not_an_end is None


@pytest.mark.parametrize(("words", "not_a_tile", "not_an_end"), [
    ("7-7", "7-7", None), ("5", "5", None), ("500", "500", None), ("5-0 up", None, "up"),
    ("5-0 w e", None, "e"), ("[b]x", None, "[b]x"), ("\x1b[31m", None, "\x1b[31m"),
])
def test_words_that_are_no_tile_or_no_end_are_said_back(words: str, not_a_tile, not_an_end) -> None:  # noqa: ANN001
    found = play_words(words)
    assert (found.not_a_tile, found.not_an_end) == (not_a_tile, not_an_end)


def test_the_ends_by_the_languages_letters_and_names() -> None:
    with speaking("nl"):
        assert play_words("50 o").end == "E" and play_words("50 oost").end == "E"
        assert play_words("50 east").end == "E"  # (English names too)
    with speaking("pt"):
        assert play_words("50 o").end == "W" and play_words("50 l").end == "E"


def test_tab_completes_commands_then_tiles_that_fit_then_their_ends() -> None:
    def ends_of(tile: Tile) -> list[str]:
        return ["W", "E"] if tile == Tile("5-0") else ["N"]

    assert completions("pl", "pl", "turn", [], ends_of) == ["play "]
    commands = completions("", "", "turn", [], ends_of)
    assert "help " in commands and "review " not in commands  # (the commands of the moment)
    assert completions("f", "play f", "turn", ["five blank", "six four"], ends_of) == ["five blank "]
    assert completions("b", "play five b", "turn", ["five blank", "six four"], ends_of) == ["blank "]
    assert completions("", "p five blank ", "turn", ["five blank"], ends_of) == ["west", "east"]
    assert completions("", "p 5-0 ", "turn", ["five blank"], ends_of) == ["west", "east"]
    assert completions("n", "p 64 n", "turn", ["six four"], ends_of) == ["north"]
    assert completions("", "draw ", "turn", ["five blank"], ends_of) == []


def test_a_pipes_lines_are_read_bounded_and_said_safe() -> None:
    stdin = io.StringIO("x" * 100_000 + "\nhand\r\n")
    stdout = io.StringIO()
    console = Console(stdin, stdout)
    assert len(console.ask() or "") == 201  # (the rest of the line is read and dropped)
    assert console.ask() == "hand"
    assert console.ask() is None  # the input ended
    console.say("Ben \x1b[2J plays\u202e")
    assert stdout.getvalue() == "Ben \\x1b[2J plays\\u202e\n"


@pytest.mark.parametrize("rated", [True, False])
def test_the_resume_question_says_a_rated_game_left_for_a_new_one_is_lost(rated: bool) -> None:
    from allfives.engine import GameState, Rules
    from allfives.plain.launch import _ask_resume
    from allfives.play.saving import SavedGame
    from allfives.play.setup import GameSetup, default_players

    class Told:
        def __init__(self) -> None:
            self.said: list[str] = []

        def say(self, line: str) -> None:
            self.said.append(line)

        def ask(self) -> str:
            return "resume"

    rules = Rules(seats=2)
    setup = GameSetup(rules=rules, players=default_players(2, 1, "hard"), seed=None if rated else 5)
    console = Told()
    assert _ask_resume(console, SavedGame(GameState.new(rules, seed=5), setup)) == "resume"  # type: ignore[arg-type]
    lost = "Left for a new game, it counts as lost in your rating."
    assert (lost in console.said) is rated
