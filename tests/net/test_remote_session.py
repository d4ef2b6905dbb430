"""The remote session without a network: a real `Table` makes the messages a seat would be sent, and the
session shows them move by move, sends the person's moves, and turns a refusal into `IllegalMove`."""

from __future__ import annotations

import pytest

from allfives.engine import IllegalMove, Move, Rules
from allfives.net.client import TableClient
from allfives.net.protocol import Refused, Seating, SendMove, Welcome, encode
from allfives.net.remote_session import SEEDED_TABLE, RemoteSession, TablePlayer
from allfives.net.table import Table, TableOptions
from allfives.play.game_session import GameSession
from allfives.play.setup import Player
from allfives.ui.model.sheet import build_sheet
from allfives.ui.model.turn import TurnState
from allfives.ui.model.view import build_view

from .helpers import CheatingTable

ME = 1


class Seat:
    """A table with two people (seat 0 and us at seat 1); what we send is kept, what we are sent is fed in."""

    def __init__(self, seed: int = 5, table: type[Table] = Table) -> None:
        self.table = table.new(Rules(seats=2, target=100), level="easy", seed=seed, bot_delay=0.0,
                               options=TableOptions(away_timeout=30.0))
        self.table.sit("Ann")
        _, self.token = self.table.sit("Bea")
        self.client = TableClient("127.0.0.1:9", self.table.code, "Bea")
        self.sent: list[object] = []
        self.client.send_soon = self.sent.append  # type: ignore[method-assign]
        self.session = RemoteSession(self.client)
        self.heard = 0
        self.session.listeners.append(lambda _: setattr(self, "heard", self.heard + 1))

    def tell(self, message: object) -> None:
        self.client._receive(encode(message))  # as if it came over the wire

    def welcome(self) -> None:
        self.tell(Welcome(seat=ME, token=self.token, table=self.table.snapshot(ME, now=0.0)))

    def move(self, seat: int, move: Move) -> None:
        self.tell(self.table.update(ME, self.table.apply(seat, move)))

    def others_turns(self) -> None:
        """Seat 0 plays (the table tells us) until it is our turn."""
        while self.table.state.phase == "playing" and self.table.state.turn != ME:
            self.move(0, self.table.state.legal_moves()[0])

    def catch_up(self) -> None:
        """The screen takes every move the table told of."""
        while self.session.waiting == "bot":
            self.session.apply(self.session.think())

    def play_hand(self) -> None:
        """Both seats play (ours as the screen does: sent, made by the table, shown) to the hand's end."""
        while True:
            self.others_turns()
            self.catch_up()
            if self.session.waiting != "person":
                return
            move = self.session.seat_view(ME).legal_moves[0]
            self.session.apply(move)
            self.move(ME, move)


async def test_the_session_shows_the_tables_moves_one_at_a_time_as_think_and_apply_take_them() -> None:
    seat = Seat(seed=3)  # seat 0 leads
    seat.table.start()
    seat.welcome()
    session = seat.session
    assert isinstance(session, GameSession) and session.in_game and session.resets == 1
    assert session.setup.people == [ME] and session.setup.players[ME].name == "You"
    assert isinstance(session.setup.players[0], TablePlayer) and session.setup.players[0].label == "person"
    shown = session.seat_view(ME)
    seat.others_turns()
    assert session.seat_view(ME) is shown  # the table is ahead of the screen...
    while session.waiting == "bot":  # ...which takes its moves one by one
        move = session.think()
        before = len(session.hands[-1])
        events = session.apply(move)
        assert events and len(session.hands[-1]) == before + len(events)
        assert session.seat_view(ME).history[-1].seat == 0
    assert session.seat_view(ME) is not shown and session.seat_view(ME).turn == ME
    assert session.seat_view(ME) == seat.table.state.view(ME)
    view = build_view(session.setup, session.seat_view(ME), session.hands, TurnState())
    assert view.mine and view.hand.tiles == seat.table.state.hands[ME]


