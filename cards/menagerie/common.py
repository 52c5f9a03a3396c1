"""What every Menagerie module shares: the set's name and small card-building helpers."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dominion_tui.core.dsl import CardDef, Ctx, types

if TYPE_CHECKING:  # pragma: no cover
    pass

SET = "Menagerie"
EXILE = frozenset({"Exile"})
HORSE = frozenset({"Horse"})


def kingdom(name: str, cost: int, kinds: tuple[str, ...], text: str, play: Callable[[Ctx], None], **kw: Any) -> CardDef:
    return CardDef(name, "kingdom", SET, text, cost=cost, types=types(*kinds), play=play, **kw)


def gain_horses(ctx: Ctx, n: int, to: str = "discard") -> None:
    for _ in range(n):
        ctx.gain("Horse", to)
