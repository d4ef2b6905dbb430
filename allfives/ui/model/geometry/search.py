"""Laying chains: a depth-first search, within a budget, over each tile's places, marker and spare room."""

from __future__ import annotations

from dataclasses import dataclass

from allfives.engine import Tile

from .cells import OWNER, ROOT, Cells
from .chains import SPARE, Link, Run, Tip, spinner_tips
from .picture import EndSpot, TileSpot
from .shapes import Shapes

ROOM = 2  # tiles' worth of room kept free at the tip of a chain being laid, while there is any


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True)
class Job:
    """A chain to lay: from the end of `run` (None: from a spinner laid in the same search) go on with
    `links`, then put the end's marker (if it is open) and keep room for `spares` more tiles."""

    end: str
    run: Run | None
    links: tuple[Link, ...]
    pip: int | None
    spares: int
    double: bool = False  # the double of `pip` is still to come: keep room for it to lie across


@dataclass
class Laid:
    """What a search has laid so far; on success, every job's tiles, markers and runs."""

    tiles: list[TileSpot]
    ends: list[EndSpot]
    held: list[EndSpot]
    runs: dict[str, Run]


def lay(cells: Cells, shapes: Shapes, jobs: list[Job], spinner: Tile | None, clockwise: bool,
        budget: int) -> Laid | None:
    """Every job's tiles and markers first, then their spare room; None if they do not all fit."""
    spinner_id = spinner.id if spinner is not None else -1
    laid = Laid([], [], [], {})
    spawned: dict[str, Tip] = {}
    nodes = 0
    tight = not cells.spaced

    def tick() -> None:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise _OutOfBudget

    def near_root(run: Run) -> bool:
        return not run.links or (run.links[-1].tile is not None and run.links[-1].tile.id == spinner_id)

    def chain(ji: int) -> bool:
        if ji == len(jobs):
            return room(0)
        job = jobs[ji]
        return grow(ji, 0, job.run if job.run is not None else Run(job.end, spawned[job.end]))

    def grow(ji: int, li: int, run: Run) -> bool:
        job = jobs[ji]
        owner = OWNER[job.end]
        tip = run.tip
        near = near_root(run)
        if li == len(job.links):
            laid.runs[job.end] = run
            markers = laid.ends if job.pip is not None else laid.held  # a closed end: room for it
            for rect in shapes.marker_rects(tip.port):
                tick()
                if cells.free(rect, owner, near):
                    cells.mark(rect, owner, marker=True)
                    markers.append(EndSpot(job.end, -1 if job.pip is None else job.pip, *rect))
                    if chain(ji + 1):
                        return True
                    markers.pop()
                    cells.clear(rect, owner)
            return False
        link = job.links[li]
        assert link.tile is not None
        is_spinner = link.tile.id == spinner_id
        for move in shapes.moves(tip.port, link, tip.policy, is_spinner, tight):
            tick()
            if not cells.free(move.rect, owner, near):
                continue
            cells.mark(move.rect, ROOT if is_spinner else owner)
            laid.tiles.append(TileSpot(link.tile, link.arm, link.index, *move.rect, move.vertical,
                                       move.halves, is_spinner))
            if is_spinner:
                spawned.update(spinner_tips(move.rect, clockwise))
            if grow(ji, li + 1, run.then(link, Tip(move.port, tip.policy.after(tip.port.d, move.turn)))):
                return True
            laid.tiles.pop()
            cells.clear(move.rect, ROOT if is_spinner else owner)
        return False

    def room(ji: int) -> bool:
        if ji == len(jobs):
            return True
        job = jobs[ji]
        run = laid.runs[job.end]
        if job.double and not double_fits(job, run.tip, near_root(run)):
            return False
        return spare(ji, job.spares, run.tip, near_root(run))

    def double_fits(job: Job, tip: Tip, near: bool) -> bool:
        """The end's double could lie across its tip with the chain going on past it (and, were it the
        spinner, its N and S arms starting)."""
        owner = OWNER[job.end]
        assert job.pip is not None
        double = Link(None, "", -2, job.pip, job.pip)
        for move in shapes.moves(tip.port, double, tip.policy, spinner is None, tight):
            tick()
            if not cells.free(move.rect, owner, near, spare=True):
                continue
            after = [next(shapes.marker_rects(move.port))]
            if spinner is None:
                arms = spinner_tips(move.rect, clockwise).values()
                after += [next(shapes.marker_rects(t.port)) for t in arms]
            if all(cells.free(rect, owner, True, spare=True) for rect in after):
                return True
        return False

    def spare(ji: int, left: int, tip: Tip, near: bool) -> bool:
        if left == 0:
            return room(ji + 1)
        owner = OWNER[jobs[ji].end]
        for move in shapes.moves(tip.port, SPARE, tip.policy, False, tight):
            tick()
            if not cells.free(move.rect, owner, near, spare=True):
                continue
            taken = cells.reserve(move.rect, owner)
            if spare(ji, left - 1, Tip(move.port, tip.policy.after(tip.port.d, move.turn)), False):
                return True
            cells.release(taken, owner)
        return False

    try:
        return laid if chain(0) else None
    except _OutOfBudget:
        return None
