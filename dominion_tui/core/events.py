"""Structured events: what happened, for triggers (Event) and for narration (Note)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .model import Card, Player, Zone


@dataclass
class Event:
    """One thing that happened to a card or a player, passed through the trigger pipeline.

    kind: gain, buy, trash, discard, exile, reveal, play, set_aside, return, shuffle,
    start_turn, buy_phase, end_turn ...
    """

    kind: str
    player: Player
    card: Card | None = None
    src: Zone | None = None
    dest: Zone | None = None
    cleanup: bool = False  # it happened during the Clean-up step (anything in it, not only its discards)
    arrived_moves: int = 0  # card.moves when it arrived: later moves mean it was moved on
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def the_card(self) -> Card:
        """The card, for a trigger on an event that always has one (a gain, discard, play...)."""
        assert self.card is not None, f"a {self.kind} event without a card"
        return self.card

    def card_still_there(self) -> bool:
        c = self.card
        return c is not None and c.zone is self.dest and c.moves == self.arrived_moves


@dataclass
class Note:
    """A structured announcement; dominion_tui.narration turns it into a sentence."""

    kind: str
    player: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
