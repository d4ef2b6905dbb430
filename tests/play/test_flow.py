"""The table's flow without a screen: each transition's next state and its one directive, from plain facts."""

from __future__ import annotations

from dataclasses import replace

from allfives.engine import Move, Rules, Tile
from allfives.play import flow
from allfives.play.flow import (
    NOTHING,
    AutoPass,
    Deal,
    Facts,
    Flow,
    HandOver,
    Leave,
    Make,
    Pause,
    PutAside,
    ShowGameOver,
    ShowResult,
    TakeBack,
    Think,
)
from allfives.play.session import Session
from allfives.play.setup import GameSetup, default_players

PLAY = Move.play(Tile.of(0))  # any move: the flow never looks into one

# Two seats: the person at seat 0, a bot at seat 1 (facts as the session would give them)
BOTS_TURN = Facts(waiting="bot", turn=1, at=(1, 2))
YOUR_TURN = Facts(waiting="person", turn=0, at=(1, 3))
HAND_ENDED = Facts(waiting="hand_over", turn=1, at=(1, 9), result=True, bot_delay=0.5)
GAME_ENDED = replace(HAND_ENDED, waiting="game_over", at=(1, 10))


def test_a_bot_is_asked_once_about_each_moment() -> None:
    table, said = flow.step(Flow(), BOTS_TURN)
    assert said == Think(seat=1, position=(1, 2, 0)) and table.thinking == (1, 2, 0)
    assert flow.step(table, BOTS_TURN) == (table, NOTHING)  # still thinking: not a second time
    _, said = flow.step(table, replace(BOTS_TURN, at=(1, 3)))  # a move later: a new moment
    assert said == Think(seat=1, position=(1, 3, 0))


def test_a_bots_move_lands_for_its_moment_only() -> None:
    table, _ = flow.step(Flow(), BOTS_TURN)
    assert flow.bot_chose(table, BOTS_TURN, (1, 2, 0), PLAY)[1] == Make(PLAY)
    later = replace(BOTS_TURN, at=(1, 3))
    assert flow.bot_chose(table, later, (1, 2, 0), PLAY) == (table, NOTHING)  # the game moved on


def test_a_bots_move_is_held_while_the_table_is_covered_and_lands_once_it_shows() -> None:
    covered = replace(BOTS_TURN, covered=True)
    table, said = flow.bot_chose(Flow(thinking=(1, 2, 0)), covered, (1, 2, 0), PLAY)
    assert said == NOTHING and table.held == ((1, 2, 0), PLAY)
    assert flow.step(table, covered) == (table, NOTHING)  # nothing behind the cover
    table, said = flow.step(table, BOTS_TURN)
    assert said == Make(PLAY) and table.held is None
    # held for a moment that is gone (the game moved on under the cover): dropped, and the bot asked anew
    held = Flow(held=((1, 2, 0), PLAY), thinking=(1, 2, 0))
    table, said = flow.step(held, replace(BOTS_TURN, at=(1, 3)))
    assert said == Think(seat=1, position=(1, 3, 0)) and table.held is None


def test_a_bots_move_thought_about_before_an_undo_never_lands_after_it() -> None:
    thinking, said = flow.step(Flow(), BOTS_TURN)
    assert isinstance(said, Think)
    back = flow.undone(thinking, seat=0, hand_number=1, moves=1)
    assert back.undos == 1 and back.thinking is None
    # the same play again: the hand has as many events as when the bot thought, but it is a new moment
    assert flow.bot_chose(back, BOTS_TURN, said.position, PLAY) == (back, NOTHING)
    assert flow.step(back, BOTS_TURN)[1] == Think(seat=1, position=(1, 2, 1))


def test_an_undo_from_the_final_board_opens_that_hands_score_panel_again_once_it_ends_again() -> None:
    aside = Flow(result_shown=1, aside="result", final_seen=(1, 9, 0))
    back = flow.undone(aside, seat=0, hand_number=1, moves=2)
    assert back.aside is None and back.result_shown == 0 and back.viewer == 0 and back.revealed
    table, said = flow.step(back, replace(HAND_ENDED, at=(1, 9)))
    assert said == Pause(0.5, (1, 9, 1))  # a new moment: its final board is seen again first
    # nothing taken back: only the thinking and the pause are forgotten
    assert flow.undone(Flow(thinking=(1, 2, 0), pausing=(1, 9, 0)), 0, 1, 0) == Flow()


