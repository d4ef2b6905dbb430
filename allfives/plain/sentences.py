"""One short sentence for each event of the game, and for each question a player asks (their hand, the
ends, the score): what `allfives --plain` says, line by line. No Textual here, nor any drawing.

The engine's events are the game's story (allfives.engine.state); each kind has its sentence here, in
the player's language, tiles and ends as words (words.py). The person at this terminal is "you".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from allfives.engine import (
    Drew,
    Event,
    GameWon,
    HandDealt,
    HandResult,
    Layout,
    Passed,
    Played,
    Scored,
    SeatView,
    Tile,
)
from allfives.i18n import _, ngettext, pgettext
from allfives.play.seat import END_ORDER, ends_for, must_draw, playable
from allfives.play.setup import GameSetup, level_word

from .words import and_list, end_word, on_end, or_list, say_ends, say_tile, say_tiles, sentence, short_end


@dataclass(frozen=True)
class Voice:
    """Who is who in a sentence: the setup's names, and the seat of the person at this terminal (said
    "you"; None in a review of a record, where the one person at its table is)."""

    setup: GameSetup
    me: int | None = None
    verbose: bool = False  # every event in full and the hand at every turn (`verbose`); else what changed

    def is_you(self, seat: int) -> bool:
        return seat == self.me or (self.me is None and self.setup.you(seat))

    def name(self, seat: int) -> str:
        """A player named on their own: `You` in this language, or their name."""
        return _("You") if self.is_you(seat) else self.setup.players[seat].name

    def side(self, side: int) -> str:
        """A side named in a sentence: `Ben`, `You and Cleo`."""
        return and_list([self.name(seat) for seat in self.setup.rules.seats_of(side)])

    def has_you(self, side: int) -> bool:
        return any(self.is_you(seat) for seat in self.setup.rules.seats_of(side))

    def scores(self, scores: Sequence[int]) -> str:
        """`You 45, Ben 60`."""
        return ", ".join(f"{self.side(side)} {score}" for side, score in enumerate(scores))


# -- the events ---------------------------------------------------------------------------------------


def event_lines(voice: Voice, event: Event) -> list[str]:
    """What an event says: a sentence (a hand's end says the tiles left and the score too); a tile
    another seat drew is never named."""
    you = voice.is_you
    if isinstance(event, HandDealt):
        if you(event.leader):
            return [_("Hand {n}. You lead.").format(n=event.hand_number)]
        return [_("Hand {n}. {name} leads.").format(n=event.hand_number, name=voice.name(event.leader))]
    if isinstance(event, Played):
        return [_played(voice, event)]
    if isinstance(event, Scored):
        return [_scored(voice, event)]
    if isinstance(event, Drew):
        if you(event.seat):
            return [_("You draw {tile}.").format(tile=say_tile(event.tile)) if event.tile is not None
                    else _("You draw a tile.")]
        return [_("{name} draws a tile.").format(name=voice.name(event.seat))]
    if isinstance(event, Passed):
        return [_("You pass.") if you(event.seat)
                else _("{name} passes.").format(name=voice.name(event.seat))]
    if isinstance(event, HandResult):
        return _hand_over(voice, event)
    if isinstance(event, GameWon):
        return [won_line(voice, event.side, event.scores)]
    return []


def _played(voice: Voice, event: Played) -> str:
    tile, total = say_tile(event.tile), event.total
    if event.end is None:
        if voice.is_you(event.seat):
            return _("You lead {tile}; the ends add up to {total}.").format(tile=tile, total=total)
        return _("{name} leads {tile}; the ends add up to {total}.").format(
            name=voice.name(event.seat), tile=tile, total=total)
    where = on_end(event.end)
    if voice.is_you(event.seat):
        return _("You play {tile} {where}; the ends add up to {total}.").format(tile=tile, where=where,
                                                                                   total=total)
    return _("{name} plays {tile} {where}; the ends add up to {total}.").format(
        name=voice.name(event.seat), tile=tile, where=where, total=total)


def _scored(voice: Voice, event: Scored) -> str:
    points, score = event.points, event.score
    if voice.setup.rules.partnership:
        side = voice.side(event.side)
        if voice.is_you(event.seat):
            return _("You score {points}: {side} have {score}.").format(points=points, side=side, score=score)
        return _("{name} scores {points}: {side} have {score}.").format(
            name=voice.name(event.seat), points=points, side=side, score=score)
    if voice.is_you(event.seat):
        return _("You score {points}, {score} in all.").format(points=points, score=score)
    return _("{name} scores {points}, {score} in all.").format(name=voice.name(event.seat), points=points,
                                                               score=score)


def _hand_over(voice: Voice, result: HandResult) -> list[str]:
    """How the hand ended, each hand's tiles left and what they cost (or earned, in Muggins), the score."""
    if result.reason == "domino" and result.out_seat is not None:
        lines = [_("You go out: the hand is over.") if voice.is_you(result.out_seat)
                 else _("{name} goes out: the hand is over.").format(name=voice.name(result.out_seat))]
    else:
        lines = [_("The hand is blocked: nobody can play.")]
    for seat, tiles in enumerate(result.remaining):
        if not tiles:
            continue
        pips, minus = result.remaining_pips[seat], result.deductions[seat]
        left = say_tiles(tiles)
        if voice.is_you(seat):
            said = (ngettext("You are left with {tiles}: {n} pip, minus {points}.",
                             "You are left with {tiles}: {n} pips, minus {points}.", pips) if minus
                    else ngettext("You are left with {tiles}: {n} pip.",
                                  "You are left with {tiles}: {n} pips.", pips))
        else:
            said = (ngettext("{name} is left with {tiles}: {n} pip, minus {points}.",
                             "{name} is left with {tiles}: {n} pips, minus {points}.", pips) if minus
                    else ngettext("{name} is left with {tiles}: {n} pip.",
                                  "{name} is left with {tiles}: {n} pips.", pips))
        lines.append(said.format(name=voice.name(seat), tiles=left, n=pips, points=minus))
    for side, award in enumerate(result.awards):
        if not award:
            continue
        if voice.setup.rules.partnership:
            said = _("{side} score {points} for the pips left.")
        elif voice.has_you(side):
            said = _("You score {points} for the pips left.")
        else:
            said = _("{side} scores {points} for the pips left.")
        lines.append(said.format(side=voice.side(side), points=award))
    lines.append(_("Score: {scores}.").format(scores=voice.scores(result.scores)))
    return lines


def won_line(voice: Voice, side: int, scores: Sequence[int]) -> str:
    """`Ben wins the game, You 120, Ben 255.`"""
    totals = voice.scores(scores)
    if voice.setup.rules.partnership:
        return _("{side} win the game, {scores}.").format(side=voice.side(side), scores=totals)
    if voice.has_you(side):
        return _("You win the game, {scores}.").format(scores=totals)
    return _("{side} wins the game, {scores}.").format(side=voice.side(side), scores=totals)


# -- brief: what changed, a sentence a player's turn -------------------------------------------------


class Teller:
    """The events as a listener wants them: in brief (the default), a sentence for each player's turn,
    its play and score together, a bot's draws counted and said with the turn they belong to, the
    person's own draws in one sentence; `voice.verbose`: every event's own sentence, as event_lines.
    Kept from call to call: a bot's draws and its play arrive as separate moves (the voice is given at
    each call: `verbose` may change between two)."""

    def __init__(self) -> None:
        self._drawn: dict[int, int] = {}  # another seat's draws not said yet: said with its play or pass

    def lines(self, voice: Voice, events: Sequence[Event]) -> list[str]:
        if voice.verbose:
            return [line for event in events for line in event_lines(voice, event)]
        lines: list[str] = []
        mine: list[Tile] = []  # the person's draws, said together
        at = 0
        while at < len(events):
            event = events[at]
            if isinstance(event, Drew):
                if voice.is_you(event.seat):
                    if event.tile is not None:
                        mine.append(event.tile)
                else:
                    self._drawn[event.seat] = self._drawn.get(event.seat, 0) + 1
                at += 1
                continue
            if mine:
                lines.append(_("You draw {tile}.").format(tile=say_tiles(mine)))
                mine = []
            if isinstance(event, (Played, Passed)):
                lines.extend(self._draws_of(voice, event.seat))
            if isinstance(event, Played):
                scored = events[at + 1] if at + 1 < len(events) else None
                if isinstance(scored, Scored) and scored.seat == event.seat:
                    lines.append(brief_play(voice, event, scored))
                    at += 2
                    continue
                lines.append(brief_play(voice, event))
            else:
                lines.extend(event_lines(voice, event))
            at += 1
        if mine:
            lines.append(_("You draw {tile}.").format(tile=say_tiles(mine)))
        return lines

    def _draws_of(self, voice: Voice, seat: int) -> list[str]:
        n = self._drawn.pop(seat, 0)
        if not n:
            return []
        if n == 1:
            return [_("{name} draws a tile.").format(name=voice.name(seat))]
        return [ngettext("{name} draws {n} tile.", "{name} draws {n} tiles.", n).format(
            name=voice.name(seat), n=n)]


def brief_play(voice: Voice, played: Played, scored: Scored | None = None) -> str:
    """`Ben plays six four west; ends 10.`, `You play double five east, score 10: 30 in all.`: a play and
    what it scored in one sentence (a lead has no end: `Ben plays double six; ends 12.`)."""
    tile = say_tile(played.tile)
    play = tile if played.end is None else pgettext("brief play", "{tile} {end}").format(
        tile=tile, end=short_end(played.end))
    you, name = voice.is_you(played.seat), voice.name(played.seat)
    if scored is None:
        said = (_("You play {play}; ends {total}.") if you else _("{name} plays {play}; ends {total}."))
        return said.format(name=name, play=play, total=played.total)
    if voice.setup.rules.partnership:
        said = (_("You play {play}, score {points}: {side} have {score}.") if you
                else _("{name} plays {play}, scores {points}: {side} have {score}."))
    else:
        said = (_("You play {play}, score {points}: {score} in all.") if you
                else _("{name} plays {play}, scores {points}: {score} in all."))
    return said.format(name=name, play=play, points=scored.points, side=voice.side(scored.side),
                       score=scored.score)


# -- the person's turn ---------------------------------------------------------------------------------


def fits(view: SeatView) -> list[tuple[Tile, tuple[str, ...]]]:
    """The playable tiles of the hand, in the hand's order, with the ends each fits."""
    can = playable(view)
    return [(t, ends_for(view, t)) for t in view.hand if t in can]


def playable_line(view: SeatView) -> str:
    """`Playable: five blank on West or East, six four on East.`"""
    plays = [pgettext("playable", "{tile} on {ends}").format(tile=say_tile(t), ends=say_ends(ends)) if ends
             else say_tile(t) for t, ends in fits(view)]
    return _("Playable: {plays}.").format(plays=", ".join(plays))


def open_ends(layout: Layout) -> str:
    """`West 4 and East 2`: the open ends and the number each takes."""
    ends = sorted(layout.open_ends.items(), key=lambda item: END_ORDER.index(item[0]))
    return and_list([pgettext("open end", "{end} {pip}").format(end=end_word(end), pip=pip)
                     for end, pip in ends])


def brief_turn(view: SeatView, draw_word: str) -> str:
    """The person's turn in one short line: the tiles they may play (`Your turn: six four or double
    one.`; where each goes, and what it scores there, is `hand`'s), that any tile leads, or that they
    must draw."""
    if view.layout.empty:
        return _("Your turn to lead: any tile.")
    if must_draw(view):
        return _("Your turn: nothing fits; type {draw}.").format(draw=draw_word)
    return _("Your turn: {tiles}.").format(tiles=or_list([say_tile(t) for t, _ends in fits(view)]))


def turn_lines(view: SeatView, draw_word: str) -> list[str]:
    """The person's turn in full (`verbose`): their tiles, and what they may play (or that they must draw)."""
    hand = say_tiles(view.hand)
    if view.layout.empty:
        return [_("Your turn to lead. You hold {tiles}.").format(tiles=hand)]
    head = _("Your turn. You hold {tiles}.").format(tiles=hand)
    if must_draw(view):
        return [head + " " + _("Nothing you hold fits the ends, {ends}: type {draw}.").format(
            ends=open_ends(view.layout), draw=draw_word)]
    return [head + " " + playable_line(view)]


def hand_lines(view: SeatView) -> list[str]:
    """`hand`: the tiles held and, on the person's turn, what each playable tile scores where."""
    lines = [_("You hold {tiles}.").format(tiles=say_tiles(view.hand))]
    if view.turn != view.seat or view.phase != "playing" or view.layout.empty:
        return lines
    for tile, ends in fits(view):
        points = view.layout.points_for(tile)
        options = [pgettext("scores", "{where} scores {points}") if points.get(end)
                   else pgettext("scores", "{where} scores nothing") for end in ends]
        options = [said.format(where=on_end(end), points=points.get(end, 0))
                   for said, end in zip(options, ends, strict=True)]
        lines.append(sentence(pgettext("scores", "{tile}: {options}.").format(tile=say_tile(tile),
                                                                              options="; ".join(options))))
    return lines


def ends_line(layout: Layout) -> str:
    """`ends`: the open ends, what they add up to, and the spinner."""
    if layout.empty:
        return _("The table is empty: any tile leads.")
    line = _("Open ends: {ends}; they add up to {total}.").format(ends=open_ends(layout), total=layout.total)
    if layout.spinner is not None:
        line += " " + _("The spinner is {tile}.").format(tile=say_tile(layout.spinner))
    return line


def score_lines(voice: Voice, view: SeatView) -> list[str]:
    """`score`: the hand, the target, the score, and how many tiles each hand and the boneyard hold."""
    rules = voice.setup.rules
    lines = [_("Hand {hand}, first to {target} wins. Score: {scores}.").format(
        hand=view.hand_number, target=rules.target, scores=voice.scores(view.scores))]
    others = [f"{voice.name(seat)} {n}" for seat, n in enumerate(view.tile_counts) if seat != view.seat]
    lines.append(_("Tiles in hand: {counts}; in the boneyard: {n}.").format(counts=", ".join(others),
                                                                          n=view.boneyard_count))
    return lines


def new_game_lines(voice: Voice) -> list[str]:
    """Who plays whom, and what wins."""
    setup = voice.setup
    rules = setup.rules
    me = voice.me if voice.me is not None else 0

    def who(seat: int) -> str:
        player = setup.players[seat]
        if player.is_person:
            return voice.name(seat)
        return pgettext("player", "{name} ({level})").format(name=player.name, level=level_word(player.level))

    if rules.partnership:
        mine = rules.side_of(me)
        partner = [who(s) for s in rules.seats_of(mine) if s != me]
        others = [who(s) for s in range(rules.seats) if rules.side_of(s) != mine]
        head = _("A new game: you and {partner} against {others}. First to {target} wins.").format(
            partner=and_list(partner), others=and_list(others), target=rules.target)
    else:
        others = [who(s) for s in range(rules.seats) if s != me]
        head = _("A new game: you against {others}. First to {target} wins.").format(
            others=and_list(others), target=rules.target)
    return [head]
