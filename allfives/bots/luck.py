"""Luck and skill, game by game: what the deals and draws did to each side, and what its play did.

A side's expected margin in a hand (its points less the others' on average, end-of-hand deductions
and awards included) moves with every event. A chance event (a deal, a tile drawn) moves it by the
side's luck; a decision moves it by the mover's skill, which is minus the cost the review already
computes (`analysis.Decision.cost`, from what the mover could see; another side's lost points are
the side's gain, shared among the others when there are more than two sides).

Chance is judged **from all hands**: every hand face up, only the boneyard's order unknown, played
out by the hard bot's own playouts (`policy.playout`) from the tiles as they lay. From one side's
information alone the luck of a deal is only how good its own hand looks, and most of a hand's luck
is in how the hands meet (my 5s against your blanks): judged one side at a time, that part is in
nobody's luck, and on seeded games it left the sum of luck and skill 30-60 points a game away from
the margin. All hands give every side the same value of a position, so what one side gains by
chance another loses.

Between two chance events the decisions move that value by more, or less, than their costs say:
the tiles nobody could see meet each decision (the best move by what the mover knew may lose to the
tiles the others held), and the players play better than the playouts assume of them. That rest is
counted as luck (`hidden`, "unseen tiles": nobody chose it); with it, luck and skill account for each
hand's margin up to the sampling noise of the values (`residual`: over 20 seeded games, mean +0.7,
sd 21 points a game; `benchmarks/analysis.py --only-luck --luck 20 --samples 100`). Measured there
too: most of `hidden` is the evaluation's own gap (how much better the review's best moves are than
the playouts' moves), not the tiles', so it is large when one side's choices cost much by the
review's numbers. A seat not weighed (`account(seats=...)`) is taken to play as the evaluation
would: its moves' effect is in the others' `hidden`. So the verdict weighs every seat (the game-over
screen, the review's luck, `allfives review`): weighing only the person's, the bots' mistakes read as
the person's luck and "your play" could never be positive (on real bot games: benchmarks/verdict.py).

Who leads is part of the deal (`lead`: the edge of leading, whether drawn at random or won by going
out first; the review's evaluation weighs points within a hand, so the lead's edge counts where it
is used).

The cost is a few single playouts per chance event (`luck_samples`: half the review's deals), against
one playout per legal move for every sampled deal of every decision in the review: a few percent of
the review's time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

from pydantic import BaseModel, ConfigDict

from allfives.engine import GameState, core
from allfives.engine.positions import replay
from allfives.i18n import _, pgettext

from . import fast
from .policy import playout

LUCKY_POINTS = 10.0  # a chance event that moves a side's expected margin this much is marked
CoreMove = tuple[int, int, int]
Values = tuple[float, ...]  # one per side


class Chance(BaseModel):
    """One chance event: a deal, or a tile drawn, and how it moved each side's expected margin."""

    model_config = ConfigDict(frozen=True)
    hand: int  # 1-based
    move: int  # the draw's place in the hand's moves (1-based); 0 for the deal
    seat: int  # who drew (the deal: who leads it)
    tile: str | None = None  # the tile drawn
    before: Values  # expected margin of the hand before the event (from all hands; points scored included)
    after: Values  # ... and after it
    luck: Values  # what the event did: a draw's paired on the same deals, so less noisy than after - before
    error: float  # about one standard error of `luck` (sampling)
    value_error: float  # ... and of `before` and `after`

    @property
    def marked(self) -> bool:
        return max(abs(x) for x in self.luck) >= LUCKY_POINTS


class HandChances(BaseModel):
    """What chance did in one hand, weighed before (and apart from) any decision."""

    model_config = ConfigDict(frozen=True)
    hand: int
    moves: int  # how many moves the hand has in the record
    movers: tuple[int, ...] = ()  # the seat that made each move
    forced: tuple[bool, ...] = ()  # ... and whether it was the only legal one
    deal: Chance  # before: the expected margin with only the leader known (the lead's edge)
    draws: tuple[Chance, ...]
    end: Values  # the margin the hand ended with, or (unfinished) the expected margin where it stops
    end_error: float  # 0 for a finished hand
    scored: Values  # the margin actually scored in the hand so far
    finished: bool


