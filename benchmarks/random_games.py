"""Plays N random-answer games over the pilot kingdom and prints games per second.

Run by hand: python benchmarks/random_games.py [N]
"""
from __future__ import annotations

import sys
import time

from dominion_tui.cli import PILOT_KINGDOM
from dominion_tui.core.game import Config
from dominion_tui.players import RandomPlayer
from dominion_tui.setup import new_game


def play(seed: int) -> tuple[int, int]:
    players = ["Ann", "Ben", "Cat", "Dan"][: 2 + seed % 3]
    game = new_game(Config(players, list(PILOT_KINGDOM), ["Ride", "Barracks"], seed),
                    {i: RandomPlayer(seed * 10 + i) for i in range(len(players))})
    game.run()
    return sum(p.turns_taken for p in game.players), len(game.answers)


def main(n: int) -> None:
    start = time.perf_counter()
    turns = answers = 0
    for seed in range(n):
        t, a = play(seed)
        turns += t
        answers += a
    spent = time.perf_counter() - start
    print(f"{n} games in {spent:.2f} s: {n / spent:.1f} games per second, "
          f"{turns / n:.0f} turns and {answers / n:.0f} decisions per game on average")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
