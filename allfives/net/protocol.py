"""Every message between a table and its players, both ways, as Pydantic models with a version.

Messages are JSON text frames, one model each, told apart by `type`. What the server sends a seat
holds only what that seat may see: its own hand, the layout, tile counts, the public history, and
at the end of a hand the tiles left in every hand (they are turned face up to be counted). Another
seat's drawn tile is never named, and the boneyard's order never leaves the server: each hand's deal
(RECORD.md's fair deals) is shown as its commitment with the deal, its secret only once the hand is
over, so every seat can check that the tiles it saw are the ones committed to.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, model_serializer

from allfives.engine import Deal, Event, Move, Rules, SeatView, for_seat  # for_seat: for the tests and tools
from allfives.engine.state import Seat  # strict: `true` is not a seat
from allfives.i18n import N_
from allfives.names import NAME_LENGTH, player_name

# 2: seats can be changed in the lobby (`sit`, `moved`); 3: fair deals (`deal`), kick, release, the turn
# clock, the goodbye. Still 3 with the host's `let_back` and the host's own `banned` (a field sent only
# while it holds a name): a table and a client of protocol 3 that never kick understand each other as before.
PROTOCOL_VERSION = 3
MAX_BANNED = 64  # the people a table keeps sent away (the oldest let back first)
MAX_MESSAGE_BYTES = 4096  # the largest message a client may send: a hello or a move is ~200 bytes
# the canned table messages, sent in English and shown in the reader's language (marked for the catalogue)
CANNED = (N_("your turn"), N_("good game"), N_("well played"), N_("thanks"), N_("sorry"), N_("one moment"))

Phase = Literal["lobby", "playing", "hand_over", "game_over"]
SeatStatus = Literal["bot", "here", "away", "covered"]


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# A player's name, both ways: the one name rule (a joiner's hello, and the seating a client is told)
Name = Annotated[str, Field(max_length=4 * NAME_LENGTH), AfterValidator(player_name)]


# -- client to server --------------------------------------------------------


class Hello(_Message):
    """The first message on every connection: sit down (a free seat) or come back (a seat's token)."""

    type: Literal["hello"] = "hello"
    version: int
    code: str = Field(max_length=16)
    name: Name = "Player"
    token: str | None = Field(default=None, max_length=64)
    seat: Seat | None = None  # the seat wanted; any free one when left out


class SendMove(_Message):
    """A move for the sender's seat; `at` is how many moves of this hand the sender had seen."""

    type: Literal["move"] = "move"
    move: Move
    at: int | None = Field(default=None, ge=0, le=1000)


class Sit(_Message):
    """In the lobby, move to another seat a bot holds (the sender's token goes with them)."""

    type: Literal["sit"] = "sit"
    seat: Seat


class Start(_Message):
    """The host starts the game (empty seats are bots)."""

    type: Literal["start"] = "start"


class Ready(_Message):
    """Seen the end of the hand: deal the next one (once every player present is ready)."""

    type: Literal["ready"] = "ready"


class Cover(_Message):
    """The host lets a bot play the seat of a player who has been away too long."""

    type: Literal["cover"] = "cover"
    seat: Seat


class Kick(_Message):
    """The host sends a person away: the seat goes to a bot and its token never seats again."""

    type: Literal["kick"] = "kick"
    seat: Seat


class Release(_Message):
    """The host gives a person's seat back to a bot (in the lobby: the seat is free again)."""

    type: Literal["release"] = "release"
    seat: Seat


class LetBack(_Message):
    """The host lets a person sent away (`banned`, by name) sit at the table again."""

    type: Literal["let_back"] = "let_back"
    name: Name


class Say(_Message):
    """A canned table message to everyone."""

    type: Literal["say"] = "say"
    text: Literal[CANNED]  # type: ignore[valid-type]


ClientMessage = Annotated[Hello | SendMove | Sit | Start | Ready | Cover | Kick | Release | LetBack | Say,
                          Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


# -- server to client --------------------------------------------------------


Hex64 = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]  # a deal's secret or commitment (32 bytes)
MAX_HANDS = 10_000  # far more hands than a game to the largest target deals


class DealShown(_Message):
    """A hand's fair deal as every seat is shown it: the commitment (the secret's SHA-256) from the deal
    on, the secret itself only once the hand is over."""

    commitment: Hex64
    secret: Hex64 | None = None

    def to_deal(self) -> Deal:
        return Deal.model_construct(commitment=self.commitment, secret=self.secret)


class SeatInfo(_Message):
    """Who sits where: a bot, a person at the table, or a person away (waited for, or covered by a bot)."""

    seat: Seat
    name: Name
    kind: Literal["person", "bot"]
    level: str  # the bot's level (a bot covers an away person at the same level)
    status: SeatStatus
    host: bool = False
    # away: seconds until the host may let a bot play the seat; here: left on their turn clock (their turn)
    wait_left: float | None = None


class TableInfo(_Message):
    """The table's standing facts: rules, seating, the pace of the table."""

    rules: Rules
    seats: tuple[SeatInfo, ...]
    phase: Phase
    bot_level: str
    away_timeout: float  # how long an away player's seat waits before a bot may play it
    turn_clock: float = 60.0  # how long a person's turn waits before a bot may play it
    hand_pause: float  # how long the end of a hand is shown before the next deal, at most
    seeded: bool = False  # the host gave a seed: every deal follows from it, public to anyone who knows it
    # the host's alone: the people sent away, who may not sit again unless the host lets them back
    banned: tuple[Name, ...] = Field(default=(), max_length=MAX_BANNED)

    @model_serializer(mode="wrap")
    def _unless_empty(self, handler):
        """`banned` is left out while empty: a client of an earlier protocol 3 reads the rest as before."""
        data = handler(self)
        if isinstance(data, dict) and not data.get("banned"):
            data.pop("banned", None)
        return data


class Snapshot(_Message):
    """The whole table as one seat sees it: sent on joining, coming back, and when the game starts."""

    type: Literal["table"] = "table"
    info: TableInfo
    view: SeatView | None = None  # None in the lobby
    hands: tuple[tuple[Event, ...], ...] = ()  # every hand's public events, the first a HandDealt
    winner: Seat | None = None
    # each hand's deal, beside `hands` (None: dealt without one); the secret only of hands that are over
    deals: tuple[DealShown | None, ...] = Field(default=(), max_length=MAX_HANDS)


class Welcome(_Message):
    """You sit at `seat`; keep `token` to come back to it. `table` is everything you may see."""

    type: Literal["welcome"] = "welcome"
    version: int = PROTOCOL_VERSION
    seat: Seat
    token: str
    table: Snapshot


class Update(_Message):
    """A move was made (or a hand dealt): what it caused, and the seat's view after it."""

    type: Literal["update"] = "update"
    events: tuple[Event, ...]
    view: SeatView
    deal: DealShown | None = None  # with a deal, its commitment; with a hand's end, its secret too


class Seating(_Message):
    """The seats changed: someone joined, left, came back, or a bot took over."""

    type: Literal["seats"] = "seats"
    seats: tuple[SeatInfo, ...]


class Refused(_Message):
    """Your move was not made, and why; nobody else hears of it."""

    type: Literal["refused"] = "refused"
    move: str | None = None
    reason: str


class Error(_Message):
    """Your message was not understood or not allowed; `fatal` ones close the connection."""

    type: Literal["error"] = "error"
    reason: str
    fatal: bool = False


class Moved(_Message):
    """You now sit at `seat` (moved in the lobby; your token is the same)."""

    type: Literal["moved"] = "moved"
    seat: Seat


class Goodbye(_Message):
    """The table is done with you: the host closed it, or took your seat back. Do not come back by
    yourself; `come_back`: the table is saved and you may join it again once it is open."""

    type: Literal["goodbye"] = "goodbye"
    reason: str = Field(max_length=200)
    come_back: bool = False


class Said(_Message):
    type: Literal["said"] = "said"
    seat: Seat
    text: str


ServerMessage = Annotated[Welcome | Snapshot | Update | Seating | Moved | Refused | Error | Goodbye | Said,
                          Field(discriminator="type")]
SERVER_MESSAGE: TypeAdapter[ServerMessage] = TypeAdapter(ServerMessage)


def encode(message: _Message) -> str:
    return message.model_dump_json()


def decode_server(text: str | bytes) -> ServerMessage:
    """A message from the server (raises pydantic.ValidationError when it is not one)."""
    return SERVER_MESSAGE.validate_json(text)


__all__ = [
    "CANNED", "CLIENT_MESSAGE", "MAX_MESSAGE_BYTES", "PROTOCOL_VERSION", "SERVER_MESSAGE", "ClientMessage",
    "Cover", "DealShown", "Error", "Goodbye", "Hello", "Kick", "LetBack", "Moved", "Ready", "Refused",
    "Release", "Said", "Say", "SeatInfo", "Seating", "SendMove", "ServerMessage", "Sit", "Snapshot", "Start",
    "TableInfo", "Update", "Welcome", "decode_server", "encode", "for_seat",
]
