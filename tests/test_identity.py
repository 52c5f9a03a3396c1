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

from dominion_tui.cli import PILOT_KINGDOM
from dominion_tui.core.game import Config, Game
from dominion_tui.core.model import PLAYER_ZONES
from dominion_tui.players import RandomPlayer, SimplePlayer
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
        "players": [[p.name, {z: ids(p.zone(z)) for z in PLAYER_ZONES},
                     [p.actions, p.buys, p.coins, p.coffers, p.villagers, p.turns_taken, p.cubes],
                     sorted(p.tokens.items())] for p in game.players],
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
    0: "d670df2224de61be",
    1: "217a29b8c868b186",
    2: "48e66d2865448a3f",
    3: "6e3401fe112dc770",
    4: "ca40f174fcadd8cc",
    5: "d83a35bfaff38c74",
    6: "9b815693cc0421b1",
    7: "eb77b818055753eb",
    8: "bbbf0629eb31e22c",
    9: "806fbdb661b310dc",
    10: "bd411ef69c51a271",
    11: "947cfa7775bbdfd0",
    12: "204791f221b2c8e8",
    13: "42a6f6959fc711ff",
    14: "1c27edc3da402928",
    15: "2a342a457e729c4a",
    16: "0063e4681455975b",
    17: "c542664b39a454b5",
    18: "7397d3bbc23dcfc2",
    19: "8aa69c699c5e3bef",
    20: "6162b1b0b77a4820",
    21: "b53df33293274577",
    22: "094e3bbe3d1116ae",
    23: "229a4309951f98a7",
    24: "b1ab0e58ce2967a6",
    25: "ccd8722db2c763de",
    26: "8afe1cd35330bc5c",
    27: "a18323b49d3eee6e",
    28: "b0510538378827d6",
    29: "a8e4beaab2055f92",
    30: "17a730b8a2d2c474",
    31: "8dc4a23d872ebcd7",
    32: "dd994e8fe4355949",
    33: "2a3668e27dd1e77d",
    34: "981699b1ab5578f2",
    35: "4eb382a8feb0bf81",
    36: "545cfcd1da61b02f",
    37: "b12047a7c0d6b988",
    38: "cd4ec0d178fb8b9b",
    39: "cc29bc8366887e73",
}


@pytest.mark.parametrize("block", range(4))
def test_fixed_seeds_play_the_same_games(block: int) -> None:
    for seed in SEEDS[block::4]:
        game = play(seed)
        assert game.over and game.check_conservation() is None, f"seed {seed}"
        assert fingerprint(game) == EXPECTED[seed], f"seed {seed} played a different game"


if __name__ == "__main__":  # prints the table to paste above
    for s in SEEDS:
        print(f"    {s}: \"{fingerprint(play(s))}\",")
