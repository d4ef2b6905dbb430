"""`allfives --plain [flags]`: the game line by line. The flags shape the game as they do the full-screen
one's; the save slot, the saved game (go on with it, or a new one), the history and the preferences are
the full-screen game's own, so a game begun in one goes on in the other.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from allfives.i18n import HelpFormatter, _
from allfives.play import flags
from allfives.play.setup import DEFAULT_BOT_DELAY, GameSetup, add_game_flags

from .commands import BY_NAME, available, find, help_line
from .console import Console, typed

if TYPE_CHECKING:
    from allfives.play.history_link import HistoryLink
    from allfives.play.saving import SavedGame, SaveStore
    from allfives.play.session import Session


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="allfives --plain", formatter_class=HelpFormatter,
        description=_("Play All Fives line by line, for a screen reader or a braille display: every event "
                      "is one sentence, printed once, and you type short commands. Nothing is drawn and "
                      "nothing is coloured; it works through a pipe, script or an SSH session."),
        epilog=_("With a screen reader, run it in your usual terminal: each line is read as it comes, and "
                 "the game waits only for a typed line. Commands: play five blank west (or p 5 0 w), draw, "
                 "hand, ends, score, hint, undo, repeat, verbose, help, quit; Tab completes them on a "
                 "terminal. Tiles are said as words (six four, double six, five blank). The game is saved "
                 "after every move, "
                 "and allfives --plain picks it up (--new starts afresh). allfives review FILE --plain "
                 "reads a game's mistakes as sentences; allfives stats prints your statistics."))
    add_game_flags(p)
    p.add_argument("--new", action="store_true", help=_("start fresh: don't offer to resume a saved game"))
    p.add_argument("--deals", metavar=_("CODE|FILE"),
                   help=_("play the deals of a finished game again: its deal code, or its record file"))
    p.add_argument("--verbose", action=argparse.BooleanOptionalAction, default=None,
                   help=_("say every event in full and your hand at every turn, as the verbose command "
                          "does (--no-verbose: in brief, what changed); remembered for the next game"))
    return p


def setup_from(args: argparse.Namespace, remembered_delay: float | None) -> GameSetup:
    """The game the flags ask for (allfives.play.flags): one person (you) and bots, two seats and medium
    bots by default, at the bots' pace given, else remembered, else the usual one. ValueError (one line)
    for bad flags."""
    delay = next((d for d in (args.bot_delay, remembered_delay) if d is not None), DEFAULT_BOT_DELAY)
    flags.checked_delay(delay)
    if args.deals is not None:
        return flags.deals_from(args, delay)[0]
    return flags.game_from(args, delay)


class Ended(Exception):
    """A signal to end (SIGTERM, SIGHUP: the terminal or the SSH session went away)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _end(signum: int, _frame: object) -> None:
    raise Ended(signum)


def main(argv: list[str]) -> int:
    """Play line by line; 2 for bad flags, 1 when no save slot is free, 128 + n after signal n."""
    p = parser()
    args = p.parse_args(argv)
    from allfives.play.prefs import PrefsStore

    prefs = PrefsStore()
    told = [prefs.load().problem]  # (said once the console is there)
    try:
        setup = setup_from(args, prefs.prefs.bot_delay)
    except ValueError as e:  # (one line, the player's words)
        print(f"allfives: {e}", file=sys.stderr)
        return 2
    if args.bot_delay is not None and prefs.prefs.bot_delay != args.bot_delay:
        told.append(prefs.update(bot_delay=args.bot_delay))  # (kept for the next game, as on the screen)
    if args.verbose is not None and prefs.prefs.plain_verbose != args.verbose:
        told.append(prefs.update(plain_verbose=args.verbose))
    verbose = bool(prefs.prefs.plain_verbose)
    with contextlib.suppress(AttributeError, ValueError, OSError):
        sys.stdout.reconfigure(errors="replace")  # type: ignore[union-attr]  # (a terminal short of letters)
    with contextlib.suppress(AttributeError, ValueError, OSError):
        sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr]  # (a byte no letter: never a crash)
    console = Console(sys.stdin, sys.stdout, terminal=sys.stdin.isatty() and sys.stdout.isatty())
    console.say_all([line for line in told if line])
    for signum in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
        if signum is not None:
            signal.signal(signum, _end)
    def remember_verbose(on: bool) -> None:
        why = prefs.update(plain_verbose=on)  # (kept for the next game; a line only if it could not be)
        if why:
            console.say(why)

    try:
        return play(console, setup, new=args.new, verbose=verbose, remember_verbose=remember_verbose)
    except Ended as e:
        console.say(_("The game is saved: allfives --plain picks it up where you left it."))
        return 128 + e.signum
    except KeyboardInterrupt:
        console.say(_("The game is saved: allfives --plain picks it up where you left it."))
        return 128 + signal.SIGINT


