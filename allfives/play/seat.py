"""What one seat's view says about its turn, and why a move is refused, in the words of the person at it.

Local play and the shared table refuse moves with the same reasons, so they come from here: "you",
the others by name, never a seat number, and never a tile the person did not choose. No Textual here.
"""

from __future__ import annotations

from collections.abc import Sequence

from allfives.engine import ALL_TILES, AmbiguousMove, IllegalMove, Layout, Move, SeatView, Tile
from allfives.i18n import _, end_letter

END_ORDER = ("W", "E", "N", "S")


def ends_for(seat: SeatView, tile: Tile) -> tuple[str, ...]:
    """The open ends this tile fits, in W, E, N, S order (none for a lead)."""
    return tuple(sorted(seat.layout.accepts(tile), key=END_ORDER.index))


def playable(seat: SeatView) -> frozenset[Tile]:
    """The tiles of the hand that may be played now (none when it is not this seat's turn)."""
    return frozenset(m.tile for m in seat.legal_moves if m.kind == "play" and m.tile is not None)


def must_draw(seat: SeatView) -> bool:
    return seat.legal_moves == (Move.draw(),)


def unseen_counts(seat: SeatView) -> tuple[int, ...]:
    """For each number 0-6, how many of its seven tiles this seat has not seen: neither in its hand
    nor on the table (a tile another seat drew is unseen too). The card counting a good player does."""
    seen = set(seat.hand) | set(seat.layout.tiles())
    return tuple(sum(1 for t in ALL_TILES if n in (t.high, t.low) and t not in seen) for n in range(7))


def open_ends_text(layout: Layout) -> str:
    """`W 4, E 2`: the open ends (by this language's letters) and what each takes."""
    ends = sorted(layout.open_ends.items(), key=lambda item: END_ORDER.index(item[0]))
    return ", ".join(f"{end_letter(end)} {pip}" for end, pip in ends)


def ends_text(ends: Sequence[str]) -> str:
    """`W/E`: ends by this language's letters (`O/Z` in Dutch), for a prompt or a refusal."""
    return "/".join(end_letter(end) for end in ends)


def not_now(seat: SeatView, names: Sequence[str]) -> str | None:
    """Why the person whose view `seat` is may make no move at all now (the hand or the game is over,
    or it is someone else's turn, named), or None when it is their turn."""
    if seat.phase == "game_over":
        return _("the game is over")
    if seat.phase != "playing":
        return _("the hand is over")
    if seat.turn != seat.seat:
        return _("it is {name}'s turn, not yours").format(name=names[seat.turn])
    return None


def refusal(move: Move, seat: SeatView, names: Sequence[str], error: IllegalMove | None = None) -> str:
    """Why `move` may not be made now, told to the person whose view `seat` is: "you", the others by
    name (`names`, seat by seat), never a seat number and never a tile they did not choose (the
    engine's own reasons name both). `error` is the engine's refusal, when there is one: an
    `AmbiguousMove` says which ends the tile fits.

    The one place a refusal becomes a person's words: a local game and a network table say the same.
    """
    if (idle := not_now(seat, names)) is not None:
        return idle
    if isinstance(error, AmbiguousMove):
        return _("{tile} fits {ends}: say which end").format(tile=move.tile, ends=ends_text(error.ends))
    if move.kind == "draw":
        if seat.boneyard_count == 0:
            return _("the boneyard is empty")
        return _("a tile in your hand fits, and you may not draw while one does")
    if move.kind == "pass":
        if must_draw(seat):
            return _("nothing fits, so draw from the boneyard first")
        return _("a tile in your hand fits: play it")
    tile = move.tile
    if tile is None or tile not in seat.hand:
        return _("{tile} is not in your hand").format(tile=tile)
    ends = ends_for(seat, tile)
    if not ends and not seat.layout.empty:
        return _("{tile} matches no open end ({ends})").format(tile=tile, ends=open_ends_text(seat.layout))
    if move.end is not None and move.end not in ends:
        return _("{tile} does not fit end {end}").format(tile=tile, end=end_letter(move.end))
    return _("that move does not fit the table just now")
