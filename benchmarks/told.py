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

`--model-deals 200` adds the best reading of the plays there is against hard: each guessed deal
weighed by whether hard itself (another seed, the same effort), holding that deal's hand as it was
at each of the opponent's plays, would have made it. About 10 minutes a game.
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


# the opponent's plays this hand: (history index, its view then, the move)
Observed = list[tuple[int, Seen, tuple[int, int, int]]]
MODEL_EPS = (0.02, 0.1, 0.3)  # how likely a play hard would not make is, for the model's reading


def knowledge(games: int, deals: int = 400, model_deals: int = 0, first: int = 0
              ) -> tuple[dict[str, tuple[float, float]], dict[str, int]]:
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
    model = HardBot(seed=99, simulations=20) if model_deals else None
    for g in range(first, first + games):
        players = [make_bot("expert", seed=3 * g + 1, simulations=20),
                   make_bot("hard", seed=3 * g + 2, simulations=20)]
        table = core.Table(rules)
        hands = 0
        while table.phase != core.GAME_OVER and hands < 10:
            table.deal_next(5000 + g)
            hands += 1
            pick = random.Random(100 * g + hands)
            told = {k: set(pick.sample(sorted(table.hands[1]), k)) for k in (2, 4, 6)}
            observed: Observed = []
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
                        add("card counting" if not strength else f"counting + inference {strength}",
                            chances_on_truth(weights, guesses, hidden, held))
                    if model is not None:
                        few = guesses[:model_deals]
                        matches = read_by_model(few, sampler, model, observed)
                        evidence = Evidence(seen, sampler.voids, 0.1)
                        readers = {"model: counting": [1.0] * len(few),
                                   "model: inference 0.1": [evidence.weight(h) for h in few]}
                        for eps in MODEL_EPS:
                            readers[f"model: hard's own play, eps {eps}"] = [
                                math.prod(1.0 if m else eps for m in ms) for ms in matches]
                        for name, weights in readers.items():
                            add(name, chances_on_truth(weights, few, hidden, held))
                move = players[table.turn].choose_on_table(table, table.turn)
                if model is not None and table.turn == 1 and move[0] == core.PLAY:
                    observed.append((len(table.history), seen_from_table(table, 1), move))
                table.apply(*move)
    return {name: (s[0] / s[2], s[1] / s[2]) for name, s in sums.items()}, counts


def chances_on_truth(weights: list[float], guesses: list[list[list[int]]], hidden: list[int],
                     held: set[int]) -> list[float]:
    """The chance the weighed guesses put on each hidden tile's true place (opponent's hand or boneyard)."""
    total = sum(weights)
    chances = []
    for t in hidden:
        p = sum(w for w, h in zip(weights, guesses, strict=True) if t in h[1]) / total
        chances.append(p if t in held else 1 - p)
    return chances


def read_by_model(guesses: list[list[list[int]]], sampler: Sampler, model: HardBot,
                  observed: Observed) -> list[list[bool]]:
    """For each guess, whether hard itself, holding the guessed hand as it was then, makes each of the
    opponent's plays so far: the likeliest reading of plays there is, for an opponent that is hard."""
    born = sampler.voids.born[1]
    later = [(index, tile, sampler.voids.play_born.get(index, -1))
             for index, (seat, kind, tile, _, _) in enumerate(sampler.seen.history)
             if seat == 1 and kind == core.PLAY]
    out = []
    for hands in guesses:
        matches = []
        for when, seen, move in observed:
            held = [t for t, b in zip(hands[1], born, strict=False) if b < when]
            held += [t for at, t, b in later if at >= when and b < when]
            matches.append(model.decide(seen._replace(hand=tuple(sorted(held)))) == move)
        out.append(matches)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="What each kind of knowledge tells about the hidden hand")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--model-deals", type=int, default=0,
                        help="also read the plays through hard's own decisions, on this many of the deals")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (to split a run)")
    args = parser.parse_args()
    table, counts = knowledge(args.games, model_deals=args.model_deals, first=args.first)
    print(f"{'knowledge':32} {'mean chance':>12} {'mean log':>9}")
    for name, (chance, log) in table.items():
        print(f"{name:32} {chance:12.3f} {log:9.3f}")
    n, full = counts["decisions"], counts["boneyard not empty"]
    print(f"{n} of expert's decisions measured, {full} of them with tiles in the boneyard")


if __name__ == "__main__":
    main()
