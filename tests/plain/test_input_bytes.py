"""`allfives --plain` reads what it is given, whatever the bytes: a line that is no UTF-8 (a stray byte, a
terminal in another encoding) is answered as any unknown command is, never a crash, even where Python
decodes its input strictly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 60  # seconds: only stops a hung test

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")


def test_an_invalid_utf8_byte_typed_is_answered_not_crashed_on(tmp_path: Path) -> None:
    env = {**os.environ, "ALLFIVES_DATA_DIR": str(tmp_path / "data"),
           "ALLFIVES_CONFIG_DIR": str(tmp_path / "config"),
           "PYTHONPATH": str(ROOT), "NO_COLOR": "1", "LANGUAGE": "en", "PYTHONIOENCODING": "utf-8:strict"}
    typed = b"\xff\n" + "fl\u00ff\n".encode("latin-1") + b"\xc3\n"  # three lines no UTF-8 decoder takes
    done = subprocess.run([sys.executable, "-m", "allfives", "--plain", "--seed", "4", "--level", "easy",
                           "--bot-delay", "0"], input=typed, capture_output=True, env=env, cwd=ROOT,
                          timeout=LIMIT)
    out, err = done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, err
    assert "Traceback" not in err and "UnicodeDecodeError" not in out + err
    answered = [line for line in out.splitlines() if "\ufffd" in line]  # each line said back, replaced
    assert len(answered) == 3, out
