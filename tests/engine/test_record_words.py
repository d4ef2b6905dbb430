"""A bad record, save or journal line is refused in the player's language, the data quoted as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from allfives import cli
from allfives.engine import RecordError, replay
from allfives.play.setup import GameSetup
from allfives.record_file import apply_journal
from tests.i18n_check import pseudo_language, unmarked
from tests.ui.languages import speaking

FAIR = Path(__file__).with_name("fair_record.json")


def _record(**changes: object) -> dict:
    data = json.loads(FAIR.read_text())
    data.update(changes)
    return data


def test_allfives_replay_says_what_is_wrong_in_dutch(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    data = _record()
    data["hands"][0]["moves"][1] = {"tile": "Vijf-drie"}  # (the data: quoted as it was, not translated)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with speaking("nl"):
        assert cli.main(["--lang", "nl", "replay", str(bad)]) == 2
    said = capsys.readouterr().err.strip()
    assert said == ('hand 1, zet 2: verwacht: een zet (5-3, 5-3 E, draw of pass), '
                    'gevonden: een object {"tile": "Vijf-drie"}')


@pytest.mark.parametrize(("rules", "dutch"), [
    ({"seats": "2"}, 'rules.seats: verwacht: een geheel getal, gevonden: de tekst "2"'),
    ({"target": 10**6}, "rules.target: mag hooguit 9.999 zijn, gevonden: 1000000"),  # (a Dutch 9,999)
])
def test_a_rule_that_breaks_the_format_is_refused_in_dutch(rules: dict, dutch: str) -> None:
    data = _record()
    data["rules"] = {**data["rules"], **rules}
    with speaking("nl"), pytest.raises(RecordError) as refused:
        replay(data)
    assert str(refused.value) == dutch


def test_a_journal_line_and_a_saved_setup_are_refused_in_portuguese() -> None:
    data = _record()
    journal = '{"journal": "allfives-journal/1", "base": "b"}\n{"hand": 9, "dealt": {}}\n'
    with speaking("pt"):
        with pytest.raises(RecordError) as refused:
            apply_journal(data, "b", journal, "j.log")
        assert str(refused.value) == "j.log, linha 2: a mão 9 foi distribuída depois da mão 5"
        with pytest.raises(ValueError) as refused_setup:
            GameSetup.from_record(replay(data)[0].rules, None, {"players": None})
        assert str(refused_setup.value) == "players: esperado: uma lista de 3, encontrado: null"


def test_every_word_of_a_refusal_comes_through_the_catalogue() -> None:
    data = _record()
    data["hands"][1]["leader"] = 7
    with pseudo_language(), pytest.raises(RecordError) as refused:
        replay(data)
    assert unmarked(str(refused.value), data=["7"]) == []


def test_a_tile_that_is_no_tile_is_refused_in_slovenian() -> None:
    data = _record()
    data["hands"][0]["boneyard"][0] = "7-7"
    with speaking("sl"), pytest.raises(RecordError) as refused:
        replay(data)
    assert str(refused.value) == 'roka 1, boneyard: "7-7" ni ploščica (polovici gresta od 0 do 6)'


def test_allfives_match_help_speaks_dutch_and_names_lang(capsys: pytest.CaptureFixture[str]) -> None:
    with speaking("nl"), pytest.raises(SystemExit):
        cli.main(["--lang", "nl", "match", "--help"])
    said = capsys.readouterr().out
    assert "Bot tegen bot op dezelfde delingen" in said and "--lang CODE" in said
    assert "--json                de uitslag als één JSON-document" in said


def test_a_move_against_the_rules_names_the_ends_by_dutch_letters() -> None:
    data = _record()
    data["hands"][0]["moves"][1] = "4-3 E"  # (the record keeps E; the player reads O, oost)
    with speaking("nl"), pytest.raises(RecordError) as refused:
        replay(data)
    assert str(refused.value) == "hand 1, zet 2: 4-3 past niet aan uiteinde O (W 3, O 0)"


def test_a_deal_the_secret_does_not_make_is_refused_in_portuguese() -> None:
    data = _record()
    boneyard = data["hands"][0]["boneyard"]
    boneyard[0], boneyard[1] = boneyard[1], boneyard[0]
    with speaking("pt"), pytest.raises(RecordError) as refused:
        replay(data)
    assert str(refused.value) == "mão 1, distribuição: a peça 1 do cemitério é 5-3, onde o segredo põe 1-0"
