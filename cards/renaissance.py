"""Renaissance: Coffers, Villagers, Artifacts and Projects."""
from dominion_tui.core.dsl import ACTION, REACTION, CardDef, Ctx, Event, plus, types
from dominion_tui.core.model import Trigger
from dominion_tui.core.registry import CardDB

SET = "Renaissance"


def kingdom(name: str, cost: int, kinds: tuple[str, ...], text: str, play, **kw) -> CardDef:
    return CardDef(name, "kingdom", SET, text, cost=cost, types=types(*kinds), play=play, **kw)


def _mine(game, ev: Event, owner, card) -> bool:
    return ev.player is owner


# --- Silk Merchant: a bonus when gained or trashed, to whoever gained or trashed it -----------
def _silk_bonus(ctx: Ctx, ev: Event) -> None:
    plus(coffers=1, villagers=1)(ctx)


# --- Patron: revealed during an Action phase ---------------------------------------------------
def _revealed_in_action_phase(game, ev: Event, owner, card) -> bool:
    return ev.player is owner and game.phase == "action"


# --- Border Guard, Lantern and Horn ------------------------------------------------------------
def border_guard(ctx: Ctx) -> None:
    ctx.actions(1)
    n = 3 if ctx.has("Lantern") else 2
    shown = ctx.reveal_top(n)
    if not shown:
        return
    keep = ctx.choose_card(shown, "Put which revealed card into your hand?")
    ctx.put_in_hand(keep)
    for c in shown:
        if c is not keep and c.zone is ctx.player.revealed:
            ctx.discard(c)
    if len(shown) == n and all(c.is_(ACTION) for c in shown):
        ctx.take(ctx.choose_mode("Take the Lantern or the Horn?", ["Lantern", "Horn"]))


def _border_guard_leaves_play(game, ev: Event, owner, card) -> bool:
    return (ev.player is owner and ev.src is owner.in_play and ev.card.name == "Border Guard"
            and ev.card_still_there())


def _horn(ctx: Ctx, ev: Event) -> None:
    ctx.put_on_deck(ev.card)


def register(db: CardDB) -> None:
    silk = Trigger("gain", _silk_bonus, where="self", condition=_mine)
    db.add(kingdom("Silk Merchant", 4, (ACTION,), "+2 Cards. +1 Buy. When you gain or trash this, "
                   "+1 Coffers and +1 Villager.", plus(cards=2, buys=1),
                   triggers=(silk, Trigger("trash", _silk_bonus, where="self", condition=_mine)),
                   uses=frozenset({"Coffers", "Villagers"})))
    db.add(kingdom("Patron", 4, (ACTION, REACTION), "+1 Villager. +2 coins. When something makes you "
                   "reveal this during an Action phase, +1 Coffers.", plus(villagers=1, coins=2),
                   triggers=(Trigger("reveal", lambda ctx, ev: ctx.coffers(1), where="self",
                                     condition=_revealed_in_action_phase),),
                   uses=frozenset({"Coffers", "Villagers"})))
    db.add(kingdom("Border Guard", 2, (ACTION,), "+1 Action. Reveal the top 2 cards of your deck. "
                   "Put one into your hand and discard the other. If both were Actions, take the "
                   "Lantern or the Horn.", border_guard, uses=frozenset({"Lantern", "Horn"})))
    db.add(CardDef("Lantern", "artifact", SET, "Artifact. Border Guards you play reveal 3 cards and "
                   "discard 2; it takes all 3 being Actions to take the Horn.", pile_size=None,
                   types=types("Artifact")))
    db.add(CardDef("Horn", "artifact", SET, "Artifact. Once per turn, when you discard a Border Guard "
                   "from play, you may put it onto your deck.", pile_size=None, types=types("Artifact"),
                   triggers=(Trigger("discard", _horn, condition=_border_guard_leaves_play,
                                     optional=True, once_per_turn=True,
                                     question=lambda g, ev, p, c: f"Put {ev.card.name} onto your deck "
                                     "with the Horn?"),)))
    db.add(CardDef("Barracks", "project", SET, "Project. At the start of your turn, +1 Action.",
                   cost=6, pile_size=None, types=types("Project"),
                   triggers=(Trigger("start_turn", lambda ctx, ev: ctx.actions(1), condition=_mine),)))
