"""Compile the message catalogues (allfives/locale) into the .mo files the game reads at run time.

A language's catalogue is its `allfives/locale/<lang>/LC_MESSAGES/allfives.po` together with any parts
kept beside it by area (`allfives/locale/parts/<area>/<lang>.po`); they are read together and written as
one `allfives.mo`. The package build does this too, so an installed game needs no tool at run time.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parent.parent / "allfives" / "locale"
LANGUAGES = ("nl", "pt", "sl", "fy")


def sources(lang: str, locale: Path = LOCALE) -> list[Path]:
    """The .po files that make up `lang`'s catalogue: the main one first, then the parts by area."""
    main = locale / lang / "LC_MESSAGES" / "allfives.po"
    return ([main] if main.exists() else []) + sorted(locale.glob(f"parts/*/{lang}.po"))


def catalogue(lang: str, locale: Path = LOCALE) -> Catalog:
    """`lang`'s whole catalogue, read from all its sources (the first translation of a message wins)."""
    whole: Catalog | None = None
    for path in sources(lang, locale):
        with path.open("rb") as f:
            part = read_po(f, locale=lang)
        if whole is None:
            whole = part
            continue
        for message in part:
            if message.id and message.id not in whole:
                whole[message.id] = message
    return whole if whole is not None else Catalog(locale=lang)


def compile_all(locale: Path = LOCALE) -> list[Path]:
    """Write each language's .mo; the paths written."""
    written = []
    for lang in LANGUAGES:
        if not sources(lang, locale):
            continue
        out = locale / lang / "LC_MESSAGES" / "allfives.mo"
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("wb") as f:
            write_mo(f, catalogue(lang, locale))
        written.append(out)
    return written


if __name__ == "__main__":
    for path in compile_all():
        print(path.relative_to(LOCALE.parent.parent))
    sys.exit(0)