class SideLuck(BaseModel):
    """One side over a hand or the game: luck and skill, and how they add up to the margin."""

    model_config = ConfigDict(frozen=True)
    side: int
    lead: float  # the edge of leading the hands it led (a share of the deal's luck)
    dealt: float  # the deals, all hands known
    drawn: float  # the tiles drawn, by anyone
    hidden: float  # the change between chance events that the decisions' costs do not explain
    luck: float  # lead + dealt + drawn + hidden
    noise: float  # about one standard error of `luck` (the values are sampled)
    lost: float  # the side's own decisions' costs (the review's)
    gained: float  # the other sides' costs, this side's share
    skill: float  # gained - lost
    sum: float  # luck + skill
    margin: float  # the real margin: the side's points less the others' (on average), as scored
    residual: float  # the expected margin (the margin, plus an unfinished hand's expected rest) - sum


class HandLuck(BaseModel):
    model_config = ConfigDict(frozen=True)
    hand: int
    sides: tuple[SideLuck, ...]


class LuckAnalysis(BaseModel):
    """Luck and skill per side, hand by hand and for the game, and every chance event weighed."""

    model_config = ConfigDict(frozen=True)
    samples: int
    seats: tuple[int, ...] = ()  # whose decisions were weighed (the others' are in the luck)
    hands: tuple[HandLuck, ...]
    game: tuple[SideLuck, ...]
    chances: tuple[Chance, ...]  # every deal and draw, in order

    def marked(self) -> list[Chance]:
        """The luckiest and unluckiest moments: chance events past `LUCKY_POINTS` for some side."""
        return [c for c in self.chances if c.marked]

    def chance(self, hand: int, move: int) -> Chance | None:
        return next((c for c in self.chances if c.hand == hand and c.move == move), None)


# -- the expected margin from all hands ------------------------------------------------------

def _margins(table: core.Table, start: Sequence[int]) -> list[float]:
    """Each side's gain since `start` less the others' average gain (the two sides' difference)."""
    gains = [s - s0 for s, s0 in zip(table.scores, start, strict=True)]
    total, others = sum(gains), len(gains) - 1
    return [g - (total - g) / others for g in gains]


def _bare(table: core.Table) -> core.Table:
    """A copy to play out from: no history nor arms (playouts need neither, and copy them each time)."""
    bare = table.copy()
    bare.history = []
    bare.layout = bare.layout.copy(arms=False)
    return bare


def _mean(rows: list[list[float]]) -> tuple[Values, float]:
    """Each side's mean, and the largest of their standard errors."""
    n = len(rows)
    means, error = [], 0.0
    for col in zip(*rows, strict=True):
        mean = sum(col) / n
        means.append(_round(mean))
        if n > 1:
            error = max(error, math.sqrt(sum((x - mean) ** 2 for x in col) / (n - 1) / n))
    return tuple(means), round(error, 2)


def _round(x: float) -> float:
    return round(x, 2) + 0.0


def _played_out(table: core.Table, boneyard: list[int], seed: int, start: Sequence[int]) -> list[float]:
    k = fast.compiled()
    if k is not None:
        from .fast.bridge import played_out

        t = core.Table(table.rules)
        t.scores = played_out(k, table, boneyard, seed)
        return _margins(t, start)
    t = table.copy()
    t.boneyard = boneyard
    if t.phase == core.PLAYING:
        playout(t, random.Random(seed))
    return _margins(t, start)


def _value(table: core.Table, start: Sequence[int], samples: int, rng: random.Random) -> tuple[Values, float]:
    """The expected margin: every hand as it is, the boneyard in a random order each time."""
    base = _bare(table)
    rows = []
    for _n in range(samples):
        boneyard = base.boneyard[:]
        rng.shuffle(boneyard)
        rows.append(_played_out(base, boneyard, rng.getrandbits(32), start))
    return _mean(rows)


def _draw(table: core.Table, start: Sequence[int], samples: int, rng: random.Random) -> dict:
    """The `Chance` fields of drawing the boneyard's first tile. Each sample orders the rest of the
    boneyard at random and plays the hand out twice with the same playout noise: once with the tile
    drawn, once with a tile drawn at random from the whole boneyard in its place."""
    base = _bare(table)
    drawn, rest = base.boneyard[0], base.boneyard[1:]
    befores, afters, lucks = [], [], []
    for _n in range(samples):
        order = rest[:]
        rng.shuffle(order)
        instead = rng.choice(base.boneyard)
        other = [instead] + [drawn if t == instead else t for t in order]
        seed = rng.getrandbits(32)
        after = _played_out(base, [drawn, *order], seed, start)
        before = after if instead == drawn else _played_out(base, other, seed, start)
        afters.append(after)
        befores.append(before)
        lucks.append([a - b for a, b in zip(after, before, strict=True)])
    (before_mean, before_error), (after_mean, after_error) = _mean(befores), _mean(afters)
    luck, error = _mean(lucks)
    return {"before": before_mean, "after": after_mean, "luck": luck, "error": error,
            "value_error": max(before_error, after_error)}


