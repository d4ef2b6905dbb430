"""The All Fives engine: rules, state, records. Pure Python and Pydantic; never imports Textual."""

from .core import IllegalMove, round_to_five
from .models import ALL_TILES, VARIANTS, Layout, Move, PlacedTile, Rules, Tile, parse_tile, variant_hand_size
from .record import (
    RecordError,
    ReplayDocument,
    dumps,
    loads,
    parse_json,
    replay,
    replay_document,
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

__all__ = [
    "ALL_TILES", "VARIANTS", "Drew", "Event", "GameState", "GameWon", "HandDealt", "HandLog",
    "HandResult", "HistoryEntry", "IllegalMove", "Layout", "Move", "Passed", "PlacedTile",
    "Played", "RecordError", "Rules", "Scored", "SeatView", "Tile", "dumps", "loads",
    "parse_json", "parse_tile", "replay", "ReplayDocument", "replay_document", "round_to_five", "to_record",
    "variant_hand_size",
]
