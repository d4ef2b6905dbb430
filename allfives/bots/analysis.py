"""Game review: the hard bot's judgement of every decision of a seat, from what that seat could see then.

For each decision the analysis weighs every legal move on deals sampled the way the hard bot
samples them (`Sampler`, card counting included) with the same playouts (`evaluate_moves`), or
exactly where the seat's information settles it: a forced move costs nothing, and in a 2-seat
hand with an empty boneyard both hands are known, so `EndgameSolver` plays the rest out perfectly
(when the hands are small enough to solve in about a second; a bigger endgame is sampled).

Two numbers per move: the expected points for the rest of the hand (the seat's side's gain less
the best other side's gain, end-of-hand deductions and awards included) and the chance of winning
the game afterwards. A move's cost is what it gives up against the move with the most points.
Everything is deterministic for a given record and sample count.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from allfives.engine import GameState, Move, core
from allfives.engine.positions import iter_hand_ends, walk
from allfives.i18n import _

from . import fast
from .knowledge import Sampler, Seen, Voids, hidden_tiles, legal_moves, seen_from_table, table_for
from .policy import after, best_reply_points, points_after
from .reasons import Why, shown_move, tell
from .search import EndgameSolver, SearchAborted, evaluate_moves, points_utility, winning_utility

VERSION = 2  # bump when the numbers (or the reasons' parts) would change, so stored analyses are made again
DEFAULT_SAMPLES = 400  # guessed deals per decision: a cost moves by about 0.7 points between seeds
MISTAKE_POINTS = 5.0  # a move that gives up this many points of expectation is marked
MISTAKE_WIN = 0.10  # ... or this much of the chance of winning the game
ACCURATE_WITHIN = 2.0  # a choice this close to the best counts as accurate (sampling noise is ~1 point)
# The exact endgame: solved when both hands hold this many tiles or fewer, within this many nodes
# per measure (about a second); a bigger one is judged by sampling like the rest of the game.
ENDGAME_TILES = 14
ENDGAME_NODES = 100_000

CoreMove = tuple[int, int, int]


class AnalysisStopped(Exception):
    """The caller asked the analysis to stop (the review screen's worker was cancelled)."""


class Judgement(BaseModel):
    """One legal move as the hard bot judges it."""

    model_config = ConfigDict(frozen=True)
    move: str
    points: float  # expected points for the rest of the hand, own side less the best other side
    win: float  # chance of winning the game after it, 0-1


class Decision(BaseModel):
    """One move of the record, the move a seat made, weighed against the others it had."""

    model_config = ConfigDict(frozen=True)
    hand: int  # 1-based
    move: int  # 1-based place in the hand's moves: the position before it is (hand, move - 1)
    seat: int
    played: str
    best: str  # the move with the most expected points (the played one when it ties)
    forced: bool  # the only legal move: cost 0, nothing weighed
    exact: bool  # the numbers are certain (forced, or the exact 2-seat endgame)
    played_points: float | None = None
    best_points: float | None = None
    played_win: float | None = None
    best_win: float | None = None
    cost: float = 0.0  # points of expectation given up (best_points - played_points)
    win_drop: float = 0.0  # chance of winning given up against the most winning move
    mistake: bool = False
    reason: str | None = None  # one line for a mistake, backed by the numbers, in English (data: --json)
    why: tuple[Why, ...] = ()  # the same reason as parts, for `tell` in the reader's language
    judgements: tuple[Judgement, ...] = ()


class Summary(BaseModel):
    """How one seat did over a hand or the game."""

    model_config = ConfigDict(frozen=True)
    seat: int
    decisions: int
    choices: int  # decisions with more than one legal move
    mistakes: int
    lost: float  # points of expectation given up over all choices
    lost_to_mistakes: float
    accuracy: float | None  # share of choices within ACCURATE_WITHIN of the best; None without choices


class HandAnalysis(BaseModel):
    model_config = ConfigDict(frozen=True)
    hand: int
    summaries: tuple[Summary, ...]  # one per analysed seat


class GameAnalysis(BaseModel):
    """Everything the review screen and `allfives review --json` show; stored in the history as JSON."""

    model_config = ConfigDict(frozen=True)
    version: int = VERSION
    samples: int
    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]
    hands: tuple[HandAnalysis, ...]
    game: tuple[Summary, ...]

    def decision(self, hand: int, move: int) -> Decision | None:
        """The analysed decision that is move `move` of hand `hand`, if it was analysed."""
        return next((d for d in self.decisions if d.hand == hand and d.move == move), None)

    def mistakes(self) -> list[Decision]:
        return [d for d in self.decisions if d.mistake]


