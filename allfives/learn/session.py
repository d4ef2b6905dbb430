"""A lesson at the table: a `GameSession` (play/game_session.py) whose deal is the lesson's, whose other
seats play the lesson's script, and which makes a person's move only when it is the one the step asks
for; otherwise it says kindly why not and nothing changes. Nothing is saved or kept in the history: a
lesson is left at any moment with nothing lost. No Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from allfives.engine import Event, Game, HandResult, Hands, IllegalMove, Move, Scored
from allfives.i18n import _
from allfives.play.game_session import WholeGame
from allfives.play.setup import BOT_NAMES, DEFAULT_BOT_DELAY, GameSetup, Player, person_name

from .lesson import Lesson, Step, what_it_makes

Tone = Literal["say", "nudge", "praise", "read"]


class OffLesson(IllegalMove):
    """A move the rules allow but the step does not ask for: its message is the coach's kind words."""


@dataclass(frozen=True)
class Coaching:
    """What the coach says now and how (`say`: the step's line, `nudge`: after a move it did not ask for
    or a hint, `praise`: while the others move, `read`: a step the person reads and goes on from)."""

    text: str
    tone: Tone = "say"
    last: bool = False  # the lesson's last words: going on leaves it
    title: str = ""  # the lesson's, in the person's language
    at: int = 0  # the step, counted from 1, of `steps`
    steps: int = 0


class LessonSession(WholeGame):
    """The lesson's hand, played at the table as a game is; `at` is the step waited for."""

    def __init__(self, lesson: Lesson, bot_delay: float = DEFAULT_BOT_DELAY) -> None:
        self.lesson = lesson
        people = lesson.who.count("person")
        players = tuple(Player(person_name(seat, people), "person") if kind == "person"
                        else Player(BOT_NAMES[seat], "bot", kind) for seat, kind in enumerate(lesson.who))
        self.setup = GameSetup(rules=lesson.rules, players=players, bot_delay=bot_delay)
        state, events = lesson.dealt()
        self.game = Game(state, Hands([events]))
        self.at = 0  # the step waited for
        self.coming: tuple[Move, ...] = ()  # the others' moves still to come, the last step's `then`
        self.told: str | None = None  # the kind words after a move the step did not ask for, or a hint
        self.scored = 0  # what the person's last move scored (praised while the others move)

    # -- the game, as every table asks it (GameSession: state, hands, waiting, seat_view are WholeGame's) --

    def apply(self, move: Move) -> list[Event]:
        """Make the move of the seat to move: a person's only when it is the step's (OffLesson, its
        message the kind words, otherwise), a bot's only when it is the script's next."""
        if (words := self.refusal(move)) is not None:
            raise OffLesson(words)
        expected = self.expected()
        if expected is None:
            raise IllegalMove("the lesson waits for nothing more here")
        if not self._same(move, expected):
            raise IllegalMove(f"the lesson's script has {expected} next, not {move}")
        self.game, events = self.game.apply(expected)
        if self.coming:
            self.coming = self.coming[1:]
        else:  # the person's own step is done: the others' moves after it come next
            step = self.lesson.steps[self.at]
            self.at += 1
            self.coming = tuple(Move.model_validate(m) for m in step.then)
            self.told = None
            self.scored = sum(ev.points for ev in events if isinstance(ev, Scored))
        return events

    def think(self) -> Move:
        """The other seat's move: the script's next (the lesson's bot never chooses)."""
        expected = self.expected()
        if expected is None or self.setup.players[self.state.turn].is_person:
            raise IllegalMove("no scripted move is due")
        return expected

    def hint(self, seat: int) -> Move:
        """The move the step asks for (and the coach says how: `told`)."""
        expected = self.expected()
        if expected is None:
            raise IllegalMove("no move is asked for")
        self.told = self.nudge()
        return expected

    def next_hand(self) -> list[Event]:
        raise IllegalMove("a lesson is one hand")

    def take_notice(self) -> str | None:
        return None

    def flush(self, timeout: float = 30.0) -> None:
        """Nothing to keep: a lesson is never saved."""

    # -- the lesson ---------------------------------------------------------------------------------------

    @property
    def step(self) -> Step | None:
        """The step waited for (None: the lesson is over)."""
        steps = self.lesson.steps
        return steps[self.at] if self.at < len(steps) else None

    def expected(self) -> Move | None:
        """The move that comes next: the others' scripted one, else the step's (None: a step to read)."""
        if self.coming:
            return self.coming[0]
        step = self.step
        if step is None or step.reads or self.state.phase != "playing":
            return None
        return Move.model_validate(step.do)

    def refusal(self, move: Move) -> str | None:
        """The coach's kind words when `move` is not the one the step asks of the person to move (kept
        for the coach to say until the next move), else None."""
        expected = self.expected()
        person = self.setup.players[self.state.turn].is_person
        if expected is None or not person or self._same(move, expected):
            return None
        self.told = self.kind_words(move)
        return self.told

    def _same(self, move: Move, expected: Move) -> bool:
        """The move is the expected one (a play named without its end, where it fits only one, too)."""
        if move == expected:
            return True
        try:
            return self.seat_view(self.state.turn).check(move) == expected
        except IllegalMove:
            return False

    def kind_words(self, move: Move) -> str:
        """Why not this move, kindly: what it would have made, then how the step is done."""
        return " ".join(part for part in (what_it_makes(self.state, move), self.nudge()) if part)

    def nudge(self) -> str:
        step = self.step
        return _(step.otherwise) if step is not None and step.otherwise else ""

    @property
    def reading(self) -> bool:
        """The person reads the step and goes on (the hand is over, nothing more to play)."""
        step = self.step
        return step is not None and step.reads and not self.coming and self.state.phase != "playing"

    def go_on(self) -> bool:
        """Past a step to read; False when there is none to go past now."""
        if not self.reading:
            return False
        self.at += 1
        return True

    @property
    def over(self) -> bool:
        return self.step is None

    def coaching(self) -> Coaching:
        """What the coach says now, and where in the lesson."""
        step, steps = self.step, len(self.lesson.steps)
        title, at = _(self.lesson.title), min(self.at + 1, steps)
        if step is None:
            return Coaching("", "read", last=True, title=title, at=at, steps=steps)
        if self.coming or self.waiting == "bot":
            said = (_("Well done: you scored {points}.").format(points=self.scored) if self.scored
                    else _("Well done."))
            return Coaching(said, "praise", title=title, at=self.at, steps=steps)  # (the step just done)
        if self.told:
            return Coaching(self.told, "nudge", title=title, at=at, steps=steps)
        text = _(step.say).format(**self._numbers())
        if step.reads:
            return Coaching(text, "read", last=self.at == steps - 1, title=title, at=at, steps=steps)
        return Coaching(text, title=title, at=at, steps=steps)

    def _numbers(self) -> dict[str, int]:
        """What a step's words may name, from the engine: the pips the others were left holding and
        what they lose for them (the hand's result), the target."""
        result = next((ev for ev in reversed(self.game.events) if isinstance(ev, HandResult)), None)
        others = [seat for seat, player in enumerate(self.setup.players) if not player.is_person]
        numbers = {"target": self.setup.rules.target}
        if result is not None and others:
            numbers["pips"] = sum(result.remaining_pips[seat] for seat in others)
            numbers["rounded"] = sum(result.rounded[seat] for seat in others)
        return numbers
