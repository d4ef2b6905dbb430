"""Fair deals (RECORD.md): each hand from a 32-byte secret by a rule anyone can re-run, its commitment in
the record, the secret once the hand is over, and replay refusing a deal its secret does not make."""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from allfives.cli import main
from allfives.engine import (
    Deal,
    DealMismatch,
    Game,
    GameState,
    IllegalMove,
    RecordError,
    Rules,
    check_dealt,
    commitment_of,
    core,
    deal_from_secret,
    private_fields,
    replay,
    replay_document,
    seeded_secret,
)

from .test_deal_by_hand import RECORD, check_record

FAST = settings(deadline=None, max_examples=25, suppress_health_check=[HealthCheck.too_slow])
SECRETS = st.binary(min_size=32, max_size=32)
RULES = st.sampled_from([Rules(seats=2), Rules(seats=3), Rules(seats=4), Rules(seats=4, partnership=False),
                         Rules(seats=2, hand_size=5), Rules(seats=2, hand_size=14),
                         Rules(seats=4, hand_size=7)])


def played(game: Game, rng: random.Random, moves: int) -> Game:
    """`moves` random legal steps on (a deal, when a hand is over, counts as one)."""
    for _ in range(moves):
        if game.phase == "game_over":
            break
        game = (game.next_hand() if game.phase == "hand_over" else
                game.apply(rng.choice(game.state.legal_moves())))[0]
    return game


def finished(rules: Rules, seed: int | None = None, rng_seed: int = 0) -> Game:
    return played(Game.new(rules, seed), random.Random(rng_seed), 100_000)


# -- the rule --------------------------------------------------------------------------------

@FAST
@given(secret=SECRETS)
def test_the_order_is_hmac_sha256_of_each_tile_smallest_first(secret: bytes) -> None:
    by_hmac = sorted(range(28), key=lambda t: hmac.digest(secret, core.tile_name(t).encode(), "sha256"))
    assert core.deal_order(secret) == by_hmac
    leader = int.from_bytes(hmac.new(secret, b"leader", hashlib.sha256).digest(), "big")
    assert [core.random_leader(secret, seats) for seats in (2, 3, 4)] == [leader % 2, leader % 3, leader % 4]


@FAST
@given(secret=SECRETS, rules=RULES)
def test_a_deal_is_every_tile_once_seat_after_seat_then_the_boneyard(secret: bytes, rules: Rules) -> None:
    dealt = deal_from_secret(rules, secret)
    tiles = [t for hand in dealt.hands for t in hand] + list(dealt.boneyard)
    assert sorted(t.id for t in tiles) == list(range(28))
    assert [len(h) for h in dealt.hands] == [rules.hand_size] * rules.seats
    assert [t.id for t in tiles] == core.deal_order(secret)
    assert 0 <= dealt.random_leader < rules.seats
    check_dealt(rules, secret, commitment_of(secret), dealt.hands, dealt.boneyard, dealt.random_leader)


def test_a_secret_is_32_bytes_and_its_commitment_its_sha256() -> None:
    secret = bytes(range(32))
    assert commitment_of(secret) == hashlib.sha256(secret).hexdigest()
    deal = Deal.of(secret)
    assert (deal.commitment, deal.secret, deal.secret_bytes) == (commitment_of(secret), secret.hex(), secret)
    assert secret.hex() not in repr(deal)  # never in a log line by mistake
    for wrong in (b"", bytes(31), bytes(33), secret.hex()):
        with pytest.raises(ValueError, match="32 bytes"):
            core.deal_order(wrong)  # type: ignore[arg-type]


def test_the_check_says_what_differs() -> None:
    rules, secret = Rules(seats=2), bytes(range(32))
    hands, boneyard, leader = deal_from_secret(rules, secret)
    commitment = commitment_of(secret)
    swapped = (boneyard[1], boneyard[0], *boneyard[2:])
    said = f"^boneyard tile 1 is {boneyard[1]}, where the secret puts {boneyard[0]}$"
    with pytest.raises(DealMismatch, match=said):
        check_dealt(rules, secret, commitment, hands, swapped)
    traded = ((boneyard[0], *hands[0][1:]), hands[1])
    said = f"^seat 0 holds {boneyard[0]}, where the secret deals it {hands[0][0]}$"
    with pytest.raises(DealMismatch, match=said):
        check_dealt(rules, secret, commitment, traded, (hands[0][0], *boneyard[1:]))
    said = f"^seat {1 - leader} leads, where the secret chooses seat {leader}$"
    with pytest.raises(DealMismatch, match=said):
        check_dealt(rules, secret, commitment, hands, boneyard, 1 - leader)
    with pytest.raises(DealMismatch, match="not the one committed to"):
        check_dealt(rules, secret, commitment_of(bytes(32)), hands, boneyard)
    reordered = (tuple(reversed(hands[0])), hands[1])  # a hand is a set of tiles: its order is free
    check_dealt(rules, secret, commitment, reordered, boneyard, leader)


