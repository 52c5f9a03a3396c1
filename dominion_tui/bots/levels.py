"""The levels a player can pick for a computer opponent, and the player for each."""

from __future__ import annotations

from typing import Any

from .bigmoney import BigMoneyPlayer
from .bot import Bot
from .expert import Expert
from .plans import PLANS


def make_player(level: str, seed: int) -> Any:
    """A computer player of a level: bigmoney, normal, hard or expert."""
    if level == "expert":
        return Expert(seed)
    if level == "bigmoney":
        return BigMoneyPlayer(seed)
    if level in PLANS:
        return Bot(seed, level)
    raise ValueError(f"unknown level {level}")


LEVELS = ("normal", "hard", "bigmoney", "expert")
