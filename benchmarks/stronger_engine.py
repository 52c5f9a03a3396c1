"""Where playing 5 or more Actions a turn is the stronger plan, does expert play them (issue 22)?
`python benchmarks/stronger_engine.py KINGDOMS [FIRST] [SEEDS]`

In the kingdoms of benchmarks/action_turns.py (a village and a draw card), four plans each play
`hard` in the same fresh games (SEEDS seeds, both seats; 30 unless told): expert's chosen plan
(choose(), as expert with the kingdom's seed would), the plan it chooses among its money plans
alone (its candidates without the engines), its engine, and the engine that draws its deck
(Strategy.draws). An engine is "a 5-Action plan" in the kingdom when it plays 5 or more Actions in a
turn in at least half of its games; it is the stronger plan when it also scores at least as much
as the money plan expert would choose (not as expert's choice: that choice may be the engine).
A second figure reads "stronger" against every plan measured that plays fewer Actions: the money
plan, and the engine where it plays 5 or more in under half its games (kingdom 71 on 28211b9:
that engine scored 31.0 of 40, the one that draws its deck 24.0, the money plan 21.0).
The figure: in those kingdoms, the share of expert's games with 5 or more Actions; and expert's
points against those of its money plan alone, in every kingdom (what offering engines is worth).
About 12 s a kingdom on 2 cores; `-v` prints each kingdom.
On 6dbb838, `30 0 20` and `30 30 20` (the first 60 kingdoms, 40 games each): such an engine was
the stronger plan in 4 kingdoms, and expert played 5 or more Actions in 41 of their 160 games
(the engine that draws its deck offered as a candidate too: 77); expert's points 1,623.5 of
2,400, its money plans alone 1,578.5. On 0ba7b07 (money plans that wait for 15 coins of
Treasures before a Province): 5 kingdoms, 71 of their 200 games; 1,636.5 against 1,592.5."""

from __future__ import annotations

import random
import sys

from action_turns import Counting  # this folder: run as python benchmarks/stronger_engine.py
from engine_vs_hard import DRAWS, ENGINE, kingdoms

from dominion_tui.bots import Bot, expert
from dominion_tui.bots.expert import Expert, Strategy, choose
from dominion_tui.core.game import Config
from dominion_tui.setup import new_game


def play(kingdom: list[str], landscapes: list[str], s: Strategy, seeds: list[int]) -> tuple[float, int]:
    """The plan's points against hard (a shared win half) and its games with 5 or more Actions."""
    points, big = 0.0, 0
    for seed in seeds:
        for first in (True, False):
            me = Counting(Expert(seed, strategy=s, search=False))
            seats = ["me", "hard"] if first else ["hard", "me"]
            deciders = {seats.index("me"): me, seats.index("hard"): Bot(seed + 1, "hard")}
            game = new_game(Config(seats, list(kingdom), list(landscapes), seed), deciders)
            game.run()
            names = [p.name for p in game.winners]
            points += 1.0 if names == ["me"] else 0.5 if "me" in names else 0.0
            big += me.best >= 5
    return points, big


def money_choice(kingdom: list[str], landscapes: list[str], seed: int) -> Strategy:
    """The plan expert would choose were no engine offered."""
    real = expert.candidates

    def money_only(kingdom: list[str]) -> list[Strategy]:
        return [s for s in real(kingdom) if not s.engine]

    expert.candidates = money_only
    try:
        return choose(kingdom, landscapes, seed)
    finally:
        expert.candidates = real


def main(count: int, first: int, n_seeds: int) -> None:
    games = 2 * n_seeds
    stronger = expert_big = engine_kingdoms = strongest = expert_best = 0
    points = money_points = 0.0
    for i, kingdom, landscapes in kingdoms(count, first):
        rng = random.Random(f"stronger:{i}")
        seeds = [rng.randrange(10**9) for _ in range(n_seeds)]
        chosen = choose(kingdom, landscapes, i)
        mine = play(kingdom, landscapes, chosen, seeds)
        money_plan = money_choice(kingdom, landscapes, i)
        money = mine if money_plan == chosen else play(kingdom, landscapes, money_plan, seeds)
        points, money_points = points + mine[0], money_points + money[0]
        plans = {"engine": ENGINE, "drawing": DRAWS}
        results = {
            k: (mine if chosen.engine and chosen.draws == s.draws else play(kingdom, landscapes, s, seeds))
            for k, s in plans.items()
        }
        fives = [k for k, (pts, big) in results.items() if 2 * big >= games]
        better = [k for k in fives if results[k][0] >= money[0]]
        # the other reading: stronger than every plan measured that plays fewer Actions (money, and
        # an engine that plays 5 in under half its games), not the money plan alone
        fewer = max([money[0]] + [pts for k, (pts, big) in results.items() if k not in fives])
        best = [k for k in fives if results[k][0] >= fewer]
        engine_kingdoms += chosen.engine
        if better:
            stronger += 1
            expert_big += mine[1]
        if best:
            strongest += 1
            expert_best += mine[1]
        if "-v" in sys.argv:
            print(
                f"{i:4} chosen {chosen.label!r}: {mine[0]:.1f} of {games}, 5+ Actions in {mine[1]}; "
                f"money {money_plan.label!r} {money[0]:.1f}; "
                + "; ".join(f"{k} {pts:.1f}, 5+ in {big}" for k, (pts, big) in results.items())
                + (" <- a 5-Action plan is stronger" if better else "")
                + (", than every plan of fewer Actions too" if best else ""),
                flush=True,
            )
    print(
        f"{count} kingdoms with a village and a draw card, {games} games each against hard: "
        f"expert chose an engine in {engine_kingdoms}. An engine that plays 5 or more Actions in most "
        f"of its games scored at least as much as expert's money plan in {stronger}; in those, expert "
        f"played 5 or more Actions in {expert_big} of {stronger * games} games. expert's points "
        f"{points:.1f}, its money plan's alone {money_points:.1f}, of {count * games}. Stronger than "
        f"every plan measured that plays fewer Actions (the engine too, where it plays 5 in under half "
        f"its games) in {strongest}; in those, expert played 5 or more Actions in {expert_best} of "
        f"{strongest * games} games."
    )


if __name__ == "__main__":
    nums = [int(a) for a in sys.argv[1:] if a.isdigit()]
    main(nums[0], nums[1] if len(nums) > 1 else 0, nums[2] if len(nums) > 2 else 30)
