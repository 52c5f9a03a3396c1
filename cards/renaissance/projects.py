"""Renaissance's 20 Projects: landscapes a player buys a cube onto; each works for its owners.

Start-of-turn Projects are `start_turn` triggers, so the player orders them with Durations and
the rest; end-of-Buy-phase ones listen to `buy_phase_end`. Projects that change rules (Canal,
Capitalism, Citadel, Fleet) are value modifiers the core folds in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dominion_tui.core.dsl import (
    ACTION,
    GIVES_HAND,
    TREASURE,
    VICTORY,
    CardDef,
    Ctx,
    Event,
    discard_revealed,
    mine,
    trash_from_hand,
    types,
)
from dominion_tui.core.model import Card, Condition, Player, Trigger
from dominion_tui.core.registry import CardDB

from .common import SET, one_of_each

if TYPE_CHECKING:  # pragma: no cover
    from dominion_tui.core.game import Game


def project(
    name: str, cost: int, text: str, *, triggers: tuple[Trigger, ...] = (), notes: str = "", **kw: Any
) -> CardDef:
    return CardDef(
        name,
        "project",
        SET,
        f"Project. {text}",
        cost=cost,
        pile_size=None,
        types=types("Project"),
        triggers=triggers,
        notes=notes,
        **kw,
    )


def at_start(
    effect: Callable[[Ctx, Event], object],
    can: Condition | None = None,
    gives: frozenset[str] = frozenset(),
    commutes: bool = False,
) -> Trigger:
    """ "At the start of your turn"; `can`: what the effect needs from the hand, asked when it
    resolves (another start-of-turn effect may draw it first); `commutes`: a plain counter."""
    return Trigger("start_turn", effect, condition=mine, can=can, gives=gives, commutes=commutes)


def has_in_hand(kind: str) -> Condition:
    def can(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
        return any(game.is_(c, kind) for c in owner.hand.cards)

    return can


def gains_own(kind: str) -> Condition:
    """ "When you gain a <kind> card" (any gain, bought or not, on anyone's turn)."""

    def cond(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
        return ev.player is owner and ev.card is not None and game.is_(ev.card, kind)

    return cond


def _hand_not_empty(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return bool(owner.hand.cards)


# --- Cathedral ----------------------------------------------------------------------------------
def _cathedral(ctx: Ctx, ev: Event) -> None:
    trash_from_hand(ctx, "Cathedral: trash a card from your hand.")


CATHEDRAL = project(
    "Cathedral",
    3,
    "At the start of your turn, trash a card from your hand.",
    triggers=(at_start(_cathedral, _hand_not_empty),),
    notes="Not optional: every turn you must trash a card if your hand has one when it "
    "resolves; you may draw first with your other start-of-turn effects.",
)


# --- City Gate ----------------------------------------------------------------------------------
def _city_gate(ctx: Ctx, ev: Event) -> None:
    ctx.cards(1)
    card = ctx.choose_card(ctx.player.hand, "City Gate: put a card from your hand onto your deck.", topic="topdeck")
    if card is not None:
        ctx.put_on_deck(card)


CITY_GATE = project(
    "City Gate",
    3,
    "At the start of your turn, +1 Card, then put a card from your hand onto your deck.",
    triggers=(at_start(_city_gate, gives=GIVES_HAND),),
    notes="You draw first, so the card you put back may be the one you drew.",
)


# --- Pageant ------------------------------------------------------------------------------------
def _pageant_ok(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return owner.coins >= 1


def _pageant(ctx: Ctx, ev: Event) -> None:
    p = ctx.player
    if p.coins >= 1 and ctx.yes_no("Pageant: pay 1 coin for +1 Coffers?"):
        p.coins -= 1
        ctx.game.say("pay", p, n=1, left=p.coins)
        ctx.coffers(1)


PAGEANT = project(
    "Pageant",
    3,
    "At the end of your Buy phase, you may pay 1 coin for +1 Coffers.",
    triggers=(Trigger("buy_phase_end", _pageant, condition=mine, can=_pageant_ok, needs="coins"),),
    notes="Needs 1 coin left unspent; once per turn.",
)


# --- Sewers -------------------------------------------------------------------------------------
def _sewers_ok(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    """Any trash but the one this very ability made (a Sewers' trash starts no other Sewers)."""
    return ev.player is owner and ev.extra.get("via") is not SEWERS_TRASH


def _sewers(ctx: Ctx, ev: Event) -> None:
    card = ctx.choose_card(
        ctx.player.hand, "Sewers: you may trash a card from your hand.", optional=True, topic="trash"
    )
    if card is not None:
        ctx.trash(card)


SEWERS_TRASH = Trigger("trash", _sewers, condition=_sewers_ok, can=_hand_not_empty)
SEWERS = project(
    "Sewers",
    3,
    "When you trash a card other than with Sewers, you may trash a card from your hand.",
    triggers=(SEWERS_TRASH,),
    notes="Works however the first card was trashed; a card Sewers trashes does not start it again.",
)


# --- Star Chart ---------------------------------------------------------------------------------
def _star_chart_ok(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return ev.player is owner and bool(owner.deck.cards)


def _star_chart(ctx: Ctx, ev: Event) -> None:
    p = ctx.player
    card = ctx.choose_card(
        one_of_each(p.deck.cards), "Star Chart: you may pick a card to go on top.", optional=True, topic="topdeck"
    )
    if card is not None:
        ctx.game.put_on_deck(p, card)


STAR_CHART = project(
    "Star Chart",
    3,
    "When you shuffle, you may pick one of the cards to go on top.",
    triggers=(Trigger("shuffle", _star_chart, condition=_star_chart_ok),),
    notes="You pick from the cards being shuffled; the rest are shuffled beneath it.",
)


# --- Exploration --------------------------------------------------------------------------------
def _exploration_ok(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return ev.player is owner and not game.gained_this_buy_phase(owner)


def _exploration(ctx: Ctx, ev: Event) -> None:
    ctx.coffers(1)
    ctx.villagers(1)


EXPLORATION = project(
    "Exploration",
    4,
    "At the end of your Buy phase, if you didn't gain any cards during that phase, +1 Coffers and +1 Villager.",
    triggers=(Trigger("buy_phase_end", _exploration, condition=_exploration_ok),),
    notes="Buying an Event or a Project gains no card, so it still pays.",
)


# --- Fair ---------------------------------------------------------------------------------------
FAIR = project(
    "Fair", 4, "At the start of your turn, +1 Buy.", triggers=(at_start(lambda ctx, ev: ctx.buys(1), commutes=True),)
)


# --- Silos --------------------------------------------------------------------------------------
def _silos(ctx: Ctx, ev: Event) -> None:
    coppers = [c for c in ctx.player.hand.cards if c.name == "Copper"]
    picked = discard_revealed(ctx, coppers, "Silos: discard any number of Coppers, then draw as many.")
    ctx.cards(len(picked))


def _has_copper(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return owner.hand.count("Copper") > 0


SILOS = project(
    "Silos",
    4,
    "At the start of your turn, discard any number of Coppers, revealed, and draw that many cards.",
    triggers=(at_start(_silos, _has_copper, GIVES_HAND),),
    notes="Discard first, then draw: a reshuffle can bring the Coppers back.",
)


# --- Sinister Plot ------------------------------------------------------------------------------
PLOT = "plot"  # the key of a player's Sinister Plot tokens


def _sinister_plot(ctx: Ctx, ev: Event) -> None:
    p = ctx.player
    have = p.tokens.get(PLOT, 0)
    mode = ctx.choose_mode(f"Sinister Plot: add a token, or draw {have} for your {have} tokens?", ["add", "draw"])
    if mode == "add":
        p.tokens[PLOT] = have + 1
        ctx.game.say("tokens", p, on="Sinister Plot", n=have + 1)
        return
    p.tokens[PLOT] = 0
    ctx.game.say("tokens", p, on="Sinister Plot", n=0)
    if have == 0:  # what did not happen is said: the draw the player chose
        ctx.game.say("not_done", p, what="draws nothing", why="there were no tokens")
    ctx.cards(have)


SINISTER_PLOT = project(
    "Sinister Plot",
    4,
    "At the start of your turn, either add a token here, or remove all your tokens here for +1 Card each.",
    triggers=(at_start(_sinister_plot, gives=GIVES_HAND),),
    notes="Each player keeps their own tokens; everyone can hear how many.",
)


# --- Academy ------------------------------------------------------------------------------------
ACADEMY = project(
    "Academy",
    5,
    "When you gain an Action card, +1 Villager.",
    triggers=(Trigger("gain", lambda ctx, ev: ctx.villagers(1), condition=gains_own(ACTION), commutes=True),),
)


# --- Capitalism ---------------------------------------------------------------------------------
def _capitalism(game: Game, p: Player, value: frozenset[str], card: CardDef | None = None, **kw: Any) -> frozenset[str]:
    if card is not None and card.coin_text and ACTION in value:
        return value | {TREASURE}
    return value


CAPITALISM = project(
    "Capitalism",
    5,
    "During your turns, Action cards with a +coins amount in their text are also Treasures.",
    modifiers={"types": _capitalism},
    notes="Such cards can be played in your Buy phase without using an Action.",
)


# --- Fleet --------------------------------------------------------------------------------------
FLEET = project(
    "Fleet",
    5,
    "After the game ends, there is an extra round of turns just for players with this.",
    modifiers={"final_round": lambda game, p, value, **kw: True},
    notes="The extra round starts with the player after the one who ended the game; "
    "the game stays over whatever happens in it.",
)


# --- Guildhall ----------------------------------------------------------------------------------
GUILDHALL = project(
    "Guildhall",
    5,
    "When you gain a Treasure, +1 Coffers.",
    triggers=(Trigger("gain", lambda ctx, ev: ctx.coffers(1), condition=gains_own(TREASURE), commutes=True),),
)


# --- Piazza -------------------------------------------------------------------------------------
def _piazza(ctx: Ctx, ev: Event) -> None:
    for card in ctx.reveal_top(1):
        if ctx.is_(card, ACTION):
            ctx.game.play(ctx.player, card)
        else:
            ctx.put_on_deck(card)


PIAZZA = project(
    "Piazza",
    5,
    "At the start of your turn, reveal the top card of your deck. If it's an Action, play it.",
    triggers=(at_start(_piazza, gives=GIVES_HAND),),
    notes="Not optional; a card that is not an Action stays on top of your deck.",
)


# --- Road Network -------------------------------------------------------------------------------
def _road_ok(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return ev.player is not owner and ev.card is not None and game.is_(ev.card, VICTORY)


ROAD_NETWORK = project(
    "Road Network",
    5,
    "When another player gains a Victory card, +1 Card.",
    triggers=(Trigger("gain", lambda ctx, ev: ctx.cards(1), condition=_road_ok, gives=GIVES_HAND),),
    notes="Any gain by another player counts, even during your own turn.",
)


# --- Crop Rotation ------------------------------------------------------------------------------
def _crop_rotation(ctx: Ctx, ev: Event) -> None:
    hand = ctx.player.hand.cards
    victories = [c for c in hand if ctx.is_(c, VICTORY)]
    card = ctx.choose_card(
        victories, "Crop Rotation: you may discard a Victory card for +2 Cards.", optional=True, topic="discard"
    )
    if card is not None:
        ctx.discard(card)
        ctx.cards(2)


CROP_ROTATION = project(
    "Crop Rotation",
    6,
    "At the start of your turn, you may discard a Victory card for +2 Cards.",
    triggers=(at_start(_crop_rotation, has_in_hand(VICTORY), GIVES_HAND),),
    notes="A reshuffle while drawing includes the discarded card.",
)


# --- Innovation ---------------------------------------------------------------------------------
def _innovation_ok(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    return ev.player is owner and game.current is owner and ev.card is not None and game.is_(ev.card, ACTION)


def _innovation(ctx: Ctx, ev: Event) -> None:
    if ev.card_still_there():
        ctx.game.play(ctx.player, ev.the_card)


def _innovation_q(game: Game, ev: Event, owner: Player, card: Card | None) -> str:
    return f"Play {ev.the_card.name} with Innovation?"


INNOVATION = project(
    "Innovation",
    6,
    "Once during each of your turns, when you gain an Action card, you may play it.",
    triggers=(
        Trigger(
            "gain",
            _innovation,
            condition=_innovation_ok,
            optional=True,
            once_per_turn=True,
            question=_innovation_q,
            gives=GIVES_HAND,
        ),
    ),
    notes="Any one Action gain in your turn, bought or not, even in the Buy phase.",
)


# --- Canal --------------------------------------------------------------------------------------
CANAL = project(
    "Canal",
    7,
    "During your turns, cards cost 1 coin less, but not less than 0.",
    modifiers={"cost": lambda game, p, value, **kw: value - 1},
    notes="Every card everywhere, during your turns only.",
)


# --- Barracks -----------------------------------------------------------------------------------
BARRACKS = project(
    "Barracks",
    6,
    "At the start of your turn, +1 Action.",
    triggers=(at_start(lambda ctx, ev: ctx.actions(1)),),
    notes="Buying it is not gaining a card; its Action comes from your next turn on.",
)


# --- Citadel ------------------------------------------------------------------------------------
def _citadel(game: Game, p: Player, value: int, card: Card | None = None, **kw: Any) -> int:
    """The first Action you play in each of your turns is played once more: another player's
    reaction played on your turn is their play, not yours."""
    if game.current is not p or card is None or ACTION not in game.types_of(card):
        return value
    mine = game.played_by(p)
    firsts = [c for c in mine if ACTION in game.types_of(c)]
    return value + 1 if firsts and firsts[0] is card and mine.count(card) == 1 else value


CITADEL = project(
    "Citadel",
    8,
    "The first time you play an Action card during each of your turns, replay it afterwards.",
    modifiers={"replays": _citadel},
    notes="Not optional, in the Buy phase too; a Duration replayed does its next-turn part twice.",
)

PROJECTS = (
    CATHEDRAL,
    CITY_GATE,
    PAGEANT,
    SEWERS,
    STAR_CHART,
    EXPLORATION,
    FAIR,
    SILOS,
    SINISTER_PLOT,
    ACADEMY,
    CAPITALISM,
    FLEET,
    GUILDHALL,
    PIAZZA,
    ROAD_NETWORK,
    BARRACKS,
    CROP_ROTATION,
    INNOVATION,
    CANAL,
    CITADEL,
)


def register(db: CardDB) -> None:
    for d in PROJECTS:
        db.add(d)
