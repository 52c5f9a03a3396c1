"""Small building blocks for card definitions: vanilla bonuses, Treasures, Victory cards,
"now or next turn" choices and reactions that play the card from hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .context import Ctx
from .events import Event
from .model import (
    ACTION,
    ATTACK,
    CURSE,
    DURATION,
    REACTION,
    TREASURE,
    VICTORY,
    Card,
    CardDef,
    Condition,
    Player,
    Trigger,
)

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

Effect = Callable[[Ctx], None]


def plus(
    cards: int = 0, actions: int = 0, buys: int = 0, coins: int = 0, coffers: int = 0, villagers: int = 0
) -> Effect:
    """The usual "+N" lines, in printed order."""
    amounts = [
        (what, n)
        for what, n in [
            ("cards", cards),
            ("actions", actions),
            ("buys", buys),
            ("coins", coins),
            ("coffers", coffers),
            ("villagers", villagers),
        ]
        if n
    ]

    def effect(ctx: Ctx) -> None:
        for what, n in amounts:
            getattr(ctx, what)(n)

    return effect


def seq(*effects: Effect) -> Effect:
    def effect(ctx: Ctx) -> None:
        for e in effects:
            e(ctx)

    return effect


def now_or_next(effect: Effect) -> Effect:
    """ "Either now or at the start of your next turn": a Duration only when "next" is chosen."""

    def choose(ctx: Ctx) -> None:
        what = f"{ctx.card.name} now" if ctx.card is not None else "Now"  # brief drops the play echo
        if ctx.choose_mode(f"{what}, or at the start of your next turn?", ["now", "next"]) == "now":
            effect(ctx)
        else:
            ctx.next_turn(effect)

    return choose


def play_from_hand(ctx: Ctx, ev: Event) -> None:
    """A reaction's "you may play this from your hand"."""
    if ctx.card is not None and ctx.card.zone is ctx.player.hand:
        ctx.play(ctx.card)


GIVES_HAND = frozenset({"hand"})  # Trigger.gives of an effect that may put cards into the hand


def mine(game: Game, ev: Event, owner: Player, card: Card | None) -> bool:
    """The usual trigger condition: the event is the owner's own ("when you gain this", "at the
    start of your turn", "when you play a card")."""
    return ev.player is owner


def trash_from_hand(ctx: Ctx, prompt: str, optional: bool = False) -> Card | None:
    """ "Trash a card from your hand" (nothing when the hand is empty); `optional` for "you may"."""
    card = ctx.choose_card(ctx.player.hand, prompt, optional=optional, topic="trash")
    if card is not None:
        ctx.trash(card)
    return card


def exile_from_hand(ctx: Ctx, prompt: str, optional: bool = False) -> Card | None:
    card = ctx.choose_card(ctx.player.hand, prompt, optional=optional, topic="exile")
    if card is not None:
        ctx.exile(card)
    return card


def discard_revealed(ctx: Ctx, cards: list[Card], prompt: str) -> list[Card]:
    """ "You may discard any number of these cards, revealing them": the ones discarded."""
    picked = ctx.choose_cards(cards, prompt, min=0, max=len(cards), topic="discard") if cards else []
    if picked:
        ctx.reveal(picked)
        ctx.discard_all(c for c in picked if c.zone is ctx.player.hand)  # one instruction: together
    return picked


def types(*names: str) -> frozenset[str]:
    return frozenset(names)


def treasure(
    name: str,
    cost: int,
    coins: int,
    set: str = "Basic",
    kind: str = "basic",
    text: str | None = None,
    extra: Effect | None = None,
    **kw: Any,
) -> CardDef:
    base = plus(coins=coins)
    return CardDef(
        name,
        kind,
        set,
        text or f"Treasure. {coins} coin{'s' if coins != 1 else ''}.",
        cost=cost,
        types=types(TREASURE),
        play=seq(base, extra) if extra else base,
        **kw,
    )


def victory(name: str, cost: int, vp: int, text: str | None = None, **kw: Any) -> CardDef:
    kind = CURSE if vp < 0 else VICTORY
    return CardDef(
        name,
        "basic",
        "Basic",
        text or f"Worth {vp} victory point{'s' if abs(vp) != 1 else ''}.",
        cost=cost,
        types=types(kind),
        vp=vp,
        **kw,
    )


def _play_from_hand_question(game: Game, ev: Event, owner: Player, card: Card | None) -> str:
    return f"Play {card.name if card else 'it'} from your hand?"


def reaction_trigger(on: str, condition: Condition, label: str | None = None) -> Trigger:
    """A card in hand that may be played in response to an event."""
    return Trigger(
        on,
        play_from_hand,
        where="hand",
        condition=condition,
        optional=True,
        label=label,
        question=_play_from_hand_question,
        gives=GIVES_HAND,
    )


__all__ = [
    "plus",
    "seq",
    "now_or_next",
    "play_from_hand",
    "types",
    "treasure",
    "victory",
    "reaction_trigger",
    "mine",
    "GIVES_HAND",
    "trash_from_hand",
    "exile_from_hand",
    "discard_revealed",
    "ACTION",
    "ATTACK",
    "TREASURE",
    "VICTORY",
    "CURSE",
    "REACTION",
    "DURATION",
    "Card",
    "CardDef",
    "Condition",
    "Player",
    "Trigger",
    "Ctx",
    "Event",
]
