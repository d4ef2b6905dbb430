"""The three doors to a shared table with a screen, side by side: `allfives host` (the host plays from
the terminal that serves the table), `allfives join HOST CODE PIN` (a friend on the network joins from
theirs) and `allfives join CODE` (a friend anywhere, through the wormhole). `--headless` and
`--autoplay` go to allfives.net (no screen).

Light to import: Textual and the server load only once a table opens.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from allfives.i18n import _
from allfives.names import visible
from allfives.net.anywhere.codes import code_from_argv
from allfives.net.cli import (
    SEATS_NAME,
    host_headless,
    join_autoplay,
    join_command,
    local_address,
    log_to_file,
    parse_host,
    parse_join,
    rejoin_line,
    wanted_seat,
)
from allfives.net.seats import anywhere_key, remember_token, remembered_token, seat_key
from allfives.net.table import Table
from allfives.play.saving import data_dir


def join_main(argv: list[str]) -> int:
    if code_from_argv(argv) is not None:  # a wormhole code, not HOST:PORT (friends anywhere)
        return join_anywhere(argv)
    args = parse_join(argv)
    if args.autoplay:
        return join_autoplay(args)
    return join_table(args)


REJOIN_ANYWHERE = "allfives join CODE"  # how a guest anywhere comes back: a fresh code (the seat is kept)


def join_anywhere(argv: list[str]) -> int:
    """`allfives join 7-guitarist-revenge`: through the wormhole to the table, with the screen (or a bot
    with --autoplay); 2 and one line when the code leads nowhere."""
    from allfives.net.anywhere import cli as anywhere

    args = anywhere.parse_join(argv)
    if args.autoplay:
        return anywhere.join_autoplay(args)
    from allfives.net.anywhere.guest import AnywhereClient
    from allfives.ui.launch import run, settle_memory
    from allfives.ui.shared_table.app import TableApp, TableNews

    client = AnywhereClient(args.code, args.name, servers=args.servers, seat=anywhere.wanted_seat(args),
                            stop_when_over=True,
                            token_for=lambda table: remembered_token(anywhere_key(table)))
    app = TableApp(client, remember=lambda token: remember_token(anywhere_key(client.code), token),
                   rejoin=REJOIN_ANYWHERE)

    def progress(_line: str) -> None:
        app.post_message(TableNews())

    client.on_progress = progress
    settle_memory()
    status = run(app)
    if status == 1:
        return status
    left = _("You left the table; ask the host for a fresh code: `allfives join` with it brings you back to "
             "your seat.")
    return _farewell(app, left, status)


def host_main(argv: list[str]) -> int:
    args, table = parse_host(argv)
    if args.headless:
        return host_headless(table, args)
    return host_table(table, args)


def join_table(args: argparse.Namespace) -> int:
    """Sit at a table with the screen; 2 (and one line) when the table refuses us or cannot be reached."""
    from allfives.net.client import TableClient
    from allfives.ui.launch import run, settle_memory
    from allfives.ui.shared_table.app import TableApp

    key = seat_key(args.address, args.code)
    client = TableClient(args.address, args.code, args.name, token=remembered_token(key),
                         seat=wanted_seat(args), stop_when_over=True, pin=args.pin)
    rejoin = rejoin_line(args)
    app = TableApp(client, remember=lambda token: remember_token(key, token), rejoin=rejoin)
    settle_memory()
    status = run(app)
    if status == 1:
        return status  # a crash, told already
    return _farewell(app, _("You left the table; `{command}` again brings you back to your seat.").format(
        command=rejoin), status)


def host_table(table: Table, args: argparse.Namespace) -> int:
    """Serve the table and play at it from this terminal: the server and the app share one loop."""
    key = f"host {table.code}"
    token = remembered_token(key)
    if table.state is None:
        _seat, token = table.sit(args.name)  # the host sits first, so the host is this terminal's player
        unkept = remember_token(key, token)
        if unkept is not None:
            print(_("allfives host: the host's seat could not be kept in {file} ({why}): this table will not "
                    "resume at this terminal").format(file=SEATS_NAME, why=unkept), file=sys.stderr)
    elif token is None:
        print(_("allfives host: the saved table's host seat was not taken at this terminal; "
                "`allfives host --new` opens a new table."), file=sys.stderr)
        return 2
    try:
        return asyncio.run(_host_table(table, args, token))
    except KeyboardInterrupt:
        return 0


async def _host_table(table: Table, args: argparse.Namespace, token: str | None) -> int:
    from allfives.net.anywhere.invitations import Invitations
    from allfives.net.client import TableClient
    from allfives.net.server import TableServer
    from allfives.ui.launch import settle_memory
    from allfives.ui.shared_table.app import TableApp
    from allfives.ui.shutdown import guarded

    log_to_file(data_dir())  # the table's log lines (wrong codes...) go to table.log, not over the game
    server = TableServer(table, host=args.bind, port=args.port, tls=args.tls)
    try:
        await server.start()
    except OSError as e:
        print(_("allfives host: cannot listen on {bind}:{port}: {why} (try another --port)").format(
            bind=args.bind, port=args.port, why=e.strerror or e), file=sys.stderr)
        return 2
    share = join_command(args.bind, server.port, table.code, args.pin)
    print(_("Table open; friends join with this line:"))
    print(share)
    client = TableClient(local_address(args.bind, server.port), table.code, args.name, token=token,
                         stop_when_over=True, pin=args.pin)
    invitations = Invitations(server, args.servers)  # (the wormhole loads with the first code)
    app = TableApp(client, share=share, invitations=invitations)
    if args.anywhere:
        invitations.invite()
    settle_memory()
    try:
        # a quit signal (closing the terminal, `kill`, Ctrl+C from outside) quits as `q` does: the table
        # is saved and closed
        with guarded(app, asyncio.get_running_loop()) as ending:
            await app.run_async()
    finally:
        await server.close()  # (everyone is told goodbye, wormhole guests too, before their links close)
        await invitations.close()
    if ending.status == 1:
        return ending.status  # a crash, told already
    if table.save_error is not None:  # (said at the table when it first failed; the last try failed too)
        from allfives.net.reasons import read

        print(_("allfives host: {why}").format(why=read(table.save_error)), file=sys.stderr)
        return 1
    over = table.state is not None and table.state.phase == "game_over"
    closed = _("The table is closed and saved: `allfives host` opens it again, and its players come back "
               "with the command they joined with.")
    return _farewell(app, _("The game is over.") if over else closed, ending.status)


def _farewell(app: object, otherwise: str, status: int = 0) -> int:
    """Print why the app ended (a refusal goes to stderr with status 2); the status to exit with."""
    code = getattr(app, "return_code", 0) or 0
    why = getattr(app, "farewell", None)
    if why:
        print(_("allfives: {why}").format(why=visible(why)), file=sys.stderr if code else sys.stdout)
    else:
        print(otherwise)
    return status or code
