"""The rules core: pure game state and rules, no terminal, no card names."""

from .decisions import Decision, Option, TurnAction
from .events import Event, Note
from .game import Config, Game
from .model import Card, CardDef, Player, Trigger, Zone
from .registry import CardDB

__all__ = [
    "Card",
    "CardDB",
    "CardDef",
    "Config",
    "Decision",
    "Event",
    "Game",
    "Note",
    "Option",
    "Player",
    "Trigger",
    "TurnAction",
    "Zone",
]
