"""The review as sentences: each mistake the hard bot found, why (the review's own reasons, its tiles said
as words), each weighed player's game in a sentence, and what decided it (luck or play). For the
`review` command at a finished plain game, and `allfives review FILE --plain`. No Textual here.

The judging is the review's (allfives.bots.analysis, .luck and .reasons): nothing here weighs a move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from allfives.i18n import _, decimal, ngettext, share

from .sentences import Voice
from .words import and_list, say_move, spoken

if TYPE_CHECKING:
    from allfives.bots.analysis import Decision, GameAnalysis, Summary
    from allfives.bots.luck import LuckAnalysis
    from allfives.engine import GameState
    from allfives.play.history_link import HistoryLink
    from allfives.play.session import Session

PROGRESS_EVERY = 10.0  # seconds between two lines on how far the weighing has come


def mistake_line(voice: Voice, d: Decision) -> str:
    """`Hand 2, move 5: you played six four on the east end, where five blank on the west end was worth
    12.5 points more: scored 0 where five blank on the west end scored 15.`"""
    from allfives.bots.reasons import tell

    reason = spoken(tell(d.why)) if d.why else (d.reason or "")
    said = (_("Hand {hand}, move {move}: you played {played}, where {best} was worth {cost} points more: "
              "{reason}.") if voice.is_you(d.seat) else
            _("Hand {hand}, move {move}: {name} played {played}, where {best} was worth {cost} points more: "
              "{reason}."))
    return said.format(hand=d.hand, move=d.move, name=voice.name(d.seat), played=say_move(d.played),
                       best=say_move(d.best), cost=decimal(d.cost), reason=reason)


def summary_line(voice: Voice, s: Summary) -> str:
    """A weighed player's game in a sentence."""
    if not s.choices:
        return (_("You had no choice to make.") if voice.is_you(s.seat)
                else _("{name} had no choice to make.").format(name=voice.name(s.seat)))
    if voice.is_you(s.seat):
        said = ngettext("You made {n} mistake in {choices} choices, giving up {lost} points with it; "
                        "accuracy {accuracy}.",
                        "You made {n} mistakes in {choices} choices, giving up {lost} points with them; "
                        "accuracy {accuracy}.", s.mistakes)
    else:
        said = ngettext("{name} made {n} mistake in {choices} choices, giving up {lost} points with it; "
                        "accuracy {accuracy}.",
                        "{name} made {n} mistakes in {choices} choices, giving up {lost} points with them; "
                        "accuracy {accuracy}.", s.mistakes)
    return said.format(name=voice.name(s.seat), n=s.mistakes, choices=s.choices,
                       lost=decimal(s.lost_to_mistakes), accuracy=share(s.accuracy or 0.0))


def review_lines(game: GameState, voice: Voice, analysis: GameAnalysis, luck: LuckAnalysis | None = None,
                 whole: GameAnalysis | None = None) -> list[str]:
    """The whole review, mistake by mistake, then each weighed player's game and the verdict (the luck
    weighed against every seat's decisions, `whole`: the figures' ± is its)."""
    from allfives.bots.luck import verdict, verdict_error

    lines = [mistake_line(voice, d) for d in analysis.mistakes()]
    if not lines:
        lines.append(_("No mistakes: every choice was close to the best."))
    lines.extend(summary_line(voice, s) for s in analysis.game)
    if luck is not None:
        rules = game.rules.to_core()
        finished = game.phase == "game_over"
        for side in sorted({rules.side_of(s) for s in analysis.seats}):
            yours = voice.has_you(side)  # (the verdict's own "you" forms: "your play", never "You's play")
            partners = and_list([voice.name(s) for s in rules.seats_of(side) if not voice.is_you(s)])
            lines.append(verdict(luck.game[side], rules.sides, voice.side(side), finished, you=yours,
                                 partners=partners if yours else "",
                                 error=verdict_error(luck.game[side], whole or analysis)) + ".")
    return lines


def weigh(session: Session, voice: Voice, history: HistoryLink | None, say: Callable[[str], None],
          samples: int | None = None, clock: Callable[[], float] | None = None) -> list[str]:
    """A finished game at the table weighed (the weighing kept in the history, as the review screen keeps
    it: a second review is at once), saying how far it has come now and then."""
    import time

    from allfives.bots.analysis import DEFAULT_SAMPLES, analyse_game, narrowed
    from allfives.bots.luck import luck_of, luck_samples
    from allfives.history.store import stored_analysis

    clock = clock or time.monotonic
    samples = samples or DEFAULT_SAMPLES
    game, setup = session.state, session.setup
    seats = tuple(setup.people) or tuple(range(game.rules.seats))
    say(_("Weighing the game's decisions; this takes a while."))
    last = [clock()]

    def progress(done: int, total: int) -> None:
        if clock() - last[0] >= PROGRESS_EVERY and done < total:
            last[0] = clock()
            say(_("Weighed {done} of {total}.").format(done=done, total=total))

    session.flush()
    everyone = tuple(range(game.rules.seats))  # (the luck weighs every seat: a bot's mistake is not luck)
    if history is not None and setup.history_id is not None:
        whole = stored_analysis(history.store(), setup.history_id, game, everyone, samples, progress)
    else:
        whole = analyse_game(game, everyone, samples, progress)
    luck = luck_of(game, whole.decisions, luck_samples(samples))
    return review_lines(game, voice, narrowed(game, whole, seats), luck, whole)
