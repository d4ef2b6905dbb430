"""The table: hand, board, seats, boneyard, scoresheet and log — and the game flow that drives them.

Game flow lives here and in `Session` only: whose turn it is, bots thinking in a worker thread,
applying moves, opening the score panel. Widgets render what they are given and post messages up.
Play holds while anything covers the table (help, the new-game screen, a dialog, the too-small
notice) and goes on where it stopped once the table shows again.
"""

from __future__ import annotations

import time

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.worker import get_current_worker

from allfives.engine import Event, GameState, GameWon, HandResult, IllegalMove, Move, Played, Tile

from ..session import Session, describe
from ..widgets.board import Board
from ..widgets.boneyard import Boneyard
from ..widgets.game_log import GameLog
from ..widgets.hand import Hand
from ..widgets.scoresheet import Scoresheet, build_sheet
from ..widgets.seats import SeatInfo, Seats
from ..widgets.too_small import TooSmall
from .game_over import GameOverScreen
from .handover import HandoverScreen
from .score_panel import ScorePanel

END_KEYS = ("W", "E", "N", "S")
WIDE = 110  # from this many columns the other seats sit around the board, not all in the top strip


def seat_places(seats: int, wide: bool) -> dict[int, str]:
    """Where each other seat sits, by how many places after the bottom player it comes in turn order.

    At a real table the next seat is on the left, the one after across, the last on the right; with
    three seats the left and across places (the board keeps more width). Narrow: all in the top strip.
    """
    if not wide:
        return {offset: "top" for offset in range(1, seats)}
    return {2: {1: "top"}, 3: {1: "left", 2: "top"}}.get(seats, {1: "left", 2: "top", 3: "right"})


