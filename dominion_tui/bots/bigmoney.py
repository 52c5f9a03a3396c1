"""`bigmoney`: the well-known baseline, Big Money Ultimate's money rules and no kingdom cards."""

from __future__ import annotations

from typing import Any

from ..core.decisions import Decision, TurnAction
from ..core.game import Game
from .simple import SimplePlayer


class BigMoneyPlayer(SimplePlayer):
    """Big Money Ultimate's money rules with no kingdom cards: the well-known baseline."""

    level = "bigmoney"

    def decide(self, game: Game, d: Decision) -> Any:
        if d.kind != "turn":
            return self.answer(game, d)
        p = d.player
        acts = game.legal_actions(p)
        treasures = [a for a in acts if a.verb == "play" and game.db[a.name or ""].is_("Treasure")]
        if treasures:
            return treasures[0]
        if game.phase == "buy" and not game.turn.bought_in_phase and p.buys:
            want = self.instead_of_empty(game, p, self.money(game, p)) or ("Copper" if self.thinned(game, p) else None)
            if want and TurnAction("buy", want) in acts:
                return TurnAction("buy", want)
        return TurnAction("end")

    @staticmethod
    def money(game: Game, p: Any) -> str | None:
        coins, provinces = p.coins, len(game.supply.get("Province", []))
        if coins >= 8:
            return "Province"
        if coins >= 6:
            return "Duchy" if provinces <= 4 else "Gold"
        if coins >= 5 and provinces <= 5:
            return "Duchy"
        if coins >= 3:
            return "Estate" if provinces <= 2 else "Silver"
        return "Estate" if coins >= 2 and provinces <= 3 else None
