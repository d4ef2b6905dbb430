"""Positions written as strings for the pure UI tests (turn steps, table view): no Textual here."""

from __future__ import annotations

from allfives.engine import ALL_TILES, GameState, Rules, Tile


def tiles(text: str) -> list[Tile]:
    return [Tile(t) for t in text.split()]


def position(hands: list[str], moves: str = "", *, leader: int = 0, boneyard: str = "", **rules) -> GameState:
    """A first hand dealt as written (one string per seat), then `moves` ("5-5, 5-3 E, draw") made.

    The boneyard is drawn in the order written, then every tile not named, in id order.
    """
    dealt = [tiles(h) for h in hands]
    rules.setdefault("seats", len(dealt))
    rules.setdefault("hand_size", len(dealt[0]))
    named = tiles(boneyard)
    used = {t for h in dealt for t in h} | set(named)
    state, _ = GameState.empty(Rules(**rules), 7).start_hand(
        dealt, named + [t for t in ALL_TILES if t not in used], leader)
    for move in filter(None, (m.strip() for m in moves.split(","))):
        state, _ = state.apply(move)
    return state