def _lead(table: core.Table, start: Sequence[int], samples: int, rng: random.Random) -> tuple[Values, float]:
    """The expected margin before the deal: random deals, the same leader, the same scores."""
    rows = []
    for _n in range(samples):
        t = core.Table(table.rules)
        t.scores = list(table.scores)
        t.hand_index = table.hand_index - 1
        tiles = list(range(28))
        rng.shuffle(tiles)
        n, seats = table.rules.hand_size, table.rules.seats
        t.start_hand([tiles[i * n:(i + 1) * n] for i in range(seats)], tiles[seats * n:], table.leader)
        rows.append(_played_out(t, t.boneyard, rng.getrandbits(32), start))
    return _mean(rows)


# -- every chance event of a game -----------------------------------------------------------

def iter_chances(game: GameState, samples: int) -> Iterator[HandChances]:
    """Each hand's chance events weighed, hand by hand (a worker can stop between hands); each hand on
    its own seeded deals, so the numbers are the same however the work is split."""
    if samples < 1:
        raise ValueError("samples must be at least 1")
    hand = 0
    start: tuple[int, ...] = ()
    rng = random.Random()
    deal: Chance | None = None
    draws: list[Chance] = []
    movers: list[int] = []
    forced: list[bool] = []
    for h, m, table, move in replay(game):
        if h != hand:  # the first step of a hand: the table just dealt
            hand, start, draws, movers, forced = h, tuple(table.scores), [], [], []
            rng = random.Random(f"allfives-luck:{samples}:{h}")
            lead, lead_error = _lead(table, start, samples, rng)
            dealt, dealt_error = _value(table, start, samples, rng)
            deal = Chance(hand=h, move=0, seat=table.turn, before=lead, after=dealt,
                          luck=tuple(_round(a - b) for a, b in zip(dealt, lead, strict=True)),
                          error=round(math.hypot(lead_error, dealt_error), 2), value_error=dealt_error)
        assert deal is not None
        if move is None:  # the hand as it stopped
            scored = tuple(_round(x) for x in _margins(table, start))
            finished = table.phase != core.PLAYING
            end, end_error = (scored, 0.0) if finished else _value(table, start, samples, rng)
            yield HandChances(hand=h, moves=m - 1, movers=tuple(movers), forced=tuple(forced), deal=deal,
                              draws=tuple(draws), end=end, end_error=end_error, scored=scored,
                              finished=finished)
            continue
        movers.append(table.turn)
        forced.append(len(table.legal_moves()) == 1)
        if move[0] == core.DRAW:
            draws.append(Chance(hand=h, move=m, seat=table.turn, tile=core.tile_name(table.boneyard[0]),
                                **_draw(table, start, samples, rng)))


# -- luck and skill ----------------------------------------------------------------------------

