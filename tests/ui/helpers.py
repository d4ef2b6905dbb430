"""Drive the app as a player would: clicks on hand tiles, board ends and the boneyard; wait for bots."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from allfives.engine import GameState, Move, Tile, replay
from allfives.play.session import Session
from allfives.record_file import read_record
from allfives.ui.app import AllFivesApp
from allfives.ui.messages import BotChose
from allfives.ui.screens.game import GameScreen
from allfives.ui.screens.game_over import GameOverScreen
from allfives.ui.screens.handover import HandoverScreen
from allfives.ui.screens.score_panel import ScorePanel
from allfives.ui.widgets.board import Board
from allfives.ui.widgets.boneyard import Boneyard
from allfives.ui.widgets.hand import Hand

from .scenes import settle, until  # noqa: F401  (re-exported for the tests)


def on_disk(path: Path) -> GameState:
    """The game a save holds: its record and the journal of moves beside it, read as the app reads them."""
    return replay(read_record(path)[0])[0]


async def bot_move_arrives(pilot: Pilot, table: GameScreen, move: Move) -> None:
    """A bot's move for the moment the table is at comes in from its worker, as a message."""
    table.post_message(BotChose(table.position, move))
    await pilot.pause()


def game(app: AllFivesApp) -> GameScreen:
    screen = app.game_screen
    assert screen is not None
    return screen


async def click_tile(pilot: Pilot, tile: Tile) -> None:
    hand = pilot.app.screen.query_one(Hand)
    i = hand.tiles.index(tile)
    x, w = hand.tile_spans()[i]
    await pilot.click(hand, offset=(x + w // 2, 1))


async def click_end(pilot: Pilot, end: str) -> None:
    board = pilot.app.screen.query_one(Board)
    spot = next(e for e in board.picture.ends if e.end == end)
    await pilot.click(board, offset=(spot.x + spot.width // 2, spot.y + spot.height // 2))


async def click_boneyard(pilot: Pilot) -> None:
    await pilot.click(pilot.app.screen.query_one(Boneyard), offset=(2, 1))


async def play_by_mouse(pilot: Pilot, move: Move) -> None:
    """Make a legal move the way a person does it with the mouse."""
    screen = game(pilot.app)
    if move.kind == "draw":
        await click_boneyard(pilot)
        return
    assert move.kind == "play" and move.tile is not None
    ends = screen.session.state.ends_for(move.tile)
    await click_tile(pilot, move.tile)
    if len(ends) > 1:
        await pilot.pause()
        assert screen.turn.chosen == move.tile
        await click_end(pilot, move.end or ends[0])


async def play_game_by_mouse(pilot: Pilot, choose=None, max_turns: int = 2000) -> GameScreen:
    """Play every person's turn by clicks until the game-over screen shows; return the game screen."""
    app = pilot.app
    for _ in range(max_turns):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return game(app)
        if isinstance(screen, ScorePanel):
            await pilot.click("#continue")
            continue
        if isinstance(screen, HandoverScreen):  # people at one terminal: the next one takes it
            await pilot.click("#ready")
            continue
        table = game(app)
        if table.my_turn:
            legal = table.session.state.legal_moves()
            move = choose(table.session.state, legal) if choose else legal[-1]
            before = table.session.state
            await play_by_mouse(pilot, move)
            await pilot.pause()
            assert table.session.state is not before, f"{move} by mouse did not happen: {table.status}"
    raise AssertionError("the game did not end")


async def play_until(pilot: Pilot, wanted, max_turns: int = 2000) -> GameScreen:
    """Play by mouse (last legal move) until `wanted(table)` holds on the person's turn."""
    app = pilot.app
    for _ in range(max_turns):
        await settle(pilot)
        if isinstance(app.screen, GameOverScreen):
            raise AssertionError("the game ended before the wanted position")
        if isinstance(app.screen, ScorePanel):
            await pilot.click("#continue")
            continue
        table = game(app)
        if table.my_turn:
            if wanted(table):
                return table
            await play_by_mouse(pilot, table.session.state.legal_moves()[-1])
    raise AssertionError("the wanted position never came")



class StoppedClock:
    """The dialogs' clock, moved on only by the test: no sleeps, nothing left to timing."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def tick(self, seconds: float) -> None:
        self.now += seconds


def screen_spot(widget, x: int, y: int) -> tuple[int, int]:  # noqa: ANN001
    """A point of a widget, in screen cells (what a click on another screen at that spot hits)."""
    return widget.region.x + x, widget.region.y + y


def play_on(session: Session, steps: int | None = None,
            choose: Callable[[GameState], Move] | None = None) -> None:
    """Advance a session as its players would, a step at a time, with no screen: the next hand dealt
    when one ends, else `choose`'s move for the seat to move (its first legal move unless told);
    for `steps` steps, or to the game's end."""
    done = 0
    while session.state.phase != "game_over" and (steps is None or done < steps):
        done += 1
        if session.state.phase == "hand_over":
            session.next_hand()
        else:
            session.apply(choose(session.state) if choose else session.state.legal_moves()[0])
