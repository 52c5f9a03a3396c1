"""Renaissance's 25 Kingdom cards, one section per card, in cost order.

Each section holds the card's effect and its definition. `text` is the project's own wording,
read by `describe`; `notes` is the ruling a player is most likely to trip over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from dominion_tui.core.dsl import (
    ACTION,
    ATTACK,
    DURATION,
    REACTION,
    TREASURE,
    VICTORY,
    CardDef,
    Ctx,
    Event,
    mine,
    plus,
    trash_from_hand,
    treasure,
)
from dominion_tui.core.model import Card, Condition, Player, Trigger, TurnTrigger
from dominion_tui.core.registry import CardDB

from .common import COFFERS_VILLAGERS, SET, kingdom, one_of_each

if TYPE_CHECKING:  # pragma: no cover
    from dominion_tui.core.game import Game

COMMAND = "Command"
COFFERS = frozenset({"Coffers"})
VILLAGERS = frozenset({"Villagers"})

CARDS: list[CardDef] = []


def card(d: CardDef) -> CardDef:
    CARDS.append(d)
    return d


def when_gained(effect: Callable[[Ctx, Event], object], condition: Condition = mine) -> Trigger:
    """ "When you gain this": resolved by whoever gained it."""
    return Trigger("gain", effect, where="self", condition=condition)


# ================================================================================ cost 2
# --- Border Guard -------------------------------------------------------------------------------
def border_guard(ctx: Ctx) -> None:
    ctx.actions(1)
    n = 3 if ctx.has("Lantern") else 2
    shown = ctx.reveal_top(n)
    if not shown:
        return
    keep = ctx.choose_card(shown, "Put which revealed card into your hand?", topic="to_hand")
    if keep is not None:
        ctx.put_in_hand(keep)
    ctx.discard_all(c for c in shown if c is not keep and c.zone is ctx.player.revealed)
    if len(shown) == n and all(ctx.is_(c, ACTION) for c in shown):
        held = [a for a in ("Lantern", "Horn") if ctx.has(a)]
        if len(held) == 2:  # either answer changes nothing: not asked
            ctx.take("Lantern")
            return
        ctx.take(ctx.choose_mode("Take the Lantern or the Horn?", ["Lantern", "Horn"]))


card(
    kingdom(
        "Border Guard",
        2,
        (ACTION,),
        "+1 Action. Reveal the top 2 cards of your deck. Put one "
        "into your hand and discard the other. If both were Actions, take the Lantern or the Horn.",
        border_guard,
        uses=frozenset({"Lantern", "Horn"}),
        modes=("Lantern", "Horn"),
        notes="With fewer cards to reveal than it asks for, you take no Artifact.",
    )
)


# --- Ducat --------------------------------------------------------------------------------------
def _copper_in_hand(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return any(c.name == "Copper" for c in owner.hand.cards)


def ducat_gained(ctx: Ctx, ev: Event) -> None:
    coppers = [c for c in ctx.player.hand.cards if c.name == "Copper"][:1]
    picked = ctx.choose_card(coppers, "Trash a Copper from your hand?", optional=True, topic="trash")
    if picked is not None:
        ctx.trash(picked)


card(
    treasure(
        "Ducat",
        2,
        0,
        set=SET,
        kind="kingdom",
        pile_size=10,
        text="Treasure. +1 Coffers. +1 Buy. When you gain this, you may trash a Copper from your hand.",
        extra=plus(coffers=1, buys=1),
        uses=COFFERS,
        triggers=(Trigger("gain", ducat_gained, where="self", condition=mine, can=_copper_in_hand),),
        notes="It makes no coins when played: spend the Coffers, now or later.",
    )
)


# --- Lackeys ------------------------------------------------------------------------------------
card(
    kingdom(
        "Lackeys",
        2,
        (ACTION,),
        "+2 Cards. When you gain this, +2 Villagers.",
        plus(cards=2),
        uses=VILLAGERS,
        triggers=(when_gained(lambda ctx, ev: ctx.villagers(2)),),
        notes="The Villagers come when you gain it, however you gain it; playing it only draws.",
    )
)


# ================================================================================ cost 3
# --- Acting Troupe ------------------------------------------------------------------------------
def acting_troupe(ctx: Ctx) -> None:
    ctx.villagers(4)
    if ctx.this_unmoved():
        ctx.trash(ctx.this)


card(
    kingdom(
        "Acting Troupe",
        3,
        (ACTION,),
        "+4 Villagers. Trash this.",
        acting_troupe,
        uses=VILLAGERS,
        notes="Played again after it is gone (by a Scepter, say), it still gives 4 Villagers.",
    )
)


# --- Cargo Ship ---------------------------------------------------------------------------------
def _cargo_question(game: Game, ev: Event, owner: Player, card: Card | None) -> str:
    return f"Set the {ev.the_card.name} aside on Cargo Ship, to take it into your hand next turn?"


class CargoShips:
    """One "when you gain a card" ability for all of a turn's unused Cargo Ships, so a gain is
    offered to them once: after one takes the card, the others wait for a later gain."""

    def __init__(self) -> None:
        self.ships: list[Ctx] = []  # each play's context, the ship the card is set aside on
        self.handle: TurnTrigger | None = None

    def __call__(self, ctx: Ctx, ev: Event) -> None:
        if not ev.card_still_there() or not self.ships:  # already moved on: nothing to set aside
            return
        # a ship played by another card (a Scepter's replay) first: the ship then keeps its
        # host in play too, as a replayed Duration that stays out should
        ship = max(self.ships, key=lambda c: len(c.hosts))
        self.ships.remove(ship)
        ship.set_aside_for_next_turn([ev.the_card])
        if not self.ships and self.handle is not None:
            ctx.end_this_turn(self.handle)


def cargo_ship(ctx: Ctx) -> None:
    ctx.coins(2)
    for owner, t, _ in ctx.game.turn.triggers:
        if owner is ctx.player and isinstance(t.effect, CargoShips):
            t.effect.ships.append(ctx)
            return
    ships = CargoShips()
    ships.ships.append(ctx)
    ships.handle = ctx.this_turn(
        Trigger("gain", ships, condition=mine, optional=True, question=_cargo_question, follows_card=True), "Cargo Ship"
    )


card(
    kingdom(
        "Cargo Ship",
        3,
        (ACTION, DURATION),
        "+2 coins. Once this turn, when you gain a card, you "
        "may set it aside face up on this. At the start of your next turn, put it into your hand.",
        cargo_ship,
        notes="It need not take the first card you gain this turn. Unused, it is "
        "discarded in this turn's Clean-up; gains on other players' turns do not count.",
        coin_text=True,
    )
)


# --- Experiment ---------------------------------------------------------------------------------
def experiment(ctx: Ctx) -> None:
    plus(cards=2, actions=1)(ctx)
    ctx.return_this()


def _not_the_twin(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    """Only the copy this very ability gains comes with none: an Experiment bought, copied (Way
    of the Rat, Kiln) or gained by any other card brings another."""
    return ev.player is owner and ev.extra.get("via") is not EXPERIMENT_TWIN


EXPERIMENT_TWIN = when_gained(lambda ctx, ev: ctx.gain("Experiment"), _not_the_twin)

card(
    kingdom(
        "Experiment",
        3,
        (ACTION,),
        "+2 Cards. +1 Action. Return this to its pile. When you gain "
        "this, gain another Experiment (that one does not bring a third).",
        experiment,
        triggers=(EXPERIMENT_TWIN,),
        notes="However you gain one, you gain a second into your discard pile; it can return to an empty pile.",
    )
)


# --- Improve ------------------------------------------------------------------------------------
def improve_now(ctx: Ctx, ev: Event) -> None:
    actions = one_of_each(c for c in ctx.leaving_play() if ctx.is_(c, ACTION))
    picked = ctx.choose_card(
        actions,
        "Trash an Action card you would discard from play, to gain a card costing exactly 1 more?",
        optional=True,
        topic="trash",
    )
    if picked is None:
        return
    cost = ctx.cost(picked) + 1
    ctx.trash(picked)
    ctx.gain_from_supply(f"Gain a card costing exactly {cost}.", lambda d: ctx.cost(d) == cost)


def _action_leaving_play(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return any(ACTION in game.types_of(c) for c in game.leaving_play(owner))


def improve(ctx: Ctx) -> None:
    ctx.coins(2)
    ctx.this_turn(
        Trigger("cleanup_start", improve_now, condition=mine, can=_action_leaving_play, needs="play"), "Improve"
    )


card(
    kingdom(
        "Improve",
        3,
        (ACTION,),
        "+2 coins. At the start of Clean-up this turn, you may trash an "
        "Action card you would discard from play this turn, to gain a card costing exactly 1 "
        "more than it.",
        improve,
        notes="It can trash itself. A Duration staying out for next turn cannot be picked. Once "
        "you trash, you must gain if any card costs exactly 1 more.",
        coin_text=True,
    )
)


# ================================================================================ cost 4
# --- Flag Bearer --------------------------------------------------------------------------------
def take_flag(ctx: Ctx, ev: Event) -> None:
    ctx.take("Flag")


card(
    kingdom(
        "Flag Bearer",
        4,
        (ACTION,),
        "+2 coins. When you gain or trash this, take the Flag.",
        plus(coins=2),
        uses=frozenset({"Flag"}),
        triggers=(when_gained(take_flag), Trigger("trash", take_flag, where="self", condition=mine)),
        notes="Whoever trashes it takes the Flag, even on another player's turn.",
        coin_text=True,
    )
)


# --- Hideout ------------------------------------------------------------------------------------
def hideout(ctx: Ctx) -> None:
    plus(cards=1, actions=2)(ctx)
    trashed = trash_from_hand(ctx, "Trash a card from your hand.")
    if trashed is not None and ctx.is_(trashed, VICTORY):
        ctx.gain("Curse")


card(
    kingdom(
        "Hideout",
        4,
        (ACTION,),
        "+1 Card. +2 Actions. Trash a card from your hand. If it's a Victory card, gain a Curse.",
        hideout,
        notes="The trash is not optional. A Curse is not a Victory card: trashing one costs nothing.",
    )
)


# --- Inventor -----------------------------------------------------------------------------------
def inventor(ctx: Ctx) -> None:
    ctx.gain_from_supply("Gain a card costing up to 4.", lambda d: ctx.cost(d) <= 4)
    ctx.modify_this_turn("cost", lambda g, p, value, card: value - 1)


card(
    kingdom(
        "Inventor",
        4,
        (ACTION,),
        "Gain a card costing up to 4 coins, then cards cost 1 coin less this turn (never less than 0).",
        inventor,
        notes="The gain comes before the cut. A second Inventor already gains with the first's cut "
        "(a Duchy at 4), then cards cost 2 less.",
    )
)


# --- Mountain Village ---------------------------------------------------------------------------
def mountain_village(ctx: Ctx) -> None:
    ctx.actions(2)
    pile = ctx.player.discard
    if not pile.cards:
        ctx.cards(1)
        return
    picked = ctx.choose_card(
        one_of_each(pile.cards), "Put which card from your discard pile into your hand?", topic="to_hand"
    )
    if picked is not None:
        ctx.put_in_hand(picked, hidden=True)


card(
    kingdom(
        "Mountain Village",
        4,
        (ACTION,),
        "+2 Actions. Look through your discard pile and put a card from it into your hand; if you can't, +1 Card.",
        mountain_village,
        notes="With any card in your discard pile you must take one; you draw only when it is empty.",
    )
)


# --- Patron -------------------------------------------------------------------------------------
def _revealed_in_action_phase(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return ev.player is owner and game.phase == "action"


card(
    kingdom(
        "Patron",
        4,
        (ACTION, REACTION),
        "+1 Villager. +2 coins. When something makes you reveal this during an Action phase, +1 Coffers.",
        plus(villagers=1, coins=2),
        triggers=(
            Trigger("reveal", lambda ctx, ev: ctx.coffers(1), where="self", condition=_revealed_in_action_phase),
        ),
        uses=COFFERS_VILLAGERS,
        notes="Only revealing counts, in anyone's Action phase: drawn, gained or discarded, nothing.",
        coin_text=True,
    )
)


# --- Priest -------------------------------------------------------------------------------------
def priest(ctx: Ctx) -> None:
    ctx.coins(2)
    trash_from_hand(ctx, "Trash a card from your hand.")
    ctx.this_turn(Trigger("trash", lambda c, ev: c.coins(2), condition=mine), "Priest")


card(
    kingdom(
        "Priest",
        4,
        (ACTION,),
        "+2 coins. Trash a card from your hand. For the rest of this turn, when you trash a card, +2 coins.",
        priest,
        notes="Its own trash earns nothing from it, but every later trash this turn does, however "
        "it happens; each Priest played adds another 2.",
        coin_text=True,
    )
)


# --- Research -----------------------------------------------------------------------------------
def research(ctx: Ctx) -> None:
    ctx.actions(1)
    trashed = trash_from_hand(ctx, "Trash a card from your hand.")
    if trashed is not None:
        ctx.set_aside_from_deck(ctx.cost(trashed), hidden=True)


card(
    kingdom(
        "Research",
        4,
        (ACTION, DURATION),
        "+1 Action. Trash a card from your hand. Per coin it "
        "costs, set aside a card from your deck face down on this. At the start of your next turn, "
        "put those cards into your hand.",
        research,
        notes="Trash a card costing 0 and nothing waits: Research is discarded this turn.",
    )
)


# --- Silk Merchant ------------------------------------------------------------------------------
def silk_bonus(ctx: Ctx, ev: Event) -> None:
    plus(coffers=1, villagers=1)(ctx)


card(
    kingdom(
        "Silk Merchant",
        4,
        (ACTION,),
        "+2 Cards. +1 Buy. When you gain or trash this, +1 Coffers and +1 Villager.",
        plus(cards=2, buys=1),
        uses=COFFERS_VILLAGERS,
        triggers=(when_gained(silk_bonus), Trigger("trash", silk_bonus, where="self", condition=mine)),
        notes="The bonus goes to whoever gains or trashes it, on any turn.",
    )
)


# ================================================================================ cost 5
# --- Old Witch ----------------------------------------------------------------------------------
def old_witch(ctx: Ctx) -> None:
    ctx.cards(3)
    for q in ctx.other_players():  # in turn order: the Curses may run out part way round
        them = ctx.as_player(q)
        them.gain("Curse")
        curses = [c for c in q.hand.cards if c.name == "Curse"][:1]
        picked = them.choose_card(curses, "Trash a Curse from your hand?", optional=True, topic="trash")
        if picked is not None:
            them.trash(picked)


card(
    kingdom(
        "Old Witch",
        5,
        (ACTION, ATTACK),
        "+3 Cards. Each other player gains a Curse and may trash a Curse from their hand.",
        old_witch,
        notes="With the Curses gone they may still trash one from their hand.",
    )
)


# --- Recruiter ----------------------------------------------------------------------------------
def recruiter(ctx: Ctx) -> None:
    ctx.cards(2)
    trashed = trash_from_hand(ctx, "Trash a card from your hand.")
    if trashed is not None:
        ctx.villagers(ctx.cost(trashed))


card(
    kingdom(
        "Recruiter",
        5,
        (ACTION,),
        "+2 Cards. Trash a card from your hand. +1 Villager per coin it costs.",
        recruiter,
        uses=VILLAGERS,
        notes="You draw before you trash, so a drawn card can be the one trashed.",
    )
)


# --- Scepter ------------------------------------------------------------------------------------
def replayable(ctx: Ctx) -> list[Card]:
    """Non-Command Actions played this turn and still in play, each card once."""
    out: list[Card] = []
    for c in ctx.game.played_by(ctx.player):
        if ctx.is_(c, ACTION) and not ctx.is_(c, COMMAND) and c.zone is ctx.player.in_play and c not in out:
            out.append(c)
    return out


def scepter(ctx: Ctx) -> None:
    can = replayable(ctx)
    modes = ["coins", "replay"] if can else ["coins"]
    if ctx.choose_mode("Scepter: +2 coins, or replay an Action card played this turn?", modes) == "coins":
        ctx.coins(2)
        return
    picked = ctx.choose_card(can, "Replay which Action card?", topic="play")
    if picked is not None:
        ctx.play(picked, move=False)


card(
    kingdom(
        "Scepter",
        5,
        (TREASURE, COMMAND),
        "Choose one: +2 coins; or replay a non-Command Action card you played this turn that's still in play.",
        scepter,
        modes=("coins", "replay"),
        notes="Replaying in the Buy phase uses no Action; a Duration it replays keeps the Scepter in play with it.",
    )
)


# --- Scholar ------------------------------------------------------------------------------------
def scholar(ctx: Ctx) -> None:
    ctx.discard_all(ctx.player.hand.cards)
    ctx.cards(7)


card(
    kingdom(
        "Scholar",
        5,
        (ACTION,),
        "Discard your hand. +7 Cards.",
        scholar,
        notes="If the 7 cards need a reshuffle, the hand you just discarded is shuffled in.",
    )
)


# --- Sculptor -----------------------------------------------------------------------------------
def sculptor(ctx: Ctx) -> None:
    got = ctx.gain_from_supply("Gain a card costing up to 4 into your hand.", lambda d: ctx.cost(d) <= 4, to="hand")
    if got is not None and ctx.is_(got, TREASURE):
        ctx.villagers(1)


card(
    kingdom(
        "Sculptor",
        5,
        (ACTION,),
        "Gain a card to your hand costing up to 4 coins. If it's a Treasure, +1 Villager.",
        sculptor,
        uses=VILLAGERS,
        notes="The card must go to your hand; an Experiment gained this way brings its twin to your discard pile.",
    )
)


# --- Seer ---------------------------------------------------------------------------------------
def seer(ctx: Ctx) -> None:
    plus(cards=1, actions=1)(ctx)
    shown = ctx.reveal_top(3)
    for c in shown:
        if 2 <= ctx.cost(c) <= 4 and c.zone is ctx.player.revealed:
            ctx.put_in_hand(c)
    rest = [c for c in shown if c.zone is ctx.player.revealed]
    ctx.order_on_deck(rest, "Put these back on your deck in which order? Name them all; the first named ends on top.")


card(
    kingdom(
        "Seer",
        5,
        (ACTION,),
        "+1 Card. +1 Action. Reveal the top 3 cards of your deck. Put the "
        "ones costing from 2 to 4 coins into your hand. Put the rest back in any order.",
        seer,
        notes="A Copper (0) or a Gold (6) goes back on top; costs are read as they are now.",
    )
)


# --- Spices -------------------------------------------------------------------------------------
card(
    treasure(
        "Spices",
        5,
        2,
        set=SET,
        kind="kingdom",
        pile_size=10,
        text="Treasure. 2 coins. +1 Buy. When you gain this, +2 Coffers.",
        extra=plus(buys=1),
        uses=COFFERS,
        triggers=(when_gained(lambda ctx, ev: ctx.coffers(2)),),
        notes="Any gain gives the Coffers, even one from the trash.",
    )
)


# --- Swashbuckler -------------------------------------------------------------------------------
def swashbuckler(ctx: Ctx) -> None:
    ctx.cards(3)
    if not ctx.player.discard.cards:
        ctx.game.say("not_done", ctx.player, what="gets no Coffers", why="the discard pile is empty")
        return
    ctx.coffers(1)
    if ctx.player.coffers >= 4:
        ctx.take("Treasure Chest")


card(
    kingdom(
        "Swashbuckler",
        5,
        (ACTION,),
        "+3 Cards. Then, if your discard pile has any cards in it: "
        "+1 Coffers, and if you then have 4 or more Coffers, take the Treasure Chest.",
        swashbuckler,
        uses=frozenset({"Coffers", "Treasure Chest"}),
        notes="The discard pile is checked after drawing: a reshuffle that empties it gives nothing.",
    )
)


# --- Treasurer ----------------------------------------------------------------------------------
def treasurer(ctx: Ctx) -> None:
    ctx.coins(3)
    mode = ctx.choose_mode(
        "Trash a Treasure from your hand, gain a Treasure from the trash into your hand, or take the Key?",
        ["trash", "gain", "key"],
    )
    if mode == "trash":
        picked = ctx.choose_card(
            [c for c in ctx.player.hand.cards if ctx.is_(c, TREASURE)],
            "Trash which Treasure from your hand?",
            topic="trash",
        )
        if picked is not None:
            ctx.trash(picked)
    elif mode == "gain":
        picked = ctx.choose_card(
            one_of_each(c for c in ctx.game.trash.cards if ctx.is_(c, TREASURE)),
            "Gain which Treasure from the trash into your hand?",
            topic="gain",
        )
        if picked is not None:
            ctx.gain_card(picked, to="hand")
    else:
        ctx.take("Key")


card(
    kingdom(
        "Treasurer",
        5,
        (ACTION,),
        "+3 coins. Choose one: trash a Treasure from your hand; or gain "
        "a Treasure from the trash into your hand; or take the Key.",
        treasurer,
        uses=frozenset({"Key"}),
        modes=("trash", "gain", "key"),
        notes="The Key pays from your next turn. A Treasure gained from the trash is a real gain: "
        "Spices and Ducat still give their bonus.",
        coin_text=True,
    )
)


# --- Villain ------------------------------------------------------------------------------------
def villain(ctx: Ctx) -> None:
    ctx.coffers(2)
    for q in ctx.other_players():
        if len(q.hand) < 5:
            continue
        them = ctx.as_player(q)
        fits = [c for c in q.hand.cards if them.cost(c) >= 2]
        if not fits:
            them.reveal(list(q.hand.cards))
            continue
        picked = them.choose_card(fits, "Discard a card costing 2 or more.", topic="discard")
        if picked is not None:
            them.discard(picked)


card(
    kingdom(
        "Villain",
        5,
        (ACTION, ATTACK),
        "+2 Coffers. Each other player with 5 or more cards in "
        "hand discards a card costing 2 or more (or reveals their hand if they can't).",
        villain,
        uses=COFFERS,
        notes="An Estate costs 2, so it is a fair discard.",
    )
)


def register(db: CardDB) -> None:
    for d in CARDS:
        db.add(d)
