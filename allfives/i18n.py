"""The words a person reads, in their own language: gettext catalogues compiled into the package.

Every string a person can see goes through one of these, at the moment it is shown:

    _("Your turn")                                    # a sentence
    ngettext("{n} tile", "{n} tiles", n).format(n=n)  # a count (Slovenian has four forms)
    pgettext("end", "West")                           # the same English word meaning another thing
    N_("Draw")                                        # a constant: marked here, translated where shown

Never translate at import time (a module constant is made before the language is chosen): mark
constants with `N_` and pass them through `_` where they are drawn. Placeholders are named
(`{points}`), never pieced together from translated halves, so a language may reorder a sentence.
Game records keep RECORD.md's W/E/N/S whatever the language: only what is shown changes.
"""

from __future__ import annotations

import argparse
import gettext as _gettext
import re
from collections.abc import Mapping
from datetime import date as _date
from pathlib import Path
from typing import Any

DOMAIN = "allfives"
LOCALE_DIR = Path(__file__).parent / "locale"
ENGLISH = "en"
LANGUAGES = ("en", "nl", "pt", "sl", "fy")  # English as written in the code, and the four catalogues
# A pseudo-language for tests: every translated string comes back wrapped in these marks, so text on a
# screen that has none of them was never translated.
PSEUDO = "x-pseudo"
MARK_OPEN, MARK_CLOSE = "⟦", "⟧"
ENDS = ("W", "E", "N", "S")  # RECORD.md's ends, as the engine and the records name them


class _Pseudo(_gettext.NullTranslations):
    """Marks every string it is asked for, so a test can see which visible text was never translated."""

    def gettext(self, message: str) -> str:
        return f"{MARK_OPEN}{message}{MARK_CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language = ENGLISH


def use(language: str) -> str:
    """Speak `language` from now on ("nl", "pt_BR" -> "pt"); English if there is no catalogue for it.

    Returns the language now spoken, so a caller can say when the one asked for was not there.
    """
    global _translation, _language
    code = known(language)
    if code == PSEUDO:
        _translation, _language = _Pseudo(), PSEUDO
        return _language
    if code is None or code == ENGLISH:
        _translation, _language = _gettext.NullTranslations(), ENGLISH
        return _language
    try:
        _translation = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    except OSError:  # no compiled catalogue (yet): English, as written
        _translation, _language = _gettext.NullTranslations(), ENGLISH
        return _language
    _language = code
    return _language


def known(code: str | None) -> str | None:
    """The language of ours a code names ("nl_NL.UTF-8" -> "nl", "x-pseudo"), or None for one we do not
    speak (or "C"/"POSIX"/"" which name none)."""
    if not code:
        return None
    bare = code.strip().replace("-", "_").split(".")[0].split("@")[0]
    if bare == PSEUDO.replace("-", "_"):
        return PSEUDO
    lang = bare.split("_")[0].lower()
    return lang if lang in LANGUAGES else None


LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # after LANGUAGE, in the order gettext reads them


def choose(flag: str | None, saved: str | None, environ: Mapping[str, str]) -> tuple[str, str | None]:
    """The language to speak, and a line to tell the player (None: nothing to say).

    `--lang` first, then the player's saved choice, then the locale: LANGUAGE's first language we have
    (a colon list), else the first of LC_ALL, LC_MESSAGES, LANG that is set and not C/POSIX; else
    English. Only `--lang` asked for by name earns a line when we lack it: a German desktop's
    LANG=de_DE gets English without a word at every launch (there is nothing the player can do).
    """
    if flag is not None:
        lang = known(flag)
        if lang is not None:
            return lang, None
        return ENGLISH, _("allfives speaks no {language} yet: English it is (--lang {choices}).").format(
            language=_quoted(flag.strip()[:20]), choices="|".join(LANGUAGES))
    lang = known(saved)
    if lang is not None and lang != PSEUDO:
        return lang, None
    for code in environ.get("LANGUAGE", "").split(":"):
        if (lang := known(code)) is not None and lang != PSEUDO:
            return lang, None
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if value and value.split(".")[0] not in ("C", "POSIX"):
            lang = known(value)
            return (lang if lang is not None and lang != PSEUDO else ENGLISH), None
    return ENGLISH, None


