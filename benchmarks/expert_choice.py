"""How good a plan expert's choose() picks (issue 22): in each of K random kingdoms (namespace
"choice:"), the chosen plan judged on 60 fresh games against `hard` (30 seeds, both seats).
Run it once per version of the code (PYTHONPATH at a detached copy of main for main's), each
writing its per-kingdom values to a file, then pair the files:

    python benchmarks/expert_choice.py run K|FROM:TO OUT.jsonl [CACHE.json]
    python benchmarks/expert_choice.py pair BASE.jsonl MINE.jsonl

CACHE keeps each (kingdom, plan)'s fresh value, so a plan another version chose too is not
played again (a plan's games are seeded: the same value). About 5-10 s a kingdom on 2 cores."""

from __future__ import annotations

import json
import math
import os
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

from dominion_tui.bots import expert
from dominion_tui.bots.expert import Strategy, choose
from dominion_tui.simulate import random_kingdom


def fresh_value(kingdom: list[str], landscapes: list[str], s: Strategy, i: int) -> float:
    rng = random.Random(f"choice-fresh:{i}")
    seeds = [rng.randrange(10**9) for _ in range(30)]
    games = [(0, g, first) for g in seeds for first in (True, False)]
    return sum(won for won, *_ in expert.played(kingdom, landscapes, [s], games)) / len(games)


def run(kingdoms: range, out: str, cache_path: str | None) -> None:
    cache = json.loads(Path(cache_path).read_text()) if cache_path and os.path.exists(cache_path) else {}
    with open(out, "w") as f:
        for i in kingdoms:
            kingdom, landscapes = random_kingdom(random.Random(f"choice:{i}"))
            start = time.perf_counter()
            s = choose(kingdom, landscapes, i)
            think = time.perf_counter() - start
            key = f"{i}:{replace(s, label='')!r}"
            if key not in cache:
                cache[key] = fresh_value(kingdom, landscapes, s, i)
                if cache_path:
                    Path(cache_path).write_text(json.dumps(cache))
            row = {"i": i, "label": s.label, "value": cache[key], "think": round(think, 2)}
            f.write(json.dumps(row) + "\n")
            f.flush()
            print(row, flush=True)


def pair(base: str, mine: str) -> None:
    a = {r["i"]: r for r in map(json.loads, Path(base).read_text().splitlines())}
    b = {r["i"]: r for r in map(json.loads, Path(mine).read_text().splitlines())}
    common = sorted(set(a) & set(b))
    diffs = []
    for i in common:
        d = b[i]["value"] - a[i]["value"]
        diffs.append(d)
        if a[i]["label"] != b[i]["label"]:
            print(f"{i}: {a[i]['value']:.2f} {a[i]['label']!r} -> {b[i]['value']:.2f} {b[i]['label']!r}")
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
    va = sum(a[i]["value"] for i in common) / n
    vb = sum(b[i]["value"] for i in common) / n
    same = sum(a[i]["label"] == b[i]["label"] for i in common)
    print(
        f"K={n}: base {100 * va:.1f}%, mine {100 * vb:.1f}%, diff {100 * mean:+.2f} +- {100 * se:.2f} (same plan in {same})"
    )


if __name__ == "__main__":
    if sys.argv[1] == "run":
        start, _, end = sys.argv[2].rpartition(":")  # K, or FROM:TO to add kingdoms to a run
        run(range(int(start or 0), int(end)), sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else None)
    else:
        pair(sys.argv[2], sys.argv[3])
