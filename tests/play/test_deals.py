"""Deal codes: they round-trip, catch a typo, refuse what is no code, deal a game whose record checks,
stay private while it is played; a finished game's record gives its deals again (`--deals FILE`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from allfives.bots import LEVELS
from allfives.engine import Rules, commitment_of, replay, to_record
from allfives.engine.core import MAX_TARGET, TARGETS, variant_hand_size
from allfives.engine.deal import deal_from_secret
from allfives.play.deals import DealsFileError, EarlierGame, read_deals_file
from allfives.play.history_link import HistoryLink
from allfives.play.saving import SaveStore
from allfives.play.session import Session, make_bot, moves_made
from allfives.play.setup import (
    ALPHABET,
    FIELD,
    LENGTH,
    SECRET_BITS,
    DealCode,
    DealCodeError,
    GameSetup,
    default_players,
)
from tests.hostile import OUTSIDE_TEXT

WHO = ("person", *LEVELS)


@st.composite
def codes(draw: st.DrawFn) -> DealCode:
    seats = draw(st.sampled_from((2, 3, 4)))
    partnership = seats == 4 and draw(st.booleans())
    hand_size = draw(st.integers(1, 28 // seats if seats > 2 else 14))
    rules = Rules(seats=seats, partnership=partnership, hand_size=hand_size,
                  target=draw(st.integers(1, MAX_TARGET)),
                  end_of_hand=draw(st.sampled_from(("deduct", "muggins"))),
                  win_check=draw(st.sampled_from(("immediate", "finish_hand"))))
    who = tuple(draw(st.sampled_from(WHO)) for _n in range(seats))
    return DealCode(rules, who, draw(st.integers(0, 2**SECRET_BITS - 1)))


@given(codes())
def test_a_code_reads_back_as_it_was_written_in_either_case(code: DealCode) -> None:
    text = code.text
    assert len(text.replace("-", "")) == LENGTH and all(c in ALPHABET for c in text.replace("-", ""))
    assert DealCode.parse(text) == code
    assert DealCode.parse(text.lower().replace("-", " ")) == code


@given(codes(), st.data())
def test_any_one_character_mistyped_or_two_neighbours_swapped_is_caught(code: DealCode, data: st.DataObject
                                                                         ) -> None:
    chars = list(code.text.replace("-", ""))
    at = data.draw(st.integers(0, LENGTH - 1))
    wrong = data.draw(st.sampled_from([c for c in ALPHABET if c != chars[at]]))
    typo = chars[:at] + [wrong] + chars[at + 1:]
    with pytest.raises(DealCodeError, match="typo"):
        DealCode.parse("".join(typo))
    at = data.draw(st.integers(0, LENGTH - 2))
    if chars[at] != chars[at + 1]:
        swapped = chars[:at] + [chars[at + 1], chars[at]] + chars[at + 2:]
        with pytest.raises(DealCodeError, match="typo"):
            DealCode.parse("".join(swapped))


def test_look_alike_letters_read_as_the_digits() -> None:
    code = DealCode(Rules(seats=2), ("person", "hard"), 0)  # (a secret of zeros: a code full of 0s)
    assert "0" in code.text
    assert DealCode.parse(code.text.replace("0", "o")) == code


@pytest.mark.parametrize("typed", ["", "K7QM-2XPD", "K7QM-2XPD-AAAA-BBBB-CCCC-D", "U" * 20, "Ä" * 20,
                                   "x" * 65, *OUTSIDE_TEXT])
def test_what_is_no_code_is_refused_in_one_line_that_never_quotes_it(typed: str) -> None:
    with pytest.raises(DealCodeError) as refused:
        DealCode.parse(typed)
    said = str(refused.value)
    assert "\n" not in said and (not typed.strip() or typed.strip() not in said)


def test_a_code_for_a_game_no_rules_allow_is_refused_though_its_check_is_right() -> None:
    from allfives.play import setup

    number = DealCode(Rules(seats=2), ("person", "easy"), 5).text.replace("-", "")
    values = [setup._VALUE[c] for c in number[:-1]]
    values[-1] ^= 0b11111  # (bits of the seats' digits: a fifth seat's digit, which no code has)
    forged = "".join(ALPHABET[v] for v in (*values, setup._check_value(values)))
    with pytest.raises(DealCodeError, match="not one this version"):
        DealCode.parse(forged)


FIXED = DealCode(Rules(seats=3, target=100), ("person", "easy", "easy"), 0x5DEECE66D1234)


def setup_of(seats: int = 3, target: int = 100) -> GameSetup:
    rules = Rules(seats=seats, hand_size=variant_hand_size(seats, "standard"), target=target)
    return GameSetup(rules=rules, players=default_players(seats, 1, "easy"), bot_delay=0.0)


def play_out(session: Session) -> Session:
    """Every seat by a bot until the game is over: the bots' own, and a person's by an easy bot seeded
    from the game's stream (so the person plays the same way on the same deals)."""
    for _step in range(3000):
        state = session.state
        if state.phase == "game_over":
            return session
        if state.phase == "hand_over":
            session.next_hand()
            continue
        seat = state.turn
        bot = (make_bot("easy", seed=session.setup.bot_seed(moves_made(state)))
               if session.setup.players[seat].is_person else session.bot(seat))
        session.apply(bot.choose(state.view(seat)), seat)
    raise AssertionError("the game did not end")


