"""One of expert's Plan knobs changed, paired against its plan as it is (issue 22): in each of K
random kingdoms (namespace "knob" + TAG), expert's first candidate plan plays `hard` on SEEDS
seeds, both seats, with the knobs as they are and with those given as JSON; prints the change
in the share of wins (points) with a 95% interval over the kingdoms. No thinking before the
first turn, so a run of 400 kingdoms and 10 seeds takes about 45 s on 2 cores:

    python benchmarks/plan_knobs.py 400 10 '{"province_money": 0}' b
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import replace
from multiprocessing import Pool
from typing import Any

from head_to_head import interval  # this folder: run as python benchmarks/plan_knobs.py

from dominion_tui.bots.expert import candidates, match
from dominion_tui.simulate import random_kingdom


def one(args: tuple[int, int, dict, str]) -> tuple[float, float]:
    """Kingdom i: (the knobs' share less the plan's, the plan's share)."""
    i, seeds_n, knobs, tag = args
    kingdom, lands = random_kingdom(random.Random(f"knob{tag}:{i}"))
    base = candidates(kingdom)[0]
    changed = replace(base, plan=replace(base.plan, **knobs))
    rng = random.Random(f"knobseed:{i}")
    seeds = [rng.randrange(10**9) for _ in range(seeds_n)]

    def share(s: Any) -> float:
        return sum(match(kingdom, lands, s, g, first) for g in seeds for first in (True, False)) / (2 * len(seeds))

    a = share(base)
    return share(changed) - a, a


def main(argv: list[str]) -> None:
    k, seeds, knobs = int(argv[0]), int(argv[1]), json.loads(argv[2])
    tag = argv[3] if len(argv) > 3 else ""
    with Pool(2) as pool:
        rows = pool.map(one, [(i, seeds, knobs, tag) for i in range(k)])
    mean, half = interval([d for d, _ in rows])
    base = 100 * sum(a for _, a in rows) / len(rows)
    print(f"{knobs}: the plan {base:.1f}%, changed {100 * mean:+.2f} +- {100 * half:.2f} points", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
