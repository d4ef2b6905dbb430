"""`allfives host` and `allfives join`: open a table for friends, or sit at one.

A table is served over `wss://` with the host's certificate (made once and kept, or given), and the
line the host shares carries the address (its port left out when it is the usual one), the code and
the certificate's pin, and fits 80 columns for any IPv4 address and port:
`allfives join 192.168.1.23 K7QM-3XRT-9BHD 4kd7g2wq3hxm5r6tnc2zpa7yve`. Lines of earlier allfives
(`HOST:PORT --code ... --pin SHA256:...`) are taken too. `--insecure` (plain `ws://`) is for loopback
alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import logging
import logging.handlers
import signal
import socket
import ssl
import sys
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

from allfives.bots.levels import DEFAULT_LEVEL
from allfives.i18n import HelpFormatter, _
from allfives.names import player_name, visible
from allfives.play.saving import data_dir
from allfives.play.setup import DEFAULT_BOT_DELAY, add_game_flags, rules_from

from . import reasons as R
from .anywhere.cli import add_host_flags, add_seat_flags, open_invitations, servers_for
from .autoplay import autoplay
from .autoplay import winners as winners  # (said by the table's own screen too)
from .seats import SEATS_NAME as SEATS_NAME
from .seats import remember_token as remember_token
from .seats import remembered_token, seat_key
from .table import Table, TableOptions, clean_code, is_code, shown_code
from .tls import clean_pin, file_fingerprint, host_context, is_pin, server_context

if TYPE_CHECKING:
    from .client import TableClient

DEFAULT_PORT = 7625
TABLE_NAME = "table.json"  # the hosted table, beside the local game's save.json
LOG_NAME = "table.log"  # the hosted table's log, when the host's terminal shows the game
LINGER = 60.0  # seconds the table stays open after the game ends, for the last looks at the score


def host_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="allfives host", formatter_class=HelpFormatter,
        description=_("Open a table for friends on the network and play at it from this terminal; bots "
                      "fill the empty seats."))
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=_("port to listen on ({port})").format(port=DEFAULT_PORT))
    p.add_argument("--bind", default="127.0.0.1", metavar="ADDR",
                   help=_("address to listen on (127.0.0.1, this machine only; 0.0.0.0 for every network)"))
    p.add_argument("--headless", action="store_true",
                   help=_("nobody plays at this terminal: the first to join hosts"))
    p.add_argument("--people", type=int, metavar="N", help=_("start by itself once N people sit"))
    p.add_argument("--away", type=float, default=60.0, metavar="SECONDS",
                   help=_("how long an away player's seat waits before a bot may play it (default 60)"))
    p.add_argument("--turn-clock", type=float, default=60.0, metavar="SECONDS",
                   help=_("how long a person's turn waits before the host may let a bot play it "
                          "(default 60)"))
    p.add_argument("--auto-cover", action="store_true",
                   help=_("a bot plays an away player's seat by itself once the wait is over"))
    p.add_argument("--new", action="store_true",
                   help=_("open a new table even if a saved one is in progress"))
    p.add_argument("--name", default="Host", help=_("your name at the table (up to 20 characters)"))
    p.add_argument("--tls-cert", type=Path, metavar="PEM",
                   help=_("serve with this certificate (default: one made once and kept in the data folder)"))
    p.add_argument("--tls-key", type=Path, metavar="PEM", help=_("the private key of --tls-cert"))
    p.add_argument("--insecure", action="store_true",
                   help=_("plain ws:// with no TLS (anyone on the way reads the code): a loopback "
                          "--bind only"))
    add_host_flags(p)  # --anywhere, --mailbox, --transit (net/anywhere)
    add_game_flags(p, seats_help=_("number of seats at the table (default 2)"))
    return p


def host_tls(args: argparse.Namespace) -> tuple[ssl.SSLContext | None, str | None]:
    """What the table serves with, and its pin (None, None for --insecure); ValueError (one line)."""
    if args.insecure:
        return None, None
    if args.tls_cert is not None:
        context = server_context(args.tls_cert, args.tls_key)
        return context, file_fingerprint(args.tls_cert)
    try:
        return host_context(data_dir())  # (the pin of the pair it serves with, under the folder's lock)
    except OSError as e:
        why = e.strerror or e
        raise ValueError(_("cannot keep the table's certificate in {folder}: {why}").format(
            folder=data_dir(), why=why)) from None


def open_table(args: argparse.Namespace, path: Path) -> tuple[Table, str]:
    """The saved table in progress (unless --new), else a new one; and a line saying which."""
    if path.exists() and not args.new:
        try:
            table = Table.load(path)
            hand = table.state.hand_number if table.state else 0
            return table, _("Resuming the saved table at hand {hand}: its players come back to their seats "
                            "as they join again.").format(hand=hand)
        except ValueError as e:
            aside = path.with_name(f"table.{time.strftime('%Y%m%d-%H%M%S')}.json")
            path.replace(aside)
            note = _("The saved table was not resumed ({why}); it was moved to {path}.").format(
                why=e, path=aside)
    else:
        note = ""
    rules = rules_from(args)
    if args.people is not None and not 1 <= args.people <= rules.seats:
        raise ValueError(_("--people must be between 1 and {seats}").format(seats=rules.seats))
    if args.away < 0 or args.turn_clock < 0:
        raise ValueError(_("--{flag} must be 0 seconds or more").format(
            flag="away" if args.away < 0 else "turn-clock"))
    options = TableOptions(away_timeout=args.away, turn_clock=args.turn_clock, auto_cover=args.auto_cover,
                           start_when=args.people)
    delay = DEFAULT_BOT_DELAY if args.bot_delay is None else args.bot_delay
    table = Table.new(rules, level=args.level or DEFAULT_LEVEL, seed=args.seed, bot_delay=delay,
                      options=options, save_path=path)
    return table, note


def parse_host(argv: list[str]) -> tuple[argparse.Namespace, Table]:
    """The host's flags and the table they open (exits with status 2 and one line for bad flags).

    The flags come back with `tls` (the SSL context to serve with) and `pin` (its certificate's
    fingerprint), both None for --insecure."""
    p = host_parser()
    args = p.parse_args(argv)
    if not 0 <= args.port <= 65535:
        p.error(_("--port must be between 0 and 65535"))
    if not args.headless:
        _check_name(p, args.name)
    if args.insecure and not _is_loopback(args.bind):
        p.error(_("--insecure serves plain ws://, which anyone on the way can read: not on {bind}, "
                  "only on a loopback --bind such as 127.0.0.1").format(bind=args.bind))
    if args.insecure and args.tls_cert is not None:
        p.error(_("--insecure serves no certificate: leave out --tls-cert and --tls-key"))
    if (args.tls_cert is None) != (args.tls_key is None):
        p.error(_("--tls-cert and --tls-key go together"))
    args.servers = servers_for(p, args)
    try:
        args.tls, args.pin = host_tls(args)
        table, note = open_table(args, data_dir() / TABLE_NAME)
    except ValueError as e:
        p.error(str(e))
    if note:
        print(visible(note))
    return args, table


def log_to_file(folder: Path) -> Path | None:
    """The table's log (who sits, wrong codes and their waits) into `table.log` in `folder`, for a host
    whose terminal shows the game instead; at most 2 x 1 MB kept. None if the file cannot be opened."""
    path = folder / LOG_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=1 << 20, backupCount=1,
                                                       encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    table_log = logging.getLogger("allfives.net")
    table_log.addHandler(handler)
    table_log.setLevel(logging.INFO)
    table_log.propagate = False  # (nothing reaches the screen the game is drawn on)
    return path


def host_headless(table: Table, args: argparse.Namespace) -> int:
    """`allfives host --headless`: a table with nobody playing at this terminal."""
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stdout)
    logging.getLogger("websockets").setLevel(logging.WARNING)
    try:
        return asyncio.run(_host(table, args))
    except KeyboardInterrupt:  # (before the table opened: the quit signals are heard once it is)
        return 0


# Ctrl+C, `kill`, the terminal closed: a headless table says goodbye and saves on each, as on its end
QUIT_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                     if hasattr(signal, name))


async def _host(table: Table, args: argparse.Namespace) -> int:
    from .server import TableServer  # websockets is imported only when a table opens

    bind, port = args.bind, args.port
    server = TableServer(table, host=bind, port=port, tls=args.tls)
    try:
        await server.start()
    except OSError as e:
        print(_("allfives host: cannot listen on {bind}:{port}: {why} (try another --port)").format(
            bind=bind, port=port, why=e.strerror or e), file=sys.stderr)
        return 2
    door = None
    quit_by = _quit_signals()
    try:
        print(_("Table open at {address}   table code {code}").format(
            address=shown_address(bind, server.port), code=shown_code(table.code)))
        print(_("Friends join with this line (copy it whole):"))
        print(join_command(bind, server.port, table.code, args.pin), flush=True)
        if not _is_loopback(bind):
            print(_("Anyone who can reach this machine and knows the code can sit down; share the join "
                    "line only with your friends (and give them this machine's address)."))
        if table.setup.seeded:
            print(_("Seeded (--seed): every deal follows from the seed, so its deals are public to anyone "
                    "who knows it; every player is told so."), flush=True)
        if args.anywhere:  # a code for each free seat (net/anywhere)
            free = sum(seat.token_hash is None for seat in table.seats)
            door = open_invitations(server, args.servers, max(1, free))
        if await _first(server.game_over.wait(), quit_by):
            print(_("The game is over. The table closes once everyone has left (at most a minute)."),
                  flush=True)
            async with asyncio.timeout(LINGER):
                while server.by_seat and not quit_by.done():
                    await asyncio.sleep(0.5)
    except TimeoutError:
        pass
    finally:
        # everyone is told (and the game saved) however the host ends: the game over, or a quit signal
        await server.close(R.said(R.WAS_CLOSED))  # (a headless table's host is whoever sat first)
        if door is not None:
            await door.close()  # (after the goodbye: the wormhole's guests hear it too)
    if table.save_error is not None:  # (said when it first failed; the last try failed too)
        print(_("allfives host: {why}").format(why=R.read(table.save_error)), file=sys.stderr)
        return 1
    if not quit_by.done():
        return 0
    print(_("The table is closed and saved: `allfives host` opens it again."), flush=True)
    return 128 + quit_by.result()  # (as a shell reports a process a signal ended)


def _quit_signals() -> asyncio.Future[int]:
    """Done with the signal's number once Ctrl+C, `kill` or a closed terminal asks the table to close
    (it then says goodbye and saves, as when the game ends)."""
    loop = asyncio.get_running_loop()
    asked: asyncio.Future[int] = loop.create_future()

    def heard(signum: int) -> None:
        if not asked.done():
            asked.set_result(signum)

    for sig in QUIT_SIGNALS:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # (Windows: Ctrl+C alone)
            loop.add_signal_handler(sig, heard, int(sig))
    return asked


async def _first(work: Coroutine[Any, Any, Any], asked: asyncio.Future[int]) -> bool:
    """Wait for `work` or a quit signal, whichever comes first; True if `work` did."""
    task = asyncio.ensure_future(work)
    await asyncio.wait({task, asked}, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        return True
    task.cancel()
    return False


def shown_address(bind: str, port: int) -> str:
    """The address to give friends: the one bound to, or this machine's name when bound to every network."""
    host = bind
    if bind in ("0.0.0.0", "::", ""):
        host = socket.gethostname()
    return address_of(host, port)