async def test_our_move_is_sent_then_shown_when_the_table_makes_it_and_a_refusal_is_raised_once() -> None:
    seat = Seat(seed=8)
    seat.table.start()
    seat.welcome()
    seat.others_turns()
    seat.catch_up()
    session = seat.session
    legal = session.seat_view(ME).legal_moves[0]
    history = len(session.seat_view(ME).history)

    assert session.apply(legal) == [] and session.sending and session.waiting == "bot"
    assert seat.sent == [SendMove(move=legal, at=history)]
    with pytest.raises(IllegalMove, match="on its way"):
        session.apply(legal)
    seat.move(ME, legal)  # the table makes it: the screen hears it as the next move
    answer = session.think()
    assert answer.tile == legal.tile
    events = session.apply(answer)
    assert events and not session.sending and len(session.seat_view(ME).history) == history + 1

    seat.others_turns()
    seat.catch_up()
    assert session.waiting == "person"
    wrong = Move.play(seat.table.state.hands[0][0])
    session.apply(wrong)
    seat.tell(Refused(move=str(wrong), reason="seat 1 does not hold that tile"))
    assert session.waiting == "bot" and session.think() == wrong  # the screen hears the answer
    with pytest.raises(IllegalMove, match="does not hold"):
        session.apply(wrong)
    assert session.waiting == "person" and not session.sending


async def test_the_end_of_a_hand_waits_for_the_deal_and_tells_the_table_we_are_ready_once() -> None:
    seat = Seat(seed=3)
    seat.table.start()
    seat.welcome()
    session = seat.session
    seat.play_hand()
    assert session.waiting == "hand_over" and not session.deal_waiting
    assert [type(m).__name__ for m in seat.sent] == ["SendMove"] * len(seat.sent)
    seat.sent.clear()
    assert session.next_hand() == [] and session.next_hand() == []
    assert [type(m).__name__ for m in seat.sent] == ["Ready"]
    assert session.next_deal is None
    seat.tell(seat.table.update(ME, seat.table.next_hand()))
    assert session.deal_waiting and session.waiting == "hand_over"
    deal = session.next_deal  # what the score panel says of it: the hand and who leads
    assert deal is not None and (deal.hand_number, deal.turn) == (2, seat.table.state.turn)
    events = session.next_hand()
    assert events[0].kind == "dealt" and len(session.hands) == 2 and session.waiting in ("person", "bot")


async def test_coming_back_shows_the_whole_table_again_and_forgets_what_was_on_its_way() -> None:
    seat = Seat(seed=4)
    seat.table.start()
    seat.welcome()
    seat.others_turns()
    seat.catch_up()
    session = seat.session
    session.apply(session.seat_view(ME).legal_moves[0])
    assert session.sending
    seat.table.leave(ME, now=1.0)
    seat.welcome()  # the move never arrived; the table sends everything again
    assert session.resets == 2 and not session.sending and session.waiting == "person"
    assert session.hands == [list(h) for h in seat.client.hands]


async def test_an_away_player_shows_with_a_clock_and_the_session_closes_its_waiting_threads() -> None:
    seat = Seat(seed=3)
    seat.table.start()
    seat.welcome()
    seat.table.leave(0, now=0.0)
    seat.tell(Seating(seats=seat.table.seat_info(now=12.0)))
    assert seat.session.setup.players[0].label == "away 0:18"
    assert seat.session.coverable() == [] and seat.heard >= 2
    seat.tell(Seating(seats=seat.table.seat_info(now=31.0)))
    assert seat.session.setup.players[0].label == "away · time up" and seat.session.coverable() == [0]
    assert seat.session.waiting == "bot"  # seed 3: seat 0 leads; nothing has come in yet
    seat.session.close()
    assert seat.session.think() == Move.pass_()  # it does not wait on: nobody takes this, the table is closed
    with pytest.raises(IllegalMove, match="left the table"):
        seat.session.apply(Move.draw())


def deal_notices(session: RemoteSession) -> list[tuple[str, str]]:
    return [(text, severity) for text, severity in session.notices if "deal" in text and text != SEEDED_TABLE]


def news(session: RemoteSession) -> list[tuple[str, str]]:
    """What the seat was told, but that its (seeded) table's deals are public."""
    return [(text, severity) for text, severity in session.notices if text != SEEDED_TABLE]


async def test_a_finished_hand_says_deal_checked_and_is_then_known_in_full_even_after_coming_back() -> None:
    seat = Seat(seed=3)
    seat.table.start()
    seat.welcome()
    session = seat.session
    assert session.deal is not None and session.deal.secret is None
    assert session.deal.commitment == seat.table.game.deal.commitment  # shown with the deal
    assert session.state is None  # nothing is known in full before a hand is over
    seat.play_hand()
    assert session.deal.checked and session.deal.secret == seat.table.game.deal.secret
    said = ("Hand 1: deal checked (its secret gives the commitment shown before the hand and every tile "
            "you saw).")
    assert deal_notices(session) == [(said, "information")]
    assert session.state is not None and session.state.log == seat.table.state.log
    assert session.state.scores == seat.table.state.scores

    seat.tell(seat.table.update(ME, seat.table.next_hand()))
    session.next_hand()
    assert session.deal.secret is None and len(session.state.log) == 1  # hand 2 is in play: not known
    seat.welcome()  # coming back: the whole table again, hand 1's secret with it
    assert session.resets == 2 and session.state.log == seat.table.state.log[:1]
    assert len(deal_notices(session)) == 1  # (said once)


