"""A hint for the player: expert's move for the question now asked, as the player would type
it, and one sentence saying why. Fast enough for the keyboard (benchmarks/hint_speed.py): it
uses expert's plan for this kingdom when expert already thought of it (an expert in the game
thinks before the first turn), else hard's plan, and never changes the game.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.decisions import Decision, TurnAction
from ..core.game import Game
from ..core.model import count, grouped
from .endgame import buy_gains, judge
from .expert import THINK_CACHE, Expert, Strategy
from .search import Searched
from .traits import drawn_now, is_junk, traits

END_WORDS = {"win": "win", "tie": "share the win", "lose": "lose"}


def planned(game: Game) -> Strategy:
    """The plan an expert in this game chose, if one did; else hard's plan (no time to think)."""
    c = game.config
    for (_, kingdom, landscapes, players), s in THINK_CACHE.items():
        if kingdom == tuple(c.kingdom) and landscapes == tuple(c.landscapes) and players == len(c.players):
            return s
    return Strategy()


def hint(game: Game, d: Decision) -> tuple[str, str]:
    """(what to type, why): expert's answer to this question and a one-sentence reason."""
    s = planned(game)
    bot = Expert(game.config.seed + d.player.index, strategy=s)
    answer = bot.decide(game, d)
    if plays_all(game, d, bot, answer):
        return "play all", "Their coins count towards this turn's buy."
    found = bot.searched  # when not None, its choice is the answer
    if found is not None and found.chosen != found.own:
        return typed(d, answer), searched_reason(found)
    return typed(d, answer), reason(game, d, answer, s)


def searched_reason(found: Searched) -> str:
    """Why a buy the endgame search chose over the plan's: how the playouts went."""
    wins, played = found.won(found.chosen)
    own = found.won(found.own)[0]
    return f"Played out {played} times from here, this buy won {wins:g} games; buying {found.own.name or 'nothing'} won {own:g}."


def plays_all(game: Game, d: Decision, bot: Expert, answer: Any) -> bool:
    """The move is one of 2 or more Treasures in hand that expert plays every one of, and `play
    all` plays them all (none asks a question): one hint, not one per Treasure. Not while it
    would keep some back for its buy (Hostelry's Horses, Enhance) or play the best next (Kiln)."""
    if not (isinstance(answer, TurnAction) and answer.verb == "play"):
        return False
    if game.db[answer.name or ""].is_("Action"):
        return False
    p = d.player
    hand = [c for c in p.hand.cards if "Treasure" in game.types_of(c)]  # Capitalism's Actions too
    if len(hand) < 2 or any(c.is_("Action") or c.defn.modes for c in hand):
        return False
    return not bot.copy_waiting(game, p) and (p.buys != 1 or bot.keep_back(game, p) is None)


def typed(d: Decision, answer: Any) -> str:
    """The answer as a line the interpreter reads back to the same answer."""
    if isinstance(answer, TurnAction):
        return str(answer)
    if d.kind == "yesno" or one_reaction(d):  # asked as "1. yes, or no."
        return "yes" if answer == [0] else "no"
    if not answer:
        return "none"
    return ", ".join(str(i + 1) for i in answer)


def one_reaction(d: Decision) -> bool:
    """A reaction that may be declined, asked as a question of its own ("Discard your exiled
    Province? 1. yes, or no."): its option's label (the trigger's source) is never shown."""
    return d.topic == "react" and len(d.options) == 1 and d.may_decline


def reason(game: Game, d: Decision, answer: Any, s: Strategy) -> str:
    """One sentence: why this answer, in the plan's terms."""
    p = d.player
    if isinstance(answer, TurnAction):
        return turn_reason(game, p, answer, s)
    if d.kind == "yesno":
        return f"{'Yes' if answer == [0] else 'No'}: that does this deck more good here."
    names = [d.options[i].label for i in answer]
    chosen = grouped(names) if names else "none"  # "3 Coppers", as the game says it elsewhere
    topic = d.topic
    if topic in ("trash", "exile", "exile_from_hand"):
        return lost_reason(game, d, names, chosen)
    if topic == "discard":
        return f"Discard {chosen}: the cards least worth keeping." if names else "Keep every card: each one helps."
    if topic in ("gain", "exile_supply"):
        return f"{chosen}: the card worth most to this deck now."
    if topic == "to_hand":
        return f"{chosen}: the card that does most for this turn."
    if topic == "way":
        return (
            f"{chosen}: the card's own text does more here than any Way."
            if names == ["normal"]
            else f"{chosen}: here the Way does more than the card's own text."
        )
    if topic == "react":
        if not names and any(o.label == "Exile" for o in d.options):  # exiled junk comes home no more
            return "Kept in Exile, the junk never comes back to your hand."
        if not names:
            return "Better not to react this time."
        return "It helps here, and it costs nothing." if one_reaction(d) else f"{chosen}: it helps, and costs nothing."
    if topic == "order" and len(names) == 1:  # which of several triggers resolves first
        return f"{chosen} first: in this order they do most."
    if topic == "pay":  # a card bought by trashing a card instead (Animal Fair)
        return "Pay: the coins cost less than any card here." if names == ["pay"] else f"Trash {chosen}: it costs less."
    if topic in CHOSEN:
        picked, declined = CHOSEN[topic]
        return picked.format(chosen) if names else declined
    if topic == "mode" and len(names) == 1:
        return MODES.get(tuple(o.label for o in d.options), {}).get(names[0], f"{chosen}: it does most here.")
    return f"{chosen}: of these, it does this deck most good."