def address_of(host: str, port: int) -> str:
    """HOST:PORT, an IPv6 address in brackets."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def split_address(given: str) -> tuple[str, int]:
    """HOST and PORT of `HOST[:PORT]` (`[IPv6][:PORT]`, or a bare IPv6 address); the usual port when
    none is given. ValueError when the port is not one."""
    given = given.strip()
    if given.startswith("["):
        host, bracket, rest = given[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise ValueError(given)
        port = rest[1:] if rest else None
    elif given.count(":") == 1:
        host, port = given.split(":")
    else:
        host, port = given, None  # a name, an IPv4 address, or a bare IPv6 one
    if not host or (port is not None and not (port.isdigit() and 0 < int(port) <= 65535)):
        raise ValueError(given)
    return host, int(port) if port is not None else DEFAULT_PORT


def short_address(address: str) -> str:
    """HOST:PORT as a person types it: the usual port left out."""
    try:
        host, port = split_address(address)
    except ValueError:
        return address
    if port != DEFAULT_PORT:
        return address_of(host, port)
    return f"[{host}]" if ":" in host else host


def join_command(bind: str, port: int, code: str, pin: str | None) -> str:
    """The one line the host shares: where, the code, and the pin that proves the table is the host's."""
    return join_line(shown_address(bind, port), code, pin)


