"""The `allfives` command: a thin door to play and to the other commands (replay, match, host, serve...)."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import signal
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TextIO

from allfives import interrupted
from allfives.i18n import N_, HelpFormatter, _, add_language_flag, ngettext

if TYPE_CHECKING:  # each command imports what it needs: playing never waits for the record reader
    from allfives.engine import ReplayDocument


# a hand's deal: its secret checked, committed to only (the hand in play), or no commitment (an older record)
DEAL_SAYS = {True: N_(" (deal checked)"), False: N_(" (deal committed, secret not shown)"),
             None: N_(" (deal not checked: no commitment)")}


def _tiles(n: int) -> str:
    return ngettext("{n} tile", "{n} tiles", n).format(n=n)


def _replay_summary(doc: ReplayDocument, players: object = None) -> str:
    """The record in words: each hand's leader, plays and end, the scores; seats by the players' names
    the record gives (`players`), else `seat 1`, `seat 2`..."""
    from allfives.names import default_name, record_names, seat_labels
    from allfives.record_file import unchecked_deals

    rules = doc.rules
    seat = seat_labels(players, rules.seats)
    side = seat
    if rules.partnership:
        side = tuple(" & ".join(seat[s] for s in rules.seats_of(t)) if record_names(players, rules.seats)
                     else _("team {n}").format(n=t + 1) for t in range(rules.sides))
    lines = [_("{seats} seats, {tiles} each, target {target}, {end_of_hand}, {win_check}").format(
        seats=rules.seats, tiles=_tiles(rules.hand_size), target=rules.target,
        end_of_hand=rules.end_of_hand, win_check=rules.win_check)
        + (_(", partnership") if rules.partnership else "") + (_(", seeded deals") if doc.seeded else "")]
    for n, (leader, hand) in enumerate(doc.hands(), start=1):
        points = sum(p["points"] for p in hand["plays"])
        deal = DEAL_SAYS[doc.deal_checked(n)]
        you = seat[leader] == default_name()  # (the person who gave no name: "you")
        leads = _("You lead") if you else _("{name} leads").format(name=seat[leader])
        lines.append(_("hand {n}: {leads}{deal}, {tiles} played, {points} scored in play").format(
            n=n, leads=leads, deal=_(deal), tiles=_tiles(len(hand["plays"])),
            points=ngettext("{n} point", "{n} points", points).format(n=points)))
        result = hand["result"]
        if result is None:  # only the last hand is unfinished: in play, or won before its end
            lines.append(_("  cut short: the game was won") if doc.winner is not None else _("  in progress"))
        elif result["reason"] == "domino":
            lines.append(_("  {name} went out; remaining pips {pips}, deductions {deductions}").format(
                name=seat[result["out_seat"]], pips=result["remaining_pips"],
                deductions=result["deductions"]))
        else:
            lines.append(_("  blocked; remaining pips {pips}, deductions {deductions}").format(
                pips=result["remaining_pips"], deductions=result["deductions"]))
        lines.append(_("  scores: {scores}").format(
            scores=", ".join(f"{side[i]} {s}" for i, s in enumerate(hand["scores"]))))
    if doc.winner is not None:
        lines.append(_("winner: {side} with {points}").format(side=side[doc.winner],
                                                              points=doc.final_scores[doc.winner]))
    else:
        lines.append(_("no winner yet"))
    if unchecked := doc.unchecked_deals():
        lines.append(unchecked_deals(unchecked))
    return "\n".join(lines)


def _replay_json(doc: ReplayDocument) -> list[str]:
    """`json.dumps(document, indent=1)` in pieces, made hand by hand: a long record is never held twice."""
    pieces = ['{\n "hands": [']
    for n, (_leader, hand) in enumerate(doc.hands()):
        pieces.append((",\n  " if n else "\n  ") + json.dumps(hand, indent=1).replace("\n", "\n  "))
    pieces.append("\n ]" if len(pieces) > 1 else "]")
    tail = json.dumps({"final_scores": doc.final_scores, "winner": doc.winner}, indent=1)
    pieces.append(",\n" + tail[2:] + "\n")
    return pieces


def replay_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="allfives replay", formatter_class=HelpFormatter,
                                     description=_("Check a game record move by move against the rules."))
    parser.add_argument("file", help=_("a game record (JSON, RECORD.md format 1)"))
    parser.add_argument("--json", action="store_true", help=_("print the replay document as JSON"))
    add_language_flag(parser)
    args = parser.parse_args(argv)
    from allfives.engine import RecordError, ReplayDocument
    from allfives.names import visible
    from allfives.record_file import read_record, unchecked_deals

    try:
        data, _journal = read_record(args.file)
        doc = ReplayDocument(data)
        players = data.get("players") if isinstance(data, dict) else None  # (good names name the seats)
        out = _replay_json(doc) if args.json else [_replay_summary(doc, players), "\n"]
    except RecordError as e:
        print(visible(" ".join(str(e).splitlines())), file=sys.stderr)  # (the record's words: made safe)
        return 2
    except RecursionError:
        print(_("the record is nested too deeply to be a game record"), file=sys.stderr)
        return 2
    sys.stdout.writelines(out)  # only once the whole record has been checked
    if args.json and (unchecked := doc.unchecked_deals()):
        print(unchecked_deals(unchecked), file=sys.stderr)  # (the document stays RECORD.md's own)
    return 0


CLOSED_PIPE_STATUS = 128 + signal.SIGPIPE  # what a shell shows for a tool whose reader went away
OUTPUT_FAILED_STATUS = 1
INTERRUPTED_STATUS = 128 + signal.SIGINT


class WatchedOutput:
    """sys.stdout, noting the first write to it that failed: argparse swallows those (`--help | head`),
    and only a failure of the output itself is the output's fault (any other OSError is a crash)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.failed: OSError | None = None

    def _failing(self, e: OSError) -> OSError:
        self.failed = self.failed or e
        return e

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError as e:
            raise self._failing(e) from None

    def writelines(self, lines: Iterable[str]) -> None:
        try:
            self.stream.writelines(lines)
        except OSError as e:
            raise self._failing(e) from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as e:
            raise self._failing(e) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def main(argv: list[str] | None = None) -> int:
    """Run a command; however it ends, it ends as a command should.

    Whatever it printed is flushed here, inside the guard (argparse's --help and errors end by
    SystemExit): a reader that went away (`| head -1`) ends it quietly, an output that cannot take
    more (`> /dev/full`) with one line, an uncaught error with a crash log and one line naming it
    (allfives.crash), Ctrl+C outside the screen quietly; never with a traceback, never with status 0.
    """
    out = WatchedOutput(sys.stdout)
    sys.stdout = out
    try:
        try:
            code = _command(sys.argv[1:] if argv is None else argv)
        except SystemExit as e:
            code = e.code  # type: ignore[assignment]
            out.flush()
            if out.failed is None:
                raise
        else:
            out.flush()
        if out.failed is not None:
            raise out.failed
        return code
    except KeyboardInterrupt:
        return INTERRUPTED_STATUS
    except Exception as e:
        if e is out.failed:
            return _output_failed(e)
        if interrupted(e):
            return INTERRUPTED_STATUS
        from allfives import crash

        return crash.report(e)
    finally:
        if sys.stdout is out:
            sys.stdout = out.stream


