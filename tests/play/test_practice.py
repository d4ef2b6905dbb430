"""A game in which the person took a hint or took a move back is practice: in its save and in the history."""

from __future__ import annotations

from pathlib import Path

from allfives.engine import Rules
from allfives.history import HistoryStore
from allfives.play.history_link import HistoryLink
from allfives.play.saving import SaveStore
from allfives.play.session import Session
from allfives.play.setup import GameSetup, default_players


def session_at(data_dir: Path) -> Session:
    setup = GameSetup(rules=Rules(seats=2, target=100), players=default_players(2, 1, "easy"), seed=7,
                      bot_delay=0)
    return Session.new(setup, SaveStore(data_dir), history=HistoryLink(data_dir))


def to_persons_turn(session: Session) -> None:
    while session.state.phase != "playing" or not session.setup.players[session.state.turn].is_person:
        if session.state.phase == "hand_over":
            session.next_hand()
        else:
            session.apply(session.think())


def practice_kept(data_dir: Path, session: Session) -> tuple[bool, bool]:
    """(the history row's mark, the resumed save's mark)."""
    entry = HistoryStore(data_dir).game(session.setup.history_id or "")
    saved = SaveStore(data_dir).load().game
    assert entry is not None and saved is not None
    return entry.practice, saved.setup.practice


def test_a_hint_makes_the_game_practice_in_the_save_and_the_history(data_dir: Path) -> None:
    session = session_at(data_dir)
    to_persons_turn(session)
    session.apply(session.state.legal_moves()[0])
    assert practice_kept(data_dir, session) == (False, False)
    to_persons_turn(session)
    move = session.hint(session.state.turn)
    session.apply(move)
    assert practice_kept(data_dir, session) == (True, True)


def test_an_undo_makes_the_game_practice(data_dir: Path) -> None:
    session = session_at(data_dir)
    to_persons_turn(session)
    seat = session.state.turn
    session.apply(session.state.legal_moves()[0])
    assert session.undo(seat) and session.setup.practice
    assert practice_kept(data_dir, session) == (True, True)


def test_a_game_that_is_not_practice_says_nothing_of_it_in_its_record(data_dir: Path) -> None:
    session = session_at(data_dir)
    assert "practice" not in session.setup.to_json()
