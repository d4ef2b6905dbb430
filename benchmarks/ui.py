"""How fast the UI is: the first screen against the smallest Textual app, and a whole bot game through
the UI against the engine; and how steady the board is (`--only board`).

    python benchmarks/ui.py [--runs 7] [--games 3] [--seed 8] [--target 150] [--level medium] [--plain-gc]
    python benchmarks/ui.py --only first [--runs 7] [--size 120x40] [--instructions]
    python benchmarks/ui.py --only board [--hands 1000] [--afresh]

The first screen is timed as a player sees it: each program is launched in a pseudo-terminal and its
output read until the screen's text is there (`allfives --new`: the new-game screen; `allfives --new
--seats 2 --seed 5`: straight to the table, a bot leading; `allfives --seats 2 --new`: straight to the
table as a player starts one, unseeded, so with fair deals' secrets), taking turns with the minimal app
(a Header, a Static and a Footer), at 80x24 or the sizes `--size` gives; each program keeps its own
preferences from launch to launch (as a player's are there from the second), in a fresh data folder
each time. The ratios to the minimal app are what to watch, the CPU ones above all on a busy machine
(the wall clock counts the neighbours too); `--instructions` counts instructions instead, the same
however busy the machine. `python -X importtime -m allfives --new` shows where the imports' time goes;
tests/ui/test_startup.py keeps what the first screens import in check; benchmarks/RESULTS-ui.md keeps
the figures and where the rest of the time goes.

A move's cost is given in CPU time (this process and its bot threads) as well as wall time: on a
busy machine the wall clock measures the neighbours. To see where the time goes, run the game under
pyinstrument (`pip install pyinstrument`; `pyinstrument benchmarks/ui.py --runs 1 --games 1`).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

from allfives.engine import GameState, Layout, Rules
from allfives.play.session import Session
from allfives.play.setup import GameSetup, default_players
from allfives.ui.launch import settle_memory

# The smallest Textual app: a Header, a Static and a Footer.
MINIMAL = """
from textual.app import App
from textual.widgets import Footer, Header, Static

class Minimal(App):
    def compose(self):
        yield Header()
        yield Static("hello")
        yield Footer()

