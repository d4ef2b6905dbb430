"""Speak a real language in a test: the catalogues compiled from the .po sources, as the build does.

The compiled .mo files are not kept in git, so a test compiles the sources once (into a directory of
its own, never into the package) and points allfives.i18n at them for the length of a block.
"""

from __future__ import annotations

import atexit
import functools
import importlib.util
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from allfives import i18n

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "catalogues.py"


@functools.cache
def compiled() -> Path:
    """Every language's catalogue compiled from allfives/locale, once per test run."""
    spec = importlib.util.spec_from_file_location("catalogues", SCRIPT)
    assert spec is not None and spec.loader is not None
    catalogues = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogues)
    from babel.messages.mofile import write_mo

    out = Path(tempfile.mkdtemp(prefix="allfives-locale-"))
    atexit.register(shutil.rmtree, out, True)
    for lang in catalogues.LANGUAGES:
        mo = out / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
        mo.parent.mkdir(parents=True)
        with mo.open("wb") as f:
            write_mo(f, catalogues.catalogue(lang))
    return out


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak `lang` from the freshly compiled catalogues within the block, the language before after."""
    before, where = i18n.language(), i18n.LOCALE_DIR
    i18n.LOCALE_DIR = compiled()
    try:
        assert i18n.use(lang) == lang
        yield
    finally:
        i18n.LOCALE_DIR = where
        i18n.use(before)
