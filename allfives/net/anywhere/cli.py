"""`allfives host --anywhere` and `allfives join CODE`: the flags, and the commands with no screen.

Light to import (the host's and the join's parsers use it): the wormhole loads only once a code is
made or typed.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from allfives.bots import LEVELS
from allfives.bots.levels import levels_listed
from allfives.i18n import HelpFormatter, _
from allfives.names import player_name, visible
from allfives.net.seats import anywhere_key as seat_key  # (a wormhole table's seat: under its code)
from allfives.net.seats import remembered_token
from allfives.play.prefs import PrefsStore

from .codes import PUBLIC_MAILBOX, PUBLIC_TRANSIT, Servers, clean_code, code_from_argv, servers_from

if TYPE_CHECKING:
    from allfives.net.server import TableServer

    from .invitations import Invitation, Invitations



def add_server_flags(p: argparse.ArgumentParser) -> None:
    """--mailbox and --transit, for the host and for a guest."""
    p.add_argument("--mailbox", metavar="URL",
                   help=_("the wormhole's mailbox server (default: magic-wormhole's, {url}; or "
                          "ALLFIVES_MAILBOX)").format(url=PUBLIC_MAILBOX))
    p.add_argument("--transit", metavar="HOST:PORT",
                   help=_("the wormhole's transit relay, for friends no direct connection reaches (default: "
                          "magic-wormhole's, {address}; or ALLFIVES_TRANSIT)").format(address=PUBLIC_TRANSIT))


def add_host_flags(p: argparse.ArgumentParser) -> None:
    """The host's: --anywhere, and the servers."""
    p.add_argument("--anywhere", action="store_true",
                   help=_("invite friends anywhere on the internet with a short wormhole code each "
                          "(no port forwarding)"))
    add_server_flags(p)


def servers_for(p: argparse.ArgumentParser, args: argparse.Namespace) -> Servers:
    """The servers the flags, the environment or prefs.toml's [anywhere] name (status 2 and one line
    for a bad one)."""
    try:
        return servers_from(args.mailbox, args.transit, prefs=dict(PrefsStore().load().prefs.anywhere))
    except ValueError as e:
        p.error(str(e))


# -- the guest ----------------------------------------------------------------------------------


def add_seat_flags(p: argparse.ArgumentParser) -> None:
    """A guest's flags, the same for both joins (a LAN table's and a wormhole code's)."""
    p.add_argument("--name", default="Player", help=_("your name at the table (up to 20 characters)"))
    p.add_argument("--seat", type=int, choices=(1, 2, 3, 4),
                   help=_("the seat you want, counted from 1 as the lobby shows them "
                          "(default: any free one)"))
    p.add_argument("--autoplay", choices=LEVELS, metavar="LEVEL",
                   help=_("a bot of this level ({levels}) plays your seat: a seat with no screen").format(
                       levels=levels_listed()))


def join_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="allfives join", formatter_class=HelpFormatter,
        description=_("Sit at a table through the wormhole code its host sent you "
                      "(like 7-guitarist-revenge)."))
    p.add_argument("code", metavar="CODE", help=_("the wormhole code the host sent you"))
    add_seat_flags(p)
    add_server_flags(p)
    return p


def parse_join(argv: list[str]) -> argparse.Namespace:
    """`allfives join CODE ...` (the code maybe typed as words with spaces); status 2 and one line for
    bad input. The flags come back with `servers`."""
    p = join_parser()
    found = code_from_argv(argv)
    text, rest = found if found is not None else ("", argv)
    args = p.parse_args([text or "?", *rest])
    try:
        args.code = clean_code(args.code)
    except ValueError as e:
        p.error(str(e))
    try:
        player_name(args.name)
    except ValueError as e:
        p.error(_("--name: {why}").format(why=e))
    args.servers = servers_for(p, args)
    return args


def wanted_seat(args: argparse.Namespace) -> int | None:
    return None if args.seat is None else args.seat - 1


def join_autoplay(args: argparse.Namespace) -> int:
    """`allfives join CODE --autoplay LEVEL`: a bot plays this seat, with no screen."""
    try:
        return asyncio.run(_join(args))
    except KeyboardInterrupt:
        print(_("You left the table; ask the host for a fresh code: `allfives join` with it brings you back "
                "to your seat."))
        return 0


async def _join(args: argparse.Namespace) -> int:
    from allfives.net.autoplay import autoplay

    from .guest import AnywhereClient

    client = AnywhereClient(args.code, args.name, servers=args.servers, seat=wanted_seat(args),
                            stop_when_over=True, token_for=lambda table: remembered_token(seat_key(table)),
                            on_progress=lambda line: print(visible(line)))
    return await autoplay(client, args.autoplay, lambda: seat_key(client.code))


# -- the host -----------------------------------------------------------------------------------


def invitation_line(invitation: Invitation) -> str:
    """What the host's terminal says of an invitation as it changes."""
    if invitation.status == "waiting" and invitation.replaces is not None:
        return _("Invitation {n}: {line}").format(n=invitation.number, line=invitation.send_line)
    if invitation.status == "waiting":
        return _("Invitation {n}: send a friend this line:  {command}").format(n=invitation.number,
                                                                               command=invitation.line)
    return _("Invitation {n}: {how}").format(n=invitation.number, how=invitation.said)


def open_invitations(server: TableServer, servers: Servers, count: int,
                     say: Callable[[str], None] = print, **options: Any) -> Invitations:
    """`count` invitations to a table served with no screen, each line said as it comes (and what a guest
    does against the bounds, one short line each)."""
    from .invitations import Invitations

    def changed(invitation: Invitation) -> None:
        if invitation.status != "over":  # (the host's terminal says once that the game is over)
            say(visible(invitation_line(invitation)))

    door = Invitations(server, servers, on_change=changed, on_notice=lambda line: say(visible(line)),
                       **options)
    for _n in range(count):
        door.invite()
    return door
