"""How long expert thinks before its first turn (issue 22: at most 5 s on a 2-core machine),
and which plans it chooses: `python benchmarks/expert_thinking.py [KINGDOMS]` over random
kingdoms as `dominion simulate` deals them."""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from dominion_tui.bots.expert import candidates, choose
from dominion_tui.simulate import random_kingdom


def main(kingdoms: int) -> None:
    times: list[float] = []
    chosen: Counter = Counter()
    for i in range(kingdoms):
        kingdom, landscapes = random_kingdom(random.Random(f"thinking:{i}"))
        start = time.perf_counter()
        s = choose(kingdom, landscapes, i)
        times.append(time.perf_counter() - start)
        pool = [c.label for c in candidates(kingdom)]
        chosen[
            "the first (tuned or hard's)"
            if s.label == pool[0]
            else "an engine"
            if "engine" in s.label
            else "two cards"
            if " and " in s.label
            else "another"
        ] += 1
    times.sort()
    print(
        f"{kingdoms} kingdoms: thinking median {times[len(times) // 2]:.2f} s, slowest {times[-1]:.2f} s; "
        f"plans chosen: {dict(chosen)}"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
