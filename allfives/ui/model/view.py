"""What the table shows, as frozen data: `TableView`, built by one pure function (no Textual here).

`build_view` reads only what one seat may know — the setup, that seat's `SeatView`, every hand's
events (other seats' drawn tiles may be hidden) — plus the person's `TurnState`; `faces` shows every
hand face up (reviewing a game). Each widget of the game screen draws one part and redraws only when
that part changed, so the parts are small frozen values compared by equality.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from allfives.engine import (
    Drew,
    Event,
    GameWon,
    HandResult,
    Layout,
    Passed,
    Played,
    Scored,
    SeatView,
    Tile,
)
from allfives.i18n import ENDS, _, end_letter
from allfives.play.game_session import Waiting, waiting_for
from allfives.play.seat import END_ORDER, ends_text, unseen_counts
from allfives.play.setup import GameSetup, Player, level_word
from allfives.ui.model.hand_order import HandOrder, arrange
from allfives.ui.model.sheet import HandMemo, Sheet, build_sheet
from allfives.ui.model.shown import Shown, styled
from allfives.ui.model.turn import Notice, TurnState, ends_for, must_draw, playable

from .log import LOG_LINES as LOG_LINES  # (the log's sentences: log.py; named here as before)
from .log import LineKind as LineKind
from .log import LogLine, game_log, winner_said
from .log import log_line as log_line

Place = Literal["top", "left", "right"]


@dataclass(frozen=True)
class HandView:
    """The person's tiles along the bottom."""

    tiles: tuple[Tile, ...] = ()
    playable: frozenset[Tile] = frozenset()  # lit when active; the others are dimmed
    chosen: Tile | None = None
    hint: Tile | None = None
    cursor: int = 0
    hidden: bool = False  # face down: at one terminal, until its owner says it is them
    active: bool = False  # the person is to move
    order: HandOrder | None = None  # how the tiles are laid out, told by its control (None: no control)


@dataclass(frozen=True)
class BoardView:
    """The layout, the ends the chosen tile fits (lit), the focused end and the last play."""

    layout: Layout = field(default_factory=Layout.model_construct)
    lit: frozenset[str] = frozenset()
    focused: str | None = None
    last_play: tuple[str, int] | None = None  # (arm, index); ("lead", -1) for the lead
    points: tuple[tuple[str, int], ...] = ()  # (end, what the chosen tile scores there) for each lit end


@dataclass(frozen=True)
class SeatInfo:
    """Another seat at the table: who, how many tiles, what they did last."""

    seat: int
    name: str
    label: str  # "bot · medium", "person", "partner · bot · medium" (partner first: a cut keeps it)
    tiles: int
    last: str  # what the seat did last this hand
    to_move: bool
    thinking: bool = False
    faces: tuple[Tile, ...] | None = None  # the tiles themselves, when every hand is shown


@dataclass(frozen=True)
class SeatsView:
    """The other seats by place: the top strip, and beside the board when the terminal is wide."""

    top: tuple[SeatInfo, ...] = ()
    left: tuple[SeatInfo, ...] = ()
    right: tuple[SeatInfo, ...] = ()
    wide: bool = False


@dataclass(frozen=True)
class BoneyardView:
    count: int = 0
    must_draw: bool = False  # the person to move has nothing to play
    drawing: str = ""  # a run of draws going on: `Ben drew 3` (the count goes up one draw at a time)


@dataclass(frozen=True)
class TableView:
    """Everything the game screen shows at one moment."""

    hand: HandView
    board: BoardView
    seats: SeatsView
    boneyard: BoneyardView
    sheet: Sheet
    status: Notice
    log: tuple[LogLine, ...]
    waiting: Waiting
    mine: bool  # the person whose hand is shown is to move (and may see it)
    viewer: int
    turn: int
    hand_number: int
    scores: tuple[int, ...]
    result: HandResult | None = None  # how the hand ended, once it has
    winner: int | None = None
    won_with: str = ""  # a game won mid-hand: how (`Ben reached 250 with 6-4.`)
    can_undo: bool = False  # the person may take back their last play (and the moves since)
    out: tuple[int, ...] | None = None  # each number's tiles the person has not seen, when they asked


# -- small rules of presentation ------------------------------------------------------------------



