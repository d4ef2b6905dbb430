"""The table's rules without a network: seats, tokens, who may act, covering, saving, what a seat sees."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from allfives.engine import ALL_TILES, IllegalMove, Move, Rules
from allfives.net.protocol import CLIENT_MESSAGE, DealShown, Hello, decode_server, encode
from allfives.net.table import (
    CODE_LENGTH,
    CODE_LETTERS,
    Table,
    TableError,
    TableOptions,
    new_code,
    same_code,
    shown_code,
)
from allfives.play.session import Session
from allfives.record_file import read_record
from tests.hostile import REFUSED_NAMES

from .helpers import Truth, four_seat_table


def seated(table: Table, count: int = 2) -> list[str]:
    return [table.sit(f"P{n}", n)[1] for n in range(count)]


def test_each_seat_gets_its_own_token_and_only_that_token_finds_it() -> None:
    table = four_seat_table()
    tokens = seated(table, 2)
    assert len(set(tokens)) == 2 and all(len(t) >= 24 for t in tokens)
    assert [table.seat_of(t) for t in tokens] == [0, 1]
    assert table.seat_of("a" * 24) is None and table.seat_of(tokens[0] + "x") is None
    assert table.host_seat == 0  # the first to sit hosts a headless table
    assert [p.kind for p in table.setup.players] == ["person", "person", "bot", "bot"]
    with pytest.raises(TableError, match="seat 2 is taken"):  # said as people count seats, from 1
        table.sit("Eve", 1)
    table.sit("P2", None)
    table.sit("P3", None)
    with pytest.raises(TableError, match="every seat is taken") as refused:
        table.sit("Eve")
    assert refused.value.fatal


def test_only_the_host_starts_and_nobody_new_sits_once_the_game_is_on() -> None:
    table = four_seat_table()
    seated(table)
    with pytest.raises(TableError, match="only the host"):
        table.start(by=1)
    assert table.state is None
    table.start(by=0)
    assert table.phase == "playing"
    with pytest.raises(TableError, match="the game has started"):
        table.sit("Late")


def test_in_the_lobby_a_person_moves_to_a_seat_a_bot_holds_and_takes_their_token_and_hosting_along() -> None:
    table = four_seat_table()
    host, other = seated(table)
    table.move_to(0, 3)
    assert table.seat_of(host) == 3 and table.host_seat == 3
    assert [p.kind for p in table.setup.players] == ["bot", "person", "bot", "person"]
    assert table.setup.players[0].name == "Ada" and table.setup.players[3].name == "P0"
    with pytest.raises(TableError, match="seat 2 is taken"):
        table.move_to(3, 1)
    with pytest.raises(TableError, match="seats 1-4"):
        table.move_to(3, 4)
    table.move_to(1, 1)  # staying put is no move
    assert table.seat_of(other) == 1
    table.start(by=3)
    with pytest.raises(TableError, match="the game has started"):
        table.move_to(1, 0)


def test_a_move_out_of_turn_stale_or_illegal_is_refused_and_changes_nothing() -> None:
    table = four_seat_table(seed=3)
    seated(table, 4)
    table.start()
    state = table.state
    turn = state.turn
    with pytest.raises(TableError, match="turn, not yours"):
        table.apply((turn + 1) % 4, state.legal_moves()[0])
    with pytest.raises(TableError, match="moved on"):
        table.apply(turn, state.legal_moves()[0], at=3)
    foreign = state.hands[(turn + 1) % 4][0]
    with pytest.raises(TableError, match=f"^{foreign} is not in your hand$"):  # a local game's words
        table.apply(turn, f"{foreign}")
    assert table.state is state and table.hands == [table.hands[0]] and len(table.hands[0]) == 1
    table.apply(turn, state.legal_moves()[0], at=0)
    assert table.state.history[-1].seat == turn


def test_an_away_seat_waits_then_only_the_host_may_let_a_bot_play_it_until_its_player_returns() -> None:
    table = four_seat_table(away_timeout=60.0)
    seated(table)
    table.start()
    table.leave(1, now=100.0)
    assert table.seat_info(130.0)[1].status == "away" and table.seat_info(130.0)[1].wait_left == 30.0
    with pytest.raises(TableError, match="waits 30 s more"):
        table.cover(1, now=130.0, by=0)
    with pytest.raises(TableError, match="only the host"):
        table.cover(1, now=170.0, by=1)
    with pytest.raises(TableError, match="is at the table and it is not their turn"):
        table.cover(0, now=170.0, by=0)
    table.cover(1, now=170.0, by=0)
    assert table.is_bot_played(1) and table.seat_info(170.0)[1].status == "covered"
    table.arrive(1)
    assert not table.is_bot_played(1) and table.seat_info(171.0)[1].status == "here"


def test_a_saved_table_holds_only_token_hashes_and_resumes_with_the_same_seats(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    table = four_seat_table(seed=8, save=path)
    tokens = seated(table)
    table.start()
    for _ in range(6):
        state = table.state
        table.apply(state.turn, state.legal_moves()[0])
    record, text = read_record(path)  # the record and its journal
    assert not any(t in text for t in tokens)
    assert record["format"] == "allfives-record/1" and len(record["hands"][0]["moves"]) == 6
    resumed = Table.load(path)
    assert resumed.state == table.state and resumed.code == table.code and resumed.host_seat == 0
    assert [resumed.seat_of(t) for t in tokens] == [0, 1]
    assert [s.connected for s in resumed.seats] == [False] * 4
    assert resumed.setup.players == table.setup.players


def test_a_table_code_holds_at_least_60_bits_and_is_shown_in_groups_of_four() -> None:
    assert CODE_LENGTH * math.log2(len(set(CODE_LETTERS))) >= 60
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200 and all(len(c) == CODE_LENGTH and set(c) <= set(CODE_LETTERS) for c in codes)
    assert set("".join(codes)) == set(CODE_LETTERS)  # every letter is drawn (200 x 12 draws from 32)
    assert shown_code("k7qm3xrt9bhd") == "K7QM-3XRT-9BHD" and shown_code("K7QM-3XRT-9BHD") == "K7QM-3XRT-9BHD"


def test_an_older_table_with_a_six_letter_code_is_refused_with_why(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    table = four_seat_table(seed=8, save=path)
    table.code = "ABCDEF"  # as an older allfives made them: about 30 bits
    seated(table)
    table.start()
    with pytest.raises(ValueError, match="6 letters, too easy to guess"):
        Table.load(path)


def test_a_table_that_cannot_be_resumed_says_why_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    path.write_text("{ not json")
    with pytest.raises(ValueError, match="table.json: ") as bad:
        Table.load(path)
    assert "\n" not in str(bad.value)
    path.write_text(json.dumps({"format": "allfives-record/1", "hands": []}))
    with pytest.raises(ValueError, match="not a saved table"):
        Table.load(path)
    table = Table.new(Rules(seats=2, target=5), level="easy", seed=2, save_path=path)
    table.sit("A")
    table.start()
    while table.phase != "game_over":
        if table.phase == "hand_over":
            table.next_hand()
        else:
            table.apply(table.state.turn, table.state.legal_moves()[0])
    with pytest.raises(ValueError, match="game is over"):
        Table.load(path)


def test_hello_takes_a_printable_name_and_a_code_typed_any_way() -> None:
    hello = Hello(version=1, code="k7qm-3xrt 9bhd", name="  Ada   Lovelace ")
    message = CLIENT_MESSAGE.validate_json(encode(hello))
    assert message.name == "Ada Lovelace"
    assert same_code(message.code, "K7QM3XRT9BHD") and not same_code("K7QM3XRT9BHE", "K7QM3XRT9BHD")
    assert same_code("K7QM-3XRT-9BHD", "K7QM3XRT9BHD") and not same_code("K7QM3XRT9BH", "K7QM3XRT9BHD")
    assert same_code("oil0 1111-0000", "011011110000")  # read aloud: O for 0, I or L for 1
    for name, why in REFUSED_NAMES.items():  # the one name rule, as at every door
        with pytest.raises(ValidationError, match=f"{why}|valid string"):  # (pydantic's words for non-text)
            Hello(version=1, code="ABCDEF", name=name)


def test_a_deal_is_shown_with_its_commitment_its_secret_only_at_the_end_and_nothing_else_is_taken() -> None:
    table = Table.new(Rules(seats=2, target=500), level="easy", seed=7)
    table.sit("A")
    opened = table.update(1, table.start())
    assert opened.deal == DealShown(commitment=table.game.deal.commitment)  # (the table's own message)
    assert table.snapshot(1, now=0.0).deals == (opened.deal,)
    while table.phase == "playing":
        ended = table.update(0, table.apply(table.state.turn, table.state.legal_moves()[0]))
    assert ended.deal.secret == table.game.deal.secret and ended.deal.commitment == opened.deal.commitment
    assert table.update(0, table.next_hand()).deal.secret is None
    assert [d.secret is not None for d in table.snapshot(0, now=0.0).deals] == [True, False]

    sent = json.loads(encode(ended))
    for bad in ("A" * 64, "a" * 63, "a" * 65, "g" * 64, 7, ["a" * 64]):  # 64 lower-case hex digits only
        for field in ("commitment", "secret"):
            with pytest.raises(ValidationError):
                decode_server(json.dumps({**sent, "deal": {**sent["deal"], field: bad}}))
    with pytest.raises(ValidationError):  # nothing else rides along
        decode_server(json.dumps({**sent, "deal": {**sent["deal"], "boneyard": ["6-6"]}}))
    snapshot = json.loads(encode(table.snapshot(0, now=0.0)))
    with pytest.raises(ValidationError, match="at most 10000"):  # bounded like every list the table sends
        decode_server(json.dumps({**snapshot, "deals": [None] * 10_001}))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.sampled_from([2, 3, 4]), moves=st.integers(0, 120))
def test_what_a_seat_is_sent_never_shows_a_hidden_tile(seed: int, seats: int, moves: int) -> None:
    """Play anywhere into a game; every seat's snapshot and each update pass the secrecy check."""
    rng = random.Random(seed)
    table = Table.new(Rules(seats=seats), level="easy", seed=seed, options=TableOptions())
    table.start()
    sent: dict[int, list[str]] = {s: [] for s in range(seats)}
    for _ in range(moves):
        if table.phase == "game_over":
            break
        events = table.next_hand() if table.phase == "hand_over" else \
            table.apply(table.state.turn, rng.choice(table.state.legal_moves()))
        for s in range(seats):
            sent[s].append(encode(table.update(s, events)))
    truth = Truth(table.record())
    for s in range(seats):
        sent[s].append(encode(table.snapshot(s, now=0.0)))
        assert truth.check(sent[s], s) == len(sent[s])


