"""Events judged by what the other players do, and the coins an Event must beat (issue 22):
mixed into Bot beside WayJudge."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from ..core.game import Game
from .deckmodel import treasure_density
from .plans import Plan
from .simple import deck_cards, price_cut
from .traits import name_counts, traits

T = TypeVar("T")

# Invest pays on a card the others collect: 2 copies or more, one gained in their last turn; as
# many more expected as they own, fewer as the Provinces run out (PACE 0.5 and 1.0 both held
# about 50% of 500 forced games against the old judgement; 1.0 is the card's plain reading).
# Invest forced, 2,000 games against main: also expecting the kingdom's Big Money card (hard's
# plan) to be gained up to its tuned count, 1 a copy, hard won 50.6% +- 0.7 and 51.3% +- 0.8
# (seeds 11, 12) but normal 42.5% +- 1.5, whose opponents follow no such plan; only once another
# player owns a copy, hard 50.1% +- 0.2 and 50.1% +- 0.3, normal 49.3% +- 0.7: so only a player
# with a plan expects it (planned_by_others)
MIN_COPIES, PACE = 2, 1.0
# A Project that works on the Actions a turn plays past its first, or on Actions gained, and one
# that works on another card's trash: bought (early, at its price, as worth more than the card the
# coins buy) only where the deck has those (has_work_for): its Actions, with those the plan still
# wants, MANY_ACTIONS or more; a card that trashes. Each forced, 2,000 games against main (seed 11),
# hard / normal won: Academy 63.1% / 54.2%, Capitalism 59.6 / 62.1, Piazza 55.4 / 53.5, Barracks
# 61.7 / 53.9, Innovation 63.6 / 54.2, Sewers 62.4 / 55.1. Never bought: 63.6 / 56.0, 59.6 / 63.3,
# 55.7 / 51.7, 62.1 / 55.8, 63.2 / 56.0, 62.5 / 59.0: in these bots' decks a Project early is worth
# less than the card nearly always; at 4 Actions normal won 53.1, 60.2, 54.5, 53.2, 53.5, at 6
# 55.0, 62.3, 52.8, 54.8, 54.8 (the Project bought in about 1,100 and 500 of 2,000 games; at 5, 750)
_ON_ACTIONS = re.compile(r"\+1 Action\b|gain an Action card|If it's an Action|Action cards with")
_ON_TRASHING = re.compile(r"When you trash a card other than")
MANY_ACTIONS = 5
# A Project that works on the deck's better cards: a Buy for the coins left over, Coppers swapped
# for other cards, the best card put on top at each shuffle. Early, in a deck of Coppers and
# Silvers, it has little to work on and takes a Silver's place: bought only once the deck has a
# Treasure worth 3 (a Gold). Forced, 2,000 games against main a run (seeds 11, 12), hard won Fair
# 53.8% and 53.1%, Silos 54.1 and 53.1, Star Chart 55.5 and 55.8, buying it in about half the
# games, not 9 in 10; never bought, 53.1, 53.3, 52.7 (seed 11). The same wait lost for the others:
# Pageant 35.6, City Gate 36.3, Sinister Plot 39.2, Crop Rotation 40.4, Canal 43.7, Citadel 45.2,
# Guildhall 47.5, Road Network 48.5, Exploration 51.9 (seed 11): each pays from the first turns.
# expert's plan card counts as Star Chart's card to put on top, as a Gold does (Plan.chart_focus):
# Star Chart forced, expert against main's expert (benchmarks/head_to_head.py 200 --level expert,
# seeds 11, 12): 51.7% +- 5.6 and 49.0% +- 6.0, Star Chart bought in 125 and 117 games of 200
# instead of 67 and 81: as many wins, and the Project in most games it is dealt into. Against hard,
# each of 100 such kingdoms' chosen plan on 40 games (as benchmarks/expert_choice.py run, paired):
# +1.29 +- 1.05 points (63.1% to 64.4%).
_ON_BETTER = re.compile(r"\+1 Buy\.|Coppers|When you shuffle")
# A junk card an Event removes from the hand for good (Banish) is missed on every shuffle
# still to come, about 3 while it is junk: judged once, as a trasher's single answer is, Banish
# was bought in 70 of 600 forced games; so judged, in 576, and hard won 64% of those 600 and 62%
# of 1200 more against the old judgement (at 1.5: 56%, 2: 62%, 4: 63%, 6: 59%)
SHUFFLES_LEFT = 3
# What a Horse handed to another player (Bargain's) takes from this one: little, it is one play
# of +2 Cards. At 0.5, hard bargained in 193 of 1200 forced games; at 0.2 in 328, and won 51% of
# 2400 against the old judgement (at 0.0: 51% of 1200, 453; at 1.1, our own Horse's worth: 49%)
HORSE_GIVEN = 0.2
# What the plan's own card (hard's "Big Money + X") is worth to a gain while the deck wants more
# copies and the coins cannot buy it: more than what 4 coins buy, so Bargain takes it at 5. Head
# to head against the judgement before, Bargain forced, 2,000 games: hard won 56.6% +- 1.6 and
# bargained in 1,248 games instead of 572 (seed 11), 56.4% +- 1.7, 1,260 instead of 581 (seed 12); at 3.5 50.4%, at 4
# 50.3%, at 6 55.8%, at 9 55.7%
PLANNED = 5.0
# The same for a gain in the Action phase (Way of the Rat's copy), where the coins are still to
# come: the plan's card, while the deck wants copies, is worth at least this. Way of the Rat
# forced, 2,000 games against main a run: at 3.0 hard won 50.7% +- 0.7 (seed 11) and 50.3% +- 0.7
# (seed 12), copying in 364 and 366 games instead of 186 and 222; at 4.0 50.3% and 49.4%, at 6.0
# 49.3% and 49.3% (773 and 798 games); at PLANNED, the Buy phase's worth, 49.7% and 49.0% (05cc744)
PLANNED_NOW = 3.0
# Transport exiling the plan's own Action while the deck wants 2 copies more: a copy bought ahead,
# home with the next one bought. Transport forced, 2,000 games against main a run: hard won 50.2%
# +- 1.4 and 50.9% +- 1.4 (seeds 11, 12), transporting in 1,008 and 927 games instead of 309 and
# 257; at 3.0 50.2% and 49.9% (562, 543 games), at 5.0 50.2% and 50.2% (1,061, 982)
PLANNED_TRANSPORT = 4.0
# Invest in the plan's own Action while the deck wants 2 copies more: a copy bought ahead, as
# Transport's, beside the cards drawn when the others gain it. Invest forced, 2,000 games against
# main a run: hard won 50.7% +- 1.4 and 50.2% +- 1.4 (seeds 11, 12), investing in 921 and 911
# games instead of 338 and 334 (at 2.0 50.6%, at 6.0 50.8%, seed 11); normal plays the same
# games; expert, 60 games: 56.7% +- 10.2, investing in 34 instead of 27; 4 forced games
# (benchmarks/landscape_usage.py): expert 1 instead of 0, hard 4. expert invests only with the
# coins short of its plan's card (its plan buys the card first), so seldom still
BANKED = PLANNED_TRANSPORT
EXILES_ACTION = "Exile an Action card from the Supply"  # Transport's text, by which it is judged
# What the Golds of an Event that pays per card gained (Commerce) beat the coins' buy by, over
# their traits' worth: a focus plan's bar is its best kingdom card, one it does not buy, where
# the plan buys a Silver with 5 coins. Commerce forced, 2,000 games against main a run: at 1.5 hard won 50.2% +- 0.4
# (seed 11) and 50.3% +- 0.3 (seed 12), buying it in 211 and 169 games instead of 23 and 12; at
# 1.0 50.1% and 50.2% (175, 141). Also buying the card first for it (gain_first) at +1.0 lost:
# 49.6% +- 0.8 and 50.0% +- 0.6. expert commerces as hard does: over 4 forced games
# (benchmarks/landscape_usage.py), in the one kingdom with a gain before the buy (Supplies' Horse),
# 6 times; in the others it never had a gain that turn, so Commerce would gain nothing
GOLD_OVER_BAR = 1.5
# "Gain a Horse and a card costing up to 4 coins" (Demand): a card of the player's choice
_GAINS_UP_TO = re.compile(r"Gain (?:an? \w+ and )?a card costing up to")
# "If you have 5 or fewer cards in play, gain 5 Horses onto your deck." (Stampede)
_HORSES_ONTO = re.compile(r"(\d+) or fewer cards in play, gain (\d+) Horses onto your deck")
# "Gain a Gold, setting it aside." (Reap): the card named
_GAINS_NAMED = re.compile(r"^Event\. Gain an? ([A-Z]\w+)[,.]")
# "While it is in Exile, when another player gains or Invests in a copy of it, +2 Cards."
_OTHERS_GAIN_DRAW = re.compile(r"when another player gains.*?\+(\d+) Cards?")
# "Gain a Gold. Exile a Duchy from the Supply." (Enclave): the named cards, nothing else
_NAMED = re.compile(r"^Event\. Gain an? ([A-Z]\w+)\. Exile an? ([A-Z]\w+) from the Supply\.$")


def owns_gold(p: Any) -> bool:
    """The deck has a Treasure worth a Gold's 3 coins or more (a Gold, a Stockpile)."""
    return any(c.is_("Treasure") and traits(c.defn).coins >= 3 for c in deck_cards(p))