def _output_failed(e: OSError) -> int:
    """The output refused what was printed: a reader gone ends quietly, anything else (a full disk, a
    terminal gone) with one line; nothing more goes to it (Python's own flush at exit would fail again)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass  # (not a real file: a test's captured output)
    if isinstance(e, BrokenPipeError):
        return CLOSED_PIPE_STATUS
    with contextlib.suppress(OSError, ValueError):  # stderr is gone too: the status says it
        print(_("allfives: the output could not be written: {why}").format(why=e.strerror or e),
              file=sys.stderr, flush=True)
    return OUTPUT_FAILED_STATUS


# argparse's own words ("usage:", "options", its errors) are looked up through its module's `_` and
# `ngettext`; speak_to_argparse() points them at ours, and these marks put the ones a player meets in
# our catalogue (argparse's %-placeholders kept as they are).
ARGPARSE_WORDS = (
    N_("usage: "), N_("options"), N_("positional arguments"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"), N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"), N_("expected at most one argument"), N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"), N_("one of the arguments %s is required"),
)
ARGPARSE_PLURALS = (("expected %s argument", "expected %s arguments"),)


def speak_to_argparse() -> None:
    """argparse's words in the player's language too (it asks gettext's default domain, not ours)."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
    ngettext("expected %s argument", "expected %s arguments", 1)  # (marks the plural for the catalogue)


def take_language(argv: list[str]) -> tuple[str | None, list[str]]:
    """`--lang CODE` (or `--lang=CODE`) taken out of a command line, before any command sees it; the
    last one given wins. A `--lang` with no code is left for the command's parser to refuse."""
    flag, rest = None, []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest += argv[i:]
            break
        if arg.startswith("--lang="):
            flag = arg.split("=", 1)[1]
        elif arg == "--lang" and i + 1 < len(argv) and not argv[i + 1].startswith("-"):
            flag = argv[i + 1]
            i += 1
        else:
            rest.append(arg)
        i += 1
    return flag, rest


def choose_language(argv: list[str]) -> list[str]:
    """Speak the language `--lang`, the saved choice or the locale ask for (i18n.choose), before any
    screen is imported; a line on stderr when `--lang` named one we lack. The command line without it."""
    from allfives.i18n import choose, use
    from allfives.play.prefs import PrefsStore

    flag, rest = take_language(argv)
    saved = None if flag is not None else PrefsStore().saved_language()
    language, notice = choose(flag, saved, os.environ)
    use(language)
    speak_to_argparse()
    if notice:
        print(notice, file=sys.stderr)
    return rest


def _command(argv: list[str]) -> int:
    argv = choose_language(argv)
    if argv and argv[0] == "replay":
        return replay_main(argv[1:])
    if argv and argv[0] in ("host", "join"):
        from allfives.ui.shared_table.launch import host_main, join_main

        return (host_main if argv[0] == "host" else join_main)(argv[1:])
    if argv and argv[0] == "match":
        from allfives.bots.match import main as match_main

        return match_main(argv[1:])
    if argv and argv[0] in ("review", "stats"):
        from allfives import reports

        if argv[0] == "stats":
            return reports.stats_main(argv[1:])

        def screen(game: Any, setup: Any, seats: tuple[int, ...], samples: int) -> int:
            from allfives.ui.review.app import review_screen  # (the screen's door: Textual loads here)

            return review_screen(game, setup, seats, samples)

        return reports.review_main(argv[1:], screen)
    if argv and argv[0] == "serve":
        from allfives.serve import main as serve_main

        return serve_main(argv[1:])
    if "--plain" in argv[:argv.index("--") if "--" in argv else len(argv)]:
        from allfives.plain.launch import main as plain_main  # the game line by line: no screen drawn

        return plain_main([arg for arg in argv if arg != "--plain"])
    from allfives.ui.launch import main as play_main

    return play_main(argv)
