"""Seeded positions the screenshots and snapshot tests show (new game, boards early and late, panels),
and the pilot helpers that wait for the bots. Not part of the installed game: scripts/screenshots.py
imports it from the repository."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator

from textual.pilot import Pilot
from textual.screen import Screen
from textual.worker import WorkerCancelled

from allfives.engine import GameState, Rules
from allfives.play.saving import SavedGame, SaveStore
from allfives.play.session import Session
from allfives.play.setup import BOT_NAMES, GameSetup, default_players
from allfives.ui.app import AllFivesApp

# Seed 7, two seats: after these 15 moves (once played by seeded medium bots, frozen here so the
# picture does not move when the bots improve) seat 0 is to move with all four spinner arms on the
# table, an arm turning a corner on an 80x24 board, and a tile that fits two ends. The deal is frozen
# too: it is the one seed 7 dealt before deals came from secrets (RECORD.md, "Fair deals").
BOARD_SEED = 7
BOARD_DEAL = (("5-1 6-3 4-0 4-1 6-0 0-0 6-1 6-2 5-3", "3-1 3-0 4-3 3-3 3-2 1-1 6-5 6-6 2-0"),
              "2-2 4-4 5-5 6-4 2-1 5-0 5-2 1-0 5-4 4-2", 1)
BOARD_MOVES = ("3-2", "6-3 W", "6-6 W", "6-0 W", "3-0 W", "5-3 W", "2-0 E", "5-1 W", "3-1 W", "6-2 S",
               "6-5 N", "0-0 E", "3-3 W", "4-0 E", "4-3 W")
EARLY_MOVES = 7  # the same hand early on: a spinner and seven tiles, seat 0 to move
AIDS_MOVES = 9  # the same hand after 9 plays: 6-2 fits N and S and would score 5 on each


def four_arm_state(moves: int = len(BOARD_MOVES)) -> GameState:
    """The four-armed board (or the same hand `moves` plays in), replayed from its frozen moves."""
    state = dealt(Rules(seats=2, target=500), BOARD_SEED, BOARD_DEAL)
    for move in BOARD_MOVES[:moves]:
        state, _ = state.apply(move)
    return state


def board_app(store: SaveStore | None = None, moves: int = len(BOARD_MOVES)) -> AllFivesApp:
    """Seat 0 (a person) to move on a board with all four arms (or earlier in the same hand)."""
    state = four_arm_state(moves)
    setup = GameSetup(rules=state.rules, players=default_players(2), seed=BOARD_SEED, bot_delay=0)
    return AllFivesApp(saved=SavedGame(state, setup), store=store)


# What each terminal says of itself, as a window finds its colours (Textual's console reads TERM and
# COLORTERM as the app is made): 256 as default tmux, 16 as stock xterm and PuTTY, 8 as the Linux console.
TERMINALS = {"truecolor": {"TERM": "xterm-256color", "COLORTERM": "truecolor"},
             "256": {"TERM": "xterm-256color"}, "16": {"TERM": "xterm"}, "8": {"TERM": "linux"}}


@contextlib.contextmanager
def terminal(colours: str) -> Iterator[None]:
    """Windows made inside are made in a terminal of these colours ("truecolor", "256", "16", "8")."""
    saved = {name: os.environ.get(name) for name in ("TERM", "COLORTERM")}
    os.environ.pop("COLORTERM", None)
    os.environ.update(TERMINALS[colours])
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


FOUR_SEED = 5
FOUR_DEAL = (("5-4 6-2 4-0 0-0 5-3", "3-2 2-2 5-0 2-1 5-5", "3-3 6-0 5-1 6-1 4-1", "2-0 3-0 4-2 6-6 4-3"),
             "4-4 6-5 6-3 1-0 5-2 1-1 6-4 3-1", 3)  # seed 5's deal before fair deals, frozen likewise
FOUR_PLAYS = 7


def dealt(rules: Rules, seed: int, deal: tuple[tuple[str, ...], str, int]) -> GameState:
    """A seeded game whose first hand is this frozen deal (the hands, the boneyard, the leader)."""
    hands, boneyard, leader = deal
    return GameState.empty(rules, seed).start_hand([h.split() for h in hands], boneyard.split(), leader)[0]


def four_seat_state(plays: int = FOUR_PLAYS) -> GameState:
    """Four seats in partnership, mid-hand with seat 0 to move once `plays` tiles are down.

    Every seat makes its first legal move (engine order), so the picture depends on the rules alone.
    """
    state = dealt(Rules(seats=4, target=500), FOUR_SEED, FOUR_DEAL)
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
               humans: int = 0, last_hand: bool = False, last_move: bool = False) -> AllFivesApp:
    """A seeded game (bots only by default) for reaching the score panel and the game-over screen.

    Sat down at the same game further on: `last_hand` as its last hand is dealt (`game_near_the_end`);
    `last_move` as the first hand's last move is to be made (`last_move_of_the_first_hand`)."""
    rules = Rules(seats=seats, target=target)
    setup = GameSetup(rules=rules, players=default_players(seats, humans, "easy"), seed=seed, bot_delay=0)
    if last_hand or last_move:
        saved = game_near_the_end(setup) if last_hand else last_move_of_the_first_hand(setup)
        return AllFivesApp(saved=saved, store=store)
    return AllFivesApp(setup, ask_resume=False, store=store)