def join_again(client: TableClient) -> str:
    """The command that brings a guest back to the seat `client` sat at (the seat waits for them)."""
    return join_line(client.uri.split("://", 1)[-1], client.code, client.pin)


def join_line(address: str, code: str, pin: str | None) -> str:
    """The one shape of an `allfives join` command line (the host's to share, a guest's to come back):
    56 characters and the address, so any IPv4 address and port fits 80 columns, and so does a
    host name of up to 24 characters on the usual port (longer names and IPv6 addresses make a
    longer line, still one line: the lobby copies it whole)."""
    secured = pin if pin else "--insecure"
    return f"allfives join {short_address(address)} {shown_code(code)} {secured}"


def local_address(bind: str, port: int) -> str:
    """Where a player on this machine reaches the table."""
    if bind in ("0.0.0.0", ""):
        return f"127.0.0.1:{port}"
    if bind == "::":
        return f"[::1]:{port}"
    return f"[{bind}]:{port}" if ":" in bind else f"{bind}:{port}"


def _is_loopback(bind: str) -> bool:
    try:
        return ipaddress.ip_address(bind.strip("[]")).is_loopback
    except ValueError:
        return bind == "localhost"


def _host_of(address: str) -> str:
    """HOST of HOST:PORT (or of [IPv6]:PORT)."""
    return split_address(address)[0]


