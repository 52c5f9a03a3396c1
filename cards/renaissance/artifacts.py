"""Renaissance's 5 Artifacts. Each has exactly one holder (or none yet); taking one moves it.

Artifacts are not cards: nothing that counts or moves cards touches them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dominion_tui.core.dsl import CardDef, Ctx, Event, mine, types
from dominion_tui.core.model import Card, Player, Trigger
from dominion_tui.core.registry import CardDB

from .common import SET

if TYPE_CHECKING:  # pragma: no cover
    from dominion_tui.core.game import Game

ARTIFACT = types("Artifact")


def artifact(name: str, text: str, **kw: Any) -> CardDef:
    return CardDef(name, "artifact", SET, "Artifact. " + text, pile_size=None, types=ARTIFACT, **kw)


# --- Flag (Flag Bearer) -------------------------------------------------------------------------
FLAG = artifact(
    "Flag",
    "When drawing your hand in Clean-up, +1 Card.",
    modifiers={"cleanup_draw": lambda g, p, n: n + 1},
    notes="It adds 1 to whatever size your new hand would be.",
)


# --- Horn (Border Guard) ------------------------------------------------------------------------
def _border_guard_leaves_play(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return (
        ev.player is owner and ev.src is owner.in_play and ev.the_card.name == "Border Guard" and ev.card_still_there()
    )


def _horn(ctx: Ctx, ev: Event) -> None:
    if ev.card_still_there():
        ctx.put_on_deck(ev.the_card)


HORN = artifact(
    "Horn",
    "Once per turn, when you discard a Border Guard from play, you may put it onto your deck.",
    triggers=(
        Trigger(
            "discard",
            _horn,
            condition=_border_guard_leaves_play,
            optional=True,
            once_per_turn=True,
            follows_card=True,
            of_card="Border Guard",
            question=lambda g, ev, p, c: f"Put {ev.the_card.name} onto your deck with the Horn?",
        ),
    ),
    notes="It works on any Border Guard you discard from play, even on the turn you take it.",
)


# --- Key (Treasurer) ----------------------------------------------------------------------------
KEY = artifact(
    "Key",
    "At the start of your turn, +1 coin.",
    triggers=(Trigger("start_turn", lambda ctx, ev: ctx.coins(1), condition=mine, commutes=True),),
    notes="It pays at the start of your turn, so not on the turn you take it.",
)


# --- Lantern (Border Guard) ---------------------------------------------------------------------
LANTERN = artifact(
    "Lantern",
    "Border Guards you play reveal 3 cards and discard 2; it takes all 3 being Actions to take the Horn.",
    notes="It works the turn you take it; with only 2 cards left to reveal, no Artifact.",
)


# --- Treasure Chest (Swashbuckler) --------------------------------------------------------------

CHEST = artifact(
    "Treasure Chest",
    "At the start of your Buy phase, gain a Gold.",
    triggers=(Trigger("buy_phase", lambda ctx, ev: ctx.gain("Gold"), condition=mine),),
    notes="Not optional, and it works on the turn you take it.",
)


def register(db: CardDB) -> None:
    for d in (FLAG, HORN, KEY, LANTERN, CHEST):
        db.add(d)
