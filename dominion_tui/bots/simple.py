"""The simplest computer players: `RandomPlayer` (random legal answers, for tests and fuzzing)
and `SimplePlayer` (plays what it can, buys by the usual Big Money rule), the base of the others.
They answer through the same decision interface as people."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..core.decisions import Decision, TurnAction
from ..core.game import Game
from .rng import _MASK, PositionRandom, _mix
from .traits import traits


def can_act(game: Game, d: Decision, option: Any) -> bool:
    """A trigger offered in a "which first" question: can its effect act now? One that cannot
    waits for what another may bring (a draw before "trash a Copper from your hand")."""
    trig = getattr(option, "trig", None)
    can = getattr(trig, "can", None)
    return can is None or can(game, d.context, d.player, option.source)


def one_name(d: Decision, picks: list[int]) -> list[int]:
    """Picks that must share one name (Banish): those with the first pick's name."""
    if not d.one_name or not picks:
        return picks
    return [i for i in picks if d.options[i].label == d.options[picks[0]].label]


def deck_cards(p: Any) -> list[Any]:
    """The cards p's deck is made of: all it has but its Exile mat. An exiled card is drawn no
    more; it comes home only when p gains a copy and discards the exiled ones (Camel Train's
    Gold, Transport's Action, Bounty Hunter's Copper). Every count of "cards in my deck" asks
    this; the score (an exiled Duchy's points) still counts p.all_cards(). Lost: a card's exiled
    copies counted in its copy penalty when gained or bought (they come home with it): Camel Train
    forced, 2,000 games against the bots before, normal won 48.6% +- 1.4 and 48.1% +- 1.4 (seeds
    11, 12), exiling fewer Old Witches (hard 50.0% and 50.0%, 34 and 30 games with it). Bot's room
    for terminals (best_kingdom) still counts the exiled cards: by the deck's only, normal bought
    Acting Troupe in none of the 33 kingdoms with it of test_every_kingdom_card_is_used (main: 4,
    so: 2), for the same wins (2,000 forced games: Camel Train 50.1%, 50.0%; Bounty Hunter 50.1%, 49.9%)."""
    return p.hand.cards + p.deck.cards + p.discard.cards + p.in_play.cards + p.set_aside.cards + p.revealed.cards


def dead_in_hand(card: Any) -> bool:
    """A card that does nothing in hand: a Victory card or a Curse that is nothing else."""
    d = getattr(card, "defn", card)
    return hasattr(d, "is_") and (d.is_("Victory") or d.is_("Curse")) and not (d.is_("Action") or d.is_("Treasure"))


def price_cut(game: Game) -> int:
    """What the Supply's prices are cut by now (Canal's 1 on its owner's turns, each Inventor's 1
    this turn): the bots' money rules name the printed prices of Silver (3), Gold (6), Duchy (5)
    and the Province (8), so coins count this much more against them. Read off the Province,
    which nothing cuts alone. With Canal bought, hard bought a Gold with 7 coins, not the Province
    they paid for."""
    province = game.db["Province"]
    return max(0, (province.cost or 0) - game.cost(province))


def hand_coins(p: Any, hand: list[Any] | None = None) -> int:
    """This turn's coins if every Treasure in hand is played: those made, and the hand's (or
    those of `hand`, the hand without a card about to be played)."""
    cards = p.hand.cards if hand is None else hand
    return p.coins + sum(traits(c.defn).coins for c in cards if c.is_("Treasure"))


def spare_copper(game: Game, p: Any, label: str) -> bool:
    """Treasurer with its Key ("key", the mode's label) held already: taking it again does
    nothing, so a Copper in hand is trashed instead, when the hand's coins less one still reach
    each price they reach (3, 5, 6, 8). Treasurer forced, 2,000 games against main (hard): 51.6%
    +- 1.5 and 50.6% +- 1.5 (seeds 11, 12); prices (3, 6, 8): 51.3% and 51.1%; any Copper, the
    coins lost this turn: 46.6% +- 1.7."""
    if not any(h is p and n.lower() == label for n, h in game.artifacts.items()):
        return False
    money = hand_coins(p)
    return "Copper" in p.hand.names() and not any(money - 1 < price <= money for price in (3, 5, 6, 8))


