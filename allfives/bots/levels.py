"""The bot levels, each declared once: its record's and flag's word, its bot, its effort in a local game,
its word in the player's language and its digit in the deal code. Every table of levels (the flags, the
new-game form, the prefs, the history's words, the deal code, `--autoplay`'s help) is made from LEVEL_TABLE,
so a new level is its bot (bots/players.py) plus its line here. No bot is loaded to read it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from allfives.i18n import N_, pgettext

# The effort a local game's searching bots spend: a fixed number of deals a decision, so a game's bots
# repeat themselves on its deal code; sized per level to take about as long (an expert's deal costs
# about twice a hard one's). The rating table (bots/ratings.py) is measured at this effort.
GAME_SIMULATIONS = 200


@dataclass(frozen=True)
class Level:
    """One bot level. `digit` is its place in the deal code (0 is a person's; None: never in a code),
    `code_since` the code's version that first holds it (a later one for a new level)."""

    name: str  # as records, saves, prefs and the flags write it
    bot: str  # its class in bots/players.py
    word: Callable[[], str]  # in the player's language (called when said)
    offered: bool = True  # offered to players; the oracles see hidden tiles (benchmarks only)
    simulations: int = GAME_SIMULATIONS  # deals a decision in a local game (the rated effort)
    digit: int | None = None
    code_since: int = 0


LEVEL_TABLE: tuple[Level, ...] = (
    Level("random", "RandomBot", lambda: "random", offered=False),
    Level("easy", "EasyBot", lambda: pgettext("bot level", "easy"), digit=1),
    Level("medium", "MediumBot", lambda: pgettext("bot level", "medium"), digit=2),
    Level("hard", "HardBot", lambda: pgettext("bot level", "hard"), digit=3),
    Level("expert", "ExpertBot", lambda: pgettext("bot level", "expert"), simulations=100, digit=4),
    Level("oracle-hands", "HandsOracleBot", lambda: "oracle-hands", offered=False),
    Level("oracle", "OracleBot", lambda: "oracle", offered=False),
)
BY_NAME: dict[str, Level] = {level.name: level for level in LEVEL_TABLE}

LEVELS: tuple[str, ...] = tuple(level.name for level in LEVEL_TABLE if level.offered)  # offered in the UI
ALL_LEVELS: tuple[str, ...] = tuple(level.name for level in LEVEL_TABLE)
DEFAULT_LEVEL = "medium"  # a bot nobody chose a level for
ADVISER = "hard"  # the bot that gives hints and judges a review
LESSON_LEVEL = "easy"  # the guided first hand's opponent
LEVEL_HELP = N_("every bot's level (default medium)")  # `--level`'s help line
GAME_SIMULATIONS_FOR: dict[str, int] = {level.name: level.simulations for level in LEVEL_TABLE
                                        if level.simulations != GAME_SIMULATIONS}


def level_word(level: str) -> str:
    """A bot's level in this language (`medium`): the new-game screen, the table, the history."""
    found = BY_NAME.get(level)
    return found.word() if found is not None else level


def levels_listed() -> str:
    """The levels offered, as a flag's help lists them: `easy, medium, hard, expert`."""
    return ", ".join(LEVELS)
