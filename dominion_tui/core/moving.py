"""Game's room for moving cards: every card movement goes through `_move` (or `_move_all`, the
same in one go), and every gain, trash, discard, exile, reveal and shuffle is announced and
passed to the event pipeline (`_fire`). Also the counters: +Actions, +Buys, +coins and the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .events import Event
from .model import Card, Player, Trigger, Zone
from .triggers import Triggers

LOW_PILE = 5  # a non-Supply pile this small is announced as running low


class Moving(Triggers):
    if TYPE_CHECKING:  # the end of the game: turns.py

        def game_should_end(self) -> bool: ...

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

    def gain(
        self,
        p: Player,
        name: str,
        to: str = "discard",
        bought: bool = False,
        by: Card | None = None,
        via: Trigger | None = None,
    ) -> Card | None:
        """Gain the top card of a pile. `by` is the card whose ability gains it, `via` the
        "when ..." ability that does (provenance: a "when you gain this" ability can tell what
        gained its card)."""
        pile = self.pile(name)
        if not pile or not pile.cards:
            self.say("gain_fail", p, card=name)
            return None
        return self.gain_card(p, pile.cards[-1], to, bought=bought, by=by, via=via)

    def gain_card(
        self,
        p: Player,
        card: Card,
        to: str = "discard",
        bought: bool = False,
        by: Card | None = None,
        via: Trigger | None = None,
    ) -> Card:
        """Gain this very card from wherever it is (a pile, or the trash)."""
        src = card.zone
        dest = p.zone(to)
        self._move(card, dest)
        self.turn.gained.append((p, card))
        from_pile = src is self.pile(card.name)
        supply = card.name in self.supply
        low = from_pile and src is not None and not supply and len(src) <= LOW_PILE and card.name not in self.warned_low
        if low:  # a pile outside the Supply (Horses) is said to run low once, not at every gain
            self.warned_low.add(card.name)
        if self.listeners:  # the announcement's details are worked out only for someone to hear
            self.say(
                "gain",
                p,
                card=card.name,
                to=to,
                left=len(src) if from_pile and src is not None else None,
                bought=bought,
                plural=card.defn.plural_name,
                supply=supply and from_pile,
                low=low,
                src=None if from_pile else (src.name if src is not None else None),
            )
        if from_pile and supply and src is not None and not src.cards:
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
        events = [
            Event("discard", p, c, src, p.discard, cleanup, c.moves, {})
            for c, src in moved
            if self._could_hear("discard", c, cleanup)
        ]
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
        self.say(
            "artifact",
            p,
            artifact=name,
            before=before.name if before else None,
            hand=self.modify("cleanup_draw", p, 5) if changes_hand else None,
        )

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
