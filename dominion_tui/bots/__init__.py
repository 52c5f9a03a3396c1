"""The computer players. They answer through the same decision interface as people.

rng: the generator they reseed before every answer; simple: RandomPlayer and SimplePlayer;
bigmoney, bot and expert: the levels (bigmoney; normal and hard; expert, which
chooses a plan for the kingdom by simulation, and near the end plays its buys out: search); traits: what each card surely does,
as the bots judge it; plans and tuning: the knobs and tables tuned by simulation; levels: the
player for each level.
"""

from .bigmoney import BigMoneyPlayer
from .bot import Bot
from .expert import Expert
from .levels import LEVELS, make_player
from .plans import PLANS, Plan
from .rng import PositionRandom
from .simple import GOOD_PROJECTS, JUNK, MONEY_FLOOR, RandomPlayer, SimplePlayer
from .traits import Traits, traits

__all__ = [
    "GOOD_PROJECTS",
    "JUNK",
    "LEVELS",
    "MONEY_FLOOR",
    "PLANS",
    "BigMoneyPlayer",
    "Bot",
    "Expert",
    "Plan",
    "PositionRandom",
    "RandomPlayer",
    "SimplePlayer",
    "Traits",
    "make_player",
    "traits",
]
