"""The computer players' random generator: cheap to reseed, seeded by the game's position."""

from __future__ import annotations

import hashlib
import random
from typing import Any

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

    def reset(self, a: int) -> None:
        """seed() for an int, without its test: the computer players reseed at every answer."""
        self._state = a & _MASK

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
        return (self._next() >> 11) * 2.0**-53

    def choice(self, seq: Any) -> Any:  # Random.choice's own draw, without its two extra calls
        if not len(seq):
            raise IndexError("Cannot choose from an empty sequence")
        return seq[(self._next() * len(seq)) >> 64]

    def getstate(self) -> Any:
        return self._state

    def setstate(self, state: Any) -> None:
        self._state = state