# -- games ------------------------------------------------------------------------------------

@FAST
@given(rules=RULES)
def test_two_unseeded_games_with_the_same_public_start_differ_in_their_deals(rules: Rules) -> None:
    first, second = Game.new(rules), Game.new(rules)
    assert first.state.seed is None and first.deal is not None and second.deal is not None
    assert first.deal.secret != second.deal.secret and first.deal.commitment != second.deal.commitment
    dealt = [(game.state.hands, game.state.log[0].boneyard) for game in (first, second)]
    assert dealt[0] != dealt[1]
    later = first.state.model_copy(update={"phase": "hand_over"}).next_hand()[0]
    assert later.log[-1].deal.secret != first.deal.secret  # every hand a fresh secret


def test_a_seeded_game_repeats_itself_and_says_it_is_seeded() -> None:
    a, b = finished(Rules(seats=3, target=80), seed=5), finished(Rules(seats=3, target=80), seed=5)
    assert a == b and a.state.hand_number > 2
    assert [hand.deal.secret for hand in a.state.log] == [seeded_secret(5, n).hex()
                                                          for n in range(1, a.state.hand_number + 1)]
    assert a.to_record()["seeded"] is True and "seeded" not in finished(Rules(seats=3, target=80)).to_record()
    table = core.Table(Rules(seats=3).to_core())
    table.deal_next(5)  # how `allfives match` deals: the same first hand
    assert [[t.id for t in h] for h in a.state.log[0].hands] == table.hands


def test_the_games_dealt_now_pass_the_check_made_with_hmac_alone() -> None:
    for rules in (Rules(seats=2, target=60), Rules(seats=4, target=60)):
        game = finished(rules)
        assert check_record(game.to_record()) == game.state.hand_number  # every hand checked


def test_a_hand_in_play_shows_its_commitment_and_its_secret_once_it_is_over() -> None:
    game = Game.new(Rules(seats=2, target=500))
    hand = game.to_record()["hands"][0]
    assert hand["deal"] == {"commitment": game.deal.commitment} and "deal_secret" not in game.to_record()
    assert private_fields(game.state) == {"deal_secret": game.deal.secret}
    assert game.to_record(private=True)["deal_secret"] == game.deal.secret
    rng = random.Random(3)
    while game.phase == "playing":
        game = game.apply(rng.choice(game.state.legal_moves()))[0]
    shown = {"commitment": game.deal.commitment, "secret": game.deal.secret}
    assert game.to_record()["hands"][0]["deal"] == shown
    assert private_fields(game.state) == {}


def test_a_save_resumes_with_the_secret_and_the_shared_record_without_it() -> None:
    game, rng = Game.new(Rules(seats=3, target=500)), random.Random(4)
    while game.state.hand_number < 2 or game.phase != "playing" or not game.state.log[-1].moves:
        game = played(game, rng, 1)  # (fresh deals: into hand 2 however the first one goes)
    assert game.phase == "playing" and game.state.hand_number >= 2
    assert Game.from_record(game.to_record(private=True)) == game
    shared = Game.from_record(game.to_record())
    assert shared.deal == game.deal.model_copy(update={"secret": None})
    assert shared.state.log[:-1] == game.state.log[:-1]


def test_start_hand_checks_a_deal_against_its_secret() -> None:
    rules, secret = Rules(seats=2), bytes(range(32))
    hands, boneyard, leader = deal_from_secret(rules, secret)
    state, _ = GameState.empty(rules).start_hand(list(hands), list(boneyard), leader, Deal.of(secret))
    assert state.log[0].deal == Deal.of(secret)
    said = f"^the deal is not its secret's: seat {1 - leader} leads, where the secret chooses seat {leader}$"
    with pytest.raises(IllegalMove, match=said):
        GameState.empty(rules).start_hand(list(hands), list(boneyard), 1 - leader, Deal.of(secret))
    with pytest.raises(IllegalMove, match="^the deal is not its secret's: seat 0 holds "):
        GameState.empty(rules).start_hand(list(hands), list(boneyard), leader, Deal.of(bytes(32)))


# -- records ------------------------------------------------------------------------------------

def a_record() -> dict:
    return json.loads(RECORD.read_text())


def test_the_recorded_game_replays_with_every_deal_checked() -> None:
    doc_hands = replay_document(a_record())["hands"]
    state, _ = replay(a_record())
    assert state.phase == "game_over" and len(doc_hands) == state.hand_number == 5
    assert all(hand.deal is not None and hand.deal.secret for hand in state.log)