async def test_a_host_that_changes_the_boneyard_after_committing_is_caught_and_said_loudly() -> None:
    seat = Seat(seed=2, table=CheatingTable)  # seat 0 draws: we see its hand turned up, never the tile
    seat.table.start()
    seat.welcome()
    seat.play_hand()
    session = seat.session
    assert any(ev.kind == "drew" for ev in session.hands[0]), "the changed boneyard must be drawn from"
    assert session.deal is not None and session.deal.secret is not None and not session.deal.checked
    [(text, severity)] = deal_notices(session)
    assert severity == "error"
    assert text.startswith("Hand 1: the deal does not match its commitment: this table's host may have "
                           "changed it (seat ")
    assert session.state is None  # a hand whose deal does not check is not known, so not reviewed


async def test_another_person_to_move_is_waited_for_not_thinking_and_their_turn_clock_shows() -> None:
    seat = Seat(seed=3)  # seat 0 (Ann, a person at another terminal) leads
    seat.table.start()
    seat.welcome()
    session = seat.session
    view = build_view(session.setup, session.seat_view(ME), session.hands, TurnState())
    ann = view.seats.top[0]
    assert ann.to_move and not ann.thinking  # only bots are "thinking…"
    assert seat.table.clock_turn(now=0.0)
    seat.tell(Seating(seats=seat.table.seat_info(now=15.0)))
    assert session.setup.players[0].label == "person · 0:45" and session.coverable() == []
    seat.tell(Seating(seats=seat.table.seat_info(now=61.0)))
    assert session.coverable() == [0]  # the host may let a bot play this move
    seat.move(0, seat.table.state.legal_moves()[0])
    assert session.turn_left(0) is None  # the clock stops with the move


async def test_a_name_the_table_numbered_is_told_once() -> None:
    seat = Seat(seed=3)
    seat.client.name = "Ann"  # as Ann at seat 0 has it: the table seats us as "Ann 2"
    seat.table._set_player(ME, Player("Ann 2", "person"))
    seat.welcome()
    assert news(seat.session) == [("Ann is already at this table: you sit as Ann 2.", "information")]
    seat.welcome()  # coming back: nothing new to say
    assert len(news(seat.session)) == 1


@pytest.mark.parametrize("seed", [5, None])
async def test_a_seeded_table_tells_each_seat_its_deals_are_public_and_marks_it(seed: int | None) -> None:
    seat = Seat(seed=seed)
    seat.welcome()
    seat.welcome()  # (coming back: said once)
    told = [n for n in seat.session.notices if n[0] == SEEDED_TABLE]
    assert told == ([(SEEDED_TABLE, "warning")] if seed is not None else [])
    assert seat.session.setup.deals_public is (seed is not None)
    assert seat.session.setup.seed is None  # (the seed itself is not told)
    assert build_sheet_seeded(seat.session) is (seed is not None)


def build_sheet_seeded(session: RemoteSession) -> bool:
    return build_sheet(session.setup, session.hands).seeded


def test_a_refused_move_is_told_in_the_readers_language() -> None:
    """The table's own reason read in Dutch; a refusal play/seat.py words is said again from our view."""
    from allfives.net import reasons
    from allfives.play.seat import refusal

    from .helpers import speaking

    seat = Seat()
    seat.table.start()
    seat.welcome()
    session = seat.session
    seat.others_turns()
    seat.catch_up()
    with speaking("nl"):
        legal = session.seat_view(ME).legal_moves[0]
        session.apply(legal)
        seat.tell(Refused(move=str(legal), reason=reasons.said(reasons.STALE)))
        with pytest.raises(IllegalMove, match="^de tafel is verder gegaan sinds je die zet koos"):
            session.apply(session.think())
        wrong = Move.play(seat.table.state.hands[0][0])  # not in our hand
        session.apply(wrong)
        seat.tell(Refused(move=str(wrong), reason="3-0 staat niet in je hand"))  # (a Dutch host's words)
        view = session.seat_view(ME)
        with pytest.raises(IllegalMove) as told:
            session.apply(session.think())
        assert str(told.value) == refusal(wrong, view, ("Ann", "Bea")) != "3-0 staat niet in je hand"
