"""Who sits at the table and how the game is set up: plain data shared by screens, session and save."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from allfives.bots import LEVELS
from allfives.engine.core import MAX_TARGET, SEED_LIMIT, TARGETS, VARIANTS, seed_problem, variant_hand_size
from allfives.engine.values import describe
from allfives.i18n import N_, _, add_language_flag, number
from allfives.names import NAME_LENGTH, player_name, visible

if TYPE_CHECKING:
    from allfives.engine import Rules
    from allfives.play.deals import DealCode

DEFAULT_BOT_DELAY = 0.8  # also hard's thinking budget: every bot move lands after the same pause
SEEDED_SIMULATIONS = 200  # a fixed search size makes seeded bots repeat themselves exactly
# ... sized per level to take about as long: an expert's deal costs about twice a hard one's
SEEDED_SIMULATIONS_FOR = {"expert": 100}

Kind = Literal["person", "bot"]


class NameRefused(ValueError):
    """A player's name breaks the name rule (`allfives.names`): the one-line message names the player."""


@dataclass(frozen=True)
class Player:
    """One seat: a person at the terminal or a bot of some level. Its name keeps the name rule (a
    Player is never made with a name no screen could show: ValueError)."""

    name: str
    kind: Kind = "bot"
    level: str = "medium"

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", player_name(self.name))

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
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: Any, seat: int | None = None) -> Player:
        """A player as a record, a save or a saved table has it (seat `seat`, counted from 0); a name
        that breaks the rule raises NameRefused, naming the player and why."""
        if not isinstance(data, dict) or data.get("kind") not in ("person", "bot"):
            # (the kinds as a record writes them: data)
            raise ValueError(_("a player needs a kind: {person} or {bot}").format(person="person", bot="bot"))
        level = data.get("level", "medium")
        if level not in LEVELS:
            raise ValueError(_("unknown bot level {found}").format(found=describe(level)))
        raw = data.get("name", "?")
        try:
            name = player_name(raw)
        except ValueError as e:
            raise NameRefused(f"{named(raw, seat)} is refused: {e}") from None
        return cls(name=name, kind=data["kind"], level=level)


def named(raw: object, seat: int | None = None) -> str:
    """`player 2's name "Eve…"`, for a message: the name as a terminal may show it, cut short."""
    who = f"player {seat + 1}'s name" if seat is not None else "a player's name"
    if not isinstance(raw, str):
        return who
    shown = visible(raw)
    return f'{who} "{shown[:NAME_LENGTH + 4]}{"…" if len(shown) > NAME_LENGTH + 4 else ""}"'


def default_players(seats: int, people: int = 1, level: str = "medium") -> tuple[Player, ...]:
    """Seat 0 (and the next `people - 1` seats) for people, the rest bots."""
    out = []
    for seat in range(seats):
        if seat < people:
            out.append(Player(person_name(seat, people), "person", level))
        else:
            out.append(Player(BOT_NAMES[seat], "bot", level))
    return tuple(out)


# The levels as a person reads them (the ids stay in records, saves and flags): `_()` where shown.
LEVEL_NAMES = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"), "expert": N_("expert")}
BOT_NAMES = ("Ada", "Ben", "Cleo", "Dan")
# People at one terminal until they give their own names: short and unlike each other and the bots',
# so the sheet, the log and the prompts tell everyone apart.
PERSON_NAMES = ("Kim", "Lou", "Max", "Nia")


def person_name(seat: int, people: int) -> str:
    """A person's name until they give one: `You` when alone with bots, else one of PERSON_NAMES."""
    return "You" if people == 1 else PERSON_NAMES[seat]


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
    # The game's deal code (allfives.play.deals): each hand's secret and the bots' seeds follow from it.
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
        from allfives.play.deals import read_code

        deals = None if seeded else read_code(data.get("deal_code"))
        if deals is not None and (deals.rules != rules or len(deals.who) != len(raw)):
            raise ValueError(_("{field}: not this game's").format(field="deal_code"))
        return cls(rules=rules, players=tuple(Player.from_json(p, seat) for seat, p in enumerate(raw)),
                   seed=seed if seeded else None, bot_delay=float(delay), history_id=history_id,
                   bots_seed=bots_seed, practice=data.get("practice") is True, deals=deals)


def add_game_flags(p: argparse.ArgumentParser,
                   seats_help: str = N_("number of seats (starts at once)")) -> None:
    """The flags that shape a game, shared by `allfives` (play) and `allfives host`; with `--lang`
    (allfives.cli has chosen the language before any parser is made, so their help speaks it)."""
    p.add_argument("--seats", type=int, choices=(2, 3, 4), help=_(seats_help))
    p.add_argument("--seed", type=int, help=_("seed the deals and bots: the same seed plays the same game"))
    p.add_argument("--level", choices=LEVELS, help=_("every bot's level (default medium)"))
    p.add_argument("--target", type=int, help=_("points to win (default 250 for 2 seats, else 200)"))
    p.add_argument("--variant", choices=VARIANTS, help=_("hand sizes: standard, five_each or seven_five"))
    p.add_argument("--cut-throat", action="store_true", help=_("4 seats, every player for themselves"))
    p.add_argument("--muggins", action="store_true", help=_("going out scores the others' pips"))
    p.add_argument("--finish-hand", action="store_true", help=_("play the hand out before a win"))
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


def rules_from(args: argparse.Namespace) -> Rules:
    """The rules those flags ask for (ValueError, one line, for a bad combination)."""
    seats = args.seats or 2
    if args.target is not None and not 1 <= args.target <= MAX_TARGET:
        raise ValueError(_("--target must be between 1 and {most}").format(most=MAX_TARGET))
    if args.seed is not None and (problem := seed_problem(args.seed)):
        raise ValueError(f"--seed: {problem}")
    if args.bot_delay is not None and not 0 <= args.bot_delay <= 10:
        raise ValueError(_("--bot-delay must be between 0 and 10 seconds"))
    from allfives.engine import Rules

    # Every field is set here from flags already checked (seats and variant are argparse choices, whose
    # hand sizes all fit in 28 tiles; partners only at four seats; the target above), so no validator is
    # built before the first screen: building the first one costs more than the rest of the rules.
    # tests/ui/test_startup.py checks that validation agrees for every combination of flags.
    return Rules.model_construct(
        seats=seats, partnership=seats == 4 and not args.cut_throat,
        hand_size=variant_hand_size(seats, args.variant or "standard"),
        target=TARGETS[seats] if args.target is None else args.target,
        end_of_hand="muggins" if args.muggins else "deduct",
        win_check="finish_hand" if args.finish_hand else "immediate")