# -- the game's decisions --------------------------------------------------------------

def count_decisions(game: GameState, seats: Iterable[int]) -> int:
    """How many decisions `iter_decisions` yields (the progress bar's length)."""
    wanted = set(seats)
    return sum(1 for _h, _m, table, _move in walk(game) if table.turn in wanted)


# -- weighing one decision --------------------------------------------------------------

def _complex_utility(side: int, start: Sequence[int]) -> Callable[[core.Table], complex]:
    """One playout serves both measures: points in the real part, the chance of winning in the
    imaginary part (`evaluate_moves` only adds and divides what the utility returns)."""
    points = points_utility(side, start)
    win = winning_utility(side)
    return lambda table: complex(points(table), win(table))


def _sampled(seen: Seen, moves: list[CoreMove], samples: int, rng: random.Random
             ) -> list[tuple[float, float]]:
    sampler = Sampler(seen)
    k = fast.compiled()
    if k is not None:
        from .fast.bridge import evaluate

        wins, gains = evaluate(k, seen, moves, rng, samples, sampler=sampler, points=True)
        return list(zip(gains, wins, strict=True))

    def base() -> core.Table:
        hands, boneyard = sampler.sample(rng)
        return table_for(seen, hands, boneyard)

    values = evaluate_moves(base, moves, _complex_utility(seen.side, seen.scores),  # type: ignore[arg-type]
                            rng, samples, math.inf)
    return [(v.real, v.imag) for v in values]  # type: ignore[attr-defined]


def _exact(seen: Seen, moves: list[CoreMove]) -> list[tuple[float, float]] | None:
    """Both hands are known (2 seats, empty boneyard): minimax each move to the end of the hand."""
    hands: list[list[int]] = [[], []]
    hands[seen.seat] = list(seen.hand)
    hands[1 - seen.seat] = hidden_tiles(seen)
    table = table_for(seen, hands, [])
    k = fast.compiled()
    if k is not None:
        from .fast.bridge import Solver

        solvers = (Solver(k, seen.side, True, seen.scores, ENDGAME_NODES),
                   Solver(k, seen.side, False, seen.scores, ENDGAME_NODES))
        out = []
        for m in moves:
            child = table.copy()
            child.apply_unchecked(*m)
            # each solver counts its nodes over all the moves, as the Python ones do
            by_points = solvers[0].solve(child)
            by_win = solvers[1].solve(child) if by_points is not None else None
            if by_points is None or by_win is None:
                return None
            out.append((by_points[0], by_win[0]))
        return out
    by_points = EndgameSolver(seen.side, points_utility(seen.side, seen.scores), node_limit=ENDGAME_NODES)
    by_win = EndgameSolver(seen.side, winning_utility(seen.side), node_limit=ENDGAME_NODES)
    out = []
    try:
        for m in moves:
            child = table.copy()
            child.apply_unchecked(*m)
            out.append((by_points.solve(child)[0], by_win.solve(child)[0]))
    except SearchAborted:
        return None
    return out


def judge(seen: Seen, moves: list[CoreMove], samples: int, rng: random.Random
          ) -> tuple[list[tuple[float, float]], bool]:
    """(points, win) of each legal move for the seat to move, from its own view only, and whether
    those numbers are exact."""
    if (seen.rules.seats == 2 and seen.boneyard_count == 0 and not seen.layout.empty
            and sum(seen.counts) <= ENDGAME_TILES):
        values = _exact(seen, moves)
        if values is not None:
            return values, True
    return _sampled(seen, moves, samples, rng), False