def as_the_app_plays(setup: GameSetup) -> Iterator[Session]:
    """The game the app plays from `setup` (each bot's seeded choice, each person's last legal move, as
    `play_game_by_mouse` makes it), played here without a screen: its session at each step (a move to
    make, a hand to deal, the game over at the last)."""
    session = Session.new(setup)
    while True:
        yield session
        state = session.state
        if state.phase == "game_over":
            return
        if state.phase == "hand_over":
            session.next_hand()
        elif session.setup.players[state.turn].kind == "person":
            session.apply(state.legal_moves()[-1])
        else:
            session.apply(session.think())


def played_without_a_screen(setup: GameSetup) -> tuple[Session, GameState]:
    """The game the app plays from `setup`, played to its end without a screen: the session, and the
    state as its last hand was dealt."""
    last_deal = None
    for session in as_the_app_plays(setup):
        if last_deal is None or session.state.hand_number != last_deal.hand_number:
            last_deal = session.state
    assert last_deal is not None
    return session, last_deal


def last_move_of_the_first_hand(setup: GameSetup) -> SavedGame:
    """The game the app plays from `setup` as the move that ends its first hand is to be made (by a bot
    or a person): the score panel, or the game-over screen of a game of one hand, a move away. (The
    board is laid out afresh there: not for a picture of the hand.)"""
    before = None
    for session in as_the_app_plays(setup):
        if session.state.phase != "playing":
            assert before is not None
            return SavedGame(before, session.setup)
        before = session.state
    raise AssertionError("the game never began")


def position_where(setup: GameSetup, wanted: Callable[[GameState], bool]) -> SavedGame:
    """The first moment of the game the app plays from `setup` where a person is to move and `wanted`
    holds: the game `play_until` reaches by mouse, reached here without a screen (an app sat down at it
    lays the board out afresh)."""
    for session in as_the_app_plays(setup):
        state = session.state
        if state.phase == "playing" and session.setup.players[state.turn].kind == "person" and wanted(state):
            return SavedGame(state, session.setup)
    raise AssertionError("the wanted position never came")


def game_near_the_end(setup: GameSetup) -> SavedGame:
    """The game the app plays from `setup`, stopped as its last hand is dealt: an app sat down at it
    plays that hand to the same game's game-over screen, every hand before it on the sheet. (Not a move
    later: the board is laid out play by play from the hand's first tile, and a board first shown
    mid-hand is laid out afresh, so its picture could differ.)"""
    session, last_deal = played_without_a_screen(setup)
    return SavedGame(last_deal, session.setup)


