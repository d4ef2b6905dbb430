"""Statistics from the history: pure functions of its games, from the person's side of the table.

Figures are kept for the first person at each table (`GameEntry.you`); games among bots only
are left out. The data series feed the charts: the score through one game, results over time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ConfigDict

from allfives.bots.match import wilson
from allfives.engine import GameState
from allfives.engine.positions import walk

from .games import GameEntry
from .rating import RatingSummary, summary


class Record(BaseModel):
    """Games and wins, with the win rate and its 95% (Wilson) interval."""

    model_config = ConfigDict(frozen=True)
    games: int
    wins: int
    win_rate: float | None
    ci95: tuple[float, float]


class Opponents(Record):
    """Your record against one kind of table: the seat count and who sat on the other side(s)."""

    seats: int
    partnership: bool
    opponents: str  # a bot level, levels joined with "+", or "person"


class BestHand(BaseModel):
    model_config = ConfigDict(frozen=True)
    game_id: str
    hand: int
    gain: int
    started_at: str


class Streaks(BaseModel):
    model_config = ConfigDict(frozen=True)
    current: int  # > 0: wins in a row now, < 0: losses in a row now
    longest_wins: int
    longest_losses: int


class ResultPoint(BaseModel):
    """One finished game on the results-over-time chart."""

    model_config = ConfigDict(frozen=True)
    game_id: str
    finished_at: str
    won: bool
    margin: int  # your score less the best other score at the end
    opponents: str
    win_rate: float  # over every finished game up to this one


class Stats(BaseModel):
    model_config = ConfigDict(frozen=True)
    overall: Record
    by_table: tuple[Opponents, ...]
    abandoned: int
    playing: int
    seeded: int = 0  # finished games dealt from a seed (practice: their deals could be known)
    hands: int  # hands played in finished and abandoned games
    points_per_hand: float | None  # your side's gain per hand, deductions and awards included
    average_deduction: float | None  # over hands that ended with a deduction step
    best_hand: BestHand | None
    streaks: Streaks
    results: tuple[ResultPoint, ...]
    rating: RatingSummary


def record_of(wins: int, games: int) -> Record:
    lo, hi = wilson(wins, games)
    return Record(games=games, wins=wins, win_rate=round(wins / games, 4) if games else None,
                  ci95=(round(lo, 4), round(hi, 4)))


def streaks(results: Sequence[bool]) -> Streaks:
    """Runs of wins and losses, oldest result first."""
    longest = {True: 0, False: 0}
    run, last = 0, None
    for won in results:
        run = run + 1 if won == last else 1
        last = won
        longest[won] = max(longest[won], run)
    current = 0 if last is None else (run if last else -run)
    return Streaks(current=current, longest_wins=longest[True], longest_losses=longest[False])


def compute(games: Iterable[GameEntry]) -> Stats:
    """Every figure of the statistics screen and `allfives stats`."""
    games = list(games)
    mine = sorted((g for g in games if g.you is not None), key=lambda g: (g.started_at, g.updated_at))
    finished = [g for g in mine if g.status == "finished" and g.won is not None]
    tables: dict[tuple[int, bool, str], list[bool]] = {}
    for g in finished:
        tables.setdefault((g.rules.seats, g.rules.partnership, g.opponents), []).append(bool(g.won))
    by_table = tuple(Opponents(seats=seats, partnership=partners, opponents=who,
                               **record_of(sum(won), len(won)).model_dump())
                     for (seats, partners, who), won in sorted(tables.items()))

    gains: list[int] = []
    deductions: list[int] = []
    best: BestHand | None = None
    for g in mine:
        if g.status == "playing":
            continue
        side, you = g.your_side, g.you
        assert side is not None and you is not None
        for number, hand in enumerate(g.hands, start=1):
            if hand.reason is None and g.status != "finished":
                continue  # a hand left unplayed in an abandoned game
            gains.append(hand.gains[side])
            if hand.deductions and g.rules.end_of_hand == "deduct":
                deductions.append(hand.deductions[you])
            if best is None or hand.gains[side] > best.gain:
                best = BestHand(game_id=g.id, hand=number, gain=hand.gains[side], started_at=g.started_at)

    results = []
    wins = 0
    for n, g in enumerate(finished, start=1):
        wins += bool(g.won)
        side = g.your_side
        assert side is not None
        others = max(s for i, s in enumerate(g.scores) if i != side)
        results.append(ResultPoint(game_id=g.id, finished_at=g.updated_at, won=bool(g.won),
                                   margin=g.scores[side] - others, opponents=g.opponents,
                                   win_rate=round(wins / n, 4)))
    return Stats(
        overall=record_of(wins, len(finished)), by_table=by_table,
        abandoned=sum(1 for g in mine if g.status == "abandoned"),
        playing=sum(1 for g in mine if g.status == "playing"),
        seeded=sum(1 for g in finished if g.seeded),
        hands=len(gains),
        points_per_hand=round(sum(gains) / len(gains), 2) if gains else None,
        average_deduction=round(sum(deductions) / len(deductions), 2) if deductions else None,
        best_hand=best, streaks=streaks([r.won for r in results]), results=tuple(results),
        rating=summary(games))


class ScorePoint(BaseModel):
    """The scores after a move that changed them (or at a deal), for the score-through-the-game chart."""

    model_config = ConfigDict(frozen=True)
    step: int  # moves made in the whole game so far
    hand: int
    scores: tuple[int, ...]  # per side


def score_series(game: GameState) -> tuple[ScorePoint, ...]:
    """The scores through a game: at each deal, after every scoring play and every hand's end."""
    points: list[ScorePoint] = []
    step = 0
    last: tuple[int, ...] | None = None
    hand_now = 0
    for hand, _, table, _ in walk(game):
        scores = tuple(table.scores)
        if hand != hand_now or scores != last:
            points.append(ScorePoint(step=step, hand=hand, scores=scores))
            hand_now, last = hand, scores
        step += 1
    final = tuple(game.scores)
    if final != last or not points:
        points.append(ScorePoint(step=step, hand=max(1, game.hand_number), scores=final))
    return tuple(points)
