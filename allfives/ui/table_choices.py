"""How the person likes the table to show (the hand's order, the out-count): one value per window.

Every game screen of a window reads `TableChoices` from its app (`Shell.table_choices`) and hands a
change back through `Shell.keep_table_choices`, so a choice outlives the game it was made in. The
preferences file (issue 22, "It remembers you") is meant to set `table_choices` at start-up and write
it in `keep_table_choices`: nothing else needs to know where choices are kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from allfives.ui.model.hand_order import HandOrder


@dataclass(frozen=True)
class TableChoices:
    """The person's choices of how the table shows; the defaults are a first launch's."""

    hand_order: HandOrder = "dealt"
    show_out: bool = False  # the count of each number's tiles still unseen (the card counting)
