"""Tunes the `hard` level by simulation. Run by hand, on one core (in this process: the patched
plan or table holds):

python benchmarks/tune_hard.py ratings GAMES [CARD ...]
    For each Kingdom card X (all by default) and 1 to 3 copies: Big Money Ultimate with X,
    played by `hard`, against `bigmoney`, alone in the kingdom. Prints the TUNED table for
    players.py: the best count and its win rate.
python benchmarks/tune_hard.py knobs GAMES 'kingdom_bar=2.4,gold_bar=3.4' ...
    Each candidate plan plays `hard` against `normal` over the same random kingdoms.
"""
from __future__ import annotations

import dataclasses
import sys

from dominion_tui import players
from dominion_tui.setup import database
from dominion_tui.simulate import report, run


def win_rate(bots: list[str], games: int, seed: int, kingdom: list[str] | None) -> float:
    results = [r for r in run(bots, games, seed, kingdom, [], jobs=1) if not r.capped]
    wins = sum(r.winners == [bots[0]] for r in results) + 0.5 * sum(
        len(r.winners) > 1 for r in results)
    return wins / max(1, len(results))


def ratings(games: int, names: list[str]) -> None:
    names = names or sorted(d.name for d in database().of_kind("kingdom"))
    print("TUNED: dict[str, tuple[int, float]] = {")
    for name in names:
        best = (0.0, 0)
        for count in (1, 2, 3):
            players.TUNED = {name: (count, 1.0)}
            best = max(best, (win_rate(["hard", "bigmoney"], games, 11, [name]), -count))
        print(f'    "{name}": ({-best[1]}, {best[0]:.2f}),', flush=True)
    print("}")


def knobs(games: int, candidates: list[str]) -> None:
    for text in candidates:
        values = {k: float(v) if "." in v else int(v) for k, v in
                  (kv.split("=") for kv in text.split(",") if kv)}
        players.PLANS["hard"] = dataclasses.replace(players.PLANS["hard"], **values)
        results = run(["hard", "normal"], games, 7, None, [], jobs=1)
        print(text or "(hard's plan)", "|", report(["hard", "normal"], results, False)[0], flush=True)


if __name__ == "__main__":
    mode, n = sys.argv[1], int(sys.argv[2])
    (ratings if mode == "ratings" else knobs)(n, sys.argv[3:])
