"""Seeded bots draw their seeds from their own stream, and a resumed seeded game plays on exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from allfives.engine import Rules, to_record
from allfives.play import session as session_module
from allfives.play.saving import SaveStore
from allfives.play.session import Session
from allfives.play.setup import GameSetup, Player
from tests.ui.helpers import play_on


def setup(seed: int | None) -> GameSetup:
    players = (Player("Ada", "bot", "hard"), Player("Ben", "bot", "expert"), Player("Cleo", "bot", "medium"))
    return GameSetup(rules=Rules(seats=3, target=150), players=players, seed=seed, bot_delay=0.5)


def play(session: Session, moves: int) -> None:
    play_on(session, moves, lambda state: session.bot(state.turn).choose(state.view(state.turn)))


@pytest.fixture(autouse=True)
def small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_module, "SEEDED_SIMULATIONS", 4)
    monkeypatch.setattr(session_module, "SEEDED_SIMULATIONS_FOR", {"expert": 2})


def test_the_bots_stream_is_not_the_deals_seed() -> None:
    a, b = setup(5), setup(6)
    assert a.bots_seed is not None and a.bots_seed != b.bots_seed
    assert a.bots_seed not in (5, a.seed)
    assert setup(5).bots_seed == a.bots_seed  # the same seed plays the same game
    seeds = [a.bot_seed(n) for n in range(6)] + [a.bot_seed(n, hint=True) for n in range(6)]
    assert len(set(seeds)) == len(seeds)
    assert setup(None).bot_seed(3) is None  # unseeded: fresh randomness


def test_a_resumed_seeded_game_plays_on_as_it_would_have(tmp_path: Path) -> None:
    straight = Session.new(setup(9), SaveStore(tmp_path / "straight"))
    play(straight, 80)

    store = SaveStore(tmp_path / "stopped")
    first = Session.new(setup(9), store)
    play(first, 35)
    saved = store.load().game
    assert saved is not None and saved.setup.bots_seed == first.setup.bots_seed
    resumed = Session.resume(saved, store)
    play(resumed, 45)
    assert to_record(resumed.state)["hands"] == to_record(straight.state)["hands"]