MOVES = st.one_of(st.just(Move.draw()), st.just(Move.pass_()),
                  st.builds(lambda t, e: Move.play(ALL_TILES[t], e), st.integers(0, 27),
                            st.sampled_from([None, "W", "E", "N", "S"])))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.sampled_from([2, 3, 4]), moves=st.integers(0, 40), move=MOVES,
       asking=st.integers(0, 3))
def test_a_refused_move_reads_the_same_at_a_network_table_as_in_a_local_game(
        seed: int, seats: int, moves: int, move: Move, asking: int) -> None:
    """One place words a refusal: the table server and the local session give the same reason, with
    no seat number in it (the player to move is named)."""
    rng = random.Random(seed)
    table = Table.new(Rules(seats=seats), level="easy", seed=seed, options=TableOptions())
    table.start()
    for _ in range(moves):
        if table.phase != "playing":
            break
        table.apply(table.state.turn, rng.choice(table.state.legal_moves()))
    game = table.game
    seat = asking if asking < seats else game.turn
    try:
        table.apply(seat, move)
    except TableError as e:
        said = str(e)
    else:
        assert game.state.why_not(move) is None and seat == game.turn
        return
    assert table.game is game and "seat" not in said
    if seat == game.turn:
        with pytest.raises(IllegalMove) as local:
            Session(table.setup, game).apply(move)
        assert str(local.value) == said
    else:
        assert said == {"hand_over": "the hand is over", "game_over": "the game is over"}.get(
            table.phase, f"it is {table.names[game.turn]}'s turn, not yours")


