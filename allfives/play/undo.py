"""The undo policy: which moves a person may take back, and why not when they may not. No Textual here."""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

from allfives.engine import HistoryEntry


class HandInPlay(Protocol):
    """What undo needs of a game (a `GameState`, or a seat's `SeatView`): where play stands, and the
    moves of the hand in play with the seat that made each."""

    @property
    def phase(self) -> str: ...

    @property
    def history(self) -> tuple[HistoryEntry, ...]: ...


def moves_to_take_back(game: HandInPlay, people: Collection[int], seat: int) -> int:
    """How many moves of the hand in play an undo by `seat` takes back: its last play and every move
    made since (the bots' replies, any draws and passes). 0 when there is nothing to take back: no
    play of its own this hand, the game is over, or another person has moved since (at one
    terminal a move is yours to take back only until the next person has acted)."""
    if game.phase == "game_over":
        return 0
    for back, entry in enumerate(reversed(game.history), start=1):
        if entry.seat == seat:
            if entry.move.kind == "play":
                return back
        elif entry.seat in people:
            return 0
    return 0


def undo_refusal(game: HandInPlay, people: Collection[int], seat: int, names: tuple[str, ...]) -> str:
    """Why there is nothing for `seat` to take back, in the player's words."""
    if game.phase == "game_over":
        return "The game is over: its moves stand."
    if not any(entry.seat == seat and entry.move.kind == "play" for entry in game.history):
        return "Nothing to take back: you have not played a tile this hand."
    other = next((e.seat for e in reversed(game.history) if e.seat != seat and e.seat in people), None)
    if other is None:
        return "Nothing to take back just now."
    return f"{names[other]} has moved since your last play: it stands."