def seat_places(seats: int, wide: bool) -> dict[int, Place]:
    """Where each other seat sits, by how many places after the bottom player it comes in turn order.

    At a real table the next seat is on the left, the one after across, the last on the right; with
    three seats the left and across places (the board keeps more width). Narrow: all in the top strip.
    """
    if not wide:
        return {offset: "top" for offset in range(1, seats)}
    places: dict[int, dict[int, Place]] = {2: {1: "top"}, 3: {1: "left", 2: "top"}}
    return places.get(seats, {1: "left", 2: "top", 3: "right"})


def last_actions(events: Sequence[Event]) -> dict[int, str]:
    """What each seat did last in this hand, in a few words, for the seat panels."""
    out: dict[int, str] = {}
    drawn: dict[int, int] = {}
    for ev in events:
        if isinstance(ev, Played):
            played = (_("played {tile} {end}").format(tile=ev.tile, end=end_letter(ev.end)) if ev.end
                      else _("played {tile}").format(tile=ev.tile))
            out[ev.seat] = played + (f"  +{ev.points}" if ev.points else "")
            drawn.pop(ev.seat, None)
        elif isinstance(ev, Drew):
            drawn[ev.seat] = drawn.get(ev.seat, 0) + 1
            out[ev.seat] = _("drew {n}").format(n=drawn[ev.seat])
        elif isinstance(ev, Passed):
            out[ev.seat] = _("passed")
            drawn.pop(ev.seat, None)
    return out


def last_play(events: Sequence[Event], layout: Layout) -> tuple[str, int] | None:
    """Where the hand's last played tile lies, (arm, index), so the board can mark it."""
    for ev in reversed(events):
        if isinstance(ev, Played):
            if ev.end is None:
                return ("lead", -1)
            return (ev.end, len(layout.arms[ev.end]) - 1)
    return None


def drawing_now(events: Sequence[Event], setup: GameSetup, viewer: int) -> str:
    """`Ben drew 3` while the hand's last moves are one seat's draws (a run going on, or the run
    just ended by that seat's play or pass), else ''."""
    seat: int | None = None
    count = 0
    ended_by: int | None = None  # the seat whose play or pass came right after its draws
    for ev in reversed(events):
        if isinstance(ev, (Scored, HandResult, GameWon)):
            continue
        if isinstance(ev, (Played, Passed)) and ended_by is None and not count:
            ended_by = ev.seat
            continue
        if isinstance(ev, Drew) and seat in (None, ev.seat) and ended_by in (None, ev.seat):
            seat, count = ev.seat, count + 1
            continue
        break
    if seat is None:
        return ""
    if (seat == viewer and setup.players[seat].is_person) or setup.you(seat):
        return _("You drew {n}").format(n=count)
    return _("{name} drew {n}").format(name=setup.players[seat].name, n=count)


def hand_over_text(setup: GameSetup, result: HandResult, events: Sequence[Event]) -> Shown:
    """`Ben goes out with 4-3.` or `Blocked: nobody can play.`"""
    if result.reason == "domino" and result.out_seat is not None:
        last = next((ev for ev in reversed(events) if isinstance(ev, Played)), None)
        who, you = setup.players[result.out_seat].name, setup.you(result.out_seat)
        if last is None:
            return styled(_("You go out: the hand is over.")) if you else styled(
                _("{} goes out: the hand is over."), who)
        if you:
            return styled(_("You go out with [b]{}[/b]: the hand is over."), last.tile)
        return styled(_("{} goes out with [b]{}[/b]: the hand is over."), who, last.tile)
    return Shown.of(_("Blocked: nobody can play, the hand is over."))


def game_over_headline(setup: GameSetup, scores: Sequence[int], winner: int | None,
                       won_with: str = "") -> str:
    """`Ada wins!     You 120   Ada 255` (a game won mid-hand says how first: `won_with`)."""
    totals = "   ".join(f"{setup.side_title(s)} {v}" for s, v in enumerate(scores))
    return f"{won_with + ' ' if won_with else ''}{winner_said(setup, winner, 'short').plain}     {totals}"


def game_over_line(setup: GameSetup, winner: int | None, won_with: str = "") -> str:
    """The status line once the game is over: who won, and how when it was mid-hand (the totals are on
    the sheet beside it; with four long names they would take the line four times over at 80 columns)."""
    wins = winner_said(setup, winner, "over").plain
    return f"{won_with} {wins}" if won_with else wins


