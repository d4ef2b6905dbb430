"""Every catalogue against the code: each message the code marks is translated in every language, with
the English's placeholders and tags, its plural forms as the language counts, and nothing stale."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo

from allfives import i18n
from scripts import catalogues

LANGUAGES = catalogues.LANGUAGES
NPLURALS = {"nl": 2, "pt": 2, "fy": 2, "sl": 4}
NAMED = re.compile(r"(?<!\{)\{([a-z_][a-z0-9_]*)\}")  # {points}
PLACE = re.compile(r"(?<!\{)\{(\d*)\}")  # {} or {0}: a styled template's places
PERCENT = re.compile(r"%(?:\(([a-z_]+)\))?[sdr]")  # argparse's own: %(prog)s, %s
TAG = re.compile(r"\[/?(?:b|i|u|dim)?\]")  # our markup in styled templates: [b]…[/b], [dim]…[/]


@pytest.fixture(scope="module")
def code() -> dict[str | tuple[str, str], tuple[str, ...]]:
    return catalogues.extracted()


@pytest.fixture(scope="module", params=LANGUAGES)
def catalogue(request: pytest.FixtureRequest):  # noqa: ANN201 (Babel's Catalog)
    return request.param, catalogues.catalogue(request.param)


def shape(text: str) -> tuple[object, ...]:
    """What a translation must keep of its English: named placeholders, how many places, %-ones, tags."""
    return (sorted(NAMED.findall(text)), len(PLACE.findall(text)), sorted(PERCENT.findall(text)),
            sorted(TAG.findall(text)))


def key(message) -> str | tuple[str, str]:  # noqa: ANN001
    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
    return (msgid, message.context) if message.context else msgid


def test_every_message_is_translated_with_the_english_placeholders(code, catalogue) -> None:  # noqa: ANN001
    lang, whole = catalogue
    missing, fuzzy, unlike = [], [], []
    for wanted, forms in code.items():
        msgid, context = (wanted, None) if isinstance(wanted, str) else wanted
        message = whole.get(msgid, context=context)
        strings = () if message is None else (message.string if isinstance(message.string, tuple)
                                              else (message.string,))
        if message is None or not all(strings):
            missing.append(wanted)
            continue
        if message.fuzzy:
            fuzzy.append(wanted)
        if len(forms) > 1 and len(strings) != NPLURALS[lang]:
            unlike.append((wanted, f"{len(strings)} forms"))
        for string in strings:  # (every form has the plural's placeholders, which the singular's match)
            if shape(string) != shape(forms[-1]):
                unlike.append((wanted, string))
    assert not missing, f"{lang}: not translated: {missing}"
    assert not fuzzy, f"{lang}: fuzzy: {fuzzy}"
    assert not unlike, f"{lang}: not the English placeholders or tags: {unlike}"


def test_no_catalogue_keeps_a_message_the_code_no_longer_has(code, catalogue) -> None:  # noqa: ANN001
    lang, whole = catalogue
    stale = [key(m) for m in whole if m.id and key(m) not in code]
    assert not stale, f"{lang}: stale: {stale}"


def test_the_header_counts_as_the_language_does(catalogue) -> None:  # noqa: ANN001
    lang, whole = catalogue
    assert whole.num_plurals == NPLURALS[lang]
    for path in catalogues.sources(lang):
        text = path.read_text(encoding="utf-8")
        assert f"Language: {lang}\\n" in text and "Plural-Forms: nplurals=" in text, path


def test_slovenian_counts_in_four_forms(tmp_path: Path) -> None:
    whole = catalogues.catalogue("sl")
    out = tmp_path / "sl" / "LC_MESSAGES" / "allfives.mo"
    out.parent.mkdir(parents=True)
    with out.open("wb") as f:
        write_mo(f, whole)
    sl = gettext.translation(i18n.DOMAIN, tmp_path, languages=["sl"])
    forms = whole.get("{n} tile").string
    for n, form in {1: 0, 101: 0, 2: 1, 102: 1, 3: 2, 4: 2, 5: 3, 0: 3, 11: 3}.items():
        assert sl.ngettext("{n} tile", "{n} tiles", n) == forms[form], n


def test_the_extraction_finds_every_kind_of_mark(code) -> None:  # noqa: ANN001
    assert "Language" in code  # _()
    assert "Language…" in code  # N_()
    assert code["{n} tile"] == ("{n} tile", "{n} tiles")  # ngettext
    assert ("E", "end letter") in code  # pgettext
    assert "usage: " in code  # argparse's own words, marked in allfives.cli


def test_parts_are_read_together_a_message_by_its_id_and_context(tmp_path: Path) -> None:
    header = ('msgid ""\nmsgstr ""\n"Language: nl\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
              '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')
    for area, body in {"a": 'msgid "easy"\nmsgstr "makkelijk"\n',
                       "b": 'msgctxt "bot level"\nmsgid "easy"\nmsgstr "makkelijke"\n\n'
                            'msgid "easy"\nmsgstr "eenvoudig"\n'}.items():
        (tmp_path / "parts" / area).mkdir(parents=True)
        (tmp_path / "parts" / area / "nl.po").write_text(header + body, encoding="utf-8")
    whole = catalogues.catalogue("nl", tmp_path)
    assert whole.get("easy").string == "makkelijk"  # the first part's wins
    assert whole.get("easy", context="bot level").string == "makkelijke"  # another message


def test_no_message_is_in_two_of_a_languages_sources(catalogue) -> None:  # noqa: ANN001
    """One file per language, so a translator's tool sees each message once: a part added beside it may
    only bring new messages (`python scripts/catalogues.py --fold` folds it in)."""
    lang, _whole = catalogue
    twice = {key: [str(path.relative_to(catalogues.LOCALE)) for path, _m in found]
             for key, found in catalogues.twice(lang).items()}
    assert not twice, f"{lang}: in more than one source (fold them): {twice}"


HEADER = ('msgid ""\nmsgstr ""\n"Language: nl\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
          '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')


def write_po(path: Path, body: str, comment: str = "") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(comment + HEADER + body, encoding="utf-8")


def test_fold_refuses_a_message_translated_twice_differently_and_writes_nothing(tmp_path: Path) -> None:
    main = catalogues.main_file("nl", tmp_path)
    write_po(main, 'msgid "Start"\nmsgstr "Start"\n')
    write_po(tmp_path / "parts" / "net" / "nl.po",
             'msgid "Start"\nmsgstr "Beginnen"\n\nmsgid "Kick"\nmsgstr "Wegsturen"\n')
    before = {path: path.read_bytes() for path in tmp_path.rglob("*.po")}
    problems = catalogues.fold(tmp_path)
    assert len(problems) == 1 and "parts/net" in problems[0]
    assert "'Start'" in problems[0] and "'Beginnen'" in problems[0]
    assert {path: path.read_bytes() for path in tmp_path.rglob("*.po")} == before  # nothing picked or moved


def test_fold_brings_every_part_into_the_main_file_and_removes_the_parts(tmp_path: Path) -> None:
    main = catalogues.main_file("nl", tmp_path)
    write_po(main, '#. a note kept\nmsgid "Start"\nmsgstr "Start"\n', comment="# Dutch words of allfives.\n")
    write_po(tmp_path / "parts" / "net" / "nl.po",
             'msgid "Start"\nmsgstr "Start"\n\nmsgctxt "bot level"\nmsgid "easy"\nmsgstr "makkelijk"\n\n'
             'msgid "{n} tile"\nmsgid_plural "{n} tiles"\nmsgstr[0] "{n} steen"\nmsgstr[1] "{n} stenen"\n')
    write_po(tmp_path / "parts" / "ends" / "nl.po", 'msgid "Kick"\nmsgstr "Wegsturen"\n')
    whole = catalogues.catalogue("nl", tmp_path)
    assert catalogues.fold(tmp_path) == []
    assert catalogues.sources("nl", tmp_path) == [main] and not (tmp_path / "parts").exists()
    text = main.read_text(encoding="utf-8")
    assert text.startswith("# Dutch words of allfives.\nmsgid \"\"") and "a note kept" in text
    assert text.count('msgid "Start"') == 1
    folded = catalogues.catalogue("nl", tmp_path)
    assert [(m.id, m.context, m.string) for m in folded] == [(m.id, m.context, m.string) for m in whole]
    assert [m.id for m in folded if m.id] == ["Start", "Kick", "easy", ("{n} tile", "{n} tiles")]  # by area
    assert catalogues.fold(tmp_path) == [] and main.read_text(encoding="utf-8") == text  # nothing more to do
