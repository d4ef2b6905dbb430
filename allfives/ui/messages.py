"""Messages the screens' workers post back to them: a bot's move, a hint, a review's analysis."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

from allfives.engine import Move
from allfives.play.flow import Position  # noqa: F401  (a moment of the game: (hands, events, undos))

if TYPE_CHECKING:
    from allfives.bots.analysis import Decision, GameAnalysis


class BotChose(Message):
    """The bot (or whoever is not at this terminal) to move at `position` chose `move`."""

    def __init__(self, position: Position, move: Move) -> None:
        super().__init__()
        self.position = position
        self.move = move


class HintReady(Message):
    """The hint bot's suggestion for the person to move at `position`, and why (the review's words)."""

    def __init__(self, position: Position, move: Move, why: str | None = None) -> None:
        super().__init__()
        self.position = position
        self.move = move
        self.why = why


class DecisionWeighed(Message):
    """The review's analysis weighed one more decision of `seats`: `done` of `total` so far."""

    def __init__(self, seats: tuple[int, ...], decision: Decision | None, done: int, total: int) -> None:
        super().__init__()
        self.seats = seats
        self.decision = decision  # None: the count before the first
        self.done = done
        self.total = total


class AnalysisReady(Message):
    """The whole game is weighed (or its analysis was found in the history: `stored`)."""

    def __init__(self, analysis: GameAnalysis, stored: bool) -> None:
        super().__init__()
        self.analysis = analysis
        self.stored = stored
