"""The rules engine: one `Game`, the object every card's `Ctx` talks to, built of rooms.

Each job has its own room, a class in its own file; each room builds on the ones before it, so
it can use them (and mypy can check it), and `Game` is the last, with the setup:
- state.py: every attribute of a game, with what keeps each index right, and the look-ups
  everything else asks (piles, owners, modifiers, costs, types)
- asking.py: announcements to the listeners and questions to the deciders
- triggers.py: the one event pipeline and its trigger windows
- moving.py: every card movement (gain, trash, discard, exile, ...) and the counters
- turns.py: playing a card, turn flow, Clean-up and the end of the game
- moves.py: the top-level moves: which are legal, why one is refused, carrying one out
- checks.py: the whole state as data, and the checks that every card is in one place
No card is named here: cards live in the `cards` package.
"""

from __future__ import annotations

from .checks import Checks
from .model import Card, CardDef, Player, Zone
from .state import Config, SetupError, TurnState
from .turns import STALL_ROUNDS

__all__ = ["STALL_ROUNDS", "Config", "Game", "SetupError", "TurnState"]


class Game(Checks):
    """A game: its state and every room's rules (see the module's docstring), and its setup."""

    # ------------------------------------------------------------------ setup
    def setup(self, deal: bool = True) -> None:
        """Lay out the Supply, set-aside piles, Artifacts and starting decks."""
        n = len(self.players)
        d: CardDef | None  # the definitions looked at below, one loop at a time
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
