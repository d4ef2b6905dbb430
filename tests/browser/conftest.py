"""Browser tests need the system's Chromium: skipped without it, unless ALLFIVES_REQUIRE_BROWSER=1 (CI)."""

from __future__ import annotations

import os

import pytest

from .webgame import chromium


@pytest.fixture(autouse=True)
def need_chromium() -> None:
    if chromium() is not None:
        return
    reason = "no Chromium installed (apt-get install chromium); the browser tests drive the system's one"
    if os.environ.get("ALLFIVES_REQUIRE_BROWSER") == "1":
        pytest.fail(reason + ", and ALLFIVES_REQUIRE_BROWSER=1 says they must run")
    pytest.skip(reason)


@pytest.fixture(autouse=True)
def inputs_wait_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The twin's clicks wait for quiet once, at their end (tests/ui/inputs.py)."""
    from tests.ui.inputs import wait_once

    wait_once(monkeypatch)
