"""Seeded positions the screenshots and snapshot tests show (new game, boards early and late, panels),
and the pilot helpers that wait for the bots. Not part of the installed game: scripts/screenshots.py
imports it from the repository."""

from __future__ import annotations

import contextlib

from textual.pilot import Pilot
from textual.screen import Screen
from textual.worker import WorkerCancelled

from allfives.engine import GameState, Rules
from allfives.ui.app import AllFivesApp
from allfives.ui.save import SavedGame, SaveStore
from allfives.ui.setup import GameSetup, default_players

# Seed 7, two seats: after these 15 moves (once played by seeded medium bots, frozen here so the
# picture does not move when the bots improve) seat 0 is to move with all four spinner arms on the
# table, an arm turning a corner on an 80x24 board, and a tile that fits two ends.
BOARD_SEED = 7
BOARD_MOVES = ("3-2", "6-3 W", "6-6 W", "6-0 W", "3-0 W", "5-3 W", "2-0 E", "5-1 W", "3-1 W", "6-2 S",
               "6-5 N", "0-0 E", "3-3 W", "4-0 E", "4-3 W")
EARLY_MOVES = 7  # the same hand early on: a spinner and seven tiles, seat 0 to move


def four_arm_state(moves: int = len(BOARD_MOVES)) -> GameState:
    """The four-armed board (or the same hand `moves` plays in), replayed from its frozen moves."""
    state = GameState.new(Rules(seats=2, target=500), BOARD_SEED)
    for move in BOARD_MOVES[:moves]:
        state, _ = state.apply(move)
    return state


def board_app(store: SaveStore | None = None, moves: int = len(BOARD_MOVES)) -> AllFivesApp:
    """Seat 0 (a person) to move on a board with all four arms (or earlier in the same hand)."""
    state = four_arm_state(moves)
    setup = GameSetup(rules=state.rules, players=default_players(2), seed=BOARD_SEED, bot_delay=0)
    return AllFivesApp(saved=SavedGame(state, setup), store=store)


FOUR_SEED = 5
FOUR_PLAYS = 7


def four_seat_state(plays: int = FOUR_PLAYS) -> GameState:
    """Four seats in partnership, mid-hand with seat 0 to move once `plays` tiles are down.

    Every seat makes its first legal move (engine order), so the picture depends on the rules alone.
    """
    state = GameState.new(Rules(seats=4, target=500), FOUR_SEED)
    played = 0
    while played < plays or state.turn != 0:
        move = state.legal_moves()[0]
        state, _ = state.apply(move)
        played += move.kind == "play"
    return state


def four_seat_app(store: SaveStore | None = None) -> AllFivesApp:
    """You and three bots (Cleo your partner, across) mid-hand, you to move."""
    state = four_seat_state()
    setup = GameSetup(rules=state.rules, players=default_players(4), seed=FOUR_SEED, bot_delay=0)
    return AllFivesApp(saved=SavedGame(state, setup), store=store)


def seeded_app(seats: int, seed: int, target: int, store: SaveStore | None = None,
               humans: int = 0) -> AllFivesApp:
    """A seeded game (bots only by default) for reaching the score panel and the game-over screen."""
    rules = Rules(seats=seats, target=target)
    setup = GameSetup(rules=rules, players=default_players(seats, humans, "easy"), seed=seed, bot_delay=0)
    return AllFivesApp(setup, ask_resume=False, store=store)


async def settle(pilot: Pilot, limit: int = 400) -> None:
    """Wait until no bot is thinking, nothing is scheduled and the game is saved (bots play at delay 0)."""
    app = pilot.app
    quiet = 0
    for _ in range(limit):
        await pilot.pause()
        if any(w.is_running for w in app.workers):
            quiet = 0
            with contextlib.suppress(WorkerCancelled):
                await app.workers.wait_for_complete()
            continue
        quiet += 1
        if quiet >= 2:
            game = getattr(app, "game_screen", None)
            if game is not None:
                game.session.flush()  # saves are written in the background
            return
    raise AssertionError("the app never settled")


async def until(pilot: Pilot, screen_type: type[Screen]) -> None:
    """Let the bots play on (continuing past score panels) until a screen of this type shows."""
    from allfives.ui.screens.score_panel import ScorePanel

    for _ in range(500):
        await settle(pilot)
        if isinstance(pilot.app.screen, screen_type):
            return
        if isinstance(pilot.app.screen, ScorePanel):
            await pilot.press("enter")
    raise AssertionError(f"never reached {screen_type.__name__}")
