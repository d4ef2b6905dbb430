"""What the pseudo-language shows up: visible text that never went through the catalogue.

Under `allfives.i18n.PSEUDO` every translated string is drawn inside ⟦…⟧; `unmarked(text)` lists the
words a screen shows outside those marks. Numbers, tiles, box drawing and punctuation are not words; the
names and other outside data a test put on the table are passed as `data` and ignored.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from allfives import i18n

_MARKED = re.compile(re.escape(i18n.MARK_OPEN) + r"[^" + re.escape(i18n.MARK_OPEN + i18n.MARK_CLOSE) + r"]*"
                     + re.escape(i18n.MARK_CLOSE), re.S)  # an innermost mark: translations nest
_WORD = re.compile(r"[^\W\d_]{2,}")  # two letters or more: a lone letter is a key, an end or a mark


def unmarked(text: str, data: Iterable[str] = ()) -> list[str]:
    """The words of `text` that are outside every ⟦…⟧ mark and are not in `data`.

    A translated string may wrap over lines on the screen, so a mark may open on one line and close on
    a later one: the whole text is read at once. Marks nest (a translated end letter in a translated
    sentence), so they are taken out from the innermost.
    """
    rest, before = text, None
    while rest != before:  # innermost first: an end letter inside a sentence is "⟦… ⟦W⟧ …⟧"
        rest, before = _MARKED.sub(" ", rest), rest
    for given in sorted(data, key=len, reverse=True):
        rest = rest.replace(given, " ")
    return _WORD.findall(rest)




@contextmanager
def pseudo_language() -> Iterator[None]:
    """Speak the pseudo-language within the block, English after."""
    before = i18n.language()
    i18n.use(i18n.PSEUDO)
    try:
        yield
    finally:
        i18n.use(before)
