"""Menagerie's 20 Ways, in alphabetical order.

A Way's `play` runs instead of the Action's own instructions when its player picks it; the card
is still played (it is in play, "when you play" abilities happen). `notes` is the ruling most
likely to surprise a player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dominion_tui.core.dsl import (
    ACTION,
    DURATION,
    GIVES_HAND,
    TREASURE,
    CardDef,
    Ctx,
    Event,
    plus,
    trash_from_hand,
    types,
)
from dominion_tui.core.game import SetupError
from dominion_tui.core.model import Card, Player, Trigger, article
from dominion_tui.core.registry import CardDB

from .common import EXILE, SET

if TYPE_CHECKING:  # pragma: no cover
    from dominion_tui.core.game import Game

WAYS: list[CardDef] = []


def way(name: str, text: str, play: Callable[[Ctx], object], **kw: Any) -> CardDef:
    d = CardDef(
        f"Way of the {name}",
        "way",
        SET,
        "Way. Instead of an Action's own instructions: " + text,
        types=types("Way"),
        play=play,
        pile_size=None,
        **kw,
    )
    WAYS.append(d)
    return d


def said(ctx: Ctx, what: str) -> None:
    """A Way's effect in words, where the counters alone would not say it."""
    ctx.game.say("way_effect", ctx.player, card=ctx.card.name if ctx.card else "", what=what)


# --- Way of the Butterfly -----------------------------------------------------------------------
def butterfly(ctx: Ctx) -> None:
    card = ctx.card
    if card is None or not ctx.this_unmoved() or ctx.game.pile(card.name) is None:
        return said(ctx, "cannot return to a pile, so nothing is gained")
    if not ctx.yes_no(f"Return the {card.name} to its pile to gain a card costing exactly 1 more?"):
        return
    cost = ctx.cost(card)  # what it costs as it is returned
    if not ctx.return_this():
        return
    ctx.gain_from_supply(f"Gain a card costing exactly {cost + 1}.", lambda d: ctx.cost(d) == cost + 1)


way(
    "Butterfly",
    "you may return this card to its pile to gain a card costing exactly 1 coin more than it.",
    butterfly,
    notes="A Horse returns to its own pile; a card with no pile cannot return, and then nothing is gained.",
)


# --- Way of the Camel ---------------------------------------------------------------------------
way(
    "Camel",
    "Exile a Gold from the Supply.",
    lambda ctx: ctx.exile_from_supply("Gold"),
    uses=EXILE,
    notes="The Gold is Exiled, not gained: when-gain abilities do not happen.",
)


# --- Way of the Chameleon -----------------------------------------------------------------------
CHAMELEON = "Way of the Chameleon"


def chameleon(ctx: Ctx) -> None:
    if ctx.card is None or ctx.card.defn.play is None:
        return
    ctx.swap = CHAMELEON  # only this play's own +Cards and +coins, this turn
    ctx.card.defn.play(ctx)


way(
    "Chameleon",
    "follow its instructions, but this turn each +Cards gives that many coins instead, "
    "and each +coins that many Cards.",
    chameleon,
    notes='Next-turn bonuses of a Duration, cards it plays, and "draw until" are not swapped.',
)


# --- Way of the Frog ----------------------------------------------------------------------------
def frog(ctx: Ctx) -> None:
    ctx.actions(1)
    card = ctx.card
    if card is None:
        return

    def leaving(game: Game, ev: Event, owner: Player, src: Card | None) -> bool:
        return ev.player is owner and ev.card is card and ev.src is owner.in_play and ev.card_still_there()

    ctx.this_turn(
        Trigger("discard", lambda c, ev: c.put_on_deck(card), condition=leaving, follows_card=True), "Way of the Frog"
    )
    said(ctx, "goes onto the deck when discarded from play this turn")


way(
    "Frog",
    "+1 Action. When you discard this from play this turn, put it onto your deck.",
    frog,
    notes="Discarded in Clean-up, it goes onto your deck before you draw, so it is in your next hand.",
)