@FAST
@given(data=st.data())
def test_one_boneyard_tile_changed_after_the_commitment_makes_replay_refuse_the_record(
        data: st.DataObject) -> None:
    record = a_record()
    h = data.draw(st.integers(0, len(record["hands"]) - 1), "hand")
    hand = record["hands"][h]
    place = data.draw(st.integers(0, len(hand["boneyard"]) - 1), "boneyard tile")
    dealt = [(s, i) for s, tiles in enumerate(hand["hands"]) for i in range(len(tiles))]
    others = [("boneyard", i) for i in range(len(hand["boneyard"])) if i != place] + dealt
    where, i = data.draw(st.sampled_from(others), "swapped with")
    row = hand["boneyard"] if where == "boneyard" else hand["hands"][where]
    hand["boneyard"][place], row[i] = row[i], hand["boneyard"][place]  # still every tile once
    with pytest.raises(RecordError, match=f"^hand {h + 1}, deal: "):
        replay(record)


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r["hands"][1]["deal"].update(secret="ab" * 32),
     "hand 2, deal: the secret is not the one committed to (its SHA-256 is not the commitment)"),
    (lambda r: r["hands"][1].update(leader=(r["hands"][1]["leader"] + 1) % 3),
     "hand 2, deal: seat {leader} leads, where the secret chooses seat {chosen}"),
    (lambda r: r["hands"][0]["deal"].update(commitment="F" * 64),
     'hand 1, deal.commitment: expected 64 lower-case hex digits, found "FFFF'),
    (lambda r: r["hands"][0]["deal"].update(secret=7),
     "hand 1, deal.secret: expected 64 lower-case hex digits, found 7"),
    (lambda r: r["hands"][0].update(deal="yes"),
     'hand 1, deal: expected an object with a commitment, found the string "yes"'),
    (lambda r: r.update(deal_secret="00" * 32),
     "deal_secret: not the secret hand 5's deal shows"),
])
def test_a_bad_deal_is_a_bad_record(change, message: str, tmp_path: Path, capsys) -> None:
    record = a_record()
    leader = (record["hands"][1]["leader"] + 1) % 3
    message = message.format(leader=leader, chosen=record["hands"][1]["leader"])
    change(record)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(message) and err.count("\n") == 1


def test_a_save_of_a_hand_in_play_has_its_secret_checked() -> None:
    game = played(Game.new(Rules(seats=2, target=200)), random.Random(8), 5)
    saved = game.to_record(private=True)
    wrong = dict(saved, deal_secret="00" * 32)
    with pytest.raises(RecordError, match="^deal_secret: its SHA-256 is not hand 1's commitment$"):
        replay(wrong)
    with pytest.raises(RecordError, match="^deal_secret: expected 64 lower-case hex digits"):
        replay(dict(saved, deal_secret="zz"))
    bare = copy.deepcopy(saved)
    del bare["hands"][0]["deal"]
    with pytest.raises(RecordError, match="^deal_secret: hand 1 has no deal to be the secret of$"):
        replay(bare)


def test_replay_says_which_deals_it_checked(tmp_path: Path, capsys) -> None:
    game = played(Game.new(Rules(seats=2, target=200), seed=3), random.Random(8), 60)
    assert game.phase == "playing" and game.state.hand_number >= 2
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_record()))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith(", seeded deals")
    hands = [line for line in out if line.startswith("hand ")]
    assert all("(deal checked)" in line for line in hands[:-1])
    assert "(deal committed, secret not shown)" in hands[-1]


def test_replay_and_review_say_an_older_records_deals_were_not_checked(tmp_path: Path, capsys) -> None:
    record = a_record()
    for hand in record["hands"][1:]:
        del hand["deal"]  # (one hand of fair deals, the rest as records were before them)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record))
    unchecked = len(record["hands"]) - 1
    said = f"deals not checked: {unchecked} hands carry no deal commitment (a record from before fair deals)"
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    hands = [line for line in out if line.startswith("hand ")]
    assert "(deal checked)" in hands[0] and all("(deal not checked: no commitment)" in h for h in hands[1:])
    assert out[-1] == said
    assert main(["replay", str(path), "--json"]) == 0
    doc, err = capsys.readouterr()
    assert json.loads(doc)["hands"] and err == said + "\n"  # the document as RECORD.md has it; a word beside
    assert main(["review", str(path), "--text", "--samples", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == said
    assert main(["review", str(path), "--json", "--samples", "1"]) == 0
    assert capsys.readouterr().err.splitlines()[-1] == said
    path.write_text(json.dumps(a_record()))  # every deal committed to and shown: nothing to say
    assert main(["replay", str(path)]) == 0 and "not checked" not in capsys.readouterr().out


def test_an_older_record_without_deals_still_replays_and_an_old_unseeded_save_deals_afresh() -> None:
    record = a_record()
    for hand in record["hands"]:
        del hand["deal"]
    state, _ = replay(record)
    assert state.phase == "game_over" and all(hand.deal is None for hand in state.log)
    # Before fair deals an unseeded game's save kept the seed it was dealt from, and "seeded": false.
    old = a_record()
    old["hands"] = old["hands"][:1]
    old.update(seed=123456, seeded=False)
    state, _ = replay(old)
    assert state.seed is None and state.next_hand()[0].log[-1].deal.secret != seeded_secret(123456, 2).hex()
    assert replay(dict(old, seeded=True))[0].seed == 123456
