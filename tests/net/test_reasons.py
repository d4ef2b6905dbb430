"""The table's words across languages: reasons go on the wire in English and each reader's client shows
them in its own language (net/reasons.py), unit by unit and over loopback from an English host."""

from __future__ import annotations

import asyncio
import re

import pytest

from allfives.engine import Move, Rules
from allfives.net import reasons as R
from allfives.net.client import JoinRefused, TableClient
from allfives.net.protocol import Kick
from allfives.net.table import Table, TableError, TableOptions

from .helpers import players, serving, speaking

LIMIT = 30  # seconds: only stops a hung test
# values as a table fills them in: names with the template's own punctuation in them
VALUES = {"host": "Hal: the 2nd", "name": "Bea (2)", "seat": 3, "seats": 4, "wait": 8, "left": "12",
          "ours": 3, "theirs": "2", "error": "type: Field required", "reason": "not JSON", "why": "disk full"}


def filled(template: str) -> str:
    return R.said(template, **{k: VALUES[k] for k in re.findall(r"\{(\w+)\}", template)})


@pytest.mark.parametrize("template", R.TEMPLATES)
def test_every_reason_is_read_back_from_its_own_template_and_unchanged_in_english(template: str) -> None:
    said = filled(template)
    assert R.template_of(said) == template
    assert R.read(said) == said


def test_a_reason_reads_in_the_readers_language_with_the_tables_values() -> None:
    with speaking("nl"):
        assert R.read(filled(R.SENT_AWAY)) == "Hal: the 2nd heeft je van tafel gestuurd"
        assert R.read(R.said(R.TAKEN, seat=2, name="Bea")) == "plaats 2 is bezet: daar zit Bea"
        # a reason inside a reason is read too; the pydantic detail of a bad message stays as it came
        inner = R.said(R.NOT_A_MESSAGE, error="type: Field required")
        assert R.read(R.said(R.STRUCK_OUT, reason=inner)) == \
            "geen bericht: type: Field required; te veel foute berichten: de verbinding is gesloten"
        assert R.read("an older host's own words") == "an older host's own words"  # shown as it came


def test_the_table_says_its_reasons_in_english_whatever_its_process_speaks() -> None:
    table = Table.new(Rules(seats=2), level="easy")
    table.sit("Hal")
    with speaking("nl"):  # (the host's terminal speaks Dutch)
        with pytest.raises(TableError, match=r"^only the host can start the game$"):
            table.start(by=1)
        table.start()
        idle = 1 - table.state.turn
        with pytest.raises(TableError, match=r"^it is .*'s turn, not yours$"):  # play/seat.py's words
            table.apply(idle, Move.draw())


async def test_a_dutch_guest_reads_an_english_hosts_refusal_kick_and_goodbye_in_dutch() -> None:
    table = Table.new(Rules(seats=4), level="easy", options=TableOptions(hand_pause=30.0))
    with speaking("nl"):  # the guests' language; the table (same process) sends English all the same
        async with asyncio.timeout(LIMIT), serving(table) as server:
            (host, _), = players(server, (0,))
            host_run = asyncio.create_task(host.run())
            await host.wait_until(lambda: host.seat == 0)
            bea, cy = (TableClient(server.address, table.code, name) for name in ("Bea", "Cy"))
            runs = [asyncio.create_task(bea.run()), asyncio.create_task(cy.run())]
            await host.wait_until(lambda: [s.status for s in host.info.seats[1:3]] == ["here", "here"])

            await bea.send(Kick(seat=2))  # not the host's to do: refused, in Dutch
            await bea.wait_until(lambda: bool(bea.errors))
            assert bea.errors[-1] == "alleen de gastheer kan een speler wegsturen"

            await host.kick(1)
            await runs[0]
            assert bea.goodbye.reason == "Tester 0 sent you away from the table"  # on the wire: English
            assert bea.goodbye_said == "Tester 0 heeft je van tafel gestuurd"
            again = TableClient(server.address, table.code, "Bea", token=bea.token)
            with pytest.raises(JoinRefused, match="^Tester 0 heeft je van deze tafel gestuurd$"):
                await again.run()
            host.stop()
            await host_run
        await runs[1]  # the table closed: told so, in Dutch
        assert cy.goodbye.reason == "Tester 0 closed the table"
        assert cy.goodbye_said == "Tester 0 heeft de tafel gesloten"
