"""expert's engine (issue 22): by the deck model (bots/deckmodel.py Deck), each buy the
card that adds most to what a turn buys there (Deck.value), a +Buy, then Provinces. Offered as a
candidate plan in every kingdom (an engine where a village and a draw card make one, elsewhere a
deck of payload such as Stockpile); expert's simulations before the first turn keep it where it
beats hard's money plans.
A second engine, one that draws its deck (Strategy.draws: villages and draw by the ratio until a
turn reaches most of the deck), plays 5 or more Actions in a turn twice as often but wins less;
offered beside this one in every kingdom it added nothing to expert's choice, so expert tries it
only where this one does well in its first games (expert.py drawn_worth_trying).
Cards are judged by their traits: a card's role (village, draw, trasher, payload) is what its
traits say, so a new card needs no code here.
Why it seldom plays 5 Actions (traces; engine_vs_hard 2000): no village in its final deck in
1,589 of 2,000 games (47.3% won, 5 Actions in 7%), one in 325 (43.1%, 28%), more in 86 (31.4%, 49%):
a money deck of the model's payload and terminal draw. Where expert chose it and played under 5
(18 of 100 kingdoms), the engine that draws its deck did worse in 15 of them (--per-kingdom --draws)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core.decisions import TurnAction
from ..core.game import Game
from .deckmodel import (
    COFFER,
    Deck,
    deck_of,
    destroys_own,
    is_part,
    is_village,
    net_actions,
    net_draw,
    part_fit,
    treasure_density,
)
from .simple import JUNK, deck_cards
from .traits import actions_ignored, drawn_now, traits

# Tuned against `hard` in random kingdoms with a village and a draw card, both seats
# (benchmarks/engine_vs_hard.py). No trasher is bought for the opening: with the buys judged by
# the deck model (Deck.gain), one bought by turn 4 won 324 of 1,000 games, none 378; measured
# again (a "trash" role first in by_role): by turn 2 375, by turn 4 362, none 427, MONEY 3 the same.
# Attacks bought by turn 10: 1 1,779 of 4,000 benchmark games won, 2 1,809, 3 1,791. Only under a
# Gold's 6 coins (traced: Coven for 7): 899 of 2,000 against 908, 5 Actions in 214 against 221.
# Measured again with buys judged by Deck.value (engine_vs_hard 2000 at 0 and 2000: 1,888 won, 5
# Actions in 512): ATTACKS 1 1,891 and 507, 3 1,908 and 511; DUCHY_AT 3 1,879, 5 1,859; BUY_AFTER
# 0 1,838 and 603, 2 1,878 and 439; PROVINCE_TURN 6 1,830, 10 1,812 and 587: none kept.
ATTACKS = 2
DUCHY_AT = 4  # Provinces left when Duchies beat engine parts: 3 425 of 1,000 won, 4 427, 5 424
# Coins of Treasures no Copper is trashed under: 3 and 7 the same (engine_vs_hard 2000: 908 and
# 909 won against 908; --draws 712 and 720 against 715)
MONEY = 5
# What a village or a draw card is worth beyond its coins in the deck model: a deck built around
# them grows into what one turn of the model cannot see. Over 1,000 benchmark games (and the next
# 1,000 kingdoms): 0 406 won (413), 0.25 420, 0.5 417 (431), 0.75 399 (401), 1 295; 5 or more
# Actions in a turn in 56 games at 0, 138 at 0.5; in 100 kingdoms 0.5 did better than hard's plan
# in 34 (42.3% won), 0 in 33 (40.7%). Why the engine seldom plays 5 Actions: one turn of the
# model values a card drawn at the deck's coins a card (under 1 early), so a draw card adds about a
# Copper, below a Silver, and a village nothing until the average turn sees more terminals than
# Actions; ENGINE_PART alone gets parts bought. Measured again with Mastermind, Bounty Hunter,
# Hostelry and Kiln modelled (2,000 games, points with ties as half): 0.3 875 and 5 Actions in 154,
# 0.5 892 and 244, 0.75 811 and 406. Tried and lost: judging a card with the best second card
# beside it (two steps ahead), 5 Actions in 1,011 games but 480.5 points (with ENGINE_PART 0: 754.5
# and 130); terminals seen by chance (binomial), not by the average, so that two collide
# sometimes: 864.5 points against 859.5, 5 Actions in 241 games against 284; again with
# VILLAGER_SHARE 0.15 (engine_vs_hard 1000 at 0, 1000, 2000, 3000): 1,772 won against 1,809.
# A part worth more early than late (EARLY up to turn T, LATE after; 1,000 games, 427 won and
# 5 Actions in 115 at 0.5 flat): early 1 late 0.25 from turn 6 398 and 167, early 1 late 0 395
# and 146, early 1 late 0.5 from turn 4 400 and 151, early 0.75 late 0.25 from turn 8 412 and 118,
# early 0.25 late 0.75 402 and 174, early 0 late 0.75 from turn 4 396 and 184.
ENGINE_PART = 0.5
# A Horse (or what else a card gained gives for the Treasures its buy leaves unplayed, Hostelry)
# in the deck model's coins: in the benchmark's kingdoms with Hostelry (engine_vs_hard, 1,279 games)
# none bought it, 554 won; at 0.25 bought in 128, 559 won; at 0.5 in 382 of 644, 263 won (286).
GAIN_TREASURES = 0.25
# The draw (terminal cards, or net cards of the others) after which the best +Buy card is bought,
# while the deck has none. engine_vs_hard 1000 at 0, 1000, 2000, 3000, 4000 (won, shared; games
# with 5 or more Actions): 2 447 466 457 439 460 (99; 566), 1 444 458 460 441 454 (99; 677),
# 3 449 472 454 444 (81 of 4,000; 434 of 4,000). 1: wins the same, a fifth more big turns.
BUY_AFTER = 1
MODEL_MIN = 0.05  # coins a turn a card must add in the deck model to be bought by it
# Before this turn, a Province only when the deck already pays for one. With the model's buys,
# over 1,000 benchmark games: turn 0 370 won, 6 389, 8 406, 10 376, 13 297 (and 413 against 408
# for 8 against 10 in the next 1,000 kingdoms); in 100 kingdoms, 8 did better than hard's plan in
# 33 (40.7% won), 10 in 30 (37.1%). Lost: with 8 coins before it, only a card costing 6 or more
# (a Gold, not a Barge): engine_vs_hard 2000 at 0 and 2000, 1,749 won against 1,769 (by average coins).
PROVINCE_TURN = 8
# The engine that draws its deck (Strategy.draws), tuned against `hard` on 100 kingdoms with a
# village and a draw card, 12 games each (benchmarks/engine_vs_hard.py 100 6 --per-kingdom --draws;
# won, and kingdoms where it did better than hard's plan): with villages and draw by the ratio
# below 5 coins 27.6% and 14; below 6 24.5%, below 7 15.6%, at any coins (till drawn) 8.9% and
# 0; hard's focus card first 29.3% and 17; a trasher bought in the opening 24.1% (with it at
# the start of the turns 2 and 1); the deck called drawn at 60% of it reached, not 80%: the same;
# the ratio at any coins up to turn 4 28.5%, turn 8 22.2%; only its villages (no draw) 36.6% and 23,
# nearer the engine above (41.8% and 32): each step towards more villages and draw lost games.
# Parts only once the whole deck's money (Treasures, payload) buys a Province, else the model's buy
# (engine_vs_hard 2000 --draws: 704 won, 5 Actions in 720): under 8 coins 784 and 600, 11 819 and 481,
# 10 after the opening 763 and 549; parts no more than 2 ahead of the cards worth 2 coins 726 and 604;
# attacks only under 6 coins 709 and 708; a village only once the terminals outnumber the Actions 684 and 727.
DRAWN_PROVINCE_TURN = 8  # before this turn, a Province only when the deck pays for one: 10 29.3%, 8 29.7%, 6 28.5%
DRAWN_SHARE = 0.8  # the share of the deck a turn reaches in the model when it is called drawn
PAYLOAD_AT = 5  # coins that buy by the deck model (payload, Gold) even while the deck is not drawn
# Tried (stop 70): a thinner engine that draws its deck, a trasher bought
# by turn 4, then villages and draw by the ratio at any coins till drawn (a Gold at 6 while the
# deck's coins are under 8), then a +Buy, else the deck model. In the 51 of the first 60 kingdoms
# here (engine_vs_hard.py's) with a trasher, 10 games each against hard: 30.3% won, this engine
# 44.4%, hard's plan 49.8%, the best of the three 58.7%; it did best in 5. Traced: its first Province
# came on turn 12 to 15, hard's Big Money with Scepter took 6 by turn 16. A list written for one such
# kingdom (Hideout, Scrap, Research, Hunting Lodge, Barge, Inventor; Scrap, Lodges as many as Barges,
# 4 Barges, Gold once 4 of them) won 0.0%, then 17.5% and 22.5% of 20 games, hard's plan 55%.


def exiled(p: Any) -> Counter[str]:
    """The player's cards in Exile, by name, each home when a copy is gained; not those that
    Exile themselves when played (Stockpile), whose model already counts them as lost."""
    return Counter(c.name for c in p.exile.cards if not traits(c.defn).returns)


class EnginePlan:
    """The engine's buying and playing, for an Expert whose Strategy says engine."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.draws = bool(getattr(bot.strategy, "draws", False))  # the engine that draws its deck

    # ---- buying
    def purchase(self, game: Game, p: Any) -> str | None:
        """Greening by Expert's rules; then the engine's part (engine_part)."""
        bot, coins = self.bot, p.coins
        provinces = len(game.supply.get("Province", []))
        if game.turn.bought_in_phase and coins < 2:
            return bot.free_event(game, p)
        plan = bot.plan
        if plan.endgame and provinces <= 3:
            late = bot.endgame(game, p, coins, provinces)
            if late:
                return late
        deck = deck_of(game, p)
        turn = DRAWN_PROVINCE_TURN if self.draws else PROVINCE_TURN
        # (once the Duchies are bought, a Province is too: an early turn with few Provinces left,
        # a test's or the other's fast greening, bought a Duchy with 9 coins)
        if coins >= 8 and (p.turns_taken >= turn or deck.coins() >= 8 or provinces <= DUCHY_AT):
            return bot.landscape_purchase(game, p) or "Province"
        if coins >= 5 and provinces <= DUCHY_AT and game.supply["Duchy"].cards:
            return "Duchy"
        if 2 <= coins <= 4 and provinces <= plan.estate_at and game.supply["Estate"].cards:
            return "Estate"
        landscape = bot.landscape_purchase(game, p)
        if landscape:
            return landscape
        return self.drawing_part(game, p, deck) if self.draws else self.engine_part(game, p, deck)

    def offer(self, game: Game, p: Any) -> dict[str, Any]:
        """The kingdom and basic cards the coins buy, Victory cards and junk aside."""
        offer = {}
        for a in game.legal_buys(p):
            d = game.db[a.name or ""]
            if d.kind in ("kingdom", "basic") and not d.is_("Victory") and d.name not in JUNK:
                offer[d.name] = d
        return offer

    def drawing_part(self, game: Game, p: Any, deck: Deck) -> str | None:
        """The engine that draws its deck: hard's focus card, attacks by turn 10 and a +Buy once
        the deck draws, as engine_part; then, below PAYLOAD_AT coins while a turn reaches less
        than DRAWN_SHARE of the deck, a village when one more terminal would find no Action, else
        the best draw; else the card that adds most to what a turn buys in the deck model."""
        offer = self.offer(game, p)
        role = self.by_role(game, p, deck, offer)
        if role:
            return role
        fits = {n: d for n, d in offer.items() if not destroys_own(deck, d)}
        if p.coins < PAYLOAD_AT and deck.reach() < DRAWN_SHARE * deck.cards:  # not yet drawn: by the ratio
            short = deck.terminals() + 1 > 1 + deck.lasting + deck.villages + deck.banked  # one more terminal: dead
            best = max(fits, key=lambda n: (part_fit(fits[n], short), game.cost(fits[n]), n), default=None)
            if best is not None and part_fit(fits[best], short) > 0:
                return best
        return self.modelled(fits, deck, home=exiled(p))

    def engine_part(self, game: Game, p: Any, deck: Deck) -> str | None:
        """hard's "Big Money + X" card, attacks by turn 10 and a +Buy once the deck draws (each
        the best of its role), then the card the deck model says adds most to what a turn buys.
        Roles alone (draw before money while short of neither, villages for the terminals
        waiting, a trasher in the opening) won 287 of 1,000 benchmark games against hard and
        did better than hard's plan in 16 of 100 kingdoms; the model after these roles 378 and
        33, and the roles after the model as a fallback changed nothing (378). Lost against
        908 won, 221 with 5 Actions (engine_vs_hard 2000): no terminal once they are 2 a turn's
        Actions (traced: 5 Swashbucklers, 3 Covens, 1 village) 897 and 202, at 3 891 and 212; a
        village first there 730 and 503, only under 6 coins 853 and 290."""
        offer = self.offer(game, p)
        return self.by_role(game, p, deck, offer) or self.modelled(
            offer, deck, self.kept_back(game, p, offer), exiled(p)
        )

    def kept_back(self, game: Game, p: Any, offer: dict[str, Any]) -> dict[str, float]:
        """What a card that uses the Treasures left in hand when gained (Hostelry's Horses)
        brings with those its buy leaves unplayed, in the deck model's coins (GAIN_TREASURES a
        Horse): while Treasures are still in hand, these coins count them."""
        hand = [c for c in p.hand.cards if c.is_("Treasure")]
        if not hand:
            return {}
        played = p.coins - sum(traits(c.defn).coins for c in hand)
        out = {}
        for name, d in offer.items():
            if traits(d).gain_treasures:
                spare = self.bot.spare(game.cost(d), played, hand)
                out[name] = GAIN_TREASURES * self.bot.spare_value(game, d, spare)
        return out

    def by_role(self, game: Game, p: Any, deck: Deck, offer: dict[str, Any]) -> str | None:
        """The best card of the first role wanted that a card fills: hard's "Big Money + X" card,
        attacks by turn 10, a +Buy once the deck draws."""
        room = deck.terminals() < 1 + deck.lasting + deck.villages + deck.banked  # Actions for one more terminal
        self.focus = dict(self.bot.focus(game) or [])  # hard's "Big Money + X" card, as payload
        self.owned = {x: sum(c.name == x for c in deck_cards(p)) for x in self.focus}
        roles = (
            ("focus", True),
            ("attack", deck.attacks < ATTACKS and p.turns_taken <= 10 and p.coins < 8),
            ("buy", deck.buys == 0 and len(deck.draws) + deck.free_draw >= BUY_AFTER),
        )
        for role, wanted in roles:
            if not wanted:
                continue
            best = max(
                offer, key=lambda x: (self.fit(role, offer[x], deck, room), game.cost(offer[x]), x), default=None
            )
            if best is not None and self.fit(role, offer[best], deck, room) > 0:
                return best
        return None

    @staticmethod
    def modelled(
        offer: dict[str, Any], deck: Deck, extra: dict[str, float] | None = None, home: Counter[str] | None = None
    ) -> str | None:
        """The card that adds most to what a turn buys in the deck model (Deck.value), a village or draw card
        ENGINE_PART more, where it adds any; a card that must trash a card from the hand not once
        the deck holds a trasher (five Researches destroyed the engine's own cards once the junk
        was gone). A card's copies in Exile (`home`) come home with it, and count with it: the
        engine that exiled 12 Golds with Way of the Camel bought none to bring them home."""
        fits = {n: d for n, d in offer.items() if not destroys_own(deck, d)}
        extra, home = extra or {}, home or Counter()
        base = deck.value()  # the same for every card: worked out once
        gains = {
            name: deck.gain(d, base, home[name]) + ENGINE_PART * is_part(d) + extra.get(name, 0.0)
            for name, d in fits.items()
        }
        best = max(sorted(gains), key=gains.__getitem__, default=None)
        return best if best is not None and gains[best] > MODEL_MIN else None

    def fit(self, role: str, d: Any, deck: Deck, room: bool) -> float:
        """How well a card fills a role, 0 when not at all: a terminal only with an Action for
        it, a card that must trash (Research, Hideout) never once the deck holds a trasher."""
        t = traits(d)
        terminal = d.is_("Action") and net_actions(t, d) < 0
        if terminal and not room or destroys_own(deck, d):
            return 0.0
        strength = (
            t.coins + COFFER * t.coffers + (1.5 if t.attack else 0) + (1.0 if t.gains else 0) - (1 if t.returns else 0)
        )
        if role == "focus":
            return 1.0 if self.owned.get(d.name, 99) < self.focus.get(d.name, 0) else 0.0
        if role == "attack":
            return (1 + strength + net_draw(t, d)) if t.attack else 0.0
        return (1 + net_draw(t, d) + strength) if t.buys and d.is_("Action") else 0.0

    # ---- playing
    def action_move(self, game: Game, p: Any, acts: list[TurnAction]) -> TurnAction | None:
        """Villages first while a terminal waits, then draw, then payload; a Villager spent
        only for a terminal left in hand with no Action to play it, and never while +Actions
        are ignored (after Snowy Village it gave none: 8 Villagers went in one turn). Lost: no card
        that only draws once the hand pays for a Province with its one Buy (keeping next turn's
        cards): engine_vs_hard 2000 911 and 706 --draws (908, 715), 2000 2000 923 and 722 (930, 732)."""
        names = {
            a.name or ""
            for a in acts
            if a.verb == "play" and game.db[a.name or ""].is_("Action") and self.worth_playing(game, p, a.name or "")
        }
        if not names:
            waiting = [c for c in p.hand.cards if c.is_("Action") and self.worth_playing(game, p, c.name)]
            if p.villagers and p.actions == 0 and waiting and not actions_ignored(p):
                return TurnAction("villager", None, 1)
            return None
        drawable = len(p.deck.cards) + len(p.discard.cards) > 0
        last = self.last_terminal(game, p)

        def key(n: str) -> tuple:
            d = game.db[n]
            t = traits(d)
            return (
                self.tier(t, p.actions),
                -t.villagers,  # a terminal that gives a Villager back leaves the Action
                -(last(t) if last else drawn_now(t) if drawable else 0),  # draw first: it may find a village
                -self.bot.card_value(game, d),
                n,
            )

        return TurnAction("play", sorted(names, key=key)[0])

    @staticmethod
    def tier(t: Any, actions: int) -> float:
        """Villages, cantrips, terminals; a village that voids further +Actions (Snowy Village)
        after every card whose +Actions it would void, and after the terminals too while an
        Action is spare for it (their draw may find a village)."""
        if t.ignores_actions:
            return 1.5 if actions == 1 else 2.5
        return 0 if t.actions >= 2 else 1 if t.actions else 2

    @staticmethod
    def last_terminal(game: Game, p: Any) -> Any:
        """With one Action left and no village to find in the cards a draw reaches: a terminal's
        worth is its coins and the money of the cards it draws (None: draw first, as ever).
        engine_vs_hard 1000 at 0, 1000 and 2000: 427, 453, 450 won (21, 19, 20 shared), draw
        always first 427, 444, 438 (23, 19, 23); 5 or more Actions in 360 games, 361 before.
        With a village left to find, a draw worth also the best payload in hand times the chance
        it draws one: 426, 451, 451 (and at twice that 427, 452, 450)."""
        if p.actions != 1 or p.villagers or any(is_village(traits(c.defn), c.defn) for c in p.hand.cards):
            return None
        pile = p.deck.cards if len(p.deck.cards) >= 3 else p.deck.cards + p.discard.cards
        if any(is_village(traits(c.defn), c.defn) for c in pile):
            return None
        density = treasure_density(pile)
        return lambda t: t.coins + COFFER * t.coffers + t.cards * density

    def answer_yesno(self, game: Game, d: Any) -> list[int] | None:
        """Discard the hand for 5 cards (Hunting Lodge) only when it holds no Action to play
        and less money than 5 cards of the deck bring; None: not a question of the engine's."""
        if not d.prompt.startswith("Discard your hand"):
            return None
        p, hand = d.player, d.player.hand.cards
        if p.actions and any(c.is_("Action") for c in hand):
            return [1]
        pile = p.deck.cards + p.discard.cards
        density = treasure_density(pile)
        money = sum(traits(c.defn).coins for c in hand if c.is_("Treasure"))
        return [0 if money < 5 * density else 1]

    # Tried: a card gained on its own turn (Inventor, Groom, Sculptor) chosen as the engine buys one
    # (by_role, then the deck model) where hard's choice was no Victory card: in engine_vs_hard's
    # first 4,000 games (a shared win half a point) 905.5 and 911 points against 895 and 911; with
    # Inventor forced (benchmarks/unused_cards.py engine Inventor 1000) 440.5 against 440, Inventor
    # bought or played in 23 games, not 39: no better, not kept.
    def answer_trash(self, game: Game, d: Any, picks: list[int]) -> list[int]:
        """The money bot's trashing, but Coppers only while the Treasures keep MONEY coins:
        an engine drawing its deck needs a Gold's price in hand before its payload comes."""
        money, out = self.bot.buying_power(d.player), []
        for i in picks:
            if d.options[i].label == "Copper":
                if money - 1 < MONEY:
                    continue
                money -= 1
            out.append(i)
        return out if len(out) >= d.min else picks

    def worth_playing(self, game: Game, p: Any, name: str) -> bool:
        """Never a play whose gains end the game with a loss, nor one that must trash a good card
        (HandJudge.trash_ready, with Coppers kept while the Treasures make MONEY coins)."""
        return self.bot.may_play(game, p, name) and self.bot.trash_ready(game, p, name, MONEY)
