"""Two real terminals on one machine play a hand against each other by mouse, over loopback.

Two tmux panes run `allfives host --seats 2` and `allfives join ...` (the address and table code read
off the host's screen); every click is an SGR mouse sequence sent into the pane, and what each player
sees is read back from the pane (text and colours). The host starts the game from its lobby; each
player, on their turn, clicks a playable tile of their hand (a lit end when the tile fits two), or
the boneyard when nothing fits, until the hand ends; both terminals must then show the same score
panel, and both apps quit cleanly. Bounded in time; stops by itself.

    python scripts/tmux_table.py [--seed N] [--timeout SECONDS] [--keep]

Needs tmux; drives the panes with scripts/tmuxdrive.py. Exit status 0 when the
hand was played through, 1 otherwise.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tmuxdrive import Pane  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
COLS, ROWS = 100, 30
SGR = re.compile(r"\x1b\[([0-9;]*)m")
PANEL = r"Deal the next hand|See the result"  # the score panel's button: the hand is over
OUR_TURN = ("Your turn", "Your lead", "You drew", "The tile you drew fits", "Nothing in your hand fits")


def cells(pane: Pane) -> list[list[tuple[str, tuple[int, int, int] | None]]]:
    """The pane's screen as rows of (character, background colour)."""
    text = subprocess.run(["tmux", "capture-pane", "-t", pane.name, "-p", "-e"], capture_output=True,
                          text=True).stdout
    rows = []
    for line in text.splitlines():
        bg: tuple[int, int, int] | None = None
        row = []
        pos = 0
        for m in SGR.finditer(line):
            row.extend((c, bg) for c in line[pos:m.start()])
            pos = m.end()
            codes = [int(c) if c else 0 for c in m[1].split(";")] if m[1] else [0]
            i = 0
            while i < len(codes):
                code = codes[i]
                if code in (0, 49):
                    bg = None
                elif code in (38, 48) and codes[i + 1:i + 2] == [2]:  # a true colour
                    if code == 48:
                        bg = tuple(codes[i + 2:i + 5])  # type: ignore[assignment]
                    i += 4
                elif code in (38, 48) and codes[i + 1:i + 2] == [5]:  # one of 256 colours
                    if code == 48 and i + 2 < len(codes):
                        bg = xterm(codes[i + 2])
                    i += 2
                elif 40 <= code <= 47 or 100 <= code <= 107:
                    bg = xterm(code - 40 if code < 100 else code - 92)
                i += 1
        row.extend((c, bg) for c in line[pos:])
        rows.append(row)
    return rows


