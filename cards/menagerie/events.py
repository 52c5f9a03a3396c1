"""Menagerie's 20 Events, one section per Event in cost order.

An Event's `play` runs when it is bought (it uses a Buy and gains no card). `text` is the
project's own wording; `notes` is the ruling a player is most likely to trip over.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from dominion_tui.core.dsl import ACTION, GIVES_HAND, TREASURE, VICTORY, CardDef, Ctx, Event, types
from dominion_tui.core.model import Card, Player, Trigger
from dominion_tui.core.registry import CardDB

from .common import EXILE, HORSE, SET, gain_horses

if TYPE_CHECKING:  # pragma: no cover
    from dominion_tui.core.game import Game

EVENTS: list[CardDef] = []


def event(name: str, cost: int, text: str, play: Callable[[Ctx], object], **kw: Any) -> CardDef:
    d = CardDef(name, "event", SET, "Event. " + text, cost=cost, types=types("Event"), play=play, pile_size=None, **kw)
    EVENTS.append(d)
    return d


def nothing(ctx: Ctx, name: str, why: str) -> None:
    """Every Event bought says what it did, nothing included."""
    ctx.game.say("event_none", ctx.player, card=name, why=why)


def action_supply(ctx: Ctx) -> list[str]:
    g = ctx.game
    return [n for n, z in g.supply.items() if z.cards and g.is_(g.db[n], ACTION)]


# ================================================================================ cost 0
# --- Delay --------------------------------------------------------------------------------------
def delay(ctx: Ctx) -> None:
    actions = [c for c in ctx.player.hand.cards if ctx.is_(c, ACTION)]
    card = (
        ctx.choose_card(
            actions,
            "Set aside an Action from your hand to play at the start of your next turn?",
            optional=True,
            topic="set_aside",
        )
        if actions
        else None
    )
    if card is None:
        return nothing(ctx, "Delay", "no card set aside")
    ctx.play_next_turn(card, f"Delay: {card.name}")


event(
    "Delay",
    0,
    "You may set aside an Action card from your hand. At the start of your next turn, play it.",
    delay,
    notes="Once set aside, it must be played at the start of your next turn; that uses no Action.",
)


# --- Desperation --------------------------------------------------------------------------------
def desperation(ctx: Ctx) -> None:
    if not ctx.game.supply["Curse"].cards:
        return nothing(ctx, "Desperation", "the Curse pile is empty")
    if ctx.yes_no("Gain a Curse for +1 Buy and +2 coins?") and ctx.gain("Curse") is not None:
        ctx.buys(1)
        ctx.coins(2)


event(
    "Desperation",
    0,
    "Once per turn: you may gain a Curse. If you do, +1 Buy and +2 coins.",
    desperation,
    once_per_turn=True,
    notes="No Curse gained (the pile is empty), no bonus.",
)


# ================================================================================ cost 2
# --- Gamble -------------------------------------------------------------------------------------
def gamble(ctx: Ctx) -> None:
    ctx.buys(1)
    g, me = ctx.game, ctx.player
    top = g.top_cards(me, 1)
    if not top:
        return nothing(ctx, "Gamble", "no card to discard")
    card = top[0]
    g.discard(me, card)
    if (
        card.zone is me.discard
        and (g.is_(card, ACTION) or g.is_(card, TREASURE))
        and ctx.yes_no(f"Play the {card.name} from your discard pile?")
    ):
        ctx.play(card)


event(
    "Gamble",
    2,
    "+1 Buy. Discard the top card of your deck. If it is an Action or Treasure, you may play it.",
    gamble,
    notes="Current wording: the card is discarded first and played from the discard pile, using "
    "no Action; a Treasure played this way still counts after you have bought.",
)


# --- Pursue -------------------------------------------------------------------------------------
def pursue(ctx: Ctx) -> None:
    ctx.buys(1)
    name = ctx.name_card("Name a card: matches among your top 4 cards go back on your deck.")
    shown = ctx.reveal_top(4)
    keep = [c for c in shown if c.name == name]
    ctx.discard_all(c for c in shown if c not in keep and c.zone is ctx.player.revealed)
    for c in reversed(keep):
        if c.zone is ctx.player.revealed:
            ctx.put_on_deck(c)


event(
    "Pursue",
    2,
    "+1 Buy. Name a card. Reveal the top 4 cards of your deck. Put the matches back and discard the rest.",
    pursue,
    notes="You may name a card that is not in the game; then all 4 are discarded.",
)


# --- Ride ---------------------------------------------------------------------------------------
event(
    "Ride",
    2,
    "Gain a Horse.",
    lambda ctx: ctx.gain("Horse"),
    uses=HORSE,
    notes="The Horse goes to your discard pile, like any gained card.",
)


# --- Toil ---------------------------------------------------------------------------------------
def play_one(ctx: Ctx, cards: Iterable[Card], prompt: str, name: str, where: str) -> None:
    actions = [c for c in cards if ctx.is_(c, ACTION)]
    card = ctx.choose_card(actions, prompt, optional=True, topic="play") if actions else None
    if card is None:
        return nothing(ctx, name, f"no Action played from {where}")
    ctx.play(card)


def toil(ctx: Ctx) -> None:
    ctx.buys(1)
    play_one(ctx, ctx.player.hand.cards, "Play an Action card from your hand?", "Toil", "the hand")


event(
    "Toil",
    2,
    "+1 Buy. You may play an Action card from your hand.",
    toil,
    notes="The play uses no Action, even in your Buy phase.",
)


# ================================================================================ cost 3
# --- Enhance ------------------------------------------------------------------------------------
def enhance(ctx: Ctx) -> None:
    fits = [c for c in ctx.player.hand.cards if not ctx.is_(c, VICTORY)]
    card = (
        ctx.choose_card(
            fits,
            "Trash a non-Victory card from your hand to gain one costing up to 2 more?",
            optional=True,
            topic="trash",
        )
        if fits
        else None
    )
    if card is None:
        return nothing(ctx, "Enhance", "nothing trashed")
    ctx.trash(card)
    limit = ctx.cost(card) + 2
    ctx.gain_from_supply(f"Gain a card costing up to {limit}.", lambda d: ctx.cost(d) <= limit)


event(
    "Enhance",
    3,
    "You may trash a non-Victory card from your hand, to gain a card costing up to 2 coins more than it.",
    enhance,
    notes="Curses are not Victory cards: you may Enhance a Curse into a card costing up to 2.",
)


# --- March --------------------------------------------------------------------------------------
def march(ctx: Ctx) -> None:
    play_one(ctx, ctx.player.discard.cards, "Play an Action card from your discard pile?", "March", "the discard pile")


event(
    "March",
    3,
    "Look through your discard pile. You may play an Action card from it.",
    march,
    notes="The play uses no Action.",
)


# --- Transport ----------------------------------------------------------------------------------
def transport(ctx: Ctx) -> None:
    if (
        ctx.choose_mode(
            "Exile an Action from the Supply, or put an Action from your Exile mat onto your deck?", ["exile", "deck"]
        )
        == "exile"
    ):
        name = ctx.choose_supply(
            "Exile which Action card from the Supply?", lambda d: ctx.is_(d, ACTION), topic="exile_supply"
        )
        if name is None:
            return nothing(ctx, "Transport", "no Action in the Supply")
        ctx.exile_from_supply(name)
        return
    card = ctx.choose_card(
        [c for c in ctx.player.exile.cards if ctx.is_(c, ACTION)],
        "Put which Action from your Exile mat onto your deck?",
        topic="topdeck",
    )
    if card is None:
        return nothing(ctx, "Transport", "no Action on the Exile mat")
    ctx.put_on_deck(card)


event(
    "Transport",
    3,
    "Choose one: Exile an Action card from the Supply; or put an Action card you have in Exile onto your deck.",
    transport,
    uses=EXILE,
    modes=("exile", "deck"),
    notes="It can take back any Action on your Exile mat, whatever put it there.",
)


# ================================================================================ cost 4
# --- Banish -------------------------------------------------------------------------------------
def banish(ctx: Ctx) -> None:
    """One question: the answer names the cards (all of one name), or none."""
    hand = sorted(ctx.player.hand.cards, key=lambda c: c.name)  # copies side by side
    picked = ctx.choose_cards(
        hand, "Banish: exile which cards from your hand?", min=0, max=len(hand), topic="exile", one_name=True
    )
    if not picked:
        return nothing(ctx, "Banish", "nothing exiled")
    for c in picked:
        if c.name == picked[0].name:  # one name, whoever answered
            ctx.exile(c)


event(
    "Banish",
    4,
    "Exile any number of cards with the same name from your hand.",
    banish,
    uses=EXILE,
    notes="One name only: 3 Estates at once, but not an Estate and a Copper.",
)


# --- Bargain ------------------------------------------------------------------------------------
def bargain(ctx: Ctx) -> None:
    ctx.gain_from_supply(
        "Gain a non-Victory card costing up to 5.", lambda d: not ctx.is_(d, VICTORY) and ctx.cost(d) <= 5
    )
    for q in ctx.other_players():
        ctx.as_player(q).gain("Horse")


event(
    "Bargain",
    4,
    "Gain a non-Victory card costing up to 5 coins. Each other player gains a Horse.",
    bargain,
    uses=HORSE,
    notes="The other players gain their Horses in turn order and cannot refuse them.",
)


# --- Invest -------------------------------------------------------------------------------------
INVESTED = "Invested"


def invested(p: Player, name: str) -> int:
    return sum(1 for c in p.exile.cards if c.tag == INVESTED and c.name == name)


def invest_draw(ctx: Ctx, q: Player, name: str) -> None:
    """q draws 2 per copy of `name` they have Invested in (cumulative, never optional)."""
    n = invested(q, name)
    if n:
        ctx.game.say("invest_draw", q, card=name, n=2 * n)
        ctx.as_player(q).cards(2 * n)


def invest(ctx: Ctx) -> None:
    name = ctx.choose_supply(
        "Invest in which Action card from the Supply?", lambda d: ctx.is_(d, ACTION), topic="exile_supply"
    )
    if name is None:
        return nothing(ctx, "Invest", "no Action in the Supply")
    card = ctx.exile_from_supply(name)
    if card is None or card.zone is not ctx.player.exile:
        return
    card.tag = INVESTED
    ctx.game.say("invest", ctx.player, card=name, mat=ctx.game.exile_mat(ctx.player))
    for q in ctx.other_players():  # Investing in a copy is like gaining one for the others
        invest_draw(ctx, q, name)


def _other_gains_invested(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return ev.player is not owner and ev.card is not None and invested(owner, ev.card.name) > 0


def _invest_gain(ctx: Ctx, ev: Event) -> None:
    invest_draw(ctx, ctx.player, ev.the_card.name)


INVEST_RULE = Trigger("gain", _invest_gain, condition=_other_gains_invested, label="Invest", gives=GIVES_HAND)


def invest_setup(game: Game) -> None:
    game.add_rule(INVEST_RULE)  # judged for every player, like a standing rule


event(
    "Invest",
    4,
    "Exile an Action card from the Supply. While it is in Exile, when another player "
    "gains or Invests in a copy of it, +2 Cards.",
    invest,
    uses=EXILE,
    setup=invest_setup,
    notes="It is not optional and it adds up: 2 Invested copies draw you 4 cards each time. "
    "Discard them from Exile and it stops.",
)


# --- Seize the Day ------------------------------------------------------------------------------
def seize_the_day(ctx: Ctx) -> None:
    ctx.game.extra_turns.append(ctx.player)
    ctx.game.say("extra_turn", ctx.player)


event(
    "Seize the Day",
    4,
    "Once per game: take an extra turn after this one.",
    seize_the_day,
    once_per_game=True,
    notes="The extra turn does not count for the tie-break on turns.",
)


# ================================================================================ cost 5
# --- Commerce -----------------------------------------------------------------------------------
def commerce(ctx: Ctx) -> None:
    names = {c.name for p, c in ctx.game.turn.gained if p is ctx.player}
    if not names:
        return nothing(ctx, "Commerce", "no card gained this turn")
    for _ in range(len(names)):  # counted first, so these Golds do not add to it
        ctx.gain("Gold")


event(
    "Commerce",
    5,
    "Gain a Gold per differently named card you have gained this turn.",
    commerce,
    notes="Count first, then gain: 2 Provinces, a Silver and a Horse make 3 Golds.",
)


# --- Demand -------------------------------------------------------------------------------------
def demand(ctx: Ctx) -> None:
    ctx.gain("Horse", to="deck")
    ctx.gain_from_supply("Gain a card costing up to 4 onto your deck.", lambda d: ctx.cost(d) <= 4, to="deck")


event(
    "Demand",
    5,
    "Gain a Horse and a card costing up to 4 coins, both onto your deck.",
    demand,
    uses=HORSE,
    notes="The Horse goes on first, so the other card ends up on top.",
)


# --- Stampede -----------------------------------------------------------------------------------
def stampede(ctx: Ctx) -> None:
    n = len(ctx.player.in_play)
    if n > 5:
        return nothing(ctx, "Stampede", f"{n} cards in play")
    gain_horses(ctx, 5, to="deck")


event(
    "Stampede",
    5,
    "If you have 5 or fewer cards in play, gain 5 Horses onto your deck.",
    stampede,
    uses=HORSE,
    notes="Only the cards in play now count, not how many you played.",
)


# ================================================================================ cost 7
# --- Reap ---------------------------------------------------------------------------------------
def reap(ctx: Ctx) -> None:
    gold = ctx.gain("Gold", to="set_aside")
    if gold is not None and gold.zone is ctx.player.set_aside:
        ctx.play_next_turn(gold, "Reap: Gold", gives=frozenset())  # a Treasure: coins only


event(
    "Reap",
    7,
    "Gain a Gold, setting it aside. At the start of your next turn, play it.",
    reap,
    notes="Your next turn starts with that Gold in play and 3 coins; you still have an Action phase.",
)


# ================================================================================ cost 8
# --- Enclave ------------------------------------------------------------------------------------
def enclave(ctx: Ctx) -> None:
    ctx.gain("Gold")
    ctx.exile_from_supply("Duchy")


event(
    "Enclave",
    8,
    "Gain a Gold. Exile a Duchy from the Supply.",
    enclave,
    uses=EXILE,
    notes="The Duchy goes straight from its pile to your Exile mat: it is not gained.",
)


# ================================================================================ cost 10
# --- Alliance -----------------------------------------------------------------------------------
def alliance(ctx: Ctx) -> None:
    for name in ("Province", "Duchy", "Estate", "Gold", "Silver", "Copper"):
        ctx.gain(name)


event(
    "Alliance",
    10,
    "Gain a Province, a Duchy, an Estate, a Gold, a Silver and a Copper.",
    alliance,
    notes="In that order, none skipped; an empty pile just gives nothing.",
)


# --- Populate -----------------------------------------------------------------------------------
def populate(ctx: Ctx) -> None:
    names = action_supply(ctx)
    if not names:
        return nothing(ctx, "Populate", "no Action pile has cards")
    for name in ctx.choose_order("Gain one card from each Action Supply pile: in which order?", names):
        ctx.gain(name)


event(
    "Populate",
    10,
    "Gain one card from each Action Supply pile.",
    populate,
    notes="You choose the order of the gains. Horses and Treasures like Stockpile are not gained.",
)


def register(db: CardDB) -> None:
    for d in EVENTS:
        db.add(d)


__all__ = ["EVENTS", "register", "INVESTED"]
