"""Menagerie's Kingdom cards costing 5 to 7, one section per card, in cost order.

Each section holds the card's effect and its definition. `text` is the project's own wording,
read by `describe`; `notes` is the ruling a player is most likely to trip over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dominion_tui.core.dsl import (
    ACTION,
    ATTACK,
    DURATION,
    REACTION,
    TREASURE,
    CardDef,
    Ctx,
    Event,
    exile_from_hand,
    mine,
    now_or_next,
    plus,
    reaction_trigger,
)
from dominion_tui.core.model import Card, Player, Trigger, TurnTrigger
from dominion_tui.core.registry import CardDB

from .common import EXILE, HORSE, gain_horses, kingdom

if TYPE_CHECKING:  # pragma: no cover
    from dominion_tui.core.game import Game

CARDS: list[CardDef] = []


def card(d: CardDef) -> CardDef:
    CARDS.append(d)
    return d


# --- Barge --------------------------------------------------------------------------------------
card(
    kingdom(
        "Barge",
        5,
        (ACTION, DURATION),
        "Either now or at the start of your next turn: +3 Cards and +1 Buy.",
        now_or_next(plus(cards=3, buys=1)),
        modes=("now", "next"),
        notes="Each play chooses separately; it stays in play only if a play chose next turn.",
    )
)


# --- Coven --------------------------------------------------------------------------------------
def coven(ctx: Ctx) -> None:
    plus(actions=1, coins=2)(ctx)
    for q in ctx.other_players():  # in turn order: the Curses may run out part way round
        them = ctx.as_player(q)
        if ctx.game.supply["Curse"].cards:
            them.exile_from_supply("Curse")
        else:
            them.discard_all(c for c in q.exile.cards if c.name == "Curse")


card(
    kingdom(
        "Coven",
        5,
        (ACTION, ATTACK),
        "+1 Action. +2 coins. Each other player Exiles a Curse from "
        "the Supply. If they can't, they discard their Exiled Curses.",
        coven,
        uses=EXILE,
        notes="In turn order, so one player may Exile the last Curse and the next discard theirs.",
        coin_text=True,
    )
)


# --- Displace -----------------------------------------------------------------------------------
def displace(ctx: Ctx) -> None:
    card = exile_from_hand(ctx, "Exile a card from your hand.")
    if card is None:
        return
    limit = ctx.cost(card) + 2
    ctx.gain_from_supply(
        f"Gain a card other than {card.name} costing up to {limit}.",
        lambda d: d.name != card.name and ctx.cost(d) <= limit,
    )


card(
    kingdom(
        "Displace",
        5,
        (ACTION,),
        "Exile a card from your hand. Gain a differently named card costing up to 2 more than it.",
        displace,
        uses=EXILE,
        notes="The card gained may cost less: Exile a Province, gain a Gold.",
    )
)


# --- Falconer -----------------------------------------------------------------------------------
def falconer(ctx: Ctx) -> None:
    limit = ctx.cost(ctx.card) if ctx.card is not None else 5
    ctx.gain_from_supply(
        f"Gain a card costing less than {limit} into your hand.", lambda d: ctx.cost(d) < limit, to="hand"
    )


def _gains_two_types(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    """Its types as they are now: with Capitalism an Action with +coins is also a Treasure."""
    return ev.card is not None and len(game.types_of(ev.card)) >= 2


card(
    kingdom(
        "Falconer",
        5,
        (ACTION, REACTION),
        "Gain a card costing less than this into your hand. "
        "When any player gains a card with 2 or more types, you may play this from your hand.",
        falconer,
        triggers=(reaction_trigger("gain", _gains_two_types),),
        notes="It reacts on anyone's turn, even to a Falconer it just gained into your hand.",
    )
)


# --- Fisherman ----------------------------------------------------------------------------------
def _fisherman_cost(game: Game, d: CardDef) -> int:
    return (d.cost or 0) - (0 if game.current.discard.cards else 3)


card(
    kingdom(
        "Fisherman",
        5,
        (ACTION,),
        "+1 Card. +1 Action. +1 coin. On your turns, if your discard pile is empty, this costs 3 less.",
        plus(cards=1, actions=1, coins=1),
        cost_fn=_fisherman_cost,
        plural="Fishermen",
        notes="Once a Fisherman you gain lands in your discard pile, the next one costs 5 again.",
        coin_text=True,
    )
)


# --- Gatekeeper ---------------------------------------------------------------------------------
def _gate_applies(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    c = ev.card
    return (
        ev.player is owner
        and c is not None
        and (game.is_(c, ACTION) or game.is_(c, TREASURE))
        and not any(x.name == c.name and x is not c for x in owner.exile.cards)
    )


def _gate_exile(ctx: Ctx, ev: Event) -> None:
    if ev.card_still_there():
        ctx.exile(ev.the_card)


GATEKEEPER_ATTACK = Trigger("gain", _gate_exile, condition=_gate_applies, follows_card=True)


def gatekeeper(ctx: Ctx) -> None:
    ctx.next_turn(plus(coins=3), gives=frozenset())
    ctx.until_my_next_turn(GATEKEEPER_ATTACK, "Gatekeeper")


card(
    kingdom(
        "Gatekeeper",
        5,
        (ACTION, DURATION, ATTACK),
        "At the start of your next turn, +3 coins. "
        "Until then, when another player gains an Action or Treasure they have no copy of in "
        "Exile, they Exile it.",
        gatekeeper,
        uses=EXILE,
        notes="Whether they have an Exiled copy is judged as the card is gained; a card that has "
        "already moved is not Exiled.",
        coin_text=True,
    )
)


# --- Hunting Lodge ------------------------------------------------------------------------------
def hunting_lodge(ctx: Ctx) -> None:
    plus(cards=1, actions=2)(ctx)
    hand = ctx.player.hand
    if ctx.yes_no(f"Discard your hand of {len(hand)} cards to draw 5?"):
        ctx.discard_all(hand.cards)
        ctx.cards(5)


card(
    kingdom(
        "Hunting Lodge",
        5,
        (ACTION,),
        "+1 Card. +2 Actions. You may discard your hand for +5 Cards.",
        hunting_lodge,
        notes="The 5 cards may include the ones just discarded, if your deck runs out and is reshuffled.",
    )
)


# --- Kiln ---------------------------------------------------------------------------------------


def kiln(ctx: Ctx) -> None:
    ctx.coins(2)
    handle: list[TurnTrigger] = []

    def copy_next(c: Ctx, ev: Event) -> None:
        c.end_this_turn(handle[0])  # only the very next card played, whatever is answered
        name = ev.the_card.name
        pile = c.game.supply.get(name)
        if pile is not None and pile.cards and c.yes_no(f"Gain a copy of {name} first?"):
            c.gain(name)

    handle.append(ctx.this_turn(Trigger("play", copy_next, condition=mine), "Kiln"))


card(
    kingdom(
        "Kiln",
        5,
        (ACTION,),
        "+2 coins. The next time you play a card this turn, you may first gain a copy of it.",
        kiln,
        notes="Any card, Treasures too, and even when it is played with a Way.",
        coin_text=True,
    )
)


# --- Livery -------------------------------------------------------------------------------------
def _you_gain_costing_4(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return ev.player is owner and ev.card is not None and game.cost(ev.card.defn) >= 4


def livery(ctx: Ctx) -> None:
    ctx.coins(3)
    ctx.this_turn(Trigger("gain", lambda c, ev: c.gain("Horse"), condition=_you_gain_costing_4), "Livery")


card(
    kingdom(
        "Livery",
        5,
        (ACTION,),
        "+3 coins. This turn, when you gain a card costing 4 or more, gain a Horse.",
        livery,
        uses=HORSE,
        notes="Each Livery played adds another Horse per such gain.",
        coin_text=True,
    )
)


# --- Mastermind ---------------------------------------------------------------------------------
def mastermind_now(ctx: Ctx) -> None:
    actions = [c for c in ctx.player.hand.cards if ctx.is_(c, ACTION)]
    card = ctx.choose_card(actions, "Play an Action from your hand 3 times?", optional=True, topic="play")
    if card is None:
        return
    for i in range(3):
        ctx.play(card, move=i == 0)


card(
    kingdom(
        "Mastermind",
        5,
        (ACTION, DURATION),
        "At the start of your next turn, you may play an Action from your hand 3 times.",
        lambda ctx: ctx.next_turn(mastermind_now),
        notes="The plays use no Actions. It stays in play while a Duration it played does; a Horse "
        "played this way returns to its pile once.",
    )
)


# --- Paddock ------------------------------------------------------------------------------------
def paddock(ctx: Ctx) -> None:
    ctx.coins(2)
    gain_horses(ctx, 2)
    ctx.actions(ctx.empty_supply_piles())


card(
    kingdom(
        "Paddock",
        5,
        (ACTION,),
        "+2 coins. Gain 2 Horses. +1 Action per empty Supply pile.",
        paddock,
        uses=HORSE,
        notes="The Horse pile is not in the Supply and never counts.",
        coin_text=True,
    )
)


# --- Sanctuary ----------------------------------------------------------------------------------
def sanctuary(ctx: Ctx) -> None:
    plus(cards=1, actions=1, buys=1)(ctx)
    exile_from_hand(ctx, "Exile a card from your hand?", optional=True)


card(
    kingdom(
        "Sanctuary",
        5,
        (ACTION,),
        "+1 Card. +1 Action. +1 Buy. You may Exile a card from your hand.",
        sanctuary,
        uses=EXILE,
    )
)


# ================================================================================ cost 6
# --- Destrier -----------------------------------------------------------------------------------
def _destrier_cost(game: Game, d: CardDef) -> int:
    mine = sum(1 for p, _ in game.turn.gained if p is game.current)
    return (d.cost or 0) - mine


card(
    kingdom(
        "Destrier",
        6,
        (ACTION,),
        "+2 Cards. +1 Action. On your turns, this costs 1 less for each card you have gained this turn.",
        plus(cards=2, actions=1),
        cost_fn=_destrier_cost,
        notes="Only the gains of the player whose turn it is count; Curses you give out do not.",
    )
)


# --- Wayfarer -----------------------------------------------------------------------------------
def _last_other_gain(game: Game) -> CardDef | None:
    for _, c in reversed(game.turn.gained):
        if c.name != "Wayfarer":
            return c.defn
    return None


def wayfarer(ctx: Ctx) -> None:
    ctx.cards(3)
    if ctx.game.supply["Silver"].cards and ctx.yes_no("Gain a Silver?"):
        ctx.gain("Silver")


card(
    kingdom(
        "Wayfarer",
        6,
        (ACTION,),
        "+3 Cards. You may gain a Silver. This costs the same as the last other card gained this turn, if any.",
        wayfarer,
        cost_copy=_last_other_gain,
        notes="It copies that card's cost as it is now, with any changes already in it.",
    )
)


# ================================================================================ cost 7
# --- Animal Fair --------------------------------------------------------------------------------
def animal_fair(ctx: Ctx) -> None:
    ctx.coins(4)
    ctx.buys(ctx.empty_supply_piles())


card(
    kingdom(
        "Animal Fair",
        7,
        (ACTION,),
        "+4 coins. +1 Buy per empty Supply pile. Instead of paying "
        "for this, you may trash an Action card from your hand.",
        animal_fair,
        pay_instead=lambda game, p: [c for c in p.hand.cards if game.is_(c, ACTION)],
        notes="Bought by trashing, it still costs 7 for everything else, and still uses a Buy.",
        coin_text=True,
    )
)


def register(db: CardDB) -> None:
    for d in CARDS:
        db.add(d)
