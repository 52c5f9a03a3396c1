"""Card definitions, grouped by set. `load()` returns the database of every card we cover."""

from __future__ import annotations

from functools import lru_cache

from dominion_tui.core.registry import CardDB

from . import basic, menagerie, renaissance

SETS = (basic, menagerie, renaissance)


@lru_cache(maxsize=1)
def load() -> CardDB:
    db = CardDB()
    for s in SETS:
        s.register(db)
    return db
