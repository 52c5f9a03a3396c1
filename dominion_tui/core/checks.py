"""Game's room for checks: the whole state as plain data (resume, undo and replay are proved
against it) and the conservation check that every card is in exactly one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .model import PLAYER_ZONES, Zone
from .moves import Moves


class Checks(Moves):
    def zones(self) -> Iterable[Zone]:
        yield from self.supply.values()
        yield from self.nonsupply.values()
        yield self.trash
        yield self.set_aside
        for p in self.players:
            for name in PLAYER_ZONES:
                yield p.zone(name)

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data: two games in the same state give equal snapshots.

        Used to prove that resume, undo and replay rebuild exactly the live game, down to the
        random generator and the question being asked.
        """

        def ids(z: Zone) -> list[tuple[str, int, int]]:
            return [(c.name, c.id, c.moves) for c in z.cards]

        t = self.turn
        w = self.waiting
        return {
            "piles": {n: ids(z) for n, z in {**self.supply, **self.nonsupply}.items()},
            "trash": ids(self.trash),
            "set_aside": ids(self.set_aside),
            "set_aside_for": {n: c.id for n, c in self.set_aside_for.items()},
            "players": [
                {
                    "zones": {z: ids(p.zone(z)) for z in PLAYER_ZONES},
                    "counters": (p.actions, p.buys, p.coins, p.coffers, p.villagers, p.turns_taken, p.cubes),
                    "tokens": dict(p.tokens),
                }
                for p in self.players
            ],
            "artifacts": {n: h.index if h else None for n, h in self.artifacts.items()},
            "projects": {n: [p.index for p in owners] for n, owners in self.projects.items()},
            "pending": [
                (pe.player.index, pe.label, pe.source.id if pe.source else None, [c.id for c in pe.keep], pe.when)
                for pe in self.pending
            ],
            "turn": (
                self.current.index,
                self.phase,
                t.extra,
                [(p.index, c.id) for p, c in t.gained],
                [(p.index, c.id) for p, c in t.trashed],
                t.bought_in_phase,
                list(t.bought_cards),
                sorted(t.used_once, key=repr),
                len(t.modifiers),
                [(p.index, lbl) for p, _, lbl in t.triggers],
                [(p.index, c.id) for p, c in t.played],
            ),
            "extra_turns": [p.index for p in self.extra_turns],
            "once_per_game": sorted(self.used_once_per_game),
            "tags": sorted((c.id, c.tag) for c in self.all_cards if c.tag),
            "final_round": None if self.final_round is None else [q.index for q in self.final_round],
            "supply_low": (self.supply_low, list(self.low_at)),
            "over": self.over,
            "winners": [p.index for p in self.winners],
            "next_id": self._next_id,
            "answers": len(self.answers),
            "turns_begun": self.turns_begun,
            "warned_low": sorted(self.warned_low),
            "rng": self.rng.getstate(),
            "waiting": None
            if w is None
            else (w.kind, w.player.index, w.prompt, w.topic, w.min, w.max, [o.label for o in w.options]),
        }

    def check_conservation(self) -> str | None:
        """Every card in exactly one place and the ownership cache true: None, or what is wrong."""
        for p in self.players:
            cached = self._owned.pop(p.index, None)
            if cached is not None and cached != self.owned_landscapes(p):
                return f"{p.name}'s Projects or Artifacts changed without set_owner"
        seen: set[int] = set()
        for z in self.zones():
            for c in z.cards:
                if c.id in seen:
                    return f"{c} is in two places"
                if c.zone is not z:
                    return f"{c} thinks it is in {c.zone} but is in {z}"
                seen.add(c.id)
        missing = [c for c in self.all_cards if c.id not in seen]
        if missing or len(seen) != len(self.all_cards):
            return f"cards lost: {missing}"
        return None
