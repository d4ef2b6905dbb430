"""`allfives [flags]`: parse the flags and run the app (flags that set up a game skip the new-game screen)."""

from __future__ import annotations

import argparse

from allfives.engine import Rules, variant_hand_size
from allfives.engine.models import VARIANTS

from .setup import DEFAULT_BOT_DELAY, LEVELS, GameSetup, default_players


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="allfives", description="Play All Fives dominoes in the terminal.",
        epilog="other commands: `allfives replay FILE [--json]` checks a game record; "
               "`allfives match LEVEL LEVEL [...]` plays bots against each other (see their --help)")
    p.add_argument("--seats", type=int, choices=(2, 3, 4), help="number of seats (starts at once)")
    p.add_argument("--seed", type=int, help="seed the deals and bots: the same seed plays the same game")
    p.add_argument("--humans", type=int, metavar="N", help="people at this terminal (seats 1..N; 0 watches)")
    p.add_argument("--level", choices=LEVELS, help="every bot's level (default medium)")
    p.add_argument("--target", type=int, help="points to win (default 250 for 2 seats, else 200)")
    p.add_argument("--variant", choices=VARIANTS, help="hand sizes: standard, five_each or seven_five")
    p.add_argument("--cut-throat", action="store_true", help="4 seats, every player for themselves")
    p.add_argument("--muggins", action="store_true", help="going out scores the others' pips")
    p.add_argument("--finish-hand", action="store_true", help="play the hand out before a win")
    p.add_argument("--bot-delay", type=float, metavar="SECONDS", default=None,
                   help=f"the bots' pace (0 is instant; default {DEFAULT_BOT_DELAY})")
    p.add_argument("--new", action="store_true", help="start fresh: don't offer to resume a saved game")
    return p


def setup_from(args: argparse.Namespace) -> GameSetup | None:
    """A setup when any flag that shapes a game was given, else None (the new-game screen asks)."""
    shaping = (args.seats, args.seed, args.humans, args.level, args.target, args.variant)
    if all(v is None for v in shaping) and not (args.cut_throat or args.muggins or args.finish_hand):
        return None
    seats = args.seats or 2
    humans = 1 if args.humans is None else args.humans
    if not 0 <= humans <= seats:
        raise ValueError(f"--humans must be between 0 and {seats}")
    if args.target is not None and args.target < 1:
        raise ValueError("--target must be at least 1")
    if args.bot_delay is not None and not 0 <= args.bot_delay <= 10:
        raise ValueError("--bot-delay must be between 0 and 10 seconds")
    fields: dict = {"seats": seats, "partnership": seats == 4 and not args.cut_throat,
                    "hand_size": variant_hand_size(seats, args.variant or "standard"),
                    "end_of_hand": "muggins" if args.muggins else "deduct",
                    "win_check": "finish_hand" if args.finish_hand else "immediate"}
    if args.target is not None:
        fields["target"] = args.target
    delay = DEFAULT_BOT_DELAY if args.bot_delay is None else args.bot_delay
    return GameSetup(rules=Rules(**fields), players=default_players(seats, humans, args.level or "medium"),
                     seed=args.seed, bot_delay=delay)


def main(argv: list[str]) -> int:
    """Run the game; 2 for bad flags, 0 otherwise."""
    p = parser()
    args = p.parse_args(argv)
    try:
        setup = setup_from(args)
    except ValueError as e:
        p.error(str(e))
    from .app import AllFivesApp

    AllFivesApp(setup, bot_delay=args.bot_delay, ask_resume=not args.new).run()
    return 0
