"""The score counted before a move that could end the game: every level but bigmoney never
buys or gains the card that ends the game on its own move while that loses."""

from __future__ import annotations

from typing import Any

from ..core.decisions import TurnAction
from ..core.game import Game


def ends_game(game: Game, name: str) -> bool:
    """Gaining this card now empties a pile that ends the game (the last Province, a third pile)."""
    z = game.supply.get(name)
    if z is None or len(z.cards) != 1:
        return False
    if game.db[name].ends_game:
        return True
    return game.empty_piles() + 1 >= (3 if len(game.players) <= 4 else 4)


def outcome(game: Game, p: Any, name: str) -> str:
    """How the game would end if it ended with this player gaining this card: win, tie or lose."""
    mine = game.score(p) + game.db[name].vp
    left = len(game.supply.get("Province", [])) - (name == "Province")
    reach = 6 if left else 3 if game.supply.get("Duchy") else 1  # what one more turn can add

    def final(o: Any) -> int:  # Fleet: a player with a turn after the end may still buy
        return game.score(o) + (reach if game.modify("final_round", o, False) else 0)

    best = max((final(o) for o in game.players if o is not p), default=-999)
    if mine != best:
        return "win" if mine > best else "lose"
    fewer = min(o.turns_taken for o in game.players if o is not p and final(o) == best)
    return "tie" if p.turns_taken == fewer else "win" if p.turns_taken < fewer else "lose"


LONG_GAME = 60  # turns: past this a game ends on any move, won or lost, rather than stall


def safe(game: Game, p: Any, want: str | None) -> str | None:
    """The card wanted, unless gaining it ends the game with this player losing: then a Duchy
    or an Estate that does not end it, else nothing. A shared win of the last Province stays."""
    if want is None or not ends_game(game, want) or p.turns_taken > LONG_GAME:
        return want
    result = outcome(game, p, want)
    if result == "win" or result == "tie" and len(game.supply.get("Province", [])) <= 1:
        return want
    for other in ("Duchy", "Estate"):
        z = game.supply.get(other)
        if (
            other != want
            and z
            and z.cards
            and game.cost(game.db[other]) <= p.coins
            and not ends_game(game, other)
            and game.why_not(p, TurnAction("buy", other)) is None
        ):
            return other
    return None
