"""Menagerie's Events and Ways."""
from __future__ import annotations

from dominion_tui.core.dsl import ACTION, DURATION, CardDef, Ctx, plus, types
from dominion_tui.core.game import SetupError
from dominion_tui.core.registry import CardDB

from .common import HORSE, SET

MOUSE = "Way of the Mouse"


# --- Ride ---------------------------------------------------------------------------------------
RIDE = CardDef("Ride", "event", SET, "Event. Gain a Horse.", cost=2, pile_size=None, types=types("Event"),
               play=lambda ctx: ctx.gain("Horse"), uses=HORSE)


# --- Way of the Ox ------------------------------------------------------------------------------
OX = CardDef("Way of the Ox", "way", SET, "Way. Instead of an Action's own instructions: +2 Actions.",
             types=types("Way"), play=plus(actions=2), pile_size=None)


# --- Way of the Mouse ---------------------------------------------------------------------------
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


MOUSE_WAY = CardDef(MOUSE, "way", SET, "Way. Instead of an Action's own instructions: play the set-aside "
                    "card, leaving it there. Setup: set aside an unused non-Duration Action costing 2 "
                    "or 3 coins.", types=types("Way"), play=mouse_play, pile_size=None, setup=mouse_setup)


def register(db: CardDB) -> None:
    for d in (RIDE, OX, MOUSE_WAY):
        db.add(d)
