"""Ctx: the primitives a card's effect is written with.

A card definition receives a Ctx for the player resolving it and the card itself ("this"),
and composes its effect from these calls; the engine does the moving, asking and announcing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .decisions import Decision, Option, card_options
from .model import Card, CardDef, Lasting, PendingEffect, Player, Trigger, TurnModifier, TurnTrigger

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


class Ctx:
    def __init__(self, game: Game, player: Player, card: Card | None, hosts: tuple[Card, ...] = ()) -> None:
        self.game = game
        self.player = player
        self.card = card
        self.hosts = hosts  # the cards whose effect is playing this one
        self._moves = card.moves if card else 0
        self._zone = card.zone if card else None
        # Set by a Way that swaps +Cards and +coins in this card's own instructions: only this
        # Ctx swaps, so next-turn effects and cards it plays (new Ctxs) behave normally.
        self.swap: str | None = None
        # The "when ..." ability this Ctx resolves, if any: what it gains or trashes says so, so
        # that "other than with this" exempts only what that very ability did (Experiment, Sewers)
        self.ability: Trigger | None = None

    @property
    def this(self) -> Card:
        """This card ("trash this"), for the effect of a card, not of a landscape."""
        assert self.card is not None, "a card's effect without its card"
        return self.card

    # -- simple bonuses
    def cards(self, n: int) -> list[Card]:
        if self.swap and n > 0:
            self.game.say("swap", self.player, way=self.swap, n=n, got="coins", instead="Cards")
            self.game.add(self.player, "coins", n)
            return []
        return self.game.draw(self.player, n)

    def actions(self, n: int) -> None:
        self.game.add(self.player, "actions", n)

    def buys(self, n: int) -> None:
        self.game.add(self.player, "buys", n)

    def coins(self, n: int) -> None:
        if self.swap and n > 0:
            self.game.say("swap", self.player, way=self.swap, n=n, got="Cards", instead="coins")
            self.game.draw(self.player, n)
            return
        self.game.add(self.player, "coins", n)

    def draw_until(self, size: int) -> list[Card]:
        """ "Draw until you have N cards in hand": not +Cards, so no swap touches it."""
        return self.game.draw(self.player, size - len(self.player.hand))

    def coffers(self, n: int) -> None:
        self.game.add(self.player, "coffers", n)

    def villagers(self, n: int) -> None:
        self.game.add(self.player, "villagers", n)

    # -- who and when
    @property
    def my_turn(self) -> bool:
        return self.game.current is self.player

    def other_players(self) -> list[Player]:
        return self.game.others(self.player)

    def player_to_right(self) -> Player:
        ps = self.game.players
        return ps[(self.player.index - 1) % len(ps)]

    def trashed_last_turn(self, p: Player) -> int:
        """How many cards p trashed during p's most recent turn."""
        t = self.game.last_turn.get(p.index)
        return sum(1 for q, _ in t.trashed if q is p) if t else 0

    def as_player(self, p: Player) -> Ctx:
        them = Ctx(self.game, p, self.card, self.hosts)
        them.ability = self.ability
        return them

    @property
    def in_buy_phase(self) -> bool:
        return self.my_turn and self.game.phase == "buy"

    def is_(self, card: Card | CardDef, kind: str) -> bool:
        """Does the card have this type now (Game.is_)?"""
        return self.game.is_(card, kind)

    def cost(self, card: Card | CardDef) -> int:
        """What a card costs now, every change in force included."""
        return self.game.cost(card.defn if isinstance(card, Card) else card)

    def empty_supply_piles(self) -> int:
        return self.game.empty_piles()

    # -- moving cards
    def gain(self, name: str, to: str = "discard") -> Card | None:
        return self.game.gain(self.player, name, to, by=self.card, via=self.ability)

    def gain_card(self, card: Card, to: str = "discard") -> Card:
        """Gain a card from outside the Supply piles (from the trash, say)."""
        return self.game.gain_card(self.player, card, to, by=self.card, via=self.ability)

    def set_aside_for_next_turn(self, cards: list[Card], hidden: bool = False) -> None:
        """Set cards aside on this card; at the start of the next turn they go to the hand.
        This card (and its hosts) stay in play until then; with nothing set aside, nothing waits."""
        if not cards:
            return
        self.game.set_aside_on(self.player, cards, self.card.name if self.card else None, hidden)

        def back(ctx: Ctx) -> None:
            for c in cards:
                if c.zone is ctx.player.set_aside:
                    ctx.game.put_in_hand(ctx.player, c, hidden=hidden)

        self.next_turn(back)

    def set_aside_from_deck(self, n: int, hidden: bool = False) -> list[Card]:
        """Up to n cards from the top of the deck, set aside on this card for the next turn."""
        cards = self.game.top_cards(self.player, n) if n > 0 else []
        self.set_aside_for_next_turn(cards, hidden=hidden)
        return cards

    def leaving_play(self) -> list[Card]:
        return self.game.leaving_play(self.player)

    def trash(self, card: Card) -> None:
        self.game.trash_card(self.player, card, via=self.ability)

    def discard(self, card: Card) -> None:
        self.game.discard(self.player, card)

    def discard_all(self, cards: Iterable[Card]) -> None:
        """ "Discard these" as one instruction: reactions to any of them come after all of them."""
        self.game.discard_all(self.player, list(cards))

    def exile(self, card: Card) -> None:
        self.game.exile(self.player, card)

    def exile_from_supply(self, name: str) -> Card | None:
        return self.game.exile_from_pile(self.player, name)

    def reveal(self, cards: list[Card]) -> None:
        self.game.reveal(self.player, cards)

    def reveal_top(self, n: int) -> list[Card]:
        """Reveal up to n cards from the top of the deck; they wait in the open until moved."""
        cards = self.game.top_cards(self.player, n)
        self.game.reveal(self.player, cards)
        return [c for c in cards if c.zone is self.player.revealed]

    def put_in_hand(self, card: Card, hidden: bool = False) -> None:
        """Into the hand; a `hidden` card is named only to its owner."""
        self.game.put_in_hand(self.player, card, hidden=hidden)

    def put_on_deck(self, card: Card) -> None:
        self.game.put_on_deck(self.player, card)

    def this_unmoved(self) -> bool:
        """Is this card still where it was when the effect began (not lost track of)?"""
        c = self.card
        return c is not None and c.zone is self._zone and c.moves == self._moves and c.zone is self.player.in_play

    def return_this(self) -> bool:
        """Return this card to its pile, if it has not moved since it was played; did it?"""
        return self.this_unmoved() and self.card is not None and self.game.return_to_pile(self.player, self.card)

    def play_next_turn(self, card: Card, label: str, gives: frozenset[str] = frozenset({"hand"})) -> None:
        """Set a card aside (where it is not already) and play it at the start of this player's
        next turn, using no Action; the player orders it among other start-of-turn effects.
        `gives`: what playing it may bring (Trigger.gives)."""
        g, me = self.game, self.player
        if card.zone is not me.set_aside:
            g.set_aside_card(me, card, later=True)
        else:
            g.say("set_aside", me, card=card.name, later=True)

        def later(ctx: Ctx) -> None:
            if card.zone is me.set_aside:  # lost track of it: nothing to play
                g.play(me, card)

        g.add_pending(PendingEffect(me, label, later, None, [], gives=gives))

    def play(self, card: Card, move: bool = True) -> None:
        """Play another card as part of this one's effect (this card hosts it while in play)."""
        host = (self.card,) if self.card is not None and self.card.zone is self.player.in_play else ()
        self.game.play(self.player, card, move=move, by=self.card, hosts=self.hosts + host)

    def play_effect(self, card: Card) -> None:
        """Follow a card's instructions without moving it (Way of the Mouse style)."""
        self.game.say("play_aside", self.player, card=card.name)
        if card.defn.play:
            card.defn.play(Ctx(self.game, self.player, card))

    # -- questions
    def choose_card(self, cards: Iterable[Card], prompt: str, optional: bool = False, topic: str = "") -> Card | None:
        return self.game.choose_card(self.player, cards, prompt, optional, topic)

    def choose_cards(
        self, cards: Iterable[Card], prompt: str, min: int = 1, max: int = 1, topic: str = "", one_name: bool = False
    ) -> list[Card]:
        """`one_name`: the picks must all share one name ("any number of cards with the same name")."""
        return self.game.choose_cards(self.player, cards, prompt, min=min, max=max, topic=topic, one_name=one_name)

    def choose_mode(self, prompt: str, modes: list[str]) -> str:
        return self.game.choose_mode(self.player, prompt, modes)

    def choose_modes(self, prompt: str, modes: list[str], n: int) -> list[str]:
        """Exactly n different modes (all of them, without asking, when n covers them all)."""
        opts = [Option(m, m) for m in modes]
        return self.game.choose(self.player, prompt, opts, min=n, max=n, topic="mode")

    def choose_supply(
        self, prompt: str, ok: Callable[[CardDef], bool] = lambda d: True, optional: bool = False, topic: str = "gain"
    ) -> str | None:
        """The name of a Supply pile that has cards and whose card passes `ok`, or None."""
        g = self.game
        names = [n for n, z in g.supply.items() if z.cards and ok(g.db[n])]
        got = g.choose(self.player, prompt, [Option(n, n) for n in names], min=0 if optional else 1, topic=topic)
        return got[0] if got else None

    def gain_from_supply(self, prompt: str, ok: Callable[[CardDef], bool], to: str = "discard") -> Card | None:
        """Choose a Supply card that passes `ok` and gain it; nothing when none does."""
        name = self.choose_supply(prompt, ok)
        return self.gain(name, to) if name else None

    def order_on_deck(self, cards: list[Card], prompt: str) -> None:
        """Put cards back on the deck in the player's order: the first named ends on top.
        Asked only when the order can matter (two or more different names)."""
        order = list(cards)
        if len({c.name for c in cards}) > 1:
            d = Decision(
                "cards", self.player, prompt, card_options(order), min=len(order), max=len(order), topic="order"
            )
            order = [order[i] for i in self.game.ask(d)]
        for c in reversed(order):
            self.game.put_on_deck(self.player, c)

    def yes_no(self, prompt: str) -> bool:
        return self.game.yes_no(self.player, prompt)

    def choose_order(self, prompt: str, names: list[str]) -> list[str]:
        """All of `names`, in the order the player picks (asked only when there are 2 or more)."""
        if len(names) < 2:
            return list(names)
        d = Decision(
            "option", self.player, prompt, [Option(n, n) for n in names], min=len(names), max=len(names), topic="order"
        )
        return [names[i] for i in self.game.ask(d)]

    def name_card(self, prompt: str) -> str:
        """Name any card in the database, in the game or not (too many to list)."""
        names = sorted(d.name for d in self.game.db.defs.values() if d.is_card)
        d = Decision(
            "option", self.player, prompt, [Option(n, n) for n in names], topic="name", unlisted="Name any card."
        )
        name: str = names[self.game.ask(d)[0]]
        self.game.say("name", self.player, card=name)
        return name

    # -- Durations, Artifacts, lasting effects
    def next_turn(
        self, fn: Callable[[Ctx], None], label: str | None = None, gives: frozenset[str] = frozenset({"hand"})
    ) -> None:
        """Do fn at the start of this player's next turn; this card (and any card that played
        it) stays in play until then. `gives`: what fn may bring (Trigger.gives)."""
        keep = [c for c in (self.card, *self.hosts) if c is not None and c.zone is self.player.in_play]
        self.game.add_pending(
            PendingEffect(self.player, label or (self.card.name if self.card else ""), fn, self.card, keep, gives=gives)
        )

    def has(self, artifact: str) -> bool:
        return self.game.artifacts.get(artifact) is self.player

    def take(self, artifact: str) -> None:
        self.game.take_artifact(self.player, artifact)

    def this_turn(self, t: Trigger, label: str) -> TurnTrigger:
        """A "this turn, when ..." ability; returns a handle for `end_this_turn`."""
        return self.game.add_turn_trigger(self.player, t, label)

    def end_this_turn(self, handle: TurnTrigger) -> None:
        self.game.remove_turn_trigger(handle)

    def until_my_next_turn(self, t: Trigger, label: str) -> None:
        """Give each other player a trigger that lasts until the start of this player's next turn."""
        for q in self.other_players():
            self.game.add_lasting(Lasting(q, t, label, self.player))

    def return_to_action_phase(self) -> None:
        self.game.return_to_action_phase(self.player)

    def modify_this_turn(self, kind: str, fn: Callable[..., Any], everyone: bool = True) -> None:
        source = self.card.name if self.card is not None else ""
        self.game.turn.modifiers.append(TurnModifier(kind, fn, None if everyone else self.player, source=source))
