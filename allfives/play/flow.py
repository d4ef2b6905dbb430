"""The table's flow as a value: what happens next at a table, worked out by pure steps. No Textual here.

Between the person's moves a table goes on by itself: a bot thinks, the terminal is handed to the
next person, the final board stays in view a moment before the score panel covers it, the next hand
is dealt, the game-over screen opens. `Flow` is where that stands (whose hand is at the bottom and
whether it shows, the dialog open or put aside, the final board's pause, a bot's move held while the
table was covered, the moves taken back so far); `Facts` is what the session says now and whether
the table can be seen. Each transition takes the flow (and the facts) and returns the next flow and
one directive (`Think`, `HandOver`, `ShowResult`, `Pause`, `Deal`, ...). The game screen carries
directives out with a worker, a dialog or a timer and decides nothing itself, as the steps of
ui/model/turn.py decide the person's turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from allfives.engine import HandResult, Move
from allfives.play.game_session import GameSession, Undoable, Waiting

if TYPE_CHECKING:
    from allfives.engine import SeatView

Position = tuple[int, int, int]  # (hands dealt, events in the hand in play, undos): a moment of the game
Dialog = Literal["handover", "result", "game_over"]  # the table's own dialogs
Aside = Literal["result", "game_over"]  # the dialogs that may be put aside to look at the table


@dataclass(frozen=True)
class Facts:
    """What the flow reads of the game now, from the session, and of the screen (is the table seen?)."""

    waiting: Waiting
    turn: int = 0  # the seat to move
    hand_number: int = 1  # the hand in play
    at: tuple[int, int] = (1, 1)  # hands dealt, events in the hand in play: with the undos, the moment
    people: tuple[int, ...] = (0,)  # the seats of people at this terminal
    result: bool = False  # the hand in play has ended: its result may be shown
    only_pass: bool = False  # the seat to move can only pass (nothing fits, the boneyard is empty)
    takes_back: frozenset[int] = frozenset()  # the people whose undo would take a move back now
    bot_delay: float = 0.0  # the bots' pace; the final board stays in view this long
    dealt: bool = False  # the next hand is dealt at the table and not yet shown (a shared table)
    covered: bool = False  # something covers the table (help, a dialog, the too-small notice)

    @classmethod
    def of(cls, session: GameSession, seen: SeatView, *, covered: bool = False) -> Facts:
        """The facts of a session, `seen` being the view of the hand at the bottom as last shown."""
        hands, waiting, setup = session.hands, session.waiting, session.setup
        events = hands[-1] if hands else ()
        to_move = seen if seen.seat == seen.turn or waiting != "person" else session.seat_view(seen.turn)
        ended = any(isinstance(ev, HandResult) for ev in reversed(events))
        return cls(waiting=waiting, turn=seen.turn, hand_number=seen.hand_number,
                   at=(len(hands), len(events)), people=tuple(setup.people), result=ended,
                   only_pass=waiting == "person" and to_move.legal_moves == (Move.pass_(),),
                   takes_back=takes_back(session), bot_delay=setup.bot_delay, covered=covered)


def takes_back(session: GameSession) -> frozenset[int]:
    """The people at this terminal whose undo the session would make now (none where it cannot undo)."""
    if not isinstance(session, Undoable):
        return frozenset()
    return frozenset(seat for seat in session.setup.people if session.undoable(seat))


@dataclass(frozen=True)
class Flow:
    """Where the table's flow stands between two steps."""

    viewer: int = 0  # whose hand is at the bottom
    revealed: bool = True  # that hand may be seen (at one terminal, once its owner says it is them)
    handed_from: int | None = None  # the person who passed the terminal, while they may take their move back
    dialog: Dialog | None = None  # the table's own dialog now open
    aside: Aside | None = None  # that dialog put aside to look at the table
    result_shown: int = 0  # the last hand whose score panel was opened
    final_seen: Position | None = None  # the moment whose final board has been in view for its pause
    pausing: Position | None = None  # the moment whose final board's pause is running
    thinking: Position | None = None  # the moment a bot is thinking about
    held: tuple[Position, Move] | None = None  # a bot's move that came in while the table was covered
    undos: int = 0  # undos so far: each makes the moments after it new ones
    closed: bool = False  # a new game replaced this one: nothing more happens


# -- directives: what the screen is to do next --------------------------------------------------------


@dataclass(frozen=True)
class Nothing:
    """Nothing until something happens: a move, an answer, the table seen again."""


@dataclass(frozen=True)
class Think:
    """The seat to move, not a person at this terminal, chooses its move for this moment (a bot
    thinks, or the table is heard from); the move comes back to `bot_chose`."""

    seat: int
    position: Position


