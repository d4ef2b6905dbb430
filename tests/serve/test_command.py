"""`allfives serve` without a browser: options pass through, the page's fonts, addresses, clear refusals."""

from __future__ import annotations

import errno
import os
import shlex
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import jinja2
import pytest

from allfives.serve import cannot_listen, game_argv, game_command, page_template, parser, public_url
from allfives.serve.pages import GAME_KEPT, SESSION_ENDED


def test_serve_options_stay_and_game_options_go_to_every_tab() -> None:
    argv = ["--port", "9001", "--seats", "4", "--level", "hard", "--bind=0.0.0.0", "--seed", "7",
            "--max-visitors", "3", "--bot-delay", "0", "--muggins", "--idle-minutes=5", "--new",
            "--max-per-address", "2", "--lifetime-minutes", "90", "--max-sandboxes=50"]
    args = parser().parse_args(argv)
    assert (args.port, args.bind, args.seats, args.level, args.seed) == (9001, "0.0.0.0", 4, "hard", 7)
    assert (args.max_visitors, args.idle_minutes) == (3, 5.0)
    assert (args.max_per_address, args.lifetime_minutes, args.max_sandboxes) == (2, 90.0, 50)
    defaults = parser().parse_args([])
    assert (defaults.max_visitors, defaults.idle_minutes, defaults.lifetime_minutes) == (8, 30, 240)
    assert defaults.max_per_address is None and defaults.max_sandboxes == 1000  # (None: half the visitors)
    assert game_argv(argv) == ["--seats", "4", "--level", "hard", "--seed", "7", "--bot-delay", "0",
                               "--muggins", "--new"]
    command = shlex.split(game_command(game_argv(argv)))
    assert command[:3] == [sys.executable, "-m", "allfives"]
    assert command[3:] == game_argv(argv)


def test_the_default_is_this_machine_only() -> None:
    args = parser().parse_args([])
    assert args.bind == "127.0.0.1"
    assert public_url(args.bind, args.port) == f"http://127.0.0.1:{args.port}"
    assert public_url("::1", 8000) == "http://[::1]:8000"
    anywhere = urlparse(public_url("0.0.0.0", 8000))
    assert anywhere.port == 8000 and anywhere.hostname not in ("0.0.0.0", "", None)  # one a browser can reach


def test_the_page_loads_its_font_from_the_server_not_a_web_font_service() -> None:
    import textual_serve

    shipped = (Path(textual_serve.__file__).parent / "templates" / "app_index.html").read_text()
    assert "fonts.googleapis.com" in shipped  # what the fix is for: if this goes, so can the fix
    page = page_template(shipped)
    assert "fonts.googleapis.com" not in page
    head = page[: page.index("</head>")]
    assert '@font-face' in head and "fonts/RobotoMono-VariableFont_wght.ttf" in head
    # the page still renders as textual-serve renders it, and the font is one textual-serve serves
    html = jinja2.Template(page).render(config={"static": {"url": "/static/"}}, application={"name": "x"},
                                        font_size=16, app_websocket_url="ws://x/ws")
    assert 'src: url("/static/fonts/RobotoMono-VariableFont_wght.ttf")' in html
    assert "<title>x</title>" in html
    assert (Path(textual_serve.__file__).parent / "static/fonts/RobotoMono-VariableFont_wght.ttf").exists()


def test_the_page_downloads_in_place_and_says_the_game_is_kept() -> None:
    import textual_serve

    folder = Path(textual_serve.__file__).parent
    shipped = (folder / "templates" / "app_index.html").read_text()
    script = (folder / "static" / "js" / "textual.js").read_text()
    # what the fixes are for: textual-serve opens each download in a new window, and says only "ended"
    assert "window.open(n,\"_blank\")" in script and "/download/" in script
    assert SESSION_ENDED in shipped
    page = page_template(shipped)
    head = page[: page.index("</head>")]
    assert "window.open = function" in head and 'startsWith("/download/")' in head and "link.download" in head
    assert SESSION_ENDED not in page and GAME_KEPT in page


@pytest.mark.parametrize(("argv", "message"), [
    (["--seats", "5"], "invalid choice: 5"),
    (["--humans", "3"], "--humans must be between 0 and 2"),
    (["--port", "70000"], "--port must be between 1 and 65535"),
    (["--max-visitors", "0"], "--max-visitors must be between 1 and 1000"),
    (["--idle-minutes", "0"], "--idle-minutes must be more than 0 and at most a week"),
    (["--idle-minutes", "nan"], "--idle-minutes must be more than 0 and at most a week"),
    (["--max-per-address", "0"], "--max-per-address must be between 1 and --max-visitors"),
    (["--max-visitors=4", "--max-per-address=5"], "--max-per-address must be between 1 and --max-visitors"),
    (["--lifetime-minutes", "-1"], "--lifetime-minutes must be more than 0 and at most a week"),
    (["--lifetime-minutes", "inf"], "--lifetime-minutes must be more than 0 and at most a week"),
    (["--max-sandboxes", "0"], "--max-sandboxes must be between 1 and 1000000"),
])
def test_bad_options_are_refused_before_serving(argv: list[str], message: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from allfives.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["serve", *argv])
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_an_address_that_cannot_be_listened_on_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run([sys.executable, "-m", "allfives", "serve", "--port", str(port)],
                             capture_output=True, text=True, timeout=60,
                             env={"ALLFIVES_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [
        f"allfives serve: cannot listen on 127.0.0.1 port {port}: {os.strerror(errno.EADDRINUSE)}"]
    assert "served at" not in run.stdout
    unknown = cannot_listen("no-such-host.invalid", 8000)
    assert unknown is not None and "\n" not in unknown


def test_the_game_alone_never_loads_the_web_server() -> None:
    code = ("import sys, allfives.cli, allfives.ui.app; "
            "print(sorted({'textual_serve', 'aiohttp'} & set(sys.modules)))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert run.stdout.strip() == "[]"
