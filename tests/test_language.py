"""Which language the game speaks: --lang, else the saved choice, else the locale, else English; one line
only when --lang asks for one we lack; the choice kept in the preferences."""

from __future__ import annotations

from pathlib import Path

import pytest

from allfives import cli, i18n
from allfives.i18n import choose
from allfives.play.prefs import PrefsStore


@pytest.mark.parametrize(("flag", "saved", "environ", "spoken"), [
    ("nl", "pt", {"LANG": "sl_SI.UTF-8"}, "nl"),  # the flag first
    ("pt_BR", None, {}, "pt"),
    ("EN", "nl", {}, "en"),  # English asked for by name beats a saved Dutch
    (None, "fy", {"LANG": "nl_NL.UTF-8"}, "fy"),  # then the saved choice
    (None, "de", {"LANG": "nl_NL.UTF-8"}, "nl"),  # (a saved value we lack is no choice)
    (None, None, {"LANGUAGE": "de:sl:nl", "LANG": "pt_PT.UTF-8"}, "sl"),  # LANGUAGE's first we have
    (None, None, {"LANGUAGE": "de:fr", "LANG": "pt_PT.UTF-8"}, "pt"),  # none: on to the locale
    (None, None, {"LC_ALL": "nl_NL.UTF-8", "LC_MESSAGES": "pt_PT", "LANG": "sl_SI"}, "nl"),
    (None, None, {"LC_MESSAGES": "pt_PT", "LANG": "sl_SI"}, "pt"),
    (None, None, {"LC_ALL": "C.UTF-8", "LANG": "fy_NL.UTF-8"}, "fy"),  # C/POSIX are passed over
    (None, None, {"LC_ALL": "POSIX"}, "en"),
    (None, None, {"LANG": "de_DE.UTF-8", "LC_MESSAGES": ""}, "en"),  # a locale we lack: English
    (None, None, {"LANG": "nl_BE@euro"}, "nl"),
    (None, None, {}, "en"),
])
def test_the_language_comes_from_the_flag_the_saved_choice_the_locale_or_english(
        flag: str | None, saved: str | None, environ: dict[str, str], spoken: str) -> None:
    assert choose(flag, saved, environ) == (spoken, None)


def test_only_a_flag_naming_a_language_we_lack_earns_a_line() -> None:
    language, notice = choose("de", "nl", {"LANG": "nl_NL.UTF-8"})
    assert language == "en" and notice is not None and "de" in notice and "\n" not in notice
    assert choose(None, None, {"LANG": "de_DE.UTF-8"}) == ("en", None)  # a German desktop: no nagging


def test_lang_is_taken_out_of_any_command_line() -> None:
    assert cli.take_language(["--lang", "nl", "replay", "x.json"]) == ("nl", ["replay", "x.json"])
    assert cli.take_language(["review", "--lang=pt", "--lang", "sl", "f"]) == ("sl", ["review", "f"])
    assert cli.take_language(["replay", "--", "--lang", "nl"]) == (None, ["replay", "--", "--lang", "nl"])
    assert cli.take_language(["--lang"]) == (None, ["--lang"])  # (left for argparse to refuse)


def run(argv: list[str]) -> int:
    """The command's exit status (argparse's --help and errors end by SystemExit, as a command does)."""
    with pytest.raises(SystemExit) as ended:
        cli.main(argv)
    return int(ended.value.code or 0)


def test_help_and_argparse_speak_the_language_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--lang", "nl", "replay", "--help"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("gebruik: allfives replay") and "opties:" in said
    assert "Controleer een spelverslag zet voor zet aan de regels." in said
    assert run(["replay", "--lang", "pt"]) == 2
    assert "erro: estes argumentos são obrigatórios: file" in capsys.readouterr().err


def test_an_unknown_flag_speaks_english_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--lang", "de", "replay", "--help"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("usage: allfives replay") and len(err.splitlines()) == 1 and "de" in err


