"""Card traits: what a card (or Event, Way, Project) surely does, read once from its rules text,
corrected by DECLARED where the text cannot say it. The bots judge cards by these, so a new card
needs no new bot code; tests/test_bot_traits.py pins every card's traits, so a reworded card
cannot change how the bots play it unnoticed.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from ..core.game import Game


@dataclass(frozen=True)
class Traits:
    """What a card (or Event, Way, Project) does, read once from its text: the bots judge
    cards by these, so a new card needs no new bot code."""

    cards: int = 0
    actions: int = 0
    buys: int = 0
    coins: int = 0
    trashes: bool = False
    gains: bool = False
    attack: bool = False
    off_turn_attack: bool = False  # the attack hits only "if it is not your turn" (Black Cat): none on its owner's turn
    vp: int = 0
    horses: int = 0
    coffers: int = 0
    villagers: int = 0
    returns: bool = False  # "Return this to its pile", "Exile it", "Trash this": the card is lost
    gain_up_to: int = 0  # the cost of the best card a gain reaches ("a Gold": 6), 0 when unknown
    upgrade: int = 0  # gains a card costing this much more than the one it removes
    exiles: bool = False  # Exiles a card from the hand: it thins the deck like trashing
    plays: bool = False  # plays an Action card from elsewhere (hand, discard pile, set aside)
    extra_turn: bool = False
    discards_hand: bool = False  # "Discard your hand." first: what it draws replaces the hand
    ignores_actions: bool = False  # once played, further +Actions this turn (Villagers too) give none
    # when gained, it does something with Treasures left in the hand (Hostelry's Horses, Ducat's
    # trashed Copper): a buy of it plays only the Treasures it needs and keeps the others back
    gain_treasures: bool = False
    copies_next: bool = False  # the next card played this turn may first be gained (Kiln): the best goes next
    repeats: int = 0  # plays an Action from the hand this many times, next turn (Mastermind 3)
    gain_villagers: int = 0  # Villagers when gained (Lackeys, Silk Merchant): Actions banked when bought
    turn_actions: int = 0  # +Actions at the start of each of the owner's turns (a Project: Barracks)
    # the card played comes back for the next turn, set aside to be played then (Turtle) or put
    # onto the deck from play (Frog): its own play, and a Horse's return, only wait
    next_turn: bool = False
    must_trash: bool = False  # "Trash a card from your hand", no "may": a play destroys a card (Research)
    # the cards counted come on later turns, none from the play itself (the Flag's card at the
    # start of each turn, Research's set-aside cards): what a card is worth, not what it draws now
    cards_later: bool = False


def _num(pattern: str, text: str) -> int:
    found = [m for m in re.findall(pattern, text)]
    return max((int(m) if m.isdigit() else 1 for m in found), default=0)


_TRAITS: dict[str, Traits] = {}
_NEXT_TURN = r"play it at the start of your next turn|When you discard this from play this turn, put it onto your deck"

# What the text parse cannot see, declared per card (cards are data, not bot code): what a card
# is worth in the terms of the other traits.
DECLARED: dict[str, dict[str, Any]] = {
    "Border Guard": {"cards": 1},  # one of the 2 revealed cards comes to hand
    "Mountain Village": {"cards": 1},  # a card from the discard pile, or +1 Card
    # the revealed cards costing 2 to 4 come to hand too. Lost: +3 Cards (a non-terminal +2 net,
    # where a deck of Silvers and cheap villages pulls about 1.5): expert's engine bought it in 977
    # of 1,000 games with Seer forced and won 239.5 points, not 438.5 (benchmarks/unused_cards.py
    # engine Seer 1000; Seer unused by expert, expert.py's candidates)
    "Seer": {"cards": 2},
    "Hunting Lodge": {"cards": 2},  # a bad hand is redrawn
    "Way of the Mole": {"cards": 1},  # +3 Cards after discarding the hand
    "Bounty Hunter": {"coins": 2},  # +3 coins for each new card it exiles: about 2
    "Flag Bearer": {"cards": 1, "cards_later": True},  # takes the Flag: +1 Card each turn
    "Groom": {"horses": 1},  # a Horse, a Silver or +1 Card with what it gains
    "Research": {"cards": 2, "cards_later": True},  # an Estate trashed: 2 cards set aside, in hand next turn
    "Camel Train": {"gain_up_to": 6},  # each gained brings a Gold to Exile, home with the next Gold
    "Way of the Camel": {"gain_up_to": 6},
    "Alliance": {"vp": 10, "gain_up_to": 6},
    "Populate": {"gain_up_to": 5},
    "Gamble": {"plays": True, "coins": 1},  # the top card, played when a Treasure: about 1 coin
    "Pursue": {"coins": 1},  # the top 4 cards sifted for the one named: about 1 coin
    "Enclave": {"vp": 1},  # a Duchy the others cannot have
    "Scrap": {"coins": 1, "cards": 1},  # an Estate trashed: two of +1 Card, +1 Action, +1 Buy, +1 coin, Silver, Horse
    "Sanctuary": {"cards": 2},  # a cantrip with +Buy that Exiles junk: a Laboratory's worth early
}


def certain(text: str) -> str:
    """The sentences a card always does when played: "+1 Card.", "Either now or at the start of
    your next turn: +3 Cards", a Treasure's coins; not what happens only "if" or "when", nor
    "per empty Supply pile" (none most of the game: Paddock is a terminal, Animal Fair has no Buy)."""
    out = []
    for s in re.split(r"(?<=\.) ", text):
        if "per empty Supply pile" in s:
            continue
        if s.startswith(("+", "Either now", "At the start of your next turn", "Treasure", "Gain", "Choose one: +")):
            out.append(s)
    return " ".join(out)


def traits(d: Any) -> Traits:
    t = _TRAITS.get(d.name)
    if t is None:
        text, sure = d.text, certain(d.text)
        if d.kind == "way":  # "Way. Instead of an Action's own instructions: +2 Actions."
            text = text.split(": ", 1)[-1]
            sure = certain(text)
        elif d.kind == "event":  # "Event. +1 Buy. ..."
            text = text.split(". ", 1)[-1]
            sure = certain(text)
        coins = _num(r"\+(\d+) coins?", sure) + _num(r"cards cost (\d+) coins? less this turn", text)
        if d.is_("Treasure"):
            coins = max(coins, _num(r"^Treasure\. (\d+) coins?", text))
        cards = _num(r"\+(\d+) Cards?", sure)
        if "Draw until you have 6" in text:
            cards = 2
        up_to = _num(r"card (?:to your hand )?costing up to (\d+) coins?(?! more)", text)
        if re.search(r"[Gg]ain a card costing less than this", text):
            up_to = (d.cost or 1) - 1
        if re.search(r"[Gg]ain a Gold", text):
            up_to = 6
        fields = dict(
            cards=cards,
            actions=_num(r"\+(\d+) Actions?", sure),
            buys=_num(r"\+(\d+|a) Buy", sure),
            coins=coins,
            trashes=bool(re.search(r"[Tt]rash (a|any|up to \d+) (non-Victory )?card", text)),
            gains=bool(re.search(r"(^|\. )[Gg]ain (a|one|an?) (non-Victory |differently named )?card", text) or up_to),
            attack=d.is_("Attack"),
            off_turn_attack=d.is_("Attack") and "not your turn" in text,
            vp=d.vp,
            horses=_num(r"[Gg]ain (\d+|a) Horses?", sure),
            coffers=_num(r"\+(\d+) Coffers", sure),
            villagers=_num(r"\+(\d+) Villagers?", sure),
            returns=bool(re.search(r"Return this to (?:its|the \w+) pile|(?<!they )Exile it\.|Trash this\.", text)),
            gain_up_to=up_to,
            upgrade=_num(r"costing (?:up to |exactly )?(\d+) (?:coins? )?more", text),
            exiles=bool(re.search(r"Exile (a|any number of) cards? (with the same name )?from your hand", text)),
            plays=bool(re.search(r"\b(?:re)?play (an Action|a non-Command Action|it\b|the set-aside)", text)),
            extra_turn=bool(re.search(r"extra (?:turn|round of turns)", text)),
            discards_hand=bool(re.search(r"(^|\. )Discard your hand", text)),
            ignores_actions="Ignore any further +Actions" in text,
            copies_next="next time you play a card this turn, you may first gain a copy" in text,
            repeats=_num(r"play an Action (?:card )?from your hand (\d+) times", text),
            gain_villagers=_num(r"When you gain (?:or trash )?this,[^.]*\+(\d+) Villagers?", text),
            next_turn=bool(re.search(_NEXT_TURN, text)),
            must_trash=bool(re.search(r"(^|\. )Trash a card from your hand", text)),
            turn_actions=_num(r"^Project\. At the start of your turn, \+(\d+) Actions?\.", d.text),
            gain_treasures=bool(
                re.search(
                    r"When you gain this, you may (?:discard|trash) [^.]*(?:Treasures?|Copper) from your hand", text
                )
            ),
        )
        fields.update(DECLARED.get(d.name, {}))
        fields["gains"] = fields["gains"] or bool(fields["gain_up_to"])
        t = _TRAITS[d.name] = Traits(**fields)
    return t


def drawn_now(t: Traits) -> int:
    """The cards a play puts in the hand this turn: a card counted for later draws none now."""
    return 0 if t.cards_later else t.cards


def actions_ignored(p: Any) -> bool:
    """A card in play this turn makes further +Actions give none: a Villager spent is lost."""
    return any(traits(c.defn).ignores_actions for c in p.in_play.cards)


def is_terminal(t: Traits, d: Any) -> bool:
    return d.is_("Action") and t.actions == 0


def gain_worth(cost: int) -> float:
    """What gaining a card of this cost is worth, in the coins of judgement (Silver 2, Gold 3)."""
    return 0.0 if cost < 2 else 1.0 if cost == 2 else 2.0 if cost <= 4 else 2.5 if cost == 5 else 3.0


def is_junk(game: Game, name: str) -> bool:
    """Curses always; Estates while Provinces remain plenty; Coppers while the deck has money."""
    if name == "Curse":
        return True
    if name == "Estate":
        return len(game.supply.get("Province", [])) > 3
    return name == "Copper" and game.current.turns_taken <= 12


def name_counts(cards: list[Any]) -> Counter[str]:
    """How many copies of each name: what a deck is judged by, each name once."""
    return Counter(map(_NAME, cards))


_NAME = attrgetter("defn.name")


def junk_count(game: Game, cards: list[Any]) -> int:
    """How many of these cards `is_junk`."""
    return sum(k for name, k in name_counts(cards).items() if is_junk(game, name))


def table_line(d: Any) -> str:
    """One card's traits as tests/bot_traits.txt pins them: the name, then what differs from none."""
    t, none = traits(d), Traits()
    fields = [f"{k}={v}" for k, v in vars(t).items() if v != getattr(none, k)]
    return f"{d.name}: {' '.join(fields)}".rstrip()


def table(db: Any) -> list[str]:
    """Every card, Event, Way and Project of the game's cards, by name."""
    return [table_line(d) for d in sorted(db.defs.values(), key=lambda d: d.name)]
