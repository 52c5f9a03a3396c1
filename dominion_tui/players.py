"""Computer players. They answer through the same decision interface as people."""
from __future__ import annotations

import random
from typing import Any

from .core.decisions import Decision
from .core.game import Game


class RandomPlayer:
    """Picks random legal answers; leans towards playing and buying so that games end."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def decide(self, game: Game, d: Decision) -> Any:
        # Seeded by the game's position, so a resumed game goes on exactly as it would have.
        self.rng.seed(f"{self.seed}:{len(game.answers)}")
        if d.kind == "turn":
            acts = game.legal_actions(d.player)
            plays = [a for a in acts if a.verb == "play"]
            buys = [a for a in acts if a.verb == "buy"]
            r = self.rng.random()
            if plays and r < 0.7:
                return self.rng.choice(plays)
            if buys and r < 0.9:
                return self.rng.choice(buys)
            return self.rng.choice(acts)
        if d.kind == "yesno":
            return [self.rng.randrange(2)]
        k = self.rng.randint(d.min, min(d.max, len(d.options)))
        return sorted(self.rng.sample(range(len(d.options)), k))