class GameScreen(Screen[None]):
    """One game from first deal to the winner."""

    BINDINGS = [
        Binding("left", "cursor(-1)", "Tile", show=False),
        Binding("right", "cursor(1)", "Tile", show=False),
        Binding("enter,space", "choose", "Choose/play", key_display="⏎"),
        Binding("up", "cycle_end(-1)", "End", show=False),
        Binding("down", "cycle_end(1)", "End", show=False),
        Binding("w,W", "end('W')", "W end", show=False),
        Binding("e,E", "end('E')", "E end", show=False),
        Binding("n,N", "end('N')", "N end", show=False),
        Binding("s,S", "end('S')", "S end", show=False),
        Binding("escape", "deselect", "Put back", show=False),
        Binding("d", "draw", "Draw"),
        Binding("h", "hint", "Hint"),
        Binding("question_mark,f1", "app.help", "Help", key_display="?"),
        Binding("ctrl+n", "app.new_game", "New game"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        people = session.setup.people
        self.viewer: int = people[0] if people else 0
        self.revealed = len(people) <= 1  # hot seat: the hand shows once its owner says so
        self.selected: Tile | None = None
        self.thinking: int | None = None  # seat of the bot at work
        self.hinted: Move | None = None
        self.shown_result = False
        self.last_played: tuple[str, int] | None = None
        self.pending = False  # play stopped while the table was covered; goes on when it shows again
        self.held: tuple[GameState, Move] | None = None  # a bot's move that came in meanwhile
        self.closed = False  # a new game replaced this one: nothing more happens here

    # -- layout ---------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield Seats(id="seats")
            yield Boneyard(id="boneyard")
        with Horizontal(id="middle"):
            yield Seats(stacked=True, id="seats-left", classes="side-seats")
            yield Board(id="board")
            yield Seats(stacked=True, id="seats-right", classes="side-seats")
            with Vertical(id="side"):
                yield Scoresheet(id="scoresheet")
                yield GameLog(id="log")
        yield Static("", id="status")
        yield Hand(id="hand")
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        log = self.query_one(GameLog)
        for events in self.session.hands:
            self._log(events, log)
        self.set_class(self.app.size.width >= WIDE, "-wide")
        self.refresh_table()
        self.call_after_refresh(self.advance)

    # -- the pieces of the view ---------------------------------------------

    @property
    def state(self):
        return self.session.state

    @property
    def my_turn(self) -> bool:
        """The person whose hand is shown is to move (and may see it)."""
        return (self.session.waiting == "person" and self.state.turn == self.viewer and self.revealed)

    def refresh_table(self) -> None:
        """Push the session's state down into every widget."""
        problem = self.session.take_save_error()
        if problem:
            self.notify(problem, title="Saving", severity="warning", timeout=10)
        state, setup = self.state, self.session.setup
        my_turn = self.my_turn
        hand = self.query_one(Hand)
        hand.tiles = state.hands[self.viewer]
        hand.hidden = not self.revealed
        hand.active = my_turn
        hand.playable = frozenset(state.playable(self.viewer)) if my_turn else frozenset()
        hand.selected = self.selected
        hand.hint = self.hinted.tile if self.hinted is not None else None
        board = self.query_one(Board)
        board.board = state.layout
        chosen = self.selected if my_turn else None
        ends = frozenset(state.ends_for(chosen)) if chosen is not None else frozenset()
        board.selectable_ends = ends
        if board.focused_end not in ends:
            board.focused_end = (self.hinted.end if self.hinted is not None and self.hinted.end in ends
                                 else (sorted(ends, key=END_KEYS.index)[0] if ends else None))
        board.last_played = self.last_played
        bone = self.query_one(Boneyard)
        bone.count = len(state.boneyard)
        bone.must_draw = my_turn and state.legal_moves() == [Move.draw()]
        self.refresh_seats()
        self.query_one(Scoresheet).sheet = build_sheet(setup, self.session.hands, state.scores)

    def refresh_seats(self) -> None:
        """Push each other seat down to its place: around the board when wide, else the top strip."""
        state, setup = self.state, self.session.setup
        count = setup.rules.seats
        places = seat_places(count, self.has_class("-wide"))
        last = self.session.last_actions()
        placed: dict[str, list[SeatInfo]] = {"top": [], "left": [], "right": []}
        for offset in range(1, count):
            seat = (self.viewer + offset) % count
            player = setup.players[seat]
            label = player.label if not player.is_person else "person"
            if setup.rules.partnership and seat % 2 == self.viewer % 2:
                label += " · partner"
            placed[places[offset]].append(
                SeatInfo(seat=seat, name=player.name, label=label, tiles=len(state.hands[seat]),
                         last=last.get(seat, ""), to_move=state.phase == "playing" and state.turn == seat,
                         thinking=self.thinking == seat))
        top = self.query_one("#seats", Seats)
        top.seats = tuple(placed["top"])
        top.centred = self.has_class("-wide")
        self.query_one("#seats-left", Seats).seats = tuple(placed["left"])
        self.query_one("#seats-right", Seats).seats = tuple(placed["right"])
        self.set_class(bool(placed["left"]), "-has-left")
        self.set_class(bool(placed["right"]), "-has-right")

    def fit(self, width: int) -> None:
        """Seats around the board from `WIDE` columns, in the top strip below that; nothing else moves."""
        if self.has_class("-wide") != (width >= WIDE):
            self.set_class(width >= WIDE, "-wide")
            self.refresh_seats()

    def on_resize(self, event: Resize) -> None:
        self.fit(event.size.width)

    def say(self, text: str) -> None:
        """The status line: prompts and brief explanations, never a dialog."""
        self.query_one("#status", Static).update(text)

    @property
    def status(self) -> str:
        return str(self.query_one("#status", Static).render())

    def _log(self, events: list[Event], log: GameLog | None = None) -> None:
        log = log or self.query_one(GameLog)
        viewer = self.viewer if len(self.session.setup.people) <= 1 else None
        for ev in events:
            line = describe(ev, self.session, viewer)
            if line:
                log.say(line)

    # -- game flow ----------------------------------------------------------

    @property
    def can_play(self) -> bool:
        """The table is on top and can be seen: nobody moves, and nothing opens, behind a cover."""
        return (self.is_attached and not self.closed and self.is_active
                and not getattr(self.app, "too_small", False))

    def hold(self) -> None:
        """Stop here; `continue_play` picks up when the table shows again."""
        self.pending = True

    def continue_play(self) -> None:
        """The table shows again: land a bot's held move, or go on from where play stopped."""
        if not self.pending or not self.can_play:
            return
        self.pending = False
        held, self.held = self.held, None
        if held is not None and held[0] is self.state:
            self.bot_moved(*held)
        else:
            self.advance()

    def close(self) -> None:
        """A new game takes over: cancel the bots' thinking and let no late move land here."""
        self.closed = True
        self.pending = False
        self.held = None
        self.workers.cancel_node(self)

    def advance(self) -> None:
        """Whatever comes next: a bot thinks, a person is prompted, or a hand/game ends."""
        if not self.is_attached or self.closed:
            return
        if not self.can_play:
            self.hold()
            return
        waiting = self.session.waiting
        self.refresh_table()
        if waiting == "bot":
            self.thinking = self.state.turn
            self.refresh_table()
            self.say(f"{self.session.name(self.state.turn)} is thinking…")
            self.bot_turn(self.state)
        elif waiting == "person":
            turn = self.state.turn
            if turn != self.viewer or not self.revealed:
                if len(self.session.setup.people) > 1:
                    self.revealed = False
                    self.viewer = turn
                    self.refresh_table()
                    self.say(f"Pass the terminal to {self.session.name(turn)}.")
                    self.app.push_screen(HandoverScreen(self.session.name(turn), turn), self._handed_over)
                    return
                self.viewer = turn
            self.prompt()
        elif waiting == "hand_over" or (waiting == "game_over" and self.state.result is not None
                                        and not self.shown_result):
            self.say("The hand is over.")
            self.show_result()
        else:
            self.show_game_over()

    def _handed_over(self, _: None = None) -> None:
        self.revealed = True
        self.refresh_table()
        self.advance()

    def prompt(self) -> None:
        """Tell the person what they can do; pass for them when passing is all that is left."""
        legal = self.state.legal_moves()
        if legal == [Move.pass_()]:
            self.apply(Move.pass_())
            self.notify("Nothing fits and the boneyard is empty: you pass.", timeout=3)
            return
        self.refresh_table()
        if self.selected is not None:
            return
        if legal == [Move.draw()]:
            self.say("Nothing in your hand fits: click the boneyard (or press d) to draw.")
        elif self.state.layout.empty:
            self.say("Your lead: click any tile (or ←/→ and Enter).")
        else:
            drawn = self.state.history and self.state.history[-1].move.kind == "draw" \
                and self.state.history[-1].seat == self.viewer
            self.say("The tile you drew fits: play it." if drawn
                     else "Your turn: click a tile, then a lit end (or ←/→, Enter, W/E/N/S).")

    def apply(self, move: Move) -> bool:
        """Make a move for the seat to move; say why not if the engine refuses."""
        try:
            events = self.session.apply(move)
        except IllegalMove as e:
            self.say(f"[b red]Not allowed:[/b red] {e}")
            return False
        self.selected = None
        self.hinted = None
        for ev in events:
            if isinstance(ev, Played):
                self.last_played = self._placement(ev)
        self._log(events)
        if any(isinstance(ev, (HandResult, GameWon)) for ev in events):
            self.shown_result = False
        self.refresh_table()
        self.call_after_refresh(self.advance)
        return True

    def _placement(self, ev: Played) -> tuple[str, int]:
        """Where the tile just played lies: (arm, index), index -1 for the lead."""
        if ev.end is None:
            return ("lead", -1)
        return (ev.end, len(self.state.layout.arms[ev.end]) - 1)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def bot_turn(self, state) -> None:
        """Think in a thread; the move lands no sooner than the bot delay after the turn began."""
        started = time.monotonic()
        seat = state.turn
        view = state.view(seat)
        try:
            move = self.session.bot(seat).choose(view)
        except Exception as e:  # a broken bot must not stop the game
            move = state.legal_moves()[0]
            self.app.call_from_thread(self.notify, f"bot error: {e}", severity="error")
        worker = get_current_worker()
        while time.monotonic() - started < self.session.setup.bot_delay:
            if worker.is_cancelled:
                return
            time.sleep(0.02)
        if not worker.is_cancelled:
            self.app.call_from_thread(self.bot_moved, state, move)

    def bot_moved(self, state: GameState, move: Move) -> None:
        if state is not self.state or not self.is_attached or self.closed:
            return  # the game moved on (new game, resumed) while the bot thought
        if not self.can_play:
            self.held = (state, move)  # lands when the table shows again
            self.hold()
            return
        self.thinking = None
        self.apply(move)

    def show_result(self) -> None:
        self.shown_result = True
        result = self.state.result
        assert result is not None
        panel = ScorePanel(result, self.session.setup, self.state.hand_number,
                           game_over=self.state.phase == "game_over")
        self.app.push_screen(panel, self._result_seen)

    def _result_seen(self, _: None = None) -> None:
        if self.state.phase == "hand_over":
            events = self.session.next_hand()
            self.last_played = None
            self._log(events)
        self.advance()

    def show_game_over(self) -> None:
        winner = self.state.winner
        setup = self.session.setup
        scores = "   ".join(f"{setup.side_title(s)} {v}" for s, v in enumerate(self.state.scores))
        who = setup.side_title(winner) if winner is not None else "Nobody"
        verb = "win" if setup.rules.partnership or who == "You" else "wins"
        headline = f"{who} {verb}!     {scores}"
        self.say(headline)
        sheet = build_sheet(setup, self.session.hands, self.state.scores)
        self.app.push_screen(GameOverScreen(headline, sheet), self._game_over_chosen)

    def _game_over_chosen(self, choice: str | None) -> None:
        if choice == "new":
            self.app.action_new_game()
        else:
            self.app.exit()

    # -- the person's choices -------------------------------------------------

    def choose_tile(self, tile: Tile) -> None:
        """A tile of the hand was chosen (click or Enter)."""
        if not self.my_turn:
            if self.session.waiting == "bot":
                self.say(f"Wait: it is {self.session.name(self.state.turn)}'s turn.")
            return
        if self.selected == tile:
            ends = self.state.ends_for(tile)
            end = self.query_one(Board).focused_end
            if end in ends:
                self.apply(Move.play(tile, end))
            return
        why = self.state.why_not(Move.play(tile)) if tile not in self.state.playable(self.viewer) else None
        if why:
            self.selected = None
            self.refresh_table()
            self.say(f"[b #ff8a80]{tile} can't be played:[/] {why}")
            return
        ends = self.state.ends_for(tile)
        if len(ends) <= 1:
            self.apply(Move.play(tile, ends[0] if ends else None))
            return
        self.selected = tile
        self.refresh_table()
        self.say(f"Place [b]{tile}[/b]: click a lit end ({' or '.join(ends)}), "
                 f"or press {'/'.join(e for e in ends)}. Esc puts it back.")

    def choose_end(self, end: str) -> None:
        if not self.my_turn:
            return
        if self.selected is None:
            self.say("Choose a tile from your hand first, then the end to put it on.")
            return
        why = self.state.why_not(Move.play(self.selected, end))
        if why:
            self.say(f"[b #ff8a80]Not there:[/] {why}")
            return
        self.apply(Move.play(self.selected, end))

    @on(Hand.TileChosen)
    def _tile_chosen(self, event: Hand.TileChosen) -> None:
        event.stop()
        self.choose_tile(event.tile)

    @on(Board.EndChosen)
    def _end_chosen(self, event: Board.EndChosen) -> None:
        event.stop()
        self.choose_end(event.end)

    @on(Board.MissedEnd)
    def _missed(self, event: Board.MissedEnd) -> None:
        event.stop()
        if self.my_turn and self.selected is not None:
            self.say(f"Click one of the lit ends to place [b]{self.selected}[/b] (Esc puts it back).")

    @on(Boneyard.DrawRequested)
    def _draw_requested(self, event: Boneyard.DrawRequested) -> None:
        event.stop()
        self.action_draw()

    # -- actions (keys, footer, command palette) --------------------------------

    def action_cursor(self, step: int) -> None:
        self.query_one(Hand).move_cursor(step)

    def action_choose(self) -> None:
        hand = self.query_one(Hand)
        if self.my_turn and self.state.legal_moves() == [Move.draw()]:
            self.action_draw()  # nothing fits: Enter draws, as the hint says
        elif hand.tiles and not hand.hidden:
            self.choose_tile(hand.tiles[min(hand.cursor, len(hand.tiles) - 1)])

    def action_cycle_end(self, step: int) -> None:
        board = self.query_one(Board)
        ends = sorted(board.selectable_ends, key=END_KEYS.index)
        if not ends:
            return
        i = ends.index(board.focused_end) if board.focused_end in ends else -step
        board.focused_end = ends[(i + step) % len(ends)]

    def action_end(self, end: str) -> None:
        self.choose_end(end)

    def action_deselect(self) -> None:
        if self.selected is not None:
            self.selected = None
            self.refresh_table()
            self.prompt()

    def action_draw(self) -> None:
        if not self.my_turn:
            return
        why = self.state.why_not(Move.draw())
        if why:
            self.say(f"[b #ff8a80]No drawing now:[/] {why}")
            return
        self.apply(Move.draw())

    def action_hint(self) -> None:
        if not self.my_turn:
            self.say("A hint is for your own turn.")
            return
        self.say("Thinking of a hint…")
        self.hint_worker(self.state, self.session.hint_bot())

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def hint_worker(self, state: GameState, bot) -> None:
        try:
            move = bot.choose(state.view(state.turn))
        except Exception as e:
            self.app.call_from_thread(self.say, f"No hint: {e}")
            return
        self.app.call_from_thread(self.show_hint, state, move)

    def show_hint(self, state, move: Move) -> None:
        if state is not self.state or not self.is_attached or self.closed:
            return
        self.hinted = move
        if move.kind == "play" and move.tile is not None:
            self.selected = move.tile if len(state.ends_for(move.tile)) > 1 else None
            self.say(f"Hint: play [b]{move.tile}[/b]" + (f" on {move.end}" if move.end else "")
                     + " — Enter plays it.")
            hand = self.query_one(Hand)
            if move.tile in hand.tiles:
                hand.cursor = hand.tiles.index(move.tile)
        else:
            self.say(f"Hint: {move.kind}.")
        self.refresh_table()
        if move.end is not None and self.selected is not None:
            self.query_one(Board).focused_end = move.end

    def on_screen_resume(self) -> None:
        if self.closed:
            return
        self.fit(self.app.size.width)  # resized while covered: only the top screen hears of it
        self.refresh_table()
        self.continue_play()
