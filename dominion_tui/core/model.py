"""The nouns of the rules core: card definitions, card instances, zones, players, triggers.

Nothing here knows any card by name; cards are data handed in from the `cards` package.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from copy import deepcopy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .context import Ctx
    from .events import Event
    from .game import Game

ACTION, TREASURE, VICTORY, CURSE = "Action", "Treasure", "Victory", "Curse"
ATTACK, REACTION, DURATION = "Attack", "Reaction", "Duration"

# What kind of thing a definition is: cards have a pile; landscapes and artifacts do not.
CARD_KINDS = ("basic", "kingdom", "nonsupply")
LANDSCAPE_KINDS = ("event", "way", "project")


def plural(name: str) -> str:
    """English plural of a card name: Duchy -> Duchies, Supplies stays, Horse -> Horses."""
    if name.endswith("s"):
        return name
    if name.endswith("y") and name[-2:-1] not in "aeiou":
        return name[:-1] + "ies"
    if name.endswith(("ch", "sh", "x", "z")):  # Old Witch -> Old Witches, Research -> Researches
        return name + "es"
    return name + "s"


def count(n: int, name: str, plural_form: str | None = None) -> str:
    """'1 Villager', '2 Villagers': a number and the name it counts."""
    return f"{n} {name if n == 1 else (plural_form or plural(name))}"


def grouped(names: list[str]) -> str:
    """'Copper, Copper, Estate' -> '2 Coppers, Estate' keeping first-seen order."""
    seen: dict[str, int] = {}
    for n in names:
        seen[n] = seen.get(n, 0) + 1
    return ", ".join(n if k == 1 else f"{k} {plural(n)}" for n, k in seen.items()) if names else "nothing"


def article(name: str) -> str:
    """'a Horse', 'an Experiment'; names read as plurals (Supplies, Lackeys) take none."""
    if name.endswith("s"):
        return name
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


@dataclass(frozen=True)
class Trigger:
    """A "when ..." ability.

    `on` is an event kind ("gain", "trash", "discard", "reveal", "start_turn", "buy_phase", ...).
    `where` says which cards carry it: "self" (the event's own card, e.g. "when you gain this"),
    "hand" (a card in its owner's hand: reactions), "owner" (a Project, Artifact or rule whose
    owner is the player it belongs to). `condition(game, event, owner, source_card)` filters on
    the event, judged once when it happens (what was gained, by whom); what the effect needs from
    the present (a Copper in hand to trash) is `can`, asked whenever it could resolve next.
    """

    on: str
    effect: Callable[[Ctx, Event], object]  # what it returns is not used
    where: str = "owner"
    condition: Callable[[Game, Event, Player, Card | None], bool] = lambda g, e, p, c: True
    optional: bool = False
    once_per_turn: bool = False
    label: str | None = None  # how a choice names it; defaults to its source's name
    # It moves the event's card (puts it on the deck, sets it aside, plays it): offered only while
    # that card has not moved since the event, whatever the other triggers of the window did.
    follows_card: bool = False
    # Only adds to counters nothing else reads (+1 coin, +1 Buy): its order among the other
    # effects of the window cannot matter, so it resolves without a "which first" question
    commutes: bool = False
    # What an optional one will do, as a question naming the cards ("Play Sheepdog from your
    # hand?"), from (game, event, owner, source card); the reaction question is built from it.
    question: Callable[[Game, Event, Player, Card | None], str] | None = None
    # False for "when you discard this other than during Clean-up": nothing in the Clean-up step
    # (its own discards, or what Improve causes at its start) even opens a window for it
    in_cleanup: bool = True
    # Hears only events about a card of this name (the Horn: a Border Guard), so that events about
    # other cards open no window for it
    of_card: str | None = None
    # What the effect needs now (same arguments as `condition`), asked each time it could resolve
    # next: an effect the player resolves first may bring it (Sheepdog drawing the Copper Ducat
    # trashes). While it cannot, the trigger is offered only if another waiting effect `gives`
    # what it `needs`, and it is dropped silently once none does.
    can: Callable[[Game, Event, Player, Card | None], bool] | None = None
    needs: str = "hand"
    # What the effect may bring: "hand" (cards into its owner's hand: a draw, a play, a gain to hand)
    gives: frozenset[str] = frozenset()


@dataclass
class CardDef:
    """Everything the engine needs to know about one card, Event, Way, Project or Artifact."""

    name: str
    kind: str  # basic | kingdom | nonsupply | event | way | project | artifact
    set: str
    text: str  # the project's own wording, read to players
    cost: int | None = None
    types: frozenset[str] = frozenset()
    vp: int = 0
    play: Callable[[Ctx], object] | None = None  # play effect; Events: on buy; Ways: instead
    triggers: tuple[Trigger, ...] = ()
    cost_fn: Callable[[Game, CardDef], int] | None = None  # a printed cost that varies
    # "has the same cost as another card": that card's definition, or None for the printed cost
    cost_copy: Callable[[Game], CardDef | None] | None = None
    # cards its buyer may trash from hand instead of paying its cost (still uses a Buy): (game, player)
    pay_instead: Callable[[Game, Player], list[Card]] | None = None
    pile_size: int | None = 10
    uses: frozenset[str] = frozenset()  # components: "Horse", "Exile", "Coffers", artifacts...
    setup: Callable[[Game], None] | None = None
    once_per_turn: bool = False  # Events
    once_per_game: bool = False  # Events: once per game for each player
    modes: tuple[str, ...] = ()  # mode words, for describing
    plural: str | None = None
    ends_game: bool = False  # the game ends when this Supply pile is empty (Province)
    # value modifiers while owned (Projects, Artifacts): kind -> fn(game, player, value, **kw)
    modifiers: dict[str, Callable[..., Any]] = field(default_factory=dict)
    coin_text: bool = False  # an Action whose own text gives +coins (what Capitalism looks for)
    notes: str = ""  # the ruling most likely to surprise a player, in our own words (describe)
    # `triggers` by event kind, each with its index: an event this card does not hear costs a lookup
    heard: dict[str, tuple[tuple[int, Trigger], ...]] = field(init=False, repr=False, compare=False)
    heard_in_cleanup: frozenset[str] = field(init=False, repr=False, compare=False)  # kinds, then

    def __post_init__(self) -> None:
        by_kind: dict[str, list[tuple[int, Trigger]]] = {}
        for i, t in enumerate(self.triggers):
            by_kind.setdefault(t.on, []).append((i, t))
        self.heard = {k: tuple(v) for k, v in by_kind.items()}
        self.heard_in_cleanup = frozenset(t.on for t in self.triggers if t.in_cleanup)

    def is_(self, t: str) -> bool:
        """A printed type (setup, bots); a rule asks Game.is_, the types it has now."""
        return t in self.types

    @property
    def is_card(self) -> bool:
        return self.kind in CARD_KINDS

    @property
    def plural_name(self) -> str:
        return self.plural or plural(self.name)


class Zone:
    """An ordered list of cards. For piles and discard the top is the end; for decks, index 0."""

    __slots__ = ("name", "owner", "cards")

    def __init__(self, name: str, owner: Player | None = None) -> None:
        self.name = name
        self.owner = owner
        self.cards: list[Card] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> Zone:
        # copy.deepcopy's generic path costs most of an undo checkpoint: zones and cards are
        # most of a game's objects, and each card's definition is shared, never copied
        z = Zone.__new__(Zone)
        memo[id(self)] = z
        z.name, z.owner = self.name, deepcopy(self.owner, memo)
        cards = []
        for c in self.cards:
            got = memo.get(id(c))
            if got is None:
                got = memo[id(c)] = Card.__new__(Card)
                got.__dict__.update(c.__dict__)  # plain values, and the shared definition
                got.zone = z
                if c.zone is not self:  # a card listed where it no longer is: copy its zone too
                    got.zone = deepcopy(c.zone, memo)
            cards.append(got)
        z.cards = cards
        return z

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(list(self.cards))

    def names(self) -> list[str]:
        return [c.name for c in self.cards]

    def count(self, name: str) -> int:
        return sum(1 for c in self.cards if c.name == name)

    def __repr__(self) -> str:
        who = f"{self.owner.name}'s " if self.owner else ""
        return f"<{who}{self.name}: {len(self.cards)}>"


@dataclass(eq=False)
class Card:
    id: int
    defn: CardDef
    zone: Zone | None = None
    moves: int = 0  # how often it has moved: lets effects notice they lost track of it
    tag: str = ""  # a mark that lasts while it stays put (an Invested card in Exile)

    @property
    def name(self) -> str:
        return self.defn.name

    def is_(self, t: str) -> bool:
        """A printed type (setup, bots); a rule asks Game.is_, the types it has now."""
        return t in self.defn.types

    def __repr__(self) -> str:
        return f"{self.name}#{self.id}"


PLAYER_ZONES = ("hand", "deck", "discard", "in_play", "exile", "set_aside", "revealed")


@dataclass(eq=False)
class Player:
    index: int
    name: str
    hand: Zone = field(init=False)
    deck: Zone = field(init=False)
    discard: Zone = field(init=False)
    in_play: Zone = field(init=False)
    exile: Zone = field(init=False)
    set_aside: Zone = field(init=False)
    revealed: Zone = field(init=False)
    actions: int = 0
    buys: int = 0
    coins: int = 0
    coffers: int = 0
    villagers: int = 0
    turns_taken: int = 0  # normal turns, for the tie-break
    cubes: int = 2
    tokens: dict[str, int] = field(default_factory=dict)  # e.g. Sinister Plot tokens

    def __post_init__(self) -> None:
        for z in PLAYER_ZONES:
            setattr(self, z, Zone(z, self))

    def zone(self, name: str) -> Zone:
        zone: Zone = getattr(self, name)
        return zone

    def all_cards(self) -> list[Card]:
        """Every card p has, zone by zone in PLAYER_ZONES order (spelled out: the bots ask often)."""
        return (
            self.hand.cards
            + self.deck.cards
            + self.discard.cards
            + self.in_play.cards
            + self.exile.cards
            + self.set_aside.cards
            + self.revealed.cards
        )

    def __repr__(self) -> str:
        return f"<Player {self.name}>"


@dataclass
class PendingEffect:
    """A "next turn" (Duration) effect: it keeps `keep` cards in play until it has resolved."""

    player: Player
    label: str
    fn: Callable[[Ctx], None]
    source: Card | None
    keep: list[Card] = field(default_factory=list)
    when: str = "start_turn"
    made_in_turn: int = 0  # the game's turn count when it was made: it waits for a later turn
    gives: frozenset[str] = frozenset({"hand"})  # as Trigger.gives; most next-turn effects draw


@dataclass
class Lasting:
    """A trigger that belongs to `player` until the start of `until`'s next turn."""

    player: Player
    trig: Trigger
    label: str
    until: Player


@dataclass
class TurnModifier:
    """A cost change or rule change that lasts for the turn (or for the game when `permanent`)."""

    kind: str  # "cost"
    fn: Callable[..., Any]
    player: Player | None = None
    permanent: bool = False
    source: str = ""  # the card that made it: named when it takes something away


# When a trigger applies: fn(game, event, the trigger's owner, the card carrying it)
Condition = Callable[["Game", "Event", Player, "Card | None"], bool]
# A "this turn, when ..." ability as the turn holds it: (its player, the trigger, its label)
TurnTrigger = tuple[Player, Trigger, str]
# A trigger found for an event: (its key, the trigger, the card carrying it, its label)
Found = tuple[Any, Trigger, "Card | None", str]
