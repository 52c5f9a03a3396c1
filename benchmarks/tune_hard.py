"""Tunes the `hard` level by simulation. Run by hand, on one core (in this process: the patched
plan or table holds):

python benchmarks/tune_hard.py ratings GAMES [CARD ...]
    For each Kingdom card X (all by default) and 1 to 3 copies: Big Money Ultimate with X,
    played by `hard`, against `bigmoney`, alone in the kingdom. Prints the TUNED table for
    bots/tuning.py: the best count and its win rate.
python benchmarks/tune_hard.py in-play GAMES [CARD ...]
    The same, but against `normal` over random kingdoms that hold X (where hard will use it).
python benchmarks/tune_hard.py knobs GAMES 'kingdom_bar=2.4,gold_bar=3.4' ...
    Each candidate plan plays `hard` against `normal` over the same random kingdoms.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections.abc import Callable

from dominion_tui.bots import PLANS, tuning
from dominion_tui.setup import SetupError, database
from dominion_tui.simulate import MAX_TURNS, play_one, random_kingdom, report, run


def share(results: list, bot: str) -> float:
    """bot's wins among the games that ended, a shared win counting half."""
    ended = [r for r in results if not r.capped]
    wins = sum(r.winners == [bot] for r in ended) + 0.5 * sum(len(r.winners) > 1 for r in ended)
    return wins / max(1, len(ended))


def best_counts(names: list[str], rate: Callable[[str], float]) -> None:
    """For each card, 1 to 3 copies as hard's plan: print the TUNED table, best count first."""
    names = names or sorted(d.name for d in database().of_kind("kingdom"))
    print("TUNED: dict[str, tuple[int, float]] = {")
    for name in names:
        best = (0.0, 0)
        for count in (1, 2, 3):
            tuning.TUNED = {name: (count, 1.0)}
            best = max(best, (rate(name), -count))
        print(f'    "{name}": ({-best[1]}, {best[0]:.2f}),', flush=True)
    print("}")


def ratings(games: int, names: list[str]) -> None:
    best_counts(names, lambda name: share(run(["hard", "bigmoney"], games, 11, [name], [], jobs=1), "hard"))


def ratings_in_play(games: int, names: list[str]) -> None:
    """Each card X as `hard`'s plan, 1 to 3 copies, against `normal` over random kingdoms that
    hold X: how often the plan wins where it will be used."""

    def rate(name: str) -> float:
        results = []
        for i in range(games):
            kingdom, landscapes = random_kingdom(random.Random(f"tune:{name}:{i}"))
            if name not in kingdom:
                kingdom[i % len(kingdom)] = name
            try:
                results.append(play_one((23, i, ["hard", "normal"], kingdom, landscapes, MAX_TURNS)))
            except SetupError:  # Way of the Mouse left with no card to set aside
                continue
        return share(results, "hard")

    best_counts(names, rate)


def knobs(games: int, candidates: list[str]) -> None:
    for text in candidates:
        values = {k: float(v) if "." in v else int(v) for k, v in (kv.split("=") for kv in text.split(",") if kv)}
        PLANS["hard"] = dataclasses.replace(PLANS["hard"], **values)
        results = run(["hard", "normal"], games, 7, None, [], jobs=1)
        print(text or "(hard's plan)", "|", report(["hard", "normal"], results, False)[0], flush=True)


if __name__ == "__main__":
    mode, n = sys.argv[1], int(sys.argv[2])
    {"ratings": ratings, "in-play": ratings_in_play, "knobs": knobs}[mode](n, sys.argv[3:])
