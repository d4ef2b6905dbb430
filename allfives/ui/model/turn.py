"""The person's turn as one small frozen value, and the pure steps that change it (no Textual here).

Every step takes the turn so far and what the person may see (their `SeatView`) and returns a
`Step`: the next `TurnState` and the `Move` to make, if any. The screen makes the move and shows
the next state; nothing else about a turn lives in the screen. Refusals are told in the player's
words: "you", never a seat number, and never a tile the person did not choose.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from allfives.engine import AmbiguousMove, HistoryEntry, IllegalMove, Move, SeatView, Tile
from allfives.i18n import _, end_letter, ngettext
from allfives.play.seat import ends_for, must_draw, open_ends_text, playable
from allfives.ui.model.shown import Shown, styled

Tone = Literal["prompt", "refusal", "hint", "info", "done"]


@dataclass(frozen=True, init=False)
class Notice:
    """A line for the status bar: its text (bold and dim only, colours come from the tone). A `str`
    is taken as plain text; `styled` gives our own bold and dim around names."""

    text: Shown
    tone: Tone = "info"

    def __init__(self, text: Shown | str, tone: Tone = "info") -> None:
        object.__setattr__(self, "text", Shown.of(text))
        object.__setattr__(self, "tone", tone)

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
            return Step(turn.told(_("Nothing in your hand fits: draw (the boneyard, or d)."), "refusal"))
        return Step(turn.told(styled(_("[b]{} can't be played:[/b] it matches no open end ({})."),
                                     tile, open_ends_text(seat.layout)), "refusal"))
    try:
        move = seat.check(Move.play(tile))  # with the end it goes on, when it fits only one
    except AmbiguousMove as several:  # picked up: its ends light up
        hinted = turn.hint is not None and turn.hint.tile == tile and turn.hint.end in several.ends
        end = turn.hint.end if hinted and turn.hint is not None else several.ends[0]
        return Step(replace(turn, chosen=tile, end=end))
    except IllegalMove:  # the view and the rules disagree: the session says why
        move = Move.play(tile)
    return Step(turn.fresh(), move)


def choose_end(turn: TurnState, seat: SeatView, end: str) -> Step:
    """An open end was clicked (or named by its key): place the chosen tile there if it fits."""
    tile = turn.chosen
    if tile is None:
        return Step(turn.told(_("Choose a tile from your hand first, then its end."), "prompt"))
    if end in ends_for(seat, tile):
        return Step(turn.fresh(), Move.play(tile, end))
    pip = seat.layout.open_ends.get(end)  # type: ignore[call-overload]
    if pip is None:
        return Step(turn.told(styled(_("[b]Not there:[/b] there is no open {} end (open: {})."),
                                     end_letter(end), open_ends_text(seat.layout)), "refusal"))
    return Step(turn.told(styled(_("[b]Not there:[/b] {} does not fit end {}, which takes a {}."), tile,
                                 end_letter(end), pip), "refusal"))


def missed_end(turn: TurnState, seat: SeatView) -> Step:
    """A click on the board off the end markers."""
    if turn.chosen is None:
        return Step(turn)
    return Step(turn.told(styled(_("Click one of the lit ends to place [b]{}[/b] (Esc puts it back)."),
                                 turn.chosen), "prompt"))


def deselect(turn: TurnState, seat: SeatView) -> Step:
    """Put the chosen tile back in the hand."""
    return Step(replace(turn, chosen=None, end=None, notice=None))


def draw(turn: TurnState, seat: SeatView) -> Step:
    """Draw from the boneyard: only with nothing to play, and while tiles are left."""
    if Move.draw() in seat.legal_moves:
        return Step(turn.fresh(), Move.draw())
    if seat.boneyard_count == 0:
        return Step(turn.told(styled(_("[b]No drawing now:[/b] the boneyard is empty.")), "refusal"))
    return Step(turn.told(styled(_("[b]No drawing now:[/b] a tile in your hand fits, you may not draw.")),
                          "refusal"))


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
    return turn.told(_("Thinking of a hint…"))


def hint_arrived(turn: TurnState, seat: SeatView, move: Move, why: str | None = None) -> TurnState:
    """The hint bot's move: its tile under the cursor (picked up when it fits several ends), and why
    in one line when the judgement has a reason (`Hint: 6-4 on E — scores 15 and leaves 5 on the
    ends.`, short enough for 80 columns; without one, how to play it)."""
    if move.kind != "play" or move.tile is None or move.tile not in seat.hand:
        if move.kind == "draw":
            return replace(turn, hint=move,
                           notice=Notice(_("Hint: draw (click the boneyard or press d)."), "hint"))
        return replace(turn, hint=move, notice=Notice(_("Hint: pass."), "hint"))
    several = fits_several(seat, move.tile)
    end = end_letter(move.end) if move.end else ""
    if end and why:
        notice = Notice(styled(_("Hint: [b]{}[/b] on {} — {}."), move.tile, end, why), "hint")
    elif why:
        notice = Notice(styled(_("Hint: [b]{}[/b] — {}."), move.tile, why), "hint")
    elif end:
        notice = Notice(styled(_("Hint: play [b]{}[/b] on {} — Enter plays it."), move.tile, end), "hint")
    else:
        notice = Notice(styled(_("Hint: play [b]{}[/b] — Enter plays it."), move.tile), "hint")
    return TurnState(chosen=move.tile if several else None, end=move.end if several else None,
                     cursor=seat.hand.index(move.tile), hint=move, notice=notice)


def fits_several(seat: SeatView, tile: Tile) -> bool:
    """The engine's word on whether playing `tile` needs an end named (it fits more than one)."""
    try:
        seat.check(Move.play(tile))
    except AmbiguousMove:
        return True
    except IllegalMove:
        return False
    return False


# -- taking a play back ------------------------------------------------------------------------------


def taken_back(history: tuple[HistoryEntry, ...], back: int, names: tuple[str, ...]) -> Shown:
    """`You took back 4-3 and Ben's reply.` (the moves as they were before being taken back)."""
    mine = history[len(history) - back].move
    after = history[len(history) - back + 1:]
    if not after:
        return styled(_("You took back [b]{}[/b]."), mine.tile)
    if len(after) == 1:
        return styled(_("You took back [b]{}[/b] and {}'s reply."), mine.tile, names[after[0].seat])
    since = ngettext("You took back [b]{}[/b] and the {} move since.",
                     "You took back [b]{}[/b] and the {} moves since.", len(after))
    return styled(since, mine.tile, len(after))
