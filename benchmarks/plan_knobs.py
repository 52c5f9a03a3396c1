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

`chosen=FILE`: the plan expert chooses for the kingdom (expert.choose, thought once and kept in
FILE, about 3 s a kingdom), not the first candidate. A knob can win on the first candidate and
lose on the plans chosen (the penultimate Province rule at stop 62: +0.3 to +0.4 points on the
first, -0.44 +- 0.20 on the plans chosen), so a change is judged here before it is kept. A value
given as a string is added to the plan's own ('{"duchy_at": "+1"}': each plan's Duchies one
Province sooner). Also printed: the change in games won outright (a shared game counts 0).

    python benchmarks/plan_knobs.py 300 10 '{"duchy_at": "+1"}' c chosen=/tmp/chosen.pkl
"""

from __future__ import annotations

import json
import pickle
import random
import sys
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from head_to_head import interval  # this folder: run as python benchmarks/plan_knobs.py

from dominion_tui.bots.expert import candidates, choose, match
from dominion_tui.bots.plans import Plan
from dominion_tui.simulate import random_kingdom


def one(args: tuple[int, int, dict, str, bool, Any]) -> tuple[float, float, str, float] | None:
    """Kingdom i: (the knobs' share less the plan's, the plan's share, its first card or label,
    the change in games won outright); None: no such plan."""
    i, seeds_n, knobs, tag, two, chosen = args
    kingdom, lands = knob_kingdom(tag, i)
    pool = [chosen] if chosen is not None else [s for s in candidates(kingdom) if not two or len(s.cards or ()) >= 2]
    if not pool:
        return None
    base = pool[0]
    changed = replace(base, plan=shifted(base.plan, knobs))
    rng = random.Random(f"knobseed:{i}")
    seeds = [rng.randrange(10**9) for _ in range(seeds_n)]

    def results(s: Any) -> list[float]:
        return [match(kingdom, lands, s, g, first) for g in seeds for first in (True, False)]

    a, b = results(base), results(changed)
    won = (sum(x == 1 for x in b) - sum(x == 1 for x in a)) / len(a)
    return (sum(b) - sum(a)) / len(a), sum(a) / len(a), base.cards[0][0] if base.cards else base.label, won


def shifted(plan: Plan, knobs: dict) -> Plan:
    """The plan with these knobs; a value given as a string is added to the plan's own."""
    own = {
        k: type(getattr(plan, k))(getattr(plan, k) + float(v)) if isinstance(v, str) else v for k, v in knobs.items()
    }
    return replace(plan, **own)


def knob_kingdom(tag: str, i: int) -> tuple[list[str], list[str]]:
    """Kingdom i of the set TAG: its cards and landscapes (rollouts.py plays the same ones)."""
    return random_kingdom(random.Random(f"knob{tag}:{i}"))


def chosen_plans(path: str, k: int, tag: str) -> list[Any]:
    """expert's chosen plan in each of the K kingdoms, thought once and kept in the file (saved
    after each, so a stopped run keeps what it thought)."""
    kept = pickle.loads(Path(path).read_bytes()) if Path(path).exists() else {}
    for i in range(k):
        if (tag, i) not in kept:
            kingdom, lands = knob_kingdom(tag, i)
            kept[(tag, i)] = choose(kingdom, lands, i)
            Path(path).write_bytes(pickle.dumps(kept))
    return [kept[(tag, i)] for i in range(k)]


def main(argv: list[str]) -> None:
    k, seeds, knobs = int(argv[0]), int(argv[1]), json.loads(argv[2])
    tag = argv[3] if len(argv) > 3 else ""
    two, by_card = "two" in argv[4:], "cards" in argv[4:]
    path = next((a.split("=", 1)[1] for a in argv[4:] if a.startswith("chosen=")), None)
    plans = chosen_plans(path, k, tag) if path else [None] * k
    with Pool(2) as pool:
        jobs = [(i, seeds, knobs, tag, two, plans[i]) for i in range(k)]
        rows = [r for r in pool.map(one, jobs) if r is not None]
    mean, half = interval([d for d, _, _, _ in rows])
    won, won_half = interval([w for _, _, _, w in rows])
    base = 100 * sum(a for _, a, _, _ in rows) / len(rows)
    what = "the plan chosen" if path else "the plan"
    print(
        f"{knobs}, {len(rows)} kingdoms: {what} {base:.1f}%, changed {100 * mean:+.2f} +- {100 * half:.2f} points"
        f" (won outright {100 * won:+.2f} +- {100 * won_half:.2f})",
        flush=True,
    )
    if by_card:
        groups: dict[str, list[tuple[float, float]]] = {}
        for d, a, card, _ in rows:
            groups.setdefault(card, []).append((d, a))
        for card, g in sorted(groups.items(), key=lambda kv: sum(d for d, _ in kv[1])):
            d_mean, a_mean = (100 * sum(x[j] for x in g) / len(g) for j in (0, 1))
            share = 100 * sum(d for d, _ in g) / len(rows)
            print(f"  {card}: {len(g)} kingdoms, the plan {a_mean:.1f}%, changed {d_mean:+.1f} ({share:+.2f} of all)")


if __name__ == "__main__":
    main(sys.argv[1:])
