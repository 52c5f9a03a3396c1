"""expert's engine plan alone against `hard` in random kingdoms with a village and a draw card
(issue 22): wins, and in how many games the engine played 5 or more Actions in a turn.
`python benchmarks/engine_vs_hard.py GAMES [FIRST]`: one game per kingdom, seats alternating;
the kingdoms are those of benchmarks/action_turns.py's random draw (FIRST skips that many).
`--draws`: the engine that draws its deck (Strategy.draws) instead; with --per-kingdom, beside it.
`GAMES SEEDS --fresh`: the plan chosen per kingdom on SEEDS seeds, judged on SEEDS fresh ones.
`GAMES SEEDS --per-kingdom`: in each of GAMES kingdoms, the engine and hard's plan (expert's first money plan)
each play hard in the same SEEDS seeds, both seats, as expert's choice of plan does: in how
many kingdoms the engine did better, and the win rate of the better of the two in each.
`--force NAME`: a landscape in place of each kingdom's landscapes, or a Kingdom card in place of
its last card (where it is not dealt already), as head_to_head's --force."""

from __future__ import annotations

import random
import sys
import time

from action_turns import Counting  # this folder: run as python benchmarks/engine_vs_hard.py

from dominion_tui.bots import Bot
from dominion_tui.bots.deckmodel import engine_kingdom
from dominion_tui.bots.expert import Expert, Strategy, match
from dominion_tui.core.game import Config
from dominion_tui.setup import database, new_game
from dominion_tui.simulate import random_kingdom

ENGINE = Strategy(engine=True, label="engine")
DRAWS = Strategy(engine=True, draws=True, label="engine that draws its deck")


def forced() -> str | None:
    return sys.argv[sys.argv.index("--force") + 1] if "--force" in sys.argv else None


def kingdoms(games: int, first: int = 0):
    db, i, found, force = database(), 0, 0, forced()
    while found < first + games:
        kingdom, landscapes = random_kingdom(random.Random(f"actions:{i}"))
        i += 1
        if engine_kingdom(db, kingdom):
            found += 1
            if force and db[force].kind == "kingdom":
                kingdom = kingdom if force in kingdom else [*kingdom[:-1], force]
            elif force:
                landscapes = [force]
            if found > first:
                yield i, kingdom, landscapes


def main(games: int, first: int = 0) -> None:
    wins = ties = big = won_big = 0
    start = time.perf_counter()
    for n, (i, kingdom, landscapes) in enumerate(kingdoms(games, first)):
        me = Counting(Expert(i, strategy=DRAWS if "--draws" in sys.argv else ENGINE, search=False))
        seats = ["engine", "hard"] if n % 2 == 0 else ["hard", "engine"]
        deciders = {seats.index("engine"): me, seats.index("hard"): Bot(i + 1, "hard")}
        game = new_game(Config(seats, kingdom, landscapes, i), deciders)
        game.run()
        names = [p.name for p in game.winners]
        wins += names == ["engine"]
        ties += len(names) > 1
        big += me.best >= 5
        won_big += me.best >= 5 and names == ["engine"]
        if "-v" in sys.argv:
            score = {p.name: game.score(p) for p in game.players}
            print(
                f"{i:4} {'WIN ' if names == ['engine'] else 'tie ' if len(names) > 1 else 'loss'} {score} best {me.best}: {', '.join(kingdom)}"
            )
    print(
        f"engine against hard in {games} kingdoms with a village and a draw card: {wins} won, "
        f"{ties} shared, {games - wins - ties} lost; 5 or more Actions in a turn in {big} games "
        f"({won_big} of them won) ({time.perf_counter() - start:.0f} s)."
    )


def score(kingdom: list[str], landscapes: list[str], s: Strategy, base: int, seeds: int) -> float:
    """A plan's wins against hard in seeds base, base + 1, ..., both seats."""
    return sum(match(kingdom, landscapes, s, base + g, first) for g in range(seeds) for first in (True, False))


def fresh(kingdoms_: int, seeds: int) -> None:
    """Expert's choice without its luck: in each kingdom the plan that did best in SEEDS seeds
    (hard's plan on ties, both seats) is judged on SEEDS fresh ones. With the engines the better
    of two plans chosen on few games wins more than either, by chance alone: fresh games say
    whether a candidate adds more than that chance."""
    plans = (Strategy(), ENGINE, DRAWS)
    pools = {"hard's plan alone": (0,), "or the engine": (0, 1), "or either engine": (0, 1, 2)}
    won = dict.fromkeys(pools, 0.0)
    chosen = [0, 0, 0]
    for i, kingdom, landscapes in kingdoms(kingdoms_):
        tried = [score(kingdom, landscapes, s, 1000 * i, seeds) for s in plans]
        again = [score(kingdom, landscapes, s, 1000 * i + 500, seeds) for s in plans]
        for name, pool in pools.items():
            best = max(pool, key=lambda k: (tried[k], -k))
            won[name] += again[best]
            chosen[best] += name == "or either engine"
        if "-v" in sys.argv:
            print(f"{i:4} {' '.join(f'{x:4.1f}' for x in tried)} | {' '.join(f'{x:4.1f}' for x in again)}", flush=True)
    games = 2 * seeds * kingdoms_
    print(
        f"In {kingdoms_} kingdoms with a village and a draw card, the plan that did best in {2 * seeds} games, "
        f"judged on {2 * seeds} fresh games against hard: "
        + "; ".join(f"{name} {won[name] / games:.1%}" for name in pools)
        + f". With both engines, chosen: hard's plan {chosen[0]}, the engine {chosen[1]}, the engine that draws its deck {chosen[2]}."
    )


def per_kingdom(kingdoms_: int, seeds: int) -> None:
    """The engine, the engine that draws its deck (--draws: it too) and hard's plan, per kingdom."""
    plans = (ENGINE, DRAWS, Strategy()) if "--draws" in sys.argv else (ENGINE, Strategy())
    better = [0] * len(plans)
    totals = [0.0] * (len(plans) + 1)
    for i, kingdom, landscapes in kingdoms(kingdoms_):
        scores = [score(kingdom, landscapes, s, 1000 * i, seeds) for s in plans]
        totals = [t + x for t, x in zip(totals, [*scores, max(scores)])]
        for k in range(len(plans) - 1):
            better[k] += scores[k] > scores[-1]
        better[-1] += max(scores[:-1]) > scores[-1]
        if "-v" in sys.argv:
            print(f"{i:4} {' '.join(f'{x:4.1f}' for x in scores)}: {', '.join(kingdom)}", flush=True)
    games = 2 * seeds * kingdoms_
    print(
        f"In {kingdoms_} kingdoms with a village and a draw card, {2 * seeds} games each against hard: "
        f"the engine did better than hard's plan in {better[0]}; the engine won {totals[0] / games:.1%}, "
        f"hard's plan {totals[len(plans) - 1] / games:.1%}, the better of the plans in each kingdom "
        f"{totals[-1] / games:.1%} (what the engines add to expert's choice, before the noise of so few games)."
    )
    if len(plans) == 3:
        print(
            f"The engine that draws its deck did better than hard's plan in {better[1]} (won {totals[1] / games:.1%}); "
            f"either engine did in {better[2]}."
        )


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("-") and a != forced()]
    if "--fresh" in sys.argv:
        fresh(int(args[0]), int(args[1]))
    elif "--per-kingdom" in sys.argv:
        per_kingdom(int(args[0]), int(args[1]))
    else:
        main(int(args[0]), int(args[1]) if len(args) > 1 else 0)