# --- Way of the Goat ----------------------------------------------------------------------------
way(
    "Goat",
    "Trash a card from your hand.",
    lambda ctx: trash_from_hand(ctx, "Trash a card from your hand."),
    notes="Not optional: with cards in hand, one is trashed.",
)


# --- Way of the Horse ---------------------------------------------------------------------------
def horse_way(ctx: Ctx) -> None:
    plus(cards=2, actions=1)(ctx)
    ctx.return_this()


way(
    "Horse",
    "+2 Cards. +1 Action. Return this to its pile.",
    horse_way,
    notes="It returns even to a non-Supply pile or an empty one; failing to return still gives the bonus.",
)


# --- Way of the Mole ----------------------------------------------------------------------------
def mole(ctx: Ctx) -> None:
    ctx.actions(1)
    ctx.discard_all(ctx.player.hand.cards)
    ctx.cards(3)


way("Mole", "+1 Action. Discard your hand. +3 Cards.", mole, notes="You draw 3 even with no cards to discard.")


# --- Way of the Monkey --------------------------------------------------------------------------
way(
    "Monkey",
    "+1 Buy. +1 coin.",
    plus(buys=1, coins=1),
    notes="Only the Way happens: a Duration played with it is not kept in play.",
)


# --- Way of the Mouse ---------------------------------------------------------------------------
MOUSE = "Way of the Mouse"


def mouse_pool(db: CardDB, kingdom: list[str]) -> list[str]:
    """The cards Way of the Mouse may set aside: from the sets the Kingdom cards come from, so a
    kingdom drawn from chosen sets gets a card from those sets too (any set without a kingdom)."""
    sets = {db[n].set for n in kingdom if n in db} or {d.set for d in db.of_kind("kingdom")}
    return sorted(
        d.name
        for d in db.of_kind("kingdom")
        if d.is_(ACTION) and not d.is_(DURATION) and d.cost in (2, 3) and d.set in sets and d.name not in kingdom
    )


def mouse_candidates(game: Game) -> list[str]:
    return mouse_pool(game.db, game.config.kingdom)


def mouse_setup(game: Game) -> None:
    # The draw is decided by the configuration alone, so a replay of the same configuration
    # draws exactly as the first play did; the choice lives in the game state, not the config.
    name = game.config.mouse
    if name is None:
        options = mouse_candidates(game)
        if not options:
            raise SetupError("Way of the Mouse needs an unused non-Duration Action costing 2 or 3.")
        name = game.rng.choice(options)
    game.set_aside_for[MOUSE] = game.new_card(name, game.set_aside)
    game.say("set_aside_by_game", None, landscape=MOUSE, card=name)


def mouse_play(ctx: Ctx) -> None:
    aside = ctx.game.set_aside_for.get(MOUSE)
    if aside is not None and aside.zone is ctx.game.set_aside:
        ctx.play_effect(aside)


way(
    "Mouse",
    "play the set-aside card, leaving it there. Setup: set aside an unused non-Duration Action costing 2 or 3 coins.",
    mouse_play,
    setup=mouse_setup,
    notes="The set-aside card never moves: 'trash this' or 'return this' does nothing.",
)


# --- Way of the Mule ----------------------------------------------------------------------------
way(
    "Mule",
    "+1 Action. +1 coin.",
    plus(actions=1, coins=1),
    notes="A Horse played with it stays in play: returning is part of its own instructions.",
)


# --- Way of the Otter ---------------------------------------------------------------------------
way("Otter", "+2 Cards.", plus(cards=2), notes="A Barge played with it draws 2 now and nothing next turn.")


# --- Way of the Owl -----------------------------------------------------------------------------
def owl(ctx: Ctx) -> None:
    if len(ctx.player.hand) >= 6:
        return said(ctx, "draws nothing: 6 or more cards in hand")
    ctx.draw_until(6)


