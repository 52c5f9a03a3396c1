"""Computer players. They answer through the same decision interface as people."""
from __future__ import annotations

import hashlib
import random
from typing import Any

from .core.decisions import Decision, TurnAction
from .core.game import Game


_MASK = (1 << 64) - 1


_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """SplitMix64's finaliser: nearby inputs give unrelated 64-bit outputs."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class PositionRandom(random.Random):
    """A small generator (SplitMix64) that is cheap to reseed, unlike the Mersenne Twister
    whose seeding fills 624 words: the computer players reseed before every answer."""

    def seed(self, a: Any = None, version: int = 2) -> None:  # type: ignore[override]
        if not isinstance(a, int):  # str() and a digest, not hash(): the same in every run
            a = int.from_bytes(hashlib.sha256(str(a).encode()).digest()[:8], "big")
        self._state = a & _MASK  # every output is mixed, so nearby seeds are fine

    def _next(self) -> int:
        z = self._state = (self._state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK  # _mix, written out: it runs per draw
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def _randbelow(self, n: int) -> int:  # type: ignore[override]
        # choice, sample, randint and shuffle all come here: 0 <= r < n by multiply-and-shift
        # (Lemire), one draw and no rejection loop; the bias, under n / 2**64, is far too small to matter
        return (self._next() * n) >> 64

    def getrandbits(self, k: int) -> int:
        if 0 < k <= 64:
            return self._next() >> (64 - k)
        bits = 0
        for shift in range(0, k, 64):
            bits |= self._next() << shift
        return bits >> (-k % 64)

    def random(self) -> float:
        return (self._next() >> 11) * 2.0 ** -53

    def getstate(self) -> Any:
        return self._state

    def setstate(self, state: Any) -> None:
        self._state = state


class RandomPlayer:
    """Picks random legal answers; leans towards playing and buying so that games end."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = PositionRandom(seed)
        self._key = _mix(seed & _MASK)  # seeds far apart, so positions never share a stream

    def reseed(self, game: Game) -> None:
        # Seeded by the game's position, so a resumed game goes on exactly as it would have.
        self.rng.seed(self._key ^ len(game.answers))

    def decide(self, game: Game, d: Decision) -> Any:
        self.reseed(game)
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


JUNK = ("Curse", "Estate", "Copper")


class SimplePlayer(RandomPlayer):
    """A modest opponent: plays its Actions and Treasures, buys money and Provinces by the
    usual "Big Money" rule, an Action now and then, and Duchies late in the game."""

    def decide(self, game: Game, d: Decision) -> Any:
        self.reseed(game)
        if d.kind != "turn":
            return self.answer(game, d)
        p = d.player
        acts = game.legal_actions(p)
        plays = [a for a in acts if a.verb == "play"]
        by_name = {c.name: c for c in p.hand.cards}
        actions = [a for a in plays if by_name[a.name].is_("Action") and game.phase == "action"]
        if actions:
            return self.rng.choice(actions)
        treasures = [a for a in plays if by_name[a.name].is_("Treasure")]
        if treasures:
            return treasures[0]
        want = self.purchase(game, p)
        if want and TurnAction("buy", want) in acts:
            return TurnAction("buy", want)
        return TurnAction("end")

    def purchase(self, game: Game, p: Any) -> str | None:
        coins, provinces = p.coins, len(game.supply.get("Province", []))
        if coins >= 8:
            return "Province"
        if coins >= 6:
            return "Duchy" if provinces <= 4 else "Gold"
        if coins >= 5 and provinces <= 4:
            return "Duchy"
        if coins >= 2 and provinces <= 2:
            return "Estate"
        owned = p.all_cards()
        if coins >= 3 and sum(c.is_("Action") for c in owned) * 5 < len(owned):
            options = [n for n, z in game.supply.items() if z.cards and game.db[n].is_("Action")
                       and coins - 2 <= game.cost(game.db[n]) <= coins]
            if options:
                return self.rng.choice(sorted(options))
        return "Silver" if coins >= 3 else None

    def answer(self, game: Game, d: Decision) -> Any:
        if d.kind == "yesno":
            return [0]
        if d.topic == "way":
            return [0]  # "normal": the card's own text
        if d.topic == "react" or d.may_decline:
            return [0] if d.options else []
        if d.topic == "exile":  # away with the weakest card
            rank = [JUNK.index(o.label) if o.label in JUNK else len(JUNK) for o in d.options]
            return [rank.index(min(rank))]
        k = max(d.min, 1)
        return sorted(self.rng.sample(range(len(d.options)), min(k, len(d.options))))
