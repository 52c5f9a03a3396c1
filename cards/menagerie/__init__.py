"""Menagerie: Exile, Horses, Ways and Events.

`kingdom_cheap.py` and `kingdom_dear.py` hold the Kingdom cards and the Horse, one section per card
in cost order;
`events.py` the 20 Events, in cost order; `ways.py` the 20 Ways.
"""

from dominion_tui.core.registry import CardDB

from . import events, kingdom, ways


def register(db: CardDB) -> None:
    kingdom.register(db)
    events.register(db)
    ways.register(db)
