"""Compile the message catalogues (allfives/locale) into the .mo files the game reads at run time.

A language's catalogue is its `allfives/locale/<lang>/LC_MESSAGES/allfives.po` together with any parts
kept beside it by area (`allfives/locale/parts/<area>/<lang>.po`); they are read together and written as
one `allfives.mo`. The package build (setup.py) does this too, so an installed game needs no tool at
run time; `python scripts/catalogues.py` does it for a working copy.

The messages are extracted with Babel, by babel.cfg and our keywords (KEYWORDS; tests/test_catalogues.py
checks every catalogue against them):

    pybabel extract -F babel.cfg -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -k npgettext:1c,2,3 \
        --no-location -o /tmp/allfives.pot allfives
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

PACKAGE = Path(__file__).resolve().parent.parent / "allfives"
LOCALE = PACKAGE / "locale"
LANGUAGES = ("nl", "pt", "sl", "fy")
# The functions that mark a message (allfives/i18n.py), as Babel's extractor takes them: the argument
# positions of the message (and its plural), "c" the context's.
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3)}


def extracted(package: Path = PACKAGE) -> dict[str | tuple[str, str], tuple[str, ...]]:
    """Every message the code marks, by its catalogue key (msgid, or (msgid, context)): its English
    forms (one, or singular and plural). Babel's own extractor, as `pybabel extract` runs it."""
    from babel.messages.extract import extract_from_dir

    found: dict[str | tuple[str, str], tuple[str, ...]] = {}
    for _filename, _lineno, message, _comments, context in extract_from_dir(
            package, method_map=[("**.py", "python")], keywords=KEYWORDS):
        forms = message if isinstance(message, tuple) else (message,)
        if not forms[0]:
            continue
        found[(forms[0], context) if context else forms[0]] = forms
    return found


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
        for message in part:  # (a message is its id and its context: "easy" and "easy" as a bot level)
            if message.id and whole.get(message.id, context=message.context) is None:
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
