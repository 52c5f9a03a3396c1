"""Renaissance: Coffers, Villagers, Artifacts and Projects.

`kingdom.py` holds the 25 Kingdom cards, one section per card in cost order; `artifacts.py`
the 5 Artifacts; `projects.py` the Projects.
"""

from dominion_tui.core.registry import CardDB

from . import artifacts, kingdom, projects


def register(db: CardDB) -> None:
    kingdom.register(db)
    artifacts.register(db)
    projects.register(db)
