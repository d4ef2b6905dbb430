"""The lesson driven as a player would, by keys or by mouse (tests/ui/test_learn.py, the snapshots and
scripts/screenshots.py): its app, and the way through it to any step."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual.pilot import Pilot

from allfives.engine import Move, Tile
from allfives.i18n import end_letter
from allfives.ui.app import AllFivesApp
from allfives.ui.learn.screen import LessonScreen

from .helpers import click_tile, play_by_mouse
from .scenes import settle

Make = Callable[[Pilot, Move], Awaitable[None]]


def lesson_app() -> AllFivesApp:
    """`allfives --learn --bot-delay 0`: the lesson over the new-game screen, Ben playing at once."""
    return AllFivesApp(bot_delay=0, learn=True)


def lesson(pilot: Pilot) -> LessonScreen:
    screen = pilot.app.screen
    assert isinstance(screen, LessonScreen), screen
    return screen


async def by_keys(pilot: Pilot, move: Move) -> None:
    """A move made with the keys: `d` draws; ←/→ to the tile, Enter, and the end's letter in the language
    spoken when it fits more than one."""
    screen = lesson(pilot)
    if move.kind == "draw":
        await pilot.press("d")
        return
    assert move.tile is not None
    hand = screen.seen.hand
    steps = hand.index(move.tile) - min(screen.turn.cursor, len(hand) - 1)
    for _ in range(abs(steps)):
        await pilot.press("right" if steps > 0 else "left")
    await pilot.press("enter")
    await pilot.pause()
    if screen.turn.chosen == move.tile:  # picked up: its ends are lit
        assert move.end is not None
        await pilot.press(end_letter(move.end).lower())


async def go_on_by_keys(pilot: Pilot) -> None:
    await pilot.press("enter")


async def go_on_by_mouse(pilot: Pilot) -> None:
    await pilot.click("#go-on")


async def to_step(pilot: Pilot, at: int, make: Make = by_keys,
                  go_on: Callable[[Pilot], Awaitable[None]] = go_on_by_keys) -> list[str]:
    """Play the lesson's own moves (and go on where it reads) until step `at` (from 0) is waited for, or
    to its end (any `at` past the last); the coach's lines on the way, each once."""
    said: list[str] = []
    for _ in range(60):
        await settle(pilot)
        screen = pilot.app.screen
        if not isinstance(screen, LessonScreen):
            return said  # the lesson is over
        session = screen.lesson
        if not said or said[-1] != screen.coach.text:
            said.append(screen.coach.text)
        if session.at >= at and session.waiting != "bot":
            return said
        if session.reading:
            await go_on(pilot)
        elif screen.my_turn:
            move = session.expected()
            assert move is not None
            before = session.state
            await make(pilot, move)
            await pilot.pause()
            assert session.state is not before, f"{move} was not made: {screen.coach.text} / {screen.status}"
    raise AssertionError("the lesson never got there")


async def by_mouse(pilot: Pilot, move: Move) -> None:
    await play_by_mouse(pilot, move)


BLOCKING = 4  # the step where 6-2, just drawn, is put where it leaves Ben nothing to match
DEDUCTION = 7  # the hand is over: Ben's pips rounded to five come off his score


async def to_blocking(pilot: Pilot) -> None:
    """The lesson at blocking, 6-2 picked up: its two ends lit (the snapshots, the README's picture)."""
    await to_step(pilot, BLOCKING)
    await click_tile(pilot, Tile("6-2"))
    await settle(pilot)
