"""Plays N random-answer games and prints games per second, turns and decisions per game.

Run by hand: python benchmarks/random_games.py [N] [--players K] [--kingdom "A,B,..."]
[--landscapes "X,Y"]. Without options: the pilot kingdom with Ride and Barracks, 2 to 4
players by seed (the figure quoted over time). `--players 2 --landscapes "Ride,Way of the
Ox,Barracks"` is the workload issue 12 compares with pydominion.
"""

from __future__ import annotations

import argparse
import time

from dominion_tui.bots import RandomPlayer
from dominion_tui.cli import PILOT_KINGDOM
from dominion_tui.core.game import Config
from dominion_tui.setup import new_game

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def play(seed: int, players: int | None, kingdom: list[str], landscapes: list[str]) -> tuple[int, int]:
    names = NAMES[: players or 2 + seed % 3]
    game = new_game(
        Config(names, list(kingdom), list(landscapes), seed),
        {i: RandomPlayer(seed * 10 + i) for i in range(len(names))},
    )
    game.run()
    return sum(p.turns_taken for p in game.players), len(game.answers)


def names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, nargs="?", default=200, help="how many games (seeds 0 to N-1)")
    ap.add_argument("--players", type=int, default=None, help="players per game (default: 2 to 4)")
    ap.add_argument("--kingdom", type=names, default=list(PILOT_KINGDOM))
    ap.add_argument("--landscapes", type=names, default=["Ride", "Barracks"])
    args = ap.parse_args()
    start = time.perf_counter()
    turns = answers = 0
    for seed in range(args.n):
        t, a = play(seed, args.players, args.kingdom, args.landscapes)
        turns += t
        answers += a
    spent = time.perf_counter() - start
    print(
        f"{args.n} games in {spent:.2f} s: {args.n / spent:.1f} games per second, "
        f"{turns / args.n:.0f} turns and {answers / args.n:.0f} decisions per game on average"
    )


if __name__ == "__main__":
    main()
