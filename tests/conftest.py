"""Fixtures shared by every test folder: whole games played by quick bots from a seed."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

from allfives import i18n
from allfives.bots import make_bot
from allfives.engine import GameState, Rules

if TYPE_CHECKING:
    from tests.net.anywhere.servers import LoopbackServers

# Property tests never time their examples: on a busy machine an example may take seconds, and a test must
# not fail for the machine's speed (hypothesis's deadline and its "too slow" health check would).
settings.register_profile("allfives", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("allfives")

# The compiled core is compiled once a checkout (into its .cache/, never the user's cache folder).
os.environ.setdefault("ALLFIVES_CACHE_DIR", str(Path(__file__).resolve().parent.parent / ".cache"))


@pytest.fixture(scope="session", autouse=True)
def compiled_core() -> object:
    """The search runs on the compiled core in this process, made ready the player's way (a child
    process compiles it, or it is loaded from the cache), once for the run. The programs the tests
    start play on the Python core (ALLFIVES_FAST=0): the same moves, and no compiling in each.
    tests/bots/test_fast_identity.py holds the two cores to the same decisions."""
    from allfives.bots import fast

    module = fast.wait(timeout=600)
    os.environ["ALLFIVES_FAST"] = "0"
    return module


def seeded_game(seed: int, seats: int = 2, levels: Sequence[str] = ("easy", "medium"),
                stop_after: int | None = None, **rules: object) -> GameState:
    """A game played to its end (or `stop_after` moves) by bots of the given levels, seat after seat."""
    state = GameState.new(Rules(seats=seats, **rules), seed=seed)
    bots = [make_bot(levels[s % len(levels)], seed=seed * 10 + s) for s in range(seats)]
    moves = 0
    while state.phase != "game_over" and (stop_after is None or moves < stop_after):
        if state.phase == "hand_over":
            state, _ = state.next_hand()
            continue
        state, _ = state.apply(bots[state.turn].choose(state.view(state.turn)))
        moves += 1
    return state


@pytest.fixture
def play_game() -> Callable[..., GameState]:
    return seeded_game


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test keeps its preferences in a folder of its own, empty at first: never the user's."""
    path = tmp_path / "config"
    monkeypatch.setenv("ALLFIVES_CONFIG_DIR", str(path))
    return path


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English whatever the machine's locale (LANGUAGE=en also reaches the commands
    a test starts), and one that switched language leaves English behind it."""
    monkeypatch.setenv("LANGUAGE", "en")
    yield
    if i18n.language() != i18n.ENGLISH:
        i18n.use(i18n.ENGLISH)


@pytest.fixture(autouse=True)
def truecolour_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test's window sees a terminal of every colour, whatever terminal runs the tests (a window
    chooses its themes by it: TERM=xterm without COLORTERM gets the ANSI ones). A test of fewer colours
    says so: tests/ui/scenes.py `terminal`."""
    monkeypatch.setenv("COLORTERM", "truecolor")


@pytest.fixture(autouse=True)
def bots_think_by_effort_not_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """No bot in a test thinks by the clock: a searching bot made to think for up to a time (a game not
    seeded, a hint, a `make_bot` given no size) searches the game's fixed number of deals instead, so its
    moves, and every snapshot and record made from them, are the same on a busy machine as on an idle one.
    (The product's choice of effort is still what it was: `simulations` reads None outside a decision.)"""
    from allfives.bots import game_simulations, players

    def by_effort(decide: Callable[..., object]) -> Callable[..., object]:
        def deciding(bot: players.Bot, *args: object) -> object:
            if bot.simulations is not None:
                return decide(bot, *args)
            bot.simulations = game_simulations(bot.level)
            try:
                return decide(bot, *args)
            finally:
                bot.simulations = None
        return deciding

    for cls, name in ((players.HardBot, "decide"), (players.ExpertBot, "decide"),
                      (players.OracleBot, "choose_on_table")):
        monkeypatch.setattr(cls, name, by_effort(getattr(cls, name)))


@pytest.fixture(autouse=True)
def dialogs_answer_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dialogs ignore clicks and keys for a moment after they open (a click meant for the table must
    not answer them); tests press at once, so the moment is none here. tests/ui/test_guard.py puts it
    back, with a clock of its own."""
    monkeypatch.setattr("allfives.ui.screens.guard.GRACE", 0.0)


@dataclass(frozen=True)
class TableCertificate:
    """A host's certificate, its key and its pin (net/tls.py), made once for the whole run."""

    cert: Path
    key: Path
    pin: str


@pytest.fixture(scope="session")
def table_certificate(tmp_path_factory: pytest.TempPathFactory) -> TableCertificate:
    from allfives.net.tls import make_certificate

    folder = tmp_path_factory.mktemp("tls")
    pin = make_certificate(folder / "cert.pem", folder / "key.pem")
    return TableCertificate(folder / "cert.pem", folder / "key.pem", pin)


@pytest.fixture(scope="session")
def wormhole_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LoopbackServers]:
    """magic-wormhole's mailbox server and transit relay on loopback (each behind a recording proxy),
    started once for the tests that ask for them and stopped after the run (tests/net/anywhere/servers.py)."""
    from tests.net.anywhere.servers import loopback_servers

    with loopback_servers(tmp_path_factory.mktemp("wormhole-servers")) as servers:
        yield servers
