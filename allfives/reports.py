"""`allfives review FILE` and `allfives stats`: a game's analysis and the history's figures, text or JSON."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from allfives import i18n, record_file
from allfives.engine import GameState, RecordError, replay_game
from allfives.i18n import HelpFormatter, _, decimal, ngettext, share, signed
from allfives.names import seat_labels, visible


def read_record(path: str) -> tuple[GameState, dict[str, Any]]:
    """The game in a record file and the record itself; RecordError with one line on any problem.

    The file is opened by the one safe reader every command uses (`allfives.record_file`).
    """
    data, _journal = record_file.read_record(path)
    try:
        return replay_game(data), data
    except RecursionError:
        raise RecordError(f"{path}: nested too deeply to be a game record") from None


def person_seats(record: dict[str, Any], seats: int) -> tuple[int, ...]:
    """The seats a review looks at by default: the people named in the record, else every seat."""
    players = record.get("players")
    if isinstance(players, list) and len(players) == seats:
        people = tuple(s for s, p in enumerate(players) if isinstance(p, dict) and p.get("kind") == "person")
        if people:
            return people
    return tuple(range(seats))


def _luck_lines(game: GameState, luck: Any, setup: Any, analysis: Any, whole: Any) -> list[str]:
    """The verdict of each side whose play was reviewed (`analysis`), and its hand-by-hand luck and skill
    (weighed against every seat's decisions: `whole`)."""
    from allfives.bots.luck import verdict, verdict_error

    rules = game.rules.to_core()
    weighed = {rules.side_of(s) for s in analysis.seats}
    lines = [ngettext("luck and skill ({n} playout a chance value)",
                      "luck and skill ({n} playouts a chance value)", luck.samples).format(n=luck.samples)]
    for s in luck.game:
        if s.side in weighed:
            finished = game.phase == "game_over"
            yours = setup.yours(s.side)
            said = verdict(s, rules.sides, setup.side_title(s.side), finished, yours,
                           setup.partners(s.side) if yours else "", verdict_error(s, whole))
            lines.append(f"  {said}")
            lines.append("    " + _(
                "luck {luck} (lead {lead}, deals {deals}, draws {draws}, unseen tiles {unseen}), "
                "skill {skill}, sum {sum}, margin {margin}, residual {residual} (noise ±{noise})").format(
                luck=signed(s.luck), lead=signed(s.lead), deals=signed(s.dealt), draws=signed(s.drawn),
                unseen=signed(s.hidden), skill=signed(s.skill), sum=signed(s.sum), margin=signed(s.margin),
                residual=signed(s.residual), noise=decimal(s.noise)))
    for hand in luck.hands:
        parts = [_("{side} luck {luck} skill {skill}").format(
                     side=setup.side_title(s.side), luck=signed(s.luck, 0), skill=signed(s.skill, 0))
                 for s in hand.sides if s.side in weighed]
        lines.append("  " + _("hand {n}: {sides}").format(n=hand.hand, sides="; ".join(parts)))
    return lines


def _review_text(game: GameState, analysis: Any, luck: Any = None, setup: Any = None,
                 players: object = None, whole: Any = None) -> str:
    """The analysis in words: each hand's summary per seat and its mistakes, then the game's (and its
    luck and skill); seats by the players' names the record gives (`players`), else `seat 1`..."""
    from allfives.bots.reasons import shown_move, tell

    rules = game.rules
    seat = seat_labels(players, rules.seats)
    hands = ngettext("{n} hand", "{n} hands", game.hand_number).format(n=game.hand_number)
    deals = ngettext("{n} deal", "{n} deals", analysis.samples).format(n=analysis.samples)
    lines = [_("{seats} seats, target {target}, {hands}; {deals} sampled a decision; "
               "weighed: {weighed}").format(
        seats=rules.seats, target=rules.target, hands=hands, deals=deals,
        weighed=", ".join(seat[s] for s in analysis.seats))]
    from allfives.bots.analysis import ACCURATE_WITHIN, MISTAKE_POINTS, MISTAKE_WIN

    # (no mistake and an accuracy under 100% is no contradiction: said once, here)
    lines.append(_("accuracy: the share of choices within {within} points of the best; a mistake gives up "
                   "{mistake} points or more, or {win} of the chance to win").format(
        within=decimal(ACCURATE_WITHIN, 0), mistake=decimal(MISTAKE_POINTS, 0), win=share(MISTAKE_WIN)))

    def summary(s: Any) -> str:
        return _("{seat}: {choices} in {moves}, {mistakes}, {lost} points lost to mistakes ({all} in all), "
                 "accuracy {accuracy}").format(
            seat=seat[s.seat],
            choices=ngettext("{n} choice", "{n} choices", s.choices).format(n=s.choices),
            moves=ngettext("{n} move", "{n} moves", s.decisions).format(n=s.decisions),
            mistakes=ngettext("{n} mistake", "{n} mistakes", s.mistakes).format(n=s.mistakes),
            lost=decimal(s.lost_to_mistakes), all=decimal(s.lost),
            accuracy="-" if s.accuracy is None else share(s.accuracy))

    for hand in analysis.hands:
        lines.append(_("hand {n}").format(n=hand.hand))
        for s in hand.summaries:
            lines.append("  " + summary(s))
        for d in analysis.decisions:
            if d.hand == hand.hand and d.mistake:
                line = (_("move {move}, {seat}: {played} ({played_points}) instead of {best} "
                          "({best_points}), -{cost} (exact): {reason}") if d.exact else
                        _("move {move}, {seat}: {played} ({played_points}) instead of {best} "
                          "({best_points}), -{cost}: {reason}"))
                lines.append("    " + line.format(
                    move=d.move, seat=seat[d.seat], played=shown_move(d.played),
                    played_points=signed(d.played_points), best=shown_move(d.best),
                    best_points=signed(d.best_points), cost=decimal(d.cost),
                    reason=tell(d.why) if d.why else d.reason))
    lines.append(_("game"))
    lines.extend("  " + summary(s) for s in analysis.game)
    if luck is not None and setup is not None:
        lines.extend(_luck_lines(game, luck, setup, analysis, whole or analysis))
    return "\n".join(lines)


class ProgressLine:
    """`weighing decisions: 120/2,400` on stderr while a long analysis runs, stdout kept for the result:
    one line rewritten in place on a terminal, else a line now and then (the first, every `every`
    seconds, the last), so a log of it stays short."""

    def __init__(self, stream: TextIO | None = None, every: float = 10.0,
                 clock: Callable[[], float] = time.monotonic, rewrite: bool = True) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.terminal = rewrite and self.stream.isatty()  # (`rewrite` False: lines, for a screen reader)
        self.every = 0.1 if self.terminal else every
        self.clock = clock
        self._last: float | None = None

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        if done < total and self._last is not None and now - self._last < self.every:
            return
        self._last = now
        text = _("weighing decisions: {done}/{total}").format(done=i18n.number(done),
                                                              total=i18n.number(total))
        try:
            if self.terminal:
                self.stream.write("\r" + text + ("\n" if done >= total else ""))
            else:
                self.stream.write(text + "\n")
            self.stream.flush()
        except (OSError, ValueError):  # stderr gone: the result on stdout still counts
            pass


# What shows a review on the screen (allfives.ui.review.app.review_screen, handed over by allfives.cli:
# this module reads no UI module): the game, who sat where, the seats weighed, the deals a decision.
ReviewScreenDoor = Callable[[GameState, Any, tuple[int, ...], int], int]


def review_main(argv: list[str], screen: ReviewScreenDoor | None = None) -> int:
    """`allfives review FILE`: the mistakes as text, JSON or sentences, or else on `screen` (with no
    screen: as text)."""
    from allfives.bots.analysis import DEFAULT_SAMPLES, analyse_game, narrowed
    from allfives.bots.luck import luck_of, luck_samples

    parser = argparse.ArgumentParser(
        prog="allfives review", formatter_class=HelpFormatter,
        description=_("Step through a game record move by move with the hard bot's judgement of every "
                      "decision (the review screen), or print that judgement for scripts (--text, --json)."))
    parser.add_argument("file", help=_("a game record (JSON, RECORD.md format 1)"))
    printed = parser.add_mutually_exclusive_group()
    printed.add_argument("--json", action="store_true", help=_("print the analysis as JSON"))
    printed.add_argument("--text", action="store_true",
                         help=_("print the analysis as text: each hand's summary and mistakes, "
                                "then the game's"))
    printed.add_argument("--plain", action="store_true",
                         help=_("say the mistakes as sentences, tiles as words, for a screen reader"))
    parser.add_argument("--all-seats", action="store_true",
                        help=_("analyse every seat (default: the people named in the record, "
                               "else every seat)"))
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES,
                        help=_("deals sampled a decision (default {n})").format(n=DEFAULT_SAMPLES))
    args = parser.parse_args(argv)
    if args.samples < 1:
        parser.error(_("--samples must be at least 1"))
    from allfives.play.setup import setup_of_record

    try:
        game, record = read_record(args.file)
        setup = setup_of_record(game.rules, record)  # (a player named against the name rule: refused)
    except (RecordError, ValueError) as e:
        print(visible(" ".join(str(e).splitlines())), file=sys.stderr)  # (the record's words: made safe)
        return 2
    seats = tuple(range(game.rules.seats)) if args.all_seats else person_seats(record, game.rules.seats)
    if not (args.json or args.text or args.plain) and screen is not None:
        if not game.log:
            print(_("the record has no hand to review"), file=sys.stderr)
            return 2
        return screen(game, setup, seats, args.samples)  # (a game from a file: nothing is kept)
    # every seat is weighed for the luck and skill (a seat not weighed would have its mistakes counted as
    # the others' luck); the analysis printed is the seats asked for
    whole = analyse_game(game, range(game.rules.seats), args.samples,
                         progress=ProgressLine(rewrite=not args.plain))
    analysis = narrowed(game, whole, seats)
    luck = luck_of(game, whole.decisions, luck_samples(args.samples))
    unchecked = sum(hand.deal is None for hand in game.log)  # (an older record: its deals not checked)
    if args.plain:
        from allfives.plain.review import review_lines
        from allfives.plain.sentences import Voice

        lines = review_lines(game, Voice(setup), analysis, luck, whole)
        print("\n".join([*lines, record_file.unchecked_deals(unchecked)] if unchecked else lines))
    elif args.json:
        print(json.dumps({**analysis.model_dump(mode="json"), "luck": _luck_json(game, luck)}, indent=1))
        if unchecked:
            print(record_file.unchecked_deals(unchecked), file=sys.stderr)
    else:
        text = _review_text(game, analysis, luck, setup, record.get("players"), whole)
        print(text + ("\n" + record_file.unchecked_deals(unchecked) if unchecked else ""))
    return 0


