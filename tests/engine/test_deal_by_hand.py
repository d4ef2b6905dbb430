"""RECORD.md's fair deal re-run with `hashlib` and `hmac` alone, as a player would: nothing of allfives is
imported here. `fair_record.json` is a game the app dealt from fresh secrets (three seats, a blocked hand
followed by a random lead); tests/engine/test_fair.py puts games dealt now through the same check."""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
from pathlib import Path
from typing import Any

import pytest

RECORD = Path(__file__).with_name("fair_record.json")
TILES = [f"{a}-{b}" for a in range(7) for b in range(a + 1)]  # `a-b`, the higher half first
HAND_SIZES = {2: 9, 3: 7, 4: 5}


def deal_of(secret: bytes, seats: int, hand_size: int) -> tuple[list[list[str]], list[str]]:
    """The tiles ordered by HMAC-SHA256(key=secret, message=the tile), smallest first: seat 0 takes the
    first hand-size of them, seat 1 the next...; the rest is the boneyard in that order."""
    order = sorted(TILES, key=lambda tile: hmac.new(secret, tile.encode("ascii"), hashlib.sha256).digest())
    hands = [order[seat * hand_size:(seat + 1) * hand_size] for seat in range(seats)]
    return hands, order[seats * hand_size:]


def leader_of(secret: bytes, seats: int) -> int:
    """HMAC-SHA256(secret, "leader") read as a big-endian integer, modulo the seats."""
    return int.from_bytes(hmac.new(secret, b"leader", hashlib.sha256).digest(), "big") % seats


def someone_went_out(hand: dict[str, Any], seats: int) -> bool:
    """Whether a player played their last tile (else the hand was blocked, or cut short by a win, and
    the next leader is chosen at random). Turns go round from the leader; a draw keeps the turn."""
    held = [set(tiles) for tiles in hand["hands"]]
    boneyard = list(hand["boneyard"])
    seat = hand["leader"]
    for move in hand["moves"]:
        if move == "draw":
            held[seat].add(boneyard.pop(0))
            continue
        if move != "pass":
            held[seat].discard(move.split()[0])
            if not held[seat]:
                return True
        seat = (seat + 1) % seats
    return False


def check_record(record: dict[str, Any]) -> int:
    """Assert that every hand's deal is the one its secret makes; the number of hands checked."""
    seats = record["rules"].get("seats", 2)
    hand_size = record["rules"].get("hand_size", HAND_SIZES[seats])
    random_lead = True  # the first hand's leader is chosen at random
    for hand in record["hands"]:
        deal = hand["deal"]
        secret = bytes.fromhex(deal["secret"])
        assert len(secret) == 32 and deal["secret"] == secret.hex()
        assert hashlib.sha256(secret).hexdigest() == deal["commitment"]
        hands, boneyard = deal_of(secret, seats, hand_size)
        assert hand["hands"] == hands and hand["boneyard"] == boneyard
        if random_lead:
            assert hand["leader"] == leader_of(secret, seats)
        random_lead = not someone_went_out(hand, seats)
    return len(record["hands"])


def test_every_recorded_deal_is_the_one_its_secret_makes() -> None:
    record = json.loads(RECORD.read_text())
    assert check_record(record) == 5
    reasons = [someone_went_out(hand, 3) for hand in record["hands"]]
    assert reasons[0] is False and True in reasons  # a random lead after a blocked hand, and a forced one


@pytest.mark.parametrize("change", ["boneyard", "hand", "leader", "commitment"])
def test_a_deal_changed_after_the_commitment_fails_the_check(change: str) -> None:
    record = json.loads(RECORD.read_text())
    hand = copy.deepcopy(record["hands"][1])  # dealt after a blocked hand: its leader is random too
    if change == "boneyard":
        hand["boneyard"][0], hand["boneyard"][1] = hand["boneyard"][1], hand["boneyard"][0]
    elif change == "hand":
        hand["hands"][0][0], hand["boneyard"][-1] = hand["boneyard"][-1], hand["hands"][0][0]
    elif change == "leader":
        hand["leader"] = (hand["leader"] + 1) % 3
    else:
        hand["deal"]["commitment"] = hashlib.sha256(b"another secret").hexdigest()
    record["hands"][1] = hand
    with pytest.raises(AssertionError):
        check_record(record)
