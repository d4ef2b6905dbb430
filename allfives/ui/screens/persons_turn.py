"""The person's side of the table: clicks and keys, each one a pure step of turn.py, and the hint.

`PersonsTurn` is a part of the game screen (a mixin before `Screen` in its bases): it reads the
screen's `turn` (the person's `TurnState`), `seen` (what they may see) and `view`, and hands each
step back to `step`, which shows the turn or makes its move through the screen's `apply`. Nothing
here decides what happens after a move: that is the table's flow (play/flow.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from textual import work
from textual.actions import SkipAction

from allfives.i18n import _, end_for_letter
from allfives.play import flow as table_flow
from allfives.play.flow import Position
from allfives.play.undo import undo_refusal
from allfives.ui.model import turn as steps
from allfives.ui.model.hand_order import arrange, next_order
from allfives.ui.model.turn import Step

from ..commands import BY_ID, ENDS
from ..messages import HintReady

# the single letters the table's other commands take (o: sort the hand): an end letter that is one of
# these is an end only while a tile is chosen
COMMAND_LETTERS = frozenset(key.lower() for command in BY_ID.values() if command not in ENDS
                            for key in command.keys.split(",") if len(key) == 1)


def end_by_key(letter: str, chosen: bool) -> str | None:
    """The end (W/E/N/S) a letter key chooses now, or None when the key is not an end's: the letter
    names no end in the language spoken, or it is also a command's key (Dutch and Portuguese `o`
    sorts the hand) and no tile is chosen. While a tile is chosen the end letters win, as the prompt
    then asks for an end."""
    end = end_for_letter(letter)
    if end is None or (letter.lower() in COMMAND_LETTERS and not chosen):
        return None
    return end

if TYPE_CHECKING:
    from allfives.engine import Move, SeatView
    from allfives.play.flow import Flow
    from allfives.play.game_session import GameSession
    from allfives.ui.model.turn import TurnState
    from allfives.ui.model.view import TableView

    from ..table_choices import TableChoices
    from ..widgets.board import Board
    from ..widgets.boneyard import Boneyard
    from ..widgets.hand import Hand


class PersonsTurn:
    """The person's keys and clicks at the table (the game screen's bindings name these actions)."""

    if TYPE_CHECKING:  # what the game screen holds and does
        session: GameSession
        flow: Flow
        turn: TurnState
        seen: SeatView
        view: TableView | None
        viewer: int
        revealed: bool
        closed: bool

        @property
        def my_turn(self) -> bool: ...
        @property
        def position(self) -> Position: ...
        @property
        def can_undo_here(self) -> bool: ...
        @property
        def choices(self) -> TableChoices: ...

        def show(self) -> None: ...
        def keep_choices(self, choices: TableChoices) -> None: ...
        def apply(self, move: Move) -> bool: ...
        def take_back(self, seat: int) -> None: ...

    def step(self, step: Step) -> None:
        """Take a step of the person's turn: make its move, or show where the turn stands."""
        self.turn = step.turn
        if step.move is not None:
            self.apply(step.move)
        else:
            self.show()

    def _mine_or_wait(self) -> bool:
        """It is the person's turn; if not, say whose it is."""
        if self.my_turn:
            return True
        if self.session.waiting == "bot" and self.view is not None:
            name = self.session.setup.players[self.view.turn].name
            self.step(Step(self.turn.told(_("Wait: it is {name}'s turn.").format(name=name))))
        return False

    # -- clicks on the table's widgets ------------------------------------------------------------------

    def on_hand_tile_chosen(self, event: Hand.TileChosen) -> None:
        event.stop()
        if self._mine_or_wait():
            self.step(steps.choose_tile(self.turn, self.seen, event.tile))

    def on_hand_order_clicked(self, event: Hand.OrderClicked) -> None:
        event.stop()
        self.action_sort_hand()

    def on_board_end_chosen(self, event: Board.EndChosen) -> None:
        event.stop()
        self.action_end(event.end)

    def on_board_missed_end(self, event: Board.MissedEnd) -> None:
        event.stop()
        if self.my_turn:
            self.step(steps.missed_end(self.turn, self.seen))

    def on_boneyard_draw_requested(self, event: Boneyard.DrawRequested) -> None:
        event.stop()
        self.action_draw()

    # -- actions (keys, footer, command palette) ---------------------------------------------------------

    def action_cursor(self, step: int) -> None:
        if self.view is not None and not self.view.hand.hidden:
            self.turn = steps.move_cursor(self.turn, self.seen, step)
            self.show()

    def action_choose(self) -> None:
        if self._mine_or_wait():
            self.step(steps.choose(self.turn, self.seen))

    def action_cycle_end(self, step: int) -> None:
        if self.my_turn:
            self.turn = steps.cycle_end(self.turn, self.seen, step)
            self.show()

    def action_end(self, end: str) -> None:
        """Play the chosen tile on `end` (W/E/N/S, as the engine names it: a click on the board)."""
        if self.my_turn:
            self.step(steps.choose_end(self.turn, self.seen, end))

    def end_key_now(self, letter: object) -> bool:
        """This end letter's key chooses an end now (else the key is left to its other command)."""
        return end_by_key(str(letter), self.turn.chosen is not None) is not None

    def action_end_key(self, letter: str) -> None:
        """An end letter's key (END_LETTERS): the end it names in this language; a key that names no end
        now is passed on (SkipAction), so the key's other command runs (`o` sorts the hand)."""
        end = end_by_key(letter, self.turn.chosen is not None)
        if end is None:
            raise SkipAction()
        self.action_end(end)

    def action_deselect(self) -> None:
        if self.my_turn:
            self.step(steps.deselect(self.turn, self.seen))

    def action_draw(self) -> None:
        if self.my_turn:
            self.step(steps.draw(self.turn, self.seen))

    def action_undo(self) -> None:
        """`u`: take back your last play and every move after it (the bots' replies, draws)."""
        setup = self.session.setup
        if self.closed or not setup.people:
            return
        if table_flow.may_take_back(self.flow, self.viewer, table_flow.takes_back(self.session)):
            self.take_back(self.viewer)
            return
        if not self.can_undo_here:
            why = _("Moves stand at this table: none can be taken back.")
        elif not self.revealed:
            why = _("Nothing to take back until the terminal is yours.")
        else:
            names = tuple(p.name for p in setup.players)
            why = undo_refusal(self.session.seat_view(self.viewer), setup.people, self.viewer, names)
        self.step(Step(self.turn.told(why, "refusal")))

    # -- how the table shows: the hand's order and the out-count (the window keeps both) -----------------

    def action_sort_hand(self) -> None:
        """`o`: lay the hand out the next way (as dealt, by suit, by pips); the cursor stays on its tile."""
        hand = self.seen.hand
        under = hand[min(self.turn.cursor, len(hand) - 1)] if hand else None
        order = next_order(self.choices.hand_order)
        laid = arrange(self.session.seat_view(self.viewer).hand, order)  # from the hand as dealt
        if under is not None:
            self.turn = replace(self.turn, cursor=laid.index(under))
        self.keep_choices(replace(self.choices, hand_order=order))

    def action_count_out(self) -> None:
        """`c`: show or hide how many of each number's tiles the person has not seen."""
        self.keep_choices(replace(self.choices, show_out=not self.choices.show_out))

    # -- the hint: the hard bot thinks in a thread, for this moment only -----------------------------------

    def action_hint(self) -> None:
        if not self.my_turn:
            self.step(Step(self.turn.told(_("A hint is for your own turn."))))
            return
        self.step(Step(steps.asking_hint(self.turn)))
        self.hint_worker(self.position, self.viewer)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False, description="the hint bot thinks")
    def hint_worker(self, position: Position, seat: int) -> None:
        """The hard bot's move, and why in one line: the review's judgement of it one move ahead."""
        from allfives.bots.analysis import hint_reason  # (the first hint loads it: the table opens without)
        from allfives.bots.knowledge import seen_from_view

        move = self.session.hint(seat)
        why = hint_reason(seen_from_view(self.session.seat_view(seat)), move.to_core())
        self.post_message(HintReady(position, move, why))  # type: ignore[attr-defined]

    def on_hint_ready(self, message: HintReady) -> None:
        if message.position != self.position or not self.my_turn:
            return
        self.turn = steps.hint_arrived(self.turn, self.seen, message.move, message.why)
        self.show()