def now_worth(judge: Any, game: Game, d: Decision) -> Callable[[str], float]:
    """For a card gained into the hand before the buy (Sculptor): also what it brings this turn,
    as the judge's in_hand_worth reads it (a Treasure its coins); else nothing. Sculptor forced,
    2,000 games against the bots before (hard): 50.4% +- 0.3 and 50.6% +- 0.4 (seeds 11, 12; it
    gained a Silver for the Gold it then bought, not a 4-cost Action left dead in hand);
    unforced 50.2% +- 0.2 and 50.1% +- 0.2."""
    if "into your hand" not in d.prompt or game.current is not d.player or game.turn.bought_in_phase:
        return lambda name: 0.0
    return lambda name: max(0.0, judge.in_hand_worth(game, d.player, game.db[name]))


class RandomPlayer:
    """Picks random legal answers; leans towards playing and buying so that games end."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = PositionRandom(seed)
        self._key = _mix(seed & _MASK)  # seeds far apart, so positions never share a stream

    def reseed(self, game: Game) -> None:
        # Seeded by the game's position, so a resumed game goes on exactly as it would have.
        self.rng.reset(self._key ^ len(game.answers))

    def decide(self, game: Game, d: Decision) -> Any:
        self.reseed(game)
        if d.kind == "turn":
            r = self.rng.random()
            if r < 0.7:  # each list is made only when it can be used
                plays = game.legal_plays(d.player)
                if plays:
                    return self.rng.choice(plays)
            if r < 0.9:
                buys = game.legal_buys(d.player)
                if buys:
                    return self.rng.choice(buys)
            return self.rng.choice(game.legal_actions(d.player))
        if d.kind == "yesno":
            return [self.rng.randrange(2)]
        k = self.rng.randint(d.min, min(d.max, len(d.options)))
        return one_name(d, sorted(self.rng.sample(range(len(d.options)), k)))


JUNK = ("Curse", "Estate", "Copper")

MONEY_FLOOR = 5

IMPROVE_MARGIN = 0.5  # Improve trades a card in play for its upgrade only when that is wanted this much more

THIN = 10  # cards to draw (Exile aside) under which a bot buys a Copper rather than nothing
# Projects worth a cube early, best first: each is bought at most once, so buying never loops.
# Not Cathedral: its trash is not optional, and a simple buyer thins itself down to nothing.
GOOD_PROJECTS = (
    "Innovation",
    "Barracks",
    "Canal",
    "Citadel",
    "Piazza",
    "Academy",
    "Guildhall",
    "Road Network",
    "Fleet",
    "Exploration",
    "Fair",
    "Silos",
    "Sinister Plot",
    "Pageant",
    "City Gate",
    "Star Chart",
    "Crop Rotation",
    "Capitalism",
    "Sewers",
)


class SimplePlayer(RandomPlayer):
    """A modest opponent: plays its Actions and Treasures, buys money and Provinces by the
    usual "Big Money" rule, an Action now and then, and Duchies late in the game."""

    def decide(self, game: Game, d: Decision) -> Any:
        self.reseed(game)
        if d.kind != "turn":
            return self.answer(game, d)
        p = d.player
        acts = game.legal_actions(p)
        plays = [a for a in acts if a.verb == "play"]
        by_name = {c.name: c for c in p.hand.cards}
        actions = [a for a in plays if by_name[a.name or ""].is_("Action") and game.phase == "action"]
        if actions:
            return self.rng.choice(actions)
        treasures = [a for a in plays if by_name[a.name or ""].is_("Treasure")]
        if treasures:
            return treasures[0]
        want = self.purchase(game, p)
        if want and TurnAction("buy", want) in acts:
            return TurnAction("buy", want)
        return TurnAction("end")

    def purchase(self, game: Game, p: Any) -> str | None:
        event = self.event_purchase(game, p) or self.project_purchase(game, p)
        if event:
            return event
        coins, provinces = p.coins, len(game.supply.get("Province", []))
        if coins >= 8:
            return "Province"
        if coins >= 6:
            return "Duchy" if provinces <= 4 else "Gold"
        if coins >= 5 and provinces <= 4:
            return "Duchy"
        if coins >= 2 and provinces <= 2:
            return "Estate"
        owned = deck_cards(p)
        if coins >= 3 and sum(c.is_("Action") for c in owned) * 5 < len(owned):
            options = [
                n
                for n, z in game.supply.items()
                if z.cards and game.db[n].is_("Action") and coins - 2 <= game.cost(game.db[n]) <= coins
            ]
            if options:
                return self.rng.choice(sorted(options))
        if coins < 3 and len(owned) < 8:  # thinned too far (Cathedral, Research): grow back
            return "Copper"
        return "Silver" if coins >= 3 else None

    def event_purchase(self, game: Game, p: Any) -> str | None:
        """An Event when it clearly helps; each is bought at most once a turn, so no loop."""
        events = {d.name for d in game.landscapes if d.kind == "event"}
        if not events:
            return None
        coins, provinces = p.coins, len(game.supply.get("Province", []))
        bought = game.turn.bought_cards

        def ok(name: str) -> bool:
            return name in events and name not in bought and game.why_not(p, TurnAction("buy", name)) is None

        if coins >= 10 and ok("Alliance"):
            return "Alliance"
        if provinces <= 4 and 4 <= coins < 8 and ok("Seize the Day"):
            return "Seize the Day"  # late: an extra turn beats a Duchy
        if (
            coins in (6, 7)
            and game.supply["Curse"].cards
            and ok("Desperation")
            and not any(c.name == "Curse" for c in deck_cards(p))
        ):
            return "Desperation"  # +2 coins and a Buy reach a Province
        if provinces > 4 and coins == 5 and len(p.in_play) <= 5 and ok("Stampede"):
            return "Stampede"
        if coins == 2 and provinces > 2 and ok("Ride"):
            return "Ride"
        return None

    def project_purchase(self, game: Game, p: Any) -> str | None:
        """Early in the game, with a cube left, a Project that uses most of the coins."""
        projects = {d.name for d in game.landscapes if d.kind == "project"}
        provinces = len(game.supply.get("Province", []))
        if not projects or p.cubes < 1 or provinces <= 4 or (p.coins >= 8 and provinces < 7):
            return None  # late, or a Province is affordable: the Province
        for name in GOOD_PROJECTS:
            if (
                name in projects
                and game.cost(game.db[name]) >= p.coins - 1
                and game.why_not(p, TurnAction("buy", name)) is None
            ):
                return name
        return None

    def answer(self, game: Game, d: Decision) -> Any:
        """Judge each question by what it is for (its topic), never at random where it matters."""
        if d.kind == "yesno":
            return [0]
        if d.topic == "way":
            return [0]  # "normal": the card's own text
        by_topic = getattr(self, "answer_" + d.topic, None) if d.topic else None
        if by_topic is not None:
            return one_name(d, by_topic(game, d))
        if d.topic == "react" or d.may_decline:
            return [0] if d.options else []
        if d.kind == "cards" and d.max == 1 and d.options:  # one card to take, no topic: the
            return self.ranked(game, d)[-1:]  # best, never one at random
        k = max(d.min, 1)
        return sorted(self.rng.sample(range(len(d.options)), min(k, len(d.options))))

    # ---- judging cards
    @staticmethod
    def worth(game: Game, option: Any) -> float:
        """How much a card (or pile name) is wanted: junk lowest, Victory cards only late,
        then by cost (a Treasure a little more)."""
        name = option.name if hasattr(option, "name") else str(option)
        if name in JUNK:
            return JUNK.index(name) - len(JUNK)
        d = game.db.defs.get(name)
        if d is None or d.cost is None:
            return 0
        provinces = len(game.supply.get("Province", []))
        if d.is_("Victory") and not d.is_("Action") and not d.is_("Treasure") and provinces > 4:
            return 0.5
        return game.cost(d) + (0.5 if d.is_("Treasure") else 0)

    def drawn_worth(self, game: Game, d: Any) -> float:
        """What a card (its definition) brings to the hand it is drawn in, for a card kept on the
        deck: a Treasure its coins, an Action its worth (half its cost, Bot: its card value), a
        Victory card or a Curse nothing, below any card that does something. Not `worth`, which
        is how much a card is wanted as a gain: late it put a Province above a Gold, and Pursue
        named Province, Star Chart put one on top of a fresh deck. Judged so, each forced, 2,000
        games against main a run (hard, seeds 11, 12): Pursue 54.2% +- 1.7 and 54.5%, Star Chart
        58.1% +- 1.9 and 57.3%, City Gate 60.1% +- 1.6 and 58.7%; normal (seed 12) 54.4%, 54.6%, 53.2%."""
        if dead_in_hand(d):
            return -1.0
        if d.is_("Treasure") and not d.is_("Action"):
            return traits(d).coins + 0.5 * traits(d).buys
        return self.action_drawn(game, d)

    def action_drawn(self, game: Game, d: Any) -> float:
        return self.worth(game, d) / 2

    def drawn_ranked(self, game: Game, d: Decision) -> list[int]:
        """Card options from the least worth drawing to the most (drawn_worth); as listed on a tie."""

        def defn(o: Any) -> Any:  # a card option's definition (an option may be a name alone)
            return getattr(o.value, "defn", None) or game.db[o.label]

        return sorted(range(len(d.options)), key=lambda i: (self.drawn_worth(game, defn(d.options[i])), -i))

    def ranked(self, game: Game, d: Decision) -> list[int]:
        """Option indices from the least worth keeping to the most."""

        def value(i: int) -> Any:
            o = d.options[i]
            return o.value if o.value is not None and hasattr(o.value, "name") else o.label

        return sorted(range(len(d.options)), key=lambda i: (self.worth(game, value(i)), i))

    @staticmethod
    def buying_power(p: Any) -> int:
        """The coins the Treasures it can draw make (those in Exile make none)."""
        return sum(traits(c.defn).coins for c in deck_cards(p) if c.is_("Treasure"))

    @staticmethod
    def instead_of_empty(game: Game, p: Any, want: str | None) -> str | None:
        """Late, with the Duchies or Estates gone: the money the coins buy instead, so that it
        never stops buying (and the game never stalls) while Provinces are left to take."""
        if want in ("Duchy", "Estate") and not game.supply[want].cards:
            level = p.coins + price_cut(game)
            return "Gold" if level >= 6 else "Silver" if level >= 3 else None
        return want

    @staticmethod
    def thinned(game: Game, p: Any) -> bool:
        """Nothing bought this turn and fewer than THIN cards to draw (Exile aside): it has
        thinned itself too far (Cathedral trashes a card every turn), so a Copper, which costs
        nothing, beats buying nothing."""
        return not game.turn.bought_in_phase and bool(game.supply["Copper"].cards) and len(deck_cards(p)) < THIN

    def keeps(self, d: Decision, money: int) -> set[int]:
        """Options that are Treasures it cannot lose without falling under MONEY_FLOOR."""
        if money - 3 >= MONEY_FLOOR:  # no Treasure makes more than 3: the usual case, no look
            return set()
        return {i for i, o in enumerate(d.options) if self.coins_of(o) and money - self.coins_of(o) < MONEY_FLOOR}

    @staticmethod
    def coins_of(option: Any) -> int:
        card = option.value
        return traits(card.defn).coins if hasattr(card, "defn") and card.is_("Treasure") else 0

    def answer_trash(self, game: Game, d: Decision) -> list[int]:
        """Away with Curses, Estates and Coppers; anything else only when it must; never the
        Treasures it needs to go on buying (MONEY_FLOOR) while anything else will do."""
        if game.phase == "cleanup" and d.may_decline:  # Improve: trash only to upgrade
            return self.improve(game, d)
        order = self.ranked(game, d)
        money = self.buying_power(d.player)
        keep = self.keeps(d, money)
        if keep:  # the money it needs goes last
            order = [i for i in order if i not in keep] + [i for i in order if i in keep]
        junk = []
        for i in order:  # junk, as long as what is left still buys
            if d.options[i].label in JUNK:
                loss = self.coins_of(d.options[i])
                if loss and money - loss < MONEY_FLOOR:
                    continue
                money -= loss
                junk.append(i)
        if d.max > 1:
            return junk[: d.max] if len(junk) >= d.min else order[: d.min]
        if junk:
            return [junk[0]]
        return [] if d.may_decline else order[:1]

    answer_exile = answer_trash

    def improve(self, game: Game, d: Decision) -> list[int]:
        """Trash the card in play whose upgrade (the best card costing exactly 1 more) is wanted
        most over it, by the deck's judgement of a gain where the bot has one (a focus Black Cat
        is no longer trashed for a Silver, as the first Action listed with any dearer card was)."""
        judge = getattr(self, "gain_value", None)

        def wanted(name: str) -> float:
            return judge(game, d.player, name) if judge else self.worth(game, name)

        best, best_gain = [], IMPROVE_MARGIN
        for i, o in enumerate(d.options):
            cost = game.cost(game.db[o.label]) + 1
            ups = [n for n, z in game.supply.items() if z.cards and game.cost(game.db[n]) == cost]
            gain = max(map(wanted, ups), default=0.0) - wanted(o.label) if ups else 0.0
            if gain > best_gain:
                best, best_gain = [i], gain
        return best

    def answer_discard(self, game: Game, d: Decision) -> list[int]:
        order = self.ranked(game, d)
        if self.treasure_for_a_gain(d):  # chosen for the gain: the cheapest Treasure pays
            return order[:1]
        junk = [i for i in order if d.options[i].label in JUNK][: d.max]
        # Silos discards every Copper, even when the cards drawn make less on average; kept only
        # when they make more: Silos forced, 2,000 games (hard, seed 11) 49.8% +- 2.0, so not kept
        if d.may_decline or len(junk) >= d.min:  # discarding for a benefit: only junk
            return junk if len(junk) >= d.min else order[: d.min]
        return order[: max(d.min, 1)]

    @staticmethod
    def treasure_for_a_gain(d: Decision) -> bool:
        """One Treasure to discard for a gain (Way of the Rat), asked after the Way was chosen
        for that gain: the judgement counted the cheapest Treasure's coins, and declining would
        waste the play (a Silver kept lost the copy and the card's own text)."""
        return (
            d.max == 1
            and d.may_decline
            and " to gain " in d.prompt
            and all(getattr(o.value, "is_", lambda t: False)("Treasure") for o in d.options)
        )

    def answer_gain(self, game: Game, d: Decision) -> list[int]:
        """The best card on offer, but never a Curse by choice."""
        order = [i for i in reversed(self.ranked(game, d)) if d.options[i].label != "Curse"]
        if not order:
            return [] if d.may_decline else [0]
        return [order[0]]

    answer_exile_supply = answer_gain  # set aside the best card, to gain its copies cheaply later

    def answer_to_hand(self, game: Game, d: Decision) -> list[int]:
        """One card put into the hand (Border Guard's revealed pair, Mountain Village's discard
        pile): the best, where a question without a topic was answered at random."""
        return self.ranked(game, d)[-1:]

    def answer_play(self, game: Game, d: Decision) -> list[int]:
        order = self.ranked(game, d)
        return [order[-1]] if order else []

    def answer_topdeck(self, game: Game, d: Decision) -> list[int]:
        """A card put on the deck (Star Chart's, Transport's): the one worth most in the next hand."""
        return list(reversed(self.drawn_ranked(game, d)))[: d.max]

    def answer_order(self, game: Game, d: Decision) -> list[int]:
        """Cards put back: the best ends on top (named first). Simultaneous effects: as listed."""
        if d.kind == "cards":
            return list(reversed(self.drawn_ranked(game, d)))[: d.max]
        if d.max == 1:  # which trigger first: one that can act now, to bring what the others need
            return [next((i for i, o in enumerate(d.options) if can_act(game, d, o.value)), 0)]
        return list(range(max(d.min, 1)))

    def answer_mode(self, game: Game, d: Decision) -> list[int]:
        """Several modes: the first ones offered (cards before coins before gains); one: the first.
        Sinister Plot: add tokens until 2, then draw them."""
        labels = [o.label for o in d.options]
        if labels == ["add", "draw"] and d.player.tokens.get("plot", 0) >= 2:
            return [1]
        return list(range(max(d.min, 1)))

    def answer_name(self, game: Game, d: Decision) -> list[int]:
        """Naming a card (Pursue: the top 4 cards that match go back, the rest are discarded): the
        card of the deck to draw that most betters the next hand, its share of that deck times
        its worth drawn over the average card's; the deck and discard pile when under 4 cards
        are left to draw (the reveal shuffles)."""
        p = d.player
        pile = p.deck.cards if len(p.deck.cards) >= 4 else p.deck.cards + p.discard.cards
        labels = [o.label for o in d.options]
        if not pile:
            return [labels.index("Gold")] if "Gold" in labels else [0]
        copies = Counter(c.name for c in pile)
        worth = {c.name: self.drawn_worth(game, c.defn) for c in pile}
        mean = sum(copies[n] * worth[n] for n in copies) / len(pile)
        best = max(worth, key=lambda n: (copies[n] * (worth[n] - mean), worth[n], n))
        return [labels.index(best)] if best in labels else [0]

    def answer_set_aside(self, game: Game, d: Decision) -> list[int]:
        """Delay: set aside its best Action only when it could not play it this turn."""
        if d.player.actions > 0 and game.phase == "action" or not d.options:
            return []
        return [self.ranked(game, d)[-1]]

    def answer_pay(self, game: Game, d: Decision) -> list[int]:
        labels = [o.label for o in d.options]
        if "pay" in labels:
            return [labels.index("pay")]
        return [self.ranked(game, d)[0]]
