"""The All Fives engine: rules, state, records. Pure Python and Pydantic; never imports Textual.

Each name is loaded from its module when first asked for, so `allfives.engine.core` (plain ints, no
Pydantic) costs nothing more, and the table's first screen never pays for the record reader.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .core import VARIANTS, AmbiguousMove, IllegalMove, round_to_five, variant_hand_size
    from .deal import (
        Deal,
        DealMismatch,
        Dealt,
        check_dealt,
        commitment_of,
        deal_from_secret,
        fresh_secret,
        seeded_secret,
    )
    from .game import Game, Hands, SeenDeal, SeenGame, check_seen, for_seat
    from .models import (
        ALL_TILES,
        Layout,
        Move,
        PlacedTile,
        Rules,
        Tile,
        parse_tile,
    )
    from .record import (
        RecordError,
        ReplayDocument,
        dumps,
        hand_record,
        loads,
        parse_json,
        private_fields,
        record_head,
        replay,
        replay_document,
        replay_game,
        to_record,
    )
    from .state import (
        Drew,
        Event,
        GameState,
        GameWon,
        HandDealt,
        HandLog,
        HandResult,
        HistoryEntry,
        Passed,
        Played,
        Scored,
        SeatView,
    )

_HOMES = {
    "core": ("AmbiguousMove", "IllegalMove", "round_to_five", "VARIANTS", "variant_hand_size"),
    "deal": ("Deal", "DealMismatch", "Dealt", "check_dealt", "commitment_of", "deal_from_secret",
             "fresh_secret", "seeded_secret"),
    "game": ("Game", "Hands", "SeenDeal", "SeenGame", "check_seen", "for_seat"),
    "models": ("ALL_TILES", "Layout", "Move", "PlacedTile", "Rules", "Tile", "parse_tile"),
    "record": ("RecordError", "ReplayDocument", "dumps", "hand_record", "loads", "parse_json",
               "private_fields", "record_head", "replay", "replay_document", "replay_game", "to_record"),
    "state": ("Drew", "Event", "GameState", "GameWon", "HandDealt", "HandLog", "HandResult", "HistoryEntry",
              "Passed", "Played", "Scored", "SeatView"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "ALL_TILES", "VARIANTS", "AmbiguousMove", "Deal", "DealMismatch", "Dealt", "Drew", "Event", "Game",
    "GameState", "GameWon", "HandDealt", "HandLog", "HandResult", "Hands", "HistoryEntry", "IllegalMove",
    "Layout", "Move", "Passed", "PlacedTile", "Played", "RecordError", "Rules", "Scored", "SeatView",
    "SeenDeal", "SeenGame", "Tile", "check_dealt", "check_seen", "commitment_of", "deal_from_secret", "dumps",
    "for_seat",
    "fresh_secret", "hand_record", "loads", "parse_json", "parse_tile", "private_fields", "record_head",
    "replay", "ReplayDocument", "replay_document", "replay_game", "round_to_five", "seeded_secret",
    "to_record", "variant_hand_size",
]


def __getattr__(name: str) -> Any:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value  # asked once
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
