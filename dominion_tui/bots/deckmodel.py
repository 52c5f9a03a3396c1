"""The engine's deck model (issue 22): a deck in numbers (Deck), the villages, draw, payload and
money a turn reaches, and the roles a card's traits give it (village, draw, trasher, part). expert's
engine plan (bots/engine.py) buys by it; the other bots read a deck's money a card from it."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..core.game import Game
from .simple import deck_cards
from .traits import Traits, is_terminal, traits

# A card that plays an Action again next turn (Mastermind) is payload: its extra plays of the
# deck's best terminal, when the next hand holds one, times this share. Modelled as 0 coins it
# was never bought (engine_vs_hard, the kingdoms with it among 6,000: 217 and 194 won of 515 and
# 508); at 1 it was bought in 203 of 515 and won 204, at 0.5 in 16 (216), at 0.75 in 96 (220)
# and in 88 of the next 508 (197).
REPEAT_SHARE = 0.75
# A card that copies the next card played (Kiln) is payload worth its coins and this: at 0 bought
# in 39 of 996 benchmark games with it, 426 won; at 0.5 in 270, 438 won; at 1 in 289 of 495, 211
# won (225).
COPY_WORTH = 0.5
# A Villager (held, gained with a card as Lackeys' 2, or Acting Troupe's 4) as Actions a turn in
# the deck model: each is spent once, and 2 of them let a second terminal in every turn. Over
# engine_vs_hard 1000 at 0, 1000, 2000 and 3000 (won, shared; games with 5 or more Actions):
# 1/3 427 453 450 432 (75; 483), 0.2 437 460 460 (63 of 3,000; 356 of 3,000), 0.15 447 466 457
# 439 (79; 469), 0.1 445 468 461 (58; 343), 0.05 437 450 457 (67; 305), 0 436 431 (45 of 2,000);
# 0.1 for Villagers gained and 1/3 for those held 439 459 446 (63; 345). A village's Actions
# scaled in Deck.turn (at 0.15): 0.75 1,813 of 4,000 won, 1.25 1,803, 1 1,809: no matter.
VILLAGER_SHARE = 0.15
COFFER = 0.7  # what a Coffers token a card gives is worth in the deck model's coins
# How a card is judged (Deck.value): not by a turn's average coins, but by what they buy, spread
# by which money cards the turn reaches (the spread of a draw without replacement, times SPREAD
# for what it leaves out: payload and draw that miss). engine_vs_hard 2000 at 0, 2000, then 4000,
# 6000 (won; games with 5 or more Actions): by average coins 875 894, 889 887 (3,545; 874); spread
# times 1 900 984, 948 952 (3,784; 841), 1.5 907 981, 935 961 (3,784; 1,009), 2 883 955, 3 831 873
# (1,023 5 Actions of 4,000), 0 (no spread: the steps alone) 876 883 of the first 4,000, as by
# average coins. At spread 1 with a step of 0.5 at a Gold's 6 too (895 985): PROVINCE_STEP 0 896
# 955, 1 895 969, 3 894 977; the Gold step 1 885 991 (0: 900 984, kept); ENGINE_PART (engine.py)
# 0.25 893 959, 0.75 894 963. At spread 1 without it: SECOND_BUY 0.3 895 979, 1 900 972. --draws
# (the engine that draws its deck): 678 708 by average coins, 688 742 so. expert's chosen plans
# (benchmarks/expert_choice.py, 160 kingdoms, b3c25e4 against 3e3c349): 66.4% of fresh games
# against hard, not 65.5% (paired +0.89 +- 0.33); the engine chosen in 27 kingdoms, not 20.
SPREAD = 1.5
PROVINCE_STEP = 2.0  # a Province's 8 coins over 8 coins' worth, in these coins
SECOND_BUY = 0.6  # a coin past 8, when a +Buy card is reached
# An Action that gains a card when played counts only its coins here (Inventor: its cut, 1). Lost:
# payload worth also a share of the card gained (traits.gain_worth, a 4-cost 2; Inventor, Sculptor,
# Falconer), Inventor forced (benchmarks/unused_cards.py engine Inventor 1000: 440 points, bought or
# played in 39 games): share 0.25 440.5 and 40, 0.5 398.5 and 319, 1 290.5 and 757; at 0.5 with the
# engine's gains chosen by the deck model too (see engine.py EnginePlan), 415 and 319. Traced (6 games at
# 0.5): 31 of its 44 gains Silvers; a terminal Silver gainer crowds the engine's draw.


def treasure_density(cards: list[Any]) -> float:
    """The Treasures' coins a card of these cards brings: what a card drawn from them is worth."""
    return sum(traits(c.defn).coins for c in cards if c.is_("Treasure")) / max(1, len(cards))


