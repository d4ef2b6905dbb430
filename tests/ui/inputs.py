"""A pilot's click or key press that waits for the app to go quiet once, at its end (tests' conftests
put it in place): Textual's pilot waits for quiet (20 ms at least) before a click's press, its release
and the click, and after it; after each key and again once the key is handled. Here the app is given the
same events in the same order, each handled before the next is sent (the pilot's own wait for the
screen), and the test goes on from the same place as before: the app quiet again after the input."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

import pytest
from textual.app import App
from textual.pilot import Pilot

try:  # (Textual's private parts: should they move, inputs simply wait as Textual's own pilot does)
    from textual._wait import SLEEP_GRANULARITY
    from textual._wait import wait_for_idle as textual_wait_for_idle
except ImportError:  # pragma: no cover
    SLEEP_GRANULARITY, textual_wait_for_idle = 0.02, None


class _Input:
    skip = 0  # how many of Textual's waits for quiet the input under way skips (all but its last)


async def wait_for_idle(min_sleep: float = SLEEP_GRANULARITY, max_sleep: float = 1.0) -> None:
    """Textual's wait for the app to go quiet; within an input, a few turns of the loop instead, but for
    the input's last wait."""
    if _Input.skip > 0:
        _Input.skip -= 1
        for _ in range(3):
            await asyncio.sleep(0)
        return
    await textual_wait_for_idle(min_sleep, max_sleep)


_post_mouse_events = getattr(Pilot, "_post_mouse_events", None)
_press_keys = getattr(App, "_press_keys", None)


async def mouse(self: Pilot, events: list[type], *args: object, **kwargs: object) -> bool:
    times = kwargs.get("times", 1)
    _Input.skip = len(events) * (times if isinstance(times, int) else 1)  # a wait before each; one after
    try:
        return await _post_mouse_events(self, events, *args, **kwargs)
    finally:
        _Input.skip = 0


async def keys(self: App, pressed: Iterable[str]) -> None:
    pressed = list(pressed)
    _Input.skip = 2 * len(pressed) - 1  # two waits a key ("wait:…" keys have none: no test sends one)
    try:
        await _press_keys(self, pressed)
    finally:
        _Input.skip = 0


def wait_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilots' clicks and key presses wait for quiet once, for the length of a test (unless Textual's
    private parts it leans on have moved: then its pilot is left as it is, slower but the same)."""
    import textual.app
    import textual.pilot

    needed = (textual_wait_for_idle, getattr(textual.pilot, "wait_for_idle", None),
              getattr(textual.app, "wait_for_idle", None), getattr(Pilot, "_post_mouse_events", None),
              getattr(App, "_press_keys", None))
    if any(part is None for part in needed):  # pragma: no cover
        return
    monkeypatch.setattr("textual.pilot.wait_for_idle", wait_for_idle)
    monkeypatch.setattr("textual.app.wait_for_idle", wait_for_idle)
    monkeypatch.setattr(Pilot, "_post_mouse_events", mouse)
    monkeypatch.setattr(App, "_press_keys", keys)
