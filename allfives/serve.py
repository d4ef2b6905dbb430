"""`allfives serve`: the game in web browsers through textual-serve, one game process per browser tab."""

from __future__ import annotations

import argparse
import os
import re
import shlex
import socket
import sys
import tempfile
from pathlib import Path

from allfives.ui.launch import parser as game_parser
from allfives.ui.launch import setup_from

DEFAULT_PORT = 8000
DEFAULT_BIND = "127.0.0.1"

# textual-serve's page asks a web font service for Roboto Mono: offline (or slow) that request fails or
# holds the page up, and the terminal falls back to whatever monospace font the machine has. The page
# loads textual-serve's own copy of Roboto Mono instead, before the terminal measures its cells. Box
# drawing and block elements (tile edges, half-block rims) don't depend on the font: the page's xterm.js
# draws those itself, cell-exact; what Roboto Mono lacks (pips, arrows) comes from the system's fonts.
FONT_LINK = re.compile(r"<link[^>]*fonts\.googleapis\.com[^>]*>\s*", re.IGNORECASE)
ROBOTO = "{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf"
FONT_FACE = f"""<link rel="preload" href="{ROBOTO}" as="font" type="font/ttf" crossorigin />
    <style>
      @font-face {{
        font-family: "Roboto Mono";
        src: url("{ROBOTO}") format("truetype");
        font-weight: 100 700;
      }}
    </style>
    """


def parser() -> argparse.ArgumentParser:
    """`allfives serve` takes every option of the game (passed to each tab's game) plus its own two."""
    p = argparse.ArgumentParser(
        prog="allfives serve", parents=[game_parser()], conflict_handler="resolve",
        description="Serve All Fives to web browsers: every browser tab that opens the address plays its "
                    "own game, with the game options given here. Saves go where the terminal game's go.")
    _own_options(p)
    return p


def _own_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"the port to serve on (default {DEFAULT_PORT})")
    p.add_argument("--bind", default=DEFAULT_BIND, metavar="ADDR",
                   help=f"the address to listen on (default {DEFAULT_BIND}: this machine only; "
                        "0.0.0.0 lets other machines in)")


def game_argv(argv: list[str]) -> list[str]:
    """The command line minus serve's own options: what each tab's game is started with."""
    own = argparse.ArgumentParser(add_help=False)
    _own_options(own)
    return own.parse_known_args(argv)[1]


def game_command(argv: list[str]) -> str:
    """The shell command textual-serve runs for each tab: this Python, this allfives, these options."""
    return shlex.join([sys.executable, "-m", "allfives", *argv])


def public_url(bind: str, port: int) -> str:
    """The address a browser opens (the page's websocket connects back to it, so other machines need
    a reachable one: for a wildcard bind, this machine's address on its outgoing network)."""
    host = _this_machine() if bind in ("0.0.0.0", "::", "") else bind
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    return f"http://{host}:{port}"


def _this_machine() -> str:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # UDP connect sends nothing: it only picks the route
            return probe.getsockname()[0]
    except OSError:  # no network at all
        return socket.gethostname()


def page_template(page: str) -> str:
    """textual-serve's page with the font above instead of the web font service's (and a tab title)."""
    page = FONT_LINK.sub("", page)
    title = "" if "<title>" in page else "<title>{{ application.name }}</title>\n    "
    return page.replace("</head>", FONT_FACE + title + "</head>", 1)


def _write_templates(folder: Path) -> Path:
    """A templates folder for textual-serve holding its page with our font."""
    import textual_serve

    shipped = Path(textual_serve.__file__).parent / "templates" / "app_index.html"
    (folder / "app_index.html").write_text(page_template(shipped.read_text(encoding="utf-8")),
                                           encoding="utf-8")
    return folder


def cannot_listen(bind: str, port: int) -> str | None:
    """Why the server could not listen on bind:port (checked first, so no address is printed in vain)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(bind, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server will
            probe.bind(address)
    except OSError as e:
        return _why(e)
    return None


def _why(e: OSError) -> str:
    if isinstance(e, socket.gaierror) or not e.errno or e.errno < 0:
        return str(e.strerror or e)
    return os.strerror(e.errno)  # aiohttp's own text repeats the address


def main(argv: list[str]) -> int:
    """Serve until Ctrl+C; 2 for bad options or an address that cannot be listened on."""
    p = parser()
    args = p.parse_args(argv)
    if not 0 < args.port < 65536:
        p.error("--port must be between 1 and 65535")
    try:
        setup_from(args)  # the same checks the game makes, once here rather than in every tab
    except ValueError as e:
        p.error(str(e))
    problem = cannot_listen(args.bind, args.port)
    if problem is None:
        from textual_serve.server import Server

        url = public_url(args.bind, args.port)

        class GameServer(Server):
            async def on_startup(self, app: object) -> None:
                print(f"All Fives is served at {url} : open it in a web browser (Ctrl+C stops)", flush=True)

        try:
            with tempfile.TemporaryDirectory(prefix="allfives-serve-") as folder:
                GameServer(game_command(game_argv(argv)), host=args.bind, port=args.port, title="All Fives",
                           public_url=url, templates_path=_write_templates(Path(folder))).serve()
            return 0
        except OSError as e:
            problem = _why(e)
    print(f"allfives serve: cannot listen on {args.bind} port {args.port}: {problem}", file=sys.stderr)
    return 2
