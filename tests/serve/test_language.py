"""The browser's pages in the server's language: the game page (its `lang`, its buttons, its closing line)
served in process, the refusal pages, and each visitor's game started in that language."""

from __future__ import annotations

import re
from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer

from allfives.i18n import _
from allfives.serve.pages import table_full_page, write_templates
from allfives.serve.server import GameServer, VisitorGame
from tests.net.helpers import speaking


async def test_the_served_page_and_the_full_page_speak_dutch_for_a_dutch_server(tmp_path: Path) -> None:
    with speaking("nl"):
        server = GameServer("true", host="127.0.0.1", port=0, public_url="http://127.0.0.1",
                            templates_path=write_templates(tmp_path), sandboxes=tmp_path / "serve",
                            max_visitors=1, idle_seconds=60.0, token="t" * 43)
        async with TestClient(TestServer(await server._make_app())) as client:
            response = await client.get(f"/?token={server.token}")  # let in, then the page itself
            page = await response.text()
        assert response.status == 200
        assert re.search(r"<title>All Fives</title>", page) and '<html lang="nl">' in page
        assert f'id="start">{_("Start")}</button>' in page
        assert "Sessie voorbij. Je spel is hier bewaard" in page
        full = table_full_page(2)
        assert "<title>All Fives: De tafel is vol</title>" in full and "Er spelen al 2 bezoekers" in full

        async def nothing(*_: object) -> None:
            return None

        game = VisitorGame("allfives", visitor="v", folder=tmp_path, write_bytes=nothing, write_str=nothing,
                           close=nothing, download_manager=None)  # type: ignore[arg-type]
        assert game._build_environment()["LANGUAGE"] == "nl"  # the visitor's game speaks it too


def test_an_english_server_serves_its_page_as_before() -> None:
    assert "<title>All Fives: The table is full</title>" in table_full_page(2)
    assert '<html lang="en">' in table_full_page(2)

