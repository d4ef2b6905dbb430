"""A board grown by a play: the new tiles laid on the picture before, moving as little as can be."""

from __future__ import annotations

from allfives.engine import Layout
from allfives.engine.models import ENDS

from .cells import OWNER, ROOT, Cells
from .chains import Link, Run, double_to_come
from .picture import LARGE, BoardPicture, in_end_order, in_table_order
from .search import ROOM, Job, lay
from .shapes import Shapes


def _placed(layout: Layout) -> dict[tuple[str, int], int]:
    """Tile id by (arm, index) for every tile on the table."""
    assert layout.lead is not None
    placed = {("lead", -1): layout.lead.id}
    for arm, tiles in layout.arms.items():
        for i, p in enumerate(tiles):
            placed[(arm, i)] = p.tile.id
    return placed


def new_links(picture: BoardPicture, layout: Layout) -> dict[str, tuple[Link, ...]] | None:
    """The tiles `layout` has beyond the picture's, by arm; None if it is not the picture's layout grown."""
    placed = _placed(layout)
    drawn = {t.key: t.tile.id for t in picture.tiles}
    if any(placed.get(key) != tile for key, tile in drawn.items()):
        return None
    new: dict[str, tuple[Link, ...]] = {}
    for arm, tiles in layout.arms.items():
        links = tuple(Link(p.tile, arm, i, p.inner, p.outer) for i, p in enumerate(tiles)
                      if (arm, i) not in drawn)
        if links:
            new[arm] = links
    return new


_Try = tuple[dict[str, int], int, bool, bool, bool]  # chains laid again, spares, doubles, markers, spaced


def grown_picture(previous: BoardPicture, layout: Layout,
                  new: dict[str, tuple[Link, ...]]) -> BoardPicture | None:
    """The new tiles laid on, moving as little as can be; None if only a fresh board will do."""
    runs = {run.end: run for run in previous.runs}
    if any(end not in runs for end in new):
        return None
    # Each group of tries runs from the most wished for (room to grow, room for a double still to come,
    # markers left alone, a blank cell between chains) to the least; the least goes first, to see
    # whether the group can work at all.
    groups: list[list[_Try]] = [[({}, spares, doubles, markers, spaced)  # the new tile only
                                 for doubles in (True, False) for spares in range(ROOM, -1, -1)
                                 for markers in (False, True) for spaced in (True, False)]]
    # the spinner that cannot go on where its chain ends gathers the board round it afresh: squeezed in
    # elsewhere, its arms would soon run out of room
    if not (layout.spinner is not None
            and any(link.tile == layout.spinner for links in new.values() for link in links)):
        if len(new) == 1:  # then the last tiles of its chain, as few as will do
            (end,) = new
            # (boxed tiles only if that leaves room to grow: else compact ones will hold still better)
            for kept in reversed(range(len(runs[end].links))):
                groups.append([({end: kept}, spares, spares > 0, True, spaced)
                               for spares in ((ROOM,) if previous.glyphs is LARGE else (ROOM, 0))
                               for spaced in (True, False)])
        # then every chain around the root where it stands, if that leaves them room to grow
        groups.append([({end: 0 for end in runs}, ROOM, True, True, spaced) for spaced in (True, False)])
    for group in groups:
        loosest = _regrow(previous, layout, runs, new, *group[-1])
        if loosest is None:
            continue
        for wish in group[:-1]:
            picture = _regrow(previous, layout, runs, new, *wish)
            if picture is not None:
                return picture
        return loosest
    return None


def _regrow(previous: BoardPicture, layout: Layout, runs: dict[str, Run], new: dict[str, tuple[Link, ...]],
            kept: dict[str, int], spares: int, doubles: bool, markers: bool,
            spaced: bool) -> BoardPicture | None:
    """One try: each chain in `kept` laid again after its first `kept[end]` tiles, the new tiles added
    at their chains' tips, everything else where it was (markers too, unless `markers`)."""
    spinner = layout.spinner
    spinner_id = spinner.id if spinner is not None else -1
    relaid: dict[str, int | None] = dict(kept)
    for end in new:
        relaid.setdefault(end, len(runs[end].links))

    def to_lay(end: str) -> tuple[Link, ...]:
        start = relaid[end] or 0
        return (runs[end].links[start:] if end in runs else ()) + new.get(end, ())

    if any(link.tile is not None and link.tile.id == spinner_id
           for end in list(relaid) for link in to_lay(end)):
        relaid["N"] = relaid["S"] = None  # a spinner laid now takes its N and S arms with it
    old_ends = {e.end: e for e in previous.ends}
    jobs: list[Job] = []
    for end in ENDS:
        pip = layout.open_ends.get(end)
        if end in relaid:
            count = relaid[end]
            run = None if count is None else runs[end].upto(count)
            jobs.append(Job(end, run, to_lay(end), pip, spares, doubles and double_to_come(layout, pip)))
        elif end in runs and pip is not None and (markers or end not in old_ends or old_ends[end].pip != pip):
            jobs.append(Job(end, runs[end], (), pip, 0))
    jobs.sort(key=lambda job: (job.run is None, len(job.links)))
    moving = {(link.arm, link.index) for job in jobs for link in job.links}
    owner = {(link.arm, link.index): ROOT if link.tile is not None and link.tile.id == spinner_id
             else OWNER[run.end] for run in previous.runs for link in run.links}
    cells = Cells(previous.width, previous.height, spaced)
    fixed = [t for t in previous.tiles if t.key not in moving]
    for spot in fixed:
        cells.mark(spot.rect, owner.get(spot.key, ROOT))
    working = {job.end for job in jobs}
    fixed_ends = [e for e in previous.ends if e.end not in working]
    fixed_held = [e for e in previous.held if e.end not in working]
    for marker in fixed_ends + fixed_held:
        cells.mark(marker.rect, OWNER[marker.end], marker=True)
    laid = lay(cells, Shapes(previous.glyphs), jobs, spinner, previous.clockwise, 400)
    if laid is None:
        return None
    runs_now = {**runs, **laid.runs}
    return BoardPicture(in_table_order(fixed + laid.tiles), in_end_order(fixed_ends + laid.ends),
                        previous.width, previous.height, True, previous.glyphs,
                        tuple(runs_now[end] for end in "WENS" if end in runs_now),
                        in_end_order(fixed_held + laid.held), previous.clockwise, previous)


def known_picture(picture: BoardPicture, layout: Layout) -> BoardPicture | None:
    """The picture of exactly this layout among `picture` and those it grew from (a play taken back)."""
    placed = _placed(layout)
    seen: BoardPicture | None = picture
    while seen is not None:
        if len(seen.tiles) == len(placed) and all(placed.get(t.key) == t.tile.id for t in seen.tiles):
            return seen
        seen = seen.before
    return None
