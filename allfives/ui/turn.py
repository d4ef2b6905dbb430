"""The person's turn as one small frozen value, and the pure steps that change it (no Textual here).

Every step takes the turn so far and what the person may see (their `SeatView`) and returns a
`Step`: the next `TurnState` and the `Move` to make, if any. The screen makes the move and shows
the next state; nothing else about a turn lives in the screen. Refusals are told in the player's
words: "you", never a seat number, and never a tile the person did not choose.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Literal, Protocol

from allfives.engine import HistoryEntry, Layout, Move, SeatView, Tile

from .shown import Shown, styled

END_ORDER = ("W", "E", "N", "S")

Tone = Literal["prompt", "refusal", "hint", "info", "done"]


@dataclass(frozen=True)
class Notice:
    """A line for the status bar: its text (bold and dim only, colours come from the tone). A `str`
    is taken as plain text; `styled` gives our own bold and dim around names."""

    text: Shown
    tone: Tone = "info"

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", Shown.of(self.text))

    @property
    def plain(self) -> str:
        """The text as it reads."""
        return self.text.plain


@dataclass(frozen=True)
class TurnState:
    """What the person has done so far this turn: the tile in hand, the end in focus, the hint."""

    chosen: Tile | None = None  # picked up, waiting for an end
    end: str | None = None  # the end Enter (or a second click on the tile) plays on
    cursor: int = 0  # the keyboard cursor in the hand
    hint: Move | None = None  # what the hint bot suggested
    notice: Notice | None = None  # a refusal or explanation, shown until the next step

    def fresh(self) -> TurnState:
        """A move was made (by anyone): forget the choice and the notice, keep the cursor."""
        return TurnState(cursor=self.cursor)

    def told(self, text: Shown | str, tone: Tone = "info") -> TurnState:
        return replace(self, notice=Notice(text, tone))


@dataclass(frozen=True)
class Step:
    """The outcome of a step: the next turn state and the move to make, if any."""

    turn: TurnState
    move: Move | None = None


# -- what the person's view says about the turn -------------------------------------------------


def ends_for(seat: SeatView, tile: Tile) -> tuple[str, ...]:
    """The open ends this tile fits, in W, E, N, S order (none for a lead)."""
    return tuple(sorted(seat.layout.accepts(tile), key=END_ORDER.index))


def playable(seat: SeatView) -> frozenset[Tile]:
    """The tiles of the hand that may be played now (none when it is not this seat's turn)."""
    return frozenset(m.tile for m in seat.legal_moves if m.kind == "play" and m.tile is not None)


def must_draw(seat: SeatView) -> bool:
    return seat.legal_moves == (Move.draw(),)


def open_ends_text(layout: Layout) -> str:
    """`W 4, E 2`: the open ends and what each takes."""
    ends = sorted(layout.open_ends.items(), key=lambda item: END_ORDER.index(item[0]))
    return ", ".join(f"{end} {pip}" for end, pip in ends)


# -- the steps ------------------------------------------------------------------------------------


def choose_tile(turn: TurnState, seat: SeatView, tile: Tile) -> Step:
    """A tile of the hand was clicked (or chosen with Enter).

    A tile that fits one end (or leads) is played at once; one that fits several is picked up
    and its ends light up; the tile already picked up is played on the focused end.
    """
    if tile not in seat.hand:
        return Step(turn)
    turn = replace(turn, cursor=seat.hand.index(tile), notice=None)
    ends = ends_for(seat, tile)
    if turn.chosen == tile:
        if turn.end in ends:
            return Step(turn.fresh(), Move.play(tile, turn.end))
        return Step(turn)
    if tile not in playable(seat):
        turn = replace(turn, chosen=None, end=None)
        if must_draw(seat):
            return Step(turn.told("Nothing in your hand fits: click the boneyard (or press d) to draw.",
                                  "refusal"))
        return Step(turn.told(styled("[b]{} can't be played:[/b] it matches no open end ({}).",
                                     tile, open_ends_text(seat.layout)), "refusal"))
    if len(ends) <= 1:
        return Step(turn.fresh(), Move.play(tile, ends[0] if ends else None))
    hinted = turn.hint is not None and turn.hint.tile == tile and turn.hint.end in ends
    end = turn.hint.end if hinted and turn.hint is not None else ends[0]
    return Step(replace(turn, chosen=tile, end=end))


def choose_end(turn: TurnState, seat: SeatView, end: str) -> Step:
    """An open end was clicked (or named by its key): place the chosen tile there if it fits."""
    tile = turn.chosen
    if tile is None:
        return Step(turn.told("Choose a tile from your hand first, then the end to put it on.", "prompt"))
    if end in ends_for(seat, tile):
        return Step(turn.fresh(), Move.play(tile, end))
    pip = seat.layout.open_ends.get(end)  # type: ignore[call-overload]
    if pip is None:
        why = f"there is no open {end} end (open: {open_ends_text(seat.layout)})"
    else:
        why = f"{tile} does not fit end {end}, which takes a {pip}"
    return Step(turn.told(styled("[b]Not there:[/b] {}.", why), "refusal"))


def missed_end(turn: TurnState, seat: SeatView) -> Step:
    """A click on the board off the end markers."""
    if turn.chosen is None:
        return Step(turn)
    return Step(turn.told(styled("Click one of the lit ends to place [b]{}[/b] (Esc puts it back).",
                                 turn.chosen), "prompt"))


def deselect(turn: TurnState, seat: SeatView) -> Step:
    """Put the chosen tile back in the hand."""
    return Step(replace(turn, chosen=None, end=None, notice=None))


def draw(turn: TurnState, seat: SeatView) -> Step:
    """Draw from the boneyard: only with nothing to play, and while tiles are left."""
    if Move.draw() in seat.legal_moves:
        return Step(turn.fresh(), Move.draw())
    if seat.boneyard_count == 0:
        return Step(turn.told(styled("[b]No drawing now:[/b] the boneyard is empty."), "refusal"))
    return Step(turn.told(styled("[b]No drawing now:[/b] a tile in your hand fits, and you may not draw "
                                 "while one does."), "refusal"))


def choose(turn: TurnState, seat: SeatView) -> Step:
    """Enter: draw when that is all there is to do, else choose the tile under the cursor."""
    if must_draw(seat):
        return draw(turn, seat)
    if not seat.hand:
        return Step(turn)
    return choose_tile(turn, seat, seat.hand[min(turn.cursor, len(seat.hand) - 1)])


def move_cursor(turn: TurnState, seat: SeatView, step: int) -> TurnState:
    if not seat.hand:
        return turn
    return replace(turn, cursor=(min(turn.cursor, len(seat.hand) - 1) + step) % len(seat.hand))


def cycle_end(turn: TurnState, seat: SeatView, step: int) -> TurnState:
    """Up/down: move the focus round the lit ends of the chosen tile."""
    lit = ends_for(seat, turn.chosen) if turn.chosen is not None else ()
    if not lit:
        return turn
    i = lit.index(turn.end) if turn.end in lit else -step
    return replace(turn, end=lit[(i + step) % len(lit)])


def asking_hint(turn: TurnState) -> TurnState:
    return turn.told("Thinking of a hint…")


def hint_arrived(turn: TurnState, seat: SeatView, move: Move) -> TurnState:
    """The hint bot's move: its tile under the cursor (picked up when it fits several ends)."""
    if move.kind != "play" or move.tile is None or move.tile not in seat.hand:
        what = "draw (click the boneyard or press d)" if move.kind == "draw" else move.kind
        return replace(turn, hint=move, notice=Notice(f"Hint: {what}.", "hint"))
    ends = ends_for(seat, move.tile)
    several = len(ends) > 1
    where = f" on {move.end}" if move.end else ""
    text = styled("Hint: play [b]{}[/b]{} — Enter plays it.", move.tile, where)
    return TurnState(chosen=move.tile if several else None, end=move.end if several else None,
                     cursor=seat.hand.index(move.tile), hint=move, notice=Notice(text, "hint"))


def refusal(move: Move, seat: SeatView) -> str:
    """Why `move` may not be made now, told to the person whose view `seat` is: "you", never a seat
    number, and never a tile they did not choose (the engine's own reasons name both)."""
    if seat.phase != "playing":
        return "the hand is over"
    if seat.turn != seat.seat:
        return "it is not your turn"
    if move.kind == "draw":
        if seat.boneyard_count == 0:
            return "the boneyard is empty"
        return "a tile in your hand fits, and you may not draw while one does"
    if move.kind == "pass":
        if must_draw(seat):
            return "nothing fits, so draw from the boneyard first"
        return "a tile in your hand fits: play it"
    tile = move.tile
    if tile is None or tile not in seat.hand:
        return f"{tile} is not in your hand"
    ends = ends_for(seat, tile)
    if not ends and not seat.layout.empty:
        return f"{tile} matches no open end ({open_ends_text(seat.layout)})"
    if move.end is not None and move.end not in ends:
        return f"{tile} does not fit end {move.end}"
    if move.end is None and len(ends) > 1:
        return f"{tile} fits {' and '.join(ends)}: say which end"
    return "that move does not fit the table just now"


# -- taking a play back ------------------------------------------------------------------------------


class HandInPlay(Protocol):
    """What undo needs of a game (a `GameState`, or a seat's `SeatView`): where play stands, and the
    moves of the hand in play with the seat that made each."""

    @property
    def phase(self) -> str: ...

    @property
    def history(self) -> tuple[HistoryEntry, ...]: ...


def moves_to_take_back(game: HandInPlay, people: Collection[int], seat: int) -> int:
    """How many moves of the hand in play an undo by `seat` takes back: its last play and every move
    made since (the bots' replies, any draws and passes). 0 when there is nothing to take back: no
    play of its own this hand, the game is over, or another person has moved since (at one
    terminal a move is yours to take back only until the next person has acted)."""
    if game.phase == "game_over":
        return 0
    for back, entry in enumerate(reversed(game.history), start=1):
        if entry.seat == seat:
            if entry.move.kind == "play":
                return back
        elif entry.seat in people:
            return 0
    return 0


def undo_refusal(game: HandInPlay, people: Collection[int], seat: int, names: tuple[str, ...]) -> str:
    """Why there is nothing for `seat` to take back, in the player's words."""
    if game.phase == "game_over":
        return "The game is over: its moves stand."
    if not any(entry.seat == seat and entry.move.kind == "play" for entry in game.history):
        return "Nothing to take back: you have not played a tile this hand."
    other = next((e.seat for e in reversed(game.history) if e.seat != seat and e.seat in people), None)
    if other is None:
        return "Nothing to take back just now."
    return f"{names[other]} has moved since your last play: it stands."


def taken_back(history: tuple[HistoryEntry, ...], back: int, names: tuple[str, ...]) -> Shown:
    """`You took back 4-3 and Ben's reply.` (the moves as they were before being taken back)."""
    mine = history[len(history) - back].move
    after = history[len(history) - back + 1:]
    if not after:
        return styled("You took back [b]{}[/b].", mine.tile)
    if len(after) == 1:
        return styled("You took back [b]{}[/b] and {}'s reply.", mine.tile, names[after[0].seat])
    return styled("You took back [b]{}[/b] and the {} moves since.", mine.tile, len(after))
