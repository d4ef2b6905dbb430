"""The table view: built by one pure function from what a seat may see and the person's turn (no Textual)."""

from __future__ import annotations

import pytest

from allfives.engine import Drew, Event, GameState, HandDealt, Move, Rules, Tile
from allfives.play.game_session import waiting_for
from allfives.play.setup import GameSetup, Player, default_players
from allfives.ui.model.shown import styled
from allfives.ui.model.turn import TurnState
from allfives.ui.model.view import LogLine, build_view, game_over_line, log_line, seat_places
from tests.ui.positions import position

from .test_turn import MUST_DRAW, TWO_ENDS


def events_of(state: GameState) -> list[list[Event]]:
    """Every hand's events, replayed from the state's log (as a session keeps them)."""
    replayed = GameState.empty(state.rules, state.seed)
    hands: list[list[Event]] = []
    for number, hand in enumerate(state.log, start=1):
        replayed, _ = replayed.start_hand(list(hand.hands), list(hand.boneyard), hand.leader)
        events: list[Event] = [HandDealt(hand_number=number, leader=hand.leader)]
        for move in hand.moves:
            replayed, new = replayed.apply(move)
            events.extend(new)
        hands.append(events)
    return hands


def setup_for(state: GameState, people: int = 1) -> GameSetup:
    return GameSetup(rules=state.rules, players=default_players(state.rules.seats, people))


def view_of(state: GameState, turn: TurnState | None = None, seat: int = 0, people: int = 1, **options):
    return build_view(setup_for(state, people), state.view(seat), events_of(state), turn or TurnState(),
                      **options)


def test_the_persons_turn_shows_what_fits() -> None:
    view = view_of(TWO_ENDS)
    assert view.mine and view.waiting == "person"
    assert view.hand.active and view.hand.tiles == TWO_ENDS.hands[0]
    assert view.hand.playable == {Tile("6-1")}
    assert view.board.lit == frozenset() and not view.boneyard.must_draw
    assert view.status.tone == "prompt" and "Your turn" in view.status.plain


def test_a_chosen_tile_lights_its_ends_and_focuses_one() -> None:
    view = view_of(TWO_ENDS, TurnState(chosen=Tile("6-1"), end="E"))
    assert view.hand.chosen == Tile("6-1")
    assert view.board.lit == {"W", "E"} and view.board.focused == "E"
    assert "Place 6-1" in view.status.plain and "press W/E" in view.status.plain


def test_a_notice_takes_the_status_line() -> None:
    view = view_of(TWO_ENDS, TurnState().told(styled("[b]Not there:[/b] no"), "refusal"))
    assert view.status.tone == "refusal" and view.status.plain == "Not there: no"
    assert view.status.text.runs == (("Not there:", "bold"), (" no", ""))


def test_a_game_won_mid_hand_says_how_on_the_table() -> None:
    """No score panel comes between the winning play and the end: the status line says what ended it."""
    won = position(["5-5 6-1 3-3", "4-1 0-0 1-1"], "5-5", target=10)
    assert won.phase == "game_over"
    view = view_of(won)
    assert view.status.plain == "You reached 10 with 5-5. You win! The game is over."
    assert view.won_with == "You reached 10 with 5-5."
    theirs = position(["4-1 0-0 1-1", "5-5 6-1 3-3"], "5-5", leader=1, target=10)
    assert view_of(theirs).status.plain == "Ben reached 10 with 5-5. Ben wins! The game is over."


def test_nothing_fits_the_boneyard_glows() -> None:
    view = view_of(MUST_DRAW)
    assert view.boneyard.must_draw and view.boneyard.count == len(MUST_DRAW.boneyard)
    assert view.hand.playable == frozenset()
    assert "click the boneyard" in view.status.plain


def test_the_last_play_is_marked_where_it_lies() -> None:
    view = view_of(TWO_ENDS)
    assert view.board.last_play == ("E", 0)  # 4-1, the first tile on E
    lead = position(["6-4 6-1 3-3 2-0 5-5", "4-1 0-0 1-1 2-2 4-4"], "6-4")
    assert view_of(lead, seat=1).board.last_play == ("lead", -1)


def test_not_my_turn_nothing_is_lit_and_the_status_says_who_thinks() -> None:
    state, _ = TWO_ENDS.apply("6-1 W")
    view = view_of(state, TurnState(chosen=Tile("6-1"), end="W"))
    assert not view.mine and view.waiting == "bot" and not view.hand.active
    assert view.hand.chosen is None and view.board.lit == frozenset()
    assert view.status.plain == "Ben is thinking…"
    (ben,) = view.seats.top
    assert ben.to_move and ben.thinking and ben.last == "played 4-1 E"