def _luck_json(game: GameState, luck: Any) -> dict[str, Any]:
    """Per side: `luck` and `skill` in points, their `sum` beside the real `margin`, and the parts."""
    rules = game.rules.to_core()
    out = luck.model_dump(mode="json")
    for side in out["game"]:
        side["seats"] = [s for s in range(rules.seats) if rules.side_of(s) == side["side"]]
    return out


def _stats_text(stats: Any) -> str:
    from allfives.history.rating import interval_words, opponents_words, rating_words, standing_words
    from allfives.i18n import _, ngettext

    def rate(r: Any) -> str:
        if not r.games:
            return _("no finished games")
        lo, hi = r.ci95
        return _("{wins} of {games} won, {rate}% (95% interval {low}-{high}%)").format(
            wins=r.wins, games=r.games, rate=f"{100 * r.win_rate:.0f}", low=f"{100 * lo:.0f}",
            high=f"{100 * hi:.0f}")

    overall = _("overall: {record}; {abandoned} abandoned, {playing} in play").format(
        record=rate(stats.overall), abandoned=stats.abandoned, playing=stats.playing)
    if stats.seeded:
        overall += "; " + ngettext("{n} of the finished games practice (seeded deals)",
                                   "{n} of the finished games practice (seeded deals)", stats.seeded
                                   ).format(n=stats.seeded)
    lines = [overall]
    for t in stats.by_table:
        table = (ngettext("{n} seat, partners", "{n} seats, partners", t.seats) if t.partnership
                 else ngettext("{n} seat", "{n} seats", t.seats)).format(n=t.seats)
        lines.append(_("  v {opponents} ({table}): {record}").format(
            opponents=opponents_words(t.opponents), table=table, record=rate(t)))
    if stats.hands:
        line = _("hands: {hands}, {points} points a hand").format(hands=stats.hands,
                                                                   points=f"{stats.points_per_hand:+g}")
        if stats.average_deduction is not None:
            line += _(", {deducted} deducted a hand on average").format(
                deducted=f"{stats.average_deduction:g}")
        lines.append(line)
    if stats.best_hand is not None:
        b = stats.best_hand
        lines.append(_("best hand: {gain} (hand {hand} of the game of {day})").format(
            gain=f"{b.gain:+d}", hand=b.hand, day=b.started_at[:10]))
    s = stats.streaks
    now = (ngettext("{n} won in a row", "{n} won in a row", s.current).format(n=s.current) if s.current > 0
           else ngettext("{n} lost in a row", "{n} lost in a row", -s.current).format(n=-s.current)
           if s.current else _("none"))
    lines.append(_("streaks: now {now}; longest {wins} won, {losses} lost").format(
        now=now, wins=s.longest_wins, losses=s.longest_losses))
    r = stats.rating
    rating = _("rating: {rating} (95% interval {interval}), {standing}").format(
        rating=rating_words(r.now), interval=interval_words(r.now), standing=standing_words(r))
    rated = (ngettext("{n} game rated", "{n} games rated", r.rated).format(n=r.rated) if r.rated
             else _("no game rated yet: this is where a new player starts"))
    lines.append(rating)
    notes = [rated]
    if r.abandoned:
        notes.append(ngettext("{n} of them abandoned for a new game, counted as lost",
                              "{n} of them abandoned for a new game, counted as lost", r.abandoned
                              ).format(n=r.abandoned))
    if r.practice:
        notes.append(ngettext("{n} practice game (a hint or an undo) not rated",
                              "{n} practice games (a hint or an undo) not rated", r.practice
                              ).format(n=r.practice))
    if r.unmeasured:
        notes.append(ngettext("{n} game with 3 or 4 seats or other rules not rated (the bots were measured "
                              "at 2 seats, to 250)",
                              "{n} games with 3 or 4 seats or other rules not rated (the bots were measured "
                              "at 2 seats, to 250)", r.unmeasured).format(n=r.unmeasured))
    lines.append("  " + "; ".join(notes))
    return "\n".join(lines)


def stats_main(argv: list[str]) -> int:
    from allfives.history import HistoryStore
    from allfives.history.stats import compute

    parser = argparse.ArgumentParser(prog="allfives stats", formatter_class=HelpFormatter,
                                     description="Your games against the bots, from the game history.")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    store = HistoryStore()
    stats = compute(store.games())
    problem = store.take_problem()
    if problem:
        print(visible(problem), file=sys.stderr)
    print(stats.model_dump_json(indent=1) if args.json else _stats_text(stats))
    if not args.json:
        print(_deal_codes_text(store.deal_codes()), end="")
    return 0


def _deal_codes_text(games: list[tuple[Any, str]]) -> str:
    """The latest finished games' deal codes, a line each: anyone may play those deals again."""
    from allfives.i18n import _

    if not games:
        return ""
    lines = [_("deal codes of your latest games (play one again: allfives --deals CODE):")]
    for entry, code in games:
        score = "-".join(str(s) for s in entry.scores)
        won = entry.won
        result = (_("won {score}") if won else _("lost {score}") if won is False
                  else _("ended {score}")).format(score=score)
        lines.append(f"  {code}  {entry.started_at[:10]}  {result}")
    return "\n".join(lines) + "\n"
