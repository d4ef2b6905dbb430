"""A review's reasons as numbers (`Why`) and in words (`tell`): light, so a review shows them unweighed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from allfives import i18n
from allfives.i18n import _, pgettext

WhyKind = Literal["scored_less", "let_score", "kept", "cut_chance", "exact", "average"]


class Why(BaseModel):
    """One claim of a mistake's reason, as numbers: told in the reader's language when shown (`tell`),
    so an analysis kept in the history reads in whatever language the review is opened in."""

    model_config = ConfigDict(frozen=True)
    kind: WhyKind
    move: str | None = None  # the better move (or the tile kept), as records write it
    points: float = 0.0
    other: float = 0.0


def shown_move(move: str) -> str:
    """A move as records write it (`6-4 E`, `draw`) as a person reads it: the end by this language's
    letter (`6-4 O` in Dutch), a draw or a pass in words."""
    if move == "draw":
        return pgettext("move", "draw")
    if move == "pass":
        return pgettext("move", "pass")
    tile, _sep, end = move.partition(" ")
    return f"{tile} {i18n.end_letter(end)}" if end in i18n.ENDS else move


def _english(message: str) -> str:
    return message


def _english_n(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _told(w: Why, english: bool) -> str:
    """One claim in words: the reader's language, or English for the data (`Decision.reason`)."""
    _ = _english if english else i18n._  # (the local name keeps Babel finding the messages below)
    ngettext = _english_n if english else i18n.ngettext
    move = (w.move or "") if english else shown_move(w.move or "")
    points = round(w.points)
    if w.kind == "scored_less":
        return _("scored {played} where {move} scored {best}").format(
            played=points, move=move, best=round(w.other))
    if w.kind == "let_score":
        return _("let the next player score {points} (ends at {total})").format(
            points=points, total=round(w.other))
    if w.kind == "kept":
        return _("kept the {tile} to the end: -{points}").format(tile=w.move or "", points=points)
    if w.kind == "cut_chance":
        was, now = (f"{100 * w.points:.0f}%", f"{100 * w.other:.0f}%") if english else (
            i18n.percent(w.points), i18n.percent(w.other))
        return _("cut the chance of winning from {was} to {now}").format(was=was, now=now)
    if w.kind == "exact":
        return ngettext("{move} makes {points} more point against any defence",
                        "{move} makes {points} more points against any defence", points).format(
            move=move, points=points)
    worth = f"{w.points:.1f}" if english else i18n.number(w.points, 1)
    return ngettext("{move} is worth {points} more point on average",
                    "{move} is worth {points} more points on average", max(2, points)).format(
        move=move, points=worth)


def tell(why: Sequence[Why], english: bool = False) -> str:
    """A mistake's reason in one line, in the reader's language (`english`: as `Decision.reason` keeps
    it): `scored 0 where 3-0 W scored 15, and let the next player score 15 (ends at 13)`."""
    parts = [_told(w, english) for w in why]
    if english:
        return ", and ".join(parts)
    line = parts[0] if parts else ""
    for part in parts[1:]:
        line = _("{first}, and {then}").format(first=line, then=part)
    return line