class EventJudge:
    """Judgement read from an Event's text that the traits cannot hold."""

    plan: Plan  # Bot's knobs
    _probing = False  # buys_as_much is asking purchase what the coins buy: no Event weighs that
    _asked: tuple[Any, dict[Any, Any]] = (None, {})  # judgements kept for the question asked (`once`)

    def best_kingdom(self, game: Game, p: Any, coins: int) -> tuple[str | None, float]:
        raise NotImplementedError  # Bot's

    def focus(self, game: Game) -> Any:
        raise NotImplementedError  # Bot's

    def tuned_focus(self, game: Game) -> Any:
        raise NotImplementedError  # Bot's

    def buy_bar(self, p: Any, coins: int) -> float:
        raise NotImplementedError  # Bot's

    def coins_buy(self, game: Game, p: Any, coins: int | None = None) -> float:
        """What the coins in hand (3 to 7, or `coins`) would buy, as `purchase` buys: a kingdom
        card only when it clears `buy_bar`, as purchase asks, else a Silver's 2 or a Gold's 3. An
        Event must beat that, not a card never bought (Demand's Silver and Horse on the deck lost
        to a card judged 2.6 that lost to Silver). A focus plan keeps the kingdom's best card as
        the bar: its money beside the focus card lost to Events so judged (Demand won 45% of 200
        forced games, Transport 36%, against the old judgement; kept so, 51% and 56%). Late
        (Provinces down to the Duchy point), what 3 or 4 coins buy judged a Silver drawn once or
        twice more (1.0, or 0.5) lost: March, bought then to play an attack from the discard,
        forced, 2,000 games against main a run: hard won 49.5% +- 0.7 and 49.5% +- 0.6 (seeds
        11, 12), marching in 308 and 311 games instead of 107 and 92; Transport 49.0% +- 1.1."""
        coins = p.coins if coins is None else coins
        level = coins + price_cut(game)  # against Silver's and Gold's printed prices (Canal)
        money = 3.0 if level >= 6 else 2.0
        best, best_v = self.best_kingdom(game, p, coins)
        if best is None or self.focus(game) is not None:
            return max(money, best_v)
        return best_v if best_v >= self.buy_bar(p, level) else money

    def card_value(self, game: Game, d: Any) -> float:
        raise NotImplementedError  # Bot's

    def buy_value(self, game: Game, p: Any, d: Any, t: Any) -> float:
        raise NotImplementedError  # Bot's

    def purchase(self, game: Game, p: Any) -> str | None:
        raise NotImplementedError  # Bot's

    def buys_as_much(self, game: Game, p: Any, left: int) -> bool:
        """Whether the coins left after an Event still buy the card the coins buy now, Events
        aside: an Event that gives back the Buy it takes (Pursue) then costs only spare coins.
        Judged by coins' worth instead, Pursue took a Silver's place of a Gold (37% of 600
        forced games against the old judgement)."""
        if self._probing:
            return False
        now = self.bought_with(game, p, p.coins)
        if now is not None and game.cost(game.db[now]) > left:
            return False  # the coins left cannot pay for it: no need to ask what they buy
        return self.bought_with(game, p, left) == now

    def bought_with(self, game: Game, p: Any, coins: int) -> str | None:
        """What `purchase` buys with these coins, no Event weighed (None while asked already)."""
        if self._probing:
            return None
        return self.once(game, ("bought", p.index, coins), lambda: self.purchase_with(game, p, coins, events=False))

    def purchase_with(self, game: Game, p: Any, coins: int, events: bool = True) -> str | None:
        """What `purchase` buys with these coins instead of those in hand: they are set for the
        question and put back. events=False: no Event that gives back its Buy is weighed (the
        question `buys_as_much` asks, which must not ask itself again)."""
        have, probing = p.coins, self._probing
        self._probing = probing or not events
        try:
            p.coins = coins
            return self.purchase(game, p)
        finally:
            p.coins, self._probing = have, probing

    def once(self, game: Game, key: Any, work: Callable[[], T]) -> T:
        """`work` done once while one question is answered (nothing in the game changes until
        the answer), its result kept for the same key; done every time outside a question (a
        test or a hint may change the game between two calls)."""
        if game.waiting is None:
            return work()
        stamp = (id(game), len(game.answers), id(game.waiting))
        if self._asked[0] != stamp:
            self._asked = (stamp, {})
        seen = self._asked[1]
        if key not in seen:
            seen[key] = work()
        return seen[key]

    def coins_worth(self, game: Game, p: Any, coins: int) -> float:
        """What a buy with these coins is worth, on the scale Events are judged by: nothing
        under 3, what 3 to 7 buy (coins_buy), a Province's 6 at 8 or more (9 for one of the last
        2; 3.5 early, before a Gold, when it is little more than a Gold). Worked out once a question
        for these coins and those in hand (a third of the asks repeat one: each Event weighs it)."""
        if coins + price_cut(game) < 3:
            return 0.0
        return self.once(game, ("coins_worth", p.index, coins, p.coins), lambda: self._coins_worth(game, p, coins))

    def _coins_worth(self, game: Game, p: Any, coins: int) -> float:  # coins_worth's, 3 or more
        if coins + price_cut(game) < 8:
            return self.coins_buy(game, p, coins)
        if len(game.supply.get("Province", [])) <= 2:
            return 9.0
        if p.turns_taken <= 6 and not owns_gold(p):
            return 3.5
        return 6.0

    def gain_event_value(self, game: Game, p: Any, d: Any) -> float | None:
        """An Event that gains a named card and Exiles a Victory card from the Supply (Enclave):
        worth the card and the exiled card's points, which score outside the deck, each point
        judged as a Province's are at these coins. None for other Events. (Bargain judged as what
        5 coins buy, against what the coins buy, lost: 48% of 600 forced games against the old
        judgement when bought only for a kingdom card the coins cannot buy, 36% when for any.)"""
        m = _NAMED.match(d.text)
        if m and m.group(1) in game.db.defs and m.group(2) in game.db.defs:
            gained, exiled = game.db[m.group(1)], game.db[m.group(2)]
            points = (
                exiled.vp
                if exiled.is_("Victory") and exiled.name in game.supply and game.supply[exiled.name].cards
                else 0
            )
            # its points counted 1.2 times (outside the deck they clog no hand): hard took it over
            # every Province and lost, 48.5% +- 2.1 and 46.7% +- 1.9 of 2,000 forced games (seeds 11, 12)
            return self.gain_value(game, p, gained.name) + points * self.coins_worth(game, p, 8) / 6
        return None

    def gain_value(self, game: Game, p: Any, name: str) -> float:
        raise NotImplementedError  # Bot's

    def planned_gain(self, game: Game, p: Any, name: str, v: float) -> float:
        """A gain judged `v` by its traits, at least PLANNED when it is the plan's own card
        (hard's "Big Money + X"), the deck still wants copies and the coins cannot buy it: a
        gain (Bargain's card costing up to 5, with 4 coins) takes it before a card judged by
        traits alone, as the plan's buy would. Not for a card exiled (Transport, Camel Train)."""
        w = game.waiting
        if v >= PLANNED or game.current is not p or w is not None and w.topic == "exile_supply":
            return v  # exiled, not gained: planned_exile's rule (Transport, Camel Train)
        if game.phase != "buy":  # the coins are still to come (a Way of the Rat's copy)
            return max(v, PLANNED_NOW) if self.copies_wanted(game, p, name) else v
        had = p.coins + sum(game.cost(game.db[n]) for n in game.turn.bought_cards)
        if game.cost(game.db[name]) <= had:
            return v  # the coins before this turn's buys pay for it: the plan's buy decides
        return PLANNED if self.copies_wanted(game, p, name) else v

    def copies_wanted(self, game: Game, p: Any, name: str) -> bool:
        """The card is the plan's own (hard's "Big Money + X") and the deck has fewer copies
        than the plan wants."""
        return self.copies_short(game, p, name) > 0

    def copies_short(self, game: Game, p: Any, name: str) -> int:
        """The copies of the plan's own card (hard's "Big Money + X") the deck still lacks, those
        in Exile among them (they come home only with the next copy gained): 0 for any other card."""
        for n, count in self.focus(game) or ():
            if n == name:
                return max(0, count - sum(c.name == n for c in deck_cards(p)))
        return 0

    def planned_exile(self, game: Game, p: Any) -> str | None:
        """The plan's own Action to exile (Transport) while the deck wants 2 copies more than it
        has, those in Exile counted too: the next copy the plan buys brings them home, so the copy
        exiled and that buy are 2 copies. At 1 short (the deck's copies only, or with the exiled
        ones taken off) the plan buys one past its count: Transport forced, 2,000 games against
        main a run, hard won 49.3% +- 1.4 and 48.1% +- 1.5 (seeds 11, 12), 1,445 and 1,443 games."""
        for n, _ in self.focus(game) or ():
            z = game.supply.get(n)
            if z is None or not z.cards or not game.db[n].is_("Action"):
                continue
            if self.copies_short(game, p, n) - sum(c.name == n for c in p.exile.cards) >= 2:
                return n
        return None

    @staticmethod
    def per_gain_value(game: Game, p: Any, gold: float) -> float:
        """An Event that gains a card per differently named card gained this turn (Commerce):
        each worth `gold` (a gain's worth by its cost), and GOLD_OVER_BAR more once; nothing
        without a gain."""
        gained = len({c.name for q, c in game.turn.gained if q is p})
        return gold * gained + GOLD_OVER_BAR if gained else 0.0

    def same_buy(self, game: Game, p: Any, d: Any, coins: int) -> str | None:
        """The card these coins buy (Events aside), when an Event that gains a card of the
        player's choice (Demand) can gain it too, and its other gains take nothing from another
        player: bought so, the Event's extras come free, and its gain takes that card. Demand
        forced, 2,000 games against main a run: hard won 55.0% +- 1.5 (seed 11) and 52.0% +- 1.6
        (seed 12), demanding in 1,301 and 1,318 games instead of 576 and 614; normal 51.7% +- 1.6,
        1,309 instead of 963 (its gain judged by traits instead, hard 52.3% and 51.7%, normal
        49.8%). Judged by its traits alone (the card up to 4, the Horse, more for the cards onto
        the deck), more Demand lost: at +0.5 for the deck hard won 47.2% +- 2.2 of 1,000, at +1 39.8%."""
        if not _GAINS_UP_TO.search(d.text) or "other player" in d.text:
            return None
        now = self.bought_with(game, p, coins)
        if now is None or now not in game.supply or game.db[now].kind == "event":
            return None
        if game.db[now].is_("Victory") or game.cost(game.db[now]) > traits(d).gain_up_to:
            return None
        return now

    def named_same_buy(self, game: Game, p: Any, d: Any) -> bool:
        """An Event that gains a named card (Reap's Gold) that the coins buy anyway (bought_with),
        and takes nothing from another player: bought so, what it does besides comes free. Reap
        so judged (the Gold the coins buy, played next turn besides), forced, 2,000 games against
        main a run: hard won 51.3% +- 0.9 and 52.4% +- 0.8 (seeds 11, 12), reaping in 1,539 and
        1,528 games instead of 1,256 and 1,268; normal plays the same games. expert, 60 games:
        52.5% +- 9.2, reaping in 51 instead of 41; 4 forced games (landscape_usage.py): expert 1,
        hard 2, as before (expert's plans seldom have 7 coins with nothing of the plan to buy)."""
        m = _GAINS_NAMED.match(d.text)
        if m is None or "other player" in d.text:
            return False
        return self.bought_with(game, p, p.coins) == m.group(1)

    def gained_instead(self, game: Game, p: Any, name: str) -> bool:
        """The gain of an Event just bought for the card the coins bought (same_buy)."""
        bought = game.turn.bought_cards
        ev = game.db.defs.get(bought[-1]) if bought else None
        if ev is None or ev.kind != "event" or game.current is not p or game.phase != "buy":
            return False
        return self.same_buy(game, p, ev, p.coins + game.cost(ev)) == name

    @staticmethod
    def populate_value(game: Game, p: Any, d: Any) -> float:
        """An Event that gains one card from each Action Supply pile (Populate): worth more than
        a Province (7) only while none is taken; after that a money deck is crowded by the
        Actions it brings. Head to head against the judgement before (7 until 2 were taken),
        Populate forced, 2,000 games a run: hard won 51.5% +- 0.9 (seed 11) and 51.6% +- 0.9
        (seed 12), buying it in 151 and 156 games instead of 348 and 350; never buying it won
        51.5% and 52.2%, and judging it by what its Actions add to a turn's coins in the deck
        model (deckmodel.Deck, in Golds) 51.4% and 51.9%, bought in 18 and 14 games: whatever it
        brings early, at 7 Provinces left it loses. Late it brings no points (no Action in
        these sets is a Victory card): it pays only as the buy that empties a third pile with
        this player ahead, which expert's winning_end finds by what it gains (endgame.text_gains).
        expert's money plans reach 10 coins only once a Province is gone: over 4 forced games
        (benchmarks/landscape_usage.py) it weighed Populate 17 times, never with the pile whole;
        over the 7 random deals of simulate --bots expert,hard --seed 1 (games 75, 78, 137, 166,
        190, 258, 309) it had 10 coins or more 9 times, never with the pile whole (at best 7
        left, game 258 turn 11, a money plan of 2 Old Witches). Lost: each Action
        judged as a gain to the deck (gain_value, each terminal crowding the next), hard won
        46.4% +- 1.3 of 2,000 forced games (seed 11), buying it in 597 instead of 145; 7 while
        at most 1 Province is taken, 49.0% +- 0.9 (seed 11), 348 instead of 151."""
        province = game.db.defs.get("Province")
        pile = game.supply.get("Province")
        whole = (
            province is not None
            and pile is not None
            and len(pile.cards) >= game.db.pile_size(province, len(game.players))
        )
        return 7.0 if whole else 0.0

    def stampede_value(self, game: Game, p: Any, d: Any) -> float:
        """An Event that gains Horses onto the deck while few cards are in play (Stampede):
        the next hand is those Horses, each drawing 2, so the next turn has twice a hand's
        cards; judged as what twice a hand's coins buy over what one hand's buy, a hand's coins
        being 5 times the money per card in the deck (what the Horses add is the extra hand they
        bring forward, under the same Buy). Stampede forced, 2,000 games against main's 5 Horses
        at 0.8 each while more than 4 Provinces are left: hard won 64.2% +- 1.6 and 65.6% +- 1.7
        (seeds 11, 12), stampeding in 837 and 806 games instead of 1,204 (main bought it with 8
        coins before a Gold, and with too little money drawn for 10 cards to reach a Province);
        normal 65.6% +- 1.9 (seed 11); at 1.0 more 63.6%, at 1.0 less 63.1%; never bought 58.6%.
        expert, 60 games: 55.8% +- 11.2; 4 forced games (landscape_usage.py): expert 1 (was 0),
        hard 1 (was 2)."""
        m = _HORSES_ONTO.search(d.text)
        if m is None or len(p.in_play.cards) > int(m.group(1)):
            return 0.0
        per = treasure_density(deck_cards(p))
        drawn = 2 * int(m.group(2))
        return self.coins_worth(game, p, round(drawn * per)) - self.coins_worth(game, p, round(5 * per))

    @staticmethod
    def others_gain_draw(d: Any) -> int:
        """The cards an Event draws each time another player gains its exiled card (Invest)."""
        m = _OTHERS_GAIN_DRAW.search(d.text)
        return int(m.group(1)) if m else 0

    def others_will_gain(self, game: Game, p: Any) -> tuple[str | None, float]:
        """The Supply Action the other players will gain most often from now on, and how many:
        a card they collect (2 copies or more) as many more times as they have, less as the
        Provinces run out, never more than the pile holds. One copy says little: a money deck
        buys its one support card and stops. A player with a plan here (hard, expert) expects
        the others to follow the same plan (`planned_by_others`): its card up to its count."""
        best, best_n = None, 0.0
        for n, coming in sorted(self.others_coming(game, p).items()):
            if coming > best_n:
                best, best_n = n, coming
        return best, best_n

    def others_coming(self, game: Game, p: Any) -> dict[str, float]:
        """Each Supply Action's copies the other players are expected to gain (others_will_gain)."""
        others = [o for o in game.players if o is not p]
        late = len(game.supply.get("Province", [])) / 8
        planned = self.planned_by_others(game)
        owned: dict[str, int] = {}
        recent = set()  # gained by another player in their last turn: still collecting it
        # their copies in Exile counted too (deck_cards for them lost: Invest forced, hard 49.6% +- 0.3
        # and 49.5% +- 0.4 of 2,000 games against dab8230, seeds 11, 12)
        for o in others:
            for n, k in name_counts(o.all_cards()).items():
                owned[n] = owned.get(n, 0) + k
            last = game.last_turn.get(o.index)
            recent |= {c.name for q, c in last.gained if q is o} if last else set()
        out = {}
        for n, z in game.supply.items():
            d = game.db[n]
            if not z.cards or d.kind != "kingdom" or not d.is_("Action"):
                continue
            if any(c.name == n for c in p.exile.cards):
                continue  # Invested in already: it pays on the same gains
            coming = 0.0
            if owned.get(n, 0) >= MIN_COPIES and n in recent:
                coming = owned[n] * late * PACE
            if n in planned:  # each other player's copies still to come
                mine = [sum(c.name == n for c in o.all_cards()) for o in others]
                coming = max(coming, float(sum(max(0, planned[n] - k) for k in mine)))
            out[n] = min(len(z.cards) - 1, coming)
        return out

    def invest_choice(self, game: Game, p: Any, d: Any) -> tuple[str | None, float]:
        """The Action to Invest in and its worth: the cards drawn for the copies the others
        are expected to gain (0.9 a card), or the plan's own Action while the deck wants 2
        copies more (planned_exile), its draws and a copy bought ahead, home with the next one
        gained (BANKED), when that is worth more."""
        draw = 0.9 * self.others_gain_draw(d)
        best, coming = self.others_will_gain(game, p)
        value = draw * coming
        own = self.planned_exile(game, p)
        if own is not None:
            mine = draw * self.others_coming(game, p).get(own, 0.0) + BANKED
            if mine > value:
                return own, mine
        return best, value

    def planned_by_others(self, game: Game) -> dict[str, int]:
        """The card the others' plan collects and its count, as this player's own plan would
        pick it (the kingdom's best tuned "Big Money + X" card, rated at least its focus_min):
        nothing for a player with no such plan (normal), whose opponents follow none either.
        Invest forced, 2,000 games against main a run: so expected, hard won 50.6% +- 0.7 (seed
        11) and 51.3% +- 0.8 (seed 12), investing in 409 and 424 games instead of 279 and 259;
        normal plays the same games; expected by normal too, normal won 42.5% +- 1.5. expert,
        60 games against main's: 53.3% +- 6.5, investing in 26 instead of 19. Against hard,
        expert seldom invests, and rightly: hard collects its card to its tuned count (1 to 3), 2
        to 4 cards drawn for a buy, judged 3.6 against a focus plan's bar of 3.5 to 3.8 (the
        kingdom's best card); hard invests against expert, whose plans take 3 to 5 copies (4
        forced games, benchmarks/landscape_usage.py: expert 0, hard 3). Invest judged against plain
        money instead (2 coins' Silver, a Gold at 6) lost: hard won 45.6% +- 1.4 and 48.4% +- 1.5
        of 2,000 forced games (seeds 11, 12), investing in 1,022 and 997 instead of 304 and 323."""
        return dict(self.tuned_focus(game) or ())

    def invest_value(self, game: Game, p: Any, d: Any) -> float:
        """Invest: the cards drawn each time another player gains the exiled Action, judged
        as card draw (0.9 a card), for the copies they are expected to gain (invest_choice)."""
        return self.invest_choice(game, p, d)[1]

    def project_value(self, game: Game, p: Any, d: Any, cost: int) -> float:
        """A Project lasts all game: early, it is worth more than the card its price buys."""
        provinces = len(game.supply.get("Province", []))
        if "trash a card" in d.text and not d.text.startswith("Project. When"):
            # Cathedral: a forced trash every turn. It lost in money decks of Coppers and Estates,
            # and won where junk keeps coming, Curses handed out by the other's attacks, in a
            # deck of money and a focus card (300 forced kingdoms both seats, against hard: 56%
            # of games, 52% never bought); normal's deck of many kingdom cards lost with it (40%)
            cursed = any(c.name == "Curse" for c in deck_cards(p)) or any(
                c.is_("Attack") and "Curse" in c.defn.text for o in game.players if o is not p for c in deck_cards(o)
            )
            lean = self.focus(game) is not None
            return 9.0 if cursed and lean and provinces > 5 and game.supply["Curse"].cards else 0.0
        if traits(d).extra_turn:
            # Fleet: one turn more at the end buys about a Duchy, what its price buys late; early it
            # takes a Gold's place. So it is bought instead of a Duchy with the last Province left
            # (Bot.extra_turn). Forced, 2,000 games against main (seed 11): hard won 57.2%, normal
            # 59.2%; never bought 59.6% and 61.5%; with 5 Provinces left or fewer (as an extra-turn
            # Event) 55.3% and 57.2%, 3 or fewer 53.6% and 57.9%
            return 0.0
        if provinces <= 5 or p.coins - cost > 1 or not self.has_work_for(game, p, d):
            return 0.0
        if cost >= 8:
            return 6.5 if p.turns_taken <= 10 else 0.0
        return 9.0 if p.turns_taken <= 12 else 0.0  # it lasts: beats the card its price buys

    def has_work_for(self, game: Game, p: Any, d: Any) -> bool:
        """Whether this deck gives a Project's lasting effect something to work on: Actions past
        the first each turn, or gained (Barracks, Academy, Innovation, Piazza, Capitalism), need a
        deck of many Actions; another card's trash (Sewers) needs a card that trashes; a Buy,
        Coppers swapped, the best card on top (Fair, Silos, Star Chart) need a Gold."""
        if _ON_ACTIONS.search(d.text):
            wanted = sum(self.copies_short(game, p, n) for n, _ in self.focus(game) or ())
            return sum(c.is_("Action") for c in deck_cards(p)) + wanted >= MANY_ACTIONS
        if _ON_TRASHING.search(d.text):
            return any(traits(c.defn).trashes for c in deck_cards(p))
        if _ON_BETTER.search(d.text):
            return owns_gold(p) or (self.plan.chart_focus and "When you shuffle" in d.text and self.owns_focus(game, p))
        return True  # the deck is not read for the Projects that need nothing of it

    def owns_focus(self, game: Game, p: Any) -> bool:
        """The deck holds a copy of the plan's own card."""
        planned = {n for n, _ in self.focus(game) or ()}
        return any(c.name in planned for c in deck_cards(p))

    def transport_value(self, game: Game, p: Any, d: Any) -> float:
        """Transport: an exiled Action put onto the deck, else a copy of the best Action exiled.
        A copy waits in Exile, less than a card until the next copy gained or the next Transport
        brings it whole onto the deck. Judged 0.8 of a card at once, it lost (normal 38% of 200
        forced games once weighed against the coins' real buy); at 0.65, normal won 52% and hard
        56% of 900 against the old judgement (at 0.5 hard never bought it; against it, at 0.8 hard
        won 47.6% +- 1.6 of 1,000, at 1.0 39.6% +- 2.7, and worth 2.5 for the plan's own card
        exiled 49.3% +- 0.6 of 2,000). expert, 4 forced games (benchmarks/landscape_usage.py):
        2.43 against its focus plans' bar, the best card the coins reach (2.4 to 4.6), so it
        transported in 1, hard in 2."""
        exiled = [c for c in p.exile.cards if c.is_("Action")]
        if exiled and "Action card you have in Exile" in d.text:
            return 0.8 * max(self.card_value(game, c.defn) for c in exiled)
        if self.planned_exile(game, p) is not None:
            return PLANNED_TRANSPORT
        best = max(
            (
                self.buy_value(game, p, game.db[n], traits(game.db[n]))
                for n, z in game.supply.items()
                if z.cards and game.db[n].kind == "kingdom" and game.db[n].is_("Action")
            ),
            default=0.0,
        )
        return 0.65 * best - 0.3

    @staticmethod
    def asking_event(game: Game) -> Any:
        """The Event just bought: an Exile question in the Buy phase is its own (Invest,
        Transport), not a card's (Camel Train's, played in the Action phase)."""
        bought = game.turn.bought_cards
        ev = game.db.defs.get(bought[-1]) if bought else None
        return ev if ev is not None and ev.kind == "event" else None

    def answer_transport(self, game: Game, d: Any) -> list[int] | None:
        """Transport's and Camel Train's question: the plan's own Action while the deck wants 2
        copies more (planned_exile); not another Event's (Invest's)."""
        ev = self.asking_event(game)
        if ev is not None and EXILES_ACTION not in ev.text:
            return None
        labels = [o.label for o in d.options]
        name = self.planned_exile(game, d.player)
        return [labels.index(name)] if name in labels else None

    def answer_invest(self, game: Game, d: Any) -> list[int] | None:
        """The option the other players will gain most often, when there is one."""
        ev = self.asking_event(game)
        if ev is None or not self.others_gain_draw(ev):
            return None
        best, _ = self.invest_choice(game, d.player, ev)
        labels = [o.label for o in d.options]
        return [labels.index(best)] if best in labels else None
