"""The review speaks to the player in the second person in every language: "your play gained 95", never
"You's play gained 95" (the verdict's third-person forms given "You" as a name)."""

from __future__ import annotations

import contextlib
import re
from typing import Any

import pytest

from allfives.engine import GameState
from allfives.i18n import _
from allfives.plain.review import review_lines
from allfives.plain.sentences import Voice
from allfives.play.setup import GameSetup, default_players
from tests.conftest import seeded_game
from tests.ui.languages import speaking

THIRD_PERSON = ("{who}'s play gained {n}", "{who}'s play cost {n}", "the deals and draws gave {who} {n}",
                "the deals and draws cost {who} {n}")


@pytest.fixture(scope="module")
def weighed() -> tuple[GameState, Any, Any]:
    from allfives.bots.analysis import analyse_game
    from allfives.bots.luck import luck_of, luck_samples

    game = seeded_game(31, target=60)
    whole = analyse_game(game, range(game.rules.seats), 3)
    return game, whole, luck_of(game, whole.decisions, luck_samples(3))


def said(form: str, **names: str) -> re.Pattern[str]:
    """A verdict's part as this language words it, its number any number (`{n}` may come anywhere)."""
    return re.compile(re.escape(_(form).format(n="\x00", **names)).replace("\x00", r"\d+"))


@pytest.mark.parametrize("lang", ["en", "nl", "pt", "sl", "fy"])
@pytest.mark.parametrize("as_read", ["a record", "at the table"])
def test_the_review_says_your_play_never_yous_play(weighed, lang: str, as_read: str) -> None:  # noqa: ANN001
    game, whole, luck = weighed
    from allfives.bots.analysis import narrowed

    setup = GameSetup(rules=game.rules, players=default_players(2, 1, "easy"))
    voice = Voice(setup) if as_read == "a record" else Voice(setup, me=0)
    with speaking(lang) if lang != "en" else contextlib.nullcontext():
        verdict = review_lines(game, voice, narrowed(game, whole, (0,)), luck, whole)[-1]
        wrong = [said(form, who=_("You")) for form in THIRD_PERSON]  # ("You" given as a name)
        right = [said(form) for form in ("your play gained {n}", "your play cost you {n}")]
    assert not [form.pattern for form in wrong if form.search(verdict)], verdict
    assert any(form.search(verdict) for form in right), verdict
    if lang == "en":
        assert re.fullmatch(r"You (won|lost) by \d+: the deals and draws (gave|cost) you \d+, your play "
                            r"(gained|cost you) \d+ \(± \d+\)\.", verdict), verdict
