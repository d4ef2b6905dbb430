"""Bots that play All Fives from what their seat may see: `make_bot(level)` and the levels offered."""

from __future__ import annotations

from .players import Bot, EasyBot, ExpertBot, HandsOracleBot, HardBot, MediumBot, OracleBot, RandomBot

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")  # offered to players in the UI
# the oracles see hidden tiles: benchmarks only
ALL_LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard", "expert", "oracle-hands", "oracle")

_CLASSES: dict[str, type[Bot]] = {
    "random": RandomBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot, "expert": ExpertBot,
    "oracle-hands": HandsOracleBot, "oracle": OracleBot,
}


def make_bot(level: str, seed: int | None = None, simulations: int | None = None,
             time_budget: float = 1.0) -> Bot:
    """A bot of this level. `simulations` fixes hard's effort (deterministic for a seed);
    otherwise it thinks for up to `time_budget` seconds a move."""
    try:
        cls = _CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (choose {', '.join(ALL_LEVELS)})") from None
    if simulations is not None and simulations < 1:
        raise ValueError("simulations must be at least 1")
    return cls(seed=seed, simulations=simulations, time_budget=time_budget)


__all__ = ["ALL_LEVELS", "LEVELS", "Bot", "make_bot"]