def won_mid_hand(setup: GameSetup, events: Sequence[Event]) -> str:
    """`Ben reached 250 with 6-4.`: a game won by a play before its hand was over ends with no score
    panel to say why, so the table says it; '' for any other hand."""
    if any(isinstance(ev, HandResult) for ev in events):
        return ""
    for i, ev in enumerate(events):
        if isinstance(ev, GameWon):
            play = next((e for e in reversed(events[:i]) if isinstance(e, Played)), None)
            if play is None:
                return ""
            said = (_("You reached {target} with {tile}.") if setup.you(play.seat)
                    else _("{name} reached {target} with {tile}."))
            return said.format(name=setup.players[play.seat].name, target=setup.rules.target, tile=play.tile)
    return ""


def _status(setup: GameSetup, seat: SeatView, events: Sequence[Event], turn: TurnState, waiting: Waiting,
            mine: bool, result: HandResult | None, winner: int | None) -> Notice:
    """The status line: the turn's notice if it has one, else what happens now. A prompt (its tone
    marks it, ▶) means it is the person's turn again."""
    if turn.notice is not None:
        return turn.notice
    to_move = setup.players[seat.turn].name
    if waiting == "game_over":
        return Notice(game_over_line(setup, winner, won_mid_hand(setup, events)), "done")
    if waiting == "hand_over":
        return Notice(hand_over_text(setup, result, events) if result else _("The hand is over."), "done")
    if waiting == "bot":
        return Notice(_("{name} is thinking…").format(name=to_move))
    if not mine:
        return Notice(_("Pass the terminal to {name}.").format(name=to_move))
    if turn.chosen is not None:
        return Notice(styled(_("Place [b]{}[/b]: click a lit end or press {}; Esc puts it back."),
                             turn.chosen, ends_text(ends_for(seat, turn.chosen))), "prompt")
    drew = events[-1] if events and isinstance(events[-1], Drew) and events[-1].seat == seat.seat else None
    tile = drew.tile if drew is not None else None
    if must_draw(seat):
        if tile is not None:
            return Notice(_("You drew {tile}: no fit. Draw again (the boneyard, or d).").format(
                tile=tile), "prompt")
        if drew is not None:
            return Notice(_("You drew: no fit. Draw again (the boneyard, or d)."), "prompt")
        return Notice(_("Your turn: nothing fits, so draw: click the boneyard, or d."), "prompt")
    if seat.layout.empty:
        return Notice(_("Your lead: click any tile (or ←/→ and Enter)."), "prompt")
    if tile is not None:
        return Notice(_("You drew {tile} and it fits: play it.").format(tile=tile), "prompt")
    if drew is not None:
        return Notice(_("You drew and it fits: play it."), "prompt")
    return Notice(_("Your turn: click a tile, then a lit end (or ←/→ Enter {ends}).").format(
        ends=ends_text(ENDS)), "prompt")


def seat_label(player: Player) -> str:
    """What a seat panel says of a player: `person`, `bot · medium`; a shared table's seat says more
    of itself (away, for how long), in its own words."""
    if player.is_person:
        return _("person")
    if player.label != Player.label.fget(player):  # type: ignore[attr-defined]
        return player.label
    return _("bot · {level}").format(level=level_word(player.level))


def _seats(setup: GameSetup, seat: SeatView, events: Sequence[Event], waiting: Waiting, wide: bool,
           faces: Sequence[Sequence[Tile]] | None) -> SeatsView:
    rules = setup.rules
    viewer = seat.seat
    places = seat_places(rules.seats, wide)
    last = last_actions(events)
    placed: dict[Place, list[SeatInfo]] = {"top": [], "left": [], "right": []}
    for offset in range(1, rules.seats):
        other = (viewer + offset) % rules.seats
        player = setup.players[other]
        label = seat_label(player)
        if rules.partnership and rules.side_of(other) == rules.side_of(viewer):
            # narrow, three seats share the top strip: a column holds about 20 ("partner · b…" was cut)
            label = _("partner · {label}").format(label=label) if wide else (
                _("partner") if player.is_person else _("partner bot"))
        to_move = seat.phase == "playing" and seat.turn == other
        placed[places[offset]].append(SeatInfo(
            seat=other, name=player.name, label=label, tiles=seat.tile_counts[other],
            last=last.get(other, ""),
            to_move=to_move, thinking=to_move and waiting == "bot" and player.thinks,
            faces=tuple(faces[other]) if faces is not None else None))
    return SeatsView(tuple(placed["top"]), tuple(placed["left"]), tuple(placed["right"]), wide)


