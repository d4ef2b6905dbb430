"""Who sits at the table and how the game is set up, its deal code among it: plain data shared by screens,
session and save."""

from __future__ import annotations

import argparse
import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from allfives.bots import GAME_SIMULATIONS, GAME_SIMULATIONS_FOR
from allfives.bots import levels as bot_levels
from allfives.bots.levels import level_word as level_word  # (the setup's screens say levels so)
from allfives.engine.core import SEED_LIMIT
from allfives.engine.values import describe
from allfives.i18n import N_, _, add_language_flag, number
from allfives.names import NameRefused as NameRefused  # (the name rule's refusal: setups raise it)
from allfives.names import default_name, named
from allfives.names import given as given_name

from . import code_layout
from .options import game_flags
from .options import rules_from as rules_from  # (the doors read flags into rules from here)

if TYPE_CHECKING:
    from allfives.engine import Rules

DEFAULT_BOT_DELAY = 0.8  # also hard's thinking budget: every bot move lands after the same pause
SEEDED_SIMULATIONS = GAME_SIMULATIONS  # a fixed search size makes seeded bots repeat themselves exactly
# ... sized per level to take about as long: an expert's deal costs about twice a hard one's
SEEDED_SIMULATIONS_FOR = GAME_SIMULATIONS_FOR

Kind = Literal["person", "bot"]


@dataclass(frozen=True)
class Player:
    """One seat: a person at the terminal or a bot of some level. `given` is the name the player has
    (None: a person who gave none, called "you" in the language spoken: `name`); it keeps the name rule
    (a Player is never made with a name no screen could show: ValueError). The old English stand-in
    "You" is no name."""

    given: str | None
    kind: Kind = "bot"
    level: str = bot_levels.DEFAULT_LEVEL

    def __post_init__(self) -> None:
        object.__setattr__(self, "given", given_name(self.given))

    @property
    def name(self) -> str:
        """The name as every screen shows it: the one given, else "you" as a name in this language."""
        return self.given if self.given is not None else default_name()

    @property
    def is_person(self) -> bool:
        return self.kind == "person"

    @property
    def label(self) -> str:
        return "you" if self.is_person else f"bot · {self.level}"

    @property
    def thinks(self) -> bool:
        """A bot's move is thought about ("thinking…"); a person's is waited for."""
        return not self.is_person

    def to_json(self) -> dict[str, Any]:
        """As records, saves and the history keep it: a person who gave no name has none there (the
        default is said in whatever language the record is read in)."""
        out: dict[str, Any] = {"name": self.given} if self.given is not None else {}
        return {**out, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: Any, seat: int | None = None) -> Player:
        """A player as a record, a save or a saved table has it (seat `seat`, counted from 0); a name
        that breaks the rule raises NameRefused, naming the player and why. A person with no name (or
        the old stand-in "You") has the default one."""
        if not isinstance(data, dict) or data.get("kind") not in ("person", "bot"):
            # (the kinds as a record writes them: data)
            raise ValueError(_("a player needs a kind: {person} or {bot}").format(person="person", bot="bot"))
        level = data.get("level", bot_levels.DEFAULT_LEVEL)
        if level not in bot_levels.LEVELS:
            raise ValueError(_("unknown bot level {found}").format(found=describe(level)))
        raw = data.get("name", None if data["kind"] == "person" else "?")
        try:
            name = given_name(raw)
        except ValueError as e:
            why = _("{player} is refused: {why}").format(player=named(raw, seat), why=e)
            raise NameRefused(why) from None
        if name is None and data["kind"] == "bot":
            name = "?"
        return cls(name, kind=data["kind"], level=level)


def default_players(seats: int, people: int = 1, level: str = bot_levels.DEFAULT_LEVEL) -> tuple[Player, ...]:
    """Seat 0 (and the next `people - 1` seats) for people, the rest bots."""
    out = []
    for seat in range(seats):
        if seat < people:
            out.append(Player(person_name(seat, people), "person", level))
        else:
            out.append(Player(BOT_NAMES[seat], "bot", level))
    return tuple(out)


BOT_NAMES = ("Ada", "Ben", "Cleo", "Dan")
# People at one terminal until they give their own names: short and unlike each other and the bots',
# so the sheet, the log and the prompts tell everyone apart.
PERSON_NAMES = ("Kim", "Lou", "Max", "Nia")


def person_name(seat: int, people: int) -> str | None:
    """A person's name until they give one: none when alone with bots (they are "you", in the language
    spoken: `shown_person_name`), else one of PERSON_NAMES."""
    return None if people == 1 else PERSON_NAMES[seat]


