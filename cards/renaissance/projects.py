"""Renaissance's Projects (Barracks for now; the others come later)."""
from dominion_tui.core.dsl import CardDef, types
from dominion_tui.core.model import Trigger
from dominion_tui.core.registry import CardDB

from .common import SET, mine

# --- Barracks -----------------------------------------------------------------------------------
BARRACKS = CardDef("Barracks", "project", SET, "Project. At the start of your turn, +1 Action.",
                   cost=6, pile_size=None, types=types("Project"),
                   triggers=(Trigger("start_turn", lambda ctx, ev: ctx.actions(1), condition=mine),),
                   notes="Buying it is not gaining a card; its Action comes from your next turn on.")


def register(db: CardDB) -> None:
    db.add(BARRACKS)
