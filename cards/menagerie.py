"""Menagerie: Exile, Horses, Ways and Events."""
from dominion_tui.core.dsl import (ACTION, ATTACK, DURATION, REACTION, VICTORY, CardDef,
                                   Ctx, Event, now_or_next, plus, reaction_trigger, treasure,
                                   types)
from dominion_tui.core.game import SetupError
from dominion_tui.core.model import Trigger
from dominion_tui.core.registry import CardDB

SET = "Menagerie"
MOUSE = "Way of the Mouse"


def kingdom(name: str, cost: int, kinds: tuple[str, ...], text: str, play, **kw) -> CardDef:
    return CardDef(name, "kingdom", SET, text, cost=cost, types=types(*kinds), play=play, **kw)


# --- Horse: the non-Supply pile ---------------------------------------------------------------
def horse(ctx: Ctx) -> None:
    plus(cards=2, actions=1)(ctx)
    ctx.return_this()


# --- Bounty Hunter ----------------------------------------------------------------------------
def bounty_hunter(ctx: Ctx) -> None:
    ctx.actions(1)
    card = ctx.choose_card(ctx.player.hand, "Exile a card from your hand." + _no_bonus(ctx), topic="exile")
    if card is None:
        return
    ctx.exile(card)
    if ctx.player.exile.count(card.name) == 1:
        ctx.coins(3)


def _no_bonus(ctx: Ctx) -> str:
    """Which choices give no +3 coins, and why: " No +3 coins for Copper: already in Exile." """
    have = sorted({c.name for c in ctx.player.hand.cards} & set(ctx.player.exile.names()))
    return f" No +3 coins for {' or '.join(have)}: already in Exile." if have else ""


# --- Black Cat --------------------------------------------------------------------------------
def black_cat(ctx: Ctx) -> None:
    ctx.cards(2)
    if not ctx.my_turn:
        for p in ctx.other_players():
            ctx.as_player(p).gain("Curse")


def _other_gains_victory(game, ev: Event, owner, card) -> bool:
    return ev.player is not owner and ev.card is not None and ev.card.is_(VICTORY)


# --- Sheepdog ---------------------------------------------------------------------------------
def _you_gain(game, ev: Event, owner, card) -> bool:
    return ev.player is owner


# --- Village Green ----------------------------------------------------------------------------
def _discarded_not_in_cleanup(game, ev: Event, owner, card) -> bool:
    return ev.player is owner and not ev.cleanup and ev.card_still_there()


def _play_from_discard(ctx: Ctx, ev: Event) -> None:
    ctx.play(ctx.card)


# --- Supplies ---------------------------------------------------------------------------------
def supplies_horse(ctx: Ctx) -> None:
    ctx.gain("Horse", to="deck")


# --- Way of the Mouse -------------------------------------------------------------------------
def mouse_candidates(game) -> list[str]:
    return sorted(d.name for d in game.db.of_kind("kingdom")
                  if d.is_(ACTION) and not d.is_(DURATION) and d.cost in (2, 3)
                  and d.name not in game.config.kingdom)


def mouse_setup(game) -> None:
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


def register(db: CardDB) -> None:
    db.add(CardDef("Horse", "nonsupply", SET, "+2 Cards. +1 Action. Return this to the Horse pile. "
                   "Not in the Supply.", cost=3, types=types(ACTION), play=horse, pile_size=30))
    db.add(kingdom("Bounty Hunter", 4, (ACTION,), "+1 Action. Exile a card from your hand. "
                   "If you had no copy of it in Exile, +3 coins.", bounty_hunter, uses=frozenset({"Exile"})))
    db.add(treasure("Supplies", 2, 1, set=SET, kind="kingdom", pile_size=10,
                    text="Treasure. 1 coin. When you play this, gain a Horse onto your deck.",
                    extra=supplies_horse, uses=frozenset({"Horse"})))
    db.add(kingdom("Sheepdog", 3, (ACTION, REACTION), "+2 Cards. When you gain a card, you may "
                   "play this from your hand.", plus(cards=2),
                   triggers=(reaction_trigger("gain", _you_gain),)))
    db.add(kingdom("Black Cat", 2, (ACTION, ATTACK, REACTION), "+2 Cards. If it is not your turn, "
                   "each other player gains a Curse. When another player gains a Victory card, you may "
                   "play this from your hand.", black_cat,
                   triggers=(reaction_trigger("gain", _other_gains_victory),)))
    db.add(kingdom("Village Green", 4, (ACTION, DURATION, REACTION), "Either now or at the start of "
                   "your next turn: +1 Card and +2 Actions. When you discard this other than during "
                   "Clean-up, you may play it.", now_or_next(plus(cards=1, actions=2)),
                   modes=("now", "next"),
                   triggers=(Trigger("discard", _play_from_discard, where="self",
                                     condition=_discarded_not_in_cleanup, optional=True,
                                     question=lambda g, ev, p, c: f"Play the {c.name} you discarded?"),)))
    db.add(kingdom("Barge", 5, (ACTION, DURATION), "Either now or at the start of your next turn: "
                   "+3 Cards and +1 Buy.", now_or_next(plus(cards=3, buys=1)), modes=("now", "next")))
    db.add(CardDef("Ride", "event", SET, "Event. Gain a Horse.", cost=2, pile_size=None,
                   types=types("Event"), play=lambda ctx: ctx.gain("Horse"), uses=frozenset({"Horse"})))
    db.add(CardDef("Way of the Ox", "way", SET, "Way. Instead of an Action's own instructions: "
                   "+2 Actions.", types=types("Way"), play=plus(actions=2), pile_size=None))
    db.add(CardDef("Way of the Mouse", "way", SET, "Way. Instead of an Action's own instructions: "
                   "play the set-aside card, leaving it there. Setup: set aside an unused non-Duration "
                   "Action costing 2 or 3 coins.", types=types("Way"), play=mouse_play, pile_size=None,
                   setup=mouse_setup))
