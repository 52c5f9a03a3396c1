"""In random kingdoms with a village and a draw card, in how many games a level played 5 or
more Actions in one turn (issue 22): `python benchmarks/action_turns.py LEVEL OPPONENT GAMES`."""

from __future__ import annotations

import random
import sys

from dominion_tui.bots import make_player
from dominion_tui.bots.deckmodel import engine_kingdom
from dominion_tui.core.decisions import TurnAction
from dominion_tui.core.game import Config
from dominion_tui.setup import database, new_game
from dominion_tui.simulate import random_kingdom


class Counting:
    def __init__(self, bot) -> None:
        self.bot, self.turn, self.plays, self.best = bot, None, 0, 0

    def decide(self, game, d):
        a = self.bot.decide(game, d)
        if game.turn is not self.turn:
            self.turn, self.plays = game.turn, 0
        if isinstance(a, TurnAction) and a.verb == "play" and game.db[a.name].is_("Action"):
            self.plays += 1
            self.best = max(self.best, self.plays)
        return a


def main(level: str, other: str, games: int) -> None:
    done = big = engines = engine_big = drawing = 0
    i = 0
    while done < games:
        kingdom, landscapes = random_kingdom(random.Random(f"actions:{i}"))
        i += 1
        if not engine_kingdom(database(), kingdom):  # the kingdoms expert offers its engine in
            continue
        me = Counting(make_player(level, i))
        game = new_game(Config(["me", "other"], kingdom, landscapes, i), {0: me, 1: make_player(other, i + 1)})
        game.run()
        done += 1
        big += me.best >= 5
        chose = getattr(me.bot, "strategy", None)  # expert: the plan it chose for the kingdom
        if chose is not None and getattr(chose, "engine", False):
            engines += 1
            engine_big += me.best >= 5
            drawing += getattr(chose, "draws", False)  # the engine that draws its deck, when offered
    print(
        f"{level} against {other}: 5 or more Actions in a turn in {big} of {games} games "
        f"in kingdoms with a village and a draw card."
    )
    if level == "expert":
        print(
            f"expert chose its engine in {engines} of them ({drawing} the one that draws its deck), "
            f"and played 5 or more Actions in {engine_big} of those."
        )


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
