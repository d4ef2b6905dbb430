"""Where every tile of the layout sits on screen, and how the board grows without moving what is down.

A pure function of the engine's `Layout`, the board area and the picture drawn before it; the board
widget only draws what it returns. The line W–E and the spinner's N and S arms each grow as a *chain*
from the root (the lead, or the spinner). A chain goes straight until the edge or another arm is in
the way, then turns a corner, runs along the edge and snakes back, like a real table; doubles lie
across it.

A tile on the table stays where it is. Given the picture before the play, `layout_board` only finds a
place for the new tile at the tip of its chain, keeping room there for `ROOM` more tiles (and for the
double of the end's pip, if it is still to come) when it can: that room is reserved, not drawn, so a
chain turns its corner before it runs into a wall. Only if the tile cannot go on does it lay out
again, as little as possible: the last tiles of that chain, then every chain around the root where it
stands, then the whole board; compact tiles when boxed ones would leave no room to grow. A spinner that
cannot go on where its chain ends has the board laid out afresh round it. Each step is a small
depth-first search over the candidate places of each tile. A new hand or a new size starts afresh; a
play taken back finds the picture it had.

The parts, each on what it needs below it: `cells` (which cells are taken), `chains` (the layout as
chains, their ports and tips), `picture` (what is drawn: `BoardPicture`, `TileSpot`, `EndSpot`,
`Glyphs`), `shapes` (the candidate places of a piece), `search` (laying chains), `fresh` (a whole
board anew), `grow` (a play laid on the picture before) and `layout` (`layout_board`, the door).
"""

from .layout import layout_board
from .picture import LARGE, SMALL, BoardPicture, EndSpot, Glyphs, TileSpot

__all__ = ["LARGE", "SMALL", "BoardPicture", "EndSpot", "Glyphs", "TileSpot", "layout_board"]
