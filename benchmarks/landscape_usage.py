"""Each Event, Way and Project forced into N random kingdoms: in how many games each bot used it.

Random kingdoms deal a given landscape in only a few of 200 games, too few to tell whether the
bots can use it; this deals each one N times. expert thinks about 2 s before each game, so with
it keep N small and name the landscapes to measure. Run by hand:

    python benchmarks/landscape_usage.py [N] [--bots hard,normal] [--only NAME,NAME]
    python benchmarks/landscape_usage.py 4 --bots expert,hard --only "Cathedral,Way of the Ox"
"""

from __future__ import annotations

import argparse
import random

from dominion_tui import simulate


def usage_by(name: str, games: int, bots: tuple[str, ...] = ("hard", "normal")) -> dict[str, int]:
    """In how many of the games each bot (by its seat label) used the landscape."""
    labels = simulate.labels_for(list(bots))
    used = dict.fromkeys(labels, 0)
    for i in range(games):
        kingdom, _ = simulate.random_kingdom(random.Random(f"forced:{name}:{i}"))
        result = simulate.play_one((7, i, list(bots), kingdom, [name], simulate.MAX_TURNS))
        for b in labels:
            used[b] += name in result.used_by.get(b, ())
    return used


def usage(name: str, games: int, bots: tuple[str, ...] = ("hard", "normal")) -> int:
    """In how many of the games any bot used the landscape (tests/test_bots.py)."""
    used = 0
    for i in range(games):
        kingdom, _ = simulate.random_kingdom(random.Random(f"forced:{name}:{i}"))
        used += name in simulate.play_one((7, i, list(bots), kingdom, [name], simulate.MAX_TURNS)).used
    return used


def landscapes() -> list[str]:
    return sorted(d.name for d in simulate.database().of_kind("event", "way", "project"))


def main(games: int, bots: tuple[str, ...], only: list[str]) -> None:
    names = only or landscapes()
    first = simulate.labels_for(list(bots))[0]
    never, rarely = [], []
    for name in names:
        used = usage_by(name, games, bots)
        print(f"{name}: used in " + ", ".join(f"{n} of {games} games by {b}" for b, n in used.items()), flush=True)
        if not used[first]:
            never.append(name)
        elif 2 * used[first] <= games:
            rarely.append(name)
    print(f"Never used by {first}: " + (", ".join(never) if never else "none") + ".")
    print(f"Used by {first} in half the games or fewer: " + (", ".join(rarely) if rarely else "none") + ".")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="?", type=int, default=10, help="forced kingdoms per landscape")
    ap.add_argument("--bots", default="hard,normal", help="levels, comma-separated; the first is the one judged")
    ap.add_argument("--only", default="", help="landscapes to measure, comma-separated (default: all)")
    a = ap.parse_args()
    main(a.games, tuple(a.bots.split(",")), [n.strip() for n in a.only.split(",") if n.strip()])