def _decide(seen: Seen, hand: int, number: int, played: CoreMove, samples: int,
            left: list[int] | None, deducts: bool) -> Decision:
    name = _name(played)
    base = {"hand": hand, "move": number, "seat": seen.seat, "played": name}
    moves = legal_moves(seen)
    if played not in moves:
        raise ValueError(f"hand {hand}, move {number}: {name} is not a legal move")
    if len(moves) == 1:
        return Decision(**base, best=name, forced=True, exact=True)
    rng = random.Random(f"allfives-analysis:{samples}:{hand}:{number}")
    values, exact = judge(seen, moves, samples, rng)
    points = [_round(p) for p, _w in values]
    wins = [round(w, 4) for _p, w in values]
    i = moves.index(played)
    b = i if points[i] == max(points) else points.index(max(points))
    cost = _round(points[b] - points[i])
    win_drop = round(max(wins) - wins[i], 4)
    mistake = cost >= MISTAKE_POINTS or win_drop >= MISTAKE_WIN
    why: tuple[Why, ...] = ()
    if mistake:
        why = tuple(_reason(seen, played, moves[b], cost, win_drop, wins[i], exact, left, deducts))
    return Decision(
        **base, best=_name(moves[b]), forced=False, exact=exact,
        played_points=points[i], best_points=points[b], played_win=wins[i], best_win=wins[b],
        cost=cost, win_drop=win_drop, mistake=mistake, why=why,
        reason=tell(why, english=True) if why else None,
        judgements=tuple(Judgement(move=_name(mv), points=p, win=w)
                         for mv, p, w in zip(moves, points, wins, strict=True)))


def _round(points: float) -> float:
    return round(points, 2) + 0.0  # + 0.0 turns -0.0 into 0.0


# -- reasons ------------------------------------------------------------------------------
# The words a judgement is told in, shared by the review's mistakes (what a move did: "past") and the
# table's hints (what a move would do: "present"), so a player meets one vocabulary.

Tense = Literal["past", "present"]


def scores(points: int, tense: Tense) -> str:
    """`scored 15` / `scores 15`."""
    if tense == "past":
        return _("scored {points}").format(points=points)
    return _("scores {points}").format(points=points)


def leaves_for_next(points: int, tense: Tense, total: int | None = None) -> str:
    """What the next player could score at once off the ends a move leaves (not what the ends add up
    to: a 4-3 lead leaves 7, which a 3-3 makes 10): `let the next player score 10 (ends at 7)` in a
    review's mistake line, `lets the next player score 10` in a hint, whose status line is short."""
    if tense == "past":
        if total is None:
            return _("let the next player score {points}").format(points=points)
        return _("let the next player score {points} (ends at {total})").format(points=points, total=total)
    if not points:
        return _("gives the next player nothing")
    return _("lets the next player score {points}").format(points=points)


def keeps_safe(tile: int) -> str:
    """`keeps the 6-6 safe`: an end still takes the double the player holds."""
    return _("keeps the {tile} safe").format(tile=core.tile_name(tile))


def _threat(seen: Seen, move: CoreMove) -> int:
    """The most the next player could score straight after `move`, with a tile they may hold."""
    _kind, tile, end = move
    if len(seen.hand) == 1:
        return 0  # going out ends the hand
    nxt = (seen.seat + 1) % seen.rules.seats
    voids = Voids(seen)
    theirs = [t for t in hidden_tiles(seen) if voids.may_hold(nxt, t)]
    return max(best_reply_points(after(seen.layout, tile, end), theirs), default=0)


def _reason(seen: Seen, played: CoreMove, best: CoreMove, cost: float, win_drop: float, played_win: float,
            exact: bool, left: list[int] | None, deducts: bool) -> list[Why]:
    """Why a marked move cost what it did, as claims built only from numbers that back them."""
    parts = []
    if played[0] == core.PLAY and best[0] == core.PLAY:
        now_played = points_after(seen.layout, played[1], played[2])
        now_best = points_after(seen.layout, best[1], best[2])
        if now_best - now_played >= MISTAKE_POINTS:
            parts.append(Why(kind="scored_less", move=_name(best), points=now_played, other=now_best))
        threat_played, threat_best = _threat(seen, played), _threat(seen, best)
        if threat_played >= 10 and threat_played - threat_best >= MISTAKE_POINTS:
            total = after(seen.layout, played[1], played[2]).total()
            parts.append(Why(kind="let_score", points=threat_played, other=total))
        kept = best[1]
        if not parts and deducts and left is not None and kept != played[1] and kept in left:
            pips = sum(core.PIPS[t] for t in left)
            extra = core.round_to_five(pips) - core.round_to_five(pips - core.PIPS[kept])
            if extra >= MISTAKE_POINTS:
                parts.append(Why(kind="kept", move=core.tile_name(kept), points=extra))
    if parts:
        return parts
    if cost < MISTAKE_POINTS:
        return [Why(kind="cut_chance", points=played_win + win_drop, other=played_win)]
    return [Why(kind="exact" if exact else "average", move=_name(best), points=cost)]