def shown_person_name(seat: int, people: int) -> str:
    """The name a person gets if they give none, as a screen shows it (`Jij` alone with bots, `Lou`)."""
    return Player(person_name(seat, people), "person").name


@dataclass(frozen=True)
class GameSetup:
    """Everything chosen before the first deal; saved beside the record so a game resumes as it was."""

    rules: Rules
    players: tuple[Player, ...]
    seed: int | None = None
    bot_delay: float = DEFAULT_BOT_DELAY
    # The game's row in the history (allfives.history), kept in the save so a resumed game goes on
    # in the same row; given when the game is first dealt. Not a choice: setups compare without it.
    history_id: str | None = field(default=None, compare=False)
    # The seed of the bots' own random stream in a seeded game (None: bots are seeded afresh).
    # Given a game seed and no stream seed, it is drawn from a generator the game seed starts.
    bots_seed: int | None = None
    # A seat at a network table the host started with a seed: its deals are public (the seed is the
    # host's to tell), so the table is marked seeded though this setup holds no seed.
    deals_public: bool = field(default=False, compare=False)
    # The person took a hint or took a move back: the game is practice and leaves the rating alone
    # (history/rating.py). Not a choice: it is what happened in play.
    practice: bool = field(default=False, compare=False)
    # The game's deal code (DealCode, below): each hand's secret and the bots' seeds follow from it.
    # Private while the game is played: a save keeps it, a record and the history only once it is over.
    deals: DealCode | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.seed is not None and self.bots_seed is None:
            object.__setattr__(self, "bots_seed", random.Random(f"allfives-bots:{self.seed}").getrandbits(63))
        elif self.deals is not None and self.bots_seed is None:
            object.__setattr__(self, "bots_seed", self.deals.bots_seed)

    @property
    def repeats(self) -> bool:
        """Bots that repeat themselves (a seeded game's, a deal code's): their seeds follow from the game
        and they search a fixed size, so the same moves meet the same replies."""
        return self.seed is not None or self.deals is not None

    @property
    def rated(self) -> bool:
        """The game moves the player's rating (history/rating.py): one person against bots of the
        table's levels, on the measured rules, not practice nor seeded. Left for a new game, it counts
        as lost."""
        from allfives.history.rating import unrated_reason

        bots = [p.level for p in self.players if not p.is_person]
        return unrated_reason(self.rules, len(self.people), bots, self.practice, self.seeded) is None

    @property
    def people(self) -> list[int]:
        return [s for s, p in enumerate(self.players) if p.is_person]

    @property
    def seeded(self) -> bool:
        """A seeded game repeats itself: bots take seeds from their own stream and search a fixed size."""
        return self.seed is not None

    def bot_seed(self, moves_made: int, hint: bool = False) -> int | None:
        """The seed of the bot deciding after `moves_made` moves of the game (or of a hint then):
        the next draw of the bots' own stream, so a resumed seeded game plays on as it would have."""
        if self.bots_seed is None:
            return None
        stream = random.Random(self.bots_seed)
        for _n in range(2 * moves_made + hint):  # two draws a move: the bot's, and a hint's
            stream.getrandbits(63)
        return stream.getrandbits(63)

    def you(self, seat: int) -> bool:
        """This seat is the one person at the table: every sentence about them says "you", whatever
        their name (names are for where two people share the keyboard)."""
        return self.players[seat].is_person and len(self.people) == 1

    def yours(self, side: int) -> bool:
        """The one person at the table plays for this side."""
        return any(self.you(seat) for seat in self.rules.seats_of(side))

    def partners(self, side: int) -> str:
        """The others on the person's side, by name (`Cleo`); '' when they play alone."""
        return " & ".join(self.players[s].name for s in self.rules.seats_of(side) if not self.you(s))

    def side_name(self, side: int) -> str:
        """A score column's heading: a player's name, or a team's two names."""
        names = [self.players[seat].name for seat in self.rules.seats_of(side)]
        if len(names) > 1 and sum(len(n) for n in names) > 8:
            names = [n[0] + n[-1] for n in names]  # "Player 1" -> "P1"
        return "+".join(names)

    def side_names(self, side: int) -> tuple[str, ...]:
        """The names of a side's players: one, or a team's two."""
        return tuple(self.players[seat].name for seat in self.rules.seats_of(side))

    def short_name(self, seat: int, room: int = 6) -> str:
        """A player's name in at most `room` characters, still told apart from the others'."""
        name = self.players[seat].name
        if len(name) <= room:
            return name
        cut = name[:room]
        if any(p.name[:room] == cut for s, p in enumerate(self.players) if s != seat):
            cut = name[:room - 1] + str(seat + 1)
        return cut

    def side_title(self, side: int) -> str:
        """A side named in a sentence: `Ada & Cleo`, `Ben`."""
        return " & ".join(self.players[seat].name for seat in self.rules.seats_of(side))

    def to_json(self, private: bool = False) -> dict[str, Any]:
        """Beside the record; `private` (a save, or a game that is over): with the deal code, which says
        every deal to come."""
        # A seeded game's record holds its seed (it fixes the deals to come) and "seeded": true, as the
        # engine writes it; false here says no seed was asked for: every hand is dealt from a fresh secret.
        out: dict[str, Any] = {"players": [p.to_json() for p in self.players], "bot_delay": self.bot_delay,
                               "seeded": self.seeded}
        if self.history_id is not None:
            out["history_id"] = self.history_id
        if self.bots_seed is not None and (private or self.deals is None):
            out["bots_seed"] = self.bots_seed
        if self.practice:
            out["practice"] = True
        if private and self.deals is not None:
            out["deal_code"] = self.deals.text
        return out

    @classmethod
    def from_record(cls, rules: Rules, seed: Any, data: dict[str, Any]) -> GameSetup:
        """The setup stored with a record (raises ValueError if it does not fit the rules)."""
        raw = data.get("players")
        if not isinstance(raw, list) or len(raw) != rules.seats:
            raise ValueError(_("{field}: expected a list of {n}, found {found}").format(
                field="players", n=rules.seats, found=describe(raw)))
        delay = data.get("bot_delay", DEFAULT_BOT_DELAY)
        if not isinstance(delay, (int, float)) or isinstance(delay, bool) or not 0 <= delay <= 10:
            raise ValueError(_("{field} must be a number of seconds from 0 to 10, found {found}").format(
                field="bot_delay", found=describe(delay)))
        history_id = data.get("history_id")
        if not isinstance(history_id, str) or not 0 < len(history_id) <= 64:
            history_id = None  # a game without a row yet (or a foreign record): it gets a new one
        # The engine has refused a seed no game can have; a bool is no seed (the engine ignores it too).
        seeded = isinstance(seed, int) and not isinstance(seed, bool) and data.get("seeded") is True
        bots_seed = data.get("bots_seed")  # older saves have none: it is drawn again from the seed
        if not seeded or bots_seed is None:
            bots_seed = None
        elif isinstance(bots_seed, bool) or not isinstance(bots_seed, int) or not 0 <= bots_seed < SEED_LIMIT:
            # (what `__post_init__` draws: 63 bits)
            raise ValueError(_("{field} must be a whole number from 0 to 2**63-1, found {found}").format(
                field="bots_seed", found=describe(bots_seed)))
        deals = None if seeded else read_code(data.get("deal_code"))
        if deals is not None and (deals.rules != rules or len(deals.who) != len(raw)):
            raise ValueError(_("{field}: not this game's").format(field="deal_code"))
        return cls(rules=rules, players=tuple(Player.from_json(p, seat) for seat, p in enumerate(raw)),
                   seed=seed if seeded else None, bot_delay=float(delay), history_id=history_id,
                   bots_seed=bots_seed, practice=data.get("practice") is True, deals=deals)


