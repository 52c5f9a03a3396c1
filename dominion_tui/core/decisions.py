"""The one decision interface: the core asks, a Decider (REPL, computer, scenario) answers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from .model import Card, Player


@dataclass(frozen=True)
class TurnAction:
    """A top-level move in one's own turn: play, buy, end, villager, coffers."""

    verb: str
    name: str | None = None
    n: int = 1
    # "play X as WAY" at the keyboard: the front end answers the Way question with it. Not
    # part of the move itself (the Way answer is recorded as its own answer).
    way: str | None = field(default=None, compare=False)

    def __str__(self) -> str:
        if self.verb in ("villager", "coffers"):
            return f"{self.verb} {self.n}"
        as_way = f" as {self.way}" if self.way else ""
        return f"{self.verb} {self.name}{as_way}" if self.name else self.verb


@dataclass
class Option:
    label: str  # what is shown and typed: a card name, a mode word, "normal", a trigger source
    value: Any = None
    count: int = 1  # identical cards offered as one option: "Copper (3)"


@dataclass(frozen=True)
class Cause:
    """Another player's card whose instructions ask this question (an attack's)."""

    card: str
    player: str


@dataclass
class Decision:
    """A question to one player.

    kind: "turn" (options are TurnActions; villager/coffers take a count), "cards" (options are
    cards), "option" (mode words, Way or normal, trigger order), "yesno".
    min/max: how many options to pick; min 0 means it may be declined.
    """

    kind: str
    player: Player
    prompt: str
    options: list[Option] = field(default_factory=list)
    min: int = 1
    max: int = 1
    context: Any = None  # what opened the question: the Event of a reaction window, or a Cause
    topic: str = ""  # machine-readable purpose, e.g. "way", "react", "exile_from_hand"
    # too many options to read out (any card name): this line is said instead of the list
    unlisted: str = ""
    # an option whose choice cannot matter (an order question with a plain +1 coin in it): a
    # player's front end may answer it unasked; scenarios and bots are asked as before
    moot: int | None = None
    one_name: bool = False  # several picks must all be copies of one card (Banish)

    @property
    def may_decline(self) -> bool:
        return self.min == 0


# An answer: a TurnAction for "turn" decisions, else the list of chosen option indices.
Answer = Any


class Decider(Protocol):
    def decide(self, game: Any, decision: Decision) -> Answer: ...


def card_options(cards: list[Card]) -> list[Option]:
    return [Option(c.name, c) for c in cards]


def grouped_card_options(cards: list[Card]) -> list[Option]:
    """One option per name, by name: any copy will do when only one card is picked."""
    first: dict[str, Option] = {}
    for c in cards:
        if c.name in first:
            first[c.name].count += 1
        else:
            first[c.name] = Option(c.name, c)
    return [first[n] for n in sorted(first)]
