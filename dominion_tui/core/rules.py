"""Standing rules that work like triggers, so they take their turn in the same windows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .context import Ctx
from .events import Event
from .model import Card, Player, Trigger

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def _has_exiled_copies(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return (
        ev.player is owner
        and ev.card is not None
        and bool(owner.exile.cards)
        and any(c.name == ev.card.name and c is not ev.card for c in owner.exile.cards)
    )


def _discard_exiled_copies(ctx: Ctx, ev: Event) -> None:
    """Exile: on gaining a card, all other copies of it may leave the Exile mat (all or none)."""
    assert ev.card is not None  # a gain has its card
    copies = [c for c in ctx.player.exile.cards if c.name == ev.card.name and c is not ev.card]
    ctx.game.say("unexile", ctx.player, card=ev.card.name, n=len(copies), plural=ev.card.defn.plural_name)
    ctx.game.discard_all(ctx.player, copies, quiet=True)  # together: see Game.discard_all


def _exile_question(game: Game, ev: Event, owner: Player, card: Card | None) -> str:
    assert ev.card is not None  # a gain has its card
    n = sum(1 for c in owner.exile.cards if c.name == ev.card.name and c is not ev.card)
    return f"Discard your {n} exiled {ev.card.defn.plural_name}?" if n > 1 else f"Discard your exiled {ev.card.name}?"


EXILE_ON_GAIN = Trigger(
    "gain", _discard_exiled_copies, condition=_has_exiled_copies, optional=True, label="Exile", question=_exile_question
)

STANDING_RULES = (EXILE_ON_GAIN,)
