"""Random-answer games over kingdoms drawn from every Kingdom card: every game ends, nothing
raises, and after every answer every card is in exactly one place."""
from __future__ import annotations

import random

import pytest

import cards
from dominion_tui.core.game import Config
from dominion_tui.players import RandomPlayer
from dominion_tui.setup import new_game

LANDSCAPE_SETS = [["Ride", "Barracks"], ["Way of the Ox"], ["Way of the Mouse", "Ride"]]
SEEDS = range(500)
POOL = sorted(d.name for d in cards.load().of_kind("kingdom"))


class CheckingPlayer(RandomPlayer):
    """A random player that checks card bookkeeping before every answer."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.steps = 0

    def decide(self, game, d):
        problem = game.check_conservation()
        assert problem is None, problem
        self.steps += 1
        return super().decide(game, d)


def play(seed: int) -> tuple[object, CheckingPlayer]:
    players = ["Ann", "Ben", "Cat", "Dan"][: 2 + seed % 3]
    landscapes = LANDSCAPE_SETS[seed % 3]
    kingdom = random.Random(seed).sample(POOL, 10)  # the whole pool built so far, 10 at a time
    config = Config(players, kingdom, landscapes, seed)
    checker = CheckingPlayer(seed)
    game = new_game(config, {i: checker for i in range(len(players))})
    game.run()
    return game, checker


@pytest.mark.parametrize("block", range(10))
def test_random_games_end_with_every_card_accounted_for(block: int) -> None:
    for seed in SEEDS[block::10]:
        game, checker = play(seed)
        assert game.over, f"seed {seed} did not end"
        assert game.check_conservation() is None, f"seed {seed}"
        assert game.winners, f"seed {seed} has no winner"
        assert checker.steps > 20