way("Owl", "Draw until you have 6 cards in hand.", owl, notes="With 6 or more cards in hand you draw nothing.")


# --- Way of the Ox ------------------------------------------------------------------------------
way("Ox", "+2 Actions.", plus(actions=2), notes="Snowy Village's rule still ignores these +Actions.")


# --- Way of the Pig -----------------------------------------------------------------------------
way(
    "Pig",
    "+1 Card. +1 Action.",
    plus(cards=1, actions=1),
    notes="A reaction played on another turn asks the Way question too.",
)


# --- Way of the Rat -----------------------------------------------------------------------------
def rat(ctx: Ctx) -> None:
    treasures = [c for c in ctx.player.hand.cards if ctx.is_(c, TREASURE)]
    name = ctx.card.name if ctx.card else ""
    pick = (
        ctx.choose_card(treasures, f"Discard a Treasure to gain {article(name)}?", optional=True, topic="discard")
        if treasures
        else None
    )
    if pick is None:
        return
    ctx.discard(pick)
    if name in ctx.game.supply:  # a copy comes only from the Supply
        ctx.gain(name)
    else:
        said(ctx, "is not in the Supply, so no copy is gained")


way(
    "Rat",
    "you may discard a Treasure to gain a copy of this.",
    rat,
    notes="The copy comes only from the Supply: a Horse gains nothing.",
)


# --- Way of the Seal ----------------------------------------------------------------------------
def _seal_can_move(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return ev.player is owner and ev.card_still_there()


SEAL_TRIGGER = Trigger(
    "gain",
    lambda c, ev: c.put_on_deck(ev.the_card),
    condition=_seal_can_move,
    optional=True,
    label="Way of the Seal",
    follows_card=True,
)


def seal(ctx: Ctx) -> None:
    ctx.coins(1)
    if not any(t is SEAL_TRIGGER and p is ctx.player for p, t, _ in ctx.game.turn.triggers):
        ctx.this_turn(SEAL_TRIGGER, "Way of the Seal")
    said(ctx, "may put each card gained this turn onto the deck")


way(
    "Seal",
    "+1 coin. This turn, when you gain a card, you may put it onto your deck.",
    seal,
    notes="Bought or otherwise gained; a card that has already moved elsewhere stays there.",
)


# --- Way of the Sheep ---------------------------------------------------------------------------
way("Sheep", "+2 coins.", plus(coins=2), notes="A Horse played with it stays in play and is discarded in Clean-up.")


# --- Way of the Squirrel ------------------------------------------------------------------------
def squirrel(ctx: Ctx) -> None:
    ctx.this_turn(Trigger("end_turn", lambda c, ev: c.cards(2), gives=GIVES_HAND), "Way of the Squirrel")
    said(ctx, "draws 2 cards at the end of this turn")


way(
    "Squirrel",
    "+2 Cards at the end of this turn.",
    squirrel,
    notes="Drawn after your next hand in Clean-up; used on another player's turn, at the end of that turn.",
)


# --- Way of the Turtle --------------------------------------------------------------------------
def turtle(ctx: Ctx) -> None:
    if ctx.card is not None and ctx.this_unmoved():
        ctx.play_next_turn(ctx.card, f"Way of the Turtle: {ctx.card.name}")
    else:
        said(ctx, "cannot be set aside")


way(
    "Turtle",
    "Set this aside. If you did, play it at the start of your next turn.",
    turtle,
    notes="That play uses no Action and may choose the Turtle again to wait another turn; a card "
    "played twice by another card is set aside only once.",
)


# --- Way of the Worm ----------------------------------------------------------------------------
way(
    "Worm",
    "Exile an Estate from the Supply.",
    lambda ctx: ctx.exile_from_supply("Estate"),
    uses=EXILE,
    notes="The Estate is Exiled, not gained; gaining an Estate later may discard it from Exile.",
)


def register(db: CardDB) -> None:
    for d in WAYS:
        db.add(d)
