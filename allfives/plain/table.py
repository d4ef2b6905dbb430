"""A game played line by line: the local `Session` (allfives.play) as the full-screen game plays it, its
events said as sentences, the person's commands read from a line, the bots' moves made in turn.

The table goes on by itself until the person is to move (bots play, a hand ends and the next is dealt,
a pass with nothing to play is made and said), then reads one command. The end of the input quits, as
`quit` does: every move is already saved. No Textual here.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from allfives.engine import Event, IllegalMove, Move
from allfives.i18n import _, ngettext, pgettext
from allfives.play.seat import ends_for, must_draw, refusal
from allfives.play.session import Session, bot_pause
from allfives.play.setup import GameSetup

from .commands import (
    BY_NAME,
    LONGEST,
    Phase,
    available,
    completions,
    find,
    folded,
    help_line,
    names_of,
    play_words,
)
from .console import Console, typed
from .sentences import (
    Teller,
    Voice,
    brief_turn,
    ends_line,
    fits,
    hand_lines,
    new_game_lines,
    open_ends,
    playable_line,
    score_lines,
    turn_lines,
)
from .words import on_end, say_ends, say_move, say_tile, say_tiles, sentence, short_end, spoken

if TYPE_CHECKING:
    from allfives.engine import SeatView, Tile
    from allfives.play.history_link import HistoryLink

QUOTED = 20  # characters of a mistyped word said back


class Leave(Exception):
    """The person quits (or the input ended): the game stays saved as it is."""


class PlainTable:
    """One person at a table of bots, line by line. `new_session(setup)` deals a new game (saved and
    kept in the history as the first was); `history` holds the games a review keeps its weighing in."""

    def __init__(self, session: Session, console: Console, new_session: Callable[[GameSetup], Session], *,
                 history: HistoryLink | None = None, review_samples: int | None = None,
                 pause: Callable[[float], None] = time.sleep,
                 clock: Callable[[], float] = time.monotonic, verbose: bool = False,
                 remember_verbose: Callable[[bool], None] | None = None) -> None:
        self.session = session
        self.console = console
        self.new_session = new_session
        self.history = history
        self.review_samples = review_samples
        self.pause = pause
        self.clock = clock
        self.recent: list[str] = []  # what the game said since the person's last move: `repeat` says it again
        self._prompted: tuple[int, int, int] | None = None  # the moment whose turn was last announced
        self._undos = 0
        self._over_said = False
        self._hinted: tuple[tuple[int, int, int], Move] | None = None  # the hint's move, at its moment
        self.verbose = verbose  # every event in full and the hand at every turn; else what changed
        self.remember_verbose = remember_verbose  # (keeps the choice for the next game: the preferences)
        self.teller = Teller()
        self._known: frozenset[Tile] | None = None  # the hand as the person last heard it (None: not yet)

    # -- who is who -------------------------------------------------------------------------------------

    @property
    def me(self) -> int | None:
        """The person's seat (None: bots only, and the person watches)."""
        people = self.session.setup.people
        return people[0] if people else None

    @property
    def voice(self) -> Voice:
        return Voice(self.session.setup, self.me, self.verbose)

    def view(self) -> SeatView:
        return self.session.seat_view(self.me if self.me is not None else self.session.state.turn)

    # -- saying -----------------------------------------------------------------------------------------

    def tell(self, lines: list[str]) -> None:
        """What the game says: kept for `repeat`."""
        self.recent.extend(lines)
        self.console.say_all(lines)

    def reply(self, *lines: str) -> None:
        """An answer to a question (`hand`, `help`, a mistyped command): said, not kept for `repeat`."""
        self.console.say_all(list(lines))

    def tell_events(self, events: list[Event]) -> None:
        self.tell(self.teller.lines(self.voice, events))
        notice = self.session.take_notice()
        if notice:
            self.tell([notice])

    # -- the game ---------------------------------------------------------------------------------------

    def start(self, resumed: bool) -> None:
        """Say what game this is: a new one (who plays whom, the first deal), or where a saved one stands."""
        if resumed:
            view = self.view()
            self.tell([_("Back to the game: hand {hand}, score {scores}.").format(
                hand=view.hand_number, scores=self.voice.scores(view.scores))])
            if not view.layout.empty:
                self.tell([ends_line(view.layout)])
        else:
            self.tell(new_game_lines(self.voice) + [_("Type help for the commands.")])
            self.tell_events(list(self.session.events))

    def run(self, resumed: bool = False) -> None:
        """Play until the person quits or the input ends (Leave is caught: the game is saved)."""
        self.console.start()
        self.start(resumed)
        try:
            while True:
                self.step()
        except Leave:
            pass
        self.session.flush()
        if self.session.state.phase != "game_over":
            self.console.say(_("The game is saved: allfives --plain picks it up where you left it."))

    def step(self) -> None:
        """Whatever comes next: a bot's move, the next deal, the person's command, the game's end."""
        waiting = self.session.waiting
        if waiting == "bot":
            self.bot_moves()
        elif waiting == "hand_over":
            self.tell_events(self.session.next_hand())
        elif waiting == "person":
            self.persons_turn()
        else:
            self.game_over()

    def bot_moves(self) -> None:
        """The bot to move chooses and its move lands at the table's pace, as in the full-screen game:
        never before the pause, forced or not (`--bot-delay 0`: at once)."""
        started = self.clock()
        move = self.session.think()
        rest = bot_pause(self.session.setup.bot_delay) - (self.clock() - started)
        if rest > 0:
            self.pause(rest)
        self.tell_events(self.session.apply(move))

    def moment(self) -> tuple[int, int, int]:
        hands = self.session.hands
        return len(hands), len(hands[-1]) if hands else 0, self._undos

    def persons_turn(self) -> None:
        view = self.session.seat_view(self.session.state.turn)
        if view.legal_moves == (Move.pass_(),):
            self.tell([_("Nothing you hold fits and the boneyard is empty.")])
            self.act(Move.pass_())
            return
        if self._prompted != self.moment():
            self._prompted = self.moment()
            draw = BY_NAME["draw"].word
            if self.verbose:
                self.tell(turn_lines(view, draw))
            else:  # (the hand only when it changed other than as the person heard: a deal, an undo)
                held = [] if self._known == frozenset(view.hand) else [
                    _("You hold {tiles}.").format(tiles=say_tiles(view.hand))]
                self.tell([*held, brief_turn(view, draw)])
            self._known = frozenset(view.hand)
        self.read("turn")

    def game_over(self) -> None:
        if not self._over_said:
            self._over_said = True
            setup = self.session.setup
            if setup.deals is not None:
                self.tell([_("Deal code {code}: allfives --deals with it plays these deals again.").format(
                    code=setup.deals.text)])
            words = {name: BY_NAME[name].word for name in ("review", "new", "quit")}
            self.tell([_("The game is over. Type {review} to hear its mistakes, {new} for a new game, "
                         "or {quit}.").format(**words)])
        self.read("over")

    # -- commands ---------------------------------------------------------------------------------------

    def read(self, phase: Phase) -> None:
        """Read one command and carry it out (the end of the input: Leave)."""
        line = self.console.ask(lambda text, line: self.complete(text, line, phase))
        if line is None:
            raise Leave
        self.command(typed(line), phase)

    def complete(self, text: str, line: str, phase: Phase) -> list[str]:
        view = self.view()
        tiles = [say_tile(tile) for tile, _ends in fits(view)] if phase == "turn" else []
        return completions(text, line, phase, tiles, lambda tile: ends_for(view, tile))

    def command(self, line: str, phase: Phase) -> None:
        """One line typed: its first word names a command (or one line says what is possible)."""
        commands = names_of(available(phase))
        if len(line) > LONGEST:
            self.reply(_("That line is too long. Commands: {commands}.").format(commands=commands))
            return
        word, _space, rest = line.strip().partition(" ")
        if not word:  # (an empty line: one line says what to do, so a listener knows it was heard)
            self.reply(_("Type help for the commands."))
            return
        found = find(word, phase)
        what = word[:QUOTED]
        if found.command is None:
            if found.several:
                self.reply(_("{what} could be {commands}.").format(what=what,
                                                                   commands=names_of(found.several)))
            elif found.elsewhere is not None:
                self.reply(_("{what} is not for now. Commands: {commands}.").format(what=what,
                                                                                    commands=commands))
            else:
                self.reply(_("No command {what}. Commands: {commands}.").format(what=what, commands=commands))
            return
        getattr(self, f"do_{found.command.name}")(rest.strip(), phase)

    def act(self, move: Move) -> None:
        """The person's move: made, saved, said (a refusal, which the checks before spare, in one line)."""
        self.recent = []
        try:
            events = self.session.apply(move)
        except IllegalMove as e:
            self.reply(spoken(str(e)))
            return
        if self.me is not None and self._known is not None:  # (a play, or a draw said with its tile)
            self._known = frozenset(self.session.seat_view(self.me).hand)
        self.tell_events(events)

    def do_play(self, rest: str, phase: Phase) -> None:
        view = self.view()
        words = play_words(rest)
        if words.not_a_tile is not None:  # (said back only in words: `6-6x` would be read "six minus...")
            what = words.not_a_tile[:QUOTED]
            self.reply(_("That is not a tile: name it as in six blank.") if any(c.isdigit() for c in what)
                       else _("{what} is not a tile: name it as in six blank.").format(what=what))
            return
        if words.not_an_end is not None:
            self.reply(_("{what} is not an end: say {ends}.").format(
                what=words.not_an_end[:QUOTED], ends=say_ends(sorted(view.layout.open_ends, key="WENS".index)
                                                              or "WENS")))
            return
        if must_draw(view):
            self.reply(_("Nothing you hold fits: type {draw}.").format(draw=BY_NAME["draw"].word))
            return
        tile = words.tile
        hinted = self._hinted
        if tile is None and words.end is None and hinted is not None and hinted[0] == self.moment():
            self.act(hinted[1])  # (the hint's move: `play` alone plays it)
            return
        if tile is None:
            candidates = [t for t, ends in fits(view) if words.end is None or words.end in ends]
            if len(candidates) != 1:
                self.reply(_("Which tile? {playable}").format(playable=playable_line(view)))
                return
            tile = candidates[0]
        if tile not in view.hand:
            self.reply(_("You do not hold {tile}.").format(tile=say_tile(tile)))
            return
        if view.layout.empty:
            self.act(Move.play(tile))
            return
        ends = ends_for(view, tile)
        if not ends:
            self.reply(sentence(_("{tile} fits none of the ends, {ends}.").format(tile=say_tile(tile),
                                                                                 ends=open_ends(view.layout))))
            return
        end = words.end
        if end is None and len(ends) > 1:
            example = " ".join((BY_NAME["play"].word, say_tile(tile), short_end(ends[0])))
            self.reply(sentence(_("{tile} fits {ends}: say which, as in {example}.").format(
                tile=say_tile(tile), ends=say_ends(ends), example=example)))
            return
        if end is not None and end not in ends:
            self.reply(sentence(_("{tile} does not go {where}; it fits {ends}.").format(
                tile=say_tile(tile), where=on_end(end), ends=say_ends(ends))))
            return
        self.act(Move.play(tile, end or ends[0]))

    def do_draw(self, rest: str, phase: Phase) -> None:
        """Draw until a tile fits or the boneyard is empty: each draw is a move, said as it is made."""
        view = self.view()
        if view.legal_moves != (Move.draw(),):
            names = tuple(p.name for p in self.session.setup.players)
            self.reply(sentence(spoken(refusal(Move.draw(), view, names))) + ".")
            return
        self.recent = []
        events: list[Event] = []
        while must_draw(self.view()):  # (the draws said together: "You draw five three and six blank.")
            events.extend(self.session.apply(Move.draw()))
        if self.me is not None and self._known is not None:
            self._known = frozenset(self.session.seat_view(self.me).hand)
        self.tell_events(events)

    def do_hand(self, rest: str, phase: Phase) -> None:
        view = self.view()
        self.reply(*hand_lines(view))
        self._known = frozenset(view.hand)

    def do_verbose(self, rest: str, phase: Phase) -> None:
        """`verbose` turns the full telling on and off (`verbose on`, `verbose off`: as said)."""
        wanted = folded(rest)
        self.verbose = (True if wanted in ("on", folded(pgettext("switch", "on"))) else
                        False if wanted in ("off", folded(pgettext("switch", "off"))) else not self.verbose)
        if self.remember_verbose is not None:
            self.remember_verbose(self.verbose)
        self.reply(_("Verbose: every event in full, and your hand at every turn.") if self.verbose else
                   _("Brief: what changed since your move, and the tiles you may play."))

    def do_ends(self, rest: str, phase: Phase) -> None:
        self.reply(ends_line(self.view().layout))

    def do_score(self, rest: str, phase: Phase) -> None:
        self.reply(*score_lines(self.voice, self.view()))

    def practice_note(self) -> None:
        if not self.session.setup.practice:
            self.reply(_("A hint or a move taken back makes this game practice: it leaves your rating "
                         "alone."))

    def do_hint(self, rest: str, phase: Phase) -> None:
        from allfives.bots.analysis import hint_reason  # (the first hint loads it)
        from allfives.bots.knowledge import seen_from_view

        self.practice_note()
        self.reply(_("Thinking of a hint."))
        seat = self.session.state.turn
        move = self.session.hint(seat)
        why = hint_reason(seen_from_view(self.session.seat_view(seat)), move.to_core())
        self._hinted = (self.moment(), move) if move.kind == "play" else None
        if move.kind == "draw":
            self.reply(_("Hint: draw."))
            return
        if move.kind == "pass":
            self.reply(_("Hint: pass."))
            return
        where = say_move(str(move))
        if why:
            self.reply(_("Hint: play {move}: {why}.").format(move=where, why=spoken(why)))
        else:
            self.reply(_("Hint: play {move}.").format(move=where))

    def do_undo(self, rest: str, phase: Phase) -> None:
        me = self.me
        if me is None or not self.session.undoable(me):
            self.reply(_("Nothing to take back."))
            return
        self.practice_note()
        back = self.session.undo(me)
        self._undos += 1
        self.recent = []
        self.tell([ngettext("Taken back: {n} move.", "Taken back: {n} moves.", back).format(n=back)])

    def do_repeat(self, rest: str, phase: Phase) -> None:
        if not self.recent:
            self.reply(_("Nothing to repeat yet."))
            return
        self.console.say_all(self.recent)

    def do_help(self, rest: str, phase: Phase) -> None:
        self.reply(*[help_line(c.name) for c in available(phase)])

    def do_quit(self, rest: str, phase: Phase) -> None:
        raise Leave

    def do_new(self, rest: str, phase: Phase) -> None:
        setup = replace(self.session.setup, history_id=None, practice=False, deals=None, seed=None,
                        bots_seed=None)
        self.session = self.new_session(setup)
        self.recent, self._over_said, self._prompted, self._undos, self._known = [], False, None, 0, None
        self.teller = Teller()
        self.start(resumed=False)

    def do_review(self, rest: str, phase: Phase) -> None:
        from .review import weigh

        self.tell(weigh(self.session, self.voice, self.history, self.reply, self.review_samples, self.clock))
