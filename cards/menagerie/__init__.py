"""Menagerie: Exile, Horses, Ways and Events.

`kingdom.py` holds the Kingdom cards and the Horse, one section per card in cost order;
`landscapes.py` the Events and Ways.
"""
from dominion_tui.core.registry import CardDB

from . import kingdom, landscapes


def register(db: CardDB) -> None:
    kingdom.register(db)
    landscapes.register(db)
