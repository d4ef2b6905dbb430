"""Every UI test saves into its own temporary data directory."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "data"
    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(path))
    return path


@pytest.fixture(autouse=True)
def quick_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game-over screen's verdict weighs the game in a worker the pilot waits for: few deals."""
    from allfives.ui.screens import game_over

    monkeypatch.setattr(game_over, "VERDICT_SAMPLES", 4)


@pytest.fixture(autouse=True)
def inputs_wait_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A click or key waits for the app to go quiet once, at its end, not between its parts (inputs.py)."""
    from .inputs import wait_once

    wait_once(monkeypatch)
