"""The bots' judgement of the cards in hand where a card asks about them: Treasures kept back
for a card that uses them when gained (Hostelry's Horses) or for an Event that trashes one from
the hand for a dearer card (Enhance's Gold kept for a Province), the Treasure played first for Kiln's
copy, the card Displace exiles, the card put into the hand (Mountain Village, Border Guard)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ..core.decisions import Decision, TurnAction
from ..core.game import Game
from .endgame import buy_gains, loses, safe
from .simple import JUNK, MONEY_FLOOR, SimplePlayer, dead_in_hand, hand_coins
from .traits import Traits, is_junk, traits

_PLAIN: dict[str, bool] = {}  # HandJudge.plain's answers by card name, as traits() keeps its own
# "If you had no copy of it in Exile, +3 coins" (Bounty Hunter): the coins a new name in Exile brings
_NEW_IN_EXILE = re.compile(r"no copy of it in Exile, \+(\d+) coins")
# An Event that trashes a card from the hand for one costing up to N more (Enhance): read from its text
_TRASH_UP = re.compile(
    r"trash an? (?:non-Victory )?card from your hand, to gain a card costing up to \$?(\d+) (?:coins? )?more"
)


def curses_victory(d: Any) -> bool:
    """A card whose trashing of a Victory card gains its player a Curse (Hideout)."""
    return "Victory card, gain a Curse" in d.text


# What a Treasure kept back for an upgrade must beat what all the coins buy by
KEEP_MARGIN = 0.0
# A card that must trash from the hand and draws before it trashes (Recruiter), not one whose
# cards come next turn (Research: with Gold and engine cards in hand it trashed a Patron).
DRAWS_FIRST = re.compile(r"\+\d+ Cards?\. .*Trash a card from your hand")


class HandJudge(SimplePlayer):
    """Bot's base, after the Event judgement (whose `purchase_with` it asks)."""

    def card_value(self, game: Game, d: Any) -> float:  # Bot's judgement of one more copy
        raise NotImplementedError

    def gain_value(self, game: Game, p: Any, name: str, deck: tuple[Counter[str], int] | None = None) -> float:
        raise NotImplementedError  # Bot's judgement of a card gained

    def junk_value(self, game: Game, name: str) -> float:
        raise NotImplementedError  # Bot's

    def trash_ready(self, game: Game, p: Any, name: str, money: int = MONEY_FLOOR) -> bool:
        """A card that must trash a card from the hand (Scrap, Research, Hideout) only with junk
        in hand to trash (junk_to_trash), or, drawing first, with junk likely to come. Else it
        trashes a good card: a money plan's Scrap trashed Silvers, a Paddock and a Duchy. The 49
        thin money plans with such a card among expert's candidates in 60 random kingdoms (each
        on 60 fresh games against hard, benchmarks/expert_choice.py's seeds): 41.5% won before,
        42.7% now. Lost: a Copper junk only while the deck also makes a coin a card, 41.1% (a
        Hideout kept in hand is a village lost); MONEY_FLOOR 8, not 5, changed nothing (42.1%)."""
        d = game.db[name]
        if not traits(d).must_trash:
            return True
        others = list(p.hand.cards)
        others.remove(next(c for c in others if c.name == name))
        power, cursed = self.buying_power(p), curses_victory(d)
        if any(self.junk_to_trash(c.defn, power, money, cursed) for c in others):
            return True
        if not DRAWS_FIRST.search(d.text):  # Research draws next turn: no junk comes before it trashes
            return False
        pile = p.deck.cards or p.discard.cards
        junk = sum(c.name in JUNK for c in pile)
        return traits(d).cards >= 2 and junk >= len(pile) / 3

    @staticmethod
    def junk_to_trash(d: Any, power: int, money: int = MONEY_FLOOR, cursed: bool = False) -> bool:
        """Junk worth trashing: a Curse, an Estate (not where a Victory card trashed brings a
        Curse), a Copper while the deck's Treasures (power) make more than `money` coins."""
        if d.name == "Copper":
            return power > money
        return d.name in JUNK and not (cursed and d.is_("Victory"))

    def cursed_trash(self, game: Game, d: Decision) -> list[int]:
        """Hideout's trash, where a Victory card trashed brings a Curse: the least worth of the
        junk that is no Victory card (a Curse; a Copper only above the money floor, as
        SimplePlayer.answer_trash keeps it); with none, of any card but a Victory card."""
        power = self.buying_power(d.player)
        defs = [game.db[o.label] for o in d.options]
        junk = [i for i, x in enumerate(defs) if self.junk_to_trash(x, power, cursed=True)]
        others = junk or [i for i, x in enumerate(defs) if not x.is_("Victory")]
        if others:
            return [min(others, key=lambda i: (self.worth(game, d.options[i].label), i))]
        return super().answer_trash(game, d)

    def deck_counts(self, p: Any) -> tuple[Counter[str], int]:
        raise NotImplementedError  # Bot's

    def purchase_with(self, game: Game, p: Any, coins: int, events: bool = True) -> str | None:
        raise NotImplementedError  # EventJudge's

    def coins_worth(self, game: Game, p: Any, coins: int) -> float:
        raise NotImplementedError  # EventJudge's

    def treasure_move(self, game: Game, p: Any, plays: list[TurnAction]) -> TurnAction:
        """The next Treasure to play; or, when the buy is a card that uses Treasures left in
        hand (`keep_back`), only those it needs, then that buy with the others still in hand."""
        if self.copy_waiting(game, p):  # the copy of a Gold rather than of a Copper
            return max(plays, key=lambda a: self.gain_value(game, p, a.name or ""))
        kept = self.keep_back(game, p) if p.buys == 1 else None
        if kept is None:
            return plays[0]
        want, pay = kept
        if pay:
            return TurnAction("play", pay[0].name)
        buy = TurnAction("buy", want)
        return buy if safe(game, p, want) == want and game.allowed(p, buy) else plays[0]

    @staticmethod
    def copy_waiting(game: Game, p: Any) -> bool:
        """A card played this turn lets p gain a copy of the next card it plays (Kiln)."""
        defs = game.db.defs
        return any(q is p and label in defs and traits(defs[label]).copies_next for q, _, label in game.turn.triggers)

    def keep_back(self, game: Game, p: Any) -> tuple[str, list[Any]] | None:
        """An Event's upgrade first (`keep_to_upgrade`). Else, when what all the hand's coins buy
        is a card that uses the Treasures left in hand when gained (`gain_treasures`): that buy, and the Treasures still to play for it, the dearest
        first so that the most are kept. None when no such card is in the Supply, when a Treasure
        in hand does more than make coins (played first, as ever), when it buys another card, or
        when those kept would bring nothing. Only how it is bought changes, not whether: counting
        the Horses toward buying Hostelry (0.5 or 1.0 of a Horse each), normal bought it in 671 or
        799 of 1,000 forced games instead of 580 and lost (48.0% +- 1.9, 47.8% +- 2.4 against the
        bots before), where keeping Treasures back for the Horses alone won 50.6% +- 1.6."""
        if game.turn.bought_in_phase:
            return None
        hand = [c for c in p.hand.cards if c.is_("Treasure")]
        if not hand:
            return None
        total = hand_coins(p)
        upgrade = self.keep_to_upgrade(game, p, hand, total)
        if upgrade is not None or not self.treasure_users(game):
            return upgrade
        want = self.turn_want(game, p, total)
        if want is None or not traits(game.db[want]).gain_treasures or not all(self.plain(c.defn) for c in hand):
            return None
        spare = self.spare(game.cost(game.db[want]), p.coins, hand)
        if self.spare_value(game, game.db[want], spare) <= 0:
            return None
        return want, [c for c in hand if c not in spare]

    def keep_to_upgrade(self, game: Game, p: Any, hand: list[Any], total: int) -> tuple[str, list[Any]] | None:
        """An Event that trashes a card from the hand for one costing up to N more (Enhance),
        with a Treasure kept back for it: the others pay the Event, the one kept is trashed for
        the best gain its cost + N reaches (as a gain is judged, with all the coins in hand,
        never one that ends the game lost), less what it is worth kept in the deck. Chosen only
        when that reach is beyond what all the coins buy (a Gold kept for a Province with 6 or 7
        coins) and beats what they buy (`coins_worth`, the scale Events are judged by): the
        Event, and the Treasures to play for it (all but the one kept, whose name
        `planned_trash` answers Enhance with). `total`: the coins in play and in the hand's
        Treasures (keep_back's). Enhance forced, 2,000 games against main a run:
        hard won 59.9% +- 1.4 and 59.7% +- 1.4 (seeds 11, 12), enhancing in 1,174 and 1,146
        games instead of 179 and 180; normal 57.4% +- 1.3 (seed 11); expert, 60 games: 55.8% +- 12.8, enhancing in 39 instead of 12;
        4 forced games (landscape_usage.py): expert 3 (was 1), hard 4 (was 1). Lost or worse: also a
        Treasure whose reach the coins buy anyway (a Copper for a 2-cost card, a Silver for a
        5-cost one), 55.2% +- 2.0 (seed 11; without Coppers 58.7% +- 1.6); the gain judged with
        only the coins left to pay the Event (the plan's card then worth PLANNED, as one the
        coins cannot buy), 52.2% +- 2.1 and 52.0% +- 2.0; with that, and beating what the coins
        buy by 0.5 more, 44.9% +- 1.7 (it kept the Silvers and lost the Golds' Provinces)."""
        ups = self.upgrade_events(game)
        if not ups or p.buys != 1 or not all(self.plain(c.defn) for c in hand):
            return None
        # What the coins buy is the bar, worked out only once a Treasure can be kept: at most
        # Treasure plays none can, and this ask came at every one (expert thought 6.6 s, not 5,
        # in kingdoms with Enhance: benchmarks/expert_thinking.py 40 -v, thinking:36 and :21)
        best, best_v = None, None
        for ev, more in ups:
            if game.cost(ev) > total or ev.name in game.turn.bought_cards:
                continue
            for name in sorted({c.name for c in hand}):
                kept = next(c for c in hand if c.name == name)
                if total - traits(kept.defn).coins < game.cost(ev) or game.cost(kept.defn) + more <= total:
                    continue
                v = self.upgrade_gain(game, p, game.cost(kept.defn) + more, total)
                if v is None:
                    continue
                v -= self.kept_worth(game, name)
                if best_v is None:
                    best_v = self.coins_worth(game, p, total) + KEEP_MARGIN
                if v > best_v:
                    best, best_v = (ev.name, kept), v
        if best is None:
            return None
        self._trash_plan = (game.turn, best[1].name)
        return best[0], [c for c in hand if c is not best[1]]

    def upgrade_gain(self, game: Game, p: Any, limit: int, coins: int) -> float | None:
        """The best gain costing up to `limit`, never a Curse nor one that ends the game lost,
        judged with the coins the Event is paid from (as when its gain is asked: a gain beyond
        them may be the plan's card the coins cannot buy); None when none is left. Kept for the
        turn while nothing is gained (asked at each Treasure played, by Enhance's judgement), the
        first Treasure's, in the Action phase, included: in 22 kingdoms with Enhance, a fresh
        judgement agreed at all 1,276 asks that took it (kingdoms 81 and 70 thought 4.6 and 4.3 s
        instead of 5.0 and 5.3)."""
        key = (game.turn, p.index, coins, len(game.turn.gained), game.supply_cards())
        memo = self._upgrades
        if memo is None or memo[0] is not key[0] or memo[1] != key[1:]:
            memo = self._upgrades = (key[0], key[1:], {})
        if limit not in memo[2]:
            memo[2][limit] = self._upgrade_gain(game, p, limit, coins)
        return memo[2][limit]

    _upgrades: tuple[Any, tuple, dict[int, float | None]] | None = None  # a turn's upgrade_gain by limit

    def _upgrade_gain(self, game: Game, p: Any, limit: int, coins: int) -> float | None:
        deck, have = self.deck_counts(p), p.coins
        try:
            p.coins = coins
            worths = [
                self.gain_value(game, p, n, deck)
                for n, z in game.supply.items()
                if z.cards
                and n != "Curse"
                and game.cost(game.db[n]) <= limit
                and not loses(game, p, buy_gains(game, p, n))
            ]
        finally:
            p.coins = have
        return max(worths, default=None)

    def upgrade_events(self, game: Game) -> list[tuple[Any, int]]:
        """The Events here that trash a card from the hand for one costing up to N more, each
        with N (Enhance bars a Victory card, never a plain Treasure). Worked out once a game."""
        if self._ups is None or self._ups[0] is not game:
            found = []
            for d in game.landscapes:
                m = _TRASH_UP.search(d.text) if d.kind == "event" else None
                if m:
                    found.append((d, int(m.group(1))))
            self._ups = (game, found)
        return self._ups[1]

    def planned_trash(self, game: Game, d: Decision) -> list[int] | None:
        """The Treasure kept back this turn for an Event's upgrade (keep_to_upgrade), when the
        question offers it."""
        plan = self._trash_plan
        if plan is None or plan[0] is not game.turn or d.player is not game.current:
            return None
        labels = [o.label for o in d.options]
        return [labels.index(plan[1])] if plan[1] in labels else None

    _trash_plan: tuple[Any, str] | None = None
    _ups: tuple[Any, list[tuple[Any, int]]] | None = None

    def turn_want(self, game: Game, p: Any, coins: int) -> str | None:
        """What these coins buy, worked out once a turn (asked before each Treasure is played:
        they only move to play, the coins they make stay the same) and judged as the buy will
        judge it, in the Buy phase, which the first Treasure played begins. The buy then takes
        this judgement while only plain Treasures have moved since (`turn_buy`). Worked out
        three times a turn before (in the Action phase, again in the Buy phase, at the buy),
        expert thought 6.6 to 7.6 s in kingdoms with Ducat or Hostelry where others took 2.6
        (benchmarks/expert_thinking.py; judged once, 4.3 s). Judged in the Action phase, a gain
        an Event brings was judged as before the coins come, so the buy could differ: a Silver
        there was a Bargain at the buy."""
        key = (game.turn, p.index, coins, p.buys)
        memo = self._want
        if memo is not None and memo[0] is key[0] and memo[1:4] == key[1:]:
            return memo[4]
        phase = game.phase
        try:
            game.phase = "buy"  # a question about the coming Buy phase: put back at once
            want = self.purchase_with(game, p, coins)
        finally:
            game.phase = phase
        self._want = (*key, want)
        self._want_seen = self.buy_view(game, p, coins)
        return want

    def turn_buy(self, game: Game, p: Any) -> str | None:
        """What the coins in hand buy: the Treasures' judgement of the turn (`turn_want`) when
        nothing the buy judges has changed since but plain Treasures played, else judged now.
        In the games of 5 candidate plans in 47 kingdoms with Ducat or Hostelry, the two agreed at all
        17,523 buys that took it."""
        memo = self._want
        if (
            memo is not None
            and memo[0] is game.turn
            and memo[1] == p.index
            and not game.turn.bought_in_phase
            and self._want_seen == self.buy_view(game, p, p.coins)
        ):
            return memo[4]
        return self.purchase(game, p)

    @staticmethod
    def buy_view(game: Game, p: Any, coins: int) -> tuple:
        """What a judgement of the buy sees of the turn, the same whether the hand's Treasures
        are played or not, while they only make coins: the cards, the coins and tokens, the
        Supply, the turn's gains, trashes and buys. A Treasure that does more makes the view
        unlike any other (the buy is judged again)."""
        held = [c for c in p.hand.cards if c.is_("Treasure")]
        plain = all(HandJudge.plain(c.defn) for c in held)
        return (
            coins if plain else None,
            p.buys,
            p.coffers,
            p.villagers,
            p.actions,
            sorted(c.name for c in p.hand.cards if not c.is_("Treasure")),
            {id(c) for c in p.in_play.cards} | {id(c) for c in held},
            (len(p.deck.cards), len(p.discard.cards), len(p.exile.cards), len(game.trash.cards)),
            game.supply_cards(),
            (len(game.turn.gained), len(game.turn.trashed), len(game.turn.bought_cards)),
        )

    _want: tuple[Any, int, int, int, str | None] | None = None  # the key, then the buy
    _want_seen: tuple | None = None  # buy_view when the buy was judged
    _users: tuple[Any, bool] | None = None  # (game, a pile of treasure_users): worked out once a game

    def treasure_users(self, game: Game) -> bool:
        """The Supply began with a card that uses Treasures left in hand (an emptied pile is
        never the buy, so this need not follow the piles)."""
        if self._users is None or self._users[0] is not game:
            self._users = (game, any(traits(game.db[n]).gain_treasures for n in game.supply))
        return self._users[1]

    @staticmethod
    def plain(d: Any) -> bool:
        """A Treasure that only makes coins (Copper, Silver, Gold): unplayed, it loses nothing else.
        Kept per card: asked for each Treasure in hand at each Treasure played."""
        plain = _PLAIN.get(d.name)
        if plain is None:
            t = traits(d)
            plain = _PLAIN[d.name] = t == Traits(coins=t.coins) and not d.triggers
        return plain

    @staticmethod
    def spare(cost: int, coins: int, hand: list[Any]) -> list[Any]:
        """The Treasures in hand a buy of this cost leaves unplayed, with these coins already
        made: the dearest pay, so the most are kept (a Treasure kept is discarded all the same)."""
        need = cost - coins
        order = sorted(hand, key=lambda c: -traits(c.defn).coins)
        while order and need > 0:
            need -= traits(order.pop(0).defn).coins
        return order

    def spare_value(self, game: Game, d: Any, spare: list[Any]) -> float:
        """What the Treasures kept back bring when d is gained: a Horse each while any are
        left (Hostelry: one play of +2 Cards and +1 Action each, always worth taking), or a
        Copper trashed while it is junk (Ducat)."""
        if not spare:
            return 0.0
        if "Horse" in d.text:
            horses = game.pile("Horse")
            return float(min(len(spare), len(horses.cards) if horses else 0))
        return max(self.junk_value(game, c.name) for c in spare)

    def answer_discard(self, game: Game, d: Decision) -> list[int]:
        """Treasures discarded for what a card just gained gives for them (Hostelry's Horses):
        those the turn's buy does not need, when what they bring is worth it."""
        p = d.player
        gained = next((c for q, c in reversed(game.turn.gained) if q is p), None)
        cards = [o.value for o in d.options]
        if gained is None or not traits(gained.defn).gain_treasures or not all(c.is_("Treasure") for c in cards):
            return self.dead_first(game, d)
        spare = self.spare_now(game, p, cards)
        if self.spare_value(game, gained.defn, spare) <= 0:
            return []
        return [i for i, c in enumerate(cards) if c in spare]

    def dead_first(self, game: Game, d: Decision) -> list[int]:
        """A card that does nothing in hand (a Victory card alone: Province, Duchy) is discarded
        first, its points kept: Bot.worth values it at 1.5 times its points for a trash (Cathedral),
        and so Villain's discard took a Silver beside a Province, and Crop Rotation kept a Duchy
        rather than draw 2 cards for it."""
        picks = super().answer_discard(game, d)
        dead = [i for i, o in enumerate(d.options) if dead_in_hand(o.value) and i not in picks]
        if not dead:
            return picks
        if d.may_decline:  # discarding for a benefit: the junk and the dead cards
            return (picks + dead)[: d.max]
        order = self.ranked(game, d)
        return sorted(order, key=lambda i: (not dead_in_hand(d.options[i].value), order.index(i)))[: len(picks)]

    def answer_topdeck(self, game: Game, d: Decision) -> list[int]:
        """A card from the hand onto the deck (City Gate): the best one this turn's buy does not
        need, an Action aside (it plays this turn); it was the best card of all, a Silver put back
        from a hand of $7 that then bought a Silver, not a Gold. Put back, a card comes next turn
        in place of an unknown one: over the two turns the coins are the same either way. Lost:
        the least worth card the buy does not need (an Estate first), 45.4% +- 1.9 against this."""
        p = d.player
        if d.max != 1 or not d.options or not all(o.value in p.hand.cards for o in d.options):
            return super().answer_topdeck(game, d)
        coins = p.coins + sum(traits(c.defn).coins for c in p.hand.cards if c.is_("Treasure") or c.is_("Action"))
        want = self.purchase_with(game, p, coins)

        def spare(c: Any) -> bool:
            left = coins - (traits(c.defn).coins if c.is_("Treasure") else 0)
            return not c.is_("Action") and self.purchase_with(game, p, left) == want

        ok = [i for i, o in enumerate(d.options) if spare(o.value)] or list(range(len(d.options)))
        return [max(ok, key=lambda i: (self.drawn_worth(game, d.options[i].value.defn), -i))]

    def spare_now(self, game: Game, p: Any, cards: list[Any]) -> list[Any]:
        """Of these Treasures in hand, those this turn's buy will not play: all of them once it
        has bought (no Treasure is played after a buy) or outside its own turn; before, those
        beyond what the hand's coins buy needs (a Hostelry gained in the Action phase)."""
        if game.current is not p or game.turn.bought_in_phase or game.phase not in ("action", "buy") or not p.buys:
            return cards
        plain = [c for c in cards if self.plain(c.defn)]
        made = p.coins + sum(traits(c.defn).coins for c in p.hand.cards if c.is_("Treasure") and c not in plain)
        want = self.purchase_with(game, p, made + sum(traits(c.defn).coins for c in plain))
        return self.spare(game.cost(game.db[want]) if want else 0, made, plain)

    def answer_to_hand(self, game: Game, d: Decision) -> list[int]:
        """One card put into the hand (Mountain Village's discard pile, Border Guard's revealed
        pair): the one worth most this turn."""
        p = d.player
        return [max(range(len(d.options)), key=lambda i: (self.in_hand_worth(game, p, d.options[i].value.defn), -i))]

    @staticmethod
    def topdecks(game: Game, source: str) -> bool:
        """A reaction that may put a card gained onto the deck."""
        d = game.db.defs.get(source)
        return d is not None and "when you gain a card" in d.text.lower() and "onto your deck" in d.text

    def topdeck_gain(self, game: Game, p: Any, option: Any, card: Any) -> bool:
        """A gained card on the deck is in the next hand: money or an Action, never junk or a
        Victory card; and not for a card (Sleigh) discarded while it could still be played."""
        source = getattr(option.value, "source", None)
        if source is not None and source.zone is p.hand and game.phase == "action" and p.actions and game.current is p:
            return False
        d = card.defn
        if is_junk(game, card.name) or card.name == "Copper" or d.is_("Victory") and not d.is_("Action"):
            return False
        return d.is_("Treasure") or d.is_("Action")

    def action_drawn(self, game: Game, d: Any) -> float:  # an Action drawn (drawn_worth): its card value
        return self.card_value(game, d)

    def in_hand_worth(self, game: Game, p: Any, d: Any) -> float:
        """What a card (its definition) put into the hand now brings this turn: a Treasure its
        coins, an Action its worth while an Action is left to play it, a Victory card or a Curse
        nothing (a Province from the discard pile was judged as a Province gained, late worth the most)."""
        if d.is_("Treasure"):
            return traits(d).coins + 0.5 * traits(d).buys
        if d.is_("Action") and p.actions and game.phase == "action":
            return self.card_value(game, d)
        return -1.0

    def best_upgrade(self, game: Game, d: Decision, more: int) -> int:
        """The card in hand whose Exile for a differently named card costing up to `more` more
        gains most over what the card is worth kept: an Estate for a 4-cost card early, a Gold
        for a Province or a Province for a Duchy late (an exiled card's points still count)."""
        p, deck = d.player, self.deck_counts(d.player)

        def trade(i: int) -> float:
            name = d.options[i].label
            limit = game.cost(game.db[name]) + more
            best = max(
                (
                    self.gain_value(game, p, n, deck)
                    for n, z in game.supply.items()
                    if z.cards and n not in (name, "Curse") and game.cost(game.db[n]) <= limit
                ),
                default=0.0,
            )
            return best - self.kept_worth(game, name)

        return max(range(len(d.options)), key=lambda i: (trade(i), -i))

    def kept_worth(self, game: Game, name: str) -> float:
        """What a card in the deck is worth to its draws: junk less than nothing, a Victory card
        a little less (its points stay with it in Exile), the rest as a card is judged."""
        d = game.db[name]
        if is_junk(game, name):
            return -self.junk_value(game, name)
        if d.is_("Victory") and not d.is_("Action") and not d.is_("Treasure"):
            return -0.5
        return self.card_value(game, d)

    def exile_one(self, game: Game, d: Decision) -> list[int]:
        """One card to Exile (Bounty Hunter's and Sanctuary's from the hand, the card Cardinal
        makes its victim Exile): the one the deck loses least by losing (`kept_worth`: a Curse,
        an Estate early, a Copper while it is junk, a Victory card, whose points stay), beside what
        it does to this turn's buy: a Treasure from the hand takes its coins, a card new to the
        Exile mat brings Bounty Hunter's +3 (a good card is worth them only when they buy a lot
        more). Declined, where it may be, when every card loses more than it brings. Against the
        cheapest card exiled, 2,000 forced games a run (seeds 11, 12): Bounty Hunter normal 61.6% and
        63.0%, hard 50.9% and 50.8%; expert, 60 games, 50.8% and 58.3% (Bounty Hunter in 38 and 44
        games, 15 and 28 before); Sanctuary normal 53.1% and 54.0%, expert 51.7% (seed 11)."""
        p = d.player
        playing = game.playing[-1][1].defn if game.playing else None
        m = _NEW_IN_EXILE.search(playing.text) if playing is not None else None
        bonus, exiled = (int(m.group(1)) if m else 0), set(p.exile.names())
        now = game.current is p and game.phase in ("action", "buy")
        coins = hand_coins(p)
        base = self.coins_worth(game, p, coins) if now else 0.0

        def score(i: int) -> float:
            o = d.options[i]
            card = o.value
            more = bonus if o.label not in exiled else 0
            # An Action still to play this turn counted as losing its play too (its coins, its
            # draw at the deck's coins a card: the Lackeys exiled for +3) lost: Bounty Hunter forced,
            # 2,000 games against 01d3027, normal 48.9% +- 1.0 and 49.9% +- 0.9 (seeds 11, 12), hard
            # 50.0% (the same games but a few: hard exiled a non-junk Action in 2 of 200 games)
            if getattr(card, "zone", None) is p.hand and card.is_("Treasure"):
                more -= traits(card.defn).coins
            turn = self.coins_worth(game, p, coins + more) - base if now and more else 0.0
            return turn - self.kept_worth(game, o.label)

        scores = {i: score(i) for i in range(len(d.options))}
        best = max(scores, key=lambda i: (scores[i], -self.worth(game, d.options[i].label), -i), default=None)
        if best is None or d.may_decline and scores[best] <= 0:
            return []
        return [best]
