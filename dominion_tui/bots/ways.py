"""The bots' judgement of Ways: which Way (or the card's own text) to play an Action with, the
order of plays that lets a Way on a weak card give the Actions for a strong one, and what a
Way makes of any Action when buying."""

from __future__ import annotations

import re
from typing import Any

from ..core.decisions import Decision
from ..core.game import Game
from .traits import Traits, gain_worth, is_junk, is_terminal, traits


class WayJudge:
    """Mixed into Bot: the Ways judged by the same card traits as everything else."""

    def card_value(self, game: Game, d: Any) -> float:  # Bot's judgement of one more copy
        raise NotImplementedError

    def way_first(self, game: Game, p: Any, names: set[str]) -> str | None:
        """The last Action, only terminals in hand and a Way that gives +Actions (Ox, Mule...):
        the weakest terminal first, when that Way on it beats its own text, so the best still
        plays after it (played first, the best would leave the others dead)."""
        ways = [w for w in game.landscapes if w.kind == "way" and traits(w).actions]
        if p.actions != 1 or not ways or len(names) < 2:
            return None
        cards = [game.db[n] for n in names]
        if any(not is_terminal(traits(d), d) for d in cards):
            return None
        weakest = min(cards, key=lambda d: (self.card_value(game, d), d.name))
        rest = list(p.hand.cards)
        rest.remove(next(c for c in rest if c.name == weakest.name))
        pick = self.way_choice(game, p, weakest, [None, *ways], rest, 0)
        return weakest.name if pick else None

    def way_floor(self, game: Game) -> float:
        """With a Way in the game, any Action is worth at least what the Way makes of it."""
        ways = [traits(d) for d in game.landscapes if d.kind == "way"]
        return max(
            (
                t.coins + 0.9 * t.cards + 0.3 * t.buys + 0.8 * t.horses + 0.3 * t.actions - (1.5 if t.returns else 0)
                for t in ways
            ),
            default=0.0,
        )

    def answer_way(self, game: Game, d: Decision) -> list[int]:
        """A Way only when it does more here than the card's own text: a dead terminal with
        Way of the Ox, coins instead of draw from a thin deck, junk to trash with the Goat, a
        draw card saved for next turn when this hand already buys a Province."""
        card = self.played_card(game, d)
        if card is None:
            return [0]
        p = d.player
        return [self.way_choice(game, p, card, [o.value for o in d.options], p.hand.cards, p.actions)]

    def way_choice(self, game: Game, p: Any, card: Any, ways: list[Any], hand: list[Any], actions: int) -> int:
        """Which of the options (None: the card's own text, else a Way) to play this card with,
        given the hand left and the Actions left once it is played."""
        # what +Actions would let play: the Actions in hand, best first (they are dead otherwise)
        waiting = sorted((self.card_value(game, c.defn) for c in hand if c.is_("Action")), reverse=True)
        pile = p.deck.cards + p.discard.cards
        drawable = len(pile)
        density = sum(traits(c.defn).coins for c in pile if c.is_("Treasure")) / max(1, drawable) + 0.3 * sum(
            c.is_("Action") for c in pile
        ) / max(1, drawable)
        hand_money = p.coins + sum(traits(c.defn).coins for c in hand if c.is_("Treasure"))
        late = len(game.supply.get("Province", [])) <= 4
        junk = max(
            (2.5 if c.name == "Curse" else 1.5 if c.name == "Estate" else 0.7 for c in hand if is_junk(game, c.name)),
            default=0.0,
        )

        def worth(t: Traits) -> float:
            more = sum(waiting[: t.actions]) if actions == 0 else 0.2 * t.actions
            buy = 0.4 * t.buys + (1.0 if t.buys and hand_money + t.coins >= 9 else 0)  # two things to buy
            return (
                t.coins
                + density * min(t.cards, drawable)
                + more
                + buy
                + 0.5 * t.horses
                + (junk if t.trashes or t.exiles else 0)
            )

        ct = traits(card)
        own = (
            worth(ct)
            + (1.5 if ct.attack else 0)
            + 0.5 * ct.coffers
            + (max(1.5, 0.6 * gain_worth(ct.gain_up_to)) if ct.gains else 0)
            + 0.7 * ct.villagers
            - (1.0 if ct.returns else 0)
        )
        if card.text.startswith("Discard your hand"):
            own -= hand_money
        best, best_v = 0, own + 0.25
        for i, w in enumerate(ways):
            if w is None:
                continue
            t = traits(w)
            text = w.text
            v = worth(t)
            if t.returns:  # Horse: the card goes back; little loss late or for a cheap card
                v -= 0.3 if late else 0.6 * self.card_value(game, card)
            if t.gain_up_to:  # Camel: a Gold waits in Exile for the next Gold gained; worth
                # 2.4 (used in a fifth of 400 forced games, 51% against hard; 1.9: 5%, 50%)
                v += 0 if late else 2.4
            if "Discard your hand" in text:  # Mole: a fresh hand for this one
                v -= hand_money
            if "each +Cards gives" in text:  # Chameleon: cards and coins swap
                v = worth(Traits(cards=ct.coins, coins=ct.cards, actions=ct.actions, buys=ct.buys))
            elif t.plays and w.name in game.set_aside_for:  # Mouse: the set-aside card
                aside = game.set_aside_for.get(w.name)
                # an attack only "if it is not your turn" attacks no one when played this way; and
                # a card played as another only when clearly better (a listener hears every Way)
                hits = aside is not None and traits(aside.defn).attack and "not your turn" not in aside.defn.text
                v = (
                    worth(traits(aside.defn))
                    + 0.7 * traits(aside.defn).villagers
                    - 0.5
                    + (1.5 if hits or traits(aside.defn).gains else 0)
                    if aside
                    else 0
                )
            elif "Set this aside" in text:  # Turtle: its own text next turn, when not needed now
                v = self.card_value(game, card) if drawable == 0 or hand_money >= 8 and not (ct.coins or ct.buys) else 0
            elif t.upgrade:  # Butterfly: a card costing 1 more
                v = max(
                    (
                        self.card_value(game, game.db[n])
                        for n, z in game.supply.items()
                        if z.cards
                        and game.cost(game.db[n]) == game.cost(card) + t.upgrade
                        and game.db[n].kind == "kingdom"
                    ),
                    default=0,
                ) - self.card_value(game, card)
            elif "Exile an Estate" in text:  # Worm: each Estate comes home with the next, a point
                v = 1.5 if late else 0.2
            elif "discard a Treasure to gain a copy" in text:  # Rat
                v = (
                    (self.card_value(game, card) - 1) * (0 if late else 0.8)
                    if any(c.name == "Copper" for c in hand)
                    else 0
                )
            elif "when you gain a card, you may put it onto your deck" in text:  # Seal
                v += 0.4
            elif "when you discard this from play" in text:  # Frog: back on top
                v += 0.3
            elif "at the end of this turn" in text:  # Squirrel: the cards come for next turn
                v = density * t.cards
            if v > best_v:
                best, best_v = i, v
        return best

    @staticmethod
    def played_card(game: Game, d: Decision) -> Any:
        m = re.match(r"(?:Play (.+) normally|(.+) reacts:|.+ plays (.+): normally)", d.prompt)
        name = next((g for g in m.groups() if g), None) if m else None
        return game.db.defs.get(name) if name else None