def test_a_new_local_game_gets_a_code_and_every_hand_is_dealt_from_it_and_checks() -> None:
    session = play_out(Session.new(setup_of()))
    code = session.setup.deals
    assert code is not None and code.who == ("person", "easy", "easy")
    for n, hand in enumerate(session.state.log, start=1):
        secret = code.hand_secret(n)
        assert hand.deal is not None and hand.deal.commitment == commitment_of(secret)
        hands, boneyard, _leader = deal_from_secret(session.state.rules, secret)
        assert [set(h) for h in hands] == [set(h) for h in hand.hands] and boneyard == hand.boneyard
    replay(to_record(session.state))  # (replay checks every shown secret against its deal)


def test_a_seeded_game_has_no_code_and_deals_from_its_seed_as_before() -> None:
    seeded = GameSetup(rules=Rules(seats=2), players=default_players(2), seed=7)
    session = Session.new(seeded)
    assert session.setup.deals is None
    assert session.state.log[0].hands == Session.new(seeded).state.log[0].hands


def test_the_same_code_deals_the_same_hands_and_the_bots_repeat_themselves() -> None:
    code = DealCode.parse(FIXED.text)
    first, again = (play_out(Session.new(code.setup(bot_delay=0.0))) for _n in range(2))
    assert len(first.state.log) >= 2
    assert first.state.log == again.state.log  # the same deals, and the same moves on them
    assert first.state.log[1].deal.commitment == commitment_of(code.hand_secret(2))  # type: ignore[union-attr]


def test_the_code_stays_private_until_the_game_is_over(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.claim()
    history = HistoryLink(tmp_path)
    session = Session.new(setup_of(), store, history=history)
    code = session.setup.deals
    assert code is not None
    session.apply(session.think(), session.state.turn)
    entry_id = session.setup.history_id
    assert entry_id is not None
    assert code.text in store.path.read_text() + _journal(store)  # (the save: to resume on the same deals)
    assert code.text not in json.dumps(history.store().record(entry_id))
    resumed = store.load().game
    assert resumed is not None and resumed.setup.deals == code
    play_out(session)
    assert history.store().record(entry_id)[FIELD] == code.text  # type: ignore[index]
    assert json.loads(store.last_path.read_text())[FIELD] == code.text
    history.close()


def _journal(store: SaveStore) -> str:
    from allfives.userdata import journal_path

    path = journal_path(store.path)
    return path.read_text() if path.exists() else ""


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Session]:
    directory = tmp_path_factory.mktemp("finished")
    store = SaveStore(directory)
    store.claim()
    session = play_out(Session.new(FIXED.setup(bot_delay=0.0), store))
    store.release()
    return store.last_path, session


