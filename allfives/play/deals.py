"""Playing a game's deals again: a finished game's record read for its deal code (`--deals FILE`), the
game played on a code before, and the duplicate comparison of two games played on the same deals.

The deal code itself (`DealCode`: the short typeable code, what it deals, how it is read) belongs to a
game's setup, which holds it: allfives.play.setup. This module reads setups; setup never imports it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from allfives.i18n import _
from allfives.names import given
from allfives.play.setup import FIELD, DealCode, DealCodeError, GameSetup, Player, person_name, read_code

if TYPE_CHECKING:
    from allfives.engine import GameState
    from allfives.history import HistoryStore

# -- the duplicate comparison ---------------------------------------------

@dataclass(frozen=True)
class Duplicate:
    """Your side's points hand by hand against the earlier game's same seat, on the same deals."""

    earlier: str  # who played the seat then: their name, or "" when it was you (or a stand-in)
    hands: tuple[tuple[int | None, int | None], ...]  # per hand: (yours, theirs); None: not played

    @property
    def totals(self) -> tuple[int, int]:
        return (sum(a or 0 for a, _b in self.hands), sum(b or 0 for _a, b in self.hands))


@dataclass(frozen=True)
class EarlierGame:
    """A finished game on a code's deals: its hands' gains per side and who sat where."""

    code: str
    gains: tuple[tuple[int, ...], ...]  # per hand, per side
    names: tuple[str | None, ...]  # per seat: the name given (None: a person who gave none)
    people: tuple[int, ...]  # seats of people

    @classmethod
    def of(cls, code: str, state: GameState, players: Sequence[Any]) -> EarlierGame:
        """From a finished game's state and its players (`Player`s or history `Seat`s)."""
        from allfives.history.games import hand_scores

        return cls(code, tuple(h.gains for h in hand_scores(state)), tuple(_given(p) for p in players),
                   tuple(s for s, p in enumerate(players) if p.is_person))

    def against(self, state: GameState, setup: GameSetup) -> Duplicate | None:
        """This game's person (the first) against whoever sat in that seat in the earlier game."""
        from allfives.history.games import hand_scores

        if not setup.people:
            return None
        seat = setup.people[0]
        side = state.rules.side_of(seat)
        now = [h.gains[side] for h in hand_scores(state)]
        then = [g[side] for g in self.gains]
        rows = tuple((now[n] if n < len(now) else None, then[n] if n < len(then) else None)
                     for n in range(max(len(now), len(then))))
        name = self.names[seat] if seat < len(self.names) else None
        same = name in (None, setup.players[seat].given, person_name(seat, len(self.people)))
        return Duplicate("" if same or seat not in self.people or name is None else name, rows)


def _given(player: Any) -> str | None:
    """The name a player (a `Player`, or a history `Seat`) gave; None for none, or one that breaks the
    rule (a history is data too)."""
    try:
        return given(getattr(player, "given", getattr(player, "name", None)))
    except ValueError:
        return None


def earlier_in_history(store: HistoryStore, code: str, not_id: str | None) -> EarlierGame | None:
    """The latest finished game on this code in the history, other than `not_id`."""
    found = store.finished_on_deals(code, not_id)
    if found is None:
        return None
    entry, state = found
    return EarlierGame.of(code, state, entry.players)


def in_play(code: DealCode, directory: Path | None = None) -> bool:
    """Whether a game in progress here (in any window's save slot) is dealt from this code. Its save
    holds the code (a game resumes on its deals), so anyone may read it there: played again beside
    the game, it would show that game's deals before they are played."""
    from allfives.engine import RecordError
    from allfives.play.saving import SLOTS, SaveStore
    from allfives.record_file import read_record

    for slot in range(1, SLOTS + 1):
        path = SaveStore(directory, slot).path
        if not os.path.lexists(path):
            continue
        try:
            data, _text = read_record(path, names=False)
            found = read_code(data.get(FIELD)) if isinstance(data, dict) else None
        except (RecordError, ValueError, RecursionError):
            continue  # (not a game that can be resumed on its deals either)
        if found is not None and found.secret == code.secret:
            return True
    return False


def refuse_in_play(code: DealCode) -> DealCode:
    """The code, unless a game in progress here is dealt from it (DealCodeError, in the player's words)."""
    if in_play(code):
        raise DealCodeError(_("That is the deal code of a game still in progress: its deals can be played "
                              "again once it is over."))
    return code


class DealsFileError(ValueError):
    """A record that cannot give its deals again; its message says why in the player's words."""


def read_deals_file(path: str | os.PathLike[str]) -> tuple[DealCode, EarlierGame]:
    """A finished game's record: its code (checked against every hand's commitment) and its scores."""
    from allfives.engine import RecordError, replay
    from allfives.record_file import read_record

    try:
        data, _text = read_record(path)
        if not isinstance(data, dict):
            raise RecordError("not a game record")
        state, _events = replay(data)
    except (OSError, RecordError, ValueError, RecursionError) as e:
        why = str(e).splitlines()[0][:120] if str(e) else "not a game record"
        raise DealsFileError(_("No deals to play again: {why}").format(why=why)) from None
    if state.phase != "game_over":
        raise DealsFileError(_("That game is not over yet: its deals are not all shown."))
    try:
        code = read_code(data.get(FIELD))
    except ValueError:
        raise DealsFileError(_("That record's deal code is damaged.")) from None
    if code is None:
        raise DealsFileError(_("That record has no deal code (a seeded game, a shared table's, or one "
                               "played before deal codes)."))
    from allfives.engine import commitment_of

    for n, hand in enumerate(state.log, start=1):
        if hand.deal is None or hand.deal.commitment != commitment_of(code.hand_secret(n)):
            raise DealsFileError(_("That record's deal code does not give its deals (hand {n}).")
                                 .format(n=n))
    players = data.get("players")
    try:
        seated = [Player.from_json(p, seat) for seat, p in enumerate(players or [])]
    except ValueError:
        seated = []
    if len(seated) != state.rules.seats:
        seated = list(code.setup().players)
    return code, EarlierGame.of(code.text, state, seated)


@dataclass(frozen=True)
class DealsOver:
    """What the game-over screen says of a finished game's deals: its code, and how to find the game
    played on them before (`find`, run in a worker thread: it may read the history)."""

    code: str
    setup: GameSetup
    state: GameState
    earlier: EarlierGame | None = None  # given with --deals FILE
    history: Any = None  # a HistoryLink, or None

    def find(self) -> Duplicate | None:
        """The comparison with the record given, else with the latest earlier game on the code kept in
        the history; None when there is none."""
        earlier = self.earlier if self.earlier is not None and self.earlier.code == self.code else None
        if earlier is None and self.history is not None:
            earlier = earlier_in_history(self.history.store(), self.code, self.setup.history_id)
        return earlier.against(self.state, self.setup) if earlier is not None else None


def deals_over(setup: GameSetup, state: GameState, history: Any = None,
               earlier: EarlierGame | None = None) -> DealsOver | None:
    """The deals part of a finished game's screen; None for a game without a code (seeded, shared)."""
    deals = getattr(setup, "deals", None)
    if deals is None or state.phase != "game_over":
        return None
    return DealsOver(deals.text, setup, state, earlier, history)


# (DealCode and DealCodeError are the setup's, named here too for the doors that read a code or a file)
__all__ = ["DealCode", "DealCodeError", "DealsFileError", "DealsOver", "Duplicate", "EarlierGame",
           "deals_over", "earlier_in_history", "in_play", "read_deals_file", "refuse_in_play"]