def xterm(n: int) -> tuple[int, int, int]:
    """The colour of an xterm 256-colour index."""
    if n < 16:
        base = [(0, 0, 0), (128, 0, 0), (0, 128, 0), (128, 128, 0), (0, 0, 128), (128, 0, 128), (0, 128, 128),
                (192, 192, 192)]
        return base[n] if n < 8 else tuple(min(255, c * 2 + 64) for c in base[n - 8])  # type: ignore[return-value]
    if n < 232:
        n -= 16
        steps = (0, 95, 135, 175, 215, 255)
        return steps[n // 36], steps[n // 6 % 6], steps[n % 6]
    grey = 8 + (n - 232) * 10
    return grey, grey, grey


def light(colour: tuple[int, int, int] | None) -> bool:
    return colour is not None and sum(colour) > 450  # a tile's face: playable tiles are lit, others dimmed


def playable_tiles(pane: Pane) -> list[tuple[int, int]]:
    """The middle (col, row) of each lit tile in the hand, the four rows over the footer."""
    rows = cells(pane)
    row = len(rows) - 3  # the hand's second row (the footer is the last row)
    found, start = [], None
    for x, (_, bg) in enumerate(rows[row] + [(" ", None)]):
        if light(bg) and start is None:
            start = x
        elif not light(bg) and start is not None:
            if x - start >= 3:
                found.append(((start + x) // 2, row))
            start = None
    return found


def status(pane: Pane) -> str:
    lines = pane.lines()
    return lines[-6].strip().lstrip("▶ ") if len(lines) >= 6 else ""  # ▶ marks the person's turn


def click_text(pane: Pane, pattern: str) -> bool:
    spots = pane.find(pattern)
    if not spots:
        return False
    col, row, text = spots[0]
    pane.click(col + len(text) // 2, row)
    return True


def changed(pane: Pane, before: str, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pane.screen() != before:
            return True
        time.sleep(0.05)
    return False


def settled(pane: Pane, timeout: float = 3.0) -> str:
    """The screen once it stops changing (a frame can be caught half drawn)."""
    last = pane.screen()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        time.sleep(0.08)
        now = pane.screen()
        if now == last:
            return now
        last = now
    return last


def our_turn(screen: str) -> bool:
    """Nobody in the seat strip is to move (▶), the table waits for nothing, and no panel is up."""
    lines = screen.splitlines()
    if len(lines) < 6 or "▶" in "".join(lines[:3]) or re.search(PANEL, screen):
        return False
    return not re.search(r"waiting for|on its way|Connection lost|The hand is over", lines[-6])


def take_turn(pane: Pane) -> str | None:
    """If it is this player's turn, make a move by mouse; what was done, or None."""
    screen = settled(pane)
    if not our_turn(screen):
        return None
    if "click the boneyard" in status(pane):  # nothing fits (or the tile drawn does not): draw
        click_text(pane, r"Boneyard")
        changed(pane, screen)
        return "drew"
    tiles = playable_tiles(pane)
    if not tiles:
        return None
    col, row = tiles[0]
    pane.click(col, row)
    changed(pane, screen, 3.0)
    settled(pane)
    line = status(pane)
    place = re.match(r"Place (\S+): click a lit end or press ([WENS](?:/[WENS])*)", line)
    if place:
        end = place[2].split("/")[0]
        before = pane.screen()
        if click_text(pane, rf"[‹▶]{end} ?\d"):  # an open end: ‹W 5› (‹W5› when small; ▶◀ in focus)
            changed(pane, before, 3.0)
            return f"played {place[1]} on {end}"
        return None
    return "played a tile" if not line.startswith(OUR_TURN) else None


def panel(pane: Pane, name: str) -> list[str]:
    """The score panel's headline and each player's score before → after, "You" written as the name
    (only those: the scoresheet behind the panel shows through at its edge)."""
    text = re.sub(r"\bYou\b", name, pane.screen())
    found = re.findall(r"Hand 1 — \w+ (?:went out|blocked)", text)
    found += re.findall(r"[A-Z][a-z]+ -?\d+ → -?\d+", text)
    return found


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--timeout", type=float, default=240.0, help="give up after this many seconds")
    p.add_argument("--keep", action="store_true", help="leave the tmux sessions open at the end")
    args = p.parse_args()
    python = sys.executable
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        env = {"PYTHONPATH": str(ROOT)}
        host = Pane(f"{python} -m allfives host --seats 2 --port 0 --name Hana --new --seed {args.seed}",
                    cols=COLS, rows=ROWS, env={**env, "ALLFIVES_DATA_DIR": f"{tmp}/host"})
        guest = None
        try:
            share = host.wait_for(r"allfives join (\S+) (\w{4}-\w{4}-\w{4}) ([a-z2-7]{26})", 60)
            assert share, "the host never showed the join command:\n" + host.screen()
            guest = Pane(f"{python} -m allfives join {share[1]} {share[2]} {share[3]} --name Jo",
                         cols=COLS, rows=ROWS, env={**env, "ALLFIVES_DATA_DIR": f"{tmp}/join"})
            assert guest.wait_for(r"Jo — you", 60), "the guest never sat:\n" + guest.screen()
            assert host.wait_for(r"Jo — person", 30), "the host never saw the guest sit:\n" + host.screen()
            assert click_text(host, r"Start the game"), "no Start button on the host's screen"
            moves = {"Hana": [], "Jo": []}
            deadline = started + args.timeout
            while time.monotonic() < deadline:
                if all(p.find(PANEL) for p in (host, guest)):
                    break
                acted = False
                for name, pane in (("Hana", host), ("Jo", guest)):
                    did = take_turn(pane)
                    if did:
                        moves[name].append(did)
                        acted = True
                if not acted:
                    time.sleep(0.1)
            else:
                raise AssertionError(f"the hand did not end in time; moves {moves}\n{host.screen()}\n"
                                     f"{guest.screen()}")
            panels = [panel(host, "Hana"), panel(guest, "Jo")]
            print("Host's panel:  ", " / ".join(panels[0]))
            print("Guest's panel: ", " / ".join(panels[1]))
            assert panels[0] == panels[1], "the two terminals disagree on the hand's end"
            for name, made in moves.items():
                print(f"{name} made {len(made)} moves by mouse: {', '.join(made)}")
            time.sleep(0.7)  # a panel takes keys only once it has been up a moment (no misclicks)
            for pane in (host, guest):  # deal on, then leave the table
                pane.keys("Enter")
            for pane in (host, guest):
                deadline = time.monotonic() + 20
                while "Deal the next hand" in pane.screen() and time.monotonic() < deadline:
                    time.sleep(0.1)
            for pane in (guest, host):  # q asks first while a game is on; the dialog takes keys a moment on
                pane.keys("q")
                if pane.wait_for(r"Quit All Fives\?|Close the table\?", 10):  # (the host closes it for all)
                    time.sleep(0.7)
                    pane.keys("q")
            for pane, who in ((guest, "guest"), (host, "host")):
                deadline = time.monotonic() + 30
                while not pane.exited() and time.monotonic() < deadline:
                    time.sleep(0.1)
                print(f"The {who}'s app ended: {pane.status().strip() or 'still running'}")
                assert "EXITED 0" in pane.status()
            print(f"One hand played by mouse in two terminals in {time.monotonic() - started:.1f} s")
            return 0
        except AssertionError as e:
            print(f"FAILED: {e}")
            return 1
        finally:
            if not args.keep:
                host.close()
                if guest is not None:
                    guest.close()


if __name__ == "__main__":
    sys.exit(main())
