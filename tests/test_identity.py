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
    0: "7fab101569ce33fe",
    1: "54c84a08989ffe46",
    2: "da13ee1e65bf583e",
    3: "fb577ec96810a988",
    4: "a1b432ddf82114da",
    5: "bb64d99a00613348",
    6: "b0591edd8445baac",
    7: "25671a666fe76b48",
    8: "9d48c21ed7557942",
    9: "c10d494e8a91fb3b",
    10: "86875280a9626805",
    11: "61b0fd67d5ef1688",
    12: "62a5453c547e7bc5",
    13: "547c53199f3b4296",
    14: "4863e60309dbe62a",
    15: "1b1d1f74a32fded3",
    16: "86b19a2b104463dd",
    17: "77480460daf9634d",
    18: "f680efa7f682c320",
    19: "978d1c70a18f41d6",
    20: "e5bfd23ce111a75e",
    21: "cf315ccd070e3ddb",
    22: "6dab89e35d079d0c",
    23: "e8c1a196e6d53f27",
    24: "261c59eb001d4232",
    25: "6f7053a1aa5b563d",
    26: "fb18b164f4969228",
    27: "378548536202d180",
    28: "446754551aac2c4c",
    29: "71523ca048ee5f2a",
    30: "bda919277cc05c18",
    31: "fa67209c9f507637",
    32: "0ac42a083442ccfe",
    33: "12438bf7022edd0c",
    34: "c239cc38a8499886",
    35: "3f9985e5453e6dc4",
    36: "e42f673999153c8d",
    37: "9a2e37165d70f35b",
    38: "ea2126fe888b55e9",
    39: "bdc34a41559c9f65",
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
