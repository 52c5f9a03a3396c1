"""Each Event, Way and Project forced into N random kingdoms: in how many games the bots used it.

Random kingdoms deal a given landscape in only a few of 200 games, too few to tell whether the
bots can use it; this deals each one N times. Run by hand: python benchmarks/landscape_usage.py [N]
"""

from __future__ import annotations

import random
import sys

from dominion_tui import simulate


def usage(name: str, games: int, bots: tuple[str, str] = ("hard", "normal")) -> int:
    used = 0
    for i in range(games):
        kingdom, _ = simulate.random_kingdom(random.Random(f"forced:{name}:{i}"))
        result = simulate.play_one((7, i, list(bots), kingdom, [name], simulate.MAX_TURNS))
        used += name in result.used
    return used


def landscapes() -> list[str]:
    return sorted(d.name for d in simulate.database().of_kind("event", "way", "project"))


def main(games: int) -> None:
    never = []
    for name in landscapes():
        n = usage(name, games)
        print(f"{name}: used in {n} of {games} games", flush=True)
        if not n:
            never.append(name)
    print("Never used: " + (", ".join(never) if never else "none") + ".")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
