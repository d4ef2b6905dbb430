"""A game under review, as data: the table at any move (a `TableView`, all hands face up), what the
status line and the analysis panel say there, and which moment a line of the log or the sheet is.

The review screen shows what this builds with the game's own widgets; no Textual here.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from typing import TYPE_CHECKING, Any, Literal

from allfives import i18n
from allfives.bots.reasons import shown_move, tell
from allfives.engine import Event, GameState, HandResult, Move, replay_game
from allfives.engine.positions import Position, Step, Timeline
from allfives.i18n import _, decimal, ngettext, pgettext, share, signed
from allfives.play.setup import GameSetup, setup_of_record
from allfives.ui.model.sheet import HandMemo, Sheet, SheetRow, hand_rows, sheet_of
from allfives.ui.model.shown import Shown, styled
from allfives.ui.model.turn import Notice, TurnState
from allfives.ui.model.view import LOG_LINES, SeatInfo, TableView, build_view, game_log

if TYPE_CHECKING:
    from allfives.bots.analysis import Decision, GameAnalysis, Summary
    from allfives.bots.luck import Chance, LuckAnalysis, SideLuck

LineKind = Literal["head", "mistake", "good", "fair", "quiet", "summary"]


@dataclass(frozen=True)
class ReviewGame:
    """A game to review: the game itself, who sat where, its row in the history (where its analysis is
    kept) and the seats whose decisions are weighed."""

    game: GameState
    setup: GameSetup
    history_id: str | None = None
    seats: tuple[int, ...] = ()

    @classmethod
    def of(cls, game: GameState, setup: GameSetup, history_id: str | None = None) -> ReviewGame:
        """The people's decisions are weighed (every seat's in a game of bots)."""
        return cls(game, setup, history_id, tuple(setup.people) or tuple(range(game.rules.seats)))

    @classmethod
    def of_session(cls, session: object) -> ReviewGame | None:
        """The game at a table, as far as the table knows all of it: a local game's whole; at a remote
        table, the finished hands whose deal secrets check (every tile known: `RemoteSession.state`)."""
        game, setup = getattr(session, "state", None), getattr(session, "setup", None)
        if not isinstance(game, GameState) or not isinstance(setup, GameSetup) or not game.log:
            return None
        return cls.of(game, setup, setup.history_id)

    @classmethod
    def from_record(cls, data: Mapping[str, Any], history_id: str | None = None) -> ReviewGame:
        """A game from its record (RecordError if it does not replay); players named in the record, else
        "Seat 1"... The record's own `history_id` is never trusted: only the history gives one."""
        game = replay_game(dict(data))
        return cls.of(game, setup_of_record(game.rules, data), history_id)

    @property
    def viewer(self) -> int:
        """The seat whose hand is along the bottom: the first person, else the first weighed seat."""
        people = self.setup.people
        return people[0] if people else (self.seats[0] if self.seats else 0)


@dataclass(frozen=True, init=False)
class PanelLine:
    """A line of the analysis panel: its text (bold and dim only; a `str` is plain) and its kind, which
    gives its colour."""

    text: Shown
    kind: LineKind = "quiet"

    def __init__(self, text: Shown | str, kind: LineKind = "quiet") -> None:
        object.__setattr__(self, "text", Shown.of(text))
        object.__setattr__(self, "kind", kind)


Progress = tuple[int, int] | None  # (decisions weighed, of how many) while the analysis runs


