"""Computer players. They answer through the same decision interface as people."""
from __future__ import annotations

import random
from typing import Any

from .core.decisions import Decision, TurnAction
from .core.game import Game


class RandomPlayer:
    """Picks random legal answers; leans towards playing and buying so that games end."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def reseed(self, game: Game) -> None:
        # Seeded by the game's position, so a resumed game goes on exactly as it would have.
        self.rng.seed(f"{self.seed}:{len(game.answers)}")

    def decide(self, game: Game, d: Decision) -> Any:
        self.reseed(game)
        if d.kind == "turn":
            acts = game.legal_actions(d.player)
            plays = [a for a in acts if a.verb == "play"]
            buys = [a for a in acts if a.verb == "buy"]
            r = self.rng.random()
            if plays and r < 0.7:
                return self.rng.choice(plays)
            if buys and r < 0.9:
                return self.rng.choice(buys)
            return self.rng.choice(acts)
        if d.kind == "yesno":
            return [self.rng.randrange(2)]
        k = self.rng.randint(d.min, min(d.max, len(d.options)))
        return sorted(self.rng.sample(range(len(d.options)), k))


JUNK = ("Curse", "Estate", "Copper")


class SimplePlayer(RandomPlayer):
    """A modest opponent: plays its Actions and Treasures, buys money and Provinces by the
    usual "Big Money" rule, an Action now and then, and Duchies late in the game."""

    def decide(self, game: Game, d: Decision) -> Any:
        self.reseed(game)
        if d.kind != "turn":
            return self.answer(game, d)
        p = d.player
        acts = game.legal_actions(p)
        plays = [a for a in acts if a.verb == "play"]
        by_name = {c.name: c for c in p.hand.cards}
        actions = [a for a in plays if by_name[a.name].is_("Action") and game.phase == "action"]
        if actions:
            return self.rng.choice(actions)
        treasures = [a for a in plays if by_name[a.name].is_("Treasure")]
        if treasures:
            return treasures[0]
        want = self.purchase(game, p)
        if want and TurnAction("buy", want) in acts:
            return TurnAction("buy", want)
        return TurnAction("end")

    def purchase(self, game: Game, p: Any) -> str | None:
        coins, provinces = p.coins, len(game.supply.get("Province", []))
        if coins >= 8:
            return "Province"
        if coins >= 6:
            return "Duchy" if provinces <= 4 else "Gold"
        if coins >= 5 and provinces <= 4:
            return "Duchy"
        if coins >= 2 and provinces <= 2:
            return "Estate"
        owned = p.all_cards()
        if coins >= 3 and sum(c.is_("Action") for c in owned) * 5 < len(owned):
            options = [n for n, z in game.supply.items() if z.cards and game.db[n].is_("Action")
                       and coins - 2 <= game.cost(game.db[n]) <= coins]
            if options:
                return self.rng.choice(sorted(options))
        return "Silver" if coins >= 3 else None

    def answer(self, game: Game, d: Decision) -> Any:
        if d.kind == "yesno":
            return [0]
        if d.topic in ("trash", "gain", "order", "discard") and d.kind == "cards":
            return self.card_choice(game, d)
        if d.topic == "gain" and d.kind == "option" and d.min >= 1:  # a Supply card by name
            return [self.best(game, [game.db[o.label] for o in d.options])]
        if d.topic == "way":
            return [0]  # "normal": the card's own text
        if d.topic == "react" or d.may_decline:
            return [0] if d.options else []
        if d.topic == "exile":  # away with the weakest card
            rank = [JUNK.index(o.label) if o.label in JUNK else len(JUNK) for o in d.options]
            return [rank.index(min(rank))]
        k = max(d.min, 1)
        return sorted(self.rng.sample(range(len(d.options)), min(k, len(d.options))))

    # ---- card choices (Renaissance): junk away first, the best card kept or gained
    def worth(self, game: Game, d: Any) -> float:
        """How much a card is wanted now: cost, Victory cards only late, Curses never."""
        if d.name == "Curse":
            return -2
        provinces = len(game.supply.get("Province", []))
        if d.is_("Victory") and not d.is_("Action") and not d.is_("Treasure") and provinces > 4:
            return -1 if d.name == "Estate" else 0.5
        return game.cost(d) + (0.5 if d.is_("Treasure") else 0)

    def best(self, game: Game, defs: list[Any]) -> int:
        ws = [self.worth(game, d) for d in defs]
        return ws.index(max(ws))

    def card_choice(self, game: Game, d: Decision) -> list[int]:
        labels = [o.label for o in d.options]
        if d.topic == "order":  # the best card ends on top: named first
            return sorted(range(len(labels)), key=lambda i: -self.worth(game, game.db[labels[i]]))
        if d.topic == "gain":
            return [self.best(game, [game.db[n] for n in labels])]
        junk = [i for i, n in enumerate(labels) if n in JUNK]
        if d.topic == "trash" and d.may_decline:
            if game.phase == "cleanup":  # Improve
                return self.improve(game, d)
            return [junk[0]] if junk else []
        if junk:  # mandatory trash or discard: the weakest first
            return [min(junk, key=lambda i: JUNK.index(labels[i]))]
        ws = [self.worth(game, game.db[n]) for n in labels]
        return [ws.index(min(ws))]

    def improve(self, game: Game, d: Decision) -> list[int]:
        """Trash a card in play only for a card costing 1 more that is wanted more."""
        for i, o in enumerate(d.options):
            cost = game.cost(game.db[o.label]) + 1
            ups = [game.db[n] for n, z in game.supply.items() if z.cards and game.cost(game.db[n]) == cost]
            if ups and max(self.worth(game, u) for u in ups) > self.worth(game, game.db[o.label]):
                return [i]
        return []