@dataclass(frozen=True)
class Make:
    """Make this move now: a bot's move held while the table was covered, or one just chosen."""

    move: Move


@dataclass(frozen=True)
class AutoPass:
    """Nothing fits and the boneyard is empty: the person at `seat` passes, and is told so."""

    seat: int


@dataclass(frozen=True)
class HandOver:
    """Hide the hand and ask for the terminal to be passed to `to`; until they take it, `undo_for`
    (the person who passed it) may take back their move. The answer goes to `handed_over`."""

    to: int
    undo_for: int | None = None


@dataclass(frozen=True)
class ShowResult:
    """Open the score panel of the hand that ended; the answer goes to `result_seen`."""

    hand_number: int


@dataclass(frozen=True)
class ShowGameOver:
    """Open the game-over screen; the choice goes to `game_over_chosen`."""


@dataclass(frozen=True)
class Pause:
    """Leave the final board in view `seconds` before a dialog covers it; then `pause_over(moment)`."""

    seconds: float
    moment: Position


@dataclass(frozen=True)
class Deal:
    """Deal the next hand (at a shared table: say this seat is ready, or show the deal the table made)."""


@dataclass(frozen=True)
class TakeBack:
    """Take back `seat`'s last play and every move since, stopping any thinking; then `undone`."""

    seat: int


@dataclass(frozen=True)
class PutAside:
    """The score panel or the game-over screen steps aside: the table shows, with a way back."""

    what: Aside


@dataclass(frozen=True)
class Leave:
    """The game is over and the person leaves it: for a new game, or out of the app."""

    new_game: bool


Directive = (Nothing | Think | Make | AutoPass | HandOver | ShowResult | ShowGameOver | Pause | Deal
             | TakeBack | PutAside | Leave)
NOTHING = Nothing()
Stepped = tuple[Flow, Directive]


# -- the transitions --------------------------------------------------------------------------------------


def start(people: Sequence[int]) -> Flow:
    """A table's flow before anything happened: the first person's hand at the bottom, hidden while
    several people share the terminal."""
    return Flow(viewer=people[0] if people else 0, revealed=len(people) <= 1)


def now(flow: Flow, facts: Facts) -> Position:
    """The moment of the game: moves taken back make the moments after them new ones, so a bot's move
    thought about before an undo never lands after it, even where the hand has as many events again."""
    return (*facts.at, flow.undos)


def step(flow: Flow, facts: Facts) -> Stepped:
    """Whatever comes next: a bot thinks, a person is prompted (or passes), the terminal is handed
    over, the final board's pause, the score panel, the game-over screen, the shared table's deal.

    Safe to take at any time: behind a cover, an open dialog or one put aside nothing happens, and
    no bot is asked twice about one moment."""
    if flow.closed:
        return flow, NOTHING
    if (facts.dealt and facts.waiting == "hand_over" and flow.result_shown >= facts.hand_number
            and flow.dialog is None and not facts.covered):
        return flow, Deal()  # the score panel was seen here, and the table has dealt (even if put aside)
    if flow.aside is not None and facts.waiting not in ("hand_over", "game_over"):
        flow = replace(flow, aside=None)  # the game went on without it (a shared table dealt)
    if facts.covered or flow.dialog is not None or flow.aside is not None:
        return flow, NOTHING
    moment = now(flow, facts)
    if facts.waiting == "bot":
        held, flow = flow.held, replace(flow, held=None)
        if held is not None and held[0] == moment:
            return flow, Make(held[1])
        if flow.thinking == moment:
            return flow, NOTHING
        return replace(flow, thinking=moment), Think(facts.turn, moment)
    if facts.waiting == "person":
        if facts.turn != flow.viewer or not flow.revealed:
            if len(facts.people) > 1:
                before = flow.viewer
                undo_for = before if before != facts.turn and before in facts.takes_back else None
                return (replace(flow, viewer=facts.turn, revealed=False, handed_from=undo_for,
                                dialog="handover"), HandOver(facts.turn, undo_for))
            flow = replace(flow, viewer=facts.turn)
        return flow, AutoPass(facts.turn) if facts.only_pass else NOTHING
    if facts.result and flow.result_shown < facts.hand_number:
        flow, pause = _final_board(flow, facts, moment)
        if pause is not None:
            return flow, pause
        return replace(flow, result_shown=facts.hand_number, dialog="result"), ShowResult(facts.hand_number)
    if facts.waiting == "game_over":
        flow, pause = _final_board(flow, facts, moment)
        if pause is not None:
            return flow, pause
        return replace(flow, dialog="game_over"), ShowGameOver()
    return flow, NOTHING