class Review:
    """A game laid out for stepping through: each step's table, built when it is visited, and the lines
    that lead to each step. The scoresheet is kept hand by hand as far as the review has gone."""

    def __init__(self, game: ReviewGame) -> None:
        self.game = game
        self.setup = game.setup
        self.timeline = Timeline(game.game)
        self.memo = HandMemo()
        self._sheet_rows: list[tuple[SheetRow, ...]] = []  # each finished hand's rows, as far as reached
        self._sheet_totals: list[tuple[int, ...]] = []  # the sheet's totals after each of those hands
        self._row_ends = array("q")  # how many rows the sheet has after each of those hands
        self._rows_before: tuple[int, tuple[SheetRow, ...]] = (1, ())  # (hand, the rows of the hands before)
        self._checked: dict[int, bool] = {}  # hand -> its deal's secret checks, as far as asked

    @property
    def steps(self) -> Sequence[Step]:
        return self.timeline.steps

    @property
    def first(self) -> Step:
        return self.steps[0]

    def mover(self, hand: int, move: int) -> int:
        """The seat that made move `move` (1-based) of `hand`."""
        return self.timeline.at(hand, move - 1).state.turn

    # -- the table at a step ------------------------------------------------------------------

    def view(self, step: Step, decision: Decision | None = None, wide: bool = False) -> TableView:
        """The table after `step`: every hand face up, the sheet and log as they stood, nobody thinking.

        `decision` is the move made from here, if weighed: when it is the bottom seat's, the tile played
        is raised and the best one lit as a hint would be.
        """
        position = self.timeline.at(*step)
        state = position.state
        viewer = self.game.viewer
        view = build_view(self.setup, state.view(viewer), position.events, TurnState(), wide=wide,
                          faces=state.hands, memo=self.memo, sheet=self.sheet(step))
        hand = replace(view.hand, active=False, playable=frozenset(), chosen=None, hint=None)
        if decision is not None and decision.seat == viewer:
            played, best = Move.model_validate(decision.played), Move.model_validate(decision.best)
            hand = replace(hand, chosen=played.tile, hint=best.tile if best.tile != played.tile else None)
        def quiet(seats: tuple[SeatInfo, ...]) -> tuple[SeatInfo, ...]:
            return tuple(replace(seat, thinking=False) for seat in seats)  # nobody thinks in a review

        seats = replace(view.seats, top=quiet(view.seats.top), left=quiet(view.seats.left),
                        right=quiet(view.seats.right))
        return replace(view, hand=hand, seats=seats, status=self.status(step), mine=False,
                       boneyard=replace(view.boneyard, must_draw=False))

    def status(self, step: Step) -> Notice:
        """`Hand 2 · move 6 of 23: Ben to play · after Ada's 5-0 on E, +10`: the move about to be made
        (the one the panel below judges), then the one that led here; at a hand's end, its last move."""
        hand, move = step
        moves = self.timeline.moves_in(hand)
        players = self.setup.players
        head = styled(_("[b]Hand {}[/b] of {} · "), hand, self.timeline.hands)
        if move == 0:
            leads = self.timeline.at(hand, 0).state.turn
            leader = players[leads].name
            if self.setup.you(leads):
                dealt = ngettext("dealt ({n} move): You lead", "dealt ({n} moves): You lead", moves)
            else:
                dealt = ngettext("dealt ({n} move): {name} leads", "dealt ({n} moves): {name} leads", moves)
            dealt = dealt.format(n=moves, name=leader)
            if self.deal_checked(hand):
                dealt = _("{line} · deal checked").format(line=dealt)
            elif self.game.game.log[hand - 1].deal is None:  # an older record: nothing to check it by
                dealt = _("{line} · deal not checked").format(line=dealt)
            return Notice(head + dealt, "info")
        position = self.timeline.at(hand, move)
        mover = self.mover(hand, move)
        who, you = players[mover].name, self.setup.you(mover)
        if move < moves:
            upcoming = players[position.state.turn].name
            return Notice(head + styled(_("move {} of {}: {} to play · after {}"), move + 1, moves, upcoming,
                                        self._last_move(position, move, who, you)), "info")
        return Notice(head + styled(_("move {} of {} · {}"), move, moves,
                                    self._last_move(position, move, who, you, played=True)),
                      "done" if state_over(position.state) else "info")

    @staticmethod
    def _last_move(position: Position, move: int, who: str, you: bool, played: bool = False) -> Shown:
        """`Ada's 5-0 on E, +10`, `Ada's draw`; with `played`: `Ada played 5-0 on E, +10`, `Ada drew`
        (`you`: the mover is the one person at the table, told as "you")."""
        last = position.last_move
        if last is None or last.kind != "play":
            drew = last is not None and last.kind == "draw"
            if played:
                if you:
                    return Shown.of(_("You drew") if drew else _("You passed"))
                said = _("{name} drew") if drew else _("{name} passed")
                return Shown.of(said.format(name=who))
            if you:
                return Shown.of(_("your draw") if drew else _("your pass"))
            whose = _("{name}'s draw") if drew else _("{name}'s pass")
            return Shown.of(_possessive(who, whose).format(name=who))
        if last.end:
            what = styled(_("[b]{}[/b] on {}"), last.tile, i18n.end_letter(last.end))
        else:
            what = styled(_("[b]{}[/b] to lead") if move == 1 else "[b]{}[/b]", last.tile)
        scored = next((e.points for e in reversed(position.events[-1]) if e.kind == "played"), 0)
        what += f", +{scored}" if scored else ""
        if played:
            return styled(_("You played {}"), what) if you else styled(_("{} played {}"), who, what)
        return styled(_("your {}"), what) if you else styled(_possessive(who, _("{}'s {}")), who, what)

    def deal_checked(self, hand: int) -> bool:
        """Whether hand `hand` shows its deal's secret and the secret gives that deal (RECORD.md's fair
        deals): the commitment, every tile and the boneyard's order, and the leader where it was left
        to chance (the first hand, and after a blocked one). The engine checks; this asks it once."""
        known = self._checked.get(hand)
        if known is None:
            dealt = self.game.game.log[hand - 1]
            random = hand == 1 or any(isinstance(ev, HandResult) and ev.reason == "blocked"
                                      for ev in self.timeline.hand_events(hand - 1))
            known = dealt.deal is not None and dealt.deal.checks(
                self.game.game.rules, dealt.hands, dealt.boneyard, dealt.leader if random else None)
            self._checked[hand] = known
        return known

    # -- the scoresheet, hand by hand -------------------------------------------------------

    def sheet(self, step: Step) -> Sheet:
        """The sheet after `step`: the finished hands' rows, made once each, and this hand's so far
        (what `build_sheet` makes of the position's events)."""
        hand, move = step
        self._sheet_through(hand - 1)
        if self._rows_before[0] != hand:
            self._rows_before = (hand, tuple(chain.from_iterable(self._sheet_rows[:hand - 1])))
        scores = list(self._sheet_totals[hand - 2]) if hand > 1 else [0] * self.setup.rules.sides
        rows = hand_rows(self.setup, self.timeline.hand_events(hand, move), scores)
        return sheet_of(self.setup, self._rows_before[1] + tuple(rows), tuple(scores))

    def _sheet_through(self, hands: int) -> None:
        """Make the rows of the first `hands` hands, those not made yet (each hand's once)."""
        for hand in range(len(self._sheet_rows) + 1, hands + 1):
            scores = list(self._sheet_totals[-1]) if self._sheet_totals else [0] * self.setup.rules.sides
            rows = tuple(hand_rows(self.setup, self.timeline.hand_events(hand), scores))
            self._sheet_rows.append(rows)
            self._sheet_totals.append(tuple(scores))
            self._row_ends.append((self._row_ends[-1] if self._row_ends else 0) + len(rows))

    # -- which step a line of the sheet or the log belongs to --------------------------------

    def step_of_sheet_row(self, row: int) -> Step:
        """The first step at which the sheet shows row `row` (the row's moment)."""
        made = self._row_ends
        while (not made or made[-1] <= row) and len(self._sheet_rows) < self.timeline.hands:
            self._sheet_through(len(self._sheet_rows) + 1)
        if row < 0:
            return self.first
        if self._row_ends[-1] <= row:
            return self.steps[-1]
        hand = bisect_right(self._row_ends, row) + 1
        within = row - (self._row_ends[hand - 2] if hand > 1 else 0)
        before = self._sheet_totals[hand - 2] if hand > 1 else (0,) * self.setup.rules.sides
        return self._first_move(hand, within, lambda events: len(hand_rows(self.setup, events, list(before))))

    def step_of_log_line(self, line: int, at: Step | None = None) -> Step:
        """The first step at which the log shows line `line` of the log as it stands at `at` (by default
        the last step): the log keeps only the latest hands, so a line's place depends on the step."""
        at = self.steps[-1] if at is None else at
        everyone = frozenset(range(self.setup.rules.seats))

        def lines(events: Sequence[Event]) -> int:
            return len(game_log(self.setup, (events,), everyone))

        hand, move = at
        shown: list[tuple[int, int]] = []  # (hand, its lines) as `game_log` keeps them, newest first
        total = 0
        for h in range(hand, 0, -1):
            count = lines(self.timeline.hand_events(h, move if h == hand else None))
            shown.append((h, count))
            total += count
            if total >= LOG_LINES:
                break
        for h, count in reversed(shown):
            if line < count:
                return self._first_move(h, line, lines)
            line -= count
        return at

    def _first_move(self, hand: int, index: int, count: Callable[[Sequence[Event]], int]) -> Step:
        """The first step of `hand` at which `count(the hand's events by then)` passes `index`."""
        for move in range(self.timeline.moves_in(hand) + 1):
            if count(self.timeline.hand_events(hand, move)) > index:
                return hand, move
        return hand, self.timeline.moves_in(hand)

    # -- the analysis at a step -------------------------------------------------------------

    def decision_at(self, step: Step, decisions: Mapping[Step, Decision]) -> Decision | None:
        """The weighed decision made from this step (the next move), if any."""
        hand, move = step
        return decisions.get((hand, move + 1))

    def panel(self, step: Step, decisions: Mapping[Step, Decision], analysis: GameAnalysis | None,
              progress: Progress, seats: Iterable[int], luck: LuckAnalysis | None = None
              ) -> tuple[PanelLine, ...]:
        """Three lines: the decision made from here, why (or the other moves), and the summaries (or how
        far the analysis has come). With the luck weighed: a draw made from here is told as luck, the
        deal too at a hand's start (unless the first move was a mistake), and the foot adds the hand's
        and the game's luck and skill."""
        hand, move = step
        names = self.setup.players
        seats = tuple(seats)
        lines: list[PanelLine] = []
        if move >= self.timeline.moves_in(hand):
            ended = _("End of hand {hand}: nothing more to decide.").format(hand=hand)
            lines.append(PanelLine(ended, "quiet"))
            lines.append(PanelLine("", "quiet"))
        else:
            seat = self.timeline.at(hand, move).state.turn
            who = names[seat].name
            played = shown_move(str(self.game.game.log[hand - 1].moves[move]))
            decision = decisions.get((hand, move + 1))
            you = self.setup.you(seat)
            if seat not in seats:
                line = _("Next: You play {move} (not weighed).") if you else _(
                    "Next: {name} plays {move} (not weighed).")
                lines.append(PanelLine(line.format(name=who, move=played), "quiet"))
                lines.append(PanelLine("", "quiet"))
            elif decision is None:
                if progress is not None:
                    line = _("Next: You play {move} — weighing…") if you else _(
                        "Next: {name} plays {move} — weighing…")
                else:
                    line = _("Next: You play {move} — press a to weigh it") if you else _(
                        "Next: {name} plays {move} — press a to weigh it")
                lines.append(PanelLine(line.format(name=who, move=played), "quiet"))
                lines.append(PanelLine("", "quiet"))
            else:
                lines.extend(decision_lines(decision, who, you))
        if luck is not None:
            side = self.setup.rules.side_of(self.game.viewer)
            title = _luck_for(self.setup, side)
            drawn = luck.chance(hand, move + 1)
            if drawn is not None:
                drawer = self.setup.players[drawn.seat].name
                lines[:2] = [chance_line(drawn, side, title, drawer, self.setup.you(drawn.seat)),
                             PanelLine(_("Luck: the {tile} against a tile drawn at random (±{error}); "
                                         "a draw is never a choice.").format(
                                 tile=drawn.tile, error=decimal(drawn.error)), "quiet")]
            dealt = luck.chance(hand, 0)
            if move == 0 and dealt is not None and not (decisions.get((hand, 1)) or _Plain).mistake:
                lines[1] = chance_line(dealt, side, title, "")
        lines.append(self._summary_line(hand, analysis, decisions, progress, seats, luck))
        return tuple(lines)

    def _luck_of(self, luck: LuckAnalysis | None, seat: int, hand: int | None) -> str:
        """`, luck +12` for the seat's side in a hand (None: the game); nothing before the luck is weighed."""
        if luck is None:
            return ""
        side = self.setup.rules.side_of(seat)
        found: SideLuck | None = luck.game[side] if hand is None else next(
            (h.sides[side] for h in luck.hands if h.hand == hand), None)
        return "" if found is None else _(", luck {luck}").format(luck=signed(found.luck, 0))

    def marked_chances(self, luck: LuckAnalysis) -> list[Step]:
        """The steps before the luckiest and unluckiest moments: a draw's, and a hand's start for a deal."""
        return sorted({(c.hand, max(0, c.move - 1)) for c in luck.marked()})

    def _summary_line(self, hand: int, analysis: GameAnalysis | None, decisions: Mapping[Step, Decision],
                      progress: Progress, seats: Sequence[int], luck: LuckAnalysis | None = None
                      ) -> PanelLine:
        """Each weighed seat's (the people's first): the hand's and the game's mistakes and points given
        up, and with the luck weighed, its side's luck in the hand and the game."""
        if progress is not None:
            done, total = progress
            weighing = _("Weighing {done} of {total} (x stops)").format(done=done, total=total)
            return PanelLine(weighing, "quiet")
        if analysis is None:
            if decisions:
                n = len(decisions)
                stopped = ngettext("Stopped: {n} decision weighed (a goes on)",
                                   "Stopped: {n} decisions weighed (a goes on)", n).format(n=n)
                return PanelLine(stopped, "quiet")
            return PanelLine(_("Not weighed yet: press a to weigh every choice"), "quiet")
        names = self.setup.players
        if not analysis.mistakes() and not any(s.choices for s in analysis.game):
            return PanelLine(_("Every move was forced: nothing to weigh."), "summary")
        in_hand = next((h.summaries for h in analysis.hands if h.hand == hand), ())
        pairs = list(zip(in_hand, analysis.game, strict=True))
        pairs = [p for p in pairs if names[p[0].seat].is_person] or pairs  # the people first of all
        parts = [styled(_("[b]{}[/b] · hand {}: {}{} · game: {}{}"), names[mine.seat].name, hand,
                        _summary(mine), self._luck_of(luck, mine.seat, hand), _summary(whole, accuracy=True),
                        self._luck_of(luck, mine.seat, None)) for mine, whole in pairs]
        return PanelLine(Shown.of(" | ").join(parts) or _("Nothing to weigh in this game."), "summary")