def _quoted(typed: str) -> str:
    """A code as typed, for a line on a terminal: as it is if every character is printable, else quoted
    with its escape codes, controls and invisible characters written out (`'\\x1b[2Jnl'`), so what a
    person typed can never steer the terminal it is shown on; `""` for nothing."""
    if not typed:
        return '""'
    return typed if typed.isprintable() else repr(typed)


def add_language_flag(parser: Any) -> None:
    """`--lang CODE` in an argparse command's --help; allfives.cli has already taken it from the command
    line and chosen the language by then, so the command itself never reads it."""
    parser.add_argument("--lang", metavar="CODE",
                        help=_("the language to speak: {choices} (default: your last choice, else the "
                               "locale)").format(choices=", ".join(LANGUAGES)))


def _folded(text: str) -> str:
    """Runs of ASCII white space as one space, as argparse folds them (a no-break space stays)."""
    return re.sub(r"\s+", " ", text, flags=re.ASCII).strip()


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help wrapped between words only: what a person types as read (`7-guitarist-revenge`,
    `--bot-delay`, a pin) is never split at a hyphen or cut in two at the end of a line."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        return textwrap.wrap(_folded(text), width, break_on_hyphens=False, break_long_words=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        import textwrap

        return textwrap.fill(_folded(text), width, initial_indent=indent, subsequent_indent=indent,
                             break_on_hyphens=False, break_long_words=False)


def language() -> str:
    """The language spoken now: one of LANGUAGES, or PSEUDO."""
    return _language


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _translation.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks a constant for the catalogue without translating it: `_` translates it where it is shown."""
    return message


def end_letter(end: str) -> str:
    """The letter this language gives an end ("W" in English, "O" for East in Dutch): board, keys, log."""
    return {"W": pgettext("end letter", "W"), "E": pgettext("end letter", "E"),
            "N": pgettext("end letter", "N"), "S": pgettext("end letter", "S")}[end]


def end_name(end: str) -> str:
    """The end's name in this language ("West")."""
    return {"W": pgettext("end", "West"), "E": pgettext("end", "East"),
            "N": pgettext("end", "North"), "S": pgettext("end", "South")}[end]


def end_for_letter(letter: str) -> str | None:
    """The end (W/E/N/S) this language's letter names, any case; None for a letter that names none."""
    wanted = letter.strip().casefold()
    for end in ENDS:
        if end_letter(end).strip(MARK_OPEN + MARK_CLOSE).casefold() == wanted:
            return end
    return None


def _locale() -> str:
    return ENGLISH if _language == PSEUDO else _language


def number(value: float, digits: int = 0) -> str:
    """A number as this language writes it: `12.5` in English, `12,5` in Dutch (Babel's locale data)."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=pattern, locale=_locale())


def percent(fraction: float, digits: int = 0) -> str:
    """A share as a percentage in this language's way: `62%`, `62 %` in Slovenian."""
    from babel.numbers import format_percent

    pattern = "#,##0" + ("." + "0" * digits if digits else "") + "%"
    return format_percent(fraction, format=pattern, locale=_locale())


def signed(value: float, digits: int = 1) -> str:
    """`+12.5`, `-3.0`: a signed number in this language's way (`+12,5` in Dutch). English (and the
    pseudo-language) needs no Babel for it."""
    text = f"{value:+.{digits}f}"
    if _language in (ENGLISH, PSEUDO):
        return text
    return text[0] + number(float(text[1:]), digits)


def decimal(value: float, digits: int = 1) -> str:
    """`3.5` as this language writes it (`3,5`)."""
    return signed(value, digits)[1:] if value >= 0 else signed(value, digits)


def share(fraction: float) -> str:
    """`62%` as this language writes it (`62 %` in Slovenian); English needs no Babel for it."""
    if _language in (ENGLISH, PSEUDO):
        return f"{100 * fraction:.0f}%"
    return percent(fraction)


def date(day: _date) -> str:
    """A date as this language writes it, short but unambiguous (`2 Dec 2026`, `2 dec 2026`)."""
    from babel.dates import format_date

    return format_date(day, format="medium", locale=_locale())
