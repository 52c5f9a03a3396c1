"""The plain records the rules core's rooms share: what a game is set up from, and one turn's record."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from .decisions import Decision, TurnAction
from .events import Note
from .model import Card, CardDef, Found, Lasting, PendingEffect, Player, Trigger, TurnModifier, TurnTrigger, Zone
from .registry import CardDB
from .rules import STANDING_RULES

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


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
    used_once: set[Any] = field(default_factory=set)  # ids of once-per-turn abilities used
    modifiers: list[TurnModifier] = field(default_factory=list)
    triggers: list[TurnTrigger] = field(default_factory=list)
    played: list[tuple[Player, Card]] = field(default_factory=list)  # every play, by anyone (reactions too)
    buy_gains_from: int = 0  # len(gained) when the Buy phase began: gains in that phase follow


class GameState:
    def __init__(self, db: CardDB, config: Config, deciders: dict[int, Any] | None = None) -> None:
        self.db = db
        self.config = config
        self.rng = random.Random(config.seed)
        self.players = [Player(i, n) for i, n in enumerate(config.players)]
        self.deciders: dict[int, Any] = deciders or {}
        self.listeners: list[Callable[[Note], None]] = []
        self.all_cards: list[Card] = []
        self.supply: dict[str, Zone] = {}
        self.nonsupply: dict[str, Zone] = {}
        self.trash = Zone("trash")
        self.set_aside = Zone("set aside")  # cards the game itself sets aside (Way of the Mouse)
        self.set_aside_for: dict[str, Card] = {}  # landscape name -> the card set aside for it
        self.landscapes: list[CardDef] = [db[n] for n in config.landscapes]
        self.artifacts: dict[str, Player | None] = {}
        self.projects: dict[str, list[Player]] = {d.name: [] for d in self.landscapes if d.kind == "project"}
        # the rule changes any landscape or Artifact in this game can make (grows in setup and
        # set_owner): the rest need no look-up
        self.changers: set[str] = {k for d in self.landscapes for k in d.modifiers}
        self._ways = [d for d in self.landscapes if d.kind == "way"]  # the landscapes never change
        self.pending: list[PendingEffect] = []
        self.lasting: list[Lasting] = []  # "until your next turn" effects on other players
        self.last_turn: dict[int, TurnState] = {}  # each player's most recent turn, by index
        self.quiet_shuffle = False  # the last Clean-up's shuffle is not said: no hand follows
        self.warned_low: set[str] = set()  # non-Supply piles already said to be running low
        self.turns_begun = 0  # every turn, extra ones included: tells this turn from the next
        self.extra_turns: list[Player] = []
        self.used_once_per_game: set[tuple[int, str]] = set()  # (player index, Event name)
        self.rules: tuple[Trigger, ...] = STANDING_RULES  # grows only by add_rule, so it is heard
        self.current = self.players[0]
        self.phase = "action"
        self.turn = TurnState(self.current)
        self.over = False
        self.winners: list[Player] = []
        self.playing: list[tuple[Player, Card]] = []  # the cards whose instructions are resolving
        self.final_round: list[Player] | None = None  # after the game would end: who still plays
        self.supply_low: int | None = None  # the fewest cards the Supply has held (see _stalled)
        self.low_at: list[int] = []  # each player's turns completed when it got that low
        self.waiting: Decision | None = None
        self.skip_start = True  # the first turn's start-of-turn effects are not run
        self._next_id = 0
        self.answers: list[Any] = []
        self.answer_hooks: list[Callable[[Decision, Any], None]] = []  # autosave, undo tracking
        # Indexes and caches for speed; each says what keeps it right.
        self._orders = [tuple(self.players[i:] + self.players[:i]) for i in range(len(self.players))]  # fixed
        # What could hear an event besides the event's own card; these only grow (in new_card,
        # set_owner, add_turn_trigger, add_pending), so an event no one hears costs one look.
        self._kinds_heard: set[str] = {t.on for t in self.rules if t.of_card is None}
        # (event kind, card name) heard by a trigger that hears only that card's events
        self._named_heard: set[tuple[str, str]] = {(t.on, t.of_card) for t in self.rules if t.of_card}
        self._heard: set[tuple[str, str]] = set()  # (event kind, where) some card in the game hears
        self._defs_in_game: set[str] = set()
        self._owned: dict[int, list[CardDef]] = {}  # cleared by set_owner, the one way to own
        self._by_owner: dict[
            tuple[int, str], tuple[list[Found], list[Found]]
        ] = {}  # _owner_triggers; cleared with _owned
        # derived from which piles exist (buyable, by printed cost, game-ending): cleared when one is added
        self._pile_facts: dict[str, Any] = {}
        # the moves legal_actions offered for the question being asked: nothing changes the game
        # between that question and its answer, so an offered move needs no second check in do()
        self._offered: tuple[Decision | None, list[TurnAction]] = (None, [])
        self._cause: Note | None = None  # a resolving trigger not yet named: see _resolve
        self.uses: frozenset[str] = frozenset()  # set by setup

    # ------------------------------------------------------------------ lookups
    @property
    def ways(self) -> list[CardDef]:
        return self._ways

    def pile(self, name: str) -> Zone | None:
        # not `a or b`: an empty pile is a falsy Zone, and a card can still return to it
        pile = self.supply.get(name)
        return pile if pile is not None else self.nonsupply.get(name)

    def landscape(self, name: str) -> CardDef | None:
        return next((d for d in self.landscapes if d.name == name), None)

    def order_from(self, first: Player) -> tuple[Player, ...]:
        return self._orders[first.index]

    def others(self, p: Player) -> list[Player]:
        """Every other player, in turn order starting with the player whose turn it is."""
        return [q for q in self.order_from(self.current) if q is not p]

    def owned_landscapes(self, p: Player) -> list[CardDef]:
        owned = self._owned.get(p.index)
        if owned is None:
            owned = [self.db[n] for n, owners in self.projects.items() if p in owners]
            owned += [self.db[n] for n, h in self.artifacts.items() if h is p]
            self._owned[p.index] = owned
        return owned

    def set_owner(self, p: Player, name: str) -> None:
        """p puts a cube on a Project or takes an Artifact: every change of ownership comes here."""
        if self.db[name].kind == "project":
            self.projects.setdefault(name, []).append(p)
        else:
            self.artifacts[name] = p
        self._owned.clear()
        self._by_owner.clear()
        self.changers |= self.db[name].modifiers.keys()
        for t in self.db[name].triggers:
            self._hear(t)

    def _hear(self, t: Trigger) -> None:
        """From now on, t's events open a trigger window: all of their kind, or one card's."""
        if t.of_card is None:
            self._kinds_heard.add(t.on)
        else:
            self._named_heard.add((t.on, t.of_card))

    def modifiers(self, kind: str, p: Player | None) -> list[Callable[..., Any]]:
        """The modifiers of a kind in force for p, in the order they apply: p's Projects and
        Artifacts, then this turn's. Each is fn(game, player, value, **details)."""
        if kind not in self.changers and not self.turn.modifiers:
            return []  # the usual case: nothing in this game changes this kind, nothing this turn
        fns = []
        for d in self.owned_landscapes(p) if p is not None else ():
            if kind in d.modifiers:
                fns.append(d.modifiers[kind])
        for m in self.turn.modifiers:
            if m.kind == kind and (m.player is None or m.player is p):
                fns.append(m.fn)
        return fns

    def modify(self, kind: str, p: Player | None, value: Any, **kw: Any) -> Any:
        """Fold a value through every modifier in force (cost changes, hand size, ...)."""
        if kind not in self.changers and not self.turn.modifiers:
            return value  # modifiers' own first test, saving the call: most values are as printed
        for fn in self.modifiers(kind, p):
            value = fn(self, p, value, **kw)
        return value

    def cost(self, d: CardDef) -> int:
        if d.cost_copy is not None:  # a cost copied from another card is that card's cost, as is
            other = d.cost_copy(cast("Game", self))
            if other is not None:
                return self.cost(other)
        base = d.cost_fn(cast("Game", self), d) if d.cost_fn else (d.cost or 0)
        if ("cost" in self.changers or self.turn.modifiers) and d.is_card:  # modify's own first test
            base = self.modify("cost", self.current, base, card=d)
        return base if base > 0 else 0

    def types_of(self, card: Card | CardDef) -> frozenset[str]:
        """A card's types now: the printed ones, changed by what is in force this turn."""
        d = card.defn if isinstance(card, Card) else card
        return self.modify("types", self.current, d.types, card=d) if "types" in self.changers else d.types

    def played_by(self, p: Player) -> list[Card]:
        """The cards p has played this turn, in order (a card played twice is listed twice):
        "you play" means p's own plays, not another player's reactions on p's turn."""
        return [c for q, c in self.turn.played if q is p]

    def is_(self, card: Card | CardDef, kind: str) -> bool:
        """Does the card have this type now (`types_of`)? Every rule that tests or counts types
        asks this, never the printed types: with Capitalism an Action with +coins in its text is
        also a Treasure on its owner's turns, in the Supply too."""
        return kind in self.types_of(card)

    def gained_this_buy_phase(self, p: Player) -> bool:
        return self.phase == "buy" and any(q is p for q, _ in self.turn.gained[self.turn.buy_gains_from :])

    def empty_piles(self) -> int:
        return len([z for z in self.supply.values() if not z.cards])

    def supply_cards(self) -> int:
        """The cards in all the Supply piles: it falls only as cards leave the Supply."""
        return sum(len(z.cards) for z in self.supply.values())