class _Plain:
    mistake = False


def chance_line(c: Chance, side: int, title: str, drawer: str, you: bool = False) -> PanelLine:
    """`You drew 6-4: luck +12 for you` (the deal: `The deal: luck -8 for you (the lead +3)`), marked
    as lucky or unlucky past `LUCKY_POINTS`; `title` says whom the luck is for (`_luck_for`), `you`
    that the one who drew is the person."""
    value = c.luck[side]
    kind: LineKind = ("good" if value > 0 else "mistake") if c.marked else "quiet"
    if c.move == 0:
        line = styled(_("The deal: luck [b]{}[/b] for {} (the lead {})"), signed(value), title,
                      signed(c.before[side]))
    elif you:
        line = styled(_("You drew [b]{}[/b]: luck [b]{}[/b] for {}"), c.tile or "", signed(value), title)
    else:
        line = styled(_("{} drew [b]{}[/b]: luck [b]{}[/b] for {}"), drawer, c.tile or "", signed(value),
                      title)
    if c.marked:
        line = styled(_("{} — lucky") if value > 0 else _("{} — unlucky"), line)
    return PanelLine(line, kind)


def state_over(state: GameState) -> bool:
    return state.phase != "playing"


def _luck_for(setup: GameSetup, side: int) -> str:
    """Whom a side's luck is for, in a line (`luck +12 for {}`): you, your side, or the side's names."""
    if setup.yours(side):
        return pgettext("luck for", "your side") if setup.partners(side) else pgettext("luck for", "you")
    return setup.side_title(side)


