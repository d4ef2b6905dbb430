"""Bots that play All Fives from what their seat may see: `make_bot(level)` and the levels offered.

The levels are known without loading a bot: the new-game screen offers them before any bot plays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .players import Bot

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")  # offered to players in the UI
# the oracles see hidden tiles: benchmarks only
ALL_LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard", "expert", "oracle-hands", "oracle")


def make_bot(level: str, seed: int | None = None, simulations: int | None = None,
             time_budget: float = 1.0) -> Bot:
    """A bot of this level. `simulations` fixes hard's effort (deterministic for a seed);
    otherwise it thinks for up to `time_budget` seconds a move."""
    from . import players

    classes: dict[str, type[players.Bot]] = {
        "random": players.RandomBot, "easy": players.EasyBot, "medium": players.MediumBot,
        "hard": players.HardBot, "expert": players.ExpertBot, "oracle-hands": players.HandsOracleBot,
        "oracle": players.OracleBot,
    }
    try:
        cls = classes[level]
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


__all__ = ["ALL_LEVELS", "LEVELS", "Bot", "make_bot"]