def hint_reason(seen: Seen, hinted: CoreMove) -> str | None:
    """Why a hint plays `hinted`, in one line of the review's words, from the numbers one move ahead
    that back it (points now, what the next player could score off the ends left, a double kept
    playable): what the move does, then what it gains against the other plays; None when they show
    nothing (the sampled deals preferred it for reasons further on).

    `scores 15 and lets the next player score 5; the others score at most 5`; where it is better on
    neither count alone, the next best play's numbers (`6-0 W scores 5 and lets the next player score
    15`); a hint that scores less than another play says why that play is worse: `6-4 E scores 15 but
    lets the next player score 20`.
    """
    kind, tile, end = hinted
    if kind != core.PLAY:
        return None
    if len(seen.hand) == 1:
        points = points_after(seen.layout, tile, end)
        if points:
            return _("goes out and scores {points}").format(points=points)
        return _("goes out")
    plays = [m for m in legal_moves(seen) if m[0] == core.PLAY]
    now = {m: points_after(seen.layout, m[1], m[2]) for m in plays}
    threat = {m: _threat(seen, m) for m in plays}
    greedy = max(plays, key=lambda m: (now[m], -threat[m]))
    mine = now.get(hinted, points_after(seen.layout, tile, end))
    risk = threat.get(hinted, _threat(seen, hinted))
    if now[greedy] > mine and threat[greedy] - now[greedy] > risk - mine:
        return _("{move} {scores} but {leaves}").format(move=shown_move(_name(greedy)),
                                                        scores=scores(now[greedy], "present"),
                                                        leaves=leaves_for_next(threat[greedy], "present"))
    held = [t for t in seen.hand if t != tile and core.HIGH[t] == core.LOW[t]]
    safe = [d for d in held if _takes(after(seen.layout, tile, end), d)
            and not _takes(after(seen.layout, greedy[1], greedy[2]), d)]
    parts = [scores(mine, "present")] if mine else []
    parts.append(keeps_safe(max(safe)) if safe else leaves_for_next(risk, "present"))
    does = parts[0] if len(parts) == 1 else _("{first} and {then}").format(first=parts[0], then=parts[1])
    # the same tile on another end that does just the same is the same choice, not an "other" play
    others = [m for m in plays if m != hinted and (m[1] != tile or (now[m], threat[m]) != (mine, risk))]
    gain = gained(mine, risk, [now[m] for m in others], [threat[m] for m in others])
    if gain is None and others:  # better on neither count alone: the next best play's two numbers
        rival = max(others, key=lambda m: (now[m] - threat[m], now[m]))
        if now[rival] - threat[rival] < mine - risk:
            gain = _("{move} {scores} and {leaves}").format(move=shown_move(_name(rival)),
                                                            scores=scores(now[rival], "present"),
                                                            leaves=leaves_for_next(threat[rival], "present"))
    return _("{does}; {gain}").format(does=does, gain=gain) if gain else does


def gained(points: int, leaves: int, others_score: Sequence[int], others_leave: Sequence[int]) -> str | None:
    """What a play gains against every other play, one move ahead, in the review's words: it scores
    more and leaves no more (`the others score at most 5`), or leaves less and scores no less (`the
    others let the next player score 15 or more`), whichever gains more; None when neither holds (or
    there is no other play: `no other play fits`)."""
    if not others_score:
        return _("no other play fits")
    top, low = max(others_score), min(others_leave)
    by_points = points - top if points > top and leaves <= low else 0
    by_leaving = low - leaves if leaves < low and points >= top else 0
    if by_points and by_points >= by_leaving:
        if not top:
            return _("the others score nothing")
        return _("the others score at most {points}").format(points=top)
    if by_leaving:
        return _("the others let the next player score {points} or more").format(points=low)
    return None


def _takes(lay: core.Layout, double: int) -> bool:
    """An open end still takes this double."""
    return core.HIGH[double] in lay.pips


def _name(move: CoreMove) -> str:
    return str(Move.from_core(*move))


# -- the whole game -----------------------------------------------------------------------

