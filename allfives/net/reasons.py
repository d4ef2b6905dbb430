"""The table's words that travel: sent in English, read in the reader's own language when they arrive.

A host and a guest may speak different languages, and the table runs in the host's process. So what
the table tells a seat (a refusal, an error, a goodbye, the door's "try again") goes on the wire in
English, built from one of the templates below with `said`; the reader's client matches it back to its
template with `read` and shows that template's translation with the same values. Protocol 3 is
unchanged (a reason is still one string), so an older host's reasons still show, in English, as sent.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from allfives import i18n
from allfives.i18n import N_, _

# The goodbyes (protocol `Goodbye`) and the refusals of a seat the host took back
CLOSED = N_("{host} closed the table")
HOST_CLOSED = N_("The host closed the table")
WAS_CLOSED = N_("The table was closed")
SENT_AWAY = N_("{host} sent you away from the table")
TO_A_BOT = N_("{host} gave your seat to a bot")
KICKED = N_("{host} sent you away from this table")
RELEASED = N_("{host} gave your seat to a bot: the game goes on without you")
# At the door and on the connection (protocol `Error`)
TRY_AGAIN = N_("wrong table code: try again in {wait} s")
WRONG_CODE = N_("wrong table code")
PROTOCOL = N_("this table speaks protocol {ours}, not {theirs}: use the same allfives as the host")
NOT_JSON = N_("not JSON")
BINARY = N_("messages are JSON text, not binary")
NOT_A_MESSAGE = N_("not a message: {error}")
STRUCK_OUT = N_("{reason}; too many bad messages: the connection is closed")
FLOOD = N_("too many messages: the connection is closed")
SLOW_DOWN = N_("too many messages: slow down (some were dropped)")
HELLO_FIRST = N_("say hello first")
SEATED_ALREADY = N_("you already sit at this table")
NO_TOKEN_SEAT = N_("that token holds no seat at this table")
JOINED_AGAIN = N_("you joined again from another connection")
# The table's refusals (net/table.py `TableError`)
STARTED = N_("the game has started: only a seat's own player may come back to it")
SEATS = N_("this table has seats 1-{seats}")
TAKEN = N_("seat {seat} is taken: {name} sits there")
FULL = N_("every seat is taken")
SEATS_KEPT = N_("the game has started: seats are kept until it ends")
HOST_ONLY_KICK = N_("only the host can send a player away")
HOST_ONLY_RELEASE = N_("only the host can give a seat back to a bot")
HOST_ONLY_COVER = N_("only the host can let a bot play a seat")
HOST_ONLY_START = N_("only the host can start the game")
HOST_ONLY_LET_BACK = N_("only the host can let someone back")
NOT_BANNED = N_("{name} was not sent away from this table")
HOSTS_OWN_KICK = N_("seat {seat} is the host's own: the host cannot send a player away there")
HOSTS_OWN_RELEASE = N_("seat {seat} is the host's own: the host cannot give a seat back to a bot there")
BOTS_ALREADY = N_("seat {seat} ({name}) is a bot's already")
NOT_THEIR_TURN = N_("seat {seat} ({name}) is at the table and it is not their turn")
CLOCK_RUNS = N_("{name}'s turn clock has {left} s more to run")
NOT_AWAY = N_("seat {seat} ({name}) is not waiting for an away player")
AWAY_WAITS = N_("seat {seat} waits {left} s more for {name}")
STARTED_ALREADY = N_("the game has already started")
NOT_STARTED = N_("the game has not started")
STALE = N_("the table moved on since that move was chosen: look again")
# The host's, at the table: its save failed (a full disk), or works again
UNSAVED = N_("the table could not be saved: {why}; the game goes on but will not resume")
SAVED_AGAIN = N_("the table is saved again: it will resume where it stands")

TEMPLATES = (
    CLOSED, HOST_CLOSED, WAS_CLOSED, SENT_AWAY, TO_A_BOT, KICKED, RELEASED, TRY_AGAIN, WRONG_CODE, PROTOCOL,
    NOT_JSON, BINARY, NOT_A_MESSAGE, STRUCK_OUT, FLOOD, SLOW_DOWN, HELLO_FIRST, SEATED_ALREADY, NO_TOKEN_SEAT,
    JOINED_AGAIN, STARTED, SEATS, TAKEN, FULL, SEATS_KEPT, HOST_ONLY_KICK, HOST_ONLY_RELEASE,
    HOST_ONLY_COVER, HOST_ONLY_START, HOST_ONLY_LET_BACK, NOT_BANNED, HOSTS_OWN_KICK, HOSTS_OWN_RELEASE,
    BOTS_ALREADY, NOT_THEIR_TURN, CLOCK_RUNS, NOT_AWAY, AWAY_WAITS, STARTED_ALREADY, NOT_STARTED, STALE,
    UNSAVED, SAVED_AGAIN,
)

_PLACE = re.compile(r"\{(\w+)\}")


def said(template: str, **values: object) -> str:
    """A reason as the table sends it: the English template filled in, whatever the host speaks."""
    return template.format(**values)


@contextmanager
def in_english() -> Iterator[None]:
    """Words made within are English: a refusal the table has play/seat.py say (in the host's
    process, which may speak another language) goes on the wire as every reader's client expects."""
    before = i18n.language()
    if before == i18n.ENGLISH:
        yield
        return
    i18n.use(i18n.ENGLISH)
    try:
        yield
    finally:
        i18n.use(before)


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each template as a pattern that reads its values back; the most specific (longest words) first."""
    def pattern(template: str) -> re.Pattern[str]:
        parts = _PLACE.split(template)  # words, place, words, place, ...
        return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)"
                                  for i, p in enumerate(parts)), re.S)
    ranked = sorted(TEMPLATES, key=lambda t: len(_PLACE.sub("", t)), reverse=True)
    return tuple((t, pattern(t)) for t in ranked)


def template_of(reason: str) -> str | None:
    """The template `reason` was said from, if it is one of ours."""
    return next((t for t, p in _patterns() if p.fullmatch(reason)), None)


def read(reason: str) -> str:
    """A reason from the table in the reader's language; as it came when no template fits it."""
    for template, pattern in _patterns():
        if (found := pattern.fullmatch(reason)) is not None:
            values = {k: read(v) if k == "reason" else v for k, v in found.groupdict().items()}
            return _(template).format(**values)
    return reason
