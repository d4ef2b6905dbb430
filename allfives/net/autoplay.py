"""`--autoplay LEVEL`: a bot plays this seat with no screen, the same for both joins (a LAN table's and
a wormhole code's): it plays, keeps the seat's token, and says how the game ended."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from allfives.i18n import _
from allfives.names import visible

from .seats import remember_token

if TYPE_CHECKING:
    from .client import TableClient
    from .protocol import ServerMessage


async def autoplay(client: TableClient, level: str, key: Callable[[], str], start: bool = False,
                   reaching: str | None = None, come_back: str | None = None) -> int:
    """Play `client`'s seat with a bot of `level` until the game ends (0) or the table refuses us (2).
    `key`: under what the seat's token is kept (asked once the table is reached); `start`: as the host,
    start the game once seated; `reaching`: the address said when it cannot be reached (None: such an
    error is the caller's); `come_back`: the command that brings the seat back after a goodbye."""
    from allfives.bots import make_bot

    from .client import AutoPlayer, JoinRefused, NotTheTable, deals_said
    from .protocol import Start

    player = AutoPlayer(client, make_bot(level).choose)
    heard = player.heard
    starting, kept = start, None

    def on_message(message: ServerMessage) -> None:
        nonlocal starting, kept
        heard(message)
        if client.token is not None and client.token != kept:
            remember_token(key(), client.token)
            kept = client.token
        if starting and client.is_host and client.phase == "lobby":
            starting = False
            client.send_soon(Start())

    client.on_message = on_message
    try:
        await client.run()
    except NotTheTable as e:  # (a wormhole's own words too: a wrong code, a server out of reach...)
        print(_("allfives join: {why}").format(why=visible(str(e))), file=sys.stderr)
        return 2
    except JoinRefused as e:  # (the table's words, in ours)
        print(_("allfives join: the table refused: {why}").format(why=visible(str(e))), file=sys.stderr)
        return 2
    except OSError as e:
        if reaching is None:
            raise
        print(_("allfives join: cannot reach {address}: {why}").format(address=reaching,
                                                                       why=e.strerror or e), file=sys.stderr)
        return 2
    if client.goodbye is not None and client.goodbye_said is not None:  # closed, or the seat taken back
        why = visible(client.goodbye_said)  # (the table's words, in ours)
        if come_back is not None and client.goodbye.come_back:
            print(_("{why}; once it is open again, `{command}` brings this seat back.").format(
                why=why, command=come_back))
        else:
            print(_("{why}.").format(why=why))
        return 0
    if client.view is not None and client.info is not None:
        print(_("Game over: {winners}; scores {scores}").format(winners=winners(client),
                                                                 scores=list(client.view.scores)))
        print(deals_said(client.seen))  # (hand by hand, each deal's secret checked against what we saw)
    return 0


def winners(client: TableClient) -> str:
    """`Ann & Cy win`, `Bea wins`: the winning side by its players' names, as people say it."""
    info, side = client.info, client.winner
    if info is None or side is None:
        return _("nobody wins")
    names = [info.seats[seat].name for seat in info.rules.seats_of(side)]
    if len(names) > 1:
        return _("{names} win").format(names=" & ".join(names))
    return _("{name} wins").format(name=names[0])
