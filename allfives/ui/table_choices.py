"""How the person likes the table to show (the hand's order, the out-count): one value per window.

Every game screen of a window reads `TableChoices` from its app (`Shell.table_choices`) and hands a
change back through `Shell.keep_table_choices`, so a choice outlives the game it was made in; the
shell keeps the hand's order in the preferences file (allfives.play.prefs) for the next launch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from allfives.ui.model.hand_order import HandOrder


@dataclass(frozen=True)
class TableChoices:
    """The person's choices of how the table shows; the defaults are a first launch's."""

    hand_order: HandOrder = "dealt"
    show_out: bool = False  # the count of each number's tiles still unseen (the card counting)


def known_order(name: str | None) -> HandOrder:
    """A remembered hand order this version knows (a newer version's, or none: as dealt)."""
    return name if name in get_args(HandOrder) else "dealt"  # type: ignore[return-value]
