"""Tiles and moves read the way players write them."""

import pytest

from allfives.engine import Move, Tile


@pytest.mark.parametrize("written", ["5-3", "3-5", " 5-3 ", (3, 5), (5, 3)])
def test_a_tile_reads_either_order(written) -> None:
    assert Tile(written) == Tile(high=5, low=3) == Tile.model_validate(written)
    assert str(Tile(written)) == "5-3"


@pytest.mark.parametrize("bad", ["9-1", "5", "five-three", (7, 0), (1, 2, 3)])
def test_a_wrong_tile_is_refused_in_words(bad) -> None:
    with pytest.raises(ValueError, match="not a tile"):
        Tile(bad)


def test_moves_read_and_write_as_in_a_record() -> None:
    assert str(Move.model_validate("3-5 E")) == "5-3 E"
    assert Move.model_validate("draw") == Move.draw()
    assert Move.play("6-6").end is None
