"""What every Renaissance module shares: the set's name and small card-building helpers."""
from dominion_tui.core.dsl import CardDef, Ctx, Event, types
from dominion_tui.core.model import Card

SET = "Renaissance"
COFFERS_VILLAGERS = frozenset({"Coffers", "Villagers"})


def kingdom(name: str, cost: int, kinds: tuple[str, ...], text: str, play, **kw) -> CardDef:
    return CardDef(name, "kingdom", SET, text, cost=cost, types=types(*kinds), play=play, **kw)


def mine(game, ev: Event, owner, card) -> bool:
    """For "when you gain / trash this" and "at the start of your turn": the event's player."""
    return ev.player is owner


def trash_from_hand(ctx: Ctx, prompt: str) -> Card | None:
    """The mandatory "trash a card from your hand" (nothing when the hand is empty)."""
    card = ctx.choose_card(ctx.player.hand, prompt, topic="trash")
    if card is not None:
        ctx.trash(card)
    return card


def one_of_each(cards) -> list[Card]:
    """One card per name, first seen first: a choice "by name" among many copies."""
    seen: dict[str, Card] = {}
    for c in cards:
        seen.setdefault(c.name, c)
    return list(seen.values())
