"""`allfives serve`: its options, the address it gives, and starting the server (one game per visitor)."""

from __future__ import annotations

import argparse
import os
import shlex
import socket
import sys
import tempfile
from pathlib import Path

from allfives.i18n import HelpFormatter, _
from allfives.ui.launch import parser as game_parser
from allfives.ui.launch import setup_from

DEFAULT_PORT = 8000
DEFAULT_BIND = "127.0.0.1"
DEFAULT_VISITORS = 8
DEFAULT_IDLE_MINUTES = 30.0
DEFAULT_LIFETIME_MINUTES = 240.0
DEFAULT_SANDBOXES = 1000

def parser() -> argparse.ArgumentParser:
    """`allfives serve` takes every option of the game (passed to each visitor's game) plus its own."""
    p = argparse.ArgumentParser(
        prog="allfives serve", formatter_class=HelpFormatter, parents=[game_parser()],
        conflict_handler="resolve",
        description=_("Serve All Fives to web browsers at an address holding a secret token: every browser "
                      "that opens it plays its own game, with the game options given here, saved apart from "
                      "yours and from every other visitor's (a returning browser resumes its game)."))
    _own_options(p)
    return p


def _own_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=_("the port to serve on (default {port})").format(port=DEFAULT_PORT))
    p.add_argument("--bind", default=DEFAULT_BIND, metavar="ADDR",
                   help=_("the address to listen on (default {bind}: this machine only; "
                          "0.0.0.0 lets other machines in)").format(bind=DEFAULT_BIND))
    p.add_argument("--max-visitors", type=int, default=DEFAULT_VISITORS, metavar="N",
                   help=_("browsers playing at once (default {n}); the next is told the table "
                          "is full").format(n=DEFAULT_VISITORS))
    p.add_argument("--max-per-address", type=int, default=None, metavar="N",
                   help=_("browsers one network address may play from at once (default: half of "
                          "--max-visitors, at least 1)"))
    p.add_argument("--idle-minutes", type=float, default=DEFAULT_IDLE_MINUTES, metavar="M",
                   help=_("a visitor's game that gets no key or click for this long ends, saved "
                          "(default {minutes})").format(minutes=f"{DEFAULT_IDLE_MINUTES:g}"))
    p.add_argument("--lifetime-minutes", type=float, default=DEFAULT_LIFETIME_MINUTES, metavar="M",
                   help=_("a visitor's game ends, saved, this long after it started however busy, and its "
                          "seat is free (default {minutes})").format(minutes=f"{DEFAULT_LIFETIME_MINUTES:g}"))
    p.add_argument("--max-sandboxes", type=int, default=DEFAULT_SANDBOXES, metavar="N",
                   help=_("visitors' folders (their saves and histories) kept at most; past that the one "
                          "unused longest is deleted (default {n})").format(n=DEFAULT_SANDBOXES))


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
        p.error(_("--port must be between 1 and 65535"))
    if not 1 <= args.max_visitors <= 1000:
        p.error(_("--max-visitors must be between 1 and 1000"))
    if args.max_per_address is not None and not 1 <= args.max_per_address <= args.max_visitors:
        p.error(_("--max-per-address must be between 1 and --max-visitors"))
    if not 0 < args.idle_minutes <= 7 * 24 * 60:  # (NaN is refused too)
        p.error(_("--idle-minutes must be more than 0 and at most a week"))
    if not 0 < args.lifetime_minutes <= 7 * 24 * 60:
        p.error(_("--lifetime-minutes must be more than 0 and at most a week"))
    if not 1 <= args.max_sandboxes <= 1_000_000:
        p.error(_("--max-sandboxes must be between 1 and 1000000"))
    try:
        setup_from(args)  # the same checks the game makes, once here rather than in every tab
    except ValueError as e:
        p.error(str(e))
    problem = cannot_listen(args.bind, args.port)
    if problem is None:
        from allfives.userdata import data_dir

        from .pages import write_templates
        from .sandboxes import visitor_key
        from .server import GameServer, sandboxes_folder

        sandboxes = sandboxes_folder(data_dir())
        try:
            sandboxes.mkdir(mode=0o700, parents=True, exist_ok=True)  # only serve's own user may look in
            key = visitor_key(sandboxes)
        except OSError as e:
            print(_("allfives serve: cannot make the folder for visitors' games ({folder}): {why}").format(
                folder=sandboxes, why=e.strerror or e), file=sys.stderr)
            return 2
        try:
            with tempfile.TemporaryDirectory(prefix="allfives-serve-") as folder:
                GameServer(game_command(game_argv(argv)), host=args.bind, port=args.port,
                           public_url=public_url(args.bind, args.port),
                           templates_path=write_templates(Path(folder)),
                           sandboxes=sandboxes, max_visitors=args.max_visitors,
                           per_client=args.max_per_address, idle_seconds=args.idle_minutes * 60,
                           lifetime_seconds=args.lifetime_minutes * 60, max_sandboxes=args.max_sandboxes,
                           key=key).serve()
            return 0
        except OSError as e:
            problem = _why(e)
    print(_("allfives serve: cannot listen on {bind} port {port}: {why}").format(
        bind=args.bind, port=args.port, why=problem), file=sys.stderr)
    return 2
