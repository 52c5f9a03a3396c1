"""Tunes the `hard` plan by simulation: each candidate plays `hard` against `normal` over the
same random kingdoms, and the win rates are printed. Run by hand:
python benchmarks/tune_hard.py GAMES 'kingdom_bar=2.4,gold_bar=3.4' ...
"""
from __future__ import annotations

import dataclasses
import sys

from dominion_tui import players
from dominion_tui.simulate import report, run


def main(games: int, candidates: list[str]) -> None:
    for text in candidates:
        knobs = {k: float(v) if "." in v else int(v) for k, v in
                 (kv.split("=") for kv in text.split(",") if kv)}
        players.PLANS["hard"] = dataclasses.replace(players.Plan(), **knobs)
        results = run(["hard", "normal"], games, 7, None, [], jobs=1)  # in this process: the plan holds
        print(text or "(normal's plan)", "|", report(["hard", "normal"], results, False)[0], flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2:])
