"""What the history keeps of one game: who sat where, the rules, the scores hand by hand, the result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict

from allfives.engine import GameState, HandLog, Rules
from allfives.engine.positions import hand_end, hand_ends

if TYPE_CHECKING:
    from allfives.engine import core

Status = Literal["playing", "finished", "abandoned"]


class Seat(BaseModel):
    """Who sat at a seat: a person, or a bot of some level (the game's `Player.to_json()` reads as one)."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    name: str | None = None  # (a person who gave no name has none: they were "you")
    kind: Literal["person", "bot"] = "bot"
    level: str | None = None

    @property
    def is_person(self) -> bool:
        return self.kind == "person"

    @property
    def label(self) -> str:
        """`person`, or the bot's level."""
        return "person" if self.is_person else (self.level or "bot")


class HandScore(BaseModel):
    """One hand as the scoresheet ends it."""

    model_config = ConfigDict(frozen=True)
    scores: tuple[int, ...]  # per side, after the hand (or after its last move so far)
    gains: tuple[int, ...]  # per side, over the hand: points in play, less deductions, plus awards
    deductions: tuple[int, ...] = ()  # per seat; empty while the hand has not ended
    awards: tuple[int, ...] = ()  # per side (Muggins)
    reason: Literal["domino", "blocked"] | None = None  # None: in play, or cut short by a win
    out_seat: int | None = None


class GameEntry(BaseModel):
    """A game in the history, without its record (`HistoryStore.record` has that)."""

    model_config = ConfigDict(frozen=True)
    id: str
    started_at: str  # ISO 8601, UTC
    updated_at: str
    status: Status
    rules: Rules
    players: tuple[Seat, ...]
    winner: int | None  # the winning side
    scores: tuple[int, ...]
    hands: tuple[HandScore, ...]
    moves: int
    seeded: bool = False  # dealt from a seed: practice, its deals public to anyone who knows the seed
    practice: bool = False  # the person took a hint or a move back: it leaves the rating alone
    rating: tuple[float, float] | None = None  # the person's rating (mu, sigma) after it, stored at its end

    @property
    def you(self) -> int | None:
        """The seat the figures are kept for: the first person at the table (None in a bots' game)."""
        return next((s for s, p in enumerate(self.players) if p.is_person), None)

    @property
    def your_side(self) -> int | None:
        you = self.you
        return None if you is None else self.rules.side_of(you)

    @property
    def opponents(self) -> str:
        """Who played against you, by level: `hard`, `easy+medium`, `person` (hot seat)."""
        side = self.your_side
        found = sorted({p.label for s, p in enumerate(self.players)
                        if side is None or self.rules.side_of(s) != side})
        return "+".join(found)

    @property
    def against(self) -> str:
        """`opponents`, and `· seeded` for a practice game whose deals came from a seed."""
        return f"{self.opponents} · seeded" if self.seeded else self.opponents

    @property
    def won(self) -> bool | None:
        """Whether you won; None until the game is finished or when no person played."""
        if self.winner is None or self.your_side is None:
            return None
        return self.winner == self.your_side


def seats_of(players: Sequence[Seat | Mapping[str, Any]]) -> tuple[Seat, ...]:
    return tuple(p if isinstance(p, Seat) else Seat.model_validate(dict(p)) for p in players)


def hand_scores(game: GameState) -> tuple[HandScore, ...]:
    """Each hand's scores, gains and deductions, from a replay of the game on the fast core."""
    out = []
    before: tuple[int, ...] = (0,) * game.rules.sides
    for table in hand_ends(game):
        out.append(_score(table, before))
        before = out[-1].scores
    return tuple(out)


def hand_score(rules: Rules, before: tuple[int, ...], hand: HandLog) -> HandScore:
    """One hand's `HandScore`, the hand begun at the scores `before` (one hand replayed, not the game)."""
    return _score(hand_end(rules, before, hand), before)


def _score(table: core.Table, before: tuple[int, ...]) -> HandScore:
    """The hand that left `table` as it is, begun at the scores `before`."""
    after = tuple(table.scores)
    gains = tuple(a - b for a, b in zip(after, before, strict=True))
    r = table.result
    if r is None:
        return HandScore(scores=after, gains=gains)
    return HandScore(scores=after, gains=gains, deductions=r.deductions, awards=r.awards,
                     reason=r.reason, out_seat=r.out_seat)
