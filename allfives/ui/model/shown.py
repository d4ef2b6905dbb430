"""Text to show, as runs of plain text each with a look (bold, dim): outside text is never read as markup.

Names, record fields, paths and error messages come from outside: a name such as `[/]` or
`[@click=app.quit]y` would break markup, or act when clicked. So nothing shown is ever parsed:
a `Shown` holds runs of text and their looks, and the widgets build Rich `Text` or Textual `Content`
from the runs as they are (`allfives.ui.widgets.shown`). A plain `str` is plain text. Our own literal
markup stays possible through `styled`, whose template is ours and whose values are only ever text:

    styled("[b]Hand {}[/b] — {} leads", 3, name)

A translated template may put its values in another order by numbering them (`"{1} leads [b]hand {0}[/b]"`);
a template numbers all its places or none.

No Textual here: the table's data (view, turn, review) builds its lines with it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

# The looks a template may give: its tags, and the style each is drawn in (a style Rich and Textual read).
TAGS = {"b": "bold", "dim": "dim"}
_TEMPLATE = re.compile(r"\[(/?)(b|dim)\]|\{(\d*)\}")


def _look(flags: frozenset[str]) -> str:
    return " ".join(TAGS[tag] for tag in TAGS if tag in flags)


@dataclass(frozen=True)
class Shown:
    """Runs of (text, look): `look` is "", "bold", "dim" or "bold dim". Runs are kept merged and never
    empty, so two `Shown` that draw the same compare equal."""

    runs: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        merged: list[tuple[str, str]] = []
        for text, look in self.runs:
            if not text:
                continue
            if merged and merged[-1][1] == look:
                merged[-1] = (merged[-1][0] + text, look)
            else:
                merged.append((text, look))
        if len(merged) != len(self.runs):
            object.__setattr__(self, "runs", tuple(merged))

    @classmethod
    def of(cls, text: Shown | str) -> Shown:
        """A `str` as plain text (never parsed); a `Shown` as it is."""
        return text if isinstance(text, Shown) else cls(((str(text), ""),))

    @property
    def plain(self) -> str:
        """The text as it reads, without its looks."""
        return "".join(text for text, _ in self.runs)

    def __str__(self) -> str:
        return self.plain

    def __bool__(self) -> bool:
        return bool(self.runs)

    def __add__(self, other: Shown | str) -> Shown:
        return Shown(self.runs + Shown.of(other).runs)

    def __radd__(self, other: str) -> Shown:
        return Shown(Shown.of(other).runs + self.runs)

    def join(self, parts: Sequence[Shown | str]) -> Shown:
        """The parts with this between each, as `str.join`."""
        runs: list[tuple[str, str]] = []
        for n, part in enumerate(parts):
            if n:
                runs.extend(self.runs)
            runs.extend(Shown.of(part).runs)
        return Shown(tuple(runs))


Piece = tuple[str | int, frozenset[str]]  # a literal run or the index of a value; the tags open there


@lru_cache(maxsize=512)
def _pieces(template: str) -> tuple[Piece, ...]:
    """A template read once: its literal runs and value places, each with the tags open there."""
    pieces: list[Piece] = []
    open_tags: list[str] = []
    at = 0
    numbered: set[bool] = set()
    for match in _TEMPLATE.finditer(template):
        if match.start() > at:
            pieces.append((template[at:match.start()], frozenset(open_tags)))
        at = match.end()
        closing, tag, number = match.groups()
        if tag is None:
            numbered.add(bool(number))
            index = int(number) if number else sum(isinstance(text, int) for text, _ in pieces)
            pieces.append((index, frozenset(open_tags)))
        elif not closing:
            open_tags.append(tag)
        elif tag in open_tags:
            open_tags.remove(tag)
        else:
            raise ValueError(f"[/{tag}] closes nothing in the template {template!r}")
    if at < len(template):
        pieces.append((template[at:], frozenset(open_tags)))
    if open_tags:
        raise ValueError(f"[{open_tags[-1]}] is never closed in the template {template!r}")
    if len(numbered) > 1:
        raise ValueError(f"the template {template!r} numbers some of its places and not others")
    return tuple(pieces)


def styled(template: str, *values: object) -> Shown:
    """Our own markup — `[b]…[/b]`, `[dim]…[/dim]` and `{}` for each value — with the values as text.

    The template must be a literal of ours (never an f-string holding outside text); each value is
    shown exactly as `str()` gives it (a `Shown` value keeps its own looks, inside the template's).
    """
    pieces = _pieces(template)
    places = {text for text, _ in pieces if isinstance(text, int)}
    if places != set(range(len(values))):
        raise ValueError(f"the template {template!r} has {len(places)} places for {len(values)} values")
    runs: list[tuple[str, str]] = []
    for text, tags in pieces:
        if isinstance(text, str):
            runs.append((text, _look(tags)))
            continue
        value = values[text]
        if isinstance(value, Shown):
            runs.extend((part, _look(tags | {t for t, s in TAGS.items() if s in look.split()}))
                        for part, look in value.runs)
        else:
            runs.append((str(value), _look(tags)))
    return Shown(tuple(runs))


def plain(text: Shown | str) -> str:
    """What a line reads, whichever it is."""
    return text.plain if isinstance(text, Shown) else text
