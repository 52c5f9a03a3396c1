"""The card database: definitions registered by the `cards` package, looked up by name."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .model import CardDef


@dataclass
class CardDB:
    defs: dict[str, CardDef] = field(default_factory=dict)
    starting_deck: dict[str, int] = field(default_factory=dict)
    # pile size rules by player count, for cards whose pile depends on it
    pile_rules: dict[str, Callable[[int], int]] = field(default_factory=dict)

    def add(self, d: CardDef) -> CardDef:
        if d.name in self.defs:
            raise ValueError(f"card defined twice: {d.name}")
        self.defs[d.name] = d
        return d

    def __getitem__(self, name: str) -> CardDef:
        return self.defs[name]

    def __contains__(self, name: str) -> bool:
        return name in self.defs

    def canonical(self, name: str) -> str | None:
        """The exact spelling of a name given in any case, or None."""
        low = name.strip().lower()
        for n in self.defs:
            if n.lower() == low:
                return n
        return None

    def of_kind(self, *kinds: str) -> list[CardDef]:
        return [d for d in self.defs.values() if d.kind in kinds]

    def pile_size(self, d: CardDef, players: int) -> int:
        rule = self.pile_rules.get(d.name)
        if rule:
            return rule(players)
        return d.pile_size or 0
