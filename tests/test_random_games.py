"""Random-answer games over random kingdoms from the whole card pool: every game ends, nothing raises, and after
every answer every card is in exactly one place."""
from __future__ import annotations

import pytest

import random

from dominion_tui.core.game import Config
from dominion_tui.players import RandomPlayer
from dominion_tui.setup import database, new_game

SEEDS = range(500)


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


def pool_config(seed: int) -> Config:
    """10 Kingdom cards and up to 2 landscapes (at most 1 Way) drawn from every card we have."""
    rng = random.Random(seed)
    db = database()
    kingdom = rng.sample(sorted(d.name for d in db.of_kind("kingdom")), 10)
    ways = sorted(d.name for d in db.of_kind("way"))
    others = sorted(d.name for d in db.of_kind("event", "project"))
    landscapes = rng.sample(others, rng.randint(0, 2))
    if landscapes and rng.random() < 0.5:
        landscapes[-1] = rng.choice(ways)
    mouse_ok = any(d.is_("Action") and not d.is_("Duration") and d.cost in (2, 3)
                   and d.name not in kingdom for d in db.of_kind("kingdom"))
    if not mouse_ok and "Way of the Mouse" in landscapes:
        landscapes.remove("Way of the Mouse")
    return Config(["Ann", "Ben", "Cat", "Dan"][: 2 + seed % 3], kingdom, landscapes, seed)


def play(seed: int) -> tuple[object, CheckingPlayer]:
    config = pool_config(seed)
    players = config.players
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
