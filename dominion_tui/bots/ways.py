"""The bots' judgement of Ways: which Way (or the card's own text) to play an Action with, the
order of plays that lets a Way on a weak card give the Actions for a strong one, and what a
Way makes of any Action when buying."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from math import comb
from typing import Any

from ..core.decisions import Decision
from ..core.game import Game
from .simple import hand_coins
from .traits import Traits, drawn_now, gain_worth, is_junk, is_terminal, traits

# Checked by rollouts (benchmarks/rollouts.py 300 48 chosen=FILE --topic way: expert's chosen plans
# against hard, 1,100 other answers to its Way questions in the kingdoms with a Way, the rest of
# each game replayed 48 times): a Way in place of the card's own text lost for every Way, from Owl -0.006 +-
# 0.044 and Chameleon -0.007 +- 0.049 to Mole -0.102, Horse -0.107, Pig -0.134, Monkey -0.205 (95%);
# the card's own text in place of the Way expert used, nothing beyond chance (Chameleon +0.050 +-
# 0.103 of 17). A Way used in few of its games is used rightly so.

# Way of the Rat's copy, in the coins of this turn's buy the Way options are judged in, per unit
# of its gain judgement. Head to head against 0.8 with a Copper only (2,000 games, seeds 11/12):
# 1.0 won 49.8%/49.6% and used the Rat in 181/217 games (old 155/190); 1.4 won 49.7%/48.7%
# (347/376 games), 2.0 47.5%, 2.5 45.5% (1,384 games): more copies than that lost; none (0.0)
# lost too, 48.8% +- 0.9 of 2,000 forced games against main (107 games instead of 368). expert
# uses it as rarely, and rightly: over 10 forced kingdoms against hard it was asked 152 times,
# and its plan still wanted a copy of the card played only 6 times (a money plan buys its 1 to
# 3 copies in the first shuffles), copying once where the card's own play was worth less.
COPY_WORTH = 1.0
# The prices a spare Treasure's coins must not take the hand below: Silver, Gold, Province. Its
# coins counted as lost only there, for the plan's own card while the deck wants copies (Way of
# the Rat forced, 2,000 games against main a run: hard won 49.8% +- 0.6 and 49.7% +- 0.7, seeds
# 11, 12, copying in 472 and 467 games instead of 358 and 369; expert 51.7% +- 7.4 and 50.8% +- 5.0
# of 60 games, seeds 11, 12, copying in 24 and 25 instead of 15 and 19)
SPARE_AT = (3, 6, 8)
# What a Way must do beyond the card's own text to be played instead, for what the traits do not
# read of that text; none when the text does nothing this turn (its coins past a Province with one
# Buy, a draw from an empty deck): then any Way that does something. Way of the Worm forced,
# 2,000 games against the margin always (hard): 50.1% +- 0.4 and 50.1% +- 0.4 (seeds 11, 12), the
# Worm in 531 and 582 games instead of 483 and 534; normal 49.2% +- 0.7, 50.2% +- 0.6, 50.1% +- 0.5,
# 50.1% +- 0.7 (seeds 11 to 14); Sheep, Turtle, Goat, Camel unchanged (50.0% to 50.1%). No margin at
# all lost: Sheep forced, hard 48.5% +- 0.8 (seed 11), 0.1 49.1% +- 0.7; 0.5 50.0% +- 1.0 with fewer uses.
# Nor did counting the Actions a terminal draws as dead (no Action left to play them) move anything:
# Sheep 49.6% +- 0.4 / 50.3% +- 0.4, Otter 50.0% +- 0.4 / 50.2% +- 0.3 (seeds 11, 12), as many uses.
WAY_MARGIN = 0.25
# The card a Way question is about, from its prompt (core/turns.py _choose_way): compiled once
_PLAYED = re.compile(r"(?:Play (.+) normally|(.+) reacts:|.+ plays (.+): normally)")


def draws(coins: list[int], deck: int, k: int) -> dict[int, float]:
    """The coins of k cards drawn: their chances, the deck's cards first (all of them when it
    has no more than k), then the rest from the whole pile as if shuffled. `coins`: each card's
    coins (0 for a non-Treasure), the deck's cards then the discard pile's, in order."""
    if k <= 0:
        return {0: 1.0}  # nothing drawn: most cards' own text (asked at every Action played)
    # Kept by the pile's coins (42% of the asks repeat one), it cost more than it saved: 180,883
    # valgrind instructions a question against 180,406 (every candidate's games in 4 random kingdoms)
    sure = sum(coins[:deck]) if deck <= k else 0
    rest, k = (coins[deck:], k - deck) if deck <= k else (coins[:deck], k)
    k = min(k, len(rest))
    ways: dict[tuple[int, int], int] = {(0, 0): 1}  # (cards taken, coins) -> ways to draw them
    for v in set(rest):
        n = rest.count(v)
        nxt: dict[tuple[int, int], int] = {}
        for (taken, s), w in ways.items():
            for j in range(min(n, k - taken) + 1):
                key = (taken + j, s + j * v)
                nxt[key] = nxt.get(key, 0) + w * comb(n, j)
        ways = nxt
    total = comb(len(rest), k)
    return {sure + s: w / total for (taken, s), w in ways.items() if taken == k}


@dataclass(frozen=True)
class Hand:
    """What every option on one card is judged against, worked out once: the hand left once it
    is played, its coins, whether the game is late, the Treasures' coins per card still to draw,
    how an option's traits are judged (`worth`), and the card's own text on a turn to come."""

    cards: list[Any]
    money: int
    late: bool
    coin_density: float
    worth: Callable[..., float]
    later: float


class WayJudge:
    """Mixed into Bot: the Ways judged by the same card traits as everything else."""

    def card_value(self, game: Game, d: Any) -> float:  # Bot's judgement of one more copy
        raise NotImplementedError

    def gain_value(self, game: Game, p: Any, name: str) -> float:  # Bot's judgement of a card gained
        raise NotImplementedError

    # EventJudge's (the plan's own card, copies still wanted): declared only, as a method here
    # would come first in Bot's order and hide it
    copies_wanted: Callable[[Game, Any, str], bool]
    # Bot's (an Action an Event plays after a buy: what still counts of it), declared only too
    played_after_buying: Callable[[Game, Any, Any, int], float]

    def way_first(self, game: Game, p: Any, names: set[str]) -> str | None:
        """The last Action, only terminals in hand and a Way that gives +Actions (Ox, Mule...):
        the weakest terminal first with the Way, when what then plays (the Way's own gain and
        the best terminals its Actions allow) beats the best terminal played alone: so +2
        Actions needs two more terminals, or one that draws and may find another.
        Why expert used Way of the Ox in none of its 5 kingdoms of `simulate --seed 1` (266, 282,
        322, 338, 393): its money plans held two terminals with the last Action in 0 to 3 turns a
        game, each time two Treasurers, where the Way on one plays the other: one effect, as
        without it. Nor does a plan of more terminal copies pay for it: Ox forced in the kingdoms of
        a terminal best card (2,154 games against hard), the tuned count 49.5%, one more 52.1% (a
        candidate already), two more 50.1%; with the landscapes dealt 50.0%, 51.0%, 47.4%."""
        ways = [w for w in game.landscapes if w.kind == "way" and traits(w).actions]
        acts = [c for c in p.hand.cards if c.is_("Action") and c.name in names]
        if p.actions != 1 or not ways or len(acts) < 2:
            return None
        if any(not is_terminal(traits(c.defn), c.defn) for c in acts):
            return None
        weakest = min(acts, key=lambda c: (self.card_value(game, c.defn), c.name))
        rest = list(p.hand.cards)
        rest.remove(weakest)
        others = [c for c in rest if c.is_("Action")]
        values = self.way_values(game, p, weakest.defn, [None, *ways], rest, 0)
        best = max(others, key=lambda c: self.card_value(game, c.defn))
        alone = self.card_value(game, best.defn)
        # an Action to spare after the others: for what the best draws (a terminal it finds)
        spare = 0.5 if drawn_now(traits(best.defn)) and max(traits(w).actions for w in ways) > len(others) else 0.0
        # (a margin of 0 instead of 0.25 changed no game: Way of the Ox forced, 2,000 a run, seeds 11, 12)
        return weakest.name if max(values[1:]) + spare > max(values[0], alone) + 0.25 else None

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
        values = self.way_values(game, p, card, ways, hand, actions)
        best, best_v = 0, values[0] + (WAY_MARGIN if values[0] > 0 else 0.0)
        for i, v in enumerate(values):
            if i and v > best_v:
                best, best_v = i, v
        return best

    def answer_play(self, game: Game, d: Decision) -> list[int]:
        """The Action to play (Scepter's replay, Mastermind's, Toil's, March's): the one whose own
        text does most now, judged as a Way's options are; the first offered on a tie."""
        cards, p = [o.value for o in d.options], d.player
        if not cards:
            return []
        if game.phase == "buy" and game.turn.bought_in_phase:  # Toil, March: no Treasure plays after a buy,
            # so what the Action draws does nothing; judged as the Event was (its Buy already taken)
            values = [self.played_after_buying(game, p, c.defn, 1) for c in cards]
        else:
            values = [self.play_now(game, p, c)[0] for c in cards]
        return [max(range(len(cards)), key=lambda i: (values[i], -i))]

    def replay_or_coins(self, game: Game, d: Decision) -> list[int]:
        """Scepter's modes: replay (1) when an Action it may replay does more now played again
        than the 2 coins (0) do: one played this turn by this player and still in play, as the
        card's own list has it (not a Black Cat played on another's turn, in play till Clean-up)."""
        p, coins = d.player, Traits(coins=2)
        mine = game.played_by(p)
        played = [c for c in p.in_play.cards if c in mine and game.is_(c, "Action") and not game.is_(c, "Command")]
        return [1] if any(own > two for own, two in (self.play_now(game, p, c, coins) for c in played)) else [0]

    def play_now(self, game: Game, p: Any, card: Any, *instead: Traits) -> list[float]:
        """What playing this card (from the hand or again from play) does now, and each of
        `instead` (what another mode gives: Scepter's +2 coins). In the Buy phase no Action left
        in hand can be played, so +Actions are worth nothing there and the hand's Actions wait for none."""
        buy = game.phase == "buy"
        hand = [c for c in p.hand.cards if c is not card and not (buy and c.is_("Action"))]
        return self.way_values(game, p, card.defn, [None, *instead], hand, 0 if buy else p.actions)

    def way_values(self, game: Game, p: Any, card: Any, ways: list[Any], hand: list[Any], actions: int) -> list[float]:
        """What each option (None: the card's own text, Traits: what they give, else a Way) does
        this turn, in coins of judgement: what the coins it makes or draws add to what this hand
        buys (nothing past a Province with one Buy), the Actions it lets play, and what else it does."""
        # what +Actions would let play: the Actions in hand, best first (they are dead otherwise)
        waiting = sorted((self.card_value(game, c.defn) for c in hand if c.is_("Action")), reverse=True)
        pile = p.deck.cards + p.discard.cards
        drawable = len(pile)
        actions_in = 0.3 * sum(c.is_("Action") for c in pile) / max(1, drawable)
        coins = [traits(c.defn).coins if c.is_("Treasure") else 0 for c in pile]  # once, for every draw judged
        coin_density = sum(coins) / max(1, drawable)
        hand_money = hand_coins(p, hand)
        late = len(game.supply.get("Province", [])) <= 4
        junk = max(
            (2.5 if c.name == "Curse" else 1.5 if c.name == "Estate" else 0.7 for c in hand if is_junk(game, c.name)),
            default=0.0,
        )
        chances: dict[int, dict[int, float]] = {}

        # the step at a Province is what it buys: its points over the Gold that 7 coins buy (a
        # step of 1 let Way of the Rat discard the Copper that made a Province; the Gold's step
        # valued the same way, a Gold over a Silver, measured no better than 0.5)
        province_step = max(1.0, game.db["Province"].vp - self.card_value(game, game.db["Gold"]))

        def spend(m: int, buys: int) -> float:
            """What m coins are worth to this turn's buys: each coin up to a Province, less past
            it (only with a second Buy), and a step at the Gold (a Duchy late) and the Province."""
            v = min(m, 8) + (0.6 * min(m - 8, 8) if buys > 1 and m > 8 else 0)
            return v + (0.5 if m >= (5 if late else 6) else 0) + (province_step if m >= 8 else 0)

        def odds(cards: int) -> tuple[int, dict[int, float]]:
            """The cards that can be drawn of these, and the chances of their coins."""
            k = min(cards, drawable)
            if k not in chances:
                chances[k] = draws(coins, len(p.deck.cards), k)
            return k, chances[k]

        def money(coins: int, cards: int, base: int, buys: int) -> float:
            k, odd = odds(cards)
            got = sum(w * spend(base + coins + s, buys) for s, w in odd.items())
            return got + actions_in * k - spend(hand_money, p.buys)

        def drawn(cards: int) -> float:
            """The coins of the very cards drawn now, at their average: a card deferred draws
            on a turn to come, but the next hand then holds these same cards (it is drawn
            first), so deferring only moves them to that turn."""
            k, odd = odds(cards)
            return sum(s * w for s, w in odd.items()) + actions_in * k

        def worth(t: Traits, discards: bool = False, later: bool = False) -> float:
            """discards: the hand is discarded first, its Treasures and the Actions the Actions
            left would play; later: on a turn to come, its coins and the cards drawn now, at their average."""
            base = p.coins if discards else hand_money
            if discards:
                more = 0.2 * t.actions - sum(waiting[:actions])
            elif actions == 0 and not later:
                # with Actions left, the Actions in hand past those they play (waiting[actions:
                # actions + t.actions], 0.2 each at least) lost: Ox forced, 2,000 games, normal 49.7%
                # +- 0.5 (seed 11); hard played the same games (seeds 11, 12; with Mountain Village too)
                more = sum(waiting[: t.actions])
            else:
                more = 0.2 * t.actions
            cards = drawn_now(t)
            gets = t.coins + drawn(cards) if later else money(t.coins, cards, base, p.buys + t.buys)
            return gets + more + 0.3 * t.buys + 0.5 * t.horses + (junk if t.trashes or t.exiles else 0)

        ct = traits(card)
        my_turn = game.current is p
        # an attack "if it is not your turn" hits no one on its owner's turn
        attack = 1.5 if ct.attack else 0.0
        own_turn_attack = 0.0 if ct.off_turn_attack else attack
        rest = (
            (attack if not my_turn else own_turn_attack)
            + 0.5 * ct.coffers
            + (max(1.5, 0.6 * gain_worth(ct.gain_up_to)) if ct.gains else 0)
            + 0.7 * ct.villagers
        )
        own = worth(ct, ct.discards_hand) + rest
        # the same text on this player's next turn (Turtle); off its turn, what the card's own
        # text draws now already comes in that turn's hand: waiting only loses the attack
        later = worth(ct, later=True) + rest if my_turn else own - attack + own_turn_attack
        h = Hand(hand, hand_money, late, coin_density, worth, later)
        return [
            own if w is None else worth(w) if isinstance(w, Traits) else self.way_value(game, p, card, w, h)
            for w in ways
        ]

    def way_value(self, game: Game, p: Any, card: Any, w: Any, h: Hand) -> float:
        """One Way's worth on this card: its traits, read as the other options are, and what
        its text does besides (a card set aside, upgraded, put back on the deck...)."""
        t, text, ct = traits(w), w.text, traits(card)
        hand, late, worth = h.cards, h.late, h.worth
        if "Draw until you have 6" in text:  # Owl: as many cards as the hand lacks
            t = replace(t, cards=max(0, 6 - len(hand)))
        v = worth(t)
        # a card that returns to its pile (a Horse) is kept by a Way that leaves it in play: a
        # draw to come. Not by the Turtle nor the Frog, which only move its own play (and its
        # return) to the next turn: counted as lost by its own text instead, that loss let any
        # Way beat a Horse's draw (its own text's value then below 0, and no WAY_MARGIN)
        if ct.returns and not t.returns and not t.next_turn:
            v += 1.0
        if t.returns:  # Horse: the card goes back; little loss late or for a cheap card
            v -= 0.3 if late else 0.6 * self.card_value(game, card)
        if t.gain_up_to:  # Camel: a Gold waits in Exile for the next Gold gained; worth
            # 2.4 (used in a fifth of 400 forced games, 51% against hard; 1.9: 5%, 50%); not
            # late, nor from a hand that buys a Province: such a deck gains few Golds more
            v += 0 if late or h.money >= 8 else 2.4
        if t.discards_hand:  # Mole: a fresh hand of 3 for this one
            v = worth(replace(t, cards=3), discards=True)
        if "each +Cards gives" in text:  # Chameleon: cards and coins swap
            v = worth(Traits(cards=ct.coins, coins=ct.cards, actions=ct.actions, buys=ct.buys))
        elif t.plays and w.name in game.set_aside_for:  # Mouse: the set-aside card
            aside = game.set_aside_for.get(w.name)
            # an attack only "if it is not your turn" attacks no one when played this way; and
            # a card played as another only when clearly better (a listener hears every Way)
            hits = aside is not None and traits(aside.defn).attack and not traits(aside.defn).off_turn_attack
            v = (
                worth(traits(aside.defn))
                + 0.7 * traits(aside.defn).villagers
                - 0.5
                + (1.5 if hits or traits(aside.defn).gains else 0)
                if aside
                else 0
            )
        elif t.next_turn and t.plays:  # Turtle: its whole text next turn, when wasted now
            v = 0.9 * h.later
        elif t.upgrade:  # Butterfly: a card costing 1 more, a Silver or a Gold too
            v = self.upgrade_value(game, card, t.upgrade, late) - self.card_value(game, card)
        elif "Exile an Estate" in text:  # Worm: each Estate comes home with the next, a point;
            # early a third of that (the next Estate gained may never come): against 0.2, Worm
            # forced, 2,000 games (hard) 50.3% +- 0.6 and 50.5% +- 0.6 (seeds 11, 12), the Worm in
            # 637 and 662 games instead of 526 and 581; normal 50.4% +- 0.9, 50.5% +- 0.9; 1.0
            # early won as much (50.4%, 50.4%) for few more uses (663, 678)
            v = 1.5 if late else 0.5
        elif "discard a Treasure to gain a copy" in text:  # Rat
            v = self.copy_for_treasure(game, p, card, h)
        elif "when you gain a card, you may put it onto your deck" in text:  # Seal: the card
            # bought comes in the next hand, unless it is a Province. Half a Gold's 3 coins (a
            # Silver's 2) over the deck's coins a card instead of 0.4 lost: Seal forced, 2,000 games
            # against 01d3027 (hard), 49.4% +- 1.0 and 49.1% +- 1.0 (seeds 11, 12), used in 664 and
            # 644 games instead of 584 and 570
            v += 0.4 if h.money < 7 else 0
        elif t.next_turn:  # Frog: back on top, in the next hand; for a
            # strong card only. A floor of 0.3 (any card) lost for normal: Frog forced, 2,000 games
            # against main, 49.2% +- 1.7 and 48.5% +- 1.8 (seeds 11, 12); hard 52.2%, 50.9%
            v += max(0.0, 0.6 * self.card_value(game, card) - 1.0)
        elif "at the end of this turn" in text:  # Squirrel: the cards come for next turn
            v = t.cards * h.coin_density
        return v

    def copy_for_treasure(self, game: Game, p: Any, card: Any, h: Hand) -> float:
        """Way of the Rat: a copy of this card, judged as gaining it is (its buy's worth, less
        for copies and crowded terminals), for the coins of the cheapest Treasure in hand this
        turn (from a hand of 8, the Province they cost). Not late: a copy then plays too few
        times. The plan's own card while the deck wants copies: for a spare Treasure, one whose
        coins reach no price the hand would reach (SPARE_AT), nothing."""
        coins = [traits(c.defn).coins for c in h.cards if c.is_("Treasure")]
        pile = game.supply.get(card.name)
        if not coins or h.late or pile is None or not pile.cards:
            return 0.0
        paid = min(coins)
        spare = not any(h.money - paid < price <= h.money for price in SPARE_AT)
        lost = 0.0 if spare and self.copies_wanted(game, p, card.name) else h.worth(Traits(coins=-paid))
        return COPY_WORTH * self.gain_value(game, p, card.name) + lost

    def upgrade_value(self, game: Game, card: Any, more: int, late: bool) -> float:
        """The best card costing exactly `more` than this one: a Kingdom card or a Treasure by
        its worth, a Victory card by its points late."""
        best = 0.0
        for n, z in game.supply.items():
            d = game.db[n]
            if not z.cards or game.cost(d) != game.cost(card) + more or n in ("Copper", "Curse"):
                continue
            if d.is_("Victory") and not d.is_("Action") and not d.is_("Treasure"):
                best = max(best, float(d.vp) if late else 0.0)
            elif d.kind == "kingdom" or d.is_("Treasure"):
                best = max(best, self.card_value(game, d))
        return best

    @staticmethod
    def played_card(game: Game, d: Decision) -> Any:
        m = _PLAYED.match(d.prompt)
        name = next((g for g in m.groups() if g), None) if m else None
        return game.db.defs.get(name) if name else None
