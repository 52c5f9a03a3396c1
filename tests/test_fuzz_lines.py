"""Random junk typed at every question never raises and never changes the game."""

from __future__ import annotations

import random

from dominion_tui.bots import RandomPlayer
from dominion_tui.cli import PILOT_KINGDOM
from dominion_tui.core.game import Config
from dominion_tui.interpreter import Interpreter
from dominion_tui.queries import Queries
from dominion_tui.setup import new_game

WORDS = [
    "play",
    "buy",
    "end",
    "villager",
    "coffers",
    "yes",
    "no",
    "none",
    "normal",
    "now",
    "next",
    "hand",
    "supply",
    "status",
    "others",
    "exile",
    "trash",
    "describe",
    "kingdom",
    "log",
    "repeat",
    "score",
    "help",
    "Copper",
    "c",
    "s",
    "Way",
    "Lantern",
    "Horn",
    "-1",
    "0",
    "99",
    "1,1",
    ",",
    "buy Horse",
    "play Estate",
    "villager 0",
    "coffers 1000",
    "\x00",
    "\t",
    "é",
    "∞",
    "  ",
]


class JunkThenRandom(RandomPlayer):
    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.junk = random.Random(seed)

    def decide(self, game, d):
        interp = Interpreter(game, Queries(game, lambda: [], lambda: []))
        before = (len(game.answers), [len(p.hand) for p in game.players], game.phase, game.current.coins)
        for _ in range(4):
            line = " ".join(self.junk.choice(WORDS) for _ in range(self.junk.randint(0, 3)))
            res = interp.interpret(line, d)
            assert res.kind in ("answer", "reject", "info")
            assert all("\n" not in m for m in res.lines)
        after = (len(game.answers), [len(p.hand) for p in game.players], game.phase, game.current.coins)
        assert before == after
        return super().decide(game, d)


def test_junk_lines_at_every_question_of_whole_games() -> None:
    for seed in range(12):
        landscapes = [["Way of the Ox", "Ride"], ["Barracks"], ["Way of the Mouse"]][seed % 3]
        kingdom = [k for k in PILOT_KINGDOM if k != "Sheepdog" or "Way of the Mouse" not in landscapes]
        players = ["A", "B", "C"][: 2 + seed % 2]
        player = JunkThenRandom(seed)
        game = new_game(Config(players, kingdom, landscapes, seed), {i: player for i in range(len(players))})
        game.run()
        assert game.over