def test_the_saved_choice_speaks_when_no_flag_is_given(config_dir: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    PrefsStore().update(language="sl")
    assert run(["replay", "--help"]) == 0
    assert capsys.readouterr().out.startswith("uporaba: ")
    assert i18n.language() == "sl"


def test_the_language_is_kept_and_checked_like_every_preference(config_dir: Path) -> None:
    store = PrefsStore()
    assert store.update(language="fy") is None
    assert 'language = "fy"' in store.path.read_text()
    assert PrefsStore().load().prefs.language == "fy"
    store.path.write_text('language = "klingon"\ntheme = "textual-dark"\n')
    outcome = PrefsStore().load()
    assert outcome.prefs.language is None and outcome.prefs.theme == "textual-dark"
    assert outcome.problem is not None and "language" in outcome.problem


def test_reading_the_saved_language_leaves_a_damaged_file_for_the_window_to_report(config_dir: Path) -> None:
    store = PrefsStore()
    store.directory.mkdir(parents=True)
    store.path.write_text("language = [unclosed\n")
    assert store.saved_language() is None
    assert store.path.exists()  # (load() sets it aside, and says so, once the window is up)
    assert store.load().problem is not None


def test_a_record_that_cannot_be_read_is_refused_in_the_players_language(tmp_path: Path) -> None:
    from allfives.engine import RecordError
    from allfives.record_file import read_record_text

    i18n.use("nl")
    with pytest.raises(RecordError, match="geen gewoon bestand \\(een map\\), dus geen spelverslag"):
        read_record_text(tmp_path)
    (tmp_path / "big.json").write_text("x" * 2000)
    with pytest.raises(RecordError, match="2.000 bytes, te groot voor een spelverslag"):  # (a Dutch 2,000)
        read_record_text(tmp_path / "big.json", limit=1000)


@pytest.mark.parametrize("typed", ["\x1b[2J\x1b]0;owned\x07de", "nl\u202eevil", "de\nfake line", "\x9bde"])
def test_a_lang_flag_is_echoed_with_its_escape_codes_written_out(typed: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--lang", typed, "replay", "--help"]) == 0
    err = capsys.readouterr().err
    assert err.endswith("\n") and err[:-1].isprintable(), err  # no escape, bell, RTL override, line break
    assert repr(typed[:20]) in err  # quoted, written out: `'\x1b[2J…'`


@pytest.mark.parametrize(("lang", "signed", "decimal", "share"), [
    ("en", "+12.5", "3.0", "62%"),
    ("nl", "+12,5", "3,0", "62%"),
    ("sl", "+12,5", "3,0", "62%"),  # (Babel's own Slovenian pattern spaces it, "62 %"; ours does not yet)
    ("pt", "+12,5", "3,0", "62%"),
])
def test_signed_numbers_decimals_and_shares_are_written_in_the_languages_way(
        lang: str, signed: str, decimal: str, share: str) -> None:
    i18n.use(lang)
    assert (i18n.signed(12.5), i18n.decimal(3.0), i18n.share(0.62)) == (signed, decimal, share)
    assert i18n.signed(-1234.5, 0).startswith("-") and i18n.decimal(-0.25, 2).startswith("-")
    assert i18n.signed(0.0, 0) == "+0"


def test_english_numbers_are_written_without_babel() -> None:
    """The review's and the reports' numbers in English cost no Babel (its locale data is slow to load)."""
    import subprocess
    import sys

    code = ("import sys\nfrom allfives import i18n\n"
            "print(i18n.signed(-3.25), i18n.decimal(2.0), i18n.share(0.5), 'babel' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["-3.2", "2.0", "50%", "False"]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_help_names_the_join_lines_of_today(lang: str, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """`allfives --help` says how to sit at a table as `allfives join` takes it now: the host's line
    (address, code, pin: join_parser's own names) and a wormhole code for a table anywhere, never split
    at a hyphen however wide the terminal."""
    from allfives.net.anywhere.codes import looks_like_code
    from allfives.net.cli import join_parser

    names = {a.dest: a.metavar for a in join_parser()._actions if a.dest in ("address", "code", "pin")}
    for columns in range(60, 121, 4):
        monkeypatch.setenv("COLUMNS", str(columns))
        assert run(["--lang", lang, "--help"]) == 0
        said = " ".join(capsys.readouterr().out.split())
        assert f"allfives join {names['address']} {names['code']} {names['pin']}" in said
        assert "allfives join 7-guitarist-revenge" in said and looks_like_code("7-guitarist-revenge")
        assert "allfives host --anywhere" in said and "--code C" not in said


def test_help_is_wrapped_between_words_never_at_a_hyphen() -> None:
    formatter = i18n.HelpFormatter("allfives", width=30)
    text = "join with allfives join 7-guitarist-revenge or --bot-delay 0.5 and a\u00a0no-break space"
    lines = formatter._fill_text(text, 30, "  ").splitlines()
    assert "  7-guitarist-revenge or" in lines and all(line.startswith("  ") for line in lines)
    assert " ".join(line.strip() for line in lines) == text  # (the no-break space kept: a line of its own)
    assert formatter._split_lines("a-very-long-flag-name-that-cannot-fit", 10) == [
        "a-very-long-flag-name-that-cannot-fit"]
