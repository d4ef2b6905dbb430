"""The `allfives` command: a thin door to play and to the other commands (replay, match, host, serve...)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # each command imports what it needs: playing never waits for the record reader
    from allfives.engine import ReplayDocument


DEAL_SAYS = {True: " (deal checked)", False: " (deal committed, secret not shown)", None: ""}


def _replay_summary(doc: ReplayDocument) -> str:
    rules = doc.rules
    who = "team" if rules.partnership else "seat"
    lines = [f"{rules.seats} seats, {rules.hand_size} tiles each, target {rules.target}, "
             f"{rules.end_of_hand}, {rules.win_check}" + (", partnership" if rules.partnership else "")
             + (", seeded deals" if doc.seeded else "")]
    for n, (leader, hand) in enumerate(doc.hands(), start=1):
        points = sum(p["points"] for p in hand["plays"])
        deal = DEAL_SAYS[doc.deal_checked(n)]
        lines.append(f"hand {n}: seat {leader} leads{deal}, {len(hand['plays'])} tiles played, "
                     f"{points} points scored in play")
        result = hand["result"]
        if result is None:  # only the last hand is unfinished: in play, or won before its end
            lines.append("  cut short: the game was won" if doc.winner is not None else "  in progress")
        elif result["reason"] == "domino":
            lines.append(f"  seat {result['out_seat']} went out; remaining pips {result['remaining_pips']}, "
                         f"deductions {result['deductions']}")
        else:
            lines.append(f"  blocked; remaining pips {result['remaining_pips']}, "
                         f"deductions {result['deductions']}")
        lines.append("  scores: " + ", ".join(f"{who} {i} {s}" for i, s in enumerate(hand["scores"])))
    if doc.winner is not None:
        lines.append(f"winner: {who} {doc.winner} with {doc.final_scores[doc.winner]}")
    else:
        lines.append("no winner yet")
    return "\n".join(lines)


def _replay_json(doc: ReplayDocument) -> list[str]:
    """`json.dumps(document, indent=1)` in pieces, made hand by hand: a long record is never held twice."""
    pieces = ['{\n "hands": [']
    for n, (_, hand) in enumerate(doc.hands()):
        pieces.append((",\n  " if n else "\n  ") + json.dumps(hand, indent=1).replace("\n", "\n  "))
    pieces.append("\n ]" if len(pieces) > 1 else "]")
    tail = json.dumps({"final_scores": doc.final_scores, "winner": doc.winner}, indent=1)
    pieces.append(",\n" + tail[2:] + "\n")
    return pieces


def replay_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="allfives replay",
                                     description="Check a game record move by move against the rules.")
    parser.add_argument("file", help="a game record (JSON, RECORD.md format 1)")
    parser.add_argument("--json", action="store_true", help="print the replay document as JSON")
    args = parser.parse_args(argv)
    from allfives.engine import RecordError, ReplayDocument
    from allfives.names import visible
    from allfives.record_file import read_record

    try:
        data, _ = read_record(args.file)
        doc = ReplayDocument(data)
        out = _replay_json(doc) if args.json else [_replay_summary(doc), "\n"]
    except RecordError as e:
        print(visible(" ".join(str(e).splitlines())), file=sys.stderr)  # (the record's words: made safe)
        return 2
    except RecursionError:
        print("the record is nested too deeply to be a game record", file=sys.stderr)
        return 2
    sys.stdout.writelines(out)  # only once the whole record has been checked
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
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

        return (reports.review_main if argv[0] == "review" else reports.stats_main)(argv[1:])
    if argv and argv[0] == "serve":
        from allfives.serve import main as serve_main

        return serve_main(argv[1:])
    from allfives.ui.launch import main as play_main

    return play_main(argv)