def lost_reason(game: Game, d: Decision, names: list[str], chosen: str) -> str:
    """Why these cards are trashed or exiled: traded for a dearer card (Improve, Enhance), junk
    thinned out, or, where a card must go (Cathedral), the one this deck misses least."""
    if not names:
        return "Nothing worth losing here: every card left helps this deck."
    trade = _TRADE.search(d.prompt)
    if trade:
        return f"{chosen} for a card costing {trade.group(1)} more: the new card does this deck more good."
    if all(is_junk(game, n) for n in names):
        return f"Away with {chosen}: a thinner deck draws its good cards more often."
    return f"{chosen}: of these, the card this deck misses least."


# A trash that gains a dearer card: "to gain a card costing exactly 1 more?" (Improve, Enhance)
_TRADE = re.compile(r"to gain (?:a card|one) costing ((?:exactly|up to) \d+) more")

# A question's reason by its topic: (a card picked, none picked)
CHOSEN = {
    "topdeck": ("{} goes onto your deck, to be drawn next.", "Nothing goes on top: the deck is better as it is."),
    "play": ("{}: the card worth most played now.", "None: nothing here is worth playing now."),
    "set_aside": ("{} waits for your next turn, where it does more.", "Keep them: each does most this turn."),
    "name": ("{}: naming it keeps it on your deck.", "None: no name is worth it."),
}


# A mode's reason, by the question's modes (the bots answer these by the same labels)
MODES = {
    ("hand", "deck"): {
        "hand": "Into your hand: it can still be played this turn.",
        "deck": "Onto your deck: this turn it could not be played, next turn it can.",
    },
    ("exile", "deck"): {
        "deck": "Onto your deck: the exiled Action comes home, to be drawn next.",
        "exile": "Exile one: it waits on your mat, and comes home when you gain a copy.",
    },
    ("coins", "replay"): {
        "replay": "Replay: the Action played again does more now than 2 coins.",
        "coins": "Coins: 2 coins do more now than any Action in play played again.",
    },
    ("trash", "gain", "key"): {
        "gain": "Gain: a Treasure worth 2 coins or more lies in the trash.",
        "trash": "Trash a Copper: the deck is better without it.",
        "key": "The Key: 1 more coin at the start of each of your turns.",
    },
    ("add", "draw"): {
        "add": "Add a token: drawn together later, they bring more cards.",
        "draw": "Draw: the tokens are worth drawing now.",
    },
}


def turn_reason(game: Game, p: Any, act: TurnAction, s: Strategy) -> str:
    """Why this move: the move itself is what `typed` says, so the reason does not repeat it."""
    provinces = len(game.supply.get("Province", []))
    if act.verb == "play":
        d = game.db[act.name or ""]
        t = traits(d)
        if d.is_("Treasure") and not d.is_("Action"):
            return "Its coins count towards this turn's buy."
        if t.actions >= 2:
            return "Play it first: its Actions let you play the other Actions after it."
        cards = drawn_now(t)
        if cards and t.actions:
            return "It replaces itself and leaves an Action to play."
        if cards:
            return f"{count(cards, 'more card')} make{'s' if cards == 1 else ''} a bigger hand to buy with."
        return "It is the best Action left to play."
    if act.verb == "buy":
        name = act.name or ""
        d = game.db[name]
        end = judge(game, p, buy_gains(game, p, name))  # None: the game goes on
        if end is not None:
            return f"It ends the game, and you {END_WORDS[end]}."
        if name == "Province":
            return f"{d.vp} points, the best buy at {count(game.cost(d), 'coin')}."  # 7 with Canal
        if d.is_("Victory") and not d.is_("Action") and not d.is_("Treasure"):
            if game.game_should_end():  # a pile already empty: this turn, or Fleet's round, is the last
                return "The game is ending: only points count now."
            return f"With {count(provinces, 'Province')} left, points count for more than money now."
        if d.kind in ("event", "project") and traits(d).extra_turn:  # bought late: Bot.extra_turn
            return "An extra turn is worth more than the points these coins would buy."
        if d.kind == "project":
            return "It lasts all game: bought now, it does more than the card these coins would buy."
        if d.kind == "event" and "gain a Curse" in d.text:  # bought only to reach a Province: Bot.event_value
            return "A Curse for its 2 coins buys a Province this turn."
        if d.kind == "event":
            return "Now it is worth more than the card these coins would buy."
        if s.cards and any(n == name for n, _ in s.cards) or s.engine and d.kind == "kingdom":
            return f"The plan for this kingdom is {s.label}."
        if name == "Gold" and p.coins >= game.cost(game.db["Province"]):
            return "The deck needs more money before it turns to Provinces."
        if name in ("Gold", "Silver"):
            return "Money makes the next hands stronger."
        return f"The kingdom card that helps this deck most for {count(game.cost(d), 'coin')}."
    if act.verb == "coffers":
        return "A Coffers reaches the next price that matters."
    if act.verb == "villager":
        return "A Villager gives the Action for a card still in your hand."
    if provinces == 1 and p.coins >= game.cost(game.db["Province"]):
        return "Taking the last Province now would lose the game."
    return "Nothing left is worth playing or buying."
