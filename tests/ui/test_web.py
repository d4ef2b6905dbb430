"""The game as a visitor in a browser sees it: no path of the server's machine; exports named and placed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from allfives.play.saving import SaveStore
from allfives.ui.app import AllFivesApp
from allfives.ui.export import export_folder, file_name, free_path
from allfives.ui.screens.open_elsewhere import OpenElsewhereScreen
from allfives.ui.web import hide_paths

from .helpers import settle


@pytest.mark.parametrize(("text", "shown"), [
    ("It was moved to {d}/save.corrupt-20250601-1804.json and a new game starts.",
     "It was moved to save.corrupt-20250601-1804.json and a new game starts."),
    ("The game history ({d}/history.sqlite3) could not be used (disk I/O error).",
     "The game history (history.sqlite3) could not be used (disk I/O error)."),
    ("{d} could not be read", "your game folder could not be read"),
    ("[Errno 13] Permission denied: '/etc/allfives/x.json'", "[Errno 13] Permission denied: 'x.json'"),
    ("{home}/.local/share/other/save.json is locked", "save.json is locked"),
    ("won 3/5 · 60% · W:5 and 6-6", "won 3/5 · 60% · W:5 and 6-6"),  # what is no path stays
])
def test_no_folder_of_the_server_is_left_in_a_message(text: str, shown: str, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "Ann Lee"))  # spaces: the known folders go whole
    sandbox = tmp_path / "Ann Lee" / "serve dir" / "ab12"
    said = text.format(d=sandbox, home=Path.home())
    assert hide_paths(said, sandbox) == shown
    assert str(tmp_path) not in hide_paths(said, sandbox)


def test_an_export_is_named_for_its_game_and_never_overwrites(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    assert file_name("2025-06-01T18:04:00+00:00").startswith("allfives-2025-0")
    assert file_name("not a time") == "allfives-game.json"
    (tmp_path / "a.json").write_text("")
    (tmp_path / "a-2.json").write_text("")
    assert free_path(tmp_path, "a.json") == tmp_path / "a-3.json"
    assert free_path(tmp_path, "b.json") == tmp_path / "b.json"
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # no user-dirs.dirs: ~/Downloads
    monkeypatch.chdir(tmp_path / "..")
    assert export_folder() == Path.cwd()  # no downloads folder: here
    (tmp_path / "Downloads").mkdir()
    assert export_folder() == tmp_path / "Downloads"


class BrowserApp(AllFivesApp):
    """The app as `allfives serve` runs it (Textual's web driver says so through `is_web`)."""

    @property
    def is_web(self) -> bool:
        return True


async def test_a_visitor_is_told_no_path(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "save.json").write_text("{ not a record")
    other = SaveStore(data_dir)
    async with BrowserApp(bot_delay=0).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        told = [n.message for n in pilot.app._notifications]
        assert any("save.corrupt-" in m for m in told)  # the problem is told, its folder is not
        assert not any(str(data_dir) in m or os.sep + "save" in m for m in told)
        form = pilot.app.screen.query_one("#form-message")
        assert "save.corrupt-" in str(form.render()) and str(data_dir) not in str(form.render())
    assert other.claim()  # now another window holds the game: the visitor is offered a way on, no path
    try:
        async with BrowserApp(bot_delay=0).run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = pilot.app.screen
            assert isinstance(screen, OpenElsewhereScreen)
            text = str(screen.query_one("#elsewhere-text").render())
            assert text.startswith("Your game is being played in another window")
            assert str(data_dir) not in text
    finally:
        other.release()
