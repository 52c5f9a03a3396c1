"""The plain records the rules core's rooms share: what a game is set up from, and one turn's record."""
from __future__ import annotations

from dataclasses import dataclass, field

from .model import Card, Player, Trigger, TurnModifier


class SetupError(ValueError):
    """A game that cannot be set up as asked; the message is one line for the player."""


@dataclass
class Config:
    players: list[str]
    kingdom: list[str]
    landscapes: list[str] = field(default_factory=list)
    seed: int = 0
    # Way of the Mouse's set-aside card when the setup is told it (scenarios); None lets the setup
    # draw it. Never written back: a replay must consume the random generator exactly as play did.
    mouse: str | None = None


@dataclass
class TurnState:
    player: Player
    extra: bool = False
    gained: list[tuple[Player, Card]] = field(default_factory=list)  # every gain, by anyone
    trashed: list[tuple[Player, Card]] = field(default_factory=list)  # every trash, by anyone
    bought_in_phase: bool = False
    bought_cards: list[str] = field(default_factory=list)
    used_once: set = field(default_factory=set)
    modifiers: list[TurnModifier] = field(default_factory=list)
    triggers: list[tuple[Player, Trigger, str]] = field(default_factory=list)
    played: list[Card] = field(default_factory=list)
    buy_gains_from: int = 0  # len(gained) when the Buy phase began: gains in that phase follow