Minimal().run()
"""

# What is launched, and the texts that say its first screen is drawn (its top, and the footer last; a
# tuple of texts: any one of them, for the unseeded table, where either the person or the bot leads).
FIRST_SCREENS: dict[str, tuple[list[str], tuple[str | tuple[str, ...], ...]]] = {
    "minimal Textual app": (["-c", MINIMAL], ("hello", "palette")),
    "allfives --new": (["-m", "allfives", "--new"], ("a new game", "Start (Enter)", "palette")),
    "allfives --new --seats 2 --seed 5": (["-m", "allfives", "--new", "--seats", "2", "--seed", "5"],
                                          ("Boneyard", "is thinking", "palette")),
    "allfives --seats 2 --new": (["-m", "allfives", "--seats", "2", "--new"],
                                 ("Boneyard", ("is thinking", "Your turn", "Your lead"), "palette")),
}


def on_screen(text: str | tuple[str, ...], screen_text: str) -> bool:
    """Is the text (or one of the texts) on the screen?"""
    return any(t in screen_text for t in ((text,) if isinstance(text, str) else text))


def first_screen(argv: list[str], texts: tuple[str | tuple[str, ...], ...], env: dict[str, str],
                 size: tuple[int, int] = (80, 24), timeout: float = 60.0,
                 watch: Callable[[int], bool] | None = None) -> float | None:
    """Seconds from launching `python argv` in a pseudo-terminal until every one of `texts` is on its
    screen (the terminal's output is read into a pyte screen as it comes). `watch(pid)` is asked as
    the output comes: when it says False the program is stopped and None returned."""
    took = first_screen_costs(argv, texts, env, size, timeout, watch)
    return None if took is None else took[0]


def first_screen_costs(argv: list[str], texts: tuple[str | tuple[str, ...], ...], env: dict[str, str],
                       size: tuple[int, int] = (80, 24), timeout: float = 60.0,
                       watch: Callable[[int], bool] | None = None, shown: Callable[[int], None] | None = None,
                       program: str = sys.executable) -> tuple[float, float] | None:
    """As `first_screen`, with the CPU seconds the program spent until then (its user and system time,
    every thread): on a busy machine the wall clock also counts the neighbours, the CPU hardly.
    `shown(pid)` is told once the texts are there, before the program is stopped."""
    import fcntl
    import pty
    import select
    import signal
    import struct
    import termios

    import pyte  # (a test dependency: pip install -e '.[test]')

    columns, rows = size
    started = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the program under test, on the pty
        os.execve(program, [program, *argv], env)
    took: float | None = None
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        screen = pyte.Screen(columns, rows)
        stream = pyte.ByteStream(screen)
        screen_text = ""
        while time.perf_counter() - started < timeout:
            if watch is not None and not watch(pid):
                return None
            if not select.select([fd], [], [], 0.5)[0]:
                continue
            try:
                stream.feed(os.read(fd, 1 << 16))
            except OSError:
                break  # the program ended
            screen_text = "\n".join(screen.display)
            if all(on_screen(text, screen_text) for text in texts):
                took = time.perf_counter() - started
                if shown is not None:
                    shown(pid)
                break
        if took is None:
            raise RuntimeError(f"{' '.join(argv)[:60]}: {texts} never showed; the screen:\n{screen_text}")
    finally:
        os.kill(pid, signal.SIGKILL)
        usage = os.wait4(pid, 0)[2]
        os.close(fd)
    return took, usage.ru_utime + usage.ru_stime


def first_screens(runs: int, size: tuple[int, int] = (80, 24)) -> dict[str, list[tuple[float, float]]]:
    """Each launch `runs` times at `size`, taking turns (so the machine's load falls on all alike), each
    in a fresh data dir and its program's own config dir; after one round not counted, so every program
    runs from its cached bytecode as an installed copy does (PYTHONDONTWRITEBYTECODE is lifted for the
    children) and with the preferences its last launch kept. (wall, CPU) seconds."""
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in FIRST_SCREENS}
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        for round_ in range(runs + 1):
            for n, (name, (argv, texts)) in enumerate(FIRST_SCREENS.items()):
                env = {**base, "TERM": "xterm-256color",
                       "ALLFIVES_DATA_DIR": os.path.join(tmp, f"{round_}-{n}"),
                       "ALLFIVES_CONFIG_DIR": os.path.join(tmp, f"config-{n}")}
                took = first_screen_costs(argv, texts, env, size)
                if round_ and took is not None:
                    times[name].append(took)
    return times


def first_screen_instructions(argv: list[str], texts: tuple[str | tuple[str, ...], ...],
                              env: dict[str, str], size: tuple[int, int] = (80, 24)) -> int:
    """Instructions `python argv` runs until its first screen shows (callgrind's count, dumped the moment
    the texts are there): the same from one run to the next, however busy the machine."""
    import glob
    import re
    import subprocess

    with tempfile.TemporaryDirectory() as out:
        def dump(pid: int) -> None:
            subprocess.run(["callgrind_control", "--dump", str(pid)], capture_output=True, timeout=600)

        first_screen_costs(["--tool=callgrind", f"--callgrind-out-file={out}/cg.%p", "--log-file=/dev/null",
                            sys.executable, *argv], texts, env, size, timeout=1800.0, shown=dump,
                           program="/usr/bin/valgrind")
        [dumped] = glob.glob(f"{out}/cg.*.1")
        with open(dumped) as f:
            return int(re.search(r"^(?:summary|totals): (\d+)", f.read(), re.M)[1])  # type: ignore[index]


def first_screens_instructions(size: tuple[int, int]) -> dict[str, int]:
    """Each first screen's instructions at `size` (once each, its bytecode cached by a launch before)."""
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    counts = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n, (name, (argv, texts)) in enumerate(FIRST_SCREENS.items()):
            env = {**base, "TERM": "xterm-256color", "ALLFIVES_DATA_DIR": os.path.join(tmp, f"warm-{n}"),
                   "ALLFIVES_CONFIG_DIR": os.path.join(tmp, f"config-{n}")}
            first_screen_costs(argv, texts, env, size)  # (its bytecode cached first, as when installed)
            env["ALLFIVES_DATA_DIR"] = os.path.join(tmp, str(n))
            # (so slowed, a bot may have moved already: only what is drawn whoever leads)
            drawn = tuple(t for t in texts if isinstance(t, str) and t != "is thinking")
            counts[name] = first_screen_instructions(argv, drawn, env, size)
    return counts


def setup_for(seed: int, target: int, level: str) -> GameSetup:
    return GameSetup(rules=Rules(seats=4, target=target), players=default_players(4, 0, level), seed=seed,
                     bot_delay=0)


def engine_game(setup: GameSetup) -> tuple[float, float, tuple[int, ...], int]:
    """The same seeded game with no UI: the session's own bots, move after move (wall, CPU seconds)."""
    t, c = time.perf_counter(), time.process_time()
    session = Session.new(setup)
    moves = 0
    while session.state.phase != "game_over":
        if session.state.phase == "hand_over":
            session.next_hand()
            continue
        seat = session.state.turn
        session.apply(session.bot(seat).choose(session.state.view(seat)))
        moves += 1
    return time.perf_counter() - t, time.process_time() - c, session.state.scores, moves


async def ui_game(setup: GameSetup) -> tuple[float, float, tuple[int, ...]]:
    from allfives.ui.app import AllFivesApp
    from allfives.ui.screens.game_over import GameOverScreen
    from allfives.ui.screens.score_panel import ScorePanel

    app = AllFivesApp(setup, ask_resume=False)
    t, c = time.perf_counter(), time.process_time()
    async with app.run_test(size=(120, 40)):
        panel = None
        while not isinstance(app.screen, GameOverScreen):
            await asyncio.sleep(0.005)  # poll lightly: pilot.pause() would wait for an idle CPU
            if isinstance(app.screen, ScorePanel) and app.screen is not panel:
                panel = app.screen  # answered once: it may take a moment to close
                panel.dismiss(None)
        wall, cpu = time.perf_counter() - t, time.process_time() - c
        await asyncio.sleep(0.2)  # let the game-over screen finish mounting before the app closes
        return wall, cpu, app.game_screen.session.state.scores


# ---------------------------------------------------------------------------- the board holding still

# The Board widget's size in the real app: AllFivesApp.run_test(size=...) at each terminal size, a game
# of that many seats (one person), then the Board's `size` (`board_areas()` reads them again and
# `--only board` warns if the app has changed). At 120x40 four seats sit in columns left and right.
BOARD_AREAS = {(80, 24, 2): (48, 15), (80, 24, 4): (48, 15), (120, 40, 2): (88, 31), (120, 40, 4): (58, 31)}


def board_areas() -> dict[tuple[int, int, int], tuple[int, int]]:
    """The Board widget's size in the app at each (columns, rows, seats) of BOARD_AREAS."""
    from allfives.play.setup import GameSetup, default_players
    from allfives.ui.app import AllFivesApp
    from allfives.ui.widgets.board import Board

    async def read(columns: int, rows: int, seats: int) -> tuple[int, int]:
        setup = GameSetup(rules=Rules(seats=seats), players=default_players(seats, 1, "easy"), seed=1,
                          bot_delay=0)
        app = AllFivesApp(setup, ask_resume=False)
        async with app.run_test(size=(columns, rows)) as pilot:
            await pilot.pause()
            size = app.screen.query_one(Board).size
            return size.width, size.height

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ALLFIVES_DATA_DIR"] = tmp
        return {key: asyncio.run(read(*key)) for key in BOARD_AREAS}


def hand_layouts(hands: int, seats: int, seed: int) -> list[list[Layout]]:
    """Seeded random hands of legal play through the engine: the layout after each tile played."""
    rng = random.Random(seed)
    out = []
    for _ in range(hands):
        state = GameState.new(Rules(seats=seats), rng.randrange(10**9))
        layouts = []
        while state.phase == "playing":
            move = rng.choice(state.legal_moves())
            state, _ = state.apply(move)
            if move.kind == "play":
                layouts.append(state.layout)
        out.append(layouts)
    return out


def board_steadiness(hands: list[list[Layout]], area: tuple[int, int],
                     afresh: bool = False) -> dict[str, float]:
    """Lay each hand out play by play as the board widget does (each play on the picture before, or
    with `afresh` every play laid out anew as it was before, keeping compact tiles once compact); the
    share of plays after which an earlier tile is drawn elsewhere, the share that change the board's
    shape or tile size, and the milliseconds a layout step takes."""
    from allfives.ui.model.geometry import LARGE, layout_board

    plays = moved = reshaped = 0
    steps: list[float] = []
    for layouts in hands:
        pictures = []
        largest = LARGE
        for layout in layouts:
            t = time.perf_counter()
            if afresh:
                picture = layout_board(layout, *area, largest=largest)
                largest = picture.glyphs if picture.fits else largest
            else:
                picture = layout_board(layout, *area, pictures[-1] if pictures else None)
            steps.append(1000 * (time.perf_counter() - t))
            pictures.append(picture)
        for before, after in itertools.pairwise(pictures):
            plays += 1
            moved += after.moved_from(before)
            reshaped += after.reshaped_from(before) or after.glyphs is not before.glyphs
    steps.sort()
    return {"moved": moved / plays, "reshaped": reshaped / plays, "plays": plays,
            "median_ms": statistics.median(steps), "p99_ms": steps[int(0.99 * (len(steps) - 1))],
            "worst_ms": steps[-1]}


def board(hands: int, seed: int, afresh: bool) -> None:
    live = board_areas()
    for key, area in BOARD_AREAS.items():
        if live[key] != area:
            print(f"warning: the board at {key[0]}x{key[1]} with {key[2]} seats is {live[key]} now, "
                  f"not {area}: update BOARD_AREAS")
    print(f"the board over {hands} random hands (seed {seed}); a play 'moved' the board when any earlier")
    print("tile is drawn elsewhere after it (moved, turned, resized, or the whole board shifted); 'reshaped'")
    print("when that was more than a shift of the whole board. Aim: moved <= 5% at 120x40, <= 15% at 80x24.")
    for seats in (2, 4):
        played = hand_layouts(hands, seats, seed)
        for (columns, rows, n), area in BOARD_AREAS.items():
            if n != seats:
                continue
            for label, fresh in (("steady", False), ("afresh", True))[:2 if afresh else 1]:
                r = board_steadiness(played, area, afresh=fresh)
                print(f"  {columns}x{rows} {seats} seats, board {area[0]}x{area[1]}, {label}: "
                      f"moved {r['moved']:.1%}, reshaped {r['reshaped']:.1%} of {r['plays']} plays; "
                      f"a layout step {r['median_ms']:.2f} ms median, {r['p99_ms']:.1f} ms p99, "
                      f"{r['worst_ms']:.1f} ms worst")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=7, help="launches of each program timed to its first screen")
    p.add_argument("--games", type=int, default=3, help="bot games through the UI (the median is shown)")
    p.add_argument("--seed", type=int, default=8)
    p.add_argument("--target", type=int, default=150)
    p.add_argument("--level", default="medium")
    p.add_argument("--instructions", action="store_true",
                   help="with --only first: count each first screen's instructions under valgrind's "
                        "callgrind (once each, minutes; the same however busy the machine)")
    p.add_argument("--size", action="append", metavar="COLUMNSxROWS",
                   help="the pseudo-terminal's size for the first screens (again for more; default 80x24)")
    p.add_argument("--only", choices=["board", "first"],
                   help="board: only how steady the board is; first: only the first screens")
    p.add_argument("--hands", type=int, default=1000, help="random hands for --only board")
    p.add_argument("--afresh", action="store_true",
                   help="with --only board, also lay every play out anew, as the board did before")
    p.add_argument("--plain-gc", action="store_true",
                   help="leave Python's garbage collector as it is (the allfives command settles it)")
    args = p.parse_args()
    if args.only == "board":
        board(args.hands, args.seed, args.afresh)
        return

    sizes = [tuple(int(n) for n in size.lower().split("x")) for size in args.size or ["80x24"]]
    for columns, rows in sizes:
        if args.instructions:
            counts = first_screens_instructions((columns, rows))
            print(f"instructions to the first screen ({columns}x{rows}, callgrind), and each to the minimal "
                  "app's:")
            for name, count in counts.items():
                print(f"  {name:36s} {count / 1e6:8.0f} M  {count / counts['minimal Textual app']:4.2f}x")
            continue
        times = first_screens(args.runs, (columns, rows))
        print(f"first screen in a pseudo-terminal ({columns}x{rows}), median of {args.runs} alternating "
              "launches each, wall and CPU seconds, and each to the minimal app's:")
        minimal = [statistics.median(t[i] for t in times["minimal Textual app"]) for i in (0, 1)]
        for name, taken in times.items():
            wall, cpu = (statistics.median(t[i] for t in taken) for i in (0, 1))
            walls = ", ".join(f"{t[0]:.3f}" for t in taken)
            print(f"  {name:36s} {wall:.3f} s {wall / minimal[0]:4.2f}x   "
                  f"CPU {cpu:.3f} s {cpu / minimal[1]:4.2f}x   (wall: {walls})")
    if args.only == "first" or args.instructions:
        return

    setup = setup_for(args.seed, args.target, args.level)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ALLFIVES_DATA_DIR"] = tmp
        engine_wall, engine_cpu, engine_scores, moves = engine_game(setup)
        if not args.plain_gc:
            settle_memory()  # as the allfives command does before the app runs
        games = [asyncio.run(ui_game(setup)) for _ in range(args.games)]
    ui_wall = statistics.median(g[0] for g in games)
    ui_cpu = statistics.median(g[1] for g in games)
    same = "same game" if all(g[2] == engine_scores for g in games) else "DIFFERENT GAMES"
    print(f"4-seat {args.level} bot game, seed {args.seed}, target {args.target}: {moves} moves ({same}); "
          f"median of {args.games} through the UI")
    print(f"  engine alone          {1000 * engine_cpu / moves:6.2f} ms CPU a move  "
          f"({1000 * engine_wall / moves:.2f} ms wall)")
    print(f"  through the UI        {1000 * ui_cpu / moves:6.2f} ms CPU a move  "
          f"({1000 * ui_wall / moves:.2f} ms wall)")
    print(f"  the UI's own cost     {1000 * (ui_cpu - engine_cpu) / moves:6.2f} ms CPU a move")


if __name__ == "__main__":
    main()