def _final_board(flow: Flow, facts: Facts, moment: Position) -> tuple[Flow, Directive | None]:
    """The hand's last play stays on the board for the bot delay before a dialog covers it (with no
    delay nothing waits): a pause to begin or still running, or None once it is over."""
    if flow.final_seen == moment or facts.bot_delay <= 0:
        return flow, None
    if flow.pausing == moment:
        return flow, NOTHING
    return replace(flow, pausing=moment), Pause(facts.bot_delay, moment)


def pause_over(flow: Flow, facts: Facts, moment: Position) -> Stepped:
    """The final board's pause for `moment` is over: on with the dialog, if the game is still there."""
    flow = replace(flow, pausing=None)
    if moment != now(flow, facts):
        return flow, NOTHING
    return step(replace(flow, final_seen=moment), facts)


def bot_chose(flow: Flow, facts: Facts, position: Position, move: Move) -> Stepped:
    """A bot's move (or the table's) for `position` came in: it is made now, held while the table is
    covered, or dropped if the game moved on meanwhile (a new game, a move taken back)."""
    if flow.closed or position != now(flow, facts):
        return flow, NOTHING
    flow = replace(flow, thinking=None)
    if facts.covered:
        return replace(flow, held=(position, move)), NOTHING
    return flow, Make(move)


def thought_failed(flow: Flow) -> Flow:
    """The bot thinking about this moment failed: it may be asked again."""
    return replace(flow, thinking=None)


def handed_over(flow: Flow, facts: Facts, answer: str | None) -> Stepped:
    """The person the terminal was passed to says it is them (their hand shows); or the one who
    passed it takes back their move (`answer` "undo") and keeps the terminal."""
    before = flow.handed_from
    flow = replace(flow, dialog=None, handed_from=None)
    if answer == "undo" and before is not None and may_take_back(flow, before, facts.takes_back):
        return flow, TakeBack(before)
    return step(replace(flow, revealed=True), facts)


def result_seen(flow: Flow, facts: Facts, answer: str | None) -> Stepped:
    """The score panel is answered: put aside to look at the table ("table"), or seen, and the next
    hand is dealt (at a game's end, the game-over screen follows)."""
    flow = replace(flow, dialog=None)
    if answer == "table":
        return replace(flow, aside="result"), PutAside("result")
    if facts.waiting == "hand_over":
        return flow, Deal()
    return step(flow, facts)


def game_over_chosen(flow: Flow, choice: str | None) -> Stepped:
    """The game-over screen is answered: put aside ("table"), a new game ("new"), or quit."""
    flow = replace(flow, dialog=None)
    if choice == "table":
        return replace(flow, aside="game_over"), PutAside("game_over")
    return flow, Leave(new_game=choice == "new")


def bring_back(flow: Flow, facts: Facts) -> Stepped:
    """`t`: the dialog put aside comes back (or, if the game went on without it, play does)."""
    what = flow.aside
    if what is None or flow.closed:
        return flow, NOTHING
    flow = replace(flow, aside=None)
    if what == "result" and facts.result:
        return replace(flow, result_shown=facts.hand_number, dialog="result"), ShowResult(facts.hand_number)
    if facts.waiting == "game_over":
        return replace(flow, dialog="game_over"), ShowGameOver()
    return step(flow, facts)


def may_take_back(flow: Flow, seat: int, takes_back: frozenset[int]) -> bool:
    """`seat` may take its last play back now: the session would, and at one terminal the hand at
    the bottom is theirs and showing (nobody undoes behind a hidden hand)."""
    return not flow.closed and seat in takes_back and (seat != flow.viewer or flow.revealed)


def undone(flow: Flow, seat: int, hand_number: int, moves: int) -> Flow:
    """`seat` took `moves` back and is at the terminal, hand showing; `hand_number` is the hand in
    play now. The moments after the undo are new ones: no bot's move thought about before lands."""
    flow = replace(flow, held=None, thinking=None, pausing=None)
    if not moves:
        return flow
    return replace(flow, undos=flow.undos + 1, aside=None, viewer=seat, revealed=True,
                   result_shown=min(flow.result_shown, hand_number - 1))


def table_reset(flow: Flow) -> Flow:
    """The whole table came again (a shared table, after coming back): a move held from before is void."""
    return replace(flow, held=None)


def close(flow: Flow) -> Flow:
    """A new game takes over: nothing more happens here, and no late move lands."""
    return replace(flow, closed=True, held=None, thinking=None, pausing=None)
