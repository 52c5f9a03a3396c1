"""The rules engine: state, zones, turn flow and the one event pipeline with its triggers.

Every card movement goes through `_move`; every gain, trash, discard, exile, reveal, play and
shuffle also goes through `fire`, which opens a trigger window for each player in turn order
(the current player first). No card is named here: cards live in the `cards` package.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .context import Ctx
from .decisions import Cause, Decision, Option, TurnAction, card_options, grouped_card_options
from .events import Event, Note
from .model import (ACTION, ATTACK, PLAYER_ZONES, TREASURE, Card, CardDef, Lasting, PendingEffect,
                    Player, Trigger, TurnModifier, Zone)
from .registry import CardDB
from .rules import STANDING_RULES


LOW_PILE = 5  # a non-Supply pile this small is announced as running low
# The game's end depends on the Supply piles alone: when every player has taken this many turns
# and no card has left the Supply for good, the game has stalled and ends (see _stalled).
STALL_ROUNDS = 10


class _Moves(dict):
    """One shared TurnAction per card name for a verb (they are frozen): offering the same
    moves again and again costs a lookup, not a new object."""

    def __init__(self, verb: str) -> None:
        super().__init__()
        self.verb = verb

    def __missing__(self, name: str) -> TurnAction:
        act = self[name] = TurnAction(self.verb, name)
        return act


_PLAY, _BUY = _Moves("play"), _Moves("buy")
_END, _VILLAGER, _COFFERS = TurnAction("end"), TurnAction("villager", None, 1), TurnAction("coffers", None, 1)
# The types a card needs (any one of them) to be played now: see Game._playable_types
_ACTION_OR_TREASURE, _TREASURE_ONLY, _NONE = frozenset({ACTION, TREASURE}), frozenset({TREASURE}), frozenset()


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
    played: list[tuple[Player, Card]] = field(default_factory=list)  # every play, by anyone (reactions too)
    buy_gains_from: int = 0  # len(gained) when the Buy phase began: gains in that phase follow


@dataclass
class Candidate:
    """A trigger ready to resolve for one event."""

    key: Any
    trig: Trigger
    source: Card | None
    label: str
    pending: PendingEffect | None = None


class Game:
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
        return self.phase == "buy" and any(q is p for q, _ in self.turn.gained[self.turn.buy_gains_from:])

    def empty_piles(self) -> int:
        return len([z for z in self.supply.values() if not z.cards])

    # ------------------------------------------------------------------ narration
    def say(self, kind: str, player: Player | None = None, **data: Any) -> None:
        """Announce a Note to the listeners. Computer-only games and replays have none: the
        busiest callers test `self.listeners` first, so that not even the note's details are made."""
        if not self.listeners:
            return
        self._tell_cause()
        note = Note(kind, player.name if player else None, data)
        for fn in self.listeners:
            fn(note)

    def _tell_cause(self) -> None:
        """Name the trigger now resolving, before the first thing it does that anyone hears."""
        cause, self._cause = self._cause, None
        if cause is not None:
            for fn in self.listeners:
                fn(cause)

    # ------------------------------------------------------------------ decisions
    def ask(self, d: Decision) -> Any:
        if self._cause is not None:
            self._tell_cause()  # the question is the trigger's doing
        if d.context is None and self.playing and self.playing[-1][0] is not d.player:
            q, card = self.playing[-1]
            d.context = Cause(card.name, q.name)  # "Villain (Ann): discard a card ..."
        self.waiting = d
        decider = self.deciders[d.player.index]
        ans = decider.decide(self, d)
        self.waiting = None
        self.answers.append(ans)
        for hook in self.answer_hooks:
            hook(d, ans)
        return ans

    def choose(self, p: Player, prompt: str, options: list[Option], *, min: int = 1, max: int = 1,
               kind: str = "option", topic: str = "", context: Any = None,
               moot: int | None = None, one_name: bool = False) -> list[Any]:
        """Ask for options; an unavoidable choice between identical names is made automatically."""
        if not options or max == 0:
            return []
        min = min if min <= len(options) else len(options)
        labels = {o.label for o in options}
        if min >= 1 and (len(labels) == 1 or min == len(options)) and max <= min:
            picked = [o.value for o in options[:min]]
            self.say("auto", p, prompt=prompt, picked=[o.label for o in options[:min]])
            return picked
        d = Decision(kind, p, prompt, options, min, max, context=context, topic=topic, one_name=one_name,
                     moot=moot)
        idx = self.ask(d)
        return [options[i].value for i in idx]

    def choose_cards(self, p: Player, cards: Iterable[Card], prompt: str, *, min: int = 1,
                     max: int = 1, topic: str = "", one_name: bool = False) -> list[Card]:
        cards = list(cards)
        options = grouped_card_options(cards) if max == 1 else card_options(cards)
        return self.choose(p, prompt, options, min=min, max=max, kind="cards", topic=topic,
                           one_name=one_name)

    def choose_card(self, p: Player, cards: Iterable[Card], prompt: str, optional: bool = False,
                    topic: str = "") -> Card | None:
        got = self.choose_cards(p, cards, prompt, min=0 if optional else 1, topic=topic)
        return got[0] if got else None

    def choose_mode(self, p: Player, prompt: str, modes: list[str], topic: str = "mode") -> str:
        return self.choose(p, prompt, [Option(m, m) for m in modes], topic=topic)[0]

    def yes_no(self, p: Player, prompt: str, topic: str = "yesno") -> bool:
        d = Decision("yesno", p, prompt, [Option("yes", True), Option("no", False)], topic=topic)
        return d.options[self.ask(d)[0]].value

    # ------------------------------------------------------------------ moving cards
    def _move(self, card: Card, dest: Zone, bottom: bool = False) -> None:
        if card.zone is not None:
            card.zone.cards.remove(card)
        if dest.name == "deck":
            dest.cards.insert(len(dest.cards) if bottom else 0, card)
        else:
            dest.cards.append(card)
        card.zone = dest
        card.moves += 1
        if card.tag:
            card.tag = ""

    def _fire(self, kind: str, p: Player, card: Card | None, src: Zone | None, dest: Zone | None,
              cleanup: bool = False, extra: dict[str, Any] | None = None) -> None:
        """Make the event and open its trigger window, unless nothing in the game can hear it.
        (`extra` is a plain dict, not **kwargs: most calls are heard by no one, and pass none.)
        Whatever happens in the Clean-up step is during Clean-up, whatever caused it (Improve's
        gain at its start, the discards from Exile that gain allows)."""
        cleanup = cleanup or self.phase == "cleanup"
        if kind in self._kinds_heard or (card is not None and (kind in (  # _could_hear
                card.defn.heard_in_cleanup if cleanup else card.defn.heard)
                or (kind, card.defn.name) in self._named_heard)):
            self.fire(Event(kind, p, card, src, dest, cleanup, card.moves if card else 0,
                            {} if extra is None else extra))

    def _could_hear(self, kind: str, card: Card | None, cleanup: bool = False) -> bool:
        return kind in self._kinds_heard or (card is not None and (kind in (
            card.defn.heard_in_cleanup if cleanup else card.defn.heard)
            or (kind, card.defn.name) in self._named_heard))

    def _move_all(self, src: Zone, dest: Zone, n: int | None = None) -> list[Card]:
        """The first n cards of src (all by default), in order, to the end of dest (a deck's
        bottom): the same as `_move` one by one, in one go."""
        cards = src.cards[:n]
        del src.cards[:n]
        dest.cards += cards
        for card in cards:
            card.zone = dest
            card.moves += 1
            card.tag = ""
        return cards

    def shuffle(self, p: Player) -> None:
        self._move_all(p.discard, p.deck)
        self.rng.shuffle(p.deck.cards)
        if not self.quiet_shuffle:
            self.say("shuffle", p, size=len(p.deck))
        self._fire("shuffle", p, None, p.discard, p.deck)

    def _from_deck(self, p: Player, n: int, dest: Zone) -> list[Card]:
        """Move up to n cards from the top of the deck, shuffling the discard pile when needed."""
        moved: list[Card] = []
        while len(moved) < n:
            if not p.deck.cards:
                if not p.discard.cards:
                    break
                self.shuffle(p)
            moved += self._move_all(p.deck, dest, n - len(moved))
        return moved

    def draw(self, p: Player, n: int, quiet: bool = False, new_hand: bool = False) -> list[Card]:
        if n <= 0:  # "+1 Card per ..." with nothing counted: no draw, nothing to say
            return []
        drawn = self._from_deck(p, n, p.hand)
        if not quiet and self.listeners:  # the names are listed only for someone to hear
            self.say("draw", p, cards=[c.name for c in drawn], wanted=n, new_hand=new_hand)
        return drawn

    def top_cards(self, p: Player, n: int) -> list[Card]:
        """Take up to n cards from the top of the deck into the open (to be revealed or looked at)."""
        return self._from_deck(p, n, p.revealed)

    def gain(self, p: Player, name: str, to: str = "discard", bought: bool = False,
             by: Card | None = None, via: Trigger | None = None) -> Card | None:
        """Gain the top card of a pile. `by` is the card whose ability gains it, `via` the
        "when ..." ability that does (provenance: a "when you gain this" ability can tell what
        gained its card)."""
        pile = self.pile(name)
        if not pile or not pile.cards:
            self.say("gain_fail", p, card=name)
            return None
        return self.gain_card(p, pile.cards[-1], to, bought=bought, by=by, via=via)

    def gain_card(self, p: Player, card: Card, to: str = "discard", bought: bool = False,
                  by: Card | None = None, via: Trigger | None = None) -> Card:
        """Gain this very card from wherever it is (a pile, or the trash)."""
        src = card.zone
        dest = p.zone(to)
        self._move(card, dest)
        self.turn.gained.append((p, card))
        from_pile = src is self.pile(card.name)
        supply = card.name in self.supply
        low = from_pile and not supply and len(src) <= LOW_PILE and card.name not in self.warned_low
        if low:  # a pile outside the Supply (Horses) is said to run low once, not at every gain
            self.warned_low.add(card.name)
        if self.listeners:  # the announcement's details are worked out only for someone to hear
            self.say("gain", p, card=card.name, to=to, left=len(src) if from_pile else None, bought=bought,
                     plural=card.defn.plural_name, supply=supply and from_pile, low=low,
                     src=None if from_pile else (src.name if src is not None else None))
        if from_pile and supply and not src.cards:
            self._pile_emptied(card.name)
        self._fire("gain", p, card, src, dest, extra={"bought": bought, "by": by, "via": via})
        return card

    def trash_card(self, p: Player, card: Card, **extra: Any) -> None:
        src = card.zone
        self._move(card, self.trash)
        self.turn.trashed.append((p, card))
        self.say("trash", p, card=card.name)
        if src is not None and not src.cards and self.supply.get(card.name) is src:
            self._pile_emptied(card.name)
        self._fire("trash", p, card, src, self.trash, extra=extra)

    def discard(self, p: Player, card: Card, cleanup: bool = False, quiet: bool = False) -> None:
        src = card.zone
        self._move(card, p.discard)
        if not (cleanup or quiet):
            self.say("discard", p, card=card.name, src=src.name if src is not None else None)
        self._fire("discard", p, card, src, p.discard, cleanup=cleanup)

    def discard_all(self, p: Player, cards: Iterable[Card], quiet: bool = False) -> None:
        """One instruction discarding several cards: all of them move first, then each one's
        discard is heard, so a "when you discard" reaction (and a reshuffle it causes) comes after
        every card is in the discard pile. Each event remembers where its card arrived."""
        moved: list[tuple[Card, Zone | None]] = []
        for card in list(cards):  # a copy: the cards may be a zone's own list
            src = card.zone
            moved.append((card, src))
            self._move(card, p.discard)
            if not quiet:
                self.say("discard", p, card=card.name, src=src.name if src is not None else None)
        cleanup = self.phase == "cleanup"
        events = [Event("discard", p, c, src, p.discard, cleanup, c.moves, {})
                  for c, src in moved if self._could_hear("discard", c, cleanup)]
        for ev in events:
            self.fire(ev)

    def exile(self, p: Player, card: Card) -> None:
        src = card.zone
        self._move(card, p.exile)
        self.say("exile", p, card=card.name, mat=self.exile_mat(p), src=src.name if src is not None else None)
        if src is not None and not src.cards and self.supply.get(card.name) is src:
            self._pile_emptied(card.name)
        self._fire("exile", p, card, src, p.exile)

    def _pile_emptied(self, name: str) -> None:
        """A Supply pile just ran out, by whatever means: how many are empty, and once, that one
        more ends the game (issue 21: the end and the piles)."""
        empty, needed = self.empty_piles(), (3 if len(self.players) <= 4 else 4)
        last = empty == needed - 1 and "one_more" not in self.warned_low
        if last:  # kept by a replay too: said once per game
            self.warned_low.add("one_more")
        if self.listeners:
            ends = "pile" if self.db[name].ends_game else "piles" if self.game_should_end() else None
            self.say("pile_empty", None, card=name, empty=empty, ends=ends, last=last)

    def exile_from_pile(self, p: Player, name: str) -> Card | None:
        pile = self.pile(name)
        if not pile or not pile.cards:
            self.say("exile_fail", p, card=name)
            return None
        card = pile.cards[-1]
        self.exile(p, card)
        return card

    def reveal(self, p: Player, cards: list[Card]) -> None:
        if not cards:
            return
        self.say("reveal", p, cards=[c.name for c in cards])
        for c in cards:
            self._fire("reveal", p, c, c.zone, c.zone)

    def put_in_hand(self, p: Player, card: Card, hidden: bool = False) -> None:
        self._move(card, p.hand)
        self.say("to_hand", p, card=card.name, hidden=hidden)

    def put_on_deck(self, p: Player, card: Card) -> None:
        # from the hand or the deck itself (City Gate, Star Chart) it goes unseen by the others
        hidden = card.zone is p.hand or card.zone is p.deck
        self._move(card, p.deck)
        if self.listeners:
            self.say("to_deck", p, card=card.name, hidden=hidden)

    def return_to_pile(self, p: Player, card: Card) -> bool:
        """Return a card to its pile (a non-Supply one too); False when it has no pile."""
        pile = self.pile(card.name)
        if pile is None:
            self.say("return_fail", p, card=card.name)
            return False
        self._move(card, pile)
        self.say("return", p, card=card.name, left=len(pile), plural=card.defn.plural_name)
        self._fire("return", p, card, None, pile)
        return True

    def set_aside_card(self, p: Player, card: Card, later: bool = False) -> None:
        self._move(card, p.set_aside)
        self.say("set_aside", p, card=card.name, later=later)

    def exile_mat(self, p: Player) -> list[str]:
        """The Exile mat as announced: marked cards (Invested) are named with their mark."""
        return [f"{c.tag} {c.name}" if c.tag else c.name for c in p.exile.cards]

    def set_aside_on(self, p: Player, cards: list[Card], on: str | None, hidden: bool = False) -> None:
        """Set cards aside on a card until the owner's next turn, in one announcement; `hidden`
        (face down) cards are named only to their owner."""
        for c in cards:
            self._move(c, p.set_aside)
        self.say("set_aside_on", p, cards=[c.name for c in cards], on=on, hidden=hidden)

    def take_artifact(self, p: Player, name: str) -> None:
        before = self.artifacts.get(name)
        if before is p:
            self.say("artifact_kept", p, artifact=name)
            return
        self.set_owner(p, name)
        changes_hand = "cleanup_draw" in self.db[name].modifiers
        self.say("artifact", p, artifact=name, before=before.name if before else None,
                 hand=self.modify("cleanup_draw", p, 5) if changes_hand else None)

    # ------------------------------------------------------------------ counters
    def add(self, p: Player, what: str, n: int) -> None:
        """+Actions, +Buys, +coins, +Coffers, +Villagers, through any modifier in force."""
        given, n = n, self.modify("plus_" + what, p, n)
        if n == 0:
            if given > 0 and self.listeners:  # what did not happen is said: "+2 Actions ignored"
                by = [m.source for m in self.turn.modifiers if m.kind == "plus_" + what and m.source]
                self.say("lost", p, what=what, n=given, by=by[-1] if by else None)
            return
        setattr(p, what, getattr(p, what) + n)
        if not self.listeners:
            return
        if what in ("coffers", "villagers"):
            self.say(what, p, n=n, total=getattr(p, what))
        else:
            self.say("plus", p, what=what, n=n, total=getattr(p, what))

    # ------------------------------------------------------------------ triggers
    def fire(self, ev: Event) -> None:
        """Open the trigger window for an event: each player in turn order, current first.

        Whether a trigger applies is judged once, when the event happens: resolving one trigger
        (discarding Exiled copies, say) does not change whether another one applies. Cards that
        arrive later (a reaction drawn by a reaction) are judged when they first appear. What an
        effect needs from the present (Trigger.can) is asked again before each pick.
        """
        if not self._could_hear(ev.kind, ev.card, ev.cleanup):
            return
        used: set = set()
        judged: dict = {}
        order = self.order_from(self.current)
        # judge everything present now, before anything resolves; until something resolves
        # (the only thing that changes what is there) these lists stay exact
        first = [self._collect(ev, p, used, judged) for p in order]
        resolved = False
        for p, cands in zip(order, first):
            while not self.over:
                if resolved:
                    cands = self._collect(ev, p, used, judged)
                if not cands:
                    break
                pick = self._pick(p, ev, cands)
                if pick is None:
                    break
                used.add(pick.key)
                resolved = True
                self._resolve(p, pick, ev)

    def _collect(self, ev: Event, p: Player, used: set, judged: dict) -> list[Candidate]:
        """p's triggers for this event, in a fixed order. Only triggers on the event's kind are
        looked at, and a zone only when some card in the game hears that kind from there."""
        kind = ev.kind
        found: list[tuple[Any, Trigger, Card | None, str]] = []
        if ev.card is not None and ev.player is p:
            for i, t in ev.card.defn.heard.get(kind, ()):
                if t.where == "self":
                    found.append(((ev.card.id, "self", i), t, ev.card, ev.card.name))
        for where, zone in (("hand", p.hand), ("play", p.in_play)):
            if (kind, where) in self._heard:
                for c in zone.cards:
                    for i, t in c.defn.heard.get(kind, ()):
                        if t.where == where:
                            found.append(((c.id, where, i), t, c, c.name))
        owned, rules = self._owner_triggers(p, kind)
        found += owned
        for entry in self.turn.triggers:
            owner, t, label = entry
            if owner is p and t.on == kind:
                found.append((("turn", id(entry)), t, None, label))
        for x in self.lasting:
            if x.player is p and x.trig.on == kind:
                found.append((("lasting", id(x)), x.trig, None, x.label))
        found += rules
        once = self.turn.used_once
        out: list[Candidate] = []
        unable: list[Candidate] = []  # the event applies, but the effect cannot act now
        for key, t, src, label in found:
            if key in used or (t.once_per_turn and id(t) in once) or (ev.cleanup and not t.in_cleanup):
                continue
            if t.of_card is not None and (ev.card is None or ev.card.name != t.of_card):
                continue
            if t.follows_card and not ev.card_still_there():
                continue
            ok = judged.get(key)
            if ok is None:
                ok = judged[key] = bool(t.condition(self, ev, p, src))
            if ok:
                out.append(Candidate(key, t, src, t.label or label))
                if t.can is not None and not t.can(self, ev, p, src):
                    unable.append(out[-1])
        if ev.kind == "start_turn" and ev.player is p:
            for pe in self.pending:
                if pe.player is p and pe.when == "start_turn" and pe.made_in_turn < self.turns_begun \
                        and ("pending", id(pe)) not in used:
                    out.append(Candidate(("pending", id(pe)), Trigger("start_turn", lambda c, e: None,
                                                                      gives=pe.gives),
                                         pe.source, pe.label, pe))
        return self._able_or_helped(out, unable) if unable else out

    @staticmethod
    def _able_or_helped(cands: list[Candidate], unable: list[Candidate]) -> list[Candidate]:
        """Without the triggers that cannot act now, unless another one waiting may bring what
        they need (a draw before "trash a card from your hand"): then the order is the player's."""
        waiting = {id(c) for c in unable}
        given: set[str] = set()
        for c in cands:
            if id(c) not in waiting:
                given |= c.trig.gives
        grew = True
        while grew:  # one brought in by another may bring in a third
            grew = False
            for c in unable:
                if id(c) in waiting and c.trig.needs in given:
                    waiting.discard(id(c))
                    given |= c.trig.gives
                    grew = True
        return [c for c in cands if id(c) not in waiting]

    def _owner_triggers(self, p: Player, kind: str) -> tuple[list, list]:
        """p's triggers on this kind from its Projects and Artifacts, and from the standing rules,
        as _collect lists them. Cached: only set_owner and add_rule change them, and clear this."""
        got = self._by_owner.get((p.index, kind))
        if got is None:
            owned = [((p.index, d.name, i), t, None, d.name)
                     for d in self.owned_landscapes(p) for i, t in d.heard.get(kind, ())]
            rules = [((p.index, "rule", i), t, None, t.label or "rule")
                     for i, t in enumerate(self.rules) if t.on == kind]
            got = self._by_owner[(p.index, kind)] = (owned, rules)
        return got

    def _pick(self, p: Player, ev: Event, cands: list[Candidate]) -> Candidate | None:
        """One trigger: resolve it; several: the player orders them; optional ones are asked."""
        must = [c for c in cands if not c.trig.optional]
        labels: dict[str, Candidate] = {}
        for c in cands:
            labels.setdefault(c.label, c)
        if must and len(labels) == 1:
            return must[0]
        options = [Option(lbl, c) for lbl, c in labels.items()]
        kind = "react" if not must else "order"
        # a mandatory one whose order cannot matter: a player need not be asked (scenarios are)
        moot = next((i for i, o in enumerate(options) if o.value.trig.commutes and not o.value.trig.optional), None)
        got = self.choose(p, self._question(p, ev, list(labels.values()), bool(must)), options,
                          min=1 if must else 0, kind="option", topic=kind, context=ev, moot=moot)
        if got and got[0].trig.optional and got[0].source is not None:  # a card reacting is told
            self.say("react", p, label=got[0].label, on=ev.kind)  # like any choice; a rule by its effect
        return got[0] if got else None

    def _question(self, p: Player, ev: Event, cands: list[Candidate], must: bool) -> str:
        """In the triggers' own words: "Play Sheepdog from your hand?", or which of them first."""
        def asks(c: Candidate) -> str:
            q = c.trig.question
            return q(self, ev, p, c.source) if q else f"Use {c.label}?"
        if len(cands) == 1 and not must:
            return asks(cands[0])
        parts = [asks(c)[:1].lower() + asks(c)[1:-1] if c.trig.optional else c.label for c in cands]
        return "Which happens first: " + ", or ".join(parts) + "?"

    def _resolve(self, p: Player, cand: Candidate, ev: Event) -> None:
        t = cand.trig
        if t.once_per_turn:  # once per turn for that ability, whichever copy carries it
            self.turn.used_once.add(id(t))
        if cand.pending is not None:
            self.pending.remove(cand.pending)
            self.say("duration", p, card=cand.label)
            cand.pending.fn(Ctx(self, p, cand.pending.source))
            return
        named = not t.optional and t not in self.rules and bool(self.listeners)
        if named:  # chosen ones were just named
            self._tell_cause()  # an outer trigger's: resolving this one is something it did
            # named only once it does something heard: a trigger that does nothing is not said
            self._cause = Note("trigger", p.name, {"label": cand.label, "on": ev.kind})
        if t.can is None or t.can(self, ev, p, cand.source):  # chosen first, before it could act
            ctx = Ctx(self, p, cand.source)
            ctx.ability = t
            t.effect(ctx, ev)
        if named and self._cause is None:  # it was named: its effect is complete, for one line
            self.say("trigger_done", p)
        self._cause = None

    def add_rule(self, t: Trigger) -> None:
        """A standing rule from now on (a landscape's setup): the one way to add one, so it is heard."""
        self.rules += (t,)
        self._by_owner.clear()
        self._hear(t)

    def add_lasting(self, x: Lasting) -> None:
        """An "until your next turn" effect: the one way to add one, so it is heard."""
        self.lasting.append(x)
        self._hear(x.trig)

    def add_turn_trigger(self, p: Player, t: Trigger, label: str) -> tuple:
        entry = (p, t, label)
        self.turn.triggers.append(entry)
        self._hear(t)
        return entry

    def remove_turn_trigger(self, entry: tuple) -> None:
        if entry in self.turn.triggers:
            self.turn.triggers.remove(entry)

    def return_to_action_phase(self, p: Player) -> None:
        """Back from the Buy phase to the Action phase, keeping the Actions left (no new turn)."""
        if self.current is p and self.phase == "buy":
            self.phase = "action"
            self.say("phase_back", p, phase="action")

    # ------------------------------------------------------------------ playing
    def play(self, p: Player, card: Card, move: bool = True, ways: bool = True,
             by: Card | None = None, hosts: tuple[Card, ...] = ()) -> None:
        """Play a card: into play, the Way-or-normal choice for Actions, then its instructions.

        `by`: the card whose ability plays it (itself for a reaction), None for a move. `hosts`
        are the cards whose effect is playing this one (a card that plays another card three
        times): they stay in play as long as anything this play leaves for later.
        """
        if move:
            self._move(card, p.in_play)
        way = self._choose_way(p, card, by) if ways else None
        kinds = self.types_of(card)
        if self.listeners:
            self.say("play", p, card=card.name, way=way.name if way else None,
                     treasure=TREASURE in kinds, attack=ATTACK in kinds)
        self.turn.played.append((p, card))
        self._fire("play", p, card, card.zone, card.zone)
        ctx = Ctx(self, p, card, hosts)
        self.playing.append((p, card))  # another player's question names it: who asks, and why
        try:
            if way is not None:
                way.play(ctx)
            elif card.defn.play:
                card.defn.play(ctx)
        finally:
            self.playing.pop()
        replays = "replays" in self.changers and ACTION in kinds
        for _ in range(self.modify("replays", p, 0, card=card) if replays else 0):
            self.say("replay", p, card=card.name)  # "replay it afterwards": a play, not moved
            self.play(p, card, move=False, hosts=hosts)

    def _choose_way(self, p: Player, card: Card, by: Card | None = None) -> CardDef | None:
        if not self.ways or not self.is_(card, ACTION):
            return None
        opts = [Option("normal", None)] + [Option(w.name, w) for w in self.ways]
        # a play that no move asked for names its cause: the player did not type it
        prompt = (f"Play {card.name} normally or with a Way?" if by is None else
                  f"{card.name} reacts: play it normally or with a Way?" if by is card else
                  f"{by.name} plays {card.name}: normally or with a Way?")
        return self.choose(p, prompt, opts, topic="way")[0]

    def add_pending(self, pe: PendingEffect) -> None:
        pe.made_in_turn = self.turns_begun
        self.pending.append(pe)
        self._kinds_heard.add(pe.when)

    # ------------------------------------------------------------------ turn flow
    def run(self) -> None:
        """Play until the game ends or a decider stops it (by raising)."""
        if self.supply_low is None:  # counted from the first turn as set up (a scenario's too)
            self._mark_supply(turn_done=False)
        while not self.over:
            p = self.current
            if self.phase == "start":
                self.phase = "action"
                if not self.skip_start:
                    self._fire("start_turn", p, None, None, None)
                self.skip_start = False
            if self.phase == "action":
                self._phase_loop(p, "action")
            if self.phase == "buy":
                self._phase_loop(p, "buy")
            if self.phase == "cleanup":
                self._cleanup(p)
                self._next_turn()

    def _phase_loop(self, p: Player, phase: str) -> None:
        prompt = f"{phase.capitalize()} phase"
        while self.phase == phase and not self.over:
            d = Decision("turn", p, prompt, topic=phase)
            act = self.ask(d)
            asked, offered = self._offered
            for a in offered if asked is d else ():
                if a is act:  # offered for this very question: no second check (by identity: == is slow)
                    self._DOERS[act.verb](self, p, act)
                    break
            else:
                self.do(p, act)

    def begin_turn(self, p: Player, extra: bool = False) -> None:
        self.turns_begun += 1
        self.last_turn[self.turn.player.index] = self.turn
        if self.lasting:
            self.lasting = [x for x in self.lasting if x.until is not p]
        self.current = p
        self.turn = TurnState(p, extra=extra)
        if not extra:
            p.turns_taken += 1
        p.actions, p.buys, p.coins = 1, 1, 0
        self.phase = "start"
        if self.listeners:
            self.say("turn", p, number=p.turns_taken, extra=extra)

    def _enter_buy(self, p: Player) -> None:
        self.phase = "buy"
        self.turn.bought_in_phase = False
        self.turn.buy_gains_from = len(self.turn.gained)
        if self.listeners:
            self.say("phase", p, phase="buy")
        self._fire("buy_phase", p, None, None, None)

    def _end_buy(self, p: Player) -> None:
        if not self.turn.bought_cards and self.listeners:  # a computer's empty Buy phase is heard
            self.say("bought_nothing", p)
        self._fire("buy_phase_end", p, None, None, None)
        self.phase = "cleanup"

    def leaving_play(self, p: Player) -> list[Card]:
        """The cards in play that this turn's Clean-up would discard (not those kept for later)."""
        if not self.pending:
            return p.in_play.cards[:]
        keep = {c.id for pe in self.pending for c in pe.keep}
        return [c for c in p.in_play.cards if c.id not in keep]

    def _cleanup(self, p: Player) -> None:
        self._fire("cleanup_start", p, None, None, None)
        leaving = self.leaving_play(p)
        if len(leaving) == len(p.in_play) and self._discards_unheard(p.in_play):
            self._move_all(p.in_play, p.discard)  # what discarding them one by one would do
        else:
            for c in leaving:
                if c.zone is p.in_play:
                    self.discard(p, c, cleanup=True)
        if self._discards_unheard(p.hand):
            self._move_all(p.hand, p.discard)
        else:
            for c in list(p.hand.cards):
                self.discard(p, c, cleanup=True)
        self.quiet_shuffle = bool(self.listeners) and self.is_last_turn()  # no hand is played again
        self.draw(p, self.modify("cleanup_draw", p, 5), new_hand=True)
        self.quiet_shuffle = False
        self._fire("end_turn", p, None, None, None)

    def _discards_unheard(self, zone: Zone) -> bool:
        """Nothing in the game could hear any of these cards being discarded."""
        if "discard" in self._kinds_heard:
            return False
        if ("discard", "self") not in self._heard and not self._named_heard:
            return True  # the usual case: one look
        return not any("discard" in c.defn.heard_in_cleanup or ("discard", c.defn.name) in self._named_heard
                       for c in zone.cards)

    def _next_turn(self) -> None:
        if self.final_round is None and self.game_should_end():
            after = list(self.order_from(self.current)[1:]) + [self.current]
            self.final_round = [q for q in after if self.modify("final_round", q, False)]
            if self.final_round:
                self.say("final_round", None, players=[q.name for q in self.final_round])
        if self.final_round is None and self._stalled():
            self.say("stalled", None, rounds=STALL_ROUNDS)
            self.finish()
            return
        if self.final_round is not None:  # the game has ended: only the extra round is left
            if not self.final_round:
                self.finish()
            else:
                self.begin_turn(self.final_round.pop(0), extra=True)  # not counted for ties
            return
        if self.extra_turns:
            self.begin_turn(self.extra_turns.pop(0), extra=True)
        else:
            self.begin_turn(self.players[(self.current.index + 1) % len(self.players)])

    def is_last_turn(self) -> bool:
        """The game ends after this turn: no one takes another (an extra round is another)."""
        if self.final_round is not None:
            return not self.final_round
        return self.game_should_end() and not any(self.modify("final_round", q, False) for q in self.players)

    def game_should_end(self) -> bool:
        for z in self._game_ending_piles():
            if not z.cards:
                return True
        return self.empty_piles() >= (3 if len(self.players) <= 4 else 4)

    def _stalled(self) -> bool:
        """No card has left the Supply for good (its count has not fallen below its lowest so
        far) while every player took STALL_ROUNDS turns: a game that moves no nearer its end.
        The Supply only ever holds finitely many cards, so with this rule every game ends."""
        if self.supply_low is None or sum(len(z.cards) for z in self.supply.values()) < self.supply_low:
            self._mark_supply(turn_done=True)
            return False
        return self.stalled

    def _mark_supply(self, turn_done: bool) -> None:
        """The Supply's count now, and each player's turns completed by now."""
        self.supply_low = sum(len(z.cards) for z in self.supply.values())
        self.low_at = [p.turns_taken - (not turn_done and p is self.current and not self.turn.extra)
                       for p in self.players]

    @property
    def stalled(self) -> bool:
        """Every player has completed STALL_ROUNDS turns since the Supply last got smaller."""
        return self.supply_low is not None and all(
            p.turns_taken - t >= STALL_ROUNDS for p, t in zip(self.players, self.low_at))

    def finish(self) -> None:
        self.over = True
        self.phase = "over"
        scores = {p.name: self.score(p) for p in self.players}
        best = max(scores.values())
        tied = [p for p in self.players if scores[p.name] == best]
        fewest = min(p.turns_taken for p in tied)
        self.winners = [p for p in tied if p.turns_taken == fewest]
        ended = [n for n in self.supply if not self.supply[n].cards and self.db[n].ends_game]
        empty = [n for n, z in self.supply.items() if not z.cards]
        self.say("game_over", None, winners=[p.name for p in self.winners], score=best, scores=scores,
                 on_turns=len(tied) > len(self.winners), ended=ended,
                 empty=empty if not ended and self.game_should_end() else [])

    def score(self, p: Player) -> int:
        return sum(c.defn.vp for c in p.all_cards())

    # ------------------------------------------------------------------ top-level moves
    def legal_actions(self, p: Player) -> list[TurnAction]:
        """Every move `why_not` allows now: plays by name, buys in Supply order, then the rest."""
        if self._turn_refusal(p) is not None:
            return []
        acts = self._legal_plays(p)
        if p.buys >= 1:
            acts += self._legal_buys(p)
        if p.villagers and self._why_not_villager(p, _VILLAGER) is None:  # none: the usual "no"
            acts.append(_VILLAGER)
        if p.coffers and self._why_not_coffers(p, _COFFERS) is None:
            acts.append(_COFFERS)
        acts.append(_END)  # always allowed in one's own turn: _why_not_end
        return self._offer(p, acts)

    def legal_plays(self, p: Player) -> list[TurnAction]:
        """The play moves of legal_actions, for a player that wants only those."""
        return self._offer(p, self._legal_plays(p) if self._turn_refusal(p) is None else [])

    def legal_buys(self, p: Player) -> list[TurnAction]:
        """The buy moves of legal_actions, for a player that wants only those."""
        ok = self._turn_refusal(p) is None and p.buys >= 1
        return self._offer(p, self._legal_buys(p) if ok else [])

    def allowed(self, p: Player, act: TurnAction) -> bool:
        """Whether why_not allows this move now. A move allowed for the question being asked is
        not checked again when it is carried out (a replayed save checks every answer)."""
        if self.why_not(p, act) is not None:
            return False
        self._offer(p, [act])
        return True

    def _offer(self, p: Player, acts: list[TurnAction]) -> list[TurnAction]:
        """Remember the moves offered for the question being asked: see `_offered`."""
        if self.waiting is not None and self.waiting.player is p:
            self._offered = (self.waiting, acts)
        return acts

    def _legal_plays(self, p: Player) -> list[TurnAction]:
        wanted = self._playable_types(p)
        if not wanted:
            return []
        by_name = {c.defn.name: c.defn for c in p.hand.cards}  # any copy: same name, same answer
        changed = "types" in self.changers  # types_of's own test, made once for the whole hand
        return [_PLAY[n] for n in sorted(by_name)
                if not wanted.isdisjoint(self.types_of(by_name[n]) if changed else by_name[n].types)]

    def _legal_buys(self, p: Player) -> list[TurnAction]:
        """What p may buy now, in Supply order. Coins are the usual "no": with printed costs the
        piles within reach come ready-made, and a plain Supply pile needs only to be non-empty."""
        affordable = self._affordable_by_printed_cost()
        if affordable is not None and not self.modifiers("cost", p):
            within = affordable[min(max(p.coins, -1), len(affordable) - 2) + 1]
            return [_BUY[d.name] for d, cost, pile, plain in within
                    if (pile.cards if plain else self._buy_refusal(p, d, cost) is None)]
        allowed: list[TurnAction] = []  # some cost differs from the printed one now
        for d in self._buyable():
            cost = self.cost(d)  # out of reach is the usual "no", unless it can be paid otherwise
            if (cost <= p.coins or d.pay_instead) and self._buy_refusal(p, d, cost) is None:
                allowed.append(_BUY[d.name])
        return allowed

    def buyable_names(self) -> list[str]:
        return [d.name for d in self._buyable()]

    def _affordable_by_printed_cost(self) -> tuple[tuple[tuple[CardDef, int, Any, bool], ...], ...] | None:
        """For c coins (index c + 1; index 0 for less than 0), everything that can be bought
        with a printed cost of at most c, in Supply order, as (card, cost, Supply pile, plain):
        a plain one is a Supply pile whose only other "no" is being empty. None when some
        card's own cost varies (cost_fn) or it can be paid otherwise (pay_instead). Printed
        costs never change."""
        if "affordable" not in self._pile_facts:
            buyable = self._buyable()
            table = None
            if not any(d.cost_fn or d.pay_instead for d in buyable):
                entries = [(d, max(0, d.cost or 0), self.supply.get(d.name), self._plain_buy(d)) for d in buyable]
                top = max((e[1] for e in entries), default=0)
                table = tuple(tuple(e for e in entries if e[1] <= coins) for coins in range(-1, top + 1))
            self._pile_facts["affordable"] = table
        return self._pile_facts["affordable"]

    def _plain_buy(self, d: CardDef) -> bool:
        """A Supply pile that `_buy_refusal` refuses only when it is empty (or out of reach)."""
        return d.name in self.supply and d.kind not in ("event", "project") and not d.once_per_game

    def _buyable(self) -> tuple[CardDef, ...]:
        """The Supply piles, then the Events and Projects."""
        if "buyable" not in self._pile_facts:
            self._pile_facts["buyable"] = tuple([self.db[n] for n in self.supply] + [
                d for d in self.landscapes if d.kind in ("event", "project")])
        return self._pile_facts["buyable"]

    def _game_ending_piles(self) -> tuple[Zone, ...]:
        if "ending" not in self._pile_facts:
            self._pile_facts["ending"] = tuple(z for n, z in self.supply.items() if self.db[n].ends_game)
        return self._pile_facts["ending"]

    def why_not(self, p: Player, act: TurnAction) -> str | None:
        """Why a top-level move is not allowed now, in one sentence; None when it is allowed."""
        refusal = self._turn_refusal(p)
        if refusal is not None:
            return refusal
        check = getattr(self, "_why_not_" + act.verb, None)
        return check(p, act) if check else f"Unknown move: {act.verb}."

    def _turn_refusal(self, p: Player) -> str | None:
        if self.over:
            return "The game is over."
        if p is not self.current or self.phase not in ("action", "buy"):
            return "It is not your turn."
        return None

    def _why_not_end(self, p: Player, act: TurnAction) -> str | None:
        return None

    def _in_hand(self, p: Player, name: str | None) -> Card | None:
        for c in p.hand.cards:
            if c.defn.name == name:
                return c
        return None

    def _why_not_play(self, p: Player, act: TurnAction) -> str | None:
        card = self._in_hand(p, act.name)
        if card is None:
            return f"You have no {act.name} in your hand."
        return self._play_refusal(p, card)

    def _playable_types(self, p: Player) -> frozenset[str]:
        """In p's Action or Buy phase, a card may be played now when it has one of these types:
        an Action that is also a Treasure may be played as a Treasure when no Action is left."""
        if self.phase == "buy":
            return _NONE if self.turn.bought_in_phase else _TREASURE_ONLY
        return _ACTION_OR_TREASURE if p.actions > 0 else _TREASURE_ONLY

    def _play_refusal(self, p: Player, card: Card) -> str | None:
        """Why p may not play this card now (`_playable_types` decides; this says why)."""
        kinds = self.types_of(card)
        if not self._playable_types(p).isdisjoint(kinds):
            return None
        if ACTION in kinds and self.phase == "action":
            return f"You have no Actions left to play {card.name}."
        if TREASURE in kinds:
            return "You cannot play Treasures after buying."
        if ACTION in kinds:
            return f"{card.name} is an Action; the Action phase is over."
        return f"{card.name} cannot be played."

    def _why_not_buy(self, p: Player, act: TurnAction) -> str | None:
        name = act.name or ""
        d = self.db.defs.get(name)
        if d is None:
            return f"There is no {name} in this game."
        is_landscape = d.kind in ("event", "project") and self.landscape(name) is not None
        if not is_landscape and name not in self.supply:
            if name in self.nonsupply:
                return f"{name} is not in the Supply; it cannot be bought."
            return f"{name} is not in this game." if d.kind != "way" else f"{name} is a Way, not for buying."
        if p.buys < 1:
            return "You have no Buys left."
        return self._buy_refusal(p, d, self.cost(d))

    def _buy_refusal(self, p: Player, d: CardDef, cost: int) -> str | None:
        """Why a Supply card, Event or Project of this game cannot be bought now (Buys aside)."""
        name = d.name
        pile = self.supply.get(name)
        if pile is not None and not pile.cards:
            return f"The {name} pile is empty."
        if cost > p.coins and not (d.pay_instead and d.pay_instead(self, p)):
            return f"{name} costs {cost} and you have {p.coins} coin{'' if p.coins == 1 else 's'}."
        if d.kind == "event" and d.once_per_turn and name in self.turn.bought_cards:
            return f"{name} can be bought once per turn."
        if d.once_per_game and (p.index, name) in self.used_once_per_game:
            return f"{name} can be bought once per game; you have bought it."
        if d.kind == "project":
            if p in self.projects[name]:
                return f"You already have a cube on {name}."
            if p.cubes < 1:
                owned = [n for n, owners in self.projects.items() if p in owners]
                return f"You have no cubes left: they are on {' and '.join(owned) or 'other Projects'}."
        return None

    def _why_not_villager(self, p: Player, act: TurnAction) -> str | None:
        if self.phase != "action":
            return "Villagers can be spent only in your Action phase."
        if act.n < 1 or act.n > p.villagers:
            return f"You have {p.villagers} Villagers."
        return None

    def _why_not_coffers(self, p: Player, act: TurnAction) -> str | None:
        if act.n < 1 or act.n > p.coffers:
            return f"You have {p.coffers} Coffers."
        return None

    def do(self, p: Player, act: TurnAction) -> None:
        """Carry out a top-level move that `why_not` allows."""
        reason = self.why_not(p, act)
        if reason:
            raise ValueError(reason)
        self._DOERS[act.verb](self, p, act)

    def _do_end(self, p: Player, act: TurnAction) -> None:
        if self.phase == "action":
            self._enter_buy(p)
        else:
            self._end_buy(p)

    def _do_play(self, p: Player, act: TurnAction) -> None:
        card = self._in_hand(p, act.name)
        assert card is not None  # why_not checked
        if self.is_(card, ACTION) and self.phase == "action" and p.actions > 0:  # else as a Treasure
            p.actions -= 1
        elif self.phase == "action":
            self._enter_buy(p)
        self.play(p, card)

    def _do_buy(self, p: Player, act: TurnAction) -> None:
        if self.phase == "action":
            self._enter_buy(p)
            if self.why_not(p, act):  # entering the Buy phase can change things
                return
        d = self.db.defs[act.name]
        cost = self._pay(p, d)
        p.buys -= 1
        self.turn.bought_in_phase = True
        self.turn.bought_cards.append(d.name)
        if self.listeners:
            self.say("buy", p, card=d.name, cost=cost, what=d.kind)
        if d.once_per_game:
            self.used_once_per_game.add((p.index, d.name))
        if d.kind == "event":
            d.play(Ctx(self, p, None))
        elif d.kind == "project":
            self.set_owner(p, d.name)
            p.cubes -= 1
            self.say("cube", p, project=d.name, cubes=p.cubes,
                     owned=[d.name] + [n for n, o in self.projects.items() if p in o and n != d.name])
        else:
            self._fire("buy", p, None, None, None, extra={"name": d.name})
            self.gain(p, d.name, bought=True)

    def _pay(self, p: Player, d: CardDef) -> int:
        """Pay for a buy: its cost in coins, or a card trashed instead where the card allows."""
        cost = self.cost(d)
        instead = d.pay_instead(self, p) if d.pay_instead else []
        if instead:
            opts = ([Option("pay", None)] if cost <= p.coins else []) + card_options(instead)
            got = self.choose(p, f"Pay {cost} coins for {d.name}, or trash a card from your hand instead?",
                              opts, topic="pay")[0]
            if got is not None:
                self.trash_card(p, got)
                return 0
        p.coins -= cost
        return cost

    def _do_villager(self, p: Player, act: TurnAction) -> None:
        p.villagers -= act.n
        self.say("spend", p, what="villagers", n=act.n, left=p.villagers)
        self.add(p, "actions", act.n)

    def _do_coffers(self, p: Player, act: TurnAction) -> None:
        p.coffers -= act.n
        self.say("spend", p, what="coffers", n=act.n, left=p.coffers)
        self.add(p, "coins", act.n)

    _DOERS = {"end": _do_end, "play": _do_play, "buy": _do_buy, "villager": _do_villager,
              "coffers": _do_coffers}  # do()'s dispatch by verb

    # ------------------------------------------------------------------ checks
    def zones(self) -> Iterable[Zone]:
        yield from self.supply.values()
        yield from self.nonsupply.values()
        yield self.trash
        yield self.set_aside
        for p in self.players:
            for name in ("hand", "deck", "discard", "in_play", "exile", "set_aside", "revealed"):
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
            "trash": ids(self.trash), "set_aside": ids(self.set_aside),
            "set_aside_for": {n: c.id for n, c in self.set_aside_for.items()},
            "players": [{"zones": {z: ids(p.zone(z)) for z in PLAYER_ZONES},
                         "counters": (p.actions, p.buys, p.coins, p.coffers, p.villagers,
                                      p.turns_taken, p.cubes), "tokens": dict(p.tokens)}
                        for p in self.players],
            "artifacts": {n: h.index if h else None for n, h in self.artifacts.items()},
            "projects": {n: [p.index for p in owners] for n, owners in self.projects.items()},
            "pending": [(pe.player.index, pe.label, pe.source.id if pe.source else None,
                         [c.id for c in pe.keep], pe.when) for pe in self.pending],
            "turn": (self.current.index, self.phase, t.extra, [(p.index, c.id) for p, c in t.gained],
                     [(p.index, c.id) for p, c in t.trashed],
                     t.bought_in_phase, list(t.bought_cards), sorted(t.used_once, key=repr),
                     len(t.modifiers), [(p.index, lbl) for p, _, lbl in t.triggers],
                     [(p.index, c.id) for p, c in t.played]),
            "extra_turns": [p.index for p in self.extra_turns],
            "once_per_game": sorted(self.used_once_per_game),
            "tags": sorted((c.id, c.tag) for c in self.all_cards if c.tag),
            "final_round": None if self.final_round is None else [q.index for q in self.final_round],
            "supply_low": (self.supply_low, list(self.low_at)),
            "over": self.over, "winners": [p.index for p in self.winners],
            "next_id": self._next_id, "answers": len(self.answers), "turns_begun": self.turns_begun,
            "warned_low": sorted(self.warned_low),
            "rng": self.rng.getstate(),
            "waiting": None if w is None else (w.kind, w.player.index, w.prompt, w.topic, w.min,
                                               w.max, [o.label for o in w.options]),
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
