"""One of expert's Plan knobs changed, paired against its plan as it is (issue 22): in each of K
random kingdoms (namespace "knob" + TAG), expert's first candidate plan plays `hard` on SEEDS
seeds, both seats, with the knobs as they are and with those given as JSON; prints the change
in the share of wins (points) with a 95% interval over the kingdoms. No thinking before the
first turn, so a run of 400 kingdoms and 10 seeds takes about 45 s on 2 cores:

    python benchmarks/plan_knobs.py 400 10 '{"province_money": 0}' b
    python benchmarks/plan_knobs.py 300 10 '{"gold_before_second": false}' c two

`two`: the first candidate of two or more cards instead, in the kingdoms that have one (a knob
that only such plans feel). `cards`: also the change by the plan's first card, worst first: a
knob that costs one card's plans only hides in the mean (expert's second Coven waited for a Gold,
found by kingdom at stop 58: +3.8 points in Coven's kingdoms once bought first).

    python benchmarks/plan_knobs.py 400 10 '{"gold_first": 4}' b cards
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


def one(args: tuple[int, int, dict, str, bool]) -> tuple[float, float, str] | None:
    """Kingdom i: (the knobs' share less the plan's, the plan's share, its first card or label);
    None: no such plan."""
    i, seeds_n, knobs, tag, two = args
    kingdom, lands = random_kingdom(random.Random(f"knob{tag}:{i}"))
    pool = [s for s in candidates(kingdom) if not two or len(s.cards or ()) >= 2]
    if not pool:
        return None
    base = pool[0]
    changed = replace(base, plan=replace(base.plan, **knobs))
    rng = random.Random(f"knobseed:{i}")
    seeds = [rng.randrange(10**9) for _ in range(seeds_n)]

    def share(s: Any) -> float:
        return sum(match(kingdom, lands, s, g, first) for g in seeds for first in (True, False)) / (2 * len(seeds))

    a = share(base)
    return share(changed) - a, a, base.cards[0][0] if base.cards else base.label


def main(argv: list[str]) -> None:
    k, seeds, knobs = int(argv[0]), int(argv[1]), json.loads(argv[2])
    tag = argv[3] if len(argv) > 3 else ""
    two, by_card = "two" in argv[4:], "cards" in argv[4:]
    with Pool(2) as pool:
        rows = [r for r in pool.map(one, [(i, seeds, knobs, tag, two) for i in range(k)]) if r is not None]
    mean, half = interval([d for d, _, _ in rows])
    base = 100 * sum(a for _, a, _ in rows) / len(rows)
    print(
        f"{knobs}, {len(rows)} kingdoms: the plan {base:.1f}%, changed {100 * mean:+.2f} +- {100 * half:.2f} points",
        flush=True,
    )
    if by_card:
        groups: dict[str, list[tuple[float, float]]] = {}
        for d, a, card in rows:
            groups.setdefault(card, []).append((d, a))
        for card, g in sorted(groups.items(), key=lambda kv: sum(d for d, _ in kv[1])):
            d_mean, a_mean = (100 * sum(x[j] for x in g) / len(g) for j in (0, 1))
            share = 100 * sum(d for d, _ in g) / len(rows)
            print(f"  {card}: {len(g)} kingdoms, the plan {a_mean:.1f}%, changed {d_mean:+.1f} ({share:+.2f} of all)")


if __name__ == "__main__":
    main(sys.argv[1:])
