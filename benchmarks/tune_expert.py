"""Re-tunes expert's table (EXPERT in dominion_tui/bots/tuning.py): for each card of hard's
"Big Money + X" table, the number of copies and the Duchy point that beat `hard` most often
in a kingdom of that card alone. `python benchmarks/tune_expert.py SEEDS` (each seed is played
in both seats) prints the table to paste."""

from __future__ import annotations

import sys
from dataclasses import replace

from dominion_tui.bots import tuning
from dominion_tui.bots.expert import BASE, Strategy, match


def variants(name: str) -> list[tuple[int, int]]:
    """(copies, Duchies from this many Provinces left): hard's own first."""
    c = tuning.TUNED[name][0]
    counts = [c] + [n for n in (c + 1, c + 2, c - 1) if n >= 1]
    return [(n, d) for n in counts for d in (4, 5)]


def main(seeds: int) -> None:
    for name in sorted(tuning.TUNED):
        if tuning.TUNED[name][1] < 0.3:
            continue
        best, best_score = None, -1.0
        for copies, duchy_at in variants(name):
            s = Strategy(replace(BASE, duchy_at=duchy_at), ((name, copies),))
            score = sum(match([name], [], s, 7919 * g + 1, first) for g in range(seeds) for first in (True, False)) / (
                2 * seeds
            )
            if score > best_score + 1e-9:
                best, best_score = (copies, duchy_at), score
        print(f'    "{name}": ({best[0]}, {best[1]}, {best_score:.2f}),', flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
