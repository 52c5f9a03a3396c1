"""The rules engine: one `Game`, the object every card's `Ctx` talks to, built of rooms.

This file holds the state (zones, piles, owners, indexes), its setup and the look-ups everything
else asks (costs, types, modifiers). Each other job has its own room, a mixin in its own file:
- asking.py: announcements to the listeners and questions to the deciders
- triggers.py: the one event pipeline and its trigger windows
- moving.py: every card movement (gain, trash, discard, exile, ...) and the counters
- turns.py: playing a card, turn flow, Clean-up and the end of the game
- moves.py: the top-level moves: which are legal, why one is refused, carrying one out
- checks.py: the whole state as data, and the checks that every card is in one place
No card is named here: cards live in the `cards` package.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .asking import Asking
from .checks import Checks
from .decisions import Decision, TurnAction
from .events import Note
from .model import Card, CardDef, Lasting, PendingEffect, Player, Trigger, Zone
from .moves import Moves
from .moving import Moving
from .registry import CardDB
from .rules import STANDING_RULES
from .state import Config, SetupError, TurnState
from .triggers import Triggers
from .turns import Turns

__all__ = ["Config", "Game", "SetupError", "TurnState"]


class Game(Asking, Triggers, Moving, Turns, Moves, Checks):
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
        self.final_round: list[Player] | None = None  # after the game would end: who still plays
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
        self._by_owner: dict[tuple[int, str], tuple[list, list]] = {}  # _owner_triggers; cleared with _owned
        # derived from which piles exist (buyable, by printed cost, game-ending): cleared when one is added
        self._pile_facts: dict[str, Any] = {}
        # the moves legal_actions offered for the question being asked: nothing changes the game
        # between that question and its answer, so an offered move needs no second check in do()
        self._offered: tuple[Decision | None, list[TurnAction]] = (None, [])
        self._cause: Note | None = None  # a resolving trigger not yet named: see _resolve
        self.uses: frozenset[str] = frozenset()  # set by setup

    # ------------------------------------------------------------------ setup
    def setup(self, deal: bool = True) -> None:
        """Lay out the Supply, set-aside piles, Artifacts and starting decks."""
        n = len(self.players)
        used: set[str] = set()
        kingdom = [self.db[k] for k in self.config.kingdom]
        for d in self.db.of_kind("basic") + kingdom:
            self._make_pile(self.supply, d, self.db.pile_size(d, n))
        for d in kingdom + self.landscapes:
            used |= d.uses
        for d in self.landscapes + kingdom:
            if d.setup:
                d.setup(self)
        for c in self.set_aside.cards:
            used |= c.defn.uses
        self.uses = frozenset(used)  # components this game has: Horses, Exile, Coffers, Artifacts...
        for name in sorted(used):
            d = self.db.defs.get(name)
            if d is None:
                continue
            if d.kind == "nonsupply" and name not in self.nonsupply:
                self._make_pile(self.nonsupply, d, self.db.pile_size(d, n))
            elif d.kind == "artifact":
                self.artifacts.setdefault(name, None)
                self.changers |= d.modifiers.keys()
        if deal:
            for p in self.players:
                self.deal_start(p)

    def deal_start(self, p: Player) -> None:
        for name, k in self.db.starting_deck.items():
            self.new_cards(name, p.deck, k)
        self.rng.shuffle(p.deck.cards)
        self.draw(p, 5, quiet=True)

    def _make_pile(self, where: dict[str, Zone], d: CardDef, size: int) -> None:
        z = Zone("supply" if where is self.supply else "pile")
        where[d.name] = z
        self._pile_facts.clear()
        self.new_cards(d.name, z, size)

    def new_card(self, name: str, zone: Zone) -> Card:
        return self.new_cards(name, zone, 1)[0]

    def new_cards(self, name: str, zone: Zone, n: int) -> list[Card]:
        """n new copies of a card, on top of zone's end, numbered in order."""
        d = self.db.defs[name]
        if name not in self._defs_in_game:
            self._defs_in_game.add(name)
            self._heard |= {(t.on, t.where) for t in d.triggers}
            self._kinds_heard |= {t.on for t in d.triggers if t.where != "self"}
        first = self._next_id
        self._next_id += n
        cards = [Card(i, d, zone) for i in range(first, first + n)]
        self.all_cards += cards
        zone.cards += cards
        return cards

    def resize_pile(self, name: str, size: int) -> None:
        pile = self.pile(name)
        if pile is None:
            pile = Zone("supply" if self.db[name].kind != "nonsupply" else "pile")
            (self.nonsupply if self.db[name].kind == "nonsupply" else self.supply)[name] = pile
            self._pile_facts.clear()
        while len(pile) > size:
            c = pile.cards.pop()
            self.all_cards.remove(c)
        while len(pile) < size:
            self.new_card(name, pile)

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
            other = d.cost_copy(self)
            if other is not None:
                return self.cost(other)
        base = d.cost_fn(self, d) if d.cost_fn else (d.cost or 0)
        if d.is_card:
            base = self.modify("cost", self.current, base, card=d)
        return max(0, base)

    def types_of(self, card: Card | CardDef) -> frozenset[str]:
        """A card's types now: the printed ones, changed by what is in force this turn."""
        d = card.defn if isinstance(card, Card) else card
        return self.modify("types", self.current, d.types, card=d) if "types" in self.changers else d.types

    def gained_this_buy_phase(self, p: Player) -> bool:
        return self.phase == "buy" and any(q is p for q, _ in self.turn.gained[self.turn.buy_gains_from:])

    def empty_piles(self) -> int:
        return len([z for z in self.supply.values() if not z.cards])
