"""`buy X` with Treasures not played yet: play those that need no decision, then buy, when that
pays for X (the `autoplay` preference, at the keyboard only: scenarios type every move)."""

from __future__ import annotations

from .bots import traits
from .core.decisions import Decision, TurnAction
from .core.game import Game
from .interpreter import TURN_VERBS, Interpreter, Result, match_name, reject
from .narration import count


def wanted_buy(game: Game, d: Decision, interp: Interpreter, line: str) -> TurnAction | None:
    """The buy a typed line asks for, when only coins stand in its way."""
    verb, _, rest = line.partition(" ")
    if not rest or match_name(verb.lower(), list(TURN_VERBS))[0] != "buy":
        return None
    act = interp.parse_move("buy", rest.strip(), d)
    if not isinstance(act, TurnAction) or " costs " not in (game.why_not(d.player, act) or ""):
        return None
    return act


def coins_from(game: Game, d: Decision, plays: list[TurnAction]) -> int:
    """What these Treasures make, as their text gives it (the bots' reading of cards); 0 when
    they cannot be played now."""
    if not plays or game.why_not(d.player, plays[0]):
        return 0
    return sum(traits(game.db[a.name or ""]).coins for a in plays)


def after_treasures(
    game: Game, d: Decision, interp: Interpreter, line: str, plays: list[TurnAction]
) -> list[TurnAction]:
    """The moves `buy X` stands for when X is short of coins: `plays` (every Treasure that needs
    no decision), then the buy, if they pay for it; else none. One typed line: one undo step."""
    act = wanted_buy(game, d, interp, line)
    coins = coins_from(game, d, plays) if act else 0
    if not coins or act is None:
        return []
    p = d.player
    p.coins += coins  # asked of the game's own rule: costs that vary, other ways to pay
    try:
        pays = game.why_not(p, act) is None
    finally:
        p.coins -= coins
    return plays + [act] if pays else []


def short_of(game: Game, d: Decision, interp: Interpreter, line: str, plays: list[TurnAction]) -> Result | None:
    """`buy X` that even the Treasures not played yet would not pay for: what they would make."""
    act = wanted_buy(game, d, interp, line)
    if act is None or not plays or game.why_not(d.player, plays[0]) or interp.unplayed_treasures(d) != len(plays):
        return None  # some need a decision: the interpreter's line counts them all
    why = game.why_not(d.player, act) or ""
    total = d.player.coins + coins_from(game, d, plays)
    return reject(f"{why[:-1]}, {total} with the {count(len(plays), 'Treasure')} not played yet.")
