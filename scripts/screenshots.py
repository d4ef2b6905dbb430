"""Make SVG (and PNG, if cairosvg is installed) screenshots of the game's screens from seeded games.

    python scripts/screenshots.py [OUTDIR] [--only NAME...]   (default: screenshots/; NAME: board-16colours)
    python scripts/screenshots.py --png OUTDIR SVG...   (PNGs of SVGs made elsewhere: a test's snapshots)

PNGs need cairosvg: `pip install -e '.[dev]'` installs it (the script says so when it is missing).
cairosvg sets text in the first font an SVG names and ignores its cell widths: the terminal's SVGs name
Fira Code first, and where that is not installed a proportional face stands in and the columns drift
(a picture's fault, not the screen's). The PNGs are made with the machine's monospace face instead.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the seeded scenes live with the tests

from allfives.play.saving import SaveStore  # noqa: E402
from allfives.ui.app import AllFivesApp  # noqa: E402
from allfives.ui.screens import guard  # noqa: E402
from allfives.ui.screens.game_over import GameOverScreen  # noqa: E402
from allfives.ui.screens.score_panel import ScorePanel  # noqa: E402
from allfives.ui.textual_private import colours_as  # noqa: E402
from allfives.ui.widgets.hand import Hand  # noqa: E402
from tests.ui.languages import speaking  # noqa: E402
from tests.ui.lessons import lesson_app, to_blocking, to_step  # noqa: E402
from tests.ui.scenes import (  # noqa: E402
    AIDS_MOVES,
    EARLY_MOVES,
    board_app,
    duplicate_app,
    four_seat_app,
    rated_stats_app,
    review_app,
    seeded_app,
    settle,
    show_the_aids,
    stats_app,
    terminal,
    to_duplicate,
    to_rating_chart,
    to_statistics,
    to_the_mistake,
    until,
)

SIZES = [(80, 24), (120, 40)]
ONLY: set[str] = set()  # `--only`: the pictures to make again (none named: all of them)


async def shoot(app: AllFivesApp, size: tuple[int, int], name: str, out: Path, drive=None) -> Path | None:
    if ONLY and name not in ONLY:
        return None
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if drive is not None:
            await drive(pilot)
            await settle(pilot)
        path = out / f"{name}-{size[0]}x{size[1]}.svg"
        app.save_screenshot(filename=path.name, path=str(out))
    app.prefs_store.path.unlink(missing_ok=True)  # each picture starts from no preferences, not the last
    return path


def offered_before(app: AllFivesApp) -> AllFivesApp:
    """A window whose first launch is past: no offer of the lesson over the new-game screen."""
    app.remember(learn_offered=True)
    return app


async def select_two_end_tile(pilot) -> None:
    """Click a tile that fits two ends, so the lit ends show."""
    state = pilot.app.game_screen.session.state
    tile = next(t for t in state.playable(0) if len(state.ends_for(t)) > 1)
    hand = pilot.app.screen.query_one(Hand)
    x, w = hand.tile_spans()[hand.tiles.index(tile)]
    await pilot.click(hand, offset=(x + w // 2, 1))


async def choose_options(pilot) -> None:
    """Four seats (partners ticked) and Muggins on, so the ticked boxes show next to an empty one."""
    from textual.widgets import Select

    screen = pilot.app.screen
    screen.query_one("#seats", Select).value = 4
    await pilot.pause()
    await pilot.click("#muggins")


async def to_panel(pilot) -> None:
    await until(pilot, ScorePanel)


async def to_game_over(pilot) -> None:
    await until(pilot, GameOverScreen)


async def to_nothing_fits(pilot) -> None:
    """The lesson's fourth step: none of the person's tiles fits, every one of them dim."""
    await to_step(pilot, 3)


async def to_the_final_board(pilot) -> None:
    """The score panel put aside: the hand as it ended, every hand face up."""
    await until(pilot, ScorePanel)
    await pilot.press("t")


async def main(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    guard.GRACE = 0  # the script presses keys the moment dialogs open
    made = []
    os.environ["TZ"] = "UTC"  # the history's times are shown in the machine's zone: the same picture anywhere
    os.environ["COLORTERM"] = "truecolor"  # the pictures are a terminal of every colour's, unless they say
    time.tzset()
    preferences = tempfile.TemporaryDirectory()  # never the user's theme nor last game
    os.environ["ALLFIVES_CONFIG_DIR"] = preferences.name
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ALLFIVES_DATA_DIR"] = tmp
        for size in SIZES:
            store = SaveStore()
            made.append(await shoot(offered_before(AllFivesApp(store=store)), size, "new-game", out))
            made.append(await shoot(offered_before(AllFivesApp(store=store)), size, "new-game-options", out,
                                    choose_options))
            made.append(await shoot(board_app(store, EARLY_MOVES), size, "board-early", out,
                                    select_two_end_tile))
            made.append(await shoot(board_app(store), size, "board", out, select_two_end_tile))
            made.append(await shoot(board_app(store, AIDS_MOVES), size, "board-aids", out, show_the_aids))
            made.append(await shoot(four_seat_app(store), size, "board-4seats", out))
            in_256 = board_app(store)
            colours_as(in_256, "256")  # as a terminal without COLORTERM shows it (default tmux)
            made.append(await shoot(in_256, size, "board-256colours", out, select_two_end_tile))
            with terminal("16"):  # as stock xterm, PuTTY or `screen` (TERM=xterm): the ANSI colours' look
                in_16, lesson_16 = board_app(store), lesson_app()
            colours_as(in_16, "standard")
            colours_as(lesson_16, "standard")
            made.append(await shoot(in_16, size, "board-16colours", out, select_two_end_tile))
            made.append(await shoot(lesson_16, size, "lesson-16colours", out, to_nothing_fits))
            made.append(await shoot(seeded_app(3, 12, 900, store), size, "score-panel", out, to_panel))
            made.append(await shoot(seeded_app(3, 12, 900, store), size, "final-board", out,
                                    to_the_final_board))
            made.append(await shoot(seeded_app(4, 8, 120, store), size, "game-over", out, to_game_over))
            made.append(await shoot(review_app(), size, "review", out, to_the_mistake))
            made.append(await shoot(duplicate_app(), size, "game-over-duplicate", out, to_duplicate))
            made.append(await shoot(lesson_app(), size, "lesson", out, to_blocking))
            for lang in ("nl", "pt"):  # the table in two of the players' languages (each: its end letters)
                with speaking(lang):
                    made.append(await shoot(board_app(store), size, f"board-{lang}", out,
                                            select_two_end_tile))
    for size in SIZES:
        with tempfile.TemporaryDirectory() as tmp:  # a history of seeded games of its own
            os.environ["ALLFIVES_DATA_DIR"] = tmp
            made.append(await shoot(stats_app(), size, "statistics", out, to_statistics))
        with tempfile.TemporaryDirectory() as tmp:  # games that rate, one of them practice
            os.environ["ALLFIVES_DATA_DIR"] = tmp
            made.append(await shoot(rated_stats_app(), size, "rating", out, to_rating_chart))
    try:
        import cairosvg  # noqa: F401  (png_of's)
    except ImportError:
        print("SVGs only: for PNGs too, install cairosvg (pip install -e '.[dev]')", file=sys.stderr)
        return made
    made = [svg for svg in made if svg is not None]
    for svg in list(made):
        made.append(png_of(svg, svg.with_suffix(".png")))
    return made


MONOSPACE = "font-family: monospace;"


def png_of(svg: Path, png: Path) -> Path:
    """`svg` as a PNG, its terminal text in the machine's monospace face (see the module's note)."""
    import cairosvg

    text = svg.read_text(encoding="utf-8").replace("font-family: Fira Code, monospace;", MONOSPACE)
    cairosvg.svg2png(bytestring=text.encode("utf-8"), write_to=str(png))
    return png


if __name__ == "__main__":
    if sys.argv[1:2] == ["--png"] and len(sys.argv) > 3:
        for svg in sys.argv[3:]:
            print(png_of(Path(svg), Path(sys.argv[2]) / Path(svg).with_suffix(".png").name))
        sys.exit(0)
    default = Path(__file__).resolve().parent.parent / "screenshots"
    args = sys.argv[1:]
    if "--only" in args:
        ONLY.update(args[args.index("--only") + 1:])
        args = args[:args.index("--only")]
    target = Path(args[0]) if args else default
    for path in asyncio.run(main(target)):
        print(path)
