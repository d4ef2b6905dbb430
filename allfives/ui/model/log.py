"""The game log's sentences: a line for each event, as the table's log shows it (hand by hand, the latest
kept), and who won, said as the log, the game-over headline and the status line say it. Pure data, no
Textual; the view (view.py) puts the log in the `TableView`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from allfives.engine import Drew, Event, GameWon, HandDealt, HandResult, Passed, Played, Scored
from allfives.i18n import _, end_letter
from allfives.play.setup import GameSetup
from allfives.ui.model.sheet import HandMemo
from allfives.ui.model.shown import Shown, styled

LineKind = Literal["hand", "play", "score", "quiet", "end", "win"]

LOG_LINES = 400  # the game log holds the latest hands' lines, at least this many (it scrolls back)


@dataclass(frozen=True, init=False)
class LogLine:
    """One game-log line: its text (bold and dim only; a `str` is plain) and its kind, which gives its
    colour."""

    text: Shown
    kind: LineKind = "play"

    def __init__(self, text: Shown | str, kind: LineKind = "play") -> None:
        object.__setattr__(self, "text", Shown.of(text))
        object.__setattr__(self, "kind", kind)


def log_line(event: Event, setup: GameSetup, shows_draws_of: frozenset[int]) -> LogLine | None:
    """One game-log line for an event; a drawn tile is named only to the seats in `shows_draws_of`.

    The log is read by people, so it speaks the language; the record (the events) keeps W/E/N/S."""
    name = setup.players
    if isinstance(event, HandDealt):
        if setup.you(event.leader):
            return LogLine(styled(_("[b]Hand {}[/b] — You lead"), event.hand_number), "hand")
        return LogLine(styled(_("[b]Hand {}[/b] — {} leads"), event.hand_number, name[event.leader].name),
                       "hand")
    if isinstance(event, Played):
        return LogLine(_played(setup, event), "play")
    if isinstance(event, Scored):
        you = setup.you(event.seat)
        said = _("You score {points}") if you else _("{name} scores {points}")
        return LogLine("  " + said.format(name=name[event.seat].name, points=event.points), "score")
    if isinstance(event, Drew):
        you = setup.you(event.seat)
        if event.seat in shows_draws_of and event.tile is not None:
            said = _("You draw {tile}") if you else _("{name} draws {tile}")
        else:
            said = _("You draw") if you else _("{name} draws")
        return LogLine(said.format(name=name[event.seat].name, tile=event.tile), "quiet")
    if isinstance(event, Passed):
        return LogLine(_("You pass") if setup.you(event.seat) else _("{name} passes").format(
            name=name[event.seat].name), "quiet")
    if isinstance(event, HandResult):
        if event.reason == "domino" and event.out_seat is not None:
            out = styled(_("[b]You go out[/b]")) if setup.you(event.out_seat) else styled(
                _("[b]{} goes out[/b]"), name[event.out_seat].name)
            return LogLine(out, "end")
        return LogLine(styled(_("[b]The hand is blocked[/b]")), "end")
    if isinstance(event, GameWon):
        return LogLine(winner_said(setup, event.side, "game"), "win")
    return None


def _played(setup: GameSetup, event: Played) -> Shown:
    """`Ben plays 6-0 on W · 15` (the end by this language's letter), `You play 6-6 to lead · 12`."""
    who, you = setup.players[event.seat].name, setup.you(event.seat)
    if event.end is None:
        if you:
            return styled(_("You play [b]{}[/b] to lead [dim]· {}[/dim]"), event.tile, event.total)
        return styled(_("{} plays [b]{}[/b] to lead [dim]· {}[/dim]"), who, event.tile, event.total)
    end = end_letter(event.end)
    if you:
        return styled(_("You play [b]{}[/b] on {} [dim]· {}[/dim]"), event.tile, end, event.total)
    return styled(_("{} plays [b]{}[/b] on {} [dim]· {}[/dim]"), who, event.tile, end, event.total)


def winner_said(setup: GameSetup, winner: int | None, how: str) -> Shown:
    """Who won, said as the log (`game`: `Ada wins the game!`), the headline (`short`: `Ada wins!`) or
    the status line (`over`: `Ada wins! The game is over.`) says it: a team and "you" take their own
    forms in every language."""
    if winner is None:
        return Shown.of({"game": _("Nobody wins the game!"), "short": _("Nobody wins!"),
                         "over": _("Nobody wins! The game is over.")}[how])
    if len(setup.rules.seats_of(winner)) == 1 and setup.yours(winner):
        return Shown.of({"game": _("[b]You win the game![/b]"), "short": _("You win!"),
                         "over": _("You win! The game is over.")}[how])
    if setup.rules.partnership:
        template = {"game": _("[b]{} win the game![/b]"), "short": _("{} win!"),
                    "over": _("{} win! The game is over.")}
    else:
        template = {"game": _("[b]{} wins the game![/b]"), "short": _("{} wins!"),
                    "over": _("{} wins! The game is over.")}
    return styled(template[how], setup.side_title(winner))


def game_log(setup: GameSetup, hands: Sequence[Sequence[Event]], shows_draws_of: frozenset[int],
             memo: HandMemo | None = None) -> tuple[LogLine, ...]:
    """The latest hands' log lines, hand after hand: whole hands, going back to at least LOG_LINES lines.

    Older hands leave the log (the scoresheet keeps their scores): a long game holds no more of it.
    """
    what = f"log{sorted(shows_draws_of)}"
    latest: list[tuple[LogLine, ...]] = []
    count = 0
    for index in range(len(hands) - 1, -1, -1):
        events = hands[index]
        known = memo.recall(what, index, events) if memo is not None else None
        if not isinstance(known, tuple):
            known = tuple(line for ev in events if (line := log_line(ev, setup, shows_draws_of)) is not None)
            if memo is not None:
                memo.keep(what, index, events, known)
        latest.append(known)
        count += len(known)
        if count >= LOG_LINES:
            if memo is not None:
                memo.forget(what, before=index)
            break
    return tuple(line for lines in reversed(latest) for line in lines)
