"""expert's engine plan alone against `hard` in random kingdoms with a village and a draw card
(issue 22): wins, and in how many games the engine played 5 or more Actions in a turn.
`python benchmarks/engine_vs_hard.py GAMES [FIRST]`: one game per kingdom, seats alternating;
the kingdoms are those of benchmarks/action_turns.py's random draw (FIRST skips that many).
`GAMES SEEDS --per-kingdom`: in each of GAMES kingdoms, the engine and hard's plan (expert's first money plan)
each play hard in the same SEEDS seeds, both seats, as expert's choice of plan does: in how
many kingdoms the engine did better, and the win rate of the better of the two in each."""

from __future__ import annotations

import random
import sys
import time

from action_turns import Counting  # this folder: run as python benchmarks/engine_vs_hard.py

from dominion_tui.bots import Bot
from dominion_tui.bots.engine import engine_kingdom
from dominion_tui.bots.expert import Expert, Strategy, match
from dominion_tui.core.game import Config
from dominion_tui.setup import database, new_game
from dominion_tui.simulate import random_kingdom

ENGINE = Strategy(engine=True, label="engine")


def kingdoms(games: int, first: int = 0):
    db, i, found = database(), 0, 0
    while found < first + games:
        kingdom, landscapes = random_kingdom(random.Random(f"actions:{i}"))
        i += 1
        if engine_kingdom(db, kingdom):
            found += 1
            if found > first:
                yield i, kingdom, landscapes


def main(games: int, first: int = 0) -> None:
    wins = ties = big = won_big = 0
    start = time.perf_counter()
    for n, (i, kingdom, landscapes) in enumerate(kingdoms(games, first)):
        me = Counting(Expert(i, strategy=ENGINE))
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


def per_kingdom(kingdoms_: int, seeds: int) -> None:
    better = 0
    totals = [0.0, 0.0, 0.0]
    for i, kingdom, landscapes in kingdoms(kingdoms_):
        scores = [
            sum(match(kingdom, landscapes, s, 1000 * i + g, first) for g in range(seeds) for first in (True, False))
            for s in (ENGINE, Strategy())
        ]
        totals = [t + x for t, x in zip(totals, [*scores, max(scores)])]
        better += scores[0] > scores[1]
    games = 2 * seeds * kingdoms_
    print(
        f"In {kingdoms_} kingdoms with a village and a draw card, {2 * seeds} games each against hard: "
        f"the engine did better than hard's plan in {better}; the engine won {totals[0] / games:.1%}, "
        f"hard's plan {totals[1] / games:.1%}, the better of the two in each kingdom {totals[2] / games:.1%} "
        f"(what the engine adds to expert's choice, before the noise of so few games)."
    )


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    if "--per-kingdom" in sys.argv:
        per_kingdom(int(args[0]), int(args[1]))
    else:
        main(int(args[0]), int(args[1]) if len(args) > 1 else 0)