def join_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="allfives join", formatter_class=HelpFormatter,
        description=_("Sit at a table someone opened with `allfives host`: a seat in the lobby, then the "
                      "game. Paste the line the host shares."))
    p.add_argument("address", metavar="HOST[:PORT]",
                   help=_("the address the host printed (port {port} when none is given)").format(
                       port=DEFAULT_PORT))
    p.add_argument("code", nargs="?", metavar="CODE", help=_("the table code the host printed"))
    p.add_argument("pin", nargs="?", metavar="PIN",
                   help=_("the certificate's pin the host printed: the table must show that certificate, "
                          "or nothing is sent to it"))
    # (the lines of earlier allfives: `--code K7QM-3XRT-9BHD --pin SHA256:...`)
    p.add_argument("--code", dest="code_flag", metavar="CODE", help=_("the table code, given as a flag"))
    p.add_argument("--pin", dest="pin_flag", metavar="PIN",
                   help=_("the pin, given as a flag (an earlier allfives' SHA256:... pin too)"))
    p.add_argument("--insecure", action="store_true",
                   help=_("plain ws://, for a table on this machine served with --insecure"))
    add_seat_flags(p)  # --name, --seat, --autoplay (as the wormhole's join)
    p.add_argument("--start", action="store_true",
                   help=_("as the host, start the game as soon as you sit"))
    return p


def parse_join(argv: list[str]) -> argparse.Namespace:
    """The joining player's flags (exits with status 2 and one line for bad ones); `address` comes back
    as HOST:PORT, `pin` in the form kept."""
    p = join_parser()
    args = p.parse_args(argv)
    try:
        args.address = address_of(*split_address(args.address))
    except ValueError:
        p.error(_("the address is HOST or HOST:PORT, as the host printed it"))
    for name, twice in (("code", _("two table codes given: the line holds one")),
                        ("pin", _("two pins given: the line holds one"))):
        given, flag = getattr(args, name), getattr(args, f"{name}_flag")
        if given is not None and flag is not None:
            p.error(twice)
        setattr(args, name, given if given is not None else flag)
    if args.code is None:
        p.error(_("the table code is missing: use the whole line the host printed"))
    if not is_code(clean_code(args.code)):
        p.error(_("a table code is 12 letters and digits, as the host printed it (like K7QM-3XRT-9BHD)"))
    if args.insecure:
        if args.pin is not None:
            p.error(_("--insecure connects with no TLS, so no pin to check: leave one of them out"))
        if not _is_loopback(_host_of(args.address)):
            p.error(_("--insecure sends the code where anyone on the way can read it: not to "
                      "{host}, only to a table on this machine (127.0.0.1)").format(
                host=_host_of(args.address)))
    elif args.pin is None:
        p.error(_("the pin is missing: use the whole line the host printed"))
    elif not is_pin(args.pin):
        p.error(_("{pin} is not a pin: a pin is 26 letters and digits, as the host printed it").format(
            pin=visible(args.pin[:60])))
    else:
        args.pin = clean_pin(args.pin)
    _check_name(p, args.name)
    return args


def rejoin_line(args: argparse.Namespace) -> str:
    """The command that brings a joining player back to their seat."""
    return join_line(args.address, args.code, args.pin)


def wanted_seat(args: argparse.Namespace) -> int | None:
    """The table counts seats from 0, people from 1."""
    return None if args.seat is None else args.seat - 1


def _check_name(p: argparse.ArgumentParser, name: str) -> None:
    """The one name rule, as at the table's door (exits with status 2 and one line saying why)."""
    try:
        player_name(name)
    except ValueError as e:
        p.error(_("--name: {why}").format(why=e))


def join_autoplay(args: argparse.Namespace) -> int:
    """`allfives join --autoplay LEVEL`: a bot plays this seat, with no screen."""
    try:
        return asyncio.run(_join(args))
    except KeyboardInterrupt:
        print(_("You left the table; `allfives join` again brings you back to your seat."))
        return 0


async def _join(args: argparse.Namespace) -> int:
    from .client import TableClient

    key = seat_key(args.address, args.code)
    client = TableClient(args.address, args.code, args.name, token=remembered_token(key),
                         seat=wanted_seat(args), stop_when_over=True, pin=args.pin)
    return await autoplay(client, args.autoplay, lambda: key, start=args.start, reaching=args.address,
                          come_back=f"{rejoin_line(args)} --autoplay {args.autoplay}")
