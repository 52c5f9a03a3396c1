"""What every Menagerie module shares: the set's name and small card-building helpers."""
from dominion_tui.core.dsl import CardDef, Ctx, types
from dominion_tui.core.model import Card

SET = "Menagerie"
EXILE = frozenset({"Exile"})
HORSE = frozenset({"Horse"})


def kingdom(name: str, cost: int, kinds: tuple[str, ...], text: str, play, **kw) -> CardDef:
    return CardDef(name, "kingdom", SET, text, cost=cost, types=types(*kinds), play=play, **kw)


def gain_horses(ctx: Ctx, n: int, to: str = "discard") -> None:
    for _ in range(n):
        ctx.gain("Horse", to)


def exile_from_hand(ctx: Ctx, prompt: str, optional: bool = False) -> Card | None:
    card = ctx.choose_card(ctx.player.hand, prompt, optional=optional, topic="exile")
    if card is not None:
        ctx.exile(card)
    return card


def trash_from_hand(ctx: Ctx, prompt: str, optional: bool = False) -> Card | None:
    card = ctx.choose_card(ctx.player.hand, prompt, optional=optional, topic="trash")
    if card is not None:
        ctx.trash(card)
    return card