def net_actions(t: Traits, d: Any) -> int:
    """The Actions a card leaves when played: a village 1 or more, a cantrip 0, a terminal -1;
    Villagers it gives count as Actions."""
    return t.actions + t.villagers - 1 if d.is_("Action") else 0


def is_village(t: Traits, d: Any) -> bool:
    return d.is_("Action") and net_actions(t, d) >= 1


def net_draw(t: Traits, d: Any) -> float:
    """The cards a card adds to a turn when played: +3 Cards 2, a Horse gainer 1 a Horse. None for
    one that discards the hand first (Scholar): counted +3 (7 cards for a hand of 4) the engine
    bought it in 510 of 537 benchmark games with it and won 154, not 231."""
    if not d.is_("Action") or t.discards_hand:
        return 0.0
    # Net, where the share of the deck a turn reaches would count all a play draws (the played
    # card is one of those reached). Counted so (Deck.turn's reach, 1,000 games, 427 won and 5
    # Actions in 115 net): all draw 210 and 592 (ENGINE_PART 0 316 and 397, -0.25 336 and 274);
    # non-terminal only 251 and 554 (0: 331 and 255); terminal only 353 and 234 (0: 393 and
    # 168); a village's own card only 366 and 325 (0.25: 379 and 185); all, terminals seen by
    # chance, ENGINE_PART 0: 333 and 389, better than hard's plan in 22 of 100 kingdoms (33.2%
    # won; net 42, 46.0%). All draw at 0.5 over 300 games: 1.1 villages a final deck (0.2 net),
    # 5.4 draw (3.3), 1.2 Golds (2.9): parts in place of payload.
    return max(t.cards - 1.0, 0.5 * t.horses, 0.0)


# A village beside the plan's terminal card, one copy (expert's partner plans), against hard
# (benchmarks/partner_cards.py CARD --swap --terminal, 2,106 games; the best card alone 51.9%):
# bought at once, as the opening's 4 coins allowed, Village Green won 41.3%, Hostelry 40.6%,
# Snowy Village 44.9%, Hunting Lodge 48.5%, Mountain Village 50.0%; bought only once two
# terminals could meet, 48.6%, 47.7%, 49.9%, 49.8% and 50.8%.
def village_early(p: Any, d: Any) -> bool:
    """A village beside the plan's card, while the deck has no two terminals to meet in a hand
    beyond those its villages already answer."""
    if not is_village(traits(d), d):
        return False
    cards = deck_cards(p)
    terminals = sum(is_terminal(traits(c.defn), c.defn) for c in cards)
    villages = sum(is_village(traits(c.defn), c.defn) for c in cards)
    return terminals < 2 + villages


def is_draw(t: Traits, d: Any) -> bool:
    """Draws 2 or more (a "draw until" card, a Horse), or gains Horses, which draw."""
    return net_draw(t, d) >= 1


def one_shot(t: Traits, d: Any) -> bool:
    """Villagers or draw once, then the card is gone (Acting Troupe, Experiment, a Horse): no
    village, nor a part of the engine. Acting Troupe counted a lasting village was seldom bought
    (5 of 590 benchmark games with it); as Villagers with ENGINE_PART beside them, in 397 and
    lost (229 won, 261 before): its Villagers count as banked Actions, like Lackeys', and it is
    bought where they pay (rarely). Experiment counted a lasting Laboratory was bought in 408 of
    673 benchmark games with it (engine_vs_hard 1000 at 0, 1000, 2000, 3000) and won 315; drawing
    once, in none, 313 won (all 4,000: 1,803 won against 1,804, 5 Actions in 513 games, 569).
    Its draw at 0.3 of a lasting card's: 1,869.5 points of those 4,000 against 1,870.5 (on b6fa20a).
    Acting Troupe forced (engine_vs_hard 500 --force "Acting Troupe", traced): bought in 1 game of
    500; a terminal was left dead with no Villager in 746 of 10,123 turns, 1.5 a game, so its 4
    Villagers would rescue about as many as in a money deck, where they lose (expert.py VILLAGE).
    Its Villagers at 0.25 each in the model, not VILLAGER_SHARE: still bought in 1 of 500 (1000
    at 0 and 1000: 453 and 463 won, against 453 and 464): with no terminal waiting, Actions add nothing.
    Horses in the deck counted as cards and draw (deck_of; traced: 7 Horses, reach 6 of 27 cards):
    engine_vs_hard 2000 907 won, 5 Actions in 230 (908, 221); --draws 708 and 721 (704, 720)."""
    return d.is_("Action") and t.returns and bool(t.villagers or net_draw(t, d))


def is_part(d: Any) -> bool:
    """A village or a draw card: what an engine is built of."""
    t = traits(d)
    return (is_village(t, d) or is_draw(t, d)) and not one_shot(t, d)


