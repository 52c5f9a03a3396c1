"""Fixed-seed identity: the engine plays the very same games as when these hashes were recorded.

Each hash covers a whole computer-played game: every answer in order and the final state (every
zone's cards in order, every counter, Artifacts, Projects, the winners). Speed work on the engine
must leave every one of them unchanged; a rules change that alters games on purpose re-records
them (run this file as a script to print the new table).
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from dominion_tui.bots import RandomPlayer, SimplePlayer
from dominion_tui.cli import PILOT_KINGDOM
from dominion_tui.core.game import Config, Game
from dominion_tui.core.model import PLAYER_ZONES
from dominion_tui.setup import new_game

# Way of the Mouse is left out on purpose: its setup is being changed separately.
LANDSCAPE_SETS = [["Ride", "Way of the Ox", "Barracks"], ["Ride", "Barracks"], ["Way of the Ox"], []]
SEEDS = range(40)


def config(seed: int) -> Config:
    players = ["Ann", "Ben", "Cat", "Dan"][: 2 + seed % 3]
    return Config(players, list(PILOT_KINGDOM), LANDSCAPE_SETS[seed % 4], seed)


class StringSeeded:
    """The players' random streams as these hashes were recorded: the Mersenne Twister seeded
    from a string before every answer. The players now reseed a cheaper generator (same
    strategy, other draws); pinning the old streams here keeps this a test of the engine."""

    seed: int

    def __init__(self, seed: int) -> None:
        super().__init__(seed)  # type: ignore[call-arg]
        self.rng = random.Random(seed)

    def reseed(self, game: Game) -> None:
        self.rng.seed(f"{self.seed}:{len(game.answers)}")


class Random_(StringSeeded, RandomPlayer):
    pass


class Simple_(StringSeeded, SimplePlayer):
    pass


def deciders(seed: int, n: int) -> dict[int, Any]:
    """Random and simple players mixed, so that both strategies and long games are covered."""
    return {i: (Simple_ if (seed + i) % 3 == 0 else Random_)(seed * 10 + i) for i in range(n)}


def fingerprint(game: Game) -> str:
    ids = lambda zone: [(c.id, c.name) for c in zone.cards]  # noqa: E731
    state = {
        "answers": [str(a) if not isinstance(a, list) else a for a in game.answers],
        "supply": {n: ids(z) for n, z in game.supply.items()},
        "nonsupply": {n: ids(z) for n, z in game.nonsupply.items()},
        "trash": ids(game.trash),
        "set_aside": ids(game.set_aside),
        "players": [
            [
                p.name,
                {z: ids(p.zone(z)) for z in PLAYER_ZONES},
                [p.actions, p.buys, p.coins, p.coffers, p.villagers, p.turns_taken, p.cubes],
                sorted(p.tokens.items()),
            ]
            for p in game.players
        ],
        "artifacts": {n: h.name if h else None for n, h in game.artifacts.items()},
        "projects": {n: [p.name for p in ps] for n, ps in game.projects.items()},
        "pending": [(pe.player.name, pe.label) for pe in game.pending],
        "current": game.current.name,
        "phase": game.phase,
        "winners": [p.name for p in game.winners],
    }
    return hashlib.sha256(repr(state).encode()).hexdigest()[:16]


def play(seed: int) -> Game:
    cfg = config(seed)
    game = new_game(cfg, deciders(seed, len(cfg.players)))
    game.run()
    return game


EXPECTED = {
    0: "994cbf5caa5d977f",
    1: "eef7e09e993ac960",
    2: "d66a176bea06829c",
    3: "ff80b4f74829d5f9",
    4: "0c2f3b3a6f7fc28c",
    5: "6cc2e40e43df2f24",
    6: "d3f878bb442eba7b",
    7: "4b6bed28518050a3",
    8: "9d48c21ed7557942",
    9: "cee242657b45a9ac",
    10: "d1eb4b27ec1408e5",
    11: "61b0fd67d5ef1688",
    12: "f8e8d4d5512b7212",
    13: "547c53199f3b4296",
    14: "cda86d2f954fe61d",
    15: "eb8f9e92593a0f83",
    16: "5821fdb76d0cd547",
    17: "518cae9f211193f3",
    18: "c6d4e26e470aae0b",
    19: "11f2845ed948a637",
    20: "e5bfd23ce111a75e",
    21: "5aa6a06244242c04",
    22: "f25e17457b313a52",
    23: "e8c1a196e6d53f27",
    24: "cc37935954654b97",
    25: "8980344780c055fe",
    26: "cc8276a6531d2c25",
    27: "378548536202d180",
    28: "e19a2f5bc329f672",
    29: "1ac640d32377cea2",
    30: "014c79557e6afd01",
    31: "62ee20bcbff83e4f",
    32: "f8b2766b2906451b",
    33: "12438bf7022edd0c",
    34: "c239cc38a8499886",
    35: "c4b859e6901228e7",
    36: "e42f673999153c8d",
    37: "08fcfa4bdf178fbd",
    38: "c2d1b747566bec0d",
    39: "0ee29ce2a182ae75",
}


@pytest.mark.parametrize("block", range(4))
def test_fixed_seeds_play_the_same_games(block: int) -> None:
    for seed in SEEDS[block::4]:
        game = play(seed)
        assert game.over and game.check_conservation() is None, f"seed {seed}"
        assert fingerprint(game) == EXPECTED[seed], f"seed {seed} played a different game"


if __name__ == "__main__":  # prints the table to paste above
    for s in SEEDS:
        print(f'    {s}: "{fingerprint(play(s))}",')
