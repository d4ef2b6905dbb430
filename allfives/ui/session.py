"""The game being played: state, players, moves applied, events kept per hand, saved after every move.

This is the one place game flow lives (the game screen only schedules it); it never imports Textual.
"""

from __future__ import annotations

from typing import Literal, Protocol

from allfives.engine import (
    Drew,
    Event,
    GameState,
    GameWon,
    HandDealt,
    HandResult,
    Move,
    Passed,
    Played,
    Scored,
    SeatView,
    replay,
    to_record,
)

from .save import SavedGame, SaveStore
from .setup import SEEDED_SIMULATIONS, GameSetup

Waiting = Literal["person", "bot", "hand_over", "game_over"]


class Bot(Protocol):
    def choose(self, view: SeatView) -> Move: ...


def make_bot(level: str, seed: int | None = None, simulations: int | None = None,
             time_budget: float = 1.0) -> Bot:
    """A bot from allfives.bots (thinking is done by the caller, in a worker thread)."""
    from allfives.bots import make_bot as make

    return make(level, seed=seed, simulations=simulations, time_budget=time_budget)


def thinking_budget(bot_delay: float) -> float:
    """Hard thinks by the clock for no longer than the bot delay (at most 1 s, at least 0.3 s).

    Every bot's move then lands at the same moment after its turn began, forced or not, so
    nobody learns from a bot's speed that it had only one move.
    """
    return min(1.0, max(0.3, bot_delay))


class Session:
    """A game in play: apply moves for whoever's turn it is and remember what happened."""

    def __init__(self, setup: GameSetup, state: GameState, hands: list[list[Event]],
                 store: SaveStore | None = None) -> None:
        self.setup = setup
        self.state = state
        self.hands = hands  # every event, hand by hand, HandDealt first
        self.store = store
        self.save_error: str | None = None
        self.save_error_new = False

    @classmethod
    def new(cls, setup: GameSetup, store: SaveStore | None = None) -> Session:
        state = GameState.new(setup.rules, setup.seed)
        session = cls(setup, state, [[HandDealt(hand_number=1, leader=state.leader)]], store)
        session.save()
        return session

    @classmethod
    def resume(cls, saved: SavedGame, store: SaveStore | None = None) -> Session:
        """Rebuild every hand's events (for the scoresheet and log) by replaying the saved record."""
        state, hands = replay(to_record(saved.state))
        return cls(saved.setup, state, [list(h) for h in hands], store)

    # -- questions ------------------------------------------------------

    @property
    def waiting(self) -> Waiting:
        phase = self.state.phase
        if phase == "playing":
            return "person" if self.setup.players[self.state.turn].is_person else "bot"
        return "hand_over" if phase == "hand_over" else "game_over"

    @property
    def events(self) -> list[Event]:
        """The current hand's events."""
        return self.hands[-1]

    def name(self, seat: int) -> str:
        return self.setup.players[seat].name

    def bot(self, seat: int) -> Bot:
        """The bot for this seat's next decision; seeded games derive its seed from the move number."""
        level = self.setup.players[seat].level
        n = len(self.state.log[-1].moves)
        seed = self.setup.bot_seed(self.state.hand_number, n)
        return make_bot(level, seed=seed, simulations=SEEDED_SIMULATIONS if self.setup.seeded else None,
                        time_budget=thinking_budget(self.setup.bot_delay))

    def hint_bot(self) -> Bot:
        """The hard bot that suggests a move to a person: seeded games get a repeatable hint."""
        seed = self.setup.bot_seed(self.state.hand_number, -1)
        return make_bot("hard", seed=seed, simulations=SEEDED_SIMULATIONS if self.setup.seeded else None)

    def last_actions(self) -> dict[int, str]:
        """What each seat did last in this hand, in a few words, for the seat panels."""
        out: dict[int, str] = {}
        drawn: dict[int, int] = {}
        for ev in self.events:
            if isinstance(ev, Played):
                out[ev.seat] = f"played {ev.tile}" + (f" {ev.end}" if ev.end else "") + (
                    f"  +{ev.points}" if ev.points else "")
                drawn.pop(ev.seat, None)
            elif isinstance(ev, Drew):
                drawn[ev.seat] = drawn.get(ev.seat, 0) + 1
                out[ev.seat] = f"drew {drawn[ev.seat]}"
            elif isinstance(ev, Passed):
                out[ev.seat] = "passed"
                drawn.pop(ev.seat, None)
        return out

    # -- actions --------------------------------------------------------

    def apply(self, move: Move, seat: int | None = None) -> list[Event]:
        """Make a move (IllegalMove propagates and nothing changes), keep its events, save."""
        self.state, events = self.state.apply(move, seat)
        self.events.extend(events)
        self.save()
        return events

    def next_hand(self) -> list[Event]:
        self.state, events = self.state.next_hand()
        self.hands.append(list(events))
        self.save()
        return events

    def save(self) -> None:
        """Save after every move; a disk that refuses is reported once (`save_error`), play goes on."""
        if self.store is None:
            return
        try:
            self.store.save(self.state, self.setup)
        except OSError as e:
            if self.save_error is None:
                self.save_error = f"The game could not be saved: {e.strerror or e}. Play goes on."
                self.save_error_new = True
        else:
            self.save_error = None

    def take_save_error(self) -> str | None:
        """A save problem not yet told to the player (each one is told once)."""
        if self.save_error_new:
            self.save_error_new = False
            return self.save_error
        return None


def _says(name: str, verb: str) -> str:
    """`Ada plays`, but `You play`."""
    if name != "You":
        return f"{name} {verb}"
    first, _, rest = verb.partition(" ")
    base = first[:-2] if first.endswith(("sses", "shes", "ches", "oes")) else first[:-1]
    return f"You {base} {rest}".rstrip()


def describe(event: Event, session: Session, viewer: int | None = None) -> str | None:
    """One game-log line (Rich markup) for an event; a drawn tile is named only to the seat that drew it."""
    name = session.name
    if isinstance(event, HandDealt):
        return f"[b #8fd3e8]Hand {event.hand_number}[/] — {_says(name(event.leader), 'leads')}"
    if isinstance(event, Played):
        where = f"on {event.end}" if event.end else "to lead"
        return f"{_says(name(event.seat), 'plays')} [b]{event.tile}[/b] {where} [dim]· {event.total}[/dim]"
    if isinstance(event, Scored):
        return f"[#a5d6a7]  {_says(name(event.seat), 'scores')} {event.points}[/]"
    if isinstance(event, Drew):
        what = f" {event.tile}" if viewer == event.seat and event.tile is not None else ""
        return f"[dim]{_says(name(event.seat), 'draws')}{what}[/dim]"
    if isinstance(event, Passed):
        return f"[dim]{_says(name(event.seat), 'passes')}[/dim]"
    if isinstance(event, HandResult):
        if event.reason == "domino" and event.out_seat is not None:
            return f"[b]{_says(name(event.out_seat), 'goes out')}[/b]"
        return "[b]The hand is blocked[/b]"
    if isinstance(event, GameWon):
        side = session.setup.side_title(event.side)
        won = "win" if session.setup.rules.partnership or side == "You" else "wins"
        return f"[b #ffd866]{side} {won} the game![/]"
    return None

