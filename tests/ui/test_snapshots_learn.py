"""Snapshots of the lesson at 80x24: its first step, blocking (6-2 picked up, its two ends lit), and the
hand's end with the deduction; blocking again in Dutch (update with --snapshot-update)."""

from __future__ import annotations

from textual.pilot import Pilot

from .languages import speaking
from .lessons import DEDUCTION, lesson_app, to_blocking, to_step


def test_the_first_step(snap_compare) -> None:
    async def at_the_start(pilot: Pilot) -> None:
        await to_step(pilot, 0)

    assert snap_compare(lesson_app(), terminal_size=(80, 24), run_before=at_the_start)


def test_blocking_with_the_drawn_tile_picked_up(snap_compare) -> None:
    assert snap_compare(lesson_app(), terminal_size=(80, 24), run_before=to_blocking)


def test_the_hand_over_and_the_deduction(snap_compare) -> None:
    async def at_the_end(pilot: Pilot) -> None:
        await to_step(pilot, DEDUCTION)

    assert snap_compare(lesson_app(), terminal_size=(80, 24), run_before=at_the_end)


def test_blocking_in_dutch(snap_compare) -> None:
    with speaking("nl"):
        assert snap_compare(lesson_app(), terminal_size=(80, 24), run_before=to_blocking)
