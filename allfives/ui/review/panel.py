"""The review's own widgets: the analysis panel (the decision made from the position shown, why it
mattered, and the summaries — or, while the game is weighed, a progress bar) and the boneyard face up."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import ProgressBar

from allfives.engine import Tile
from allfives.i18n import _
from allfives.ui.model.review import LineKind, PanelLine, Progress
from allfives.ui.widgets.boneyard import Boneyard
from allfives.ui.widgets.parts import ThemedParts, component_classes
from allfives.ui.widgets.shown import rich_text

KINDS: tuple[LineKind, ...] = ("head", "mistake", "good", "fair", "quiet", "summary")


class PanelText(ThemedParts, Widget):
    """Lines of the panel, each in the colour of its kind; a line longer than the width wraps (at 80
    columns a mistake's reason may, in English or in a longer language) rather than lose its end."""

    PREFIX, PARTS = "analysis", KINDS
    COMPONENT_CLASSES = component_classes(PREFIX, PARTS)

    DEFAULT_CSS = """
    PanelText { height: auto; }
    """

    lines: reactive[tuple[PanelLine, ...]] = reactive((), layout=True)  # (a longer line may wrap)

    def render(self) -> Text:
        styles = self.parts()
        out = Text(overflow="fold")
        for n, line in enumerate(self.lines):
            if n:
                out.append("\n")
            out.append_text(rich_text(line.text, style=styles[line.kind]))
        return out

    @property
    def plain(self) -> list[str]:
        """The lines as they read (tests read them)."""
        return [line.text.plain for line in self.lines]


class AnalysisPanel(Vertical):
    """Two lines on the decision, and a foot: the summaries, or the progress of the analysis."""

    DEFAULT_CSS = """
    AnalysisPanel { height: auto; }
    AnalysisPanel > #decision { height: auto; min-height: 2; }
    AnalysisPanel > Horizontal { height: auto; }
    AnalysisPanel #summary { width: 1fr; height: auto; }
    AnalysisPanel ProgressBar { width: auto; display: none; }
    AnalysisPanel.-running ProgressBar { display: block; }
    """

    def compose(self) -> ComposeResult:
        yield PanelText(id="decision")
        with Horizontal():
            yield PanelText(id="summary")
            yield ProgressBar(show_eta=False, id="progress")

    def show(self, lines: tuple[PanelLine, ...], progress: Progress) -> None:
        """The panel's lines (the last is the foot) and, while weighing, (done, total)."""
        self.query_one("#decision", PanelText).lines = lines[:-1]
        self.query_one("#summary", PanelText).lines = lines[-1:]
        self.set_class(progress is not None, "-running")
        if progress is not None:
            done, total = progress
            self.query_one(ProgressBar).update(total=max(1, total), progress=done)

    @property
    def plain(self) -> list[str]:
        return self.query_one("#decision", PanelText).plain + self.query_one("#summary", PanelText).plain


class OpenBoneyard(Boneyard):
    """The boneyard in a review: how many tiles, and the tiles themselves, the next to be drawn first."""

    tiles: reactive[tuple[Tile, ...]] = reactive(())

    def show_tiles(self, tiles: Sequence[Tile]) -> None:
        self.tiles = tuple(tiles)

    def render(self) -> RenderableType:
        style = self.parts().__getitem__
        count = len(self.tiles)
        text = Text(_("Boneyard"), style=style("title"))
        text.append(f"  {count}", style=style("count" if count else "empty"))
        if not count:
            text.append("\n" + _("empty"), style=style("empty"))
        per_line = max(1, (self.size.width + 1) // 4)  # "6-4 " a tile
        for start in range(0, min(count, 2 * per_line), per_line):
            text.append("\n")
            text.append(" ".join(str(t) for t in self.tiles[start:start + per_line]), style=style("key"))
        return text

    def on_click(self, event: events.Click) -> None:
        event.stop()  # nothing is drawn in a review