def test_a_name_already_at_the_table_is_numbered_so_the_log_and_the_scores_tell_them_apart() -> None:
    table = four_seat_table()
    table.sit("Bea")
    table.sit("bea")
    table.sit("Bea")
    assert table.names[:3] == ("Bea", "bea 2", "Bea 3")
    table.unseat(2, by=0, kick=False)
    assert table.sit("Bea 3")[0] == 2 and table.names[2] == "Bea 3"  # its own name again
    table.sit("Bea 2 " + "x" * 14)
    assert table.names[3] == "Bea 2 " + "x" * 14
    table.unseat(3, by=0, kick=False)
    table.sit("Bea 2 " + "x" * 14)
    assert table.names[3] == "Bea 2 " + "x" * 14  # (its own seat's old name does not count)
    table.unseat(2, by=0, kick=False)
    assert table.sit("Bea 2 " + "x" * 14)[0] == 2
    assert table.names[2] == "Bea 2 " + "x" * 12 + " 2"  # still a name of at most 20 characters


def test_in_the_lobby_a_seat_whose_person_left_is_free_again_but_the_hosts_waits() -> None:
    table = four_seat_table()
    seated(table, 3)
    assert table.leave(1, now=5.0) and table.seats[1].token_hash is None
    assert table.setup.players[1].kind == "bot" and table.names[1] == "Ben"
    assert not table.leave(0, now=5.0) and table.seats[0].away_since == 5.0  # the host's
    table.sit("Dee")
    assert table.names[1] == "Dee"