def play(console: Console, setup: GameSetup, *, new: bool = False, store: SaveStore | None = None,
         verbose: bool = False, remember_verbose: Callable[[bool], None] | None = None) -> int:
    """Sit down at the saved game (asking first) or a new one, and play it out line by line."""
    from allfives.play.history_link import HistoryLink
    from allfives.play.saving import SaveStore
    from allfives.play.session import Session

    from .table import PlainTable

    store = store or SaveStore()
    if not store.claim():
        if not store.claim_beside():
            console.say(_("Every save slot is in use by another window."))
            return 1
        console.say(_("Your saved game is open in another window: this game is saved beside it."))
    history = HistoryLink(store.directory)
    try:
        if new and (old := store.set_aside()) is not None:
            history.abandon_saved(old)
        session, resumed = _sit_down(console, store, history, setup)
        if session is None:
            return 0

        def fresh(next_setup: GameSetup) -> Session:
            return Session.new(next_setup, store, history=history)

        PlainTable(session, console, new_session=fresh, history=history, verbose=verbose,
                   remember_verbose=remember_verbose).run(resumed=resumed)
        return 0
    finally:
        history.close()
        store.release()


def _sit_down(console: Console, store: SaveStore, history: HistoryLink, setup: GameSetup
              ) -> tuple[Session | None, bool]:
    """The saved game if the person goes on with it, else a new one (the old one set aside, and marked
    abandoned in the history); None when they quit at the question."""
    from allfives.play.session import Session

    outcome = store.load()
    if outcome.problem:
        console.say(outcome.problem)
    saved = outcome.game
    if saved is not None:
        if len(saved.setup.people) > 1:
            console.say(_("The saved game seats several people at this terminal, and plain mode plays "
                          "with one: go on with it in allfives, or start afresh here with --new."))
            return None, False
        answer = _ask_resume(console, saved)
        if answer is None:
            return None, False
        if answer == "resume":
            return Session.resume(saved, store, history=history), True
        store.set_aside()
        history.abandon(saved.setup.history_id)
    return Session.new(setup, store, history=history), False


def _ask_resume(console: Console, saved: SavedGame) -> str | None:
    """"resume" or "new", typed; None when the person quits (or the input ends)."""
    from .sentences import Voice

    state, setup = saved.state, saved.setup
    voice = Voice(setup, setup.people[0] if setup.people else None)
    scores = voice.scores(state.scores)
    if saved.saved_at:
        console.say(_("A game is in progress, saved {when}: hand {hand}, score {scores}.").format(
            when=saved.saved_at, hand=state.hand_number, scores=scores))
    else:
        console.say(_("A game is in progress: hand {hand}, score {scores}.").format(hand=state.hand_number,
                                                                                   scores=scores))
    if setup.rated:
        from allfives.bots.ratings import COUNTS_AS_LOST

        console.say(_(COUNTS_AS_LOST))
    console.say(_("Type {resume} to go on with it, or {new} for a new game.").format(
        resume=BY_NAME["resume"].word, new=BY_NAME["new"].word))
    while True:
        line = console.ask()
        if line is None:
            return None
        word = typed(line).strip().partition(" ")[0]
        if not word:  # (an empty line is answered: a listener knows it was heard)
            console.say(_("Type {resume} or {new}; {quit} stops here.").format(
                resume=BY_NAME["resume"].word, new=BY_NAME["new"].word, quit=BY_NAME["quit"].word))
            continue
        found = find(word, "saved").command
        if found is None:
            console.say(_("Type {resume} or {new}; {quit} stops here.").format(
                resume=BY_NAME["resume"].word, new=BY_NAME["new"].word, quit=BY_NAME["quit"].word))
        elif found.name == "help":
            console.say_all([help_line(c.name) for c in available("saved")])
        elif found.name == "quit":
            return None
        else:
            return found.name