def test_a_finished_record_gives_its_code_and_its_scores_hand_by_hand(finished: tuple[Path, Session]) -> None:
    path, session = finished
    code, earlier = read_deals_file(path)
    assert code == session.setup.deals
    again = play_out(Session.new(code.setup(bot_delay=0.0)))
    duplicate = earlier.against(again.state, again.setup)
    assert duplicate is not None and duplicate.earlier == ""  # (it was "You" both times)
    assert [a for a, _b in duplicate.hands] == [b for _a, b in duplicate.hands]  # the same play
    assert duplicate.totals[0] == again.state.scores[0]


def damaged(record: dict, how: str) -> dict | list:
    data = json.loads(json.dumps(record))
    if how == "no code":
        del data[FIELD]
    elif how == "bad code":
        data[FIELD] = "K7QM-2XPD-AAAA"
    elif how == "another game's code":
        data[FIELD] = DealCode(FIXED.rules, FIXED.who, 99).text
    elif how == "unfinished":
        data["hands"] = data["hands"][:1]
        data["hands"][0]["moves"] = data["hands"][0]["moves"][:3]
        data["hands"][0]["deal"].pop("secret")
    elif how == "a tile changed":
        data["hands"][0]["moves"][0] = "9-9"
    elif how == "a list":
        return [data]
    return data


@pytest.mark.parametrize("how", ["no code", "bad code", "another game's code", "unfinished", "a tile changed",
                                 "a list"])
def test_a_damaged_record_is_refused_in_one_line(finished: tuple[Path, Session], tmp_path: Path, how: str
                                                 ) -> None:
    path, _session = finished
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(damaged(json.loads(path.read_text()), how)))
    with pytest.raises(DealsFileError) as refused:
        read_deals_file(bad)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("content", [None, b"", b"\xff\xfe not json", b"{" * 5000, b"[]"])
def test_a_file_that_is_no_record_is_refused_in_one_line(tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "x.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(DealsFileError) as refused:
        read_deals_file(tmp_path / "x.json")
    assert "\n" not in str(refused.value)


def test_the_comparison_names_the_earlier_player_and_marks_hands_one_game_never_had() -> None:
    session = play_out(Session.new(setup_of()))
    state = session.state
    sides = state.rules.sides
    earlier = EarlierGame("X", ((35,) * sides,) * (len(state.log) + 1), ("Bea", "Ben", "Cleo"), (0,))
    duplicate = earlier.against(state, session.setup)
    assert duplicate is not None and duplicate.earlier == "Bea"  # (the person's seat then)
    assert duplicate.hands[-1] == (None, 35)
    assert duplicate.totals[1] == 35 * (len(state.log) + 1)


def test_a_default_target_setup_code_reads_back_its_rules() -> None:
    setup = GameSetup(rules=Rules(seats=4), players=default_players(4, 2, "expert"))
    code = DealCode.fresh(setup)
    assert DealCode.parse(code.text).rules == Rules(seats=4) and code.rules.target == TARGETS[4]
    assert code.setup().players[1].is_person and code.setup().players[1].name != code.setup().players[0].name


def test_the_setup_owns_the_deal_code_and_imports_nothing_of_the_deals_module() -> None:
    """Either module imports first on its own (no cycle: pyproject's acyclic contract keeps it so)."""
    import subprocess
    import sys

    probe = ("import sys; import allfives.play.{first}; "
             "print('allfives.play.deals' in sys.modules, 'allfives.play.setup' in sys.modules)")
    for first, loaded in (("setup", "False True"), ("deals", "True True")):
        run = subprocess.run([sys.executable, "-c", probe.format(first=first)], capture_output=True,
                             text=True, timeout=60)
        assert run.returncode == 0 and run.stdout.split() == loaded.split(), run.stderr
