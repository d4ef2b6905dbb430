"""Every game option declared once: a new house rule and a new bot level, declared in a fixture, reach the
flags, the prefs, the new-game form and the deal code with nothing else written; every deal code made
before (tests/play/fixtures/deal_codes_v0.json, made by the code before the layout had versions) still
reads as it did, and a game the older versions know still gets the code they made."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import pytest
from textual.app import App

from allfives.bots import levels as bot_levels
from allfives.engine import Rules
from allfives.engine import options as house
from allfives.play import code_layout
from allfives.play.flags import game_from, shapes_a_game
from allfives.play.prefs import LastGame, Prefs, prefs_from, to_toml
from allfives.play.setup import DealCode, GameSetup, Player, add_game_flags

FIXTURES = json.loads((Path(__file__).parent / "fixtures" / "deal_codes_v0.json").read_text())


def test_every_code_made_before_reads_as_it_did_and_is_made_again() -> None:
    for case in FIXTURES:
        code = DealCode.parse(case["code"])
        assert code.rules == Rules(**case["rules"]) and code.who == tuple(case["who"])
        assert code.secret == case["secret"] and code.version == 0
        assert DealCode(Rules(**case["rules"]), tuple(case["who"]), case["secret"]).text == case["code"]


def test_every_version_has_room_for_its_parameters() -> None:
    for version in range(code_layout.latest() + 1):
        assert version < 1 << code_layout.VERSION_BITS
        assert code_layout.secret_bits(version) >= code_layout.MIN_SECRET_BITS
    assert code_layout.extra_bits(0) == 0  # the codes made so far: all 60 bits are the secret's
    digits = [level.digit for level in bot_levels.LEVEL_TABLE if level.digit is not None]
    assert len(set(digits)) == len(digits) and 0 not in digits  # (0 is a person's)
    assert all(level.offered for level in bot_levels.LEVEL_TABLE if level.digit is not None)
    assert len({rule.key for rule in house.HOUSE_RULES}) == len(house.HOUSE_RULES)


# -- a level and a rule more ----------------------------------------------------------------------------


class RulesPlus(Rules):
    """The rules with one more house rule's field, as a new rule would add to `Rules`."""

    doubles: Literal["once", "twice"] = "once"


MASTER = bot_levels.Level("master", "HardBot", lambda: "master", digit=5, code_since=1)
TWICE = house.HouseRule("doubles_twice", "doubles", "once", "twice", help="doubles score twice",
                        label="Doubles score twice", said_on="doubles score twice", said_off="doubles once",
                        control="doubles-twice", code_since=1)


@pytest.fixture
def more(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A fifth level and a third house rule, declared as a new one would be (and `Rules` with its field)."""
    table = (*bot_levels.LEVEL_TABLE, MASTER)
    monkeypatch.setattr(bot_levels, "LEVEL_TABLE", table)
    monkeypatch.setattr(bot_levels, "BY_NAME", {level.name: level for level in table})
    monkeypatch.setattr(bot_levels, "LEVELS", (*bot_levels.LEVELS, "master"))
    monkeypatch.setattr(house, "HOUSE_RULES", (*house.HOUSE_RULES, TWICE))
    import allfives.engine

    monkeypatch.setattr(allfives.engine, "Rules", RulesPlus)
    yield


def parsed(*argv: str) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    add_game_flags(p)
    return p.parse_args(list(argv))


SETUPS = [
    (RulesPlus(seats=3, doubles="twice", end_of_hand="muggins"), ("person", "master", "easy")),
    (RulesPlus(seats=4, partnership=False, target=61, win_check="finish_hand"),
     ("master", "person", "master", "hard")),
    (RulesPlus(seats=2, hand_size=5, target=9999, doubles="twice"), ("person", "expert")),
    (RulesPlus(seats=2, target=1), ("person", "person")),
]


@pytest.mark.usefixtures("more")
def test_a_new_level_and_rule_take_a_new_version_of_the_deal_code_and_the_old_codes_still_read() -> None:
    for rules, who in SETUPS:
        for secret in (0, 1, 2 ** code_layout.secret_bits(code_layout.latest()) - 1):
            code = DealCode(rules, who, secret)
            back = DealCode.parse(code.text)
            assert (back.rules, back.who, back.secret) == (rules, who, secret)
            assert back.text == code.text
            new = who.count("master") or rules.doubles == "twice"
            assert back.version == (1 if new else 0)
    for case in FIXTURES:  # the older codes read as they did, the new rule off in them
        code = DealCode.parse(case["code"])
        assert code.rules == RulesPlus(**case["rules"]) and code.who == tuple(case["who"])
        assert code.secret == case["secret"] and code.text == case["code"]


@pytest.mark.usefixtures("more")
def test_a_new_level_and_rule_reach_the_flags() -> None:
    args = parsed("--seats", "3", "--level", "master", "--doubles-twice", "--muggins")
    assert shapes_a_game(args) and shapes_a_game(parsed("--doubles-twice"))
    setup = game_from(args, bot_delay=0)
    assert setup.rules == RulesPlus(seats=3, doubles="twice", end_of_hand="muggins")
    assert [p.level for p in setup.players if not p.is_person] == ["master", "master"]
    assert parsed().doubles_twice is False
    with pytest.raises(SystemExit):
        parsed("--level", "grandmaster")


@pytest.mark.usefixtures("more")
def test_a_new_level_and_rule_reach_the_prefs() -> None:
    last = LastGame(seats=3, who=("person", "master", "easy"), names=("", "", ""),
                    house_rules=frozenset({"doubles_twice"}))
    text = to_toml(Prefs(last_game=last))
    assert 'seat_2 = "master"' in text and "doubles_twice = true" in text
    import tomllib

    back, refused = prefs_from(tomllib.loads(text))
    assert back.last_game == last and refused == []


@pytest.mark.usefixtures("more")
async def test_a_new_level_and_rule_reach_the_new_game_form() -> None:
    from allfives.ui.screens.new_game import NewGameScreen
    from allfives.ui.widgets.tick import Tick

    last = LastGame(seats=3, who=("person", "master", "hard"), names=("", "", ""), partnership=False,
                    target=150, house_rules=frozenset({"doubles_twice", "muggins"}))

    class Form(App[None]):
        def on_mount(self) -> None:
            self.push_screen(NewGameScreen(last=last, bot_delay=0))

    app = Form()
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#doubles-twice", Tick).value
        assert screen.form_now() == last
        setup = screen.setup()
        assert isinstance(setup, GameSetup)
        assert setup.rules == RulesPlus(seats=3, target=150, doubles="twice", end_of_hand="muggins")
        assert setup.players[1] == Player("Ben", "bot", "master")
        code = DealCode.parse(DealCode.fresh(setup).text)  # and on to the deal code
        assert (code.rules, code.who) == (setup.rules, ("person", "master", "hard"))
