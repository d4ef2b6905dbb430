"""`allfives [flags]`: parse the flags and run the app (flags that set up a game skip the new-game screen);
what any of the apps needs before it runs, and to run until it quits."""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
from typing import TYPE_CHECKING, Any

from allfives.i18n import HelpFormatter, _
from allfives.play import flags
from allfives.play.setup import DEFAULT_BOT_DELAY, GameSetup, add_game_flags

if TYPE_CHECKING:
    from textual.app import App

    from allfives.play.deals import EarlierGame


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="allfives", formatter_class=HelpFormatter,
        description=_("Play All Fives dominoes in the terminal."),
        epilog=_("other commands: `allfives replay FILE [--json]` checks a game record; "
                 "`allfives match LEVEL LEVEL [...]` plays bots against each other; "
                 "`allfives host` opens a table for friends, "
                 "`allfives join HOST[:PORT] CODE PIN` (the line the host shares) sits at one; "
                 "`allfives host --anywhere` invites friends anywhere on the internet, "
                 "who sit down with `allfives join 7-guitarist-revenge` (the code the host sends); "
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
    p.add_argument("--learn", action="store_true",
                   help=_("learn to play: a guided first hand against an easy bot (q leaves it)"))
    return p


def deals_from(args: argparse.Namespace) -> tuple[GameSetup, EarlierGame | None]:
    """The game `--deals` asks for, and the earlier game when it names a record (allfives.play.flags);
    DealCodeError or DealsFileError (ValueError), in one line, when it cannot be played."""
    return flags.deals_from(args, args.bot_delay)


def setup_from(args: argparse.Namespace) -> GameSetup | None:
    """A setup when any flag that shapes a game was given, else None (the new-game screen asks)."""
    flags.checked_delay(args.bot_delay)  # (also before the new-game screen: a save must load again)
    if not flags.shapes_a_game(args):
        return None
    return flags.game_from(args, DEFAULT_BOT_DELAY if args.bot_delay is None else args.bot_delay)


def main(argv: list[str]) -> int:
    """Run the game; 2 for bad flags, else as `run` says."""
    p = parser()
    args = p.parse_args(argv)
    earlier = None
    setup: GameSetup | None
    if args.learn and (args.deals is not None or setup_from(args) is not None):
        p.error(_("--learn plays its own hand: leave out the flags that shape a game"))
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
    app = AllFivesApp(setup, bot_delay=args.bot_delay, ask_resume=not args.new, learn=args.learn)
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
