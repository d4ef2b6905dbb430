"""The table's widgets together: how the game and a review lay them out and show a `TableView` on them
(the screens compose them; neither knows the other)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from allfives.ui.model.view import TableView

from .board import Board
from .boneyard import Boneyard
from .game_log import GameLog
from .hand import Hand
from .out_count import OutCount
from .scoresheet import Scoresheet
from .seats import Seats
from .status import Status

WIDE = 110  # from this many columns the other seats sit around the board, not all in the top strip


@dataclass(frozen=True)
class TablePieces:
    """The widgets that draw the table view (found once, not queried on every move)."""

    hand: Hand
    board: Board
    boneyard: Boneyard
    top: Seats
    left: Seats
    right: Seats
    sheet: Scoresheet
    log: GameLog
    status: Status
    out: OutCount

    @staticmethod
    def compose(boneyard: Boneyard) -> ComposeResult:
        """The table above the status line, as the game and a review lay it out (`of` finds it)."""
        with Horizontal(id="top"):
            yield Seats(id="seats")
            yield boneyard
        with Horizontal(id="middle"):
            yield Seats(stacked=True, id="seats-left", classes="side-seats")
            yield Board(id="board")
            yield Seats(stacked=True, id="seats-right", classes="side-seats")
            with Vertical(id="side"):
                yield Scoresheet(id="scoresheet")
                yield OutCount(id="out")
                yield GameLog(id="log")

    @classmethod
    def of(cls, screen: Screen) -> TablePieces:
        """The pieces of a screen that composes the table's widgets (the game, a review)."""
        return cls(
            hand=screen.query_one(Hand), board=screen.query_one(Board), boneyard=screen.query_one(Boneyard),
            top=screen.query_one("#seats", Seats), left=screen.query_one("#seats-left", Seats),
            right=screen.query_one("#seats-right", Seats), sheet=screen.query_one(Scoresheet),
            log=screen.query_one(GameLog), status=screen.query_one(Status), out=screen.query_one(OutCount))

    def show(self, view: TableView) -> None:
        """Each widget takes its part; it repaints only if that part changed."""
        self.hand.view = view.hand
        self.board.show(view.board)
        self.boneyard.view = view.boneyard
        self.top.seats, self.top.centred = view.seats.top, view.seats.wide
        self.left.seats = view.seats.left
        self.right.seats = view.seats.right
        self.sheet.sheet = view.sheet
        self.log.show(view.log)
        self.status.view = view.status
        self.out.counts = view.out