class Weighed(Protocol):
    """What `account` needs of a weighed decision (an `analysis.Decision` is one: frozen, so read-only)."""

    @property
    def hand(self) -> int: ...
    @property
    def move(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def forced(self) -> bool: ...
    @property
    def cost(self) -> float: ...


def account(game: GameState, chances: Iterable[HandChances], decisions: Iterable[Weighed], samples: int,
            seats: Iterable[int] | None = None) -> LuckAnalysis:
    """Luck and skill per side from the chance events and the weighed seats' decisions (`seats`: every
    seat when not given).

    A seat not weighed (the bots, in a review of a person's play) is taken to have played as the
    evaluation would: what its moves did is in the others' luck, as a draw is. Raises ValueError when a
    weighed seat's move is not among the decisions."""
    rules = game.rules.to_core()
    sides = rules.sides
    weighed = frozenset(range(rules.seats) if seats is None else seats)
    costs: dict[tuple[int, int], Weighed] = {(d.hand, d.move): d for d in decisions}
    hands = []
    every: list[Chance] = []
    totals = [_Totals() for _s in range(sides)]
    for hc in sorted(chances, key=lambda c: c.hand):
        per_side = [_Totals() for _s in range(sides)]
        every.append(hc.deal)
        every.extend(hc.draws)
        # (lead + dealt: the deal's value)
        variance = hc.deal.value_error ** 2 + sum(c.error ** 2 for c in hc.draws)
        for s in range(sides):
            per_side[s].lead += hc.deal.before[s]
            per_side[s].dealt += hc.deal.luck[s]
            per_side[s].drawn += sum(c.luck[s] for c in hc.draws)
            per_side[s].margin += hc.scored[s]
            per_side[s].expected += hc.end[s]
        # the stretches between chance events: (after this move, the value then; up to this one, the value)
        marks = [(0, hc.deal.after, hc.deal.value_error)]
        marks += [(c.move, c.after, c.value_error) for c in hc.draws]
        ends = [(c.move, c.before, c.value_error) for c in hc.draws] + [(hc.moves + 1, hc.end, hc.end_error)]
        for (first, after, after_error), (stop, before, before_error) in zip(marks, ends, strict=True):
            lost, chose = [0.0] * sides, False
            for move in range(first + 1, stop):
                d = costs.get((hc.hand, move))
                if d is None:
                    if hc.movers[move - 1] in weighed:
                        raise ValueError(f"hand {hc.hand}, move {move} of a weighed seat is not weighed")
                    chose = chose or not hc.forced[move - 1]  # not weighed: its choices are the others' luck
                    continue
                chose = chose or not d.forced
                lost[rules.side_of(d.seat)] += d.cost
            if not chose:
                continue  # forced moves only: the value cannot have moved, only its estimate's noise
            variance += after_error ** 2 + before_error ** 2
            for s in range(sides):
                gained = sum(lost[o] for o in range(sides) if o != s) / (sides - 1)
                per_side[s].lost += lost[s]
                per_side[s].gained += gained
                per_side[s].hidden += (before[s] - after[s]) - (gained - lost[s])
        for t in per_side:
            t.variance = variance
        hands.append(HandLuck(hand=hc.hand, sides=tuple(t.side(s) for s, t in enumerate(per_side))))
        for s in range(sides):
            totals[s].add(per_side[s])
    whole = tuple(t.side(s) for s, t in enumerate(totals))
    return LuckAnalysis(samples=samples, seats=tuple(sorted(weighed)), hands=tuple(hands), game=whole,
                        chances=tuple(every))


class _Totals:
    def __init__(self) -> None:
        self.lead = self.dealt = self.drawn = self.hidden = 0.0
        self.lost = self.gained = self.margin = self.expected = 0.0
        self.variance = 0.0  # of the luck figure's sampling

    def add(self, other: _Totals) -> None:
        for name in vars(self):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def side(self, side: int) -> SideLuck:
        luck = self.lead + self.dealt + self.drawn + self.hidden
        skill = self.gained - self.lost
        return SideLuck(side=side, lead=_round(self.lead), dealt=_round(self.dealt), drawn=_round(self.drawn),
                        hidden=_round(self.hidden), luck=_round(luck),
                        noise=round(math.sqrt(self.variance), 2), lost=_round(self.lost),
                        gained=_round(self.gained), skill=_round(skill), sum=_round(luck + skill),
                        margin=_round(self.margin), residual=_round(self.expected - luck - skill))


def luck_of(game: GameState, decisions: Iterable[Weighed], samples: int, seats: Iterable[int] | None = None
            ) -> LuckAnalysis:
    """Every chance event weighed and accounted against the decisions of the weighed `seats` (all)."""
    return account(game, iter_chances(game, samples), decisions, samples, seats)



def luck_samples(samples: int) -> int:
    """Playouts a chance value takes beside a review of `samples` deals a decision: half, so the luck
    adds a few seconds to a whole game's review (benchmarks/analysis.py --luck)."""
    return max(1, samples // 2)


# -- the verdict, in words -----------------------------------------------------------------

# One sampled choice's cost moves about this much between sampling seeds at DEFAULT_SAMPLES (400) deals
# a decision (benchmarks/analysis.py --noise), as 1/sqrt of the deals otherwise.
COST_ERROR = 0.7
COST_SAMPLES = 400
ROUNDED_TO = 5  # the verdict's figures: every score is a multiple of 5, and the ± is tens of points


class Weighing(Protocol):
    """What `verdict_error` needs of the analysis the luck was weighed against (a `GameAnalysis`)."""

    @property
    def samples(self) -> int: ...
    @property
    def decisions(self) -> Sequence[Weighed]: ...


def verdict_error(side: SideLuck, analysis: Weighing) -> float:
    """About two standard errors of the verdict's two figures (they add up to the margin, so they share
    one): the chance values' sampling (`noise`) and every sampled choice's cost's (an exact or forced
    one has none). At the review's 400 deals a decision it is some tens of points: the figures move
    that much between sample sizes, so they are said rounded, with it."""
    sampled = sum(1 for d in analysis.decisions if not d.forced and not getattr(d, "exact", False))
    costs = COST_ERROR ** 2 * COST_SAMPLES / analysis.samples * sampled
    return 2 * math.sqrt(side.noise ** 2 + costs)


def _rounded(points: float, to: int = ROUNDED_TO) -> int:
    return int(round(points / to)) * to


def verdict(side: SideLuck, sides: int, who: str = "", finished: bool = True, you: bool = False,
            partners: str = "", error: float | None = None) -> str:
    """`You lost by 40: the deals and draws cost you 55, your play gained 15`; with `error` (the figures'
    ± from `verdict_error`) they are rounded to 5 and it follows them: `... gained 15 (± 30)`.

    The margin is the real one and the two parts add up to it: the play's part is the skill, the
    chance's the rest (the measured luck, give or take the residual, its sampling noise). `who` is
    the side's title (`Ada`, `Kim & Lou`); `you`: the side is the one person's at the table, told as
    "you" whatever their name (with `partners`, the others on their side: `You and Cleo won by 40`).
    More than two sides are weighed against the others' average."""
    margin = round(side.margin)
    skill = round(side.skill) if error is None else _rounded(side.skill)
    chance = margin - skill if finished else round(side.luck) if error is None else _rounded(side.luck)
    n = abs(margin)
    if you:
        head = _your_head(margin, sides, finished, partners)
        if partners:
            dealt = (pgettext("your side", "the deals and draws gave you {n}") if chance >= 0
                     else pgettext("your side", "the deals and draws cost you {n}"))
        else:
            dealt = (_("the deals and draws gave you {n}") if chance >= 0
                     else _("the deals and draws cost you {n}"))
        played = _("your play gained {n}") if skill >= 0 else _("your play cost you {n}")
    else:
        if not finished:
            head = (_("{who} leads by {n} so far") if margin > 0 else _("{who} trails by {n} so far")
                    if margin else _("{who} is level so far"))
        elif sides == 2:
            head = (_("{who} won by {n}") if margin > 0 else _("{who} lost by {n}") if margin
                    else _("{who} drew"))
        else:
            head = (_("{who} finished {n} ahead of the others' average") if margin > 0
                    else _("{who} finished {n} behind the others' average") if margin
                    else _("{who} finished level with the others' average"))
        dealt = (_("the deals and draws gave {who} {n}") if chance >= 0
                 else _("the deals and draws cost {who} {n}"))
        played = _("{who}'s play gained {n}") if skill >= 0 else _("{who}'s play cost {n}")
    head = head.format(who=who, n=n, partners=partners)
    deals, play = dealt.format(who=who, n=abs(chance)), played.format(who=who, n=abs(skill))
    if error is None:
        return _("{head}: {deals}, {play}").format(head=head, deals=deals, play=play)
    error = max(ROUNDED_TO, math.ceil(error / ROUNDED_TO) * ROUNDED_TO)
    return _("{head}: {deals}, {play} (± {error})").format(head=head, deals=deals, play=play, error=error)


def _your_head(margin: int, sides: int, finished: bool, partners: str) -> str:
    """The verdict's head said to the person (and their partners): `You won by {n}`."""
    if partners:
        if not finished:
            return (_("You and {partners} lead by {n} so far") if margin > 0
                    else _("You and {partners} trail by {n} so far") if margin
                    else _("You and {partners} are level so far"))
        return (_("You and {partners} won by {n}") if margin > 0 else _("You and {partners} lost by {n}")
                if margin else _("You and {partners} drew"))
    if not finished:
        return (_("You lead by {n} so far") if margin > 0 else _("You trail by {n} so far") if margin
                else _("You are level so far"))
    if sides == 2:
        return (_("You won by {n}") if margin > 0 else _("You lost by {n}") if margin
                else pgettext("a tie", "You drew"))
    return (_("You finished {n} ahead of the others' average") if margin > 0
            else _("You finished {n} behind the others' average") if margin
            else _("You finished level with the others' average"))
