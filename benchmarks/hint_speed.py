"""How fast the hint answers (issue 22: at most 200 ms at the keyboard), and at which kinds of
question: `python benchmarks/hint_speed.py [GAMES]` plays expert against hard over random
kingdoms, asking for a hint at every question expert is asked."""

from __future__ import annotations

import random
import sys
import time

from dominion_tui.bots import make_player
from dominion_tui.bots.hint import hint
from dominion_tui.core.game import Config
from dominion_tui.setup import new_game
from dominion_tui.simulate import random_kingdom


class Timed:
    def __init__(self, bot, times: list[float], kinds: dict[str, int]) -> None:
        self.bot, self.times, self.kinds = bot, times, kinds

    def decide(self, game, d):
        start = time.perf_counter()
        hint(game, d)
        self.times.append(time.perf_counter() - start)
        self.kinds[d.kind] = self.kinds.get(d.kind, 0) + 1
        return self.bot.decide(game, d)


def main(games: int) -> None:
    times: list[float] = []
    kinds: dict[str, int] = {}
    for i in range(games):
        kingdom, landscapes = random_kingdom(random.Random(i))
        game = new_game(
            Config(["A", "B"], kingdom, landscapes, i),
            {0: Timed(make_player("hard", i), times, kinds), 1: make_player("hard", i + 1)},
        )
        game.run()
    times.sort()
    print(
        f"{len(times)} hints in {games} games; median {1000 * times[len(times) // 2]:.2f} ms, "
        f"99th percentile {1000 * times[len(times) * 99 // 100]:.2f} ms, slowest {1000 * times[-1]:.1f} ms; "
        f"questions by kind: {kinds}"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
