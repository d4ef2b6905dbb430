"""Every command a player gives, written once: its keys, its words in the footer and the palette, and
where it applies; the bindings and the palette's entries are built from here.

A screen (or the app) binds the commands it answers with `bindings(...)`, and answers `applies(when)`
for each command's `when` (its `check_action` is `checked(self, action)`): a command that does not
apply is hidden from the footer (Textual's `check_action` returning False) and left out of the palette,
which offers exactly the bound commands that apply, each running the same action as its key.

To add a command: a `Command` here, put in the tuple of the place that binds it (`TABLE` for the game
screen), and its action on that screen; if it applies only at some moments, a `when` the screen
answers in `applies`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from textual.actions import parse
from textual.app import SystemCommand
from textual.binding import Binding, BindingType

from allfives.i18n import N_, _

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen


@dataclass(frozen=True)
class Command:
    """One command: `id` names it (the bindings' id), `keys` are Textual's key names (comma-separated),
    `action` the action it runs, `title` its word in the footer and the palette, `help` the palette's line
    under it and the footer key's tooltip: both in English, the catalogue's msgid (marked with `N_`), and
    translated where drawn, so a change of language needs no new bindings. `palette`: offered in the
    palette too (not the keys that only steer the hand). `when`: the moment it applies, as the place that
    binds it answers `applies(when)` (None: always)."""

    id: str
    keys: str
    action: str
    title: str
    help: str
    key_display: str | None = None
    palette: bool = True
    when: str | None = None
    # Its row in the help screen's table of keys (HELP_KEYS): the keys as the table shows them and what
    # they do (marked); `told_in_words`: the keys are words, said in the language spoken ("Ctrl+N").
    # None: told in another command's row (the arrows beside their pair), or not in the table.
    told: tuple[str, str] | None = None
    told_in_words: bool = False

    def binding(self, show: bool = True) -> Binding:
        """The key binding (`show`: in the footer where this place shows it)."""
        return Binding(self.keys, self.action, self.title, show=show, key_display=self.key_display,
                       tooltip=self.help, id=self.id)

    @property
    def action_name(self) -> str:
        """The action's name, as Textual hands it to `check_action` (no namespace, no arguments)."""
        return parse(self.action)[1]


# -- the window's commands (every screen of the app) ---------------------------------------------------
LANGUAGE = Command("language", "", "app.language", N_("Language…"),
                   N_("Speak another language: English, Nederlands, Português, Slovenščina, Frysk"))
HELP = Command("help", "question_mark,f1", "app.help", N_("Help"), N_("The rules in short and the controls"),
               key_display="?", told=("? F1", N_("this help")))
QUIT = Command("quit", "q", "app.quit", N_("Quit"), N_("Quit All Fives (a game in progress is saved)"),
               palette=False,  # (Textual's own palette entry "Quit" runs the same `app.quit`)
               told=("q", N_("quit (asks first; the game is saved after every move)")))
NEW_GAME = Command("new-game", "ctrl+n", "app.new_game", N_("New game"), N_("Set up and start a new game"),
                   when="new-game", told=(N_("Ctrl+N"), N_("new game (a game in progress asks first)")),
                   told_in_words=True)
STATISTICS = Command("statistics", "ctrl+t", "app.statistics", N_("Statistics"),
                     N_("Your games: wins against each bot, results over time, past games"),
                     told=(N_("Ctrl+T"), N_("your games: statistics, past games to review or export")),
                     told_in_words=True)
REVIEW = Command("review", "r", "app.review", N_("Review"),
                 N_("Step through this game move by move, the hard bot judging"), when="game")

# -- the table's commands (the game screen) ------------------------------------------------------------
PLAYING = "playing"  # the game goes on and the hand at the bottom shows
TILE_LEFT = Command("tile-left", "left", "cursor(-1)", N_("Tile"), N_("The tile to the left"),
                    palette=False, when=PLAYING, told=("← →", N_("move along your hand")))
TILE_RIGHT = Command("tile-right", "right", "cursor(1)", N_("Tile"), N_("The tile to the right"),
                     palette=False, when=PLAYING)
PLAY = Command("play", "enter,space", "choose", N_("Play"),
               N_("Play the tile under the cursor (or choose it, when it fits more than one end)"),
               key_display="⏎", when=PLAYING,
               told=(N_("Enter, Space"), N_("choose the tile (again: play it on the focused end)")),
               told_in_words=True)
END_BACK = Command("end-back", "up", "cycle_end(-1)", N_("End"), N_("The previous end the tile fits"),
                   palette=False, when=PLAYING,
                   told=("{w} {e} {n} {s}, ↑ ↓", N_("play on that end / move between lit ends")))
END_ON = Command("end-on", "down", "cycle_end(1)", N_("End"), N_("The next end the tile fits"), palette=False,
                 when=PLAYING)
# The keys that choose an end: every letter some language gives an end (i18n.end_letter: W E N S, Dutch
# O Z, Portuguese O L, Slovenian Z V J). The screen plays on the end the letter names in the language
# spoken; a letter that names none there, or that another command here takes (o) while no tile is
# chosen, passes the key on to the next binding (persons_turn.py `action_end_key`).
END_LETTERS = "wenslozvj"
ENDS = tuple(Command(f"end-{letter}", f"{letter},{letter.upper()}", f"end_key('{letter}')", N_("End"),
                     N_("Play the chosen tile on the end this letter names"), palette=False, when=PLAYING)
             for letter in END_LETTERS)
PUT_BACK = Command("put-back", "escape", "deselect", N_("Put back"),
                   N_("Put the chosen tile back in the hand"), palette=False, when=PLAYING,
                   told=(N_("Esc"), N_("put the tile back")), told_in_words=True)
DRAW = Command("draw", "d", "draw", N_("Draw"), N_("Draw from the boneyard"), when=PLAYING,
               told=("d", N_("draw from the boneyard")))
HINT = Command("hint", "h", "hint", N_("Hint"), N_("What the hard bot would play in your place"),
               when=PLAYING, told=("h", N_("hint: what the hard bot would play")))
UNDO = Command("undo", "u,ctrl+z", "undo", N_("Undo"), N_("Take back your last play and the moves since"),
               when="undo", told=(N_("u, Ctrl+Z"), N_("take back your last play and the moves since (at one "
                                                      "terminal: until the next person moves)")),
               told_in_words=True)
BACK_TO_DIALOG = Command("back-to-dialog", "t", "result", N_("Score panel"),
                         N_("Back to the score panel (or the game-over screen) put aside"), when="aside",
                         told=("t", N_("the score panel or game-over screen, when put aside")))

SORT_HAND = Command("sort-hand", "o", "sort_hand", N_("Sort hand"),
                    N_("Lay your hand out as dealt, by suit (the higher half) or by pips"))
COUNT_OUT = Command("count-out", "c", "count_out", N_("What is out"),
                    N_("Show or hide how many of each number's tiles you have not seen yet"))

HELP_KEYS = (TILE_LEFT, PLAY, END_BACK, PUT_BACK, DRAW, HINT, UNDO, BACK_TO_DIALOG, HELP, NEW_GAME,
             STATISTICS, QUIT)
"""The help screen's table of keys, in its order: each command's `told` row."""


def told_keys() -> list[tuple[str, str]]:
    """The help's rows of keys in the language spoken: (keys, what they do)."""
    return [(_(keys) if c.told_in_words else keys, _(does))
            for c in HELP_KEYS if c.told is not None for keys, does in [c.told]]


TABLE = (TILE_LEFT, TILE_RIGHT, PLAY, END_BACK, END_ON, *ENDS, PUT_BACK, DRAW, HINT, UNDO, BACK_TO_DIALOG,
         SORT_HAND, COUNT_OUT)
"""The game screen's own commands, in the footer's order (the window's follow them there)."""

# -- a shared table's commands: its lobby's, and the game screen's at it --------------------------------
HOSTS = "hosts"  # this seat hosts the table
OTHERS_SEATED = "others-seated"  # the host, while someone else sits at the table
COVERABLE = "coverable"  # the host, while a bot may be let play a seat (away too long, time up)
BANNED = "banned"  # the host, while someone sent away may be let back
SHARED = "shared"  # this terminal opened the table: the line its friends join with is here to copy
START_TABLE = Command("start-table", "enter", "start", N_("Start the game"),
                      N_("Deal the first hand: bots play the free seats"), when=HOSTS)
SIT_AT = tuple(Command(f"sit-{n + 1}", str(n + 1), f"sit({n})", N_("Sit"),
                       N_("Move to the seat of this number, while a bot holds it"), palette=False)
               for n in range(4))
KICK = Command("kick", "k", "unseat(True)", N_("Kick"),
               N_("Send a player away: a bot takes their seat, and they may not sit at this table again"),
               when=OTHERS_SEATED)
TO_A_BOT = Command("to-a-bot", "x", "unseat(False)", N_("Seat to a bot"),
                   N_("Give a player's seat to a bot (in the lobby the seat is free again)"),
                   when=OTHERS_SEATED)
LET_BACK = Command("let-back", "l", "let_back", N_("Let back"),
                   N_("Let someone you sent away sit at this table again"), when=BANNED)
COPY_LINE = Command("copy-line", "c", "copy_line", N_("Copy line"),
                    N_("Copy the line your friends join with, to paste it to them"), when=SHARED)
LEAVE = Command("leave", "q", "leave", N_("Leave"),
                N_("Leave the table (your seat waits for you; the host's leaving closes the table)"),
                palette=False)
COVER = Command("cover", "b", "cover", N_("Let a bot play"),
                N_("Let a bot play for someone away too long, or the move of someone whose time is up"),
                when=COVERABLE)
SAY_YOUR_TURN = Command("say-your-turn", "y", "say('your turn')", N_("“Your turn”"),
                        N_("Tell the table it is someone's turn"))
SAY_GOOD_GAME = Command("say-good-game", "g", "say('good game')", N_("“Good game”"),
                        N_("Tell the table: good game"))

LOBBY = (START_TABLE, *SIT_AT, HELP, COPY_LINE, KICK, TO_A_BOT, LET_BACK, LEAVE)
"""The lobby's commands, in the footer's order."""
AT_THE_TABLE = (COVER, KICK, TO_A_BOT, SAY_YOUR_TURN, SAY_GOOD_GAME)
"""The game screen's own at a shared table (beside `TABLE`)."""

_EVERY = (HELP, QUIT, NEW_GAME, STATISTICS, REVIEW, *TABLE, *LOBBY, *AT_THE_TABLE)
_WHEN = {}  # action name -> the moment it applies, for every command that has one
for _command in _EVERY:
    if _command.when is not None:
        _WHEN[_command.action_name] = _command.when
BY_ID = {c.id: c for c in _EVERY}


# Textual's own palette entries the game keeps (the others are for a developer: its keys panel, maximizing a
# widget, an SVG screenshot), in its English: marked here so the catalogue has them, said in the person's
# language by `in_language`.
TEXTUAL_KEPT = ("Theme", "Quit")
TEXTUAL_WORDS = (
    N_("Theme"), N_("Change the current theme"), N_("Quit"), N_("Quit the application as soon as possible"),
    N_("palette"), N_("Open the command palette"),  # (the footer's palette key)
)


def in_language(entries: Iterable[SystemCommand]) -> Iterator[SystemCommand]:
    """Palette entries (Textual's own) with their title and line in the person's language."""
    for entry in entries:
        yield entry._replace(title=_(entry.title), help=_(entry.help))


class Answers(Protocol):
    """A place that binds commands with a `when`: it says whether that moment is now."""

    def applies(self, when: str) -> bool: ...


def bindings(*commands: Command, hidden: Iterable[Command] = ()) -> list[BindingType]:
    """The bindings of a place, in order; `hidden` ones work but are not in its footer."""
    hide = {c.id for c in hidden}
    return [c.binding(show=c.id not in hide) for c in commands]


def checked(place: Answers, action: str) -> bool:
    """For a `check_action`: the command of `action` applies now (an action with no moment always does)."""
    when = _WHEN.get(action)
    return when is None or place.applies(when)


def palette(app: App[Any], screen: Screen[Any], window: Iterable[Command]) -> Iterator[SystemCommand]:
    """The palette's entries over `screen`: each bound command that applies now (the screen's, then the
    window's `window` commands the app answers), once, running the same action as its key."""
    offered: set[str] = set()
    for active in screen.active_bindings.values():
        command = BY_ID.get(active.binding.id or "")
        if command is None or not command.palette or command.id in offered or not active.enabled:
            continue
        offered.add(command.id)
        yield SystemCommand(_(command.title), _(command.help), _runs(app, command.action, active.node))
    for command in window:  # a dialog's keys stop at it: the window's own commands are offered over it too
        name, parameters = parse(command.action)[1:]
        if command.id not in offered and command.palette and app.check_action(name, parameters):
            offered.add(command.id)
            yield SystemCommand(_(command.title), _(command.help), _runs(app, command.action, app))


def _runs(app: App[object], action: str, node: object) -> Callable[[], object]:
    return partial(app.run_action, action, node)  # type: ignore[arg-type]
