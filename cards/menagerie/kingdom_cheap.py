"""Menagerie's Kingdom cards costing 2 to 4 and the Horse, one section per card, in cost order.

Each section holds the card's effect and its definition. `text` is the project's own wording,
read by `describe`; `notes` is the ruling a player is most likely to trip over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dominion_tui.core.dsl import (
    ACTION,
    ATTACK,
    DURATION,
    GIVES_HAND,
    REACTION,
    TREASURE,
    VICTORY,
    CardDef,
    Ctx,
    Event,
    discard_revealed,
    exile_from_hand,
    mine,
    now_or_next,
    plus,
    reaction_trigger,
    trash_from_hand,
    treasure,
)
from dominion_tui.core.model import Card, Player, Trigger
from dominion_tui.core.registry import CardDB

from .common import EXILE, HORSE, SET, gain_horses, kingdom

if TYPE_CHECKING:  # pragma: no cover
    from dominion_tui.core.game import Game

CARDS: list[CardDef] = []


def card(d: CardDef) -> CardDef:
    CARDS.append(d)
    return d


# --- Horse (not in the Supply) ------------------------------------------------------------------
def horse(ctx: Ctx) -> None:
    plus(cards=2, actions=1)(ctx)
    ctx.return_this()


card(
    CardDef(
        "Horse",
        "nonsupply",
        SET,
        "+2 Cards. +1 Action. Return this to the Horse pile.",
        cost=3,
        types=frozenset({ACTION}),
        play=horse,
        pile_size=30,
        notes="Not in the Supply: it cannot be bought, only gained. Returning it is not trashing it.",
    )
)


# ================================================================================ cost 2
# --- Black Cat ----------------------------------------------------------------------------------
def black_cat(ctx: Ctx) -> None:
    ctx.cards(2)
    if not ctx.my_turn:
        for p in ctx.other_players():
            ctx.as_player(p).gain("Curse")


def _other_gains_victory(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return ev.player is not owner and ev.card is not None and game.is_(ev.card, VICTORY)


card(
    kingdom(
        "Black Cat",
        2,
        (ACTION, ATTACK, REACTION),
        "+2 Cards. If it is not your turn, each "
        "other player gains a Curse. When another player gains a Victory card, you may play this "
        "from your hand.",
        black_cat,
        triggers=(reaction_trigger("gain", _other_gains_victory),),
        notes="Played on your own turn it only draws. A Black Cat it draws may react to the same gain.",
    )
)


# --- Sleigh -------------------------------------------------------------------------------------
def sleigh(ctx: Ctx) -> None:
    gain_horses(ctx, 2)


def _sleigh_can_move(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return ev.player is owner and ev.card_still_there()


def _sleigh_question(game: Game, ev: Event, owner: Player, card: Card | None) -> str:
    return f"Discard {card.name if card else 'it'} to put the {ev.the_card.name} into your hand or onto your deck?"


def _sleigh_react(ctx: Ctx, ev: Event) -> None:
    if ctx.card is None or ctx.card.zone is not ctx.player.hand:
        return
    ctx.discard(ctx.card)
    where = ctx.choose_mode(f"Put the {ev.the_card.name} into your hand or onto your deck?", ["hand", "deck"])
    if not ev.card_still_there():  # something moved it first: Sleigh cannot follow it
        return
    if where == "hand":
        ctx.put_in_hand(ev.the_card)
    else:
        ctx.put_on_deck(ev.the_card)


# No `gives`: the reaction brings only the gained card to hand, and no "when you gain this" trigger
# waits for its own card there, so it never needs to be ordered before one.
card(
    kingdom(
        "Sleigh",
        2,
        (ACTION, REACTION),
        "Gain 2 Horses. When you gain a card, you may discard "
        "this from your hand to put that card into your hand or onto your deck.",
        sleigh,
        uses=HORSE,
        triggers=(
            Trigger(
                "gain",
                _sleigh_react,
                where="hand",
                condition=_sleigh_can_move,
                optional=True,
                question=_sleigh_question,
                follows_card=True,
            ),
        ),
        notes="It can move a card gained anywhere, but not one that something else has moved since.",
    )
)


# --- Supplies -----------------------------------------------------------------------------------
def supplies_horse(ctx: Ctx) -> None:
    ctx.gain("Horse", to="deck")


card(
    treasure(
        "Supplies",
        2,
        1,
        set=SET,
        kind="kingdom",
        pile_size=10,
        text="Treasure. 1 coin. When you play this, gain a Horse onto your deck.",
        extra=supplies_horse,
        uses=HORSE,
    )
)


# ================================================================================ cost 3
# --- Camel Train --------------------------------------------------------------------------------
def camel_train(ctx: Ctx) -> None:
    name = ctx.choose_supply(
        "Exile which non-Victory card from the Supply?", lambda d: not ctx.is_(d, VICTORY), topic="exile_supply"
    )
    if name:
        ctx.exile_from_supply(name)


card(
    kingdom(
        "Camel Train",
        3,
        (ACTION,),
        "Exile a non-Victory card from the Supply. When you gain this, Exile a Gold from the Supply.",
        camel_train,
        uses=EXILE,
        triggers=(Trigger("gain", lambda ctx, ev: ctx.exile_from_supply("Gold"), where="self", condition=mine),),
        notes="Exiling from the Supply is not gaining: no when-gain abilities happen.",
    )
)


# --- Goatherd -----------------------------------------------------------------------------------
def goatherd(ctx: Ctx) -> None:
    ctx.actions(1)
    trash_from_hand(ctx, "Trash a card from your hand?", optional=True)
    ctx.cards(ctx.trashed_last_turn(ctx.player_to_right()))


card(
    kingdom(
        "Goatherd",
        3,
        (ACTION,),
        "+1 Action. You may trash a card from your hand. +1 Card for "
        "each card the player to your right trashed on their last turn.",
        goatherd,
        notes="You draw for their trashing even if you trash nothing yourself.",
    )
)


# --- Scrap --------------------------------------------------------------------------------------
SCRAP_MODES = ["card", "action", "buy", "coin", "silver", "horse"]
SCRAP_DO = {
    "card": lambda c: c.cards(1),
    "action": lambda c: c.actions(1),
    "buy": lambda c: c.buys(1),
    "coin": lambda c: c.coins(1),
    "silver": lambda c: c.gain("Silver"),
    "horse": lambda c: c.gain("Horse"),
}


def scrap(ctx: Ctx) -> None:
    trashed = trash_from_hand(ctx, "Trash a card from your hand.")
    if trashed is None:
        return
    n = min(ctx.cost(trashed), len(SCRAP_MODES))
    picked = set(ctx.choose_modes(f"{trashed.name} cost {n}: choose {n} different bonuses.", SCRAP_MODES, n))
    for mode in SCRAP_MODES:  # resolved in the printed order, whatever order they were named in
        if mode in picked:
            SCRAP_DO[mode](ctx)


card(
    kingdom(
        "Scrap",
        3,
        (ACTION,),
        "Trash a card from your hand. For each coin it costs, choose a "
        "different one: +1 Card, +1 Action, +1 Buy, +1 coin, gain a Silver, gain a Horse.",
        scrap,
        uses=HORSE,
        modes=tuple(SCRAP_MODES),
        notes="The bonuses happen in the printed order. A card costing 6 or more gives all six.",
        coin_text=True,
    )
)


# --- Sheepdog -----------------------------------------------------------------------------------
card(
    kingdom(
        "Sheepdog",
        3,
        (ACTION, REACTION),
        "+2 Cards. When you gain a card, you may play this from your hand.",
        plus(cards=2),
        triggers=(reaction_trigger("gain", mine),),
        notes="It works on any turn, and a Sheepdog it draws may react to the same gain.",
    )
)


# --- Snowy Village ------------------------------------------------------------------------------
def snowy_village(ctx: Ctx) -> None:
    plus(cards=1, actions=4, buys=1)(ctx)
    ctx.modify_this_turn("plus_actions", lambda g, p, n: 0, everyone=False)


card(
    kingdom(
        "Snowy Village",
        3,
        (ACTION,),
        "+1 Card. +4 Actions. +1 Buy. Ignore any further +Actions you would get this turn.",
        snowy_village,
        notes="Actions you already have stay. Later +Actions are lost, from Villagers too.",
    )
)


# --- Stockpile ----------------------------------------------------------------------------------
def stockpile(ctx: Ctx) -> None:
    ctx.buys(1)
    if ctx.this_unmoved():
        ctx.exile(ctx.this)


card(
    treasure(
        "Stockpile",
        3,
        3,
        set=SET,
        kind="kingdom",
        pile_size=10,
        extra=stockpile,
        uses=EXILE,
        text="Treasure. 3 coins. +1 Buy. When you play this, Exile it.",
        notes="Gaining another Stockpile lets you discard the Exiled ones, as with any Exiled card.",
    )
)


# ================================================================================ cost 4
# --- Bounty Hunter ------------------------------------------------------------------------------
def bounty_hunter(ctx: Ctx) -> None:
    ctx.actions(1)
    card = exile_from_hand(ctx, "Exile a card from your hand." + _no_bonus(ctx))
    if card is not None and ctx.player.exile.count(card.name) == 1:
        ctx.coins(3)


def _no_bonus(ctx: Ctx) -> str:
    """Which choices give no +3 coins, and why: " No +3 coins for Copper: already in Exile." """
    have = sorted({c.name for c in ctx.player.hand.cards} & set(ctx.player.exile.names()))
    return f" No +3 coins for {' or '.join(have)}: already in Exile." if have else ""


card(
    kingdom(
        "Bounty Hunter",
        4,
        (ACTION,),
        "+1 Action. Exile a card from your hand. If you had no copy of it in Exile, +3 coins.",
        bounty_hunter,
        uses=EXILE,
        notes="With an empty hand there is nothing to Exile and no bonus.",
        coin_text=True,
    )
)


# --- Cardinal -----------------------------------------------------------------------------------
def cardinal(ctx: Ctx) -> None:
    ctx.coins(2)
    for q in ctx.other_players():
        them = ctx.as_player(q)
        shown = them.reveal_top(2)
        fits = [c for c in shown if 3 <= them.cost(c) <= 6]
        chosen = them.choose_card(fits, "Exile which revealed card?", topic="exile") if fits else None
        if chosen is not None:
            them.exile(chosen)
        them.discard_all(c for c in shown if c is not chosen and c.zone is q.revealed)


card(
    kingdom(
        "Cardinal",
        4,
        (ACTION, ATTACK),
        "+2 coins. Each other player reveals the top 2 cards of "
        "their deck, Exiles one costing from 3 to 6, and discards the rest.",
        cardinal,
        uses=EXILE,
        notes="When both revealed cards qualify, the attacked player picks which to Exile.",
        coin_text=True,
    )
)


# --- Cavalry ------------------------------------------------------------------------------------
def cavalry_gained(ctx: Ctx, ev: Event) -> None:
    plus(cards=2, buys=1)(ctx)
    if ctx.in_buy_phase:
        ctx.return_to_action_phase()


card(
    kingdom(
        "Cavalry",
        4,
        (ACTION,),
        "Gain 2 Horses. When you gain this: +2 Cards, +1 Buy, and if it "
        "is your Buy phase, return to your Action phase.",
        lambda ctx: gain_horses(ctx, 2),
        uses=HORSE,
        triggers=(Trigger("gain", cavalry_gained, where="self", condition=mine, gives=GIVES_HAND),),
        notes="Back in the Action phase you keep only the Actions you had left; start-of-turn "
        "abilities do not happen again.",
    )
)


# --- Groom --------------------------------------------------------------------------------------
def groom(ctx: Ctx) -> None:
    got = ctx.gain_from_supply("Gain a card costing up to 4.", lambda d: ctx.cost(d) <= 4)
    if got is None:
        return
    if ctx.is_(got, ACTION):
        ctx.gain("Horse")
    if ctx.is_(got, TREASURE):
        ctx.gain("Silver")
    if ctx.is_(got, VICTORY):
        plus(cards=1, actions=1)(ctx)


card(
    kingdom(
        "Groom",
        4,
        (ACTION,),
        "Gain a card costing up to 4. If it is an Action, gain a Horse; "
        "if a Treasure, gain a Silver; if a Victory card, +1 Card and +1 Action.",
        groom,
        uses=HORSE,
        notes="A card with several of those types gets every matching bonus.",
    )
)


# --- Hostelry -----------------------------------------------------------------------------------
def _treasure_in_hand(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return any(TREASURE in game.types_of(c) for c in owner.hand.cards)


def hostelry_gained(ctx: Ctx, ev: Event) -> None:
    treasures = [c for c in ctx.player.hand.cards if ctx.is_(c, TREASURE)]
    picked = discard_revealed(ctx, treasures, "Discard Treasures from your hand for a Horse each?")
    gain_horses(ctx, len(picked))


card(
    kingdom(
        "Hostelry",
        4,
        (ACTION,),
        "+1 Card. +2 Actions. When you gain this, you may discard any "
        "number of Treasures from your hand, revealed, to gain that many Horses.",
        plus(cards=1, actions=2),
        uses=HORSE,
        triggers=(Trigger("gain", hostelry_gained, where="self", condition=mine, can=_treasure_in_hand),),
    )
)


# --- Village Green ------------------------------------------------------------------------------
def _discarded_not_in_cleanup(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return ev.player is owner and not ev.cleanup and ev.card_still_there()


def _play_from_discard(ctx: Ctx, ev: Event) -> None:
    if ev.card_still_there():
        ctx.play(ctx.this)


card(
    kingdom(
        "Village Green",
        4,
        (ACTION, DURATION, REACTION),
        "Either now or at the start of your "
        "next turn: +1 Card and +2 Actions. When you discard this other than during Clean-up, you "
        "may play it.",
        now_or_next(plus(cards=1, actions=2)),
        modes=("now", "next"),
        triggers=(
            Trigger(
                "discard",
                _play_from_discard,
                where="self",
                condition=_discarded_not_in_cleanup,
                optional=True,
                follows_card=True,
                in_cleanup=False,
                gives=GIVES_HAND,
                question=lambda g, ev, p, c: f"Play the {ev.the_card.name} you discarded?",
            ),
        ),
        notes="Played as a reaction, it still lets you choose now or next turn.",
    )
)


# ================================================================================ cost 5


def register(db: CardDB) -> None:
    for d in CARDS:
        db.add(d)
