"""How soon `allfives serve` shows its first screen in a browser, from the moment the page is opened.

    python benchmarks/browser.py [--runs 5]

Each run opens a fresh page in headless Chromium (the system's), which starts its own game process,
and times, from the moment the page is asked for: the page loaded, the first text from the game, and
the first screen complete (the last frame that changed the text before a second with no change).
Two first screens: the new-game screen (`allfives serve`) and a seeded table (`--seats 2 --seed 7`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.webgame import VIEWPORT, PageTerminal, browser, chromium, served  # noqa: E402

QUIET = 1.0  # seconds without a change that say the screen is complete
SCENES = {"new-game screen": ("--new",),
          "seeded table": ("--seats", "2", "--seed", "7", "--bot-delay", "0", "--new")}


async def one_page(chromium_browser, url: str) -> tuple[float, float, float]:
    """(page loaded, first text, screen complete) in seconds from asking for the page."""
    context = await chromium_browser.new_context(viewport=VIEWPORT)
    try:
        page = await context.new_page()
        term = PageTerminal(page)
        await term.open(url)  # returns once the page has loaded and its websocket is open
        loaded = time.perf_counter() - term.opened_at
        await term.wait_until(lambda: bool(term.frame_times), "any text from the game")
        while True:  # until a QUIET second passes with no change
            term.changed.clear()
            try:
                await asyncio.wait_for(term.changed.wait(), QUIET)
            except TimeoutError:
                break
            if time.perf_counter() - term.opened_at > 60:
                raise AssertionError("the screen never settled")
        return loaded, term.frame_times[0] - term.opened_at, term.frame_times[-1] - term.opened_at
    finally:
        await context.close()


async def main_async(runs: int) -> None:
    async with browser() as chromium_browser:
        for scene, flags in SCENES.items():
            with tempfile.TemporaryDirectory() as data:
                async with served(Path(data), *flags) as url:
                    await one_page(chromium_browser, url)  # warm-up: the disk cache, the browser's first page
                    times = [await one_page(chromium_browser, url) for _ in range(runs)]
            loaded, first, complete = (statistics.median(t[i] for t in times) for i in range(3))
            print(f"{scene:16} median of {runs}: page loaded {loaded:.2f} s, first text {first:.2f} s, "
                  f"first screen complete {complete:.2f} s  (max {max(t[2] for t in times):.2f} s)")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args()
    if chromium() is None:
        sys.exit("no Chromium installed (apt-get install chromium)")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main_async(args.runs))


if __name__ == "__main__":
    main()
