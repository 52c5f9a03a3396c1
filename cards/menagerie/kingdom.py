"""Menagerie's 30 Kingdom cards and the Horse: `kingdom_cheap.py` (the Horse and the cards
costing 2 to 4) and `kingdom_dear.py` (5 to 7), one section per card, in cost order.

Each section holds the card's effect and its definition. `text` is the project's own wording,
read by `describe`; `notes` is the ruling a player is most likely to trip over.
"""

from __future__ import annotations

from dominion_tui.core.dsl import CardDef
from dominion_tui.core.registry import CardDB

from . import kingdom_cheap, kingdom_dear

CARDS: list[CardDef] = kingdom_cheap.CARDS + kingdom_dear.CARDS


def register(db: CardDB) -> None:
    kingdom_cheap.register(db)
    kingdom_dear.register(db)