def destroys_own(deck: Deck, d: Any) -> bool:
    """A card that must trash a card from the hand, once the deck holds a trasher: each play
    then destroys a good card (five Researches once trashed the engine's own cards). Never
    bought (engine_vs_hard 2000, --draws): 917 won and 5 Actions in 213 against 908 and 221,
    739 and 700 against 704 and 720; villages aside (Hideout), --draws 717 and 727."""
    return bool(deck.trashers and traits(d).must_trash)


def is_trasher(t: Traits, d: Any) -> bool:
    return d.is_("Action") and (t.trashes or t.exiles) and not t.returns


def engine_kingdom(game_or_db: Any, kingdom: list[str]) -> bool:
    """A village (+2 Actions, or Villagers) and a draw card (+2 Cards or more) in the kingdom."""
    db = getattr(game_or_db, "db", game_or_db)
    defs = [db[n] for n in kingdom]
    village = any(d.is_("Action") and (traits(d).actions >= 2 or traits(d).villagers) for d in defs)
    return village and any(d.is_("Action") and traits(d).cards >= 2 for d in defs)


@dataclass
class Deck:
    """An engine deck in numbers: the cards a turn reaches when its draw is played, its coins."""

    cards: int = 0
    villages: float = 0.0  # the Actions its villages add when played
    banked: float = 0.0  # Villagers (VILLAGER_SHARE each: they are spent), usable any turn
    lasting: float = 0.0  # Actions every turn begins with beyond the first (a Project's: Barracks)
    draws: list[float] = field(default_factory=list)  # terminal draw, net cards each
    free_draw: float = 0.0  # net cards of the non-terminal draw
    payloads: list[float] = field(default_factory=list)  # terminal coins
    money: float = 0.0  # coins of Treasures and non-terminal Actions
    money_sq: float = 0.0  # the sum of their coins squared: how unevenly a turn's share of them falls
    trashers: int = 0
    buys: int = 0
    attacks: int = 0
    repeats: list[int] = field(default_factory=list)  # terminal, next turn an Action played again: extra plays
    exilers: int = 0  # cards whose coins come from exiling a new card from the hand

    def add(self, d: Any, owned: bool = False) -> None:
        """A card more; `owned`: one the player has, whose Villagers when gained are already held."""
        t = traits(d)
        if one_shot(t, d):
            self.banked += t.villagers * VILLAGER_SHARE
            return
        self.cards += 1
        self.buys += t.buys > 0
        self.trashers += is_trasher(t, d)
        self.attacks += t.attack
        self.banked += 0 if owned else t.gain_villagers * VILLAGER_SHARE
        if not d.is_("Action"):  # a Stockpile too: Exiled when played, home with the next one gained.
            # Counted at half its coins, 1,689 of 4,000 engine_vs_hard games won (at 0, 1,684; its
            # Buy not counted, 1,783), not 1,888: bought again and again, it is the Buy the engine needs
            self.money += t.coins
            self.money_sq += t.coins * t.coins
            return
        if t.repeats:  # Mastermind: a terminal now, its payload what it plays again next turn
            self.repeats.append(t.repeats - 1)
            return
        net = net_actions(t, d)
        if net >= 1:
            self.villages += min(2, net)
        coins = t.coins + COFFER * t.coffers + COPY_WORTH * t.copies_next
        if t.exiles and t.coins:  # Bounty Hunter: coins only for a card not yet in Exile
            self.exilers += 1
            coins = coins if self.exilers == 1 else 0.0
        if net < 0:
            self.draws.append(net_draw(t, d)) if net_draw(t, d) else self.payloads.append(coins)
        else:
            self.free_draw += net_draw(t, d)
            self.money += coins
            self.money_sq += coins * coins

    def terminals(self) -> int:
        return len(self.draws) + len(self.payloads) + len(self.repeats)

    def repeated(self, f: float) -> list[float]:
        """What each repeater brings as coins: its extra plays of the deck's best terminal
        (payload, or draw at the deck's money a card), when the next hand holds a terminal
        (f: the share of the deck a turn reaches)."""
        if not self.repeats:
            return []
        density = self.money / max(1, self.cards)
        best = max([*self.payloads, *(x * density for x in self.draws), 0.0])
        found = min(1.0, f * (len(self.payloads) + len(self.draws)))
        return [k * best * found * REPEAT_SHARE for k in self.repeats]

    def turn(self) -> tuple[float, float, float]:
        """The cards a turn reaches, the Actions it has and the terminal draw it plays: each
        card is seen in the share of the deck reached, the draw seen is played, terminal draw
        as far as the Actions seen go."""
        n = max(1, self.cards)
        draw = sum(self.draws) / len(self.draws) if self.draws else 0.0
        reach, played, actions = 5.0, 0.0, 1.0
        for _ in range(12):  # the reach grows with what it draws: a fixed point
            f = min(1.0, reach / n)
            actions = 1 + self.lasting + self.banked + f * self.villages
            played = min(f * len(self.draws), actions)
            reach, last = min(float(n), 5 + f * self.free_draw + played * draw), reach
            if reach == last:  # reached exactly: every further round computes the same
                break
        return reach, actions, played

    def with_(self, d: Any, copies: int = 1) -> Deck:
        """This deck with copies of a card more (the lists copied: this one is unchanged)."""
        lists = {"draws": list(self.draws), "payloads": list(self.payloads), "repeats": list(self.repeats)}
        out = Deck(**{**self.__dict__, **lists})  # dataclasses.replace's work, without its field lookup
        for _ in range(copies):
            out.add(d)
        return out

    def gain(self, d: Any, base: float | None = None, home: int = 0) -> float:
        """What two copies of a card add to a turn's buying (value): two, so that a village or a
        draw card is judged with the next one it makes worth buying (one copy: 316 of 1,000
        benchmark games won, two: 324). `base`: this deck's value(), when the caller judges many cards;
        `home`: its copies in Exile, which come home with it (Way of the Camel's Golds)."""
        return self.with_(d, 2 + home).value() - (self.value() if base is None else base)

    def value(self) -> float:
        """What a turn's coins buy, the turn's coins spread by which money cards it reaches: each
        coin up to 8, a Province's 8 PROVINCE_STEP more, coins past 8 SECOND_BUY each up to 16
        when a +Buy card is reached. A deck that reaches more of itself spreads less, so draw
        counts for the Provinces it makes sure of, not only for its average coins."""
        turn = self.turn()
        reach, n = turn[0], max(1, self.cards)
        per_card = max(0.0, self.money_sq / n - (self.money / n) ** 2)
        spread = SPREAD * math.sqrt(max(0.0, reach * (n - reach) / max(1, n - 1) * per_card))
        mean = self.coins(turn)
        second = min(1.0, reach / n * self.buys) * SECOND_BUY * (past(mean, spread, 8) - past(mean, spread, 16))
        return mean - past(mean, spread, 8) + PROVINCE_STEP * at_least(mean, spread, 8) + second

    def reach(self) -> float:
        return self.turn()[0]

    def coins(self, turn: tuple[float, float, float] | None = None) -> float:
        """A turn's coins: the money of the share of the deck reached, then terminal payload
        as far as the Actions left go (`turn`: this deck's turn(), when already worked out)."""
        reach, actions, played = turn or self.turn()
        f = min(1.0, reach / max(1, self.cards))
        payloads = self.payloads + self.repeated(f)
        pay = sum(payloads) / len(payloads) if payloads else 0.0
        return self.money * f + min(f * len(payloads), max(0.0, actions - played)) * pay


