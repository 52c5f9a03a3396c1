"""The levelled bots' buying with a plan's own cards ("Big Money + X", expert's plans of one to
three cards): X up to its count, a Gold first where that pays, money and the cheap buys beside."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..core.decisions import TurnAction
from ..core.game import Game
from . import tuning
from .deckmodel import village_early
from .plans import Plan
from .simple import price_cut
from .traits import is_terminal, traits

# "When you gain this, take the Flag" (Flag Bearer): compiled once, read at every focus buy
_TAKES = re.compile(r"When you gain (?:or trash )?this, take the (\w+)")


class FocusBuyer:
    """Mixed into Bot, first: the plan's cards bought beside money."""

    plan: Plan
    # Bot's and its other mixins', declared only: a method here would come first in Bot's order
    copies_had: Callable[[Game, Any, Any], int]
    landscape_purchase: Callable[..., str | None]
    better_silver: Callable[[Game, Any, int], str | None]
    best_kingdom: Callable[[Game, Any, int], tuple[str | None, float]]
    way_floor: Callable[[Game], float]

    def focus(self, game: Game) -> list[tuple[str, int]] | None:
        """The cards this player's plan collects beside money and their counts (expert: its own)."""
        return self.tuned_focus(game)

    def tuned_focus(self, game: Game) -> list[tuple[str, int]] | None:
        """The kingdom's best tuned "Big Money + X" cards and their counts, when good enough."""
        memo = self._tuned  # worked out once a game and plan: asked by nearly every purchase
        if memo is None or memo[0] is not game or memo[1] is not self.plan:
            rated = sorted(((tuning.TUNED[n][1], n) for n in game.config.kingdom if n in tuning.TUNED), reverse=True)
            cards = [(n, tuning.TUNED[n][0]) for r, n in rated[: self.plan.focus_cards] if r >= self.plan.focus_min]
            memo = self._tuned = (game, self.plan, cards or None)
        return list(memo[2]) if memo[2] else None

    _tuned: tuple[Any, Plan, list[tuple[str, int]] | None] | None = None  # (game, plan, tuned_focus)

    def focus_purchase(self, game: Game, p: Any, cards: list[tuple[str, int]]) -> str | None:
        """Big Money with X: X up to its count, a Gold first at 6 coins before a copy costing up to
        Plan.gold_first when one is owned or it is not the plan's best rated card (gold_before_second),
        and, unless Plan.gold_before_cantrip, the copy is terminal or no Action (a Coven never collides).
        No other Kingdom card: the best by `best_kingdom` instead of Silver or Gold before the Duchies,
        when over the usual bar, lost 40.4% +- 3.1 of 1,000 random kingdoms (44.6% +- 2.4 with Actions
        that leave an Action only; by a margin of 1 more, 47.1% and 47.8%; of 2, 49.6% +- 0.5)."""
        coins, main = p.coins, max(cards, key=lambda c: tuning.TUNED.get(c[0], (0, 0.0))[1])[0]
        level = coins + price_cut(game)
        for name, count in cards:
            d = game.db[name]
            have = self.copies_had(game, p, d)
            cantrip = not self.plan.gold_before_cantrip and d.is_("Action") and not is_terminal(traits(d), d)
            later = not cantrip and (have or name != main and self.plan.gold_before_second)  # a Gold first
            m = _TAKES.search(d.text)
            if m and game.artifacts.get(m.group(1)) not in (None, p):
                count = min(have + 1, count + 2)  # Flag Bearer: another copy takes the Flag back
            if (
                have < count
                and game.supply[name].cards
                and game.cost(d) <= coins
                and not (level >= 6 and game.cost(d) <= self.plan.gold_first and later)
                and (name == main or not village_early(p, d))
                and game.why_not(p, TurnAction("buy", name)) is None
            ):
                return name
        if self.plan.focus_landscapes:
            landscape = self.landscape_purchase(game, p)
            if landscape:
                return landscape
        if level >= 6:
            return "Gold"
        if level >= 3:
            return self.better_silver(game, p, coins) or "Silver"
        return self.way_action(game, p, coins) or self.cheap_card(game, p, coins)

    def cheap_card(self, game: Game, p: Any, coins: int) -> str | None:
        """With 2 coins and X in: the kingdom's best cheap card when worth a Silver's 2, as without
        a focus (a Sleigh's Horses), not in the Duchy dance. Sleigh was then used in a fifth of 400
        forced games instead of 1 in 130, and hard so won 50% of 1600 random kingdoms against hard."""
        if len(game.supply.get("Province", [])) <= self.plan.duchy_at:
            return None
        best, best_v = self.best_kingdom(game, p, coins)
        return best if best and best_v >= 2.0 else None

    def way_action(self, game: Game, p: Any, coins: int) -> str | None:
        """With 2 coins that buy nothing else: a cheap Action, when a Way makes any Action worth
        most of a Silver (Sheep's +2 coins, Otter's +2 Cards), before the Duchies."""
        if coins < 2 or self.way_floor(game) < 1.5 or len(game.supply.get("Province", [])) <= self.plan.duchy_at:
            return None
        best, _ = self.best_kingdom(game, p, coins)
        return best if best and game.db[best].is_("Action") else None
