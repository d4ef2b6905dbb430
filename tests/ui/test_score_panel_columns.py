"""The score panel's figures stand under their headings in every row, whatever the tiles column holds
(out!, one tile, seven tiles, a wrapped row), in every language, at 80x24 and 120x40.

(A picture of a snapshot made with cairosvg on a machine without the Fira Code font can show the rows
drifting: cairosvg sets the text in a proportional face and ignores the SVG's cell widths. The cells
themselves are what this checks.)
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.style import Style

from allfives import i18n
from allfives.engine import Rules, parse_tile
from allfives.engine.state import HandResult
from allfives.play.setup import GameSetup, Player, default_players
from allfives.ui.screens.score_panel import PARTS, ScorePanel, result_table

from .languages import speaking
from .scenes import board_app, settle

FIGURE = re.compile(r"[+-]?\d+")


def tiles(*names: str) -> tuple:
    return tuple(parse_tile(n) for n in names)


def deduct_case() -> tuple[HandResult, GameSetup]:
    """Ada out, Ben four tiles, Cleo one, Dee seven (the longest row of tiles): pips of one to two digits."""
    left = ((), tiles("5-3", "3-3", "3-0", "5-0"), tiles("1-1"),
            tiles("6-6", "6-5", "6-4", "5-5", "4-4", "6-3", "2-2"))
    pips = (0, 22, 2, 58)
    result = HandResult(reason="domino", out_seat=0, remaining=left, remaining_pips=pips,
                        rounded=(0, 20, 0, 60), deductions=(0, 20, 0, 60), awards=(0, 0, 0, 0),
                        scores_before=(40, 30, 10, 5), scores=(40, 10, 10, 0))
    rules = Rules(seats=4, partnership=False, target=900)
    return result, GameSetup(rules=rules, players=default_players(4, 0, "easy"), bot_delay=0)


def blocked_case() -> tuple[HandResult, GameSetup]:
    """Blocked (nobody out), a name as long as a name may be, every row of a different length."""
    left = (tiles("6-5", "2-1"), tiles("5-5"), tiles("0-0", "1-0", "2-0"))
    result = HandResult(reason="blocked", out_seat=None, remaining=left, remaining_pips=(14, 10, 3),
                        rounded=(15, 10, 5), deductions=(15, 10, 5), awards=(0, 0, 0),
                        scores_before=(30, 45, 100), scores=(15, 35, 95))
    players = (Player("W" * 20, "person"), *default_players(3, 0, "easy")[1:])
    return result, GameSetup(rules=Rules(seats=3, target=900), players=players, bot_delay=0)


def muggins_case() -> tuple[HandResult, GameSetup]:
    """Muggins in partnerships: no rounded column, the award on the row of who went out only."""
    left = ((), tiles("6-5", "4-4"), tiles("1-0"), tiles("6-6", "3-2", "0-0", "4-1", "5-2"))
    result = HandResult(reason="domino", out_seat=0, remaining=left, remaining_pips=(0, 19, 1, 31),
                        rounded=(0, 20, 0, 30), deductions=(0, 0, 0, 0), awards=(50, 0),
                        scores_before=(40, 65), scores=(90, 65))
    rules = Rules(seats=4, partnership=True, end_of_hand="muggins", target=900)
    return result, GameSetup(rules=rules, players=default_players(4, 1), bot_delay=0)


def figures_of(result: HandResult, setup: GameSetup, seat: int) -> list[str]:
    """What the row of `seat` shows right of its tiles, left to right."""
    if setup.rules.end_of_hand == "muggins":
        award = result.awards[setup.rules.side_of(seat)]
        return [str(result.remaining_pips[seat]), *([f"+{award}"] if seat == result.out_seat else [])]
    d = result.deductions[seat]
    return [str(result.remaining_pips[seat]), str(result.rounded[seat]), f"-{d}" if d else "0"]


def check_columns(lines: list[str], result: HandResult, setup: GameSetup) -> None:
    """Each figure ends where its heading ends (they are right-aligned), on its row's first line; each
    row's tiles (or out!), and the tiles of a row wrapped onto more lines, begin where the tiles heading
    begins. A heading may take two lines (a long name leaves it narrow)."""
    from allfives.i18n import _

    muggins = setup.rules.end_of_hand == "muggins"
    first_row = next(y for y, line in enumerate(lines) if line.startswith(f" {setup.players[0].name} "))
    heads = lines[:first_row]

    def heading(word: str, end: bool) -> int:
        """The cell where `word` begins (or ends) in the heading lines."""
        line = next((line for line in heads if f" {word} " in line), None)
        assert line is not None, (word, heads)
        at = line.index(f" {word} ") + 1
        return cell_len(line[:at + len(word) if end else at])

    numbers = [_("pips"), *([] if muggins else [_("rounded")]), _("award") if muggins else _("deduction")]
    ends = [heading(word, end=True) for word in numbers]
    tiles_at = heading(_("tiles left").split()[0], end=False)
    names = [f" {p.name} " for p in setup.players]
    for line in lines[first_row:]:
        seat = next((seat for seat, name in enumerate(names) if line.startswith(name)), None)
        rest = line[len(names[seat]) - 1:] if seat is not None else line
        start = cell_len(line[:len(line) - len(rest.lstrip())])
        if seat is None:  # a row's tiles wrapped onto another line (a tile's face begins with a space)
            assert start == tiles_at + 1, (heads, line)
            continue
        wanted = figures_of(result, setup, seat)
        found = [(m.group(), cell_len(line[:m.end()])) for m in FIGURE.finditer(line)][-len(wanted):]
        assert [text for text, _end in found] == wanted, line
        assert [end for _text, end in found] == ends[:len(wanted)], (heads, line)
        if seat == result.out_seat:
            assert rest.lstrip().startswith(_("out!")) and start == tiles_at, (heads, line)
        else:
            assert start == tiles_at + 1, (heads, line)


# How wide the panel's table is at 80x24 and at 120x40 (the app test below checks it).
TABLE_WIDTHS = {(80, 24): 66, (120, 40): 84}
CASES = (deduct_case, blocked_case, muggins_case)


def rendered(result: HandResult, setup: GameSetup, width: int) -> list[str]:
    """The panel's table as Rich draws it `width` cells wide, line by line."""
    looks = {part: Style() for part in PARTS}
    console = Console(width=width, color_system=None, legacy_windows=False)
    lines = console.render_lines(result_table(result, setup, looks), console.options.update_width(width))
    return ["".join(segment.text for segment in line) for line in lines]