def named_as(setup: GameSetup, name: str | None) -> GameSetup:
    """A game set up by flags or a deal code (no new-game screen asked for names): its first person, if
    they have only the stand-in name, takes the player's own remembered `name`, unless another seat
    has it. So a game on the same deals compares the player with themselves."""
    people = setup.people
    if not name or not people:
        return setup
    first = people[0]
    player = setup.players[first]
    taken = {p.name.casefold() for s, p in enumerate(setup.players) if s != first}
    if player.given != person_name(first, len(people)) or name.casefold() in taken:
        return setup
    players = tuple(replace(p, given=name) if s == first else p for s, p in enumerate(setup.players))
    return replace(setup, players=players)


def setup_of_record(rules: Rules, data: Mapping[str, Any]) -> GameSetup:
    """Who sat where, as the record says; a record without (good) players gets "Seat 1"..., people all.

    A player named against the name rule is refused (NameRefused, one line naming the player), never
    shown: the record is someone else's, but what it makes us draw is ours.
    """
    try:
        return GameSetup.from_record(rules, None, dict(data))
    except NameRefused:
        raise
    except ValueError:
        players = tuple(Player(f"Seat {s + 1}", "person") for s in range(rules.seats))
        return GameSetup(rules=rules, players=players)


def add_game_flags(p: argparse.ArgumentParser,
                   seats_help: str = N_("number of seats (starts at once)")) -> None:
    """The flags that shape a game, shared by `allfives` (play) and `allfives host`; with `--lang`
    (allfives.cli has chosen the language before any parser is made, so their help speaks it)."""
    for flag in game_flags():
        flag.add_to(p, seats_help if flag.dest == "seats" else None)
    delay = p.add_argument("--bot-delay", type=float, metavar="SECONDS", default=None)
    # The default is written as this language writes numbers (Babel) only when the help is shown: its
    # locale data costs a first screen about 20 ms. argparse fills `%(name)s` from the action's fields.
    delay.help = _("the bots' pace (0 is instant; default {seconds})").replace("%", "%%").format(
        seconds="%(default_shown)s")
    delay.default_shown = ShownLater(lambda: number(DEFAULT_BOT_DELAY, 1))  # type: ignore[attr-defined]
    add_language_flag(p)