async def show_the_aids(pilot: Pilot) -> None:
    """On `board_app(moves=AIDS_MOVES)`: the hand by pips (`o o`), what is out (`c`), and 6-2 picked up,
    its two ends lit with what each would score (issue 22's aids, for the snapshot and the README)."""
    from allfives.engine import Tile
    from allfives.ui.widgets.hand import Hand

    await settle(pilot)
    await pilot.press("o", "o", "c")
    hand = pilot.app.screen.query_one(Hand)
    x, w = hand.tile_spans()[hand.tiles.index(Tile("6-2"))]
    await pilot.click(hand, offset=(x + w // 2, 1))
    await settle(pilot)


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


# -- looking back: a review with a planted mistake, and a history of seeded games ------------------

# Seat 0 leads the 6-6, seat 1 plays 6-0 on W; seat 0 then holds 3-0, which on W would make 15,
# and plays 1-0 instead (nothing, and it leaves 3-1 a 15): the mistake the review shows.
PLANTED_DEAL = (("1-1 5-2 5-0 6-1 3-0 1-0 6-6 2-1 2-0", "2-2 6-0 3-1 6-2 5-4 4-0 5-1 4-2 6-3"),
                "3-2 5-3 5-5 6-5 4-4 3-3 4-1 4-3 6-4 0-0")
PLANTED_MOVES = ("6-6", "6-0 W", "1-0 W", "3-1 W", "6-1 E", "6-2 N")
PLANTED_SAMPLES = 60  # enough deals that the mistake's cost is well past the mark, and quick


def planted_game(moves: int = len(PLANTED_MOVES)) -> GameState:
    state = GameState.empty(Rules(seats=2), seed=1)
    hands, boneyard = PLANTED_DEAL
    state, _ = state.start_hand([h.split() for h in hands], boneyard.split(), 0)
    for move in PLANTED_MOVES[:moves]:
        state, _ = state.apply(move)
    return state


def review_app(samples: int = PLANTED_SAMPLES):
    """`allfives review` of the planted game: you (seat 0) against a hard bot."""
    from allfives.ui.model.review import ReviewGame
    from allfives.ui.review.app import ReviewApp

    state = planted_game()
    setup = GameSetup(rules=state.rules, players=default_players(2, 1, "hard"))
    return ReviewApp(ReviewGame.of(state, setup), samples=samples)


async def to_the_mistake(pilot: Pilot) -> None:
    """Let the analysis finish, then go to the first mistake marked."""
    await settle(pilot)
    await pilot.press("m")
    await settle(pilot)


# (seats, the bots' level, seed, target): games you (seat 0, played by a medium bot) played in the app
HISTORY_TABLES = ((2, "easy", 1, 120), (2, "medium", 7, 100), (3, "easy", 4, 90), (2, "easy", 2, 120),
                  (4, "medium", 5, 90), (2, "random", 3, 80))
HISTORY_START = "2025-06-0{day}T1{hour}:00:00.000+00:00"


def history_players(seats: int, level: str) -> list[dict]:
    return [{"name": "You", "kind": "person", "level": "medium"}] + [
        {"name": BOT_NAMES[s], "kind": "bot", "level": level} for s in range(1, seats)]


def fill_history(directory) -> list[str]:
    """Seeded games kept in the history at fixed times (so pictures of it repeat); their ids."""
    from allfives.history import HistoryStore
    from tests.conftest import seeded_game

    ids = []
    for n, (seats, level, seed, target) in enumerate(HISTORY_TABLES):
        stamp = HISTORY_START.format(day=1 + n // 3, hour=n % 3)
        store = HistoryStore(directory, clock=lambda stamp=stamp: stamp)
        game = seeded_game(seed, seats=seats, levels=("medium",) + (level,) * (seats - 1), target=target)
        store.save_game(f"game-{n}", game, history_players(seats, level))
        store.close()
        ids.append(f"game-{n}")
    return ids


# (seats, the bots' level, seed, target, practice): games that rate (their deals dealt afresh, as
# a player's are), you (seat 0) played by the bot level named first
# (seats, level, seed, target, practice, abandoned): 2-seat games to 250 rate, 3 and 4 seats are not
# measured (counted apart), one game is practice and one was left for a new game (rated as lost)
RATED_TABLES = ((2, "easy", 11, 250, False, False), (2, "easy", 12, 250, False, False),
                (2, "medium", 13, 250, False, False), (3, "easy", 14, 90, False, False),
                (2, "medium", 15, 250, True, False), (2, "medium", 16, 250, False, False),
                (4, "medium", 17, 90, False, False), (2, "medium", 18, 250, False, False),
                (2, "easy", 19, 250, False, False), (2, "medium", 20, 250, False, False),
                (2, "hard", 21, 250, False, True))


def fill_rated_history(directory) -> list[str]:
    """Games that rate (one of them practice, one abandoned), at fixed times; their ids."""
    from allfives.history import HistoryStore
    from tests.conftest import seeded_game

    ids = []
    for n, (seats, level, seed, target, practice, abandoned) in enumerate(RATED_TABLES):
        stamp = f"2025-07-{1 + n:02d}T18:00:00.000+00:00"
        store = HistoryStore(directory, clock=lambda stamp=stamp: stamp)
        game = seeded_game(seed, seats=seats, levels=("medium",) + (level,) * (seats - 1), target=target,
                           stop_after=12 if abandoned else None)
        extra = {"seeded": False, **({"practice": True} if practice else {})}
        store.save_game(f"rated-{n}", game, history_players(seats, level), extra=extra)
        if abandoned:
            store.abandon(f"rated-{n}")
        store.close()
        ids.append(f"rated-{n}")
    return ids


def rated_stats_app(store: SaveStore | None = None) -> AllFivesApp:
    """The new-game screen over a history of games that rate (ctrl+t, then g: the rating chart)."""
    store = store or SaveStore()
    fill_rated_history(store.directory)
    return AllFivesApp(store=store, bot_delay=0)


async def to_rating_chart(pilot: Pilot) -> None:
    await to_statistics(pilot)
    await pilot.press("g")
    await settle(pilot)


def stats_app(store: SaveStore | None = None) -> AllFivesApp:
    """The new-game screen over a history of seeded games (ctrl+t opens the statistics)."""
    store = store or SaveStore()
    fill_history(store.directory)
    return AllFivesApp(store=store, bot_delay=0)


async def to_statistics(pilot: Pilot) -> None:
    await settle(pilot)
    await pilot.press("ctrl+t")
    await settle(pilot)


# -- the same deals played again: a game-over screen beside an earlier game on its deal code ---------

DUPLICATE_CODE_SECRET = 0x2C5B7E19A4D3F06  # (a fixed game secret: the same deals, bots and pictures)


def duplicate_app(near_the_end: bool = False) -> AllFivesApp:
    """A person against an easy bot on a fixed deal code, to 80, with an earlier game on the same deals
    (Bea's, who played each seat's first legal move) given as `--deals FILE` gives it. `near_the_end`:
    sat down at the same game as its last hand is dealt (`to_duplicate` then plays that hand)."""
    from allfives.play.deals import DealCode, EarlierGame

    from .helpers import play_on

    code = DealCode(Rules(seats=2, target=80), ("person", "easy"), DUPLICATE_CODE_SECRET)
    earlier = Session.new(code.setup(name="Bea", bot_delay=0))
    play_on(earlier)
    setup = code.setup(bot_delay=0)
    app = (AllFivesApp(saved=game_near_the_end(setup)) if near_the_end
           else AllFivesApp(setup, ask_resume=False))
    app.earlier_deals = EarlierGame.of(code.text, earlier.state, earlier.setup.players)
    return app


async def to_duplicate(pilot: Pilot) -> None:
    """On `duplicate_app()`: play the person's turns (the last legal move) to the game-over screen and
    wait for its verdict and comparison."""
    from .helpers import play_game_by_mouse

    await play_game_by_mouse(pilot)
    for _n in range(400):  # (the verdict and the comparison are filled in by workers: wait for both shown)
        await settle(pilot)
        screen = pilot.app.screen
        shown = [w for w in screen.query("#duplicate, #verdict") if w.display]
        if len(shown) == 2 and all(str(w.render()).strip() and "…" not in str(w.render()) for w in shown):
            break
    else:
        raise AssertionError("the game-over screen never showed its verdict and comparison")
    await settle(pilot)