def test_the_host_kicks_or_releases_a_person_and_their_token_stops_working() -> None:
    table = four_seat_table()
    host, bea, cy = seated(table, 3)
    with pytest.raises(TableError, match="only the host"):
        table.unseat(2, by=1, kick=True)
    with pytest.raises(TableError, match="the host's own"):
        table.unseat(0, by=0, kick=True)
    with pytest.raises(TableError, match="seat 4 .* is a bot's already"):
        table.unseat(3, by=0, kick=False)
    assert table.unseat(1, by=0, kick=True) == "P1"
    assert table.seat_of(bea) is None and table.setup.players[1].kind == "bot"
    assert table.why_unseated(bea) == "P0 sent you away from this table"
    table.unseat(2, by=0, kick=False)
    assert table.why_unseated(cy) is None  # given back in the lobby: they may sit again as anyone may
    _, cy = table.sit("P2", 2)
    table.start(by=0)
    table.unseat(2, by=0, kick=False)  # in play: a bot plays the seat, under its name, to the end
    assert table.names[2] == "P2" and table.is_bot_played(2) and table.seat_info(0.0)[2].status == "bot"
    assert table.why_unseated(cy) == "P0 gave your seat to a bot: the game goes on without you"
    assert table.seat_of(host) == 0


def test_a_kicked_persons_name_and_address_stay_out_until_let_back_and_through_a_host_restart(
        tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    table = four_seat_table(seed=8, save=path)
    table.sit("Host", address="192.0.2.1")
    _, bea = table.sit("Bea", address="2001:db8:5:6::/64")
    table.sit("Cy", address="198.51.100.7")
    table.unseat(1, by=0, kick=True)
    for name, address in (("bea", None), ("Dee", "2001:db8:5:6::/64")):
        with pytest.raises(TableError, match="Host sent you away from this table") as refused:
            table.sit(name, address=address)
        assert refused.value.fatal
    assert table.info(0.0, 0).banned == ("Bea",) and table.info(0.0, 2).banned == ()  # the host's alone
    table.start(by=0)
    table.unseat(2, by=0, kick=True)  # in play: Cy's seat plays on under their name; the ban is saved
    resumed = Table.load(path)  # the host restarts
    assert resumed.bans == table.bans and [b.name for b in resumed.bans] == ["Bea", "Cy"]
    assert resumed.why_unseated(bea) == "Host sent you away from this table"
    with pytest.raises(TableError, match="Host sent you away"):
        resumed.sit("Someone", address="198.51.100.7")
    with pytest.raises(TableError, match="only the host can let someone back"):
        resumed.let_back("Bea", by=1)
    resumed.let_back("BEA", by=0)
    assert [b.name for b in resumed.bans] == ["Cy"] and [b.name for b in Table.load(path).bans] == ["Cy"]
    assert resumed.why_unseated(bea) is None  # the token Bea kept is forgiven too
    with pytest.raises(TableError, match="Bea was not sent away"):
        resumed.let_back("Bea", by=0)


@pytest.mark.parametrize("bans", [
    "Bea", [{"name": "Bea", "address": 7}], [{"name": "\u202e", "address": None}], [{"name": "Bea", "x": 1}],
    [{"name": "Bea", "address": "a" * 65}], [{"name": f"P{n}"} for n in range(65)],
    [{"name": "Bea", "token": "not a hash"}],
])
def test_a_saved_table_whose_bans_are_not_names_and_addresses_is_not_resumed(tmp_path: Path,
                                                                             bans: object) -> None:
    path = tmp_path / "table.json"
    table = four_seat_table(seed=8, save=path)
    table.sit("Host")
    table.start()
    record = table.record()
    record["table"]["bans"] = bans
    path.write_text(json.dumps(record))
    with pytest.raises(ValueError, match="the people sent away are not names and addresses"):
        Table.load(path)


def test_a_connected_persons_turn_clock_runs_then_the_host_may_let_a_bot_play_that_one_move() -> None:
    table = four_seat_table(turn_clock=60.0)
    seated(table, 2)
    table.start()
    while table.state.turn not in (0, 1):  # the bots play until a person is to move
        table.apply(table.state.turn, table.state.legal_moves()[0])
    seat = table.state.turn
    assert table.clock_turn(now=10.0) and not table.clock_turn(now=11.0)  # started once per turn
    assert table.seat_info(40.0)[seat].wait_left == 30.0
    assert all(s.wait_left is None for s in table.seat_info(40.0) if s.seat != seat)
    with pytest.raises(TableError, match="30 s more"):
        table.cover(seat, now=40.0, by=0)
    with pytest.raises(TableError, match="only the host"):
        table.cover(seat, now=70.0, by=1)
    table.cover(seat, now=70.0, by=0)
    assert table.bot_to_move() == seat and not table.clock_turn(now=70.0)
    table.apply(seat, table.bot(seat).choose(table.state.view(seat)))
    assert not table.is_bot_played(seat)  # for that move only: the person plays on
