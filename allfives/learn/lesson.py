"""A lesson as data, and what it says: a fixed deal, the steps (the coach's words, what must happen, the
kind words when something else is tried, the other seats' moves after it), and the engine's word on each.

As Lichess's learn stages: a position, a goal, a hint. The lesson itself is plain values (first_hand.py);
`Lesson.dealt` deals it through the engine, which checks it is a legal deal, and `Lesson.script` is
every move of the hand in order, so a pure test plays it through and nothing is left to a bot's mood.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from allfives.i18n import _, end_letter

if TYPE_CHECKING:
    from allfives.engine import Event, GameState, Move, Rules

GO_ON = "go on"  # a step the person reads, and goes on from (Enter, or the coach's button)


@dataclass(frozen=True)
class Step:
    """One thing the person learns: the coach's line while it waits (`say`, a msgid marked `N_`), what
    must happen (`do`: a move as a record writes it, `5-2 E`, `draw`, or GO_ON), the kind words when
    something else is tried (`otherwise`, a msgid; said after what the tried move would have done), and
    the other seats' moves that follow it, as a record writes them (`then`)."""

    say: str
    do: str
    otherwise: str = ""
    then: tuple[str, ...] = ()

    @property
    def reads(self) -> bool:
        """The person reads this step and goes on: no move is asked for."""
        return self.do == GO_ON


@dataclass(frozen=True)
class Lesson:
    """A hand dealt as written, and its steps in order. `who`: each seat's kind (`person` or a bot's
    level); the bots' moves are the steps' `then`, never a bot's choice."""

    title: str  # a msgid
    hands: tuple[str, ...]  # each seat's tiles, `a-b` apart by spaces
    boneyard: str  # drawn from in this order
    leader: int
    who: tuple[str, ...]
    steps: tuple[Step, ...]
    hand_size: int

    @property
    def rules(self) -> Rules:
        """The rules the lesson is played by: the usual ones for its seats, with its hand size."""
        from allfives.engine import Rules

        return Rules(seats=len(self.hands), hand_size=self.hand_size)

    def dealt(self) -> tuple[GameState, list[Event]]:
        """The hand dealt as written (IllegalMove when it is no legal deal: a tile twice or missing, a
        hand of the wrong size)."""
        from allfives.engine import GameState

        return GameState.empty(self.rules).start_hand([h.split() for h in self.hands], self.boneyard.split(),
                                                      self.leader)

    @property
    def script(self) -> tuple[str, ...]:
        """Every move of the hand in order: each step's own (but GO_ON), then the moves after it."""
        own = ((step.do,) if not step.reads else () for step in self.steps)
        return tuple(move for mine, step in zip(own, self.steps, strict=True) for move in mine + step.then)


def what_it_makes(state: GameState, move: Move) -> str:
    """What a tried play would do, in a sentence (`5-4 on E would make the ends add up to 7: no
    points.`): the engine plays it on a copy, so the total is the rules' own. '' for anything else."""
    if move.kind != "play" or move.tile is None:
        return ""
    from allfives.engine import IllegalMove, Played

    try:
        _after, events = state.apply(move)
    except IllegalMove:
        return ""
    played = next((ev for ev in events if isinstance(ev, Played)), None)
    if played is None:
        return ""
    if played.end is None:
        said = (_("{tile} to lead would score {points}.") if played.points
                else _("{tile} to lead would make {total}: no points."))
        return said.format(tile=played.tile, total=played.total, points=played.points)
    said = (_("{tile} on {end} would score {points}.") if played.points
            else _("{tile} on {end} would make the ends add up to {total}: no points."))
    return said.format(tile=played.tile, end=end_letter(played.end), total=played.total, points=played.points)