def test_at_one_terminal_a_hidden_hand_waits_for_its_owner() -> None:
    view = view_of(TWO_ENDS, people=2, shown=False)
    assert view.hand.hidden and not view.mine
    assert view.status.plain == "Pass the terminal to Kim."


def test_drawn_tiles_are_named_only_to_who_drew_them() -> None:
    state, _ = MUST_DRAW.apply("draw")
    drawn = state.hands[0][-1]
    assert view_of(state).log[-1] == LogLine(f"You draw {drawn}", "quiet")
    assert view_of(state, seat=1).log[-1].text.plain == "You draw"  # seat 1 sees "You" too: not its tile
    assert view_of(state, people=2).log[-1].text.plain == "Kim draws"  # at one terminal: nobody's
    assert view_of(state, seat=1, faces=state.hands).log[-1].text.plain == f"You draw {drawn}"


def test_a_remote_session_hides_others_draws_and_the_view_copes() -> None:
    setup = GameSetup(rules=Rules(seats=2), players=(Player("Ada", "person"), Player("Ben", "person")))
    line = log_line(Drew(seat=1, tile=None), setup, frozenset({0, 1}))
    assert line == LogLine("Ben draws", "quiet")


def test_seats_sit_round_the_table_in_turn_order() -> None:
    state = GameState.new(Rules(seats=4), 3)
    wide = view_of(state, wide=True).seats
    assert [s.name for s in wide.left] == ["Ben"] and [s.name for s in wide.top] == ["Cleo"]
    assert [s.name for s in wide.right] == ["Dan"]
    assert wide.top[0].label == "partner · bot · medium"
    narrow = view_of(state).seats
    assert [s.name for s in narrow.top] == ["Ben", "Cleo", "Dan"] and not narrow.left and not narrow.right
    assert [s.tiles for s in narrow.top] == [5, 5, 5] and all(s.faces is None for s in narrow.top)
    shown = view_of(state, faces=state.hands).seats.top
    assert [s.faces for s in shown] == [state.hands[1], state.hands[2], state.hands[3]]
    assert seat_places(3, wide=True) == {1: "left", 2: "top"}


@pytest.mark.parametrize(("target", "phase"), [(20, "hand_over"), (10, "game_over")])
def test_the_end_of_a_hand_and_of_the_game(target: int, phase: str) -> None:
    state = GameState.new(Rules(seats=2, target=target), 7)
    while state.phase == "playing":
        state, _ = state.apply(state.legal_moves()[0])
    assert state.phase == phase
    view = view_of(state)
    assert view.waiting == waiting_for(setup_for(state), state.phase, state.turn)
    assert (view.result is not None) == (state.result is not None)
    if state.phase == "game_over":
        assert view.status.plain == game_over_line(setup_for(state), state.winner, view.won_with)
        assert view.winner == state.winner and view.log[-1].kind == "win"
    else:
        assert view.log[-1].kind == "end"
        last = next(h for h in reversed(state.history) if h.move.kind == "play")
        assert view.status.plain == f"{['You', 'Ben'][last.seat]} {['go', 'goes'][last.seat]} out with " \
                                    f"{last.move.tile}: the hand is over."
        # the final board: the play that ended it is marked where it lies, and every hand shows
        assert view.board.last_play is not None and view.board.last_play[0] == (last.move.end or "lead")
        assert view.seats.top[0].faces == state.result.remaining[1]
        assert view.hand.tiles == state.result.remaining[0] and not view.hand.hidden


def test_the_sheet_and_the_scores_come_with_the_view() -> None:
    state, _ = TWO_ENDS.apply("6-1 W")
    view = view_of(state)
    assert view.scores == state.scores and view.sheet.scores == state.scores
    assert view.hand_number == 1 and view.turn == 1 and view.viewer == 0


def test_the_lead_is_any_tile() -> None:
    lead = position(["6-4 6-1 3-3 2-0 5-5", "4-1 0-0 1-1 2-2 4-4"])
    view = view_of(lead)
    assert view.hand.playable == set(lead.hands[0]) and "Your lead" in view.status.plain
    assert Move.play("3-3") in lead.view(0).legal_moves


# Seat 0 to move, ends W 5 and E 3: 5-3 fits both, and only on E does it score (5 + 5).
SCORES_ON_E = position(["5-2 5-3 6-1 4-0 1-0", "3-2 6-6 4-4 2-2 1-1"], "5-2, 3-2 E")


def test_each_lit_end_carries_what_the_chosen_tile_scores_there() -> None:
    view = view_of(SCORES_ON_E, TurnState(chosen=Tile("5-3"), end="W"))
    assert view.board.lit == {"W", "E"}
    assert view.board.points == (("W", 0), ("E", 10))  # the engine's numbers, in W E N S order
    assert view_of(SCORES_ON_E).board.points == ()  # nothing chosen, nothing to compare