def _possessive(who: str, template: str) -> str:
    """A `{name}'s …` template as English writes it for this name: `Ben's`, but `Jess'`."""
    if i18n.language() == i18n.ENGLISH and who.endswith("s"):
        return template.replace("}'s ", "}' ", 1)
    return template


def _summary(s: Summary, accuracy: bool = False) -> str:
    """`2 mistakes, -12.5` (points of expectation given up), with the accuracy if asked, said in words:
    `80% of choices within 2 points of the best` (a mistake gives up 5 or more: no mistake and 94%
    are the same game)."""
    if not s.choices:
        return _("no choices")
    lost = signed(-s.lost)
    if accuracy and s.accuracy is not None:
        from allfives.bots.analysis import ACCURATE_WITHIN

        return ngettext("{n} mistake, {lost}, {accuracy} of choices within {within} points of the best",
                        "{n} mistakes, {lost}, {accuracy} of choices within {within} points of the best",
                        s.mistakes).format(n=s.mistakes, lost=lost, accuracy=share(s.accuracy),
                                           within=decimal(ACCURATE_WITHIN, 0))
    return ngettext("{n} mistake, {lost}", "{n} mistakes, {lost}", s.mistakes).format(n=s.mistakes, lost=lost)


def decision_lines(d: Decision, who: str, you: bool = False) -> list[PanelLine]:
    """The decision made from here in two lines: what was played against the best, and why it matters
    (`you`: the one who decided is the person, told as "you")."""
    if d.forced:
        had = (_("You had one move: {move} (forced, no choice to weigh).") if you
               else _("{name} had one move: {move} (forced, no choice to weigh)."))
        return [PanelLine(had.format(name=who, move=shown_move(d.played)), "quiet"), PanelLine("", "quiet")]

    def judged(move: str, points: float | None, win: float | None) -> Shown:
        if points is None:
            return styled("[b]{}[/b]", shown_move(move))
        if win is None:
            return styled("[b]{}[/b] {}", shown_move(move), signed(points))
        return styled(_("[b]{}[/b] {} (wins {})"), shown_move(move), signed(points), share(win))

    played = judged(d.played, d.played_points, d.played_win)
    if d.played == d.best:
        if you:
            template = (_("You played {}: the best move (exact).") if d.exact
                        else _("You played {}: the best move."))
            head = PanelLine(styled(template, played), "good")
        else:
            template = (_("{} played {}: the best move (exact).") if d.exact
                        else _("{} played {}: the best move."))
            head = PanelLine(styled(template, who, played), "good")
    else:
        kind: LineKind = "mistake" if d.mistake else ("fair" if d.cost > 2.0 else "good")
        best = judged(d.best, d.best_points, d.best_win)
        if you:
            template = (_("You played {}; best {}, cost {} (exact)") if d.exact
                        else _("You played {}; best {}, cost {}"))
            head = PanelLine(styled(template, played, best, decimal(d.cost)), kind)
        else:
            template = (_("{} played {}; best {}, cost {} (exact)") if d.exact
                        else _("{} played {}; best {}, cost {}"))
            head = PanelLine(styled(template, who, played, best, decimal(d.cost)), kind)
    if d.mistake and (d.why or d.reason):
        why = PanelLine(_("Mistake: {reason}").format(reason=tell(d.why) if d.why else d.reason), "mistake")
    else:
        others = sorted(d.judgements, key=lambda j: -j.points)[:4]
        why = PanelLine(_("Moves: {moves}").format(
            moves="  ".join(f"{shown_move(j.move)} {signed(j.points)}" for j in others)), "quiet")
    return [head, why]
