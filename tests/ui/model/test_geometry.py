"""The board's geometry, without Textual: every tile once, no overlaps, matching halves, corners that fit,
and a board that holds still as a hand is played on it."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from allfives.engine import GameState, Layout, Rules
from allfives.ui.model.geometry import LARGE, SMALL, BoardPicture, TileSpot, layout_board
from tests.ui.layouts import build

SMALL_AREA = (50, 12)  # a board a little flatter than the one at an 80x24 terminal
BOARD_80X24 = (48, 15)  # the board at an 80x24 terminal, any number of seats
LARGE_AREA = (84, 26)  # a board a little smaller than the one at 120x40
# The Board widget's size in the app (read from run_test at each terminal size, as benchmarks/ui.py does):
# at 120x40 four seats put seat columns left and right of the board.
BOARD_AREAS = {(80, 24, 2): (48, 15), (80, 24, 4): (48, 15), (120, 40, 2): (88, 31), (120, 40, 4): (58, 31)}


def played_layouts(seed: int, seats: int) -> list[Layout]:
    """Every layout of one hand of random legal play, one per tile played."""
    rng = random.Random(seed)
    state = GameState.new(Rules(seats=seats), seed)
    seen = []
    while state.phase == "playing":
        move = rng.choice(state.legal_moves())
        state, _ = state.apply(move)
        if move.kind == "play":
            seen.append(state.layout)
    return seen


def grown(layouts: list[Layout], area: tuple[int, int]) -> list[BoardPicture]:
    """The pictures of a hand as the board widget makes them: each play laid on the picture before."""
    pictures: list[BoardPicture] = []
    for layout in layouts:
        pictures.append(layout_board(layout, *area, pictures[-1] if pictures else None))
    return pictures


def _cells(rect: tuple[int, int, int, int]) -> set[tuple[int, int]]:
    x, y, w, h = rect
    return {(x + i, y + j) for i in range(w) for j in range(h)}


def _share_edge(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    rows_meet = ay < by + bh and by < ay + ah
    cols_meet = ax < bx + bw and bx < ax + aw
    side_by_side = (ax + aw == bx or bx + bw == ax) and rows_meet
    stacked = (ay + ah == by or by + bh == ay) and cols_meet
    return side_by_side or stacked


def _touching(prev: TileSpot, nxt: TileSpot, pip: int) -> bool:
    """Some half of `prev` showing `pip` shares an edge with a half of `nxt` showing `pip`."""
    return any(_share_edge(ph, nh)
               for ph, pp in zip(prev.half_rects(), prev.halves, strict=True) if pp == pip
               for nh, np_ in zip(nxt.half_rects(), nxt.halves, strict=True) if np_ == pip)


def _sides_touching(prev: TileSpot, nxt: TileSpot) -> bool:
    """They touch left-to-right (a shared vertical edge), not top-to-bottom."""
    px, py, pw, ph = prev.rect
    nx, ny, nw, nh = nxt.rect
    return (px + pw == nx or nx + nw == px) and py < ny + nh and ny < py + ph


def check_picture(pic: BoardPicture, layout: Layout) -> None:
    """Everything the board promises about a picture that fits."""
    assert pic.fits
    spots = {(t.arm, t.index): t for t in pic.tiles}
    # every tile exactly once, in the right place of its arm
    assert sorted(t.tile.id for t in pic.tiles) == sorted(t.id for t in layout.tiles())
    assert len(spots) == len(pic.tiles)
    assert spots[("lead", -1)].tile == layout.lead
    for arm, placed in layout.arms.items():
        for i, p in enumerate(placed):
            assert spots[(arm, i)].tile == p.tile
    # inside the area, no overlaps
    taken: set[tuple[int, int]] = set()
    for rect in [t.rect for t in pic.tiles] + [e.rect for e in pic.ends]:
        x, y, w, h = rect
        assert x >= 0 and y >= 0 and x + w <= pic.width and y + h <= pic.height, rect
        cells = _cells(rect)
        assert not cells & taken, rect
        taken |= cells
    # neighbours touch with matching halves; doubles lie across the way the arm runs
    spinner = layout.spinner
    for arm, placed in layout.arms.items():
        for i, p in enumerate(placed):
            if i > 0:
                prev = spots[(arm, i - 1)]
            elif arm in "WE":
                prev = spots[("lead", -1)]
            else:
                prev = next(t for t in pic.tiles if t.spinner)
            spot = spots[(arm, i)]
            assert _touching(prev, spot, p.inner), (arm, i)
            assert set(spot.halves) == {p.inner, p.outer}
            if p.is_double and not spot.spinner:
                assert spot.vertical == _sides_touching(prev, spot), (arm, i)
                if i + 1 < len(placed):  # and the arm goes on straight through it
                    nxt = spots[(arm, i + 1)]
                    assert _sides_touching(spot, nxt) == spot.vertical, (arm, i)
    spinners = [t for t in pic.tiles if t.spinner]
    if spinner is None:
        assert not spinners
    else:
        (spot,) = spinners
        assert spot.tile == spinner and spot.vertical
        where, k = spot.arm, spot.index
        line = {"lead": [("W", 0), ("E", 0)],
                "W": [("W", k + 1), ("W", k - 1) if k else ("lead", -1)],
                "E": [("E", k + 1), ("E", k - 1) if k else ("lead", -1)]}[where]
        for key in line:  # crosswise to the W–E line: the line meets its long sides
            if key in spots:
                assert _sides_touching(spot, spots[key]), key
        for key in (("N", 0), ("S", 0)):  # and N, S grow from its ends
            if key in spots:
                assert not _sides_touching(spot, spots[key]), key
    # one marker per open end, showing the pip it takes
    assert {e.end: e.pip for e in pic.ends} == layout.open_ends
    assert len(pic.ends) == len(layout.open_ends)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), seats=st.sampled_from([2, 3, 4]), at=st.floats(0, 1))
def test_random_play_fits_and_is_sound(seed: int, seats: int, at: float) -> None:
    layouts = played_layouts(seed, seats)
    for layout in (layouts[-1], layouts[int(at * (len(layouts) - 1))]):
        for area in (SMALL_AREA, LARGE_AREA):
            check_picture(layout_board(layout, *area), layout)


@pytest.mark.parametrize("seed", range(12))
def test_whole_hands_fit_at_80x24(seed: int) -> None:
    for seats in (2, 3, 4):
        for layout in played_layouts(seed, seats)[::4]:
            check_picture(layout_board(layout, *SMALL_AREA), layout)


def test_empty_table_draws_nothing() -> None:
    pic = layout_board(Layout(), *SMALL_AREA)
    assert pic.tiles == () and pic.ends == () and pic.fits


def test_lead_only_sits_in_the_middle_with_two_ends() -> None:
    layout = build("5-3")
    pic = layout_board(layout, *SMALL_AREA)
    check_picture(pic, layout)
    (lead,) = pic.tiles
    assert lead.halves == (5, 3) and not lead.vertical and not lead.spinner
    assert abs(lead.x + lead.width / 2 - 25) <= 3 and abs(lead.y - 6) <= 2
    west, east = pic.ends
    assert (west.end, west.pip, east.end, east.pip) == ("W", 5, "E", 3)
    assert west.x + west.width <= lead.x < lead.x + lead.width <= east.x


def test_lead_spinner_with_four_arms() -> None:
    layout = build("5-5 5-3:E 5-1:W 5-2:N 5-6:S 2-2:N")
    pic = layout_board(layout, *SMALL_AREA, largest=SMALL)  # boxed, N has no room to run straight
    check_picture(pic, layout)
    spots = {(t.arm, t.index): t for t in pic.tiles}
    spinner = spots[("lead", -1)]
    assert spinner.spinner and spinner.vertical
    assert spots[("W", 0)].x < spinner.x < spots[("E", 0)].x
    assert spots[("N", 0)].y < spinner.y < spots[("S", 0)].y
    assert not spots[("N", 1)].vertical  # 2-2 lies across the N arm
    assert {e.end for e in pic.ends} == {"W", "E", "N", "S"}


def test_spinner_played_onto_the_e_arm() -> None:
    layout = build("4-2 2-5:E 5-5:E 5-6:E 4-4:W 6-1:E 5-0:N")
    assert layout.spinner_arm == "E"
    pic = layout_board(layout, *SMALL_AREA, largest=SMALL)
    check_picture(pic, layout)
    spots = {(t.arm, t.index): t for t in pic.tiles}
    spinner = spots[("E", 1)]
    assert spinner.spinner and spinner.vertical
    assert spots[("N", 0)].y + spots[("N", 0)].height == spinner.y  # N grows from the spinner
    assert any(e.end == "S" and e.pip == 5 for e in pic.ends)
    # the spinner, not the lead, is near the middle
    assert abs(spinner.x - 25) <= 8


def test_a_long_arm_turns_a_corner_and_keeps_its_name() -> None:
    chain = [(6, 6), (6, 0), (0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 2), (2, 4), (4, 6),
             (6, 1), (1, 3), (3, 5)]
    plays = "6-6 " + " ".join(f"{a}-{b}:E" for a, b in chain[1:])
    layout = build(plays)
    assert len(layout.arms["E"]) == 13
    pic = layout_board(layout, *SMALL_AREA)
    check_picture(pic, layout)
    east = [t for t in pic.tiles if t.arm == "E"]
    assert len({t.y for t in east}) > 1  # it went round a corner
    assert [e.end for e in pic.ends if e.pip == 5] == ["E"]


def test_the_largest_tiles_that_fit() -> None:
    """Early in a hand an 80x24 board has boxed tiles like a 120x40 one; a long hand goes compact."""
    short = build("5-5 5-3:E 5-1:W 5-2:N")
    pic = layout_board(short, *BOARD_80X24)
    check_picture(pic, short)
    assert pic.glyphs is LARGE
    assert {(t.width, t.height) for t in pic.tiles} <= {LARGE.lying, LARGE.standing}
    long = played_layouts(3, 2)[-1]
    assert len(long.tiles()) > 15
    pic = layout_board(long, *BOARD_80X24)
    check_picture(pic, long)
    assert pic.glyphs is SMALL
    assert {(t.width, t.height) for t in pic.tiles} <= {SMALL.lying, SMALL.standing}
    # and a board that has gone compact can be kept compact
    assert layout_board(short, *BOARD_80X24, largest=SMALL).glyphs is SMALL


def test_boxed_tiles_on_an_80x24_board_are_sound() -> None:
    for seed in range(4):
        for layout in played_layouts(seed, 4):
            pic = layout_board(layout, *BOARD_80X24)
            check_picture(pic, layout)


def test_roomy_board_fits_a_full_table() -> None:
    for seed in range(3):
        layout = played_layouts(seed, 2)[-1]
        pic = layout_board(layout, *LARGE_AREA)
        check_picture(pic, layout)
        assert pic.glyphs is LARGE


def test_too_small_says_so_but_keeps_every_tile() -> None:
    layout = played_layouts(3, 2)[-1]
    pic = layout_board(layout, 20, 5)
    assert not pic.fits
    assert sorted(t.tile.id for t in pic.tiles) == sorted(t.id for t in layout.tiles())


# ---------------------------------------------------------------------------- a board that holds still

@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), seats=st.sampled_from([2, 3, 4]),
       area=st.sampled_from(sorted(BOARD_AREAS.values())))
def test_a_board_grown_play_by_play_keeps_every_promise(seed: int, seats: int, area: tuple[int, int]) -> None:
    layouts = played_layouts(seed, seats)
    for layout, picture in zip(layouts, grown(layouts, area), strict=True):
        check_picture(picture, layout)


def steadiness(seats: int, area: tuple[int, int], hands: int) -> tuple[float, float]:
    """Over seeded random hands: the share of plays after which an earlier tile is drawn elsewhere, and
    the share after which the board changed shape (not just shifted) or tile size."""
    plays = moved = reshaped = 0
    for seed in range(hands):
        pictures = grown(played_layouts(seed, seats), area)
        for before, after in itertools.pairwise(pictures):
            plays += 1
            moved += after.moved_from(before)
            reshaped += after.reshaped_from(before) or after.glyphs is not before.glyphs
    return moved / plays, reshaped / plays


@pytest.mark.parametrize(("terminal", "bound"), [((80, 24), 0.15), ((120, 40), 0.05)])
@pytest.mark.parametrize("seats", [2, 4])
def test_tiles_on_the_table_rarely_move(terminal: tuple[int, int], bound: float, seats: int) -> None:
    """The issue's bounds on a fixed sample (benchmarks/ui.py --only board measures 1,000 hands: about
    7-8% of plays at 80x24, mostly the one play per hand at which boxed tiles go compact, and 1-3% at
    120x40; laying every play out afresh, as the board did before, moved earlier tiles after 75-81%)."""
    moved, reshaped = steadiness(seats, BOARD_AREAS[(*terminal, seats)], hands=40)
    assert reshaped <= moved <= bound


def test_a_play_that_fits_moves_nothing() -> None:
    plays = ["6-4", "4-4:E", "6-1:W", "4-3:E", "4-2:N"]
    layouts = [build(" ".join(plays[:n])) for n in range(1, len(plays) + 1)]
    pictures = grown(layouts, LARGE_AREA)
    for before, after in itertools.pairwise(pictures):
        assert not after.moved_from(before)
        assert set(before.tiles) < set(after.tiles)
    spinner = next(t for t in pictures[-1].tiles if t.spinner)  # a spinner played on stands across
    assert spinner.arm == "E" and spinner.vertical
    north = next(t for t in pictures[-1].tiles if t.arm == "N")
    assert north.y + north.height == spinner.y  # and its N arm grows up from it


def test_a_play_taken_back_shows_the_board_as_it_was() -> None:
    layouts = played_layouts(5, 2)
    pictures = grown(layouts, BOARD_80X24)
    for back in (len(layouts) - 2, 3, 0):
        assert layout_board(layouts[back], *BOARD_80X24, pictures[-1]) is pictures[back]


def test_a_new_hand_or_size_starts_afresh() -> None:
    layouts = played_layouts(1, 2)
    last = grown(layouts, BOARD_80X24)[-1]
    other_hand = played_layouts(2, 2)[3]
    assert layout_board(other_hand, *BOARD_80X24, last) == layout_board(other_hand, *BOARD_80X24)
    assert layout_board(layouts[-1], *LARGE_AREA, last) == layout_board(layouts[-1], *LARGE_AREA)


def test_moved_and_reshaped() -> None:
    lead, more = build("6-4"), build("6-4 4-1:E")
    before = layout_board(lead, 40, 10)
    after = layout_board(more, 40, 10, before)
    shifted = layout_board(more, 50, 10)  # the same shape, further right
    assert not after.moved_from(before) and not after.reshaped_from(before)
    assert shifted.moved_from(before) and not shifted.reshaped_from(before)
    turned = layout_board(build("6-6"), 40, 10)
    assert turned.moved_from(before) and turned.reshaped_from(before)  # another tile altogether
