"""The table top: draws the layout as geometry.layout_board places it; clicks on open ends post EndChosen.

The board keeps the picture it drew last and hands it to `layout_board`, so a tile on the table stays
where it is while the hand goes on. A board that cannot fit its area (a huge hand in a small terminal)
is drawn whole on a bigger table and scrolls.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from allfives.engine import Layout
from allfives.i18n import MARK_CLOSE, MARK_OPEN, _, end_letter
from allfives.ui.model.geometry import BoardPicture, EndSpot, TileSpot, layout_board
from allfives.ui.model.view import BoardView

from .parts import KeptStyle

Cell = tuple[str, Style]


class Board(KeptStyle, ScrollView, can_focus=False):
    """The layout: tiles, the spinner in its own colour, and a marker on each open end to click.

    Not focusable: the arrow keys and the ends' letters belong to the game screen, the mouse wheel still
    scrolls. A marker shows its end by the language's letter (`O` for East in Dutch); a click on it says
    the end as the engine names it (W/E/N/S).
    """

    COMPONENT_CLASSES = {
        "board--tile",
        "board--divider",
        "board--spinner",
        "board--last",
        "board--end",
        "board--end-lit",
        "board--end-focused",
        "board--empty",
    }

    DEFAULT_CSS = """
    Board { width: 1fr; height: 1fr; }
    """  # colours: allfives.tcss, from the theme

    board: reactive[Layout] = reactive(Layout.model_construct)  # (no validator built for an empty table)
    selectable_ends: reactive[frozenset[str]] = reactive(frozenset())
    focused_end: reactive[str | None] = reactive(None)
    end_points: reactive[tuple[tuple[str, int], ...]] = reactive(())  # the chosen tile, by lit end
    last_played: reactive[tuple[str, int] | None] = reactive(None)

    class EndChosen(Message):
        """An open-end marker was clicked (lit or not: the app decides what that means)."""

        def __init__(self, end: str) -> None:
            super().__init__()
            self.end = end

    class MissedEnd(Message):
        """A click on the board that was not on an open-end marker."""

    def show(self, view: BoardView) -> None:
        """Take the board's part of the table view; each piece repaints only if it changed."""
        self.board = view.layout
        self.selectable_ends = view.lit
        self.focused_end = view.focused
        self.end_points = view.points
        self.last_played = view.last_play

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._picture: BoardPicture | None = None
        self._area = Size(0, 0)  # the room the picture was laid out for
        self._stale = True  # the layout changed since the picture was made
        self._rows: list[Strip] | None = None

    # -- the picture: grown from the last one while the hand goes on, afresh for a new hand or size
    @property
    def area(self) -> Size:
        """The room the board has for its picture (without any scroll bars)."""
        return self.scrollable_content_region.size

    @property
    def picture(self) -> BoardPicture:
        """Where everything is, for the current layout and size (what drawing and tests use)."""
        area = self.area
        if self._picture is None or self._stale or area != self._area:
            previous = self._picture if area == self._area else None
            self._picture = layout_board(self.board, area.width, area.height, previous)
            self._area = area
            self._stale = False
            self._rows = None
            table = Size(self._picture.width, self._picture.height)
            if table != self.virtual_size:
                self.virtual_size = table
                self.call_after_refresh(self._show_the_play)
        return self._picture

    def watch_board(self) -> None:
        self._stale = True
        self._rows = None
        if self.area.width and self.area.height:
            # lay out every layout the board is given, not just those that happen to be drawn: the
            # pictures then follow the plays alone, never the timing of screen updates
            _ = self.picture
        self.refresh()

    def _repaint(self) -> None:
        self._rows = None
        self.refresh()

    watch_selectable_ends = watch_focused_end = watch_end_points = _repaint

    def watch_last_played(self) -> None:
        self._repaint()
        self.call_after_refresh(self._show_the_play)

    def _show_the_play(self) -> None:
        """On a board bigger than its room, scroll to the last tile played (or the middle)."""
        picture = self.picture
        if picture.fits:
            return
        spot = next((t for t in picture.tiles if (t.arm, t.index) == self.last_played), None)
        if spot is None:
            self.scroll_to((picture.width - self.area.width) // 2, (picture.height - self.area.height) // 2,
                           animate=False)
        else:
            self.scroll_to_region(Region(*spot.rect), animate=False, force=True)

    def on_resize(self, event: events.Resize) -> None:
        self._rows = None

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._rows = None

    # -- clicks: the marker under the pointer says which end it is (style meta)
    def on_click(self, event: events.Click) -> None:
        end = event.style.meta.get("end")
        event.stop()
        self.post_message(self.EndChosen(end) if end is not None else self.MissedEnd())

    # -- drawing
    def render_line(self, y: int) -> Strip:
        picture = self.picture
        if self._rows is None:
            self._rows = self._draw(picture)
        scroll_x, scroll_y = self.scroll_offset
        width = self.area.width
        if 0 <= y + scroll_y < len(self._rows):
            return self._rows[y + scroll_y].crop_extend(scroll_x, scroll_x + width, self.rich_style)
        return Strip.blank(width, self.rich_style)

    def _draw(self, picture: BoardPicture) -> list[Strip]:
        width, height = picture.width, picture.height
        felt = self.rich_style
        canvas: list[list[Cell]] = [[(" ", felt)] * width for _ in range(height)]

        def put(x: int, y: int, text: str, style: Style) -> None:
            if 0 <= y < height:
                row = canvas[y]
                for i, ch in enumerate(text):
                    if 0 <= x + i < width:
                        row[x + i] = (ch, style)

        if self.board.lead is None:
            message = _("the table is empty: lead any tile")
            put(max(0, (width - len(message)) // 2), height // 2, message,
                felt + self.get_component_rich_style("board--empty"))
        for spot in picture.tiles:
            self._draw_tile(spot, put, felt)
        for end in picture.ends:
            self._draw_end(end, put, felt)
        return [Strip(_segments(row), width) for row in canvas]

    def _tile_styles(self, spot: TileSpot) -> tuple[Style, Style, Style]:
        """Face, divider and rim styles for a tile."""
        face = self.get_component_rich_style("board--tile")
        divider = self.get_component_rich_style("board--divider")
        if spot.spinner:
            face = self.get_component_rich_style("board--spinner")
            divider = face + Style(bold=False)
        if self.last_played is not None and self.last_played == (spot.arm, spot.index):
            face = self.get_component_rich_style("board--last")
            divider = face + Style(bold=False)
        rim = Style(color=face.bgcolor, bgcolor=self.rich_style.bgcolor)
        return face, divider, rim

    def _draw_tile(self, spot: TileSpot, put, felt: Style) -> None:  # noqa: ANN001
        face, divider, rim = self._tile_styles(spot)
        a, b = (str(p) for p in spot.halves)
        x, y, w, h = spot.x, spot.y, spot.width, spot.height
        if h == 1:  # small lying: ▐5│3▌ — the half-block rims keep neighbours apart
            put(x, y, "▐", rim)
            put(x + 1, y, a, face)
            put(x + 2, y, "│", divider)
            put(x + 3, y, b, face)
            put(x + 4, y, "▌", rim)
            return
        if w == 3:  # small standing: quadrant rims bulge at the middle, so stacked tiles show a notch
            put(x, y, "▗", rim)
            put(x + 1, y, a, face)
            put(x + 2, y, "▖", rim)
            put(x, y + 1, "▝", rim)
            put(x + 1, y + 1, b, face)
            put(x + 2, y + 1, "▘", rim)
            return
        mark = "◆" if spot.spinner else "─"
        if spot.vertical:  # large standing, 5 x 5
            inner = w - 2
            rule = "─" * (inner // 2)
            put(x, y, "┌" + rule + mark + "─" * (inner - inner // 2 - 1) + "┐", divider)
            put(x, y + 1, "│", divider)
            put(x + 1, y + 1, a.center(inner), face)
            put(x + w - 1, y + 1, "│", divider)
            put(x, y + 2, "├" + "─" * inner + "┤", divider)
            put(x, y + 3, "│", divider)
            put(x + 1, y + 3, b.center(inner), face)
            put(x + w - 1, y + 3, "│", divider)
            put(x, y + 4, "└" + "─" * inner + "┘", divider)
            return
        half = (w - 3) // 2  # large lying, 9 x 3
        top = "┌" + "─" * half + "┬" + "─" * half + "┐"
        put(x, y, top[: w // 2 - 1] + (mark if spot.spinner else top[w // 2 - 1]) + top[w // 2:], divider)
        put(x, y + 1, "│", divider)
        put(x + 1, y + 1, a.center(half), face)
        put(x + 1 + half, y + 1, "│", divider)
        put(x + 2 + half, y + 1, b.center(half), face)
        put(x + w - 1, y + 1, "│", divider)
        put(x, y + 2, "└" + "─" * half + "┴" + "─" * half + "┘", divider)

    def _draw_end(self, end: EndSpot, put, felt: Style) -> None:  # noqa: ANN001
        """The end's name and the pip it takes (`‹W5›`): lit when the chosen tile fits it, marked ▶ ◀ when
        Enter would play there, and what playing it there scores (`W+10`; a boxed marker has it on its
        top edge) so a player compares the ends without adding them up."""
        points = dict(self.end_points).get(end.end, 0) if end.end in self.selectable_ends else 0
        if end.end == self.focused_end and end.end in self.selectable_ends:
            style = self.get_component_rich_style("board--end-focused")
            left, right = "▶", "◀"
        elif end.end in self.selectable_ends:
            style = self.get_component_rich_style("board--end-lit")
            left, right = " ", " "
        else:
            style = felt + self.get_component_rich_style("board--end")
            left, right = "‹", "›"
        style += Style.from_meta({"end": end.end})  # W/E/N/S, as the engine names it, whatever is shown
        letter = _letter(end.end)
        score = f"+{points}" if points else ""
        if end.height == 1:
            label = left + letter + str(end.pip) + right
            if score:  # the score takes the pip's place (the tile fits it anyway), and the arrows' if need be
                label = left + letter + score + right
                if len(label) > end.width:
                    label = letter + score
            put(end.x, end.y, label.center(end.width), style)
            return
        inner = end.width - 2
        put(end.x, end.y, "┌" + score.center(inner, "╌") + "┐", style)
        put(end.x, end.y + 1, left + f"{letter} {end.pip}".center(inner) + right, style)
        put(end.x, end.y + 2, "└" + "╌" * inner + "┘", style)


def _letter(end: str) -> str:
    """The end's letter in this language, one cell (the pseudo-language's marks would not fit the marker)."""
    return end_letter(end).strip(MARK_OPEN + MARK_CLOSE)


def _segments(row: list[Cell]) -> list[Segment]:
    """Merge runs of cells with the same style into segments."""
    segments: list[Segment] = []
    text: list[str] = []
    style: Style | None = None
    for ch, cell_style in row:
        if cell_style is not style and cell_style != style:
            if text:
                segments.append(Segment("".join(text), style))
            text, style = [], cell_style
        text.append(ch)
    if text:
        segments.append(Segment("".join(text), style))
    return segments