@pytest.mark.parametrize("width", sorted(TABLE_WIDTHS.values()))
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("case", CASES)
def test_every_row_s_figures_stand_under_their_headings_in_every_language(
        case: Callable[[], tuple[HandResult, GameSetup]], lang: str, width: int) -> None:
    result, setup = case()
    with speaking(lang) if lang != i18n.ENGLISH else contextlib.nullcontext():
        lines = rendered(result, setup, width)
        assert all(cell_len(line) == width for line in lines)
        check_columns(lines, result, setup)


@pytest.mark.parametrize("size", sorted(TABLE_WIDTHS))
async def test_the_panel_draws_the_table_as_wide_as_checked(size: tuple[int, int]) -> None:
    app = board_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        with speaking("pt"):  # (the rows a picture of this snapshot once seemed to show adrift)
            result, setup = deduct_case()
            panel = ScorePanel(result, setup, 3, game_over=False)
            await app.push_screen(panel)
            await pilot.pause()
            table = panel.query_one("#result-table")
            lines = [table.render_line(y).text for y in range(table.size.height)]
            assert table.size.width == TABLE_WIDTHS[size]
            assert lines == rendered(result, setup, TABLE_WIDTHS[size])
            check_columns(lines, result, setup)


@pytest.mark.parametrize("width", [3, 5, 11, 12, 17, 40])
def test_small_tiles_wrap_between_tiles_never_inside_one(width: int) -> None:
    from allfives.ui.widgets.tiles import SmallTiles

    shown = SmallTiles(tiles("6-6", "5-3", "1-0", "4-4"), (Style(), Style()))
    console = Console(width=width, color_system=None)
    lines = ["".join(s.text for s in line).rstrip()
             for line in console.render_lines(shown, console.options.update_width(width))]
    if width < 5:  # (narrower than a tile: a tile a line, cut at the edge)
        assert lines == [" 6│", " 5│", " 1│", " 4│"]
    else:
        assert " ".join(lines).split() == ["6│6", "5│3", "1│0", "4│4"]
        assert all(line.startswith(" ") and cell_len(line) <= width for line in lines)
    assert SmallTiles([], (Style(), Style())).__rich_measure__(console, console.options).maximum == 0
