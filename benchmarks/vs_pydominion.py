"""Side by side with pydominion, in one run: games per second of each engine and the ratios.

The workload is issue 12's: 2 players answering at random, the pilot kingdom with Ride, Way of
the Ox and Barracks, no turn cap short of 400 turns. Each engine plays in its own process and the
engines take turns, round after round, so that a busy machine slows them all alike.

pydominion stays outside this repository; get it with
    git clone https://github.com/dwagon/pydominion PATH
(measured with commit 587181b, March 2026; it needs `rich`, which this project's venv has).
Run from this project's venv:
    python benchmarks/vs_pydominion.py [--pydominion PATH] [--before DIR] [ROUNDS]
`--before DIR` adds another dominion-tui checkout (a `git worktree` of an older commit, say) as
another engine; without `--pydominion` only the two checkouts are compared (a change's cost).
Each round plays 1 pydominion game, 10 `before` games and 30 games of this tree.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import subprocess
import sys
import time
from pathlib import Path

LANDSCAPES = ["Ride", "Way of the Ox", "Barracks"]
PER_ROUND = {"pydominion": 1, "before": 10, "ours": 30}
HERE = Path(__file__).resolve().parent.parent  # this checkout: "ours"


def ours_player():
    from dominion_tui.cli import PILOT_KINGDOM
    from dominion_tui.core.game import Config

    try:
        from dominion_tui.bots import RandomPlayer
    except ImportError:  # a `before` checkout from when the bots were one module
        from dominion_tui.bots import RandomPlayer  # type: ignore[no-redef]
    from dominion_tui.setup import new_game

    def play(seed: int) -> int:
        g = new_game(
            Config(["Ann", "Ben"], list(PILOT_KINGDOM), list(LANDSCAPES), seed),
            {0: RandomPlayer(seed * 10), 1: RandomPlayer(seed * 10 + 1)},
        )
        g.run()
        return sum(p.turns_taken for p in g.players)

    return play


def pydominion_player(path: str):
    sys.path.insert(0, path)
    os.chdir(path)  # it reads its card files relative to the working directory
    from dominion import Game as PG  # type: ignore[import-not-found]

    from dominion_tui.kingdoms import PILOT_KINGDOM

    devnull = open(os.devnull, "w")  # noqa: SIM115 (open for the worker's whole life)

    def play(seed: int) -> int:
        random.seed(seed)
        with contextlib.redirect_stdout(devnull):
            g = PG.Game(
                numplayers=2,
                randobot=2,
                quiet=True,
                initcards=list(PILOT_KINGDOM),
                events=["Ride"],
                ways=["Way of the Ox"],
                init_projects=["Barracks"],
                projects=["Barracks"],
                shelters=False,
                potions=False,
                num_stacks=9,
            )
            g.start_game()
            turns = 0
            while not g.game_over and turns <= 400:
                turns += 1
                g.turn()
        return turns

    return play


def worker(engine: str, path: str) -> None:
    """Reads "first_seed count" lines and answers "seconds turns" for each."""
    play = pydominion_player(path) if engine == "pydominion" else ours_player()
    for line in sys.stdin:
        first, n = map(int, line.split())
        start = time.perf_counter()
        turns = sum(play(s) for s in range(first, first + n))
        print(time.perf_counter() - start, turns, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rounds", type=int, nargs="?", default=20)
    ap.add_argument("--pydominion", help="a checkout of dwagon/pydominion")
    ap.add_argument("--before", help="another dominion-tui checkout to compare as well")
    ap.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return worker(*args.worker)
    if not (args.pydominion or args.before):
        ap.error("nothing to compare with: give --pydominion PATH, --before DIR or both")
    sources = {"pydominion": str(HERE)} if args.pydominion else {}
    if args.before:
        sources["before"] = str(Path(args.before).resolve())
    sources["ours"] = str(HERE)
    procs = {}
    for name, src in sources.items():
        env = dict(os.environ, PYTHONPATH=src)  # which dominion_tui the worker imports
        procs[name] = subprocess.Popen(
            [sys.executable, __file__, "--worker", name, str(Path(args.pydominion or ".").resolve())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=src,
        )
    totals = {name: [0.0, 0, 0] for name in procs}  # seconds, games, turns
    for r in range(args.rounds):
        for name, proc in procs.items():
            per = PER_ROUND[name]
            assert proc.stdin and proc.stdout
            proc.stdin.write(f"{1000 + r * per} {per}\n")
            proc.stdin.flush()
            secs, turns = proc.stdout.readline().split()
            totals[name][0] += float(secs)
            totals[name][1] += per
            totals[name][2] += int(turns)
    for proc in procs.values():
        assert proc.stdin
        proc.stdin.close()
        proc.wait()
    rate = {name: games / secs for name, (secs, games, _) in totals.items()}
    for name, (secs, games, turns) in totals.items():
        print(
            f"{name:10s} {games:5d} games in {secs:6.1f} s: {rate[name]:6.2f} games per second, "
            f"{turns / games:.0f} turns per game"
        )
    ratios = [
        f"{name} / pydominion: {rate[name] / rate['pydominion']:.1f} times"
        for name in rate
        if name != "pydominion" and "pydominion" in rate
    ]
    if "before" in rate:
        ratios.append(f"ours / before: {rate['ours'] / rate['before']:.2f} times")
    print("; ".join(ratios))


if __name__ == "__main__":
    main()
