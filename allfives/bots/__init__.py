"""Bots that play All Fives from what their seat may see: `make_bot(level)` and the levels offered.

The levels are known without loading a bot: the new-game screen offers them before any bot plays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .players import Bot

from .levels import (
    ADVISER,
    ALL_LEVELS,
    DEFAULT_LEVEL,
    GAME_SIMULATIONS,
    GAME_SIMULATIONS_FOR,
    LEVELS,
    level_word,
)
from .levels import BY_NAME as _BY_NAME


def game_simulations(level: str) -> int:
    """Deals a decision a searching bot of `level` looks at in a local game (the rated effort)."""
    return GAME_SIMULATIONS_FOR.get(level, GAME_SIMULATIONS)


def make_bot(level: str, seed: int | None = None, simulations: int | None = None,
             time_budget: float = 1.0) -> Bot:
    """A bot of this level. `simulations` fixes hard's effort (deterministic for a seed);
    otherwise it thinks for up to `time_budget` seconds a move."""
    from . import fast, players

    fast.start()  # the compiled core gets ready off the player's clock (at once where it is cached)

    try:
        cls: type[players.Bot] = getattr(players, _BY_NAME[level].bot)
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (choose {', '.join(ALL_LEVELS)})") from None
    if simulations is not None and simulations < 1:
        raise ValueError("simulations must be at least 1")
    return cls(seed=seed, simulations=simulations, time_budget=time_budget)


def __getattr__(name: str) -> Any:
    if name == "Bot":
        from .players import Bot

        return Bot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ADVISER", "ALL_LEVELS", "DEFAULT_LEVEL", "GAME_SIMULATIONS", "GAME_SIMULATIONS_FOR", "LEVELS",
           "Bot", "game_simulations", "level_word", "make_bot"]
