"""Play `allfives serve` in headless Chromium: the server, the page's terminal read as text, clicks on cells.

The page draws the terminal on a canvas, so the text is read from what the page is sent: every
websocket frame the page receives is also fed to a pyte screen of the page's size. Where to click
comes from a twin: the same seeded game run in-process at the same size (`App.run_test`), whose
widgets say where their tiles and ends are; each click goes to both, and the page must then show
what the twin shows.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pyte
from playwright.async_api import Browser, Page, WebSocket, async_playwright
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget

# Debian's chromium, headless, touching nothing outside the test: no GPU, no QUIC, no network chatter.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 1280, "height": 800}  # a typical laptop window
STEP_TIMEOUT = 60.0  # seconds for any one thing the page must show (CI machines are shared and can be slow)


def chromium() -> str | None:
    """The system's Chromium, if installed (the tests never download a browser)."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.asynccontextmanager
async def served(data_dir: Path, *flags: str, timeout: float = STEP_TIMEOUT) -> AsyncIterator[str]:
    """`allfives serve` on a free loopback port with these game flags; yields the address it prints.

    The server (and the game processes it starts, in its process group) is always stopped.
    """
    env = {**os.environ, "ALLFIVES_DATA_DIR": str(data_dir)}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "allfives", "serve", "--port", str(free_port()), *flags,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=env, start_new_session=True)
    try:
        url = await asyncio.wait_for(_address(process), timeout)
        yield url
    finally:
        await _stop(process)


async def _address(process: asyncio.subprocess.Process) -> str:
    assert process.stdout is not None
    said = []
    while line := (await process.stdout.readline()).decode():
        said.append(line)
        for word in line.split():
            if word.startswith("http://"):
                return word
    raise AssertionError("allfives serve stopped without printing an address:\n" + "".join(said))


async def _stop(process: asyncio.subprocess.Process) -> None:
    for sig, wait in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 5.0)):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(process.wait(), wait)
            return


@contextlib.asynccontextmanager
async def browser() -> AsyncIterator[Browser]:
    path = chromium()
    assert path is not None
    async with async_playwright() as pw:
        launched = await pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS,
                                            timeout=STEP_TIMEOUT * 1000)
        try:
            yield launched
        finally:
            await launched.close()


class PageTerminal:
    """The terminal in a browser page, as text: a pyte screen fed with every frame the page receives."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.screen: pyte.Screen | None = None
        self.stream: pyte.ByteStream | None = None
        self.changed = asyncio.Event()
        self.opened_at: float | None = None  # time.perf_counter() when the page was asked for
        self.frame_times: list[float] = []  # when each frame that changed the text came
        page.on("websocket", self._on_websocket)

    @property
    def size(self) -> tuple[int, int]:
        assert self.screen is not None, "the page has not connected"
        return self.screen.columns, self.screen.lines

    async def open(self, url: str) -> None:
        self.opened_at = time.perf_counter()
        await self.page.goto(url, timeout=STEP_TIMEOUT * 1000)
        await self.wait_until(lambda: self.screen is not None, "the page to connect to its game")

    def _on_websocket(self, ws: WebSocket) -> None:
        query = parse_qs(urlparse(ws.url).query)
        self.screen = pyte.Screen(int(query["width"][0]), int(query["height"][0]))
        self.stream = pyte.ByteStream(self.screen)
        ws.on("framereceived", self._on_frame)
        ws.on("framesent", self._on_sent)
        self.changed.set()

    def _on_frame(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes) and self.stream is not None:  # text frames are pings and metadata
            before = self.screen.display if self.screen else None
            self.stream.feed(payload)
            if self.screen is not None and self.screen.display != before:
                self.frame_times.append(time.perf_counter())
            self.changed.set()

    def _on_sent(self, payload: str | bytes) -> None:
        if isinstance(payload, str) and payload.startswith('["resize"') and self.screen is not None:
            size = json.loads(payload)[1]
            self.screen.resize(size["height"], size["width"])

    def lines(self) -> list[str]:
        assert self.screen is not None
        return list(self.screen.display)

    def text_at(self, region: Region, lines: list[str] | None = None) -> list[str]:
        """The text in a region of the page's terminal now (or in `lines`, taken before)."""
        rows = (self.lines() if lines is None else lines)[region.y: region.y + region.height]
        return [row[region.x: region.x + region.width] for row in rows]

    async def wait_until(self, ready: Callable[[], bool], what: str, timeout: float = STEP_TIMEOUT,
                         why: Callable[[], str] | None = None) -> None:
        """Wait (on frames, not a clock) until `ready()` holds; else fail: `what` never came, and `why`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not ready():
            self.changed.clear()
            left = deadline - loop.time()
            if left <= 0:
                shown = "\n".join(self.lines()) if self.screen else "(nothing)"
                raise AssertionError(f"the page never showed {what}" + (why() if why else "")
                                     + f"; it shows:\n{shown}")
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 1.0))

    async def cell_box(self) -> tuple[float, float, float, float]:
        """(left, top, cell width, cell height) of the terminal's cells in the page, in CSS pixels."""
        box = await self.page.locator(".xterm-screen").bounding_box(timeout=STEP_TIMEOUT * 1000)
        assert box is not None
        cols, rows = self.size
        return box["x"], box["y"], box["width"] / cols, box["height"] / rows

    async def click(self, x: int, y: int) -> None:
        """A mouse click in the middle of the cell (x, y)."""
        left, top, w, h = await self.cell_box()
        await self.page.mouse.click(left + (x + 0.5) * w, top + (y + 0.5) * h)


def drawn(screen: Screen) -> list[list[str | None]]:
    """The twin's screen as text, cell by cell: each cell from the widget on top there (None where only
    the screen's own background is: behind a dialog that is the table, dimmed, which the page blends)."""
    width, height = screen.size
    rows: dict[Widget, list[str]] = {}
    cells: list[list[str | None]] = []
    for y in range(height):
        line: list[str | None] = []
        for x in range(width):
            widget, region = screen.get_widget_at(x, y)
            if widget is screen:
                line.append(None)
                continue
            if widget not in rows:
                strips = widget.render_lines(Region(0, 0, region.width, region.height))
                rows[widget] = [strip.text for strip in strips]
            text = rows[widget][y - region.y]
            line.append(text[x - region.x] if x - region.x < len(text) else " ")
        cells.append(line)
    return cells


async def shows(term: PageTerminal, screen: Screen, what: str) -> None:
    """Wait until the page shows, cell for cell, what the twin's screen shows."""
    expected = drawn(screen)

    def differences() -> list[int]:
        shown = term.lines()
        return [y for y, line in enumerate(expected)
                if any(c is not None and shown[y][x: x + 1] != c for x, c in enumerate(line))]

    def why() -> str:
        return "".join(f"\nrow {y}: the game draws\n" + "".join(c or "?" for c in expected[y])
                       + "\nthe page has\n" + term.lines()[y] for y in differences()[:5])

    await term.wait_until(lambda: not differences(), what, why=why)
