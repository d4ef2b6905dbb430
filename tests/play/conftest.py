"""Tests that save keep their files in a temporary data directory of their own."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "data"
    monkeypatch.setenv("ALLFIVES_DATA_DIR", str(path))
    return path
