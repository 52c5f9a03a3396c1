"""How long expert thinks before its first turn (issue 22: at most 5 s on a 2-core machine),
the questions its simulated games answered (bounded by expert.WORK) and the time per question,
and which plans it chooses: `python benchmarks/expert_thinking.py [KINGDOMS]` over random
kingdoms as `dominion simulate` deals them."""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from dominion_tui.bots import expert
from dominion_tui.bots.expert import candidates, choose
from dominion_tui.simulate import random_kingdom


def main(kingdoms: int) -> None:
    work = [0]
    real = expert.played

    def counted(*args):  # the simulated games' results carry their work
        results = real(*args)
        work[0] += sum(cost for _, cost, _ in results)
        return results

    expert.played = counted
    times: list[float] = []
    per_question: list[float] = []
    chosen: Counter = Counter()
    for i in range(kingdoms):
        kingdom, landscapes = random_kingdom(random.Random(f"thinking:{i}"))
        start, work[0] = time.perf_counter(), 0
        s = choose(kingdom, landscapes, i)
        times.append(time.perf_counter() - start)
        per_question.append(times[-1] / work[0] * 1e6)
        if "-v" in sys.argv:
            print(f"thinking:{i}: {times[-1]:.2f} s, {work[0]} questions, {per_question[-1]:.1f} us each", flush=True)
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
    per_question.sort()
    print(
        f"{kingdoms} kingdoms: thinking median {times[len(times) // 2]:.2f} s, slowest {times[-1]:.2f} s; "
        f"per question median {per_question[len(times) // 2]:.1f} us, most {per_question[-1]:.1f} us; "
        f"plans chosen: {dict(chosen)}"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 20)
