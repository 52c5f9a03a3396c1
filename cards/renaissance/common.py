"""What every Renaissance module shares: the set's name and small card-building helpers."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from dominion_tui.core.dsl import CardDef, Ctx, types
from dominion_tui.core.model import Card

if TYPE_CHECKING:  # pragma: no cover
    pass

SET = "Renaissance"
COFFERS_VILLAGERS = frozenset({"Coffers", "Villagers"})


def kingdom(name: str, cost: int, kinds: tuple[str, ...], text: str, play: Callable[[Ctx], None], **kw: Any) -> CardDef:
    return CardDef(name, "kingdom", SET, text, cost=cost, types=types(*kinds), play=play, **kw)


def one_of_each(cards: Iterable[Card]) -> list[Card]:
    """One card per name, first seen first: a choice "by name" among many copies."""
    seen: dict[str, Card] = {}
    for c in cards:
        seen.setdefault(c.name, c)
    return list(seen.values())