def test_the_final_board_shows_for_the_bot_delay_before_the_score_panel() -> None:
    table, said = flow.step(Flow(), HAND_ENDED)
    assert said == Pause(0.5, (1, 9, 0))
    assert flow.step(table, HAND_ENDED) == (table, NOTHING)  # one pause at a time
    table, said = flow.pause_over(table, HAND_ENDED, (1, 9, 0))
    assert said == ShowResult(1) and table.dialog == "result" and table.result_shown == 1
    assert flow.step(table, HAND_ENDED) == (table, NOTHING)  # the panel is open


def test_at_bot_delay_zero_nothing_waits_for_the_final_board() -> None:
    at_once = replace(HAND_ENDED, bot_delay=0.0)
    assert flow.step(Flow(), at_once)[1] == ShowResult(1)
    assert flow.step(Flow(result_shown=1), replace(GAME_ENDED, bot_delay=0.0))[1] == ShowGameOver()


def test_a_pause_for_a_moment_that_is_gone_opens_nothing() -> None:
    table, _ = flow.step(Flow(), HAND_ENDED)
    table, said = flow.pause_over(table, replace(HAND_ENDED, at=(1, 9)), (1, 8, 0))
    assert said == NOTHING and table.pausing is None and table.final_seen is None


def test_the_last_hand_shows_its_score_panel_then_game_over_after_a_single_pause() -> None:
    table, said = flow.step(Flow(), GAME_ENDED)
    assert said == Pause(0.5, (1, 10, 0))
    table, said = flow.pause_over(table, GAME_ENDED, (1, 10, 0))
    assert said == ShowResult(1)
    table, said = flow.result_seen(table, GAME_ENDED, None)
    assert said == ShowGameOver() and table.dialog == "game_over"
    assert flow.game_over_chosen(table, "new") == (replace(table, dialog=None), Leave(new_game=True))
    assert flow.game_over_chosen(table, None)[1] == Leave(new_game=False)


def test_the_score_panel_seen_deals_the_next_hand() -> None:
    table, _ = flow.step(Flow(), replace(HAND_ENDED, bot_delay=0.0))
    table, said = flow.result_seen(table, HAND_ENDED, None)
    assert said == Deal() and table.dialog is None


def test_the_score_panel_and_game_over_are_put_aside_and_brought_back() -> None:
    table, _ = flow.step(Flow(), replace(HAND_ENDED, bot_delay=0.0))
    table, said = flow.result_seen(table, HAND_ENDED, "table")
    assert said == PutAside("result") and table.aside == "result" and table.dialog is None
    assert flow.step(table, HAND_ENDED) == (table, NOTHING)  # the table shows until `t`
    table, said = flow.bring_back(table, HAND_ENDED)
    assert said == ShowResult(1) and table.aside is None and table.dialog == "result"

    over = Flow(result_shown=1, final_seen=(1, 10, 0), dialog="game_over")
    table, said = flow.game_over_chosen(over, "table")
    assert said == PutAside("game_over") and table.aside == "game_over"
    assert flow.step(table, GAME_ENDED) == (table, NOTHING)
    table, said = flow.bring_back(table, GAME_ENDED)
    assert said == ShowGameOver() and table.dialog == "game_over"
    assert flow.bring_back(Flow(), GAME_ENDED) == (Flow(), NOTHING)  # nothing put aside: `t` does nothing


def test_the_person_to_move_is_prompted_or_passes_when_nothing_fits() -> None:
    assert flow.step(Flow(), YOUR_TURN) == (Flow(), NOTHING)
    assert flow.step(Flow(), replace(YOUR_TURN, only_pass=True))[1] == AutoPass(seat=0)


# -- people at one terminal ---------------------------------------------------------------------------

TWO_PEOPLE = replace(YOUR_TURN, people=(0, 1), at=(1, 1))


def test_at_one_terminal_each_hand_is_hidden_until_its_owner_takes_the_terminal() -> None:
    table = flow.start((0, 1))
    assert table == Flow(viewer=0, revealed=False)
    table, said = flow.step(table, TWO_PEOPLE)
    assert said == HandOver(to=0, undo_for=None) and table.dialog == "handover"
    assert flow.step(table, TWO_PEOPLE) == (table, NOTHING)  # waits for the answer
    table, said = flow.handed_over(table, TWO_PEOPLE, None)
    assert said == NOTHING and table.revealed and table.dialog is None
    # seat 0 played; seat 1 is to move: the hand hides, and seat 0 may take the play back until then
    seat_1 = replace(TWO_PEOPLE, turn=1, at=(1, 2), takes_back=frozenset({0}))
    table, said = flow.step(table, seat_1)
    assert said == HandOver(to=1, undo_for=0)
    assert table.viewer == 1 and not table.revealed and table.handed_from == 0
    assert not flow.may_take_back(table, 1, frozenset({1}))  # nobody undoes behind a hidden hand
    back, said = flow.handed_over(table, seat_1, "undo")
    assert said == TakeBack(seat=0) and back.handed_from is None and back.dialog is None
    # ... or seat 1 takes the terminal, and the play stands
    table, said = flow.handed_over(table, seat_1, None)
    assert said == NOTHING and table.viewer == 1 and table.revealed


