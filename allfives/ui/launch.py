"""`allfives [flags]`: parse the flags and run the app (flags that set up a game skip the new-game screen);
what any of the apps needs before it runs, and to run until it quits."""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from allfives.i18n import _
from allfives.play.setup import DEFAULT_BOT_DELAY, GameSetup, add_game_flags, default_players, rules_from

if TYPE_CHECKING:
    from textual.app import App

    from allfives.play.deals import EarlierGame


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="allfives", description=_("Play All Fives dominoes in the terminal."),
        epilog=_("other commands: `allfives replay FILE [--json]` checks a game record; "
                 "`allfives match LEVEL LEVEL [...]` plays bots against each other; "
                 "`allfives host` opens a table for friends, `allfives join HOST:PORT --code C` sits at one; "
                 "`allfives serve [--port P] [flags]` serves the game to web browsers; "
                 "`allfives review FILE` steps through a game with the hard bot's judgement of every move; "
                 "`allfives stats` sums up your games (see their --help)"))
    add_game_flags(p)
    p.add_argument("--humans", type=int, metavar="N",
                   help=_("people at this terminal (seats 1..N; 0 watches)"))
    p.add_argument("--new", action="store_true", help=_("start fresh: don't offer to resume a saved game"))
    p.add_argument("--deals", metavar=_("CODE|FILE"),
                   help=_("play the deals of a finished game again: its deal code, or its record file"))
    p.add_argument("--plain", action="store_true",  # (taken by allfives.cli: allfives/plain plays it)
                   help=_("play line by line, for a screen reader: nothing drawn (allfives --plain --help)"))
    return p


def deals_from(args: argparse.Namespace) -> tuple[GameSetup, EarlierGame | None]:
    """The game `--deals` asks for, and the earlier game when it names a record; DealCodeError or
    DealsFileError (ValueError), in one line, when it cannot be played."""
    from allfives.i18n import _
    from allfives.play.deals import DealCode, DealCodeError, read_deals_file, refuse_in_play

    shaping = (args.seats, args.seed, args.humans, args.level, args.target, args.variant)
    if any(v is not None for v in shaping) or args.cut_throat or args.muggins or args.finish_hand:
        raise DealCodeError(_("--deals sets the whole game: leave out the flags that shape one."))
    given: str = args.deals
    earlier = None
    if os.path.lexists(given) or given.lower().endswith(".json") or os.sep in given:
        code, earlier = read_deals_file(given)
    else:
        code = refuse_in_play(DealCode.parse(given))
    # Deals someone has seen (or chose) are no test of skill: a game played again on them is practice,
    # and leaves the rating alone.
    return replace(code.setup(bot_delay=args.bot_delay), practice=True), earlier


def setup_from(args: argparse.Namespace) -> GameSetup | None:
    """A setup when any flag that shapes a game was given, else None (the new-game screen asks)."""
    if args.bot_delay is not None and not 0 <= args.bot_delay <= 10:  # (also before the new-game screen:
        raise ValueError(_("--bot-delay must be between 0 and 10 seconds"))  # a save must load again)
    shaping = (args.seats, args.seed, args.humans, args.level, args.target, args.variant)
    if all(v is None for v in shaping) and not (args.cut_throat or args.muggins or args.finish_hand):
        return None
    rules = rules_from(args)
    humans = 1 if args.humans is None else args.humans
    if not 0 <= humans <= rules.seats:
        raise ValueError(_("--humans must be between 0 and {seats}").format(seats=rules.seats))
    delay = DEFAULT_BOT_DELAY if args.bot_delay is None else args.bot_delay
    return GameSetup(rules=rules, players=default_players(rules.seats, humans, args.level or "medium"),
                     seed=args.seed, bot_delay=delay)


def main(argv: list[str]) -> int:
    """Run the game; 2 for bad flags, else as `run` says."""
    p = parser()
    args = p.parse_args(argv)
    earlier = None
    if args.deals is not None:
        try:
            setup, earlier = deals_from(args)
        except ValueError as e:  # (one line, the player's words: never a traceback)
            print(f"allfives: {e}", file=sys.stderr)
            return 2
    else:
        try:
            setup = setup_from(args)
        except ValueError as e:
            p.error(str(e))
    from .app import AllFivesApp

    settle_memory()
    app = AllFivesApp(setup, bot_delay=args.bot_delay, ask_resume=not args.new)
    app.earlier_deals = earlier
    return run(app)


def settle_memory() -> None:
    """Before the app runs: set everything made so far (modules, classes, styles) aside from Python's
    cyclic garbage collector, and let it look at new objects less often.

    Textual makes many short-lived objects for every frame, and each collection otherwise walks all
    that was built at startup too: about a fifth of the cost of a move through the UI.
    """
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)


def run(app: App[Any]) -> int:
    """Run the app until it quits, or until a quit signal comes, which ends it the same way; the exit
    status: 0 (or the app's own return code), 128 + n after signal n, 1 after a crash (logged, with
    one line naming the log once the terminal is back). See allfives.ui.shutdown.

    Left to Python, SIGTERM and SIGHUP would end the process on the spot, leaving the terminal in the
    alternate screen with mouse reporting on and no cursor, and SIGINT would be lost in the app.
    """
    from .shutdown import guarded

    loop = asyncio.new_event_loop()
    try:
        with guarded(app, loop) as ending:
            app.run(loop=loop)
    finally:
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()
    return ending.status
