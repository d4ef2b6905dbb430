"""The house rules, each declared once: its field in the rules, its flag, preference key, new-game tick,
words and place in the deal code. The flags, the prefs, the form, the rules' description and the deal
code are all made from HOUSE_RULES (python-chess's variant registry, harlequin's options), so a new house
rule is its declaration here, its field in `Rules` and its rule in `engine/core.py` (`CoreRules`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from allfives.i18n import N_

if TYPE_CHECKING:
    from .models import Rules

# The values a record writes for each rule (the `Rules` fields' types): RULES.md's default first.
EndOfHand = Literal["deduct", "muggins"]
WinCheck = Literal["immediate", "finish_hand"]


@dataclass(frozen=True)
class HouseRule:
    """A variation on RULES.md, switched on or off. `key` names it everywhere a switch is kept: the
    `CoreRules` field the engine plays by, the flag (`--finish-hand`), the preference under
    [last_game], the deal code's slot. `field` and `off`/`on` are how a record writes it."""

    key: str
    field: str  # the `Rules` field
    off: str  # its value when not played (RULES.md's rule)
    on: str  # its value when played
    help: str  # the flag's help line (marked, said at use)
    label: str  # the new-game screen's tick (marked)
    said_on: str  # a line of `Rules.describe` when played (marked)
    said_off: str  # ... when not
    control: str  # the new-game tick's id
    code_since: int = 0  # the deal code's version that first holds it (a later one for a new rule)

    @property
    def flag(self) -> str:
        return "--" + self.key.replace("_", "-")

    def is_on(self, rules: Rules) -> bool:
        return bool(getattr(rules, self.field) == self.on)

    def value(self, on: bool) -> str:
        """The `Rules` field's value for the switch."""
        return self.on if on else self.off


HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule("muggins", "end_of_hand", "deduct", "muggins",
              help=N_("going out scores the others' pips"),
              label=N_("Muggins: going out scores the others' pips"),
              said_on=N_("Muggins: going out scores opponents' pips"),
              said_off=N_("each player loses own pips"),
              control="muggins"),
    HouseRule("finish_hand", "win_check", "immediate", "finish_hand",
              help=N_("play the hand out before a win"), label=N_("finish the hand before a win"),
              said_on=N_("finish the hand before a win"), said_off=N_("win the moment the target is reached"),
              control="finish"),
)


def house_rule_values(switches: dict[str, bool]) -> dict[str, Any]:
    """The `Rules` fields for these switches (by key; one not given is off): each field's value, of its
    Literal type (Any: the table is read at run time)."""
    return {rule.field: rule.value(switches.get(rule.key, False)) for rule in HOUSE_RULES}


def switches_of(rules: Rules) -> dict[str, bool]:
    """Each house rule's switch in these rules, by key (what `CoreRules` takes)."""
    return {rule.key: rule.is_on(rules) for rule in HOUSE_RULES}