class ShownLater:
    """A value in a help string made only when the help is shown (`str()`), not when the parser is."""

    def __init__(self, make: Callable[[], str]) -> None:
        self.make = make

    def __str__(self) -> str:
        return self.make()


# -- the deal code ------------------------------------------------------------
# A short typeable code that makes a game's deals again (`allfives --deals CODE`; allfives.play.deals
# compares two games played on it). A code is 20 characters of Crockford's base 32 (0-9 and A-Z without
# I, L, O and U; read in either case, with O read as 0 and I, L as 1), grouped `K7QM-2XPD-…`. Its 19
# data characters hold 95 bits: the game's secret (60), a version (3) and the rules and seats (32), laid
# out by allfives.play.code_layout (made from the declared house rules and levels, a layout a version),
# and the 20th is a check character: the sum over GF(32) of each character times α to the power of its
# place from the end, so any one character mistyped and any two neighbours swapped are caught.
#
# Each hand's secret follows from the game's secret (`engine.deal.hand_secret`), so every hand is still
# dealt, committed to and shown by RECORD.md's "Fair deals" rule; the bots' seeds follow from it too
# (`derived_seed`). The code says which deals a game had without showing them: a game keeps it private
# (its save holds it; a record and the history get it once the game is over).

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {c: n for n, c in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
LENGTH = 20  # characters, the check character among them
GROUP = 4
SECRET_BITS = code_layout.SECRET_BITS
_MAX_TYPED = 64  # anything longer is not a code mistyped: refused before it is read
FIELD = "deal_code"  # the record's and the save's field


class DealCodeError(ValueError):
    """A text that is no deal code; its message says why in the player's words (never quoting the text)."""


def _times_alpha(x: int) -> int:
    """x times α in GF(32) = GF(2)[α]/(α⁵ + α² + 1)."""
    x <<= 1
    return x ^ 0b100101 if x & 0b100000 else x


def _check_value(values: Sequence[int]) -> int:
    """Σ values[i]·α^(n-i) over GF(32) (Horner's rule): nonzero weights, all different, so one wrong
    character or two neighbours swapped always change it."""
    total = 0
    for v in values:
        total = _times_alpha(total ^ v)
    return total


@dataclass(frozen=True)
class DealCode:
    """What makes a game's deals: the rules they depend on, who sits where, and the game's secret."""

    rules: Rules
    who: tuple[str, ...]  # per seat: "person" or a bot's level
    secret: int = field(repr=False)  # SECRET_BITS bits at most (never in a log line by mistake)
    # The layout's version it was read in (None: the lowest that says it, as a new code is written)
    version: int | None = field(default=None, compare=False, repr=False)

    # -- making ---------------------------------------------------------

    @classmethod
    def fresh(cls, setup: GameSetup) -> DealCode:
        """A new code for this setup, its secret from the operating system's cryptographic source."""
        who = _who(setup)
        version = code_layout.lowest(code_layout.params_of(setup.rules, who))
        if version is None:
            raise ValueError("no deal code says this setup")
        return cls(setup.rules, who, secrets.randbits(code_layout.secret_bits(version)))

    @classmethod
    def fits(cls, setup: GameSetup) -> bool:
        """Whether a code can say this setup (its rules and levels in some version, at most four seats)."""
        return code_layout.lowest(code_layout.params_of(setup.rules, _who(setup))) is not None

    @property
    def text(self) -> str:
        """The code as a person types it: `K7QM-2XPD-…`."""
        params = code_layout.params_of(self.rules, self.who)
        version = self.version if self.version is not None else code_layout.lowest(params)
        if version is None:
            raise ValueError("no deal code says this game")
        number = code_layout.pack(version, params, self.secret)
        values = [number >> (5 * i) & 31 for i in reversed(range(LENGTH - 1))]
        chars = "".join(ALPHABET[v] for v in (*values, _check_value(values)))
        return "-".join(chars[i:i + GROUP] for i in range(0, LENGTH, GROUP))

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, typed: str) -> DealCode:
        """The code a person typed (spaces and dashes anywhere, either case); DealCodeError saying why
        it is none: too short or long, a character no code has, the check failing, a game it cannot be."""
        if not isinstance(typed, str) or len(typed) > _MAX_TYPED:
            raise DealCodeError(_("That is not a deal code: it is far too long."))
        chars = [c for c in typed.upper() if c not in " -\t"]
        if any(c not in _VALUE for c in chars):
            raise DealCodeError(_("That is not a deal code: a code has only the digits and the letters "
                                  "A to Z without U."))
        if len(chars) != LENGTH:
            raise DealCodeError(_("A deal code has {length} letters and digits; that one has {n}.")
                                .format(length=LENGTH, n=len(chars)))
        values = [_VALUE[c] for c in chars]
        if _check_value(values[:-1]) != values[-1]:
            raise DealCodeError(_("That deal code has a typo: its last character does not check."))
        number = 0
        for v in values[:-1]:
            number = number << 5 | v
        return cls._unpack(number)

    @classmethod
    def _unpack(cls, number: int) -> DealCode:
        from allfives.engine import Rules
        from allfives.engine.options import house_rule_values

        try:
            version, p, secret = code_layout.unpack(number)
        except code_layout.Foreign:
            raise DealCodeError(_("That deal code is not one this version of allfives makes.")) from None
        rules = Rules(seats=p.seats, partnership=p.partnership, hand_size=p.hand_size, target=p.target,
                      **house_rule_values(dict(p.switches)))
        return cls(rules, p.who, secret, version)

    # -- what it makes --------------------------------------------------

    @property
    def game_secret(self) -> bytes:
        """The key every hand's secret and the bots' seeds are derived from."""
        return b"allfives deals " + self.secret.to_bytes(8, "big")

    def hand_secret(self, hand_number: int) -> bytes:
        """The secret of the game's `hand_number`-th hand (from 1), dealt by RECORD.md's rule."""
        from allfives.engine.deal import hand_secret  # (Pydantic's engine: not before a game is dealt)

        return hand_secret(self.game_secret, hand_number)

    @property
    def bots_seed(self) -> int:
        """The seed of the bots' own stream: the same bots play the same way on the same moves."""
        from allfives.engine.deal import derived_seed

        return derived_seed(self.game_secret, "bots")

    def setup(self, name: str | None = None, bot_delay: float | None = None) -> GameSetup:
        """A new game on these deals: people and bots in the same seats, the same rules and bots' seeds;
        `name`: the (first) person's, else the stand-in."""
        people = self.who.count("person")
        players = []
        for seat, kind in enumerate(self.who):
            if kind == "person":
                first = seat == self.who.index("person")
                players.append(Player(name if first and name else person_name(seat, people), "person"))
            else:
                players.append(Player(BOT_NAMES[seat], "bot", kind))
        return GameSetup(rules=self.rules, players=tuple(players), deals=self,
                         bot_delay=DEFAULT_BOT_DELAY if bot_delay is None else bot_delay)


def _who(setup: GameSetup) -> tuple[str, ...]:
    return tuple("person" if p.is_person else p.level for p in setup.players)


def of_setup(setup: GameSetup) -> DealCode | None:
    """The code a new local game gets: none for a seeded game (its seed says its deals) or one a code
    cannot say."""
    if setup.seed is not None or setup.deals is not None or not DealCode.fits(setup):
        return setup.deals
    return DealCode.fresh(setup)


def read_code(value: Any) -> DealCode | None:
    """A record's or save's `deal_code` field (None when absent; ValueError when it is no code)."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"{FIELD}: not a deal code")
    try:
        return DealCode.parse(value)
    except DealCodeError:
        raise ValueError(f"{FIELD}: not a deal code") from None