def iter_decisions(game: GameState, seats: Iterable[int], samples: int = DEFAULT_SAMPLES,
                   skip: Container[tuple[int, int]] = ()) -> Iterator[Decision]:
    """Each decision of the given seats, in the order they were made (a worker can stop between them).

    `skip`: (hand, move) of decisions already weighed (an analysis stopped and taken up again); each
    decision is weighed on its own seeded deals, so the rest come out as they would have anyway.
    """
    if samples < 1:
        raise ValueError("samples must be at least 1")
    wanted = set(seats)
    ends = iter_hand_ends(game)  # what each seat still held at the end, for "kept the 6-6 to the end"
    end, reached = None, 0  # the end of hand `reached`, worked out as its first decision comes
    deducts = game.rules.end_of_hand == "deduct"
    for h, m, table, played in walk(game):
        seat = table.turn
        if seat in wanted and (h, m) not in skip:
            while reached < h:
                end, reached = next(ends), reached + 1
            assert end is not None
            left = end.hands[seat] if end.result is not None else None
            yield _decide(seen_from_table(table, seat), h, m, played, samples, left, deducts)


def summarize(decisions: Sequence[Decision], seat: int) -> Summary:
    mine = [d for d in decisions if d.seat == seat]
    choices = [d for d in mine if not d.forced]
    mistakes = [d for d in choices if d.mistake]
    accurate = sum(1 for d in choices if d.cost <= ACCURATE_WITHIN)
    return Summary(seat=seat, decisions=len(mine), choices=len(choices), mistakes=len(mistakes),
                   lost=_round(sum(d.cost for d in choices)),
                   lost_to_mistakes=_round(sum(d.cost for d in mistakes)),
                   accuracy=round(accurate / len(choices), 4) if choices else None)


def analyse_game(game: GameState, seats: Iterable[int], samples: int = DEFAULT_SAMPLES,
                 progress: Callable[[int, int], None] | None = None,
                 stop: Callable[[], bool] | None = None) -> GameAnalysis:
    """Analyse every decision of `seats`; `progress(done, total)` after each, and `stop()` asked before
    each (AnalysisStopped when it says so)."""
    seats = tuple(sorted(set(seats)))
    total = count_decisions(game, seats)
    decisions: list[Decision] = []
    pending = iter_decisions(game, seats, samples)
    while True:
        if stop is not None and stop():
            raise AnalysisStopped
        d = next(pending, None)
        if d is None:
            break
        decisions.append(d)
        if progress is not None:
            progress(len(decisions), total)
    return assemble(game, seats, samples, decisions)


def every_seat(game: GameState, analysis: GameAnalysis, stop: Callable[[], bool] | None = None
               ) -> GameAnalysis:
    """The analysis with every seat's decisions: the seats it did not weigh are weighed now (each
    decision on its own seeded deals, so the whole is what weighing every seat at once gives).
    `stop()` is asked before each (AnalysisStopped when it says so). Luck and skill need every seat:
    a seat not weighed has its mistakes counted as the others' luck."""
    seats = tuple(range(game.rules.seats))
    if analysis.seats == seats:
        return analysis
    made = list(analysis.decisions)
    for d in iter_decisions(game, seats, analysis.samples, skip={(d.hand, d.move) for d in made}):
        if stop is not None and stop():
            raise AnalysisStopped
        made.append(d)
    return assemble(game, seats, analysis.samples, made)


def narrowed(game: GameState, analysis: GameAnalysis, seats: Iterable[int]) -> GameAnalysis:
    """The analysis of fewer seats from one of more (the same numbers: each decision stands alone)."""
    wanted = set(seats)
    return assemble(game, wanted, analysis.samples, [d for d in analysis.decisions if d.seat in wanted])


def assemble(game: GameState, seats: Iterable[int], samples: int, decisions: Iterable[Decision]
             ) -> GameAnalysis:
    """The analysis of a game from its weighed decisions (in any order), with the summaries per hand
    and for the game."""
    seats = tuple(sorted(set(seats)))
    ordered = sorted(decisions, key=lambda d: (d.hand, d.move))
    hands = tuple(HandAnalysis(hand=h, summaries=tuple(summarize([d for d in ordered if d.hand == h], s)
                                                       for s in seats))
                  for h in range(1, len(game.log) + 1))
    return GameAnalysis(samples=samples, seats=seats, decisions=tuple(ordered), hands=hands,
                        game=tuple(summarize(ordered, s) for s in seats))
