"""The `allfives` command: a thin door to play and to the other commands (replay, match, host, serve...)."""

from __future__ import annotations

import argparse
import json
import sys

from allfives.engine import RecordError, replay_checked


def _replay_summary(data: object) -> str:
    rules, leaders, doc = replay_checked(data)
    who = "team" if rules.partnership else "seat"
    lines = [f"{rules.seats} seats, {rules.hand_size} tiles each, target {rules.target}, "
             f"{rules.end_of_hand}, {rules.win_check}" + (", partnership" if rules.partnership else "")]
    for n, (hand, leader) in enumerate(zip(doc["hands"], leaders, strict=True), start=1):
        points = sum(p["points"] for p in hand["plays"])
        lines.append(f"hand {n}: seat {leader} leads, {len(hand['plays'])} tiles played, "
                     f"{points} points scored in play")
        result = hand["result"]
        if result is None:
            lines.append("  in progress" if n == len(doc["hands"]) and doc["winner"] is None
                         else "  cut short: the game was won")
        elif result["reason"] == "domino":
            lines.append(f"  seat {result['out_seat']} went out; remaining pips {result['remaining_pips']}, "
                         f"deductions {result['deductions']}")
        else:
            lines.append(f"  blocked; remaining pips {result['remaining_pips']}, "
                         f"deductions {result['deductions']}")
        lines.append("  scores: " + ", ".join(f"{who} {i} {s}" for i, s in enumerate(hand["scores"])))
    if doc["winner"] is not None:
        lines.append(f"winner: {who} {doc['winner']} with {doc['final_scores'][doc['winner']]}")
    else:
        lines.append("no winner yet")
    return "\n".join(lines)


def replay_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="allfives replay",
                                     description="Check a game record move by move against the rules.")
    parser.add_argument("file", help="a game record (JSON, RECORD.md format 1)")
    parser.add_argument("--json", action="store_true", help="print the replay document as JSON")
    args = parser.parse_args(argv)
    from allfives.record_file import read_record

    try:
        data, _ = read_record(args.file)
        out = json.dumps(replay_checked(data).document, indent=1) if args.json else _replay_summary(data)
    except RecordError as e:
        print(str(e).replace("\n", " "), file=sys.stderr)
        return 2
    except RecursionError:
        print("the record is nested too deeply to be a game record", file=sys.stderr)
        return 2
    print(out)
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "replay":
        return replay_main(argv[1:])
    if argv and argv[0] in ("host", "join"):
        from allfives.net.cli import host_main, join_main

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
