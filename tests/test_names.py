"""The one name rule (`allfives.names`): what it keeps, folds and refuses, and terminal-safe text."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from allfives.names import NAME_LENGTH, player_name, visible
from tests.hostile import HOSTILE_NAMES, REFUSED_NAMES


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_every_name_of_the_corpus_is_kept_as_it_is(name: str) -> None:
    assert player_name(name) == name


@pytest.mark.parametrize("name, why", REFUSED_NAMES.items())
def test_names_nobody_could_read_are_refused_saying_why(name: object, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        player_name(name)


def test_whitespace_is_folded_and_trimmed() -> None:
    assert player_name("  Ada \t\n Lovelace  ") == "Ada Lovelace"
    assert player_name("Ada\u00a0\u2003Lee") == "Ada Lee"  # no-break and em spaces are spaces too


def test_the_limit_is_counted_after_folding() -> None:
    assert player_name("A" * NAME_LENGTH) == "A" * NAME_LENGTH
    assert player_name(" " * 30 + "A" * NAME_LENGTH + " " * 30) == "A" * NAME_LENGTH
    with pytest.raises(ValueError, match="at most 20 characters"):
        player_name("A" * (NAME_LENGTH + 1))


@given(st.text(max_size=40))
def test_any_text_is_refused_or_comes_back_a_valid_name_for_good(raw: str) -> None:
    try:
        name = player_name(raw)
    except ValueError as e:
        assert str(e) and "\n" not in str(e)
        return
    assert 1 <= len(name) <= NAME_LENGTH and name == name.strip() and "  " not in name
    assert all(unicodedata.category(c)[0] != "C" for c in name)
    assert not any(c.isspace() and c != " " for c in name)
    assert player_name(name) == name


@given(st.text())
def test_visible_text_holds_nothing_that_steers_a_terminal(text: str) -> None:
    shown = visible(text)
    assert all(unicodedata.category(c)[0] != "C" and c not in "\u2028\u2029" for c in shown)
    if text.isprintable():
        assert shown == text


def test_visible_writes_escapes_out() -> None:
    assert visible("a\x1b[2Jb\u202ec\n") == "a\\x1b[2Jb\\u202ec\\x0a"


def test_a_person_who_gave_no_name_is_you_in_the_language_spoken_and_stored_without_one() -> None:
    """No name is stored for them (records, saves, the history): the old "You" reads as none, and the
    name shown is drawn in whatever language is spoken when it is shown."""
    from allfives import i18n
    from allfives.play.setup import Player
    from tests.ui.languages import speaking

    old = Player.from_json({"name": "You", "kind": "person", "level": "medium"})
    assert old == Player(None, "person") and old.given is None and old.name == "You"
    assert "name" not in old.to_json() and Player.from_json(old.to_json()) == old
    assert Player.from_json({"kind": "bot", "level": "easy"}).name == "?"  # (a bot always has a name)
    with speaking("nl"):
        assert old.name == "Jij" == i18n._("You")
