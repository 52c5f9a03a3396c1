"""Making a game: the card database, kingdom checks, and the first turn."""

from __future__ import annotations

from typing import Any

import cards

from .core.game import Config, Game, SetupError
from .core.registry import CardDB

MAX_NAME = 40
MAX_SEED = 10**19 - 1  # a seed is typed and announced: keep it short


def database() -> CardDB:
    return cards.load()


def check_config(config: Config, db: CardDB) -> None:
    if not 1 <= len(config.players) <= 6:
        raise SetupError("A game needs 1 to 6 players.")
    if len(set(config.players)) != len(config.players):
        raise SetupError("Each player needs a different name.")
    for name in config.players:  # names are printed and spoken: no control characters, no essays
        if not name.strip() or not name.isprintable() or len(name) > MAX_NAME:
            raise SetupError(f"A player name must be 1 to {MAX_NAME} printable characters.")
    if not -MAX_SEED <= config.seed <= MAX_SEED:
        raise SetupError("The seed must be a number of at most 19 digits.")
    for what, names in (("Kingdom card", config.kingdom), ("landscape", config.landscapes)):
        twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
        if twice is not None:
            raise SetupError(f"The {what} {twice} is named twice.")
    for name in config.kingdom:
        d = db.defs.get(name)
        if d is None or d.kind != "kingdom":
            raise SetupError(f"{name} is not a Kingdom card we have.")
    for name in config.landscapes:
        d = db.defs.get(name)
        if d is None or d.kind not in ("event", "way", "project"):
            raise SetupError(f"{name} is not an Event, Way or Project we have.")


def new_game(
    config: Config, deciders: dict[int, Any] | None = None, deal: bool = True, listeners: list | None = None
) -> Game:
    db = database()
    check_config(config, db)
    game = Game(db, config, deciders)
    game.listeners.extend(listeners or [])
    game.setup(deal=deal)
    game.begin_turn(game.players[0])
    return game
