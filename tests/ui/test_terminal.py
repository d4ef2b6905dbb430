"""The terminal as Textual's writer thread sees it: once a write fails, it is gone; nothing waits on it."""

from __future__ import annotations

import io

import pytest

from allfives.ui.textual_private import terminal


class Hungup(io.StringIO):
    """A terminal that takes `good` writes, then fails every one (EIO) as a hung-up terminal does."""

    def __init__(self, good: int) -> None:
        super().__init__()
        self.good = good
        self.tried = 0

    def write(self, text: str) -> int:
        self.tried += 1
        if self.tried > self.good:
            raise OSError(5, "Input/output error")
        return super().write(text)


def test_the_first_failed_write_is_a_hang_up_and_later_writes_are_dropped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    hang_ups = []
    monkeypatch.setattr(terminal, "hang_up", lambda: hang_ups.append(1))
    tty = Hungup(good=2)
    out = terminal.TerminalOutput(tty)  # type: ignore[arg-type]
    out.write("a")
    out.write("b")
    assert not out.gone and tty.getvalue() == "ab"
    out.write("c")  # fails: the terminal has gone
    for _ in range(100):
        out.write("d")
        out.flush()
    assert out.gone and hang_ups == [1] and tty.tried == 3  # told once; never tried again


def test_the_driver_is_ours_only_in_place_of_textuals_terminal_driver() -> None:
    from textual.drivers.headless_driver import HeadlessDriver
    from textual.drivers.linux_driver import LinuxDriver

    assert terminal.terminal_driver_for(LinuxDriver) is terminal.TerminalDriver
    assert terminal.terminal_driver_for(HeadlessDriver) is HeadlessDriver  # (the web driver likewise)
