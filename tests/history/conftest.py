"""Every history test keeps its database in its own temporary data directory."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from allfives.history import HistoryStore


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "data"
    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(path))
    return path


@pytest.fixture
def store(data_dir: Path) -> HistoryStore:
    return HistoryStore()


def seating(*levels: str) -> list[dict]:
    """You at seat 0, then a bot of each level: what the app passes as `players`."""
    return [{"name": "You", "kind": "person", "level": "medium"}] + [
        {"name": f"Bot {i}", "kind": "bot", "level": lv} for i, lv in enumerate(levels, start=1)]


@pytest.fixture
def players() -> Callable[..., list[dict]]:
    return seating
