"""The table in the player's language: the ends' letters on the board, in the prompt and the log, the
keys that choose an end (Dutch O for East, Portuguese L), `o` sorting the hand unless a tile is chosen,
and no word of the table left outside the catalogue (the pseudo-language)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.geometry import Region

from allfives import i18n
from allfives.engine import Move, Tile
from allfives.ui.screens.persons_turn import end_by_key
from allfives.ui.widgets.board import Board
from allfives.ui.widgets.boneyard import Boneyard
from allfives.ui.widgets.game_log import GameLog
from allfives.ui.widgets.hand import Hand
from allfives.ui.widgets.out_count import OutCount
from allfives.ui.widgets.scoresheet import Scoresheet
from allfives.ui.widgets.seats import Seats
from allfives.ui.widgets.status import Status
from tests.i18n_check import pseudo_language, unmarked

from .helpers import click_tile, game
from .languages import compiled
from .scenes import board_app, settle

SPINNER_MOVES = 5  # board_app's hand after 5 plays: the spinner's four ends open, 6-2 fits E, N and S


@pytest.fixture
def speak(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """`speak("nl")`: the test speaks that language, English again after it."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", compiled())
    yield i18n.use
    i18n.use(i18n.ENGLISH)


@pytest.mark.parametrize(("language", "moves", "tile", "key", "end"), [
    ("nl", SPINNER_MOVES, "6-2", "o", "E"),  # Oost: the key that sorts the hand when no tile is chosen
    ("nl", SPINNER_MOVES, "6-2", "Z", "S"),  # Zuid, in capitals as the prompt writes it
    ("pt", 15, "4-1", "l", "E"),  # Leste
    ("pt", 15, "4-1", "O", "W"),  # Oeste
])
async def test_an_end_is_chosen_by_its_letter_in_the_language(speak, language: str, moves: int, tile: str,
                                                              key: str, end: str) -> None:
    speak(language)
    app = board_app(moves=moves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = game(app)
        before = len(table.session.state.history)
        order = table.choices.hand_order
        status = table.query_one(Status)
        assert i18n.end_letter("E") in status.text and status.size.height == 1  # `… W/O/N/Z).`, whole
        await click_tile(pilot, Tile(tile))
        await pilot.pause()
        assert table.turn.chosen == Tile(tile)
        lit = table.session.state.ends_for(Tile(tile))
        letters = "/".join(i18n.end_letter(e) for e in ("W", "E", "N", "S") if e in lit)
        assert letters in status.text  # `… of druk O/N/Z` in Dutch
        board = table.query_one(Board)
        markers = [row.text for row in board.render_lines(Region(0, 0, *board.size))]
        pip = table.session.state.layout.open_ends[end]
        marker = {f"{key.upper()} {pip}", f"{key.upper()}{pip}", f"{key.upper()}+"}  # boxed, small, scored
        assert any(m in row for row in markers for m in marker)  # the marker shows the language's letter
        await pilot.press(key)
        await pilot.pause()
        assert table.session.state.history[before].move == Move.play(Tile(tile), end)  # the record: W/E/N/S
        assert table.choices.hand_order == order  # `o` chose East, it did not sort the hand
        on = {"nl": "op", "pt": "em"}[language]
        assert any(f"{tile} {on} {key.upper()}" in line for line in table.query_one(GameLog).texts)


async def test_in_dutch_o_sorts_the_hand_until_a_tile_is_chosen_and_e_names_no_end(speak) -> None:
    speak("nl")
    app = board_app(moves=SPINNER_MOVES)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = game(app)
        before = len(table.session.state.history)
        await pilot.press("o")
        await pilot.pause()
        assert table.choices.hand_order == "suit"
        assert "o: per getal" in table.query_one(Hand).order_label()
        await click_tile(pilot, Tile("6-2"))
        await pilot.press("e")  # English East: no end in Dutch, nothing happens
        await pilot.pause()
        assert table.turn.chosen == Tile("6-2") and len(table.session.state.history) == before
        assert table.choices.hand_order == "suit"


def test_a_letter_is_an_end_by_the_language_spoken(speak) -> None:
    """The rule the keys follow: an end letter of this language; one a command also takes (o) only
    while a tile is chosen."""
    assert [end_by_key(k, chosen=True) for k in "wenso"] == ["W", "E", "N", "S", None]
    assert end_by_key("o", chosen=False) is None and end_by_key("e", chosen=False) == "E"
    speak("nl")
    assert [end_by_key(k, chosen=True) for k in "wonze"] == ["W", "E", "N", "S", None]
    assert end_by_key("o", chosen=False) is None and end_by_key("z", chosen=False) == "S"
    speak("sl")
    assert [end_by_key(k, chosen=False) for k in "zvsjw"] == ["W", "E", "N", "S", None]
    speak("pt")
    assert [end_by_key(k, chosen=True) for k in "olnse"] == ["W", "E", "N", "S", None]


async def test_the_table_in_the_pseudo_language_has_no_word_outside_the_catalogue() -> None:
    """Every word the table's parts draw (board, hand, seats, boneyard, status, log, sheet) came
    through the catalogue, apart from the players' names."""
    with pseudo_language():
        app = board_app(moves=SPINNER_MOVES)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            table = game(app)
            await click_tile(pilot, Tile("6-2"))
            await pilot.press("c")  # what is out, too
            await settle(pilot)
            names = [p.name for p in table.session.setup.players]
            for kind in (Board, Hand, Seats, Boneyard, Status, GameLog, OutCount):
                text = "\n".join(row.text for part in table.query(kind)
                                 for row in part.render_lines(Region(0, 0, *part.size)))
                assert text.strip(), kind  # it shows something
                assert unmarked(text, data=names) == [], (kind.__name__, text)
            sheet = table.query_one(Scoresheet)
            text = "\n".join([*sheet.head_text(), *sheet.lines(), sheet.foot_text()])
            assert "Hand" in text and unmarked(text, data=names) == [], text


@pytest.mark.parametrize("language", ["en", "nl", "pt", "sl", "fy"])
def test_every_letter_a_language_gives_an_end_has_its_key_bound(speak, language: str) -> None:
    """The end keys are bound at import, before any catalogue is read: the letters they cover must be
    every letter some catalogue gives an end (ui/commands.py END_LETTERS)."""
    from allfives.ui.commands import END_LETTERS

    assert speak(language) == language
    assert {i18n.end_letter(end).lower() for end in i18n.ENDS} <= set(END_LETTERS)
