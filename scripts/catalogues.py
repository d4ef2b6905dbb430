"""Compile the message catalogues (allfives/locale) into the .mo files the game reads at run time.

A language's catalogue is one file, `allfives/locale/<lang>/LC_MESSAGES/allfives.po`, where a translator's
tool sees each message once. Work in progress may add parts beside it by area
(`allfives/locale/parts/<area>/<lang>.po`): they are read together with it (the main file first) and
written as one `allfives.mo`, and `python scripts/catalogues.py --fold` folds them into the main files
(it refuses, naming each, while a message is translated twice with different words: choose one, then
fold again). tests/test_catalogues.py checks that no message is in two of a language's sources.
The package build (setup.py) compiles too, so an installed game needs no tool at run time;
`python scripts/catalogues.py` does it for a working copy.

The messages are extracted with Babel, by babel.cfg and our keywords (KEYWORDS; tests/test_catalogues.py
checks every catalogue against them):

    pybabel extract -F babel.cfg -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -k npgettext:1c,2,3 \
        --no-location -o /tmp/allfives.pot allfives
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

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


def main_file(lang: str, locale: Path = LOCALE) -> Path:
    """`lang`'s one catalogue file."""
    return locale / lang / "LC_MESSAGES" / "allfives.po"


def sources(lang: str, locale: Path = LOCALE) -> list[Path]:
    """The .po files that make up `lang`'s catalogue: the main one first, then any parts by area."""
    main = main_file(lang, locale)
    return ([main] if main.exists() else []) + sorted(locale.glob(f"parts/*/{lang}.po"))


Key = tuple[str, str | None]  # a message is its id and its context: "easy", and "easy" as a bot level


def _read(path: Path, lang: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def _key(message: Message) -> Key:
    return (message.id[0] if isinstance(message.id, tuple) else message.id), message.context


def twice(lang: str, locale: Path = LOCALE) -> dict[Key, list[tuple[Path, Message]]]:
    """Each message that more than one of `lang`'s sources holds, with every source and its entry."""
    seen: dict[Key, list[tuple[Path, Message]]] = {}
    for path in sources(lang, locale):
        for message in _read(path, lang):
            if message.id:
                seen.setdefault(_key(message), []).append((path, message))
    return {key: found for key, found in seen.items() if len(found) > 1}


def catalogue(lang: str, locale: Path = LOCALE) -> Catalog:
    """`lang`'s whole catalogue, read from all its sources (the first translation of a message wins)."""
    whole: Catalog | None = None
    for path in sources(lang, locale):
        part = _read(path, lang)
        if whole is None:
            whole = part
            continue
        for message in part:
            if message.id and whole.get(message.id, context=message.context) is None:
                whole[message.id] = message
    return whole if whole is not None else Catalog(locale=lang)


LANGUAGE_NAMES = {"nl": "Dutch", "pt": "Portuguese", "sl": "Slovenian", "fy": "West Frisian"}
WIDTH = 110  # where a long message's lines are wrapped in a .po file, as the code's are


def unlike(lang: str, locale: Path = LOCALE) -> list[str]:
    """The messages `lang`'s sources translate twice with different words (or forms), one line each
    naming every source and its words: a person must choose between them, never a script."""
    lines = []
    for (msgid, context), found in twice(lang, locale).items():
        said = {(message.id, message.string) for _path, message in found}
        if len(said) > 1:
            where = "; ".join(f"{path.relative_to(locale)}: {message.string!r}" for path, message in found)
            lines.append(f"{lang}: {msgid!r}{f' ({context})' if context else ''} is translated differently: "
                         f"{where}")
    return lines


def fold(locale: Path = LOCALE) -> list[str]:
    """Fold every part into its language's main file (messages already there stay where they are, new
    ones follow in the parts' order) and remove the parts; nothing is written, and the messages are
    returned, while any language translates a message twice with different words."""
    problems = [line for lang in LANGUAGES for line in unlike(lang, locale)]
    if problems:
        return problems
    for lang in LANGUAGES:
        paths = sources(lang, locale)
        main = main_file(lang, locale)
        parts = [path for path in paths if path != main]
        if not parts:
            continue
        head = _header(paths[0], lang)
        whole = catalogue(lang, locale)
        body = io.BytesIO()
        write_po(body, whole, width=WIDTH, omit_header=True)
        main.parent.mkdir(parents=True, exist_ok=True)
        main.write_text(head + "\n" + body.getvalue().decode("utf-8").lstrip("\n"), encoding="utf-8")
        for part in parts:
            part.unlink()
    for folder in sorted(locale.glob("parts/*")):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    if (locale / "parts").is_dir() and not any((locale / "parts").iterdir()):
        (locale / "parts").rmdir()
    return []


def _header(first: Path, lang: str) -> str:
    """The main file's opening: its own comment and header entry, or (folded from parts alone) a comment
    of ours and the first part's header entry."""
    text = first.read_text(encoding="utf-8")
    block = text[:text.index("\n\n")] if "\n\n" in text else text.rstrip("\n")
    if first.name == "allfives.po":
        return block + "\n"
    entry = "\n".join(line for line in block.splitlines() if not line.startswith("#"))
    language = LANGUAGE_NAMES.get(lang, lang)
    return (f"# {language} words of allfives: every message the game shows, each once.\n"
            "# scripts/catalogues.py compiles it (and folds any parts under locale/parts into it).\n"
            + entry + "\n")


def compile_all(locale: Path = LOCALE) -> list[Path]:
    """Write each language's .mo; the paths written."""
    written = []
    for lang in LANGUAGES:
        if not sources(lang, locale):
            continue
        out = locale / lang / "LC_MESSAGES" / "allfives.mo"
        out.parent.mkdir(parents=True, exist_ok=True)
        body = io.BytesIO()
        write_mo(body, catalogue(lang, locale))
        # written whole, then put in place: a game (or a test run beside this one) reading the catalogue
        # meanwhile reads the old one or the new one, never half of one
        part = out.with_name(f".{out.name}.{os.getpid()}")
        part.write_bytes(body.getvalue())
        os.replace(part, out)
        written.append(out)
    return written


if __name__ == "__main__":
    if sys.argv[1:] == ["--fold"]:
        parts = sorted(LOCALE.glob("parts/*/*.po"))
        if problems := fold():
            print("\n".join(problems), file=sys.stderr)
            print(f"nothing folded: {len(problems)} messages are translated twice with different words; "
                  "choose one of each and fold again", file=sys.stderr)
            sys.exit(1)
        print(f"folded {len(parts)} parts into allfives/locale/<lang>/LC_MESSAGES/allfives.po" if parts
              else "no parts to fold")
    elif sys.argv[1:]:
        sys.exit("usage: python scripts/catalogues.py [--fold]")
    for path in compile_all():
        print(path.relative_to(LOCALE.parent.parent))
    sys.exit(0)
