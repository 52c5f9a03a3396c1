"""What a player owns, as the bots count it: the copies of a card in the deck (Exile aside) and
those it played away, mixed into Bot (kept apart so that bot.py stays a file a reader can hold)."""

from __future__ import annotations

from typing import Any

from ..core.game import Game
from .simple import deck_cards
from .traits import traits


class OwnedCounts:
    """The copies a player has of a plan's card, its own trashings remembered."""

    def copies_had(self, game: Game, p: Any, d: Any) -> int:
        """The copies in p's deck (Exile aside: an exiled copy comes home only with the next one
        gained), and for a card that leaves when played (Acting Troupe trashed, Stockpile exiled)
        also those played away: counted as owned, not bought again each time the last was played.
        Of the trash, only the copies p trashed itself (`own_trashed`): another player's are not its."""
        name = d.name  # c.defn.name, not c.name: counted for every focus card a buy (countOf: no faster)
        have = sum(c.defn.name == name for c in deck_cards(p))
        if not traits(d).returns:
            return have
        return have + sum(c.defn.name == name for c in p.exile.cards) + self.own_trashed(game, p, name)

    def own_trashed(self, game: Game, p: Any, name: str) -> int:
        """The cards of this name in the trash that p trashed: the core keeps no owner for a trashed
        card, but a turn lists its trashings by player (this turn and p's last), so the bot keeps its own."""
        memo = self._trashed
        if memo is None or memo[0] is not game or memo[1] != p.index:
            memo = self._trashed = (game, p.index, {})
        seen = memo[2]
        last = game.last_turn.get(p.index)
        for turn in (game.turn, last) if last is not None else (game.turn,):
            for q, c in turn.trashed:
                if q is p:
                    seen[c.id] = c
        return sum(c.defn.name == name and c.zone is game.trash for c in seen.values())

    _trashed: tuple[Any, int, dict[int, Any]] | None = None  # (game, player index, the cards it trashed)
