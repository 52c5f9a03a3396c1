"""Making a game: the card database, kingdom checks, and the first turn."""
from __future__ import annotations

from typing import Any

import cards

from .core.game import Config, Game, SetupError
from .core.registry import CardDB


def database() -> CardDB:
    return cards.load()


def check_config(config: Config, db: CardDB) -> None:
    if not 1 <= len(config.players) <= 6:
        raise SetupError("A game needs 1 to 6 players.")
    if len(set(config.players)) != len(config.players):
        raise SetupError("Each player needs a different name.")
    for name in config.kingdom:
        d = db.defs.get(name)
        if d is None or d.kind != "kingdom":
            raise SetupError(f"{name} is not a Kingdom card we have.")
    for name in config.landscapes:
        d = db.defs.get(name)
        if d is None or d.kind not in ("event", "way", "project"):
            raise SetupError(f"{name} is not an Event, Way or Project we have.")


def new_game(config: Config, deciders: dict[int, Any] | None = None, deal: bool = True,
             listeners: list | None = None) -> Game:
    db = database()
    check_config(config, db)
    game = Game(db, config, deciders)
    game.listeners.extend(listeners or [])
    game.setup(deal=deal)
    game.begin_turn(game.players[0])
    return game
