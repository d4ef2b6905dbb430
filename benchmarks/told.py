"""Benchmark-only bots told part of the opponent's hand: what is knowing k hidden tiles worth?

`told4` is hard in every respect but one: at the start of each hand it is told 4 of its
opponent's tiles (chosen at random), and every deal it searches puts those tiles, while
still unplayed, in the opponent's hand. `told9` knows the whole dealt hand, as `oracle-hands`
does. Set beside expert, whose only extra knowledge is what it infers from the plays, they say
how much of oracle-hands' edge any reading of the hidden hand could hope to win back.
Two seats only. Run through expert_screen.py:

    python benchmarks/expert_screen.py told4 hard --games 100 --seed 1 --out screens

Run alone, it measures what each kind of knowledge tells about the hidden hand, at expert's
decisions in expert-v-hard games: the mean chance put on each hidden tile's true place
(opponent's hand or boneyard), and its mean log, for card counting and inference against being
told tiles (about 8 minutes for 12 games):

    python benchmarks/told.py --games 12
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable

from allfives.bots import make_bot
from allfives.bots.inference import Evidence
from allfives.bots.knowledge import Sampler, Seen, hidden_tiles, seen_from_table, table_for
from allfives.bots.players import HardBot
from allfives.engine import Rules, core

REJECT = 200  # fair draws tried before the told tiles are moved into a guessed hand by force


class Told(HardBot):
    """Hard, told `told` of the opponent's tiles at the start of every hand."""

    level = "told"
    told = 0

    def __init__(self, seed: int | None = None, simulations: int | None = None,
                 time_budget: float = 1.0) -> None:
        super().__init__(seed, simulations, time_budget)
        self.hand: tuple[int, ...] | None = None
        self.known: list[int] = []
        self.now: set[int] = set()

    def choose_on_table(self, table: core.Table, seat: int) -> tuple[int, int, int]:
        if table.rules.seats != 2:
            raise ValueError("told bots play two seats only")
        opp = 1 - seat
        hand = (table.hand_index, *table.scores)
        if hand != self.hand:
            played = [t for s, kind, t, _, _ in table.history if s == opp and kind == core.PLAY]
            dealt = sorted(table.hands[opp] + played)
            self.hand = hand
            pick = random.Random(hash((self.seed, hand)) & 0xFFFFFFFF)  # ints hash alike in every run
            self.known = pick.sample(dealt, min(self.told, len(dealt)))
        self.now = {t for t in self.known if t in table.hands[opp]}
        return super().choose_on_table(table, seat)

    def guesses(self, seen: Seen, rng: random.Random) -> Callable[[], core.Table]:
        sampler = Sampler(seen)
        opp = 1 - seen.seat
        need = self.now
        tries = REJECT if len(need) <= 4 else 0  # past 4 a fair draw almost never holds them all

        def deal() -> core.Table:
            for _ in range(tries):
                hands, boneyard = sampler.sample(rng)
                if need <= set(hands[opp]):
                    return table_for(seen, hands, boneyard)
            hands, boneyard = sampler.sample(rng)
            held = hands[opp]
            spare = [t for t in held if t not in need]
            rng.shuffle(spare)
            for t in need - set(held):
                out = spare.pop()
                held[held.index(out)] = t
                boneyard[boneyard.index(t)] = out
            return table_for(seen, hands, boneyard)
        return deal


def levels() -> dict[str, type[Told]]:
    """The told bots the screens know: told2, told4, told6, told9."""
    return {f"told{k}": type(f"told{k}", (Told,), {"told": k, "level": f"told{k}"}) for k in (2, 4, 6, 9)}


def knowledge(games: int, deals: int = 400) -> tuple[dict[str, tuple[float, float]], dict[str, int]]:
    """(mean chance on each hidden tile's true place, mean log of it) for every kind of knowledge;
    and how many of the decisions measured came while the boneyard still held tiles."""
    strengths = (0.0, 0.1, 0.2, 0.5, 1.0)
    sums: dict[str, list[float]] = {}

    def add(name: str, chances: list[float]) -> None:
        s = sums.setdefault(name, [0.0, 0.0, 0])
        s[0] += sum(chances)
        s[1] += sum(math.log(max(p, 1e-3)) for p in chances)
        s[2] += len(chances)

    counts = {"decisions": 0, "boneyard not empty": 0}
    rules = Rules(seats=2).to_core()
    for g in range(games):
        players = [make_bot("expert", seed=3 * g + 1, simulations=20),
                   make_bot("hard", seed=3 * g + 2, simulations=20)]
        table = core.Table(rules)
        hands = 0
        while table.phase != core.GAME_OVER and hands < 10:
            table.deal_next(5000 + g)
            hands += 1
            pick = random.Random(100 * g + hands)
            told = {k: set(pick.sample(sorted(table.hands[1]), k)) for k in (2, 4, 6)}
            while table.phase == core.PLAYING:
                if table.turn == 0 and table.history and len(table.legal_moves()) > 1:
                    seen = seen_from_table(table, 0)
                    counts["decisions"] += 1
                    counts["boneyard not empty"] += bool(table.boneyard)
                    hidden = hidden_tiles(seen)
                    held = set(table.hands[1])
                    k, u = len(held), len(hidden)
                    add("hand size only", [k / u if t in held else 1 - k / u for t in hidden])
                    for n, known in told.items():
                        pinned = len(known & held)
                        rest = max(1, u - pinned)
                        add(f"told {n} dealt tiles", [1.0] * pinned + [(k - pinned) / rest] * (k - pinned)
                            + [(u - k) / rest] * (u - k))
                    sampler = Sampler(seen)
                    rng = random.Random(len(table.history))
                    guesses = [sampler.sample(rng)[0] for _ in range(deals)]
                    for strength in strengths:
                        evidence = Evidence(seen, sampler.voids, strength)
                        weights = [evidence.weight(h) if strength else 1.0 for h in guesses]
                        total = sum(weights)
                        chances = []
                        for t in hidden:
                            p = sum(w for w, h in zip(weights, guesses, strict=True) if t in h[1]) / total
                            chances.append(p if t in held else 1 - p)
                        add("card counting" if not strength else f"counting + inference {strength}", chances)
                table.apply(*players[table.turn].choose_on_table(table, table.turn))
    return {name: (s[0] / s[2], s[1] / s[2]) for name, s in sums.items()}, counts


def main() -> None:
    parser = argparse.ArgumentParser(description="What each kind of knowledge tells about the hidden hand")
    parser.add_argument("--games", type=int, default=12)
    args = parser.parse_args()
    table, counts = knowledge(args.games)
    print(f"{'knowledge':32} {'mean chance':>12} {'mean log':>9}")
    for name, (chance, log) in table.items():
        print(f"{name:32} {chance:12.3f} {log:9.3f}")
    n, full = counts["decisions"], counts["boneyard not empty"]
    print(f"{n} of expert's decisions measured, {full} of them with tiles in the boneyard")


if __name__ == "__main__":
    main()