def test_the_hand_over_offers_an_undo_only_to_one_who_may_take_a_play_back() -> None:
    seen_by_0 = Flow(viewer=0, revealed=True)
    seat_1 = replace(TWO_PEOPLE, turn=1, at=(1, 2))  # seat 0 has nothing to take back (a draw, say)
    table, said = flow.step(seen_by_0, seat_1)
    assert said == HandOver(to=1, undo_for=None)
    assert flow.handed_over(table, seat_1, "undo")[0].revealed  # an "undo" then only takes the terminal


def test_one_person_keeps_the_terminal_with_no_hand_over() -> None:
    table, said = flow.step(Flow(viewer=1), YOUR_TURN)
    assert said == NOTHING and table.viewer == 0 and table.revealed


# -- a shared table --------------------------------------------------------------------------------------

SEEN_HERE = Flow(result_shown=1, final_seen=(1, 9, 0))


def test_a_shared_table_deals_the_next_hand_once_it_has_dealt_it() -> None:
    assert flow.step(SEEN_HERE, HAND_ENDED) == (SEEN_HERE, NOTHING)  # the others still look at the score
    dealt = replace(HAND_ENDED, dealt=True)
    assert flow.step(SEEN_HERE, dealt)[1] == Deal()
    assert flow.step(replace(SEEN_HERE, aside="result"), dealt)[1] == Deal()  # even while put aside
    assert flow.step(replace(SEEN_HERE, dialog="result"), dealt)[1] == NOTHING
    assert flow.step(SEEN_HERE, replace(dealt, covered=True))[1] == NOTHING
    assert flow.step(Flow(), replace(dealt, bot_delay=0.0))[1] == ShowResult(1)  # its panel first
    # the deal shown: the panel put aside is forgotten, and play goes on
    table, said = flow.step(replace(SEEN_HERE, aside="result"), replace(BOTS_TURN, hand_number=2, at=(2, 1)))
    assert table.aside is None and said == Think(seat=1, position=(2, 1, 0))


def test_a_table_sent_again_forgets_a_held_move() -> None:
    assert flow.table_reset(Flow(held=((1, 2, 0), PLAY))).held is None


def test_a_closed_table_does_nothing_more() -> None:
    table = flow.close(Flow(thinking=(1, 2, 0), held=((1, 2, 0), PLAY)))
    assert table.closed and table.held is None and table.thinking is None
    assert flow.step(table, BOTS_TURN) == (table, NOTHING)
    assert flow.bot_chose(table, BOTS_TURN, (1, 2, 0), PLAY) == (table, NOTHING)
    assert not flow.may_take_back(table, 0, frozenset({0}))


def test_a_failed_thought_may_be_asked_again() -> None:
    table, _ = flow.step(Flow(), BOTS_TURN)
    assert flow.step(flow.thought_failed(table), BOTS_TURN)[1] == Think(seat=1, position=(1, 2, 0))


# -- the facts, from a session ---------------------------------------------------------------------------


def test_the_facts_of_a_session_are_what_it_waits_for_and_who_may_take_back() -> None:
    setup = GameSetup(rules=Rules(seats=2, target=500), players=default_players(2, 1, "easy"), seed=3)
    session = Session.new(setup)
    leader = session.state.turn
    facts = Facts.of(session, session.seat_view(0))
    assert facts.waiting == ("person" if leader == 0 else "bot") and facts.turn == leader
    assert facts.at == (1, 1) and facts.hand_number == 1 and facts.people == (0,)
    assert not facts.result and not facts.only_pass and facts.takes_back == frozenset()
    while session.state.turn != 0:
        session.apply(session.state.legal_moves()[0])
    play = next(m for m in session.state.legal_moves() if m.kind == "play")
    session.apply(play)
    facts = Facts.of(session, session.seat_view(0), covered=True)
    assert facts.takes_back == frozenset({0}) and facts.covered
    assert facts.at == (1, len(session.hands[-1]))
