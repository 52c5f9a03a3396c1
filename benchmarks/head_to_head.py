"""The bots of this checkout against the same level's bots of a git revision, head to head.

Each pair of games shares one random kingdom and one game seed, with the seats swapped, so the
kingdom and the first player's edge cancel out. `--force NAME` puts a landscape into every
kingdom in place of the randomizer's landscapes, or a Kingdom card into it (repeatable: all
together); `--each NAME` runs the games once per landscape named (repeatable), `--each-way`
once per Way. Prints the current bots' share of the wins (a tie shared) with a 95% interval
over the pairs, and in how many games each side used a forced card or landscape. One process; run by hand:

    python benchmarks/head_to_head.py 1000 --ref main~1 --force "Way of the Turtle"
    python benchmarks/head_to_head.py 500 --ref main --each-way --level expert

The revision's dominion_tui/bots is extracted to a temporary directory and imported as the
package dominion_tui._ref_bots, so its relative imports reach this checkout's rules core.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import math
import random
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# This checkout's package, not the one the environment installed (an editable install of another
# clone would otherwise play both sides: run from a clone, it compared main with main)
sys.path.insert(0, str(ROOT))

from dominion_tui import simulate  # noqa: E402
from dominion_tui.bots import make_player  # noqa: E402
from dominion_tui.setup import database  # noqa: E402

KINGDOM = {d.name for d in database().of_kind("kingdom")}


def load_ref_bots(ref: str, into: Path) -> ModuleType:
    """dominion_tui/bots as it was at `ref`, imported as dominion_tui._ref_bots."""
    tar = subprocess.run(["git", "archive", ref, "dominion_tui/bots"], cwd=ROOT, check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as t:
        t.extractall(into, filter="data")
    pkg = into / "dominion_tui" / "bots"
    name = "dominion_tui._ref_bots"
    spec = importlib.util.spec_from_file_location(name, pkg / "__init__.py", submodule_search_locations=[str(pkg)])
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def play_pair_game(
    makers: dict[str, Callable[[int], Any]], seed: int, i: int, kingdom: list[str], lands: list[str]
) -> simulate.GameResult:
    """Game i: the seats "new" and "old" in the order i % 2 picks, the game seed of pair i // 2."""
    game_seed = random.Random(f"{seed}:{i // 2}").randrange(10**9)
    seats = ["new", "old"] if i % 2 == 0 else ["old", "new"]
    return simulate.play_game(seats, makers, kingdom, lands, game_seed, simulate.MAX_TURNS)


def interval(pairs: list[float]) -> tuple[float, float]:
    """The mean of the pairs' shares and the half-width of its 95% interval."""
    n = len(pairs)
    if n < 2:
        return (pairs[0] if pairs else 0.0), 1.0
    mean = sum(pairs) / n
    var = sum((x - mean) ** 2 for x in pairs) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def run(makers: dict[str, Callable[[int], Any]], games: int, seed: int, forced: list[str], tag: str) -> list[float]:
    """`games` games (pairs of seatings); one line of figures; the pairs' shares."""
    pairs: list[float] = []
    used = {"new": 0, "old": 0}
    capped = 0
    for j in range(0, games, 2):
        kingdom, lands = simulate.random_kingdom(random.Random(f"h2h:{seed}:{tag}:{j // 2}"))
        cards = [n for n in forced if n in KINGDOM]
        kingdom = cards + [n for n in kingdom if n not in cards][: 10 - len(cards)]
        lands = [n for n in forced if n not in KINGDOM] or lands
        shares = []
        for i in (j, j + 1):
            r = play_pair_game(makers, seed, i, kingdom, lands)
            if r.capped:
                capped += 1
                continue
            shares.append(1 / len(r.winners) if "new" in r.winners else 0.0)
            for side in used:
                used[side] += bool(set(forced) & r.used_by.get(side, set()))
        if shares:
            pairs.append(sum(shares) / len(shares))
    mean, half = interval(pairs)
    counted = f"{len(pairs)} pairs" + (f", {capped} games capped" if capped else "")
    uses = f"; forced cards used in games: new {used['new']}, old {used['old']}" if forced else ""
    print(f"{tag}: new {100 * mean:.1f}% ± {100 * half:.1f} ({counted}){uses}", flush=True)
    return pairs


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", type=int, nargs="?", default=200, help="games per run (played in pairs)")
    ap.add_argument("--ref", default="main", help="the git revision whose bots play the other seat")
    ap.add_argument("--level", default="hard", help="the level both sides play (normal, hard, expert...)")
    ap.add_argument("--force", action="append", default=[], help="a landscape in every kingdom (repeatable)")
    ap.add_argument("--each", action="append", default=[], help="a run per landscape named (repeatable)")
    ap.add_argument("--each-way", action="store_true", help="a run per Way")
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args(argv)
    each = list(a.each) + (sorted(d.name for d in database().of_kind("way")) if a.each_way else [])
    with tempfile.TemporaryDirectory(prefix="ref-bots-") as tmp:
        ref = load_ref_bots(a.ref, Path(tmp))
        makers = {"new": lambda s: make_player(a.level, s), "old": lambda s: ref.make_player(a.level, s)}
        print(f"{a.level} of this checkout against {a.level} of {a.ref}, {a.games} games a run", flush=True)
        if not each:
            run(makers, a.games, a.seed, a.force, " + ".join(a.force) or "random")
            return
        pairs: list[float] = []
        for name in each:
            pairs += run(makers, a.games, a.seed, [*a.force, name], name)
        mean, half = interval(pairs)
        print(f"all: new {100 * mean:.1f}% ± {100 * half:.1f} ({len(pairs)} pairs)")


if __name__ == "__main__":
    main()
