"""The flags that shape a game, read into a setup: one reading for every front end (the full-screen game,
the line-by-line one, the web server's checks), so a flag means the same and is refused in the same words
wherever it is typed."""

from __future__ import annotations

import argparse
import os
from dataclasses import replace
from typing import TYPE_CHECKING

from allfives.bots.levels import DEFAULT_LEVEL
from allfives.i18n import _

from .options import rules_from, shaping, switches
from .setup import GameSetup, default_players

if TYPE_CHECKING:
    from .deals import EarlierGame

def shapes_a_game(args: argparse.Namespace) -> bool:
    """Whether any flag that shapes a game was given."""
    return (any(getattr(args, name, None) is not None for name in shaping())
            or any(getattr(args, name, False) for name in switches()))


def checked_delay(delay: float | None) -> None:
    """ValueError (one line) for a bots' pace out of 0..10 seconds; None (not given) passes."""
    if delay is not None and not 0 <= delay <= 10:
        raise ValueError(_("--bot-delay must be between 0 and 10 seconds"))


def game_from(args: argparse.Namespace, bot_delay: float) -> GameSetup:
    """The game the shaping flags ask for: `--humans` people (one where the command has no such flag) in
    the first seats and bots at `--level` (the default level) in the rest. ValueError (one line) for bad
    flags."""
    rules = rules_from(args)
    humans = getattr(args, "humans", None)
    humans = 1 if humans is None else humans
    if not 0 <= humans <= rules.seats:
        raise ValueError(_("--humans must be between 0 and {seats}").format(seats=rules.seats))
    return GameSetup(rules=rules, players=default_players(rules.seats, humans, args.level or DEFAULT_LEVEL),
                     seed=args.seed, bot_delay=bot_delay)


def deals_from(args: argparse.Namespace, bot_delay: float | None) -> tuple[GameSetup, EarlierGame | None]:
    """The game `--deals` asks for (a deal code, or a record file), and the earlier game when it names a
    record; DealCodeError or DealsFileError (ValueError), in one line, when it cannot be played."""
    from .deals import DealCode, DealCodeError, read_deals_file, refuse_in_play

    if shapes_a_game(args):
        raise DealCodeError(_("--deals sets the whole game: leave out the flags that shape one."))
    checked_delay(bot_delay)
    given: str = args.deals
    earlier = None
    if os.path.lexists(given) or given.lower().endswith(".json") or os.sep in given:
        code, earlier = read_deals_file(given)
    else:
        code = refuse_in_play(DealCode.parse(given))  # a game in progress keeps its deals unseen
    # Deals someone has seen (or chose) are no test of skill: a game played again on them is practice,
    # and leaves the rating alone.
    return replace(code.setup(bot_delay=bot_delay), practice=True), earlier
