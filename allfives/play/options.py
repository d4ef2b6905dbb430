"""The options that shape a game, each declared once with its flag and help line: seats, seed, the bots'
level, target, hand-size variant, cut-throat and each house rule (engine/options.py) and level
(bots/levels.py). The flags (`add_game_flags`), which of them shape a game (`shaping`, `switches`) and
the rules they ask for (`rules_from`) are made from this table."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from allfives.bots import levels as bot_levels
from allfives.engine import options
from allfives.engine.core import MAX_TARGET, TARGETS, VARIANTS, seed_problem, variant_hand_size
from allfives.i18n import N_, _

if TYPE_CHECKING:
    from allfives.engine import Rules


@dataclass(frozen=True)
class GameFlag:
    """A flag that shapes a game: a value (`--seats 3`) or a switch (`--cut-throat`)."""

    dest: str
    help: str  # marked; said when the parser is made
    switch: bool = False
    type: Callable[[str], Any] | None = None
    choices: Callable[[], tuple[Any, ...]] | None = None  # asked when the parser is made

    @property
    def flag(self) -> str:
        return "--" + self.dest.replace("_", "-")

    def add_to(self, p: argparse.ArgumentParser, help: str | None = None) -> None:
        if self.switch:
            p.add_argument(self.flag, action="store_true", help=_(help or self.help))
        else:
            p.add_argument(self.flag, type=self.type or str, choices=self.choices() if self.choices else None,
                           help=_(help or self.help))


CUT_THROAT = GameFlag("cut_throat", N_("4 seats, every player for themselves"), switch=True)


def game_flags() -> tuple[GameFlag, ...]:
    """Every game-shaping flag, in the order `--help` lists them (asked at use: a fixture may add a rule
    or a level)."""
    return (
        GameFlag("seats", N_("number of seats (starts at once)"), type=int, choices=lambda: (2, 3, 4)),
        GameFlag("seed", N_("seed the deals and bots: the same seed plays the same game"), type=int),
        GameFlag("level", bot_levels.LEVEL_HELP, choices=lambda: bot_levels.LEVELS),
        GameFlag("target", N_("points to win (default 250 for 2 seats, else 200)"), type=int),
        GameFlag("variant", N_("hand sizes: standard, five_each or seven_five"), choices=lambda: VARIANTS),
        CUT_THROAT,
        *(GameFlag(rule.key, rule.help, switch=True) for rule in options.HOUSE_RULES),
    )


def shaping() -> tuple[str, ...]:
    """The value flags that shape a game (`--humans` among them, where a command has it)."""
    values = [f.dest for f in game_flags() if not f.switch]
    return (*values[:2], "humans", *values[2:])


def switches() -> tuple[str, ...]:
    """The switches that shape a game: cut-throat and each house rule."""
    return tuple(f.dest for f in game_flags() if f.switch)


def rules_from(args: argparse.Namespace) -> Rules:
    """The rules those flags ask for (ValueError, one line, for a bad combination)."""
    seats = args.seats or 2
    if args.target is not None and not 1 <= args.target <= MAX_TARGET:
        raise ValueError(_("--target must be between 1 and {most}").format(most=MAX_TARGET))
    if args.seed is not None and (problem := seed_problem(args.seed)):
        raise ValueError(f"--seed: {problem}")
    if args.bot_delay is not None and not 0 <= args.bot_delay <= 10:
        raise ValueError(_("--bot-delay must be between 0 and 10 seconds"))
    from allfives.engine import Rules

    # Every field is set here from flags already checked (seats and variant are argparse choices, whose
    # hand sizes all fit in 28 tiles; partners only at four seats; the target above), so no validator is
    # built before the first screen: building the first one costs more than the rest of the rules.
    # tests/ui/test_startup.py checks that validation agrees for every combination of flags.
    return Rules.model_construct(
        seats=seats, partnership=seats == 4 and not args.cut_throat,
        hand_size=variant_hand_size(seats, args.variant or "standard"),
        target=TARGETS[seats] if args.target is None else args.target,
        **options.house_rule_values({rule.key: getattr(args, rule.key) for rule in options.HOUSE_RULES}))
