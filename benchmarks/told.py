"""Benchmark-only bots told part of the opponent's hand: what is knowing k hidden tiles worth?

`told4` is hard in every respect but one: at the start of each hand it is told 4 of its
opponent's tiles (chosen at random), and every deal it searches puts those tiles, while
still unplayed, in the opponent's hand. `told9` knows the whole dealt hand, as `oracle-hands`
does. Set beside expert, whose only extra knowledge is what it infers from the plays, they say
how much of oracle-hands' edge any reading of the hidden hand could hope to win back.
Two seats only. Run through expert_screen.py:

    python benchmarks/expert_screen.py told4 hard --games 100 --seed 1 --out screens
"""

from __future__ import annotations

import random
from collections.abc import Callable

from allfives.bots.knowledge import Sampler, Seen, table_for
from allfives.bots.players import HardBot
from allfives.engine import core

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