# -- the one function -----------------------------------------------------------------------------


def build_view(setup: GameSetup, seat: SeatView, hands: Sequence[Sequence[Event]], turn: TurnState, *,
               shown: bool = True, wide: bool = False, faces: Sequence[Sequence[Tile]] | None = None,
               memo: HandMemo | None = None, can_undo: bool = False, sheet: Sheet | None = None,
               order: HandOrder | None = None, show_out: bool = False) -> TableView:
    """The table as `seat` sees it, with the person's turn so far.

    `hands`: every hand's events so far (the last is the hand in play). `shown`: the seat's hand may
    be seen (at one terminal it stays face down until its owner says it is them). `wide`: the other
    seats sit around the board rather than all in the top strip. `faces`: every seat's tiles, to show
    all hands face up (reviewing a game); drawn tiles are then named in the log too (once a hand is
    over, the tiles left in every hand are shown anyway). `memo` keeps what finished hands came to
    between calls: it saves work and never changes the view. `can_undo`: the session would take
    the person's last play back. `sheet`: the scoresheet when the caller keeps it (a review builds it
    hand by hand), else it is built from `hands`. `order`: how the person's tiles are laid out, with
    the hand's control to change it (None: as dealt, no control, as in a review). The steps of the turn
    read `seat.hand`, so a caller that sorts hands them the arranged view too.
    `show_out`: count each number's tiles the person has not seen (not while their hand is hidden).
    """
    events = hands[-1] if hands else ()
    waiting = waiting_for(setup, seat.phase, seat.turn)
    mine = waiting == "person" and seat.turn == seat.seat and shown
    hot_seat = len(setup.people) > 1
    shows_draws_of = frozenset(range(setup.rules.seats)) if faces is not None else (
        frozenset() if hot_seat else frozenset({seat.seat}))
    result = next((ev for ev in reversed(events) if isinstance(ev, HandResult)), None)
    winner = next((ev.side for ev in reversed(events) if isinstance(ev, GameWon)), None)

    if faces is None and result is not None:
        faces = result.remaining  # the hand is over: every hand is shown, as on the score panel
    tiles = arrange(faces[seat.seat] if faces is not None else seat.hand, order or "dealt")
    chosen = turn.chosen if mine else None
    lit = frozenset(ends_for(seat, chosen)) if chosen is not None else frozenset()
    hand = HandView(tiles=tiles, playable=playable(seat) if mine else frozenset(), chosen=chosen,
                    hint=turn.hint.tile if mine and turn.hint is not None else None,
                    cursor=min(turn.cursor, max(0, len(tiles) - 1)), hidden=not shown and faces is None,
                    active=mine, order=order)
    points = seat.layout.points_for(chosen) if chosen is not None else {}
    board = BoardView(layout=seat.layout, lit=lit, focused=turn.end if turn.end in lit else None,
                      last_play=last_play(events, seat.layout),
                      points=tuple((end, points[end]) for end in sorted(lit, key=END_ORDER.index)))
    log = game_log(setup, hands, shows_draws_of, memo)
    return TableView(
        hand=hand, board=board, seats=_seats(setup, seat, events, waiting, wide, faces),
        boneyard=BoneyardView(count=seat.boneyard_count, must_draw=mine and must_draw(seat),
                              drawing=drawing_now(events, setup, seat.seat)),
        sheet=build_sheet(setup, hands, memo) if sheet is None else sheet,
        status=_status(setup, seat, events, turn, waiting, mine, result, winner),
        log=log, waiting=waiting, mine=mine, viewer=seat.seat, turn=seat.turn,
        hand_number=seat.hand_number, scores=seat.scores, result=result, winner=winner,
        won_with=won_mid_hand(setup, events) if winner is not None else "",
        can_undo=can_undo and waiting != "game_over",
        out=unseen_counts(seat) if show_out and not hand.hidden else None)