def at_least(mean: float, sd: float, k: float) -> float:
    """The chance that coins spread normally about mean (sd) come to k or more."""
    if sd <= 1e-9:
        return 1.0 if mean >= k else 0.0
    return 0.5 * math.erfc((k - mean) / (sd * math.sqrt(2)))


def past(mean: float, sd: float, k: float) -> float:
    """The coins past k to expect, of coins spread normally about mean (sd)."""
    if sd <= 1e-9:
        return max(0.0, mean - k)
    z = (k - mean) / sd
    return sd * math.exp(-z * z / 2) / math.sqrt(2 * math.pi) + (mean - k) * 0.5 * math.erfc(z / math.sqrt(2))


def part_fit(d: Any, short: bool) -> float:
    """How well a card builds an undrawn engine: while Actions are short a village (one that
    draws first), else draw, a card that draws and leaves its Action first; 0 for neither."""
    t = traits(d)
    if t.returns:  # it leaves the deck when played (returned, trashed, exiled)
        return 0.0
    if is_village(t, d):
        return (2.0 + net_draw(t, d) + 0.1 * t.cards) if short else 0.0
    if is_draw(t, d):
        return 0.0 if short and net_actions(t, d) < 0 else 1.0 + net_draw(t, d) + (net_actions(t, d) >= 0)
    return 0.0


def deck_of(game: Game, p: Any) -> Deck:
    """The player's deck in the model: Villagers held, not those its cards gave when gained
    (Lackeys' are among those held, or spent). Counted again for each one owned: engine_vs_hard
    1000 at 0 to 5000, 2,772 points of 6,000 games; held only, 2,803.5. Lost: the first held
    a whole Action (Patron's pile up, 9 held), 1,801.5 points of 4,000 (0 to 3000) against 1,870.5."""
    lasting = sum(traits(game.db[n]).turn_actions for n, owners in game.projects.items() if p in owners)
    deck = Deck(banked=p.villagers * VILLAGER_SHARE, lasting=lasting)
    for card in deck_cards(p):
        deck.add(card.defn, owned=True)
    return deck
