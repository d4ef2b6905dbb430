"""The wormhole's two servers, started once for these tests on loopback and stopped after them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .servers import LoopbackServers, loopback_servers


@pytest.fixture(scope="session")
def wormhole_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LoopbackServers]:
    with loopback_servers(tmp_path_factory.mktemp("wormhole-servers")) as servers:
        yield servers
