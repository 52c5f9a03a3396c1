"""How much expert's choice of plan loses to noise (issue 22): in each of K random kingdoms, the
plan chosen with the seeds per round of ROUNDS and of three older choices (4, 4, 6, 10 seeds; twice
and three times as many), and the best candidate found by 60 games each, are each
judged on 60 fresh games against `hard` (30 seeds, both seats). Slow: about 30 s a kingdom.
Run by hand: python benchmarks/expert_seeds.py [K]"""

from __future__ import annotations

import random
import sys

from dominion_tui.bots import expert
from dominion_tui.bots.expert import Strategy, candidates, choose, match
from dominion_tui.simulate import random_kingdom


def value(kingdom: list[str], landscapes: list[str], s: Strategy, seeds: list[int]) -> float:
    return sum(match(kingdom, landscapes, s, g, first) for g in seeds for first in (True, False)) / (2 * len(seeds))


def main(kingdoms: int) -> None:
    base = expert.ROUNDS
    rounds = {"4,4,6,10": (4, 4, 6, 10), "8,8,12,20": (8, 8, 12, 20), "12,12,18,30": (12, 12, 18, 30)}
    rounds[",".join(map(str, base)) + " (now)"] = base
    totals = dict.fromkeys([*rounds, "best by 60 games"], 0.0)
    for i in range(kingdoms):
        kingdom, landscapes = random_kingdom(random.Random(f"noise:{i}"))
        rng = random.Random(f"fresh:{i}")
        judge, fresh = ([rng.randrange(10**9) for _ in range(30)] for _ in range(2))
        row = {}
        for name, seeds in rounds.items():
            expert.ROUNDS = seeds
            row[name] = value(kingdom, landscapes, choose(kingdom, landscapes, i), fresh)
        expert.ROUNDS = base
        best = max(candidates(kingdom), key=lambda s: value(kingdom, landscapes, s, judge))
        row["best by 60 games"] = value(kingdom, landscapes, best, fresh)
        for k, v in row.items():
            totals[k] += v
        print(i, {k: round(v, 2) for k, v in row.items()}, flush=True)
    print("Average on fresh games: " + ", ".join(f"{k} {100 * v / kingdoms:.1f}%" for k, v in totals.items()))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
