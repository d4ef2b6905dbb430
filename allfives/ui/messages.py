"""Messages the game screen's workers post back to it: a bot's move, a hint."""

from __future__ import annotations

from textual.message import Message

from allfives.engine import Move

Position = tuple[int, int]  # (hand number, moves made in it): which moment a worker thought about


class BotChose(Message):
    """The bot (or whoever is not at this terminal) to move at `position` chose `move`."""

    def __init__(self, position: Position, move: Move) -> None:
        super().__init__()
        self.position = position
        self.move = move


class HintReady(Message):
    """The hint bot's suggestion for the person to move at `position`."""

    def __init__(self, position: Position, move: Move) -> None:
        super().__init__()
        self.position = position
        self.move = move
